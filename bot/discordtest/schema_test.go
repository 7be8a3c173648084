package discordtest

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// answer is a decoded REST answer of the fake.
type answer struct {
	status int
	header http.Header
	Code   int            `json:"code"`
	Errors map[string]any `json:"errors"`
	// Rate limits.
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     *bool   `json:"global"`
}

// rawCall sends a request with the bot's token and a body exactly as given.
func rawCall(t testing.TB, fake *Server, method, path, contentType string, body []byte) answer {
	t.Helper()
	req, err := http.NewRequest(method, fake.URL()+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+fake.Token())
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode, header: resp.Header}
	json.NewDecoder(resp.Body).Decode(&a)
	return a
}

// multipartBody is a discordgo-style upload: payload_json and one file.
func multipartBody(t testing.TB, payload string) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("payload_json", payload); err != nil {
		t.Fatal(err)
	}
	fw, err := mw.CreateFormFile("files[0]", "board.png")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte("not really a png"))
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

// errorCodes returns the codes of the form errors at a dotted path ("" is
// the body itself).
func errorCodes(errs map[string]any, path string) []string {
	node := errs
	if path != "" {
		for _, key := range strings.Split(path, ".") {
			next, ok := node[key].(map[string]any)
			if !ok {
				return nil
			}
			node = next
		}
	}
	list, _ := node["_errors"].([]any)
	var out []string
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m["code"].(string))
		}
	}
	return out
}

func TestBodiesFollowTheDescription(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	app := fake.AppID()
	const jsonType = "application/json"
	uploadType, upload := multipartBody(t, `{"content": "board", "attachments": [{"id": "0", "filename": ""}]}`)
	integerIDType, integerID := multipartBody(t, `{"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}`)
	tests := []struct {
		name, method, path string
		contentType        string
		body               string
		at, code           string // where the description refuses it and why; "" if the fake accepts it
	}{
		{"DM with a numeric recipient", "POST", "/users/@me/channels", jsonType, `{"recipient_id": 5}`, "recipient_id", "BASE_TYPE_STRING"},
		{"DM", "POST", "/users/@me/channels", jsonType, `{"recipient_id": "` + w.bob.ID + `"}`, "", ""},
		{"permissions as a decimal string", "PUT", "/applications/" + app + "/commands", jsonType,
			`[{"name": "play", "description": "Play", "default_member_permissions": "8"}]`, "", ""},
		{"permissions as a word", "PUT", "/applications/" + app + "/commands", jsonType,
			`[{"name": "play", "description": "Play", "default_member_permissions": "eight"}]`, "0.default_member_permissions", "STRING_TYPE_REGEX"},
		{"command without a name", "POST", "/applications/" + app + "/guilds/" + w.guild + "/commands", jsonType,
			`{"name": "", "description": "d"}`, "name", "BASE_TYPE_MIN_LENGTH"},
		{"string option without a description", "PUT", "/applications/" + app + "/commands", jsonType,
			`[{"name": "play", "description": "Play", "options": [{"type": 3, "name": "game", "description": ""}]}]`, "0.options.0.description", "BASE_TYPE_MIN_LENGTH"},
		{"option of no known type", "PUT", "/applications/" + app + "/commands", jsonType,
			`[{"name": "play", "description": "Play", "options": [{"type": 99, "name": "game", "description": "Game"}]}]`, "0.options.0", "UNION_TYPE_CHOICES"},
		{"callback content as a number", "POST", "/interactions/1/token/callback", jsonType, `{"type": 4, "data": {"content": 5}}`, "data.content", "BASE_TYPE_STRING"},
		{"callback of no known type", "POST", "/interactions/1/token/callback", jsonType, `{"type": 42}`, "", "UNION_TYPE_CHOICES"},
		{"follow-up embed title as a number", "POST", "/webhooks/" + app + "/token", jsonType, `{"content": "x", "embeds": [{"title": 5}]}`, "embeds.0.title", "BASE_TYPE_STRING"},
		{"webhook edit with an empty custom_id", "PATCH", "/webhooks/" + app + "/token/messages/@original", jsonType,
			`{"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": ""}]}]}`, "components.0.components.0.custom_id", "BASE_TYPE_MIN_LENGTH"},
		{"component without a type", "POST", "/channels/" + w.chan_ + "/messages", jsonType,
			`{"content": "x", "components": [{"components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]}`, "components.0.type", "BASE_TYPE_REQUIRED"},
		{"unknown mention type", "POST", "/channels/" + w.chan_ + "/messages", jsonType,
			`{"content": "x", "allowed_mentions": {"parse": ["users", "nobody"]}}`, "allowed_mentions.parse.1", "BASE_TYPE_CHOICES"},
		{"upload placeholder as an integer", "POST", "/channels/" + w.chan_ + "/messages", integerIDType, string(integerID), "", ""},
		{"attachment id as a word", "PATCH", "/channels/" + w.chan_ + "/messages/1", jsonType,
			`{"attachments": [{"id": "board", "filename": "board.png"}]}`, "attachments.0.id", "STRING_TYPE_REGEX"},
		{"upload with an empty filename", "POST", "/channels/" + w.chan_ + "/messages", uploadType, string(upload), "attachments.0.filename", "BASE_TYPE_MIN_LENGTH"},
		{"flags as a string", "PATCH", "/channels/" + w.chan_ + "/messages/1", jsonType, `{"flags": "x"}`, "flags", "NUMBER_TYPE_COERCE"},
	}
	refused := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := rawCall(t, fake, tt.method, tt.path, tt.contentType, []byte(tt.body))
			if tt.code == "" {
				if a.status != http.StatusOK {
					t.Fatalf("HTTP %d code %d %v, want 200", a.status, a.Code, a.Errors)
				}
				return
			}
			refused++
			if a.status != http.StatusBadRequest || a.Code != 50035 {
				t.Fatalf("HTTP %d code %d, want 400 50035", a.status, a.Code)
			}
			if got := errorCodes(a.Errors, tt.at); len(got) != 1 || got[0] != tt.code {
				t.Fatalf("errors at %q: %q, want [%s]; all errors: %v", tt.at, got, tt.code, a.Errors)
			}
		})
	}
	var got int
	for _, r := range fake.Rejected() {
		if r.Code == 50035 {
			got++
		}
	}
	if got != refused {
		t.Errorf("Rejected lists %d invalid forms, want %d: %v", got, refused, fake.Rejected())
	}
}

func TestInvalidJSONIsNotAForm(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := rawCall(t, w.fake, "POST", "/channels/"+w.chan_+"/messages", "application/json", []byte(`{"content": `))
	if a.status != http.StatusBadRequest || a.Code != 50109 {
		t.Fatalf("HTTP %d code %d, want 400 50109", a.status, a.Code)
	}
}

// boardPayload is a board edit as the bot sends it: an embed, two rows of
// buttons and a select menu, a kept attachment and a ping.
const boardPayload = `{"content": "## That's Life!\nIt is <@1574474936641126412>'s turn.",
	"embeds": [{"title": "Board", "description": "Round 3 of 10", "color": 3447003, "footer": {"text": "game 1"}}],
	"components": [
		{"type": 1, "components": [{"type": 2, "style": 1, "label": "Spin", "custom_id": "move:1:7:spin"},
			{"type": 2, "style": 2, "label": "Show my hand", "custom_id": "hand:1:7"}]},
		{"type": 1, "components": [{"type": 3, "custom_id": "pick:1:7", "options": [{"label": "A", "value": "a"}, {"label": "B", "value": "b"}]}]}],
	"attachments": [{"id": "1574474936641126413", "filename": "board.png", "description": "The board"}],
	"allowed_mentions": {"users": ["1574474936641126412"]}}`

// BenchmarkCheckBody is the cost the description adds to a request: a
// short reply, and a board edit sent as a channel message edit and as a
// type 7 response.
func BenchmarkCheckBody(b *testing.B) {
	for _, bc := range []struct{ name, route, payload string }{
		{"short-reply", "POST " + callbackPath, `{"type": 4, "data": {"content": "Game 1 created."}}`},
		{"message-edit", "PATCH /channels/{channel_id}/messages/{message_id}", boardPayload},
		{"update-callback", "POST " + callbackPath, `{"type": 7, "data": ` + boardPayload + `}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			i := slices.IndexFunc(routes, func(rt *route) bool { return rt.String() == bc.route })
			sch, err := routes[i].schema()
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := checkBody(sch, []byte(bc.payload)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package discordtest

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// endpointBot is a bot that takes its interactions at an Interactions
// Endpoint URL: it checks each request's signature with the fake's public
// key and hands the interaction to answer, whose writing is the response.
type endpointBot struct {
	t      *testing.T
	srv    *httptest.Server
	key    ed25519.PublicKey
	answer func(w http.ResponseWriter, i *discordgo.Interaction)

	mu       sync.Mutex
	received int
}

func newEndpointBot(t *testing.T, fake *Server, answer func(http.ResponseWriter, *discordgo.Interaction)) *endpointBot {
	t.Helper()
	key, err := hex.DecodeString(fake.PublicKey())
	if err != nil || len(key) != ed25519.PublicKeySize {
		t.Fatalf("PublicKey() = %q, not a hex Ed25519 key", fake.PublicKey())
	}
	e := &endpointBot{t: t, key: key, answer: answer}
	e.srv = httptest.NewServer(http.HandlerFunc(e.serve))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *endpointBot) url() string { return e.srv.URL + "/interactions" }

func (e *endpointBot) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	unix, tsErr := strconv.ParseInt(ts, 10, 64)
	if err != nil || tsErr != nil || time.Since(time.Unix(unix, 0)).Abs() > 5*time.Minute ||
		!ed25519.Verify(e.key, append([]byte(ts), body...), sig) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		e.t.Errorf("the fake POSTed an interaction discordgo cannot read: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, http.StatusOK, map[string]int{"type": 1})
		return
	}
	e.mu.Lock()
	e.received++
	e.mu.Unlock()
	e.answer(w, &i)
}

func (e *endpointBot) count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.received
}

// answerWith writes v as the JSON answer to an interaction.
func answerWith(v any) func(http.ResponseWriter, *discordgo.Interaction) {
	return func(w http.ResponseWriter, _ *discordgo.Interaction) { writeJSON(w, http.StatusOK, v) }
}

var okMessage = map[string]any{"type": 4, "data": map[string]any{"content": "ok"}}

// registerPlay registers /play in the world's guild by REST, as a bot
// without a gateway connection does.
func registerPlay(t *testing.T, w world) *discordgo.Session {
	t.Helper()
	s := newSession(t, w.fake, w.fake.Token())
	if _, err := s.ApplicationCommandBulkOverwrite(w.fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestHTTPDeliveryAnswersWithTheResponseBody(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	registerPlay(t, w)
	e := newEndpointBot(t, w.fake, answerWith(okMessage))
	w.fake.DeliverHTTP(e.url())
	ctx := testContext(t)
	it := w.play(t, ctx)
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Message == nil || resp.Message.Content != "ok" {
		t.Fatalf("response %+v, want type 4 showing \"ok\"", resp)
	}
	if o := it.Original(); o == nil || o.ID != resp.Message.ID || o.InteractionID != it.ID {
		t.Fatalf("Original() = %+v, want the response message", o)
	}
	if it.Latency() <= 0 || it.Latency() > InteractionDeadline {
		t.Errorf("latency %v, want within the deadline", it.Latency())
	}
	if got := w.fake.Messages(w.chan_); len(got) != 1 || got[0].Content != "ok" {
		t.Errorf("channel holds %d messages, want the response alone", len(got))
	}
	assertClean(t, w.fake)
}

func TestHTTPDeliveryTakesTurns(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	registerPlay(t, w)
	a := newEndpointBot(t, w.fake, answerWith(okMessage))
	b := newEndpointBot(t, w.fake, answerWith(okMessage))
	w.fake.DeliverHTTP(a.url(), b.url())
	ctx := testContext(t)
	for range 4 {
		it := w.play(t, ctx)
		if _, err := it.Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if a.count() != 2 || b.count() != 2 {
		t.Fatalf("the endpoints got %d and %d interactions, want 2 each", a.count(), b.count())
	}
}

// Whatever keeps the user from seeing an answer shows them "This
// interaction failed".
func TestHTTPDeliveryFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		answer func(http.ResponseWriter, *discordgo.Interaction)
		// code is the rejection the answer earns, 0 for none.
		code int
	}{
		{name: "server error", answer: func(w http.ResponseWriter, _ *discordgo.Interaction) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}},
		{name: "no body", answer: func(w http.ResponseWriter, _ *discordgo.Interaction) {
			w.WriteHeader(http.StatusNoContent)
		}, code: 50035},
		{name: "not JSON", answer: func(w http.ResponseWriter, _ *discordgo.Interaction) {
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "ok")
		}, code: 50035},
		{name: "off the schema", answer: answerWith(map[string]any{"type": 4, "data": map[string]any{"content": 12}}), code: 50035},
		{name: "unknown type", answer: answerWith(map[string]any{"type": 42}), code: 50035},
		{name: "pong to a command", answer: answerWith(map[string]any{"type": 1}), code: 50035},
		{name: "dropped connection", answer: func(http.ResponseWriter, *discordgo.Interaction) {
			panic(http.ErrAbortHandler)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			registerPlay(t, w)
			e := newEndpointBot(t, w.fake, tc.answer)
			w.fake.DeliverHTTP(e.url())
			ctx := testContext(t)
			it := w.play(t, ctx)
			if resp, err := it.Wait(ctx); !errors.Is(err, ErrNotAcknowledged) {
				t.Fatalf("Wait = %+v, %v; want ErrNotAcknowledged", resp, err)
			}
			if tc.code == 0 {
				wantRejected(t, w.fake)
			} else {
				wantRejected(t, w.fake, tc.code)
			}
			if got := w.fake.Messages(w.chan_); len(got) != 0 {
				t.Errorf("a failed interaction left %d messages", len(got))
			}
		})
	}
}

// An answer that comes after the deadline, by the test clock, is refused
// as a late callback is.
func TestHTTPDeliveryDeadline(t *testing.T) {
	t.Parallel()
	clock := NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, WithClock(clock.Now))
	registerPlay(t, w)
	arrived, release := make(chan struct{}), make(chan struct{})
	e := newEndpointBot(t, w.fake, func(rw http.ResponseWriter, _ *discordgo.Interaction) {
		close(arrived)
		<-release
		writeJSON(rw, http.StatusOK, okMessage)
	})
	w.fake.DeliverHTTP(e.url())
	ctx := testContext(t)
	it := w.play(t, ctx)
	<-arrived
	clock.Advance(InteractionDeadline + time.Millisecond)
	close(release)
	if _, err := it.Wait(ctx); !errors.Is(err, ErrNotAcknowledged) {
		t.Fatalf("Wait after a late answer: %v, want ErrNotAcknowledged", err)
	}
	// The interaction fails at the deadline; the late answer is refused
	// when it arrives, which may be a moment later.
	if err := w.fake.WaitFor(ctx, func() bool { return len(w.fake.Rejected()) > 0 }); err != nil {
		t.Fatal("the late answer was never refused: ", err)
	}
	wantRejected(t, w.fake, 10062)
}

// After a deferred answer the bot goes on by REST: the webhook routes
// work as for the gateway, and a call made while the answer is still on
// its way waits for it.
func TestHTTPDeliveryThenWebhook(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := registerPlay(t, w)
	edited := make(chan error, 1)
	e := newEndpointBot(t, w.fake, func(rw http.ResponseWriter, i *discordgo.Interaction) {
		// The edit leaves before the answer it edits.
		go func() {
			content := "done"
			_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
			edited <- err
		}()
		writeJSON(rw, http.StatusOK, map[string]any{"type": 5, "data": map[string]any{"flags": 64}})
	})
	w.fake.DeliverHTTP(e.url())
	ctx := testContext(t)
	it := w.play(t, ctx)
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("response type %d, want 5", resp.Type)
	}
	if err := <-edited; err != nil {
		t.Fatalf("editing the deferred answer: %v", err)
	}
	o := it.Original()
	if o == nil || o.Content != "done" || o.Loading() || !o.Ephemeral() {
		t.Fatalf("the deferred answer is %+v, want the private edit", o)
	}
	// A second answer over the callback route is refused.
	err = s.InteractionRespond(&discordgo.Interaction{ID: it.ID, Token: it.Token}, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "again"}})
	wantCode(t, err, http.StatusBadRequest, 40060)
}

func TestVerifyEndpoint(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := testContext(t)
	good := newEndpointBot(t, w.fake, answerWith(okMessage))
	if err := w.fake.VerifyEndpoint(ctx, good.url()); err != nil {
		t.Fatalf("a verifying endpoint: %v", err)
	}
	trusting := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) {
		writeJSON(rw, http.StatusOK, map[string]int{"type": 1})
	}))
	t.Cleanup(trusting.Close)
	if err := w.fake.VerifyEndpoint(ctx, trusting.URL); err == nil {
		t.Fatal("an endpoint that checks no signature passed")
	}
	silent := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) {
		rw.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(silent.Close)
	if err := w.fake.VerifyEndpoint(ctx, silent.URL); err == nil {
		t.Fatal("an endpoint that answers no PING passed")
	}
}

// Each forgery fails a correct check of the signature, and only that:
// the interaction it carries is a real one.
func TestPostForged(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	registerPlay(t, w)
	var (
		mu   sync.Mutex
		seen []string
	)
	got := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return seen
	}
	e := newEndpointBot(t, w.fake, func(rw http.ResponseWriter, i *discordgo.Interaction) {
		mu.Lock()
		seen = append(seen, i.ApplicationCommandData().Name)
		mu.Unlock()
		writeJSON(rw, http.StatusOK, okMessage)
	})
	ctx := testContext(t)
	for _, f := range []Forgery{ForgeTampered, ForgeOtherKey, ForgeUnsigned, ForgeMalformed, ForgeStale} {
		status, err := w.fake.PostForged(ctx, e.url(), f, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
		if err != nil || status != http.StatusUnauthorized {
			t.Errorf("%v: status %d, %v; want 401", f, status, err)
		}
	}
	if len(got()) != 0 {
		t.Fatalf("forged requests passed the check: %q", got())
	}
	if _, err := w.fake.PostForged(ctx, e.url(), ForgeStale, w.alice, w.guild, w.chan_, "nosuch", nil); err == nil {
		t.Fatal("a forged request for an unregistered command was sent")
	}
	// The same request, signed right, goes through.
	w.fake.DeliverHTTP(e.url())
	it := w.play(t, ctx)
	if _, err := it.Wait(ctx); err != nil || len(got()) != 1 || got()[0] != "play" {
		t.Fatalf("a signed /play: %v, endpoint saw %q", err, got())
	}
}

func TestApplicationVerifyKey(t *testing.T) {
	t.Parallel()
	fake := New(t)
	s := newSession(t, fake, fake.Token())
	app, err := s.Application("@me")
	if err != nil {
		t.Fatal(err)
	}
	if app.ID != fake.AppID() || app.VerifyKey != fake.PublicKey() {
		t.Fatalf("application %s with verify_key %q, want %s with %q", app.ID, app.VerifyKey, fake.AppID(), fake.PublicKey())
	}
	if fake.PublicKey() == New(t).PublicKey() {
		t.Fatal("two fakes share a key")
	}
}

// play has Alice run /play game:life in the world's channel.
func (w world) play(t *testing.T, ctx context.Context) *Interaction {
	t.Helper()
	it, err := w.fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	return it
}

package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Request size limits Discord applies.
const (
	maxFileSize    = 10 << 20 // per file, for a bot without boosts
	maxRequestSize = 25 << 20 // all files of one request
	maxJSONSize    = 1 << 20
)

type authMode int

const (
	authBot      authMode = iota // Authorization: Bot <token> required
	authOptional                 // token-in-path routes: a header, if sent, must be right
	authNone
)

// call is one REST request being served.
type call struct {
	r       *http.Request
	rt      *route
	vars    map[string]string // path parameters, by Discord's names
	version int
	// payload and uploads are the request's JSON body (payload_json in a
	// multipart request) and files, read for routes that take a body.
	payload json.RawMessage
	uploads []upload
}

type route struct {
	method string
	path   string // Discord's path template, as in the OpenAPI description
	segs   []string
	auth   authMode
	handle func(*Server, *call) (any, error)
	// schema is the request-body schema, compiled on first use; nil for
	// routes without a body.
	schema func() (*jsonschema.Schema, error)
}

func newRoute(method, path string, auth authMode, handle func(*Server, *call) (any, error)) *route {
	rt := &route{method: method, path: path, segs: split(path), auth: auth, handle: handle}
	if method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch {
		rt.schema = sync.OnceValues(func() (*jsonschema.Schema, error) { return bodySchema(method, path) })
	}
	return rt
}

// String names the route as fault counters do: "POST /channels/{channel_id}/messages".
func (rt *route) String() string { return rt.method + " " + rt.path }

// routes lists every REST route the fake models, under the paths of
// Discord's OpenAPI description. Fixed segments come before wildcards
// where both could match.
var routes = []*route{
	newRoute("GET", "/gateway", authNone, (*Server).getGateway),
	newRoute("GET", "/gateway/bot", authBot, (*Server).getGatewayBot),
	newRoute("GET", "/users/@me", authBot, (*Server).getMe),
	newRoute("POST", "/users/@me/channels", authBot, (*Server).createDM),
	newRoute("GET", "/users/{user_id}", authBot, (*Server).getUser),
	newRoute("GET", "/oauth2/applications/@me", authBot, (*Server).getApplication),
	newRoute("GET", "/applications/@me", authBot, (*Server).getApplication),
	newRoute("GET", "/applications/{application_id}/commands", authBot, (*Server).listCommands),
	newRoute("PUT", "/applications/{application_id}/commands", authBot, (*Server).overwriteCommands),
	newRoute("POST", "/applications/{application_id}/commands", authBot, (*Server).createCommand),
	newRoute("DELETE", "/applications/{application_id}/commands/{command_id}", authBot, (*Server).deleteCommand),
	newRoute("GET", "/applications/{application_id}/guilds/{guild_id}/commands", authBot, (*Server).listCommands),
	newRoute("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", authBot, (*Server).overwriteCommands),
	newRoute("POST", "/applications/{application_id}/guilds/{guild_id}/commands", authBot, (*Server).createCommand),
	newRoute("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", authBot, (*Server).deleteCommand),
	newRoute("POST", "/interactions/{interaction_id}/{interaction_token}/callback", authOptional, (*Server).interactionCallback),
	newRoute("POST", "/webhooks/{webhook_id}/{webhook_token}", authOptional, (*Server).createFollowup),
	newRoute("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", authOptional, getMessage((*Server).webhookRouteMessageLocked)),
	newRoute("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", authOptional, editMessage((*Server).webhookRouteMessageLocked)),
	newRoute("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", authOptional, deleteMessage((*Server).webhookRouteMessageLocked)),
	newRoute("GET", "/channels/{channel_id}", authBot, (*Server).getChannel),
	newRoute("POST", "/channels/{channel_id}/threads", authBot, (*Server).startThread),
	newRoute("GET", "/channels/{channel_id}/messages", authBot, (*Server).listMessages),
	newRoute("POST", "/channels/{channel_id}/messages", authBot, (*Server).createChannelMessage),
	newRoute("GET", "/channels/{channel_id}/messages/{message_id}", authBot, getMessage((*Server).channelMessageLocked)),
	newRoute("PATCH", "/channels/{channel_id}/messages/{message_id}", authBot, editMessage((*Server).channelMessageLocked)),
	newRoute("DELETE", "/channels/{channel_id}/messages/{message_id}", authBot, deleteMessage((*Server).channelMessageLocked)),
	newRoute("POST", "/channels/{channel_id}/messages/{message_id}/threads", authBot, (*Server).startThreadFromMessage),
}

func split(p string) []string { return strings.Split(strings.Trim(p, "/"), "/") }

func (rt *route) match(segs []string) (map[string]string, bool) {
	if len(segs) != len(rt.segs) {
		return nil, false
	}
	vars := map[string]string{}
	for i, p := range rt.segs {
		if strings.HasPrefix(p, "{") {
			if segs[i] == "" {
				return nil, false
			}
			vars[strings.Trim(p, "{}")] = segs[i]
		} else if p != segs[i] {
			return nil, false
		}
	}
	return vars, true
}

var versionPrefix = regexp.MustCompile(`^/api/v(\d+)(/|$)`)

func (s *Server) router() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.Path
		switch {
		case path == "/ws" || path == "/ws/":
			s.serveGateway(w, r)
			return
		case strings.HasPrefix(path, "/attachments/"):
			s.serveAttachment(w, r)
			return
		}
		version := s.version
		if m := versionPrefix.FindStringSubmatch(path); m != nil {
			version, _ = strconv.Atoi(m[1])
			path = strings.TrimPrefix(path, "/api/v"+m[1])
		}
		if version != 9 && version != 10 {
			s.unhandledRoute(w, r, fmt.Sprintf("API version %d is not modelled", version))
			return
		}
		segs := split(path)
		var rt *route
		var vars map[string]string
		methodMismatch := false
		for _, candidate := range routes {
			v, ok := candidate.match(segs)
			if !ok {
				continue
			}
			if candidate.method != r.Method {
				methodMismatch = true
				continue
			}
			rt, vars = candidate, v
			break
		}
		if rt == nil {
			why := "no such route"
			if methodMismatch {
				why = "the route exists but not for this method"
			}
			s.unhandledRoute(w, r, why)
			return
		}
		c := &call{r: r, rt: rt, vars: vars, version: version}
		if err := s.authorize(r, rt.auth); err != nil {
			s.writeError(w, c, err)
			return
		}
		s.awaitDelivery(c)
		f := s.drawFault(c)
		if f.before(s, w, c) {
			return
		}
		body, err := s.serve(c)
		// Read what a refused request left unread, so the client gets the
		// answer rather than a reset connection.
		io.Copy(io.Discard, r.Body)
		if err != nil {
			s.writeError(w, c, err)
			return
		}
		if f.after(s, w, c) {
			return
		}
		if body == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeJSON(w, http.StatusOK, body)
	})
}

// serve reads and checks the request body, if the route takes one, and
// runs the route's handler.
func (s *Server) serve(c *call) (any, error) {
	if c.rt.schema != nil {
		sch, err := c.rt.schema()
		if err != nil {
			return nil, err
		}
		if c.payload, c.uploads, err = readBody(c.r); err != nil {
			return nil, err
		}
		if err := checkBody(sch, c.payload); err != nil {
			return nil, err
		}
	}
	return c.rt.handle(s, c)
}

func (s *Server) authorize(r *http.Request, mode authMode) error {
	got := r.Header.Get("Authorization")
	switch {
	case mode == authNone:
		return nil
	case mode == authOptional && got == "":
		return nil
	case got == "Bot "+s.token:
		return nil
	}
	return &apiError{Status: http.StatusUnauthorized, Code: 0, Message: "401: Unauthorized"}
}

func (s *Server) unhandledRoute(w http.ResponseWriter, r *http.Request, why string) {
	s.mu.Lock()
	s.unhandled = append(s.unhandled, r.Method+" "+r.URL.Path)
	s.notifyLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusNotFound, map[string]any{
		"code":    0,
		"message": fmt.Sprintf("404: Not Found (discordtest does not model %s %s: %s)", r.Method, r.URL.Path, why),
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "discordtest: encoding answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// apiError is a Discord JSON error answer.
type apiError struct {
	Status  int            `json:"-"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %d %s", e.Status, e.Code, e.Message)
}

func (s *Server) writeError(w http.ResponseWriter, c *call, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Code: 0, Message: "discordtest: " + err.Error()}
	}
	msg := ae.Message
	if ae.Errors != nil {
		details, _ := json.Marshal(ae.Errors)
		msg += " " + string(details)
	}
	s.mu.Lock()
	s.rejected = append(s.rejected, Rejection{
		Method: c.r.Method, Path: c.r.URL.Path, Status: ae.Status, Code: ae.Code, Message: msg,
	})
	s.notifyLocked()
	s.mu.Unlock()
	writeJSON(w, ae.Status, ae)
}

// Discord's answers, by error code.
func errNotFound(code int, what string) *apiError {
	return &apiError{Status: http.StatusNotFound, Code: code, Message: "Unknown " + what}
}

func errUnknownChannel() *apiError     { return errNotFound(10003, "Channel") }
func errUnknownMessage() *apiError     { return errNotFound(10008, "Message") }
func errUnknownUser() *apiError        { return errNotFound(10013, "User") }
func errUnknownWebhook() *apiError     { return errNotFound(10015, "Webhook") }
func errUnknownInteraction() *apiError { return errNotFound(10062, "interaction") }
func errUnknownApplication() *apiError { return errNotFound(10002, "Application") }
func errUnknownCommand() *apiError     { return errNotFound(10063, "application command") }

func errMissingAccess() *apiError {
	return &apiError{Status: http.StatusForbidden, Code: 50001, Message: "Missing Access"}
}

func errMissingPermissions() *apiError {
	return &apiError{Status: http.StatusForbidden, Code: 50013, Message: "Missing Permissions"}
}

func errAlreadyAcknowledged() *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 40060, Message: "Interaction has already been acknowledged."}
}

func errInvalidWebhookToken() *apiError {
	return &apiError{Status: http.StatusUnauthorized, Code: 50027, Message: "Invalid Webhook Token"}
}

func errCannotDM() *apiError {
	return &apiError{Status: http.StatusForbidden, Code: 50007, Message: "Cannot send messages to this user"}
}

func errEmptyMessage() *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 50006, Message: "Cannot send an empty message"}
}

func errTooLarge() *apiError {
	return &apiError{Status: http.StatusRequestEntityTooLarge, Code: 40005, Message: "Request entity too large"}
}

func errInvalidJSON() *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 50109, Message: "The request body contains invalid JSON."}
}

// formErrors collects the field errors of an Invalid Form Body (50035)
// answer, keyed by dotted paths such as "components.0.components.1.label".
type formErrors struct {
	list []fieldError
}

type fieldError struct {
	path, code, message string
}

func (f *formErrors) add(path, code, message string) {
	f.list = append(f.list, fieldError{path, code, message})
}

func (f *formErrors) addf(path, code, format string, args ...any) {
	f.add(path, code, fmt.Sprintf(format, args...))
}

func (f *formErrors) maxLen(path string, n, limit int) {
	if n > limit {
		f.addf(path, "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", limit)
	}
}

func (f *formErrors) betweenLen(path string, n, lo, hi int) {
	if n < lo || n > hi {
		f.addf(path, "BASE_TYPE_BAD_LENGTH", "Must be between %d and %d in length.", lo, hi)
	}
}

// err returns nil or the 50035 answer, with errors nested the way Discord
// nests them: {"components": {"0": {"label": {"_errors": [...]}}}}.
func (f *formErrors) err() error {
	if len(f.list) == 0 {
		return nil
	}
	root := map[string]any{}
	for _, fe := range f.list {
		node := root
		if fe.path != "" {
			for _, key := range strings.Split(fe.path, ".") {
				next, ok := node[key].(map[string]any)
				if !ok {
					next = map[string]any{}
					node[key] = next
				}
				node = next
			}
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": fe.code, "message": fe.message})
	}
	return &apiError{Status: http.StatusBadRequest, Code: 50035, Message: "Invalid Form Body", Errors: root}
}

// upload is one file part of a multipart request.
type upload struct {
	index       int // n of files[n]
	filename    string
	contentType string
	data        []byte
}

var filesField = regexp.MustCompile(`^files\[(\d+)\]$`)

// readBody returns the JSON payload of a request and its files. JSON
// requests carry the payload as the body; multipart ones (discordgo's, when
// there are files) in payload_json with files in files[n].
func readBody(r *http.Request) (json.RawMessage, []upload, error) {
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType != "multipart/form-data" {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxJSONSize+1))
		if err != nil {
			return nil, nil, err
		}
		if len(b) > maxJSONSize {
			return nil, nil, errTooLarge()
		}
		return b, nil, nil
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, errInvalidJSON()
	}
	var payload json.RawMessage
	var files []upload
	total := 0
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, errInvalidJSON()
		}
		if p.FormName() == "payload_json" {
			if payload, err = io.ReadAll(io.LimitReader(p, maxJSONSize+1)); err != nil {
				return nil, nil, err
			}
			if len(payload) > maxJSONSize {
				return nil, nil, errTooLarge()
			}
			continue
		}
		if p.FileName() == "" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(p, maxFileSize+1))
		if err != nil {
			return nil, nil, err
		}
		total += len(data)
		if len(data) > maxFileSize || total > maxRequestSize {
			return nil, nil, errTooLarge()
		}
		index := len(files)
		if m := filesField.FindStringSubmatch(p.FormName()); m != nil {
			index, _ = strconv.Atoi(m[1])
		}
		files = append(files, upload{
			index:       index,
			filename:    p.FileName(),
			contentType: p.Header.Get("Content-Type"),
			data:        data,
		})
	}
	return payload, files, nil
}

// decode unmarshals a JSON payload; an empty one decodes as {}.
func decode(b []byte, v any) error {
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}")
	}
	if err := json.Unmarshal(b, v); err != nil {
		return errInvalidJSON()
	}
	return nil
}

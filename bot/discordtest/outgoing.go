package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Interactions over HTTP. An application with an Interactions Endpoint URL
// gets its interactions from Discord as POSTs to that URL instead of over
// the gateway: each signed with the application's Ed25519 key over the
// X-Signature-Timestamp header followed by the body, and answered by the
// body of the HTTP response, which is the interaction's initial response.

// Headers Discord signs an interaction request with.
const (
	signatureHeader = "X-Signature-Ed25519"
	timestampHeader = "X-Signature-Timestamp"
)

// DeliverHTTP makes the fake deliver interactions as signed HTTP POSTs to
// urls, one after the other in turn, instead of over the gateway, as
// Discord does once an application has an Interactions Endpoint URL:
// several bot processes behind the urls share the work. No urls goes back
// to the gateway.
//
// The answer to each POST is taken as the interaction's initial response,
// with every check of the callback route: the schema, one response per
// interaction, the 3-second deadline. Interaction.Wait, Latency and
// Original work as for the gateway. A POST that fails, times out or is
// answered with a status other than 2xx leaves the interaction failed:
// Wait returns ErrNotAcknowledged. An answer Discord would refuse is
// listed by Rejected, under the POST's method and the endpoint's path.
//
// Webhook calls of an interaction whose POST is still under way are held
// until its answer is in, as the bot makes them after answering.
func (s *Server) DeliverHTTP(urls ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endpoints = append([]string(nil), urls...)
	s.nextEndpoint = 0
}

// PublicKey is the application's public key, in hex, as the developer
// portal shows it: the key the signatures of DeliverHTTP verify with.
func (s *Server) PublicKey() string { return hex.EncodeToString(s.signer.Public().(ed25519.PublicKey)) }

// sign sets the signature headers of an interaction request.
func sign(req *http.Request, key ed25519.PrivateKey, at time.Time, body []byte) {
	ts := strconv.FormatInt(at.Unix(), 10)
	req.Header.Set(timestampHeader, ts)
	req.Header.Set(signatureHeader, hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
}

// newEndpointRequest is an interaction POST to an endpoint, not yet signed.
func newEndpointRequest(ctx context.Context, endpoint string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	return req, nil
}

// dispatchHTTPLocked registers an interaction and POSTs it to the next
// endpoint in the background; the deadline starts now. Callers hold s.mu.
func (s *Server) dispatchHTTPLocked(it *Interaction, body []byte) error {
	if s.closed {
		return errors.New("discordtest: the fake is closed")
	}
	endpoint := s.endpoints[s.nextEndpoint%len(s.endpoints)]
	s.nextEndpoint++
	it.dispatched = s.now()
	it.realStart = time.Now()
	it.delivering = make(chan struct{})
	it.endpoint, it.body = endpoint, body
	s.interactions[it.ID] = it
	s.byToken[it.Token] = it
	s.notifyLocked()
	s.deliveries.Add(1)
	go s.deliver(it, endpoint, body)
	return nil
}

// deliver POSTs one interaction and takes the answer as its response.
// Discord gives up on the POST at the deadline, whatever the test clock
// says.
func (s *Server) deliver(it *Interaction, endpoint string, body []byte) {
	defer s.deliveries.Done()
	defer close(it.delivering)
	ctx, cancel := context.WithDeadline(s.deliverCtx, it.realStart.Add(InteractionDeadline))
	defer cancel()
	path := endpoint
	if u, err := url.Parse(endpoint); err == nil {
		path = u.Path
	}
	fail := func(format string, args ...any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.failLocked(it, fmt.Errorf("%w: %s answered by POST %s: %s", ErrNotAcknowledged, it, endpoint, fmt.Sprintf(format, args...)))
	}
	req, err := newEndpointRequest(ctx, endpoint, body)
	if err != nil {
		fail("%v", err)
		return
	}
	sign(req, s.signer, time.Now(), body)
	resp, err := s.client.Do(req)
	if err != nil {
		fail("%v", err)
		return
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxJSONSize+1))
	if err != nil {
		fail("reading the answer: %v", err)
		return
	}
	if resp.StatusCode/100 != 2 {
		fail("status %d", resp.StatusCode)
		return
	}
	if err := s.takeAnswer(it, resp.Header.Get("Content-Type"), answer); err != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.rejectLocked(http.MethodPost, path, err)
		s.failLocked(it, fmt.Errorf("%w: the answer to %s was refused: %v", ErrNotAcknowledged, it, err))
	}
}

// takeAnswer checks the body of an endpoint's answer as the callback
// route checks its request, and records it as the interaction's response.
func (s *Server) takeAnswer(it *Interaction, contentType string, body []byte) error {
	if mediaType, _, _ := mime.ParseMediaType(contentType); mediaType != "application/json" {
		return &apiError{Status: http.StatusBadRequest, Code: 50035, Message: fmt.Sprintf(
			"Invalid Form Body (discordtest takes interaction responses over HTTP as application/json only, not %q: send files by REST)", contentType)}
	}
	if len(body) > maxJSONSize {
		return errTooLarge()
	}
	sch, err := callbackSchema()
	if err != nil {
		return err
	}
	if err := checkBody(sch, body); err != nil {
		return err
	}
	var cb callbackBody
	if err := decode(body, &cb); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answerLocked(it, cb, nil, s.version)
}

// callbackSchema is the request-body schema of the callback route, which
// an HTTP answer is held to as well.
func callbackSchema() (*jsonschema.Schema, error) {
	for _, rt := range routes {
		if rt.method == http.MethodPost && rt.path == callbackPath {
			return rt.schema()
		}
	}
	return nil, errors.New("discordtest: no callback route")
}

// failLocked marks an interaction the user saw fail, unless it was
// answered already. Callers hold s.mu.
func (s *Server) failLocked(it *Interaction, err error) {
	if it.resp != nil || it.failure != nil {
		return
	}
	it.failure = err
	close(it.done)
	s.notifyLocked()
}

// rejectLocked lists a refused answer, as writeError lists a refused
// request. Callers hold s.mu.
func (s *Server) rejectLocked(method, path string, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Message: "discordtest: " + err.Error()}
	}
	msg := ae.Message
	if ae.Errors != nil {
		details, _ := json.Marshal(ae.Errors)
		msg += " " + string(details)
	}
	s.rejected = append(s.rejected, Rejection{Method: method, Path: path, Status: ae.Status, Code: ae.Code, Message: msg})
	s.notifyLocked()
}

// awaitDelivery holds a webhook call while the POST of its interaction is
// under way, so that the call finds the answer the bot sent before it.
func (s *Server) awaitDelivery(c *call) {
	token := c.vars["webhook_token"]
	if token == "" {
		return
	}
	s.mu.Lock()
	it := s.byToken[token]
	s.mu.Unlock()
	if it == nil || it.delivering == nil {
		return
	}
	select {
	case <-it.delivering:
	case <-c.r.Context().Done():
	case <-s.stopping:
	}
}

// VerifyEndpoint checks an Interactions Endpoint URL as the developer
// portal does before it saves one: a signed PING must be answered with
// {"type": 1}, and a PING with a wrong signature refused with 401.
func (s *Server) VerifyEndpoint(ctx context.Context, endpoint string) error {
	body := mustJSON(map[string]any{
		"id": s.newID(), "application_id": s.AppID(), "type": 1, "token": s.newToken("ping"), "version": 1,
	})
	status, answer, err := s.post(ctx, endpoint, body, func(req *http.Request) { sign(req, s.signer, time.Now(), body) })
	if err != nil {
		return err
	}
	var pong struct {
		Type *int `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(answer, &pong) != nil || pong.Type == nil || *pong.Type != 1 {
		return fmt.Errorf("discordtest: a signed PING to %s was answered %d %q, want 200 {\"type\":1}", endpoint, status, answer)
	}
	status, _, err = s.post(ctx, endpoint, body, func(req *http.Request) { forge(req, ForgeTampered, s.signer, body) })
	if err != nil {
		return err
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("discordtest: a PING with a wrong signature to %s was answered %d, want 401", endpoint, status)
	}
	return nil
}

// Forgery is a way an interaction request's signature is wrong.
type Forgery int

const (
	// ForgeTampered signs the body, then changes a byte of it.
	ForgeTampered Forgery = iota + 1
	// ForgeOtherKey signs with a key that is not the application's.
	ForgeOtherKey
	// ForgeUnsigned sends neither signature header.
	ForgeUnsigned
	// ForgeMalformed sends a signature that is not 64 bytes of hex.
	ForgeMalformed
	// ForgeStale signs correctly with a timestamp ten minutes old: a
	// replayed request.
	ForgeStale
)

func (f Forgery) String() string {
	switch f {
	case ForgeTampered:
		return "tampered body"
	case ForgeOtherKey:
		return "other key"
	case ForgeUnsigned:
		return "unsigned"
	case ForgeMalformed:
		return "malformed signature"
	case ForgeStale:
		return "stale timestamp"
	}
	return "Forgery(" + strconv.Itoa(int(f)) + ")"
}

// forge signs req as f says; the body sent is body.
func forge(req *http.Request, f Forgery, key ed25519.PrivateKey, body []byte) {
	switch f {
	case ForgeTampered:
		signed := bytes.Clone(body)
		signed[len(signed)/2] ^= 1
		sign(req, key, time.Now(), signed)
	case ForgeOtherKey:
		_, other, _ := ed25519.GenerateKey(nil)
		sign(req, other, time.Now(), body)
	case ForgeMalformed:
		sign(req, key, time.Now(), body)
		req.Header.Set(signatureHeader, "not-a-signature")
	case ForgeStale:
		sign(req, key, time.Now().Add(-10*time.Minute), body)
	}
}

// PostForged runs a slash command as Command does, but POSTs it to
// endpoint with a signature that is wrong as f says, and returns the HTTP
// status the endpoint answered. The interaction is never registered: were
// the bot to act on it, its webhook calls would be refused, and its
// messages would show in the channel.
func (s *Server) PostForged(ctx context.Context, endpoint string, f Forgery, u User, guildID, channelID, name string, options map[string]any) (int, error) {
	_, payload, err := s.commandPayload(u, guildID, channelID, name, options, "")
	if err != nil {
		return 0, err
	}
	body := mustJSON(payload)
	status, _, err := s.post(ctx, endpoint, body, func(req *http.Request) { forge(req, f, s.signer, body) })
	return status, err
}

// Replay POSTs an interaction delivered over HTTP once more, signed
// afresh, as a load balancer that retries a POST does, and returns the
// HTTP status and body of the endpoint's answer, as the test reads it
// (Language.Read). The answer is not taken as the interaction's
// response: Discord has that from the first POST.
func (s *Server) Replay(ctx context.Context, it *Interaction) (int, []byte, error) {
	s.mu.Lock()
	endpoint, body := it.endpoint, it.body
	s.mu.Unlock()
	if endpoint == "" {
		return 0, nil, fmt.Errorf("discordtest: %s was not delivered over HTTP", it)
	}
	status, answer, err := s.post(ctx, endpoint, body, func(req *http.Request) { sign(req, s.signer, time.Now(), body) })
	return status, []byte(s.read(string(answer))), err
}

// post sends one interaction request, signed by signReq, and returns the
// answer.
func (s *Server) post(ctx context.Context, endpoint string, body []byte, signReq func(*http.Request)) (int, []byte, error) {
	req, err := newEndpointRequest(ctx, endpoint, body)
	if err != nil {
		return 0, nil, err
	}
	signReq(req)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("discordtest: POST %s: %w", endpoint, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxJSONSize))
	return resp.StatusCode, answer, err
}

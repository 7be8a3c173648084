package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/storage"
)

// Endpoint serves the bot as Discord's Interactions Endpoint URL: Discord
// POSTs every interaction to it, signed, and takes the HTTP response as
// the first answer. No gateway connection is needed, so any number of
// replicas sharing one database can stand behind a load balancer.
//
// Besides POST /interactions it answers GET /healthz, 200 while the
// process runs, and GET /readyz, 200 once the commands are registered,
// 503 before that and from Shutdown on.
type Endpoint struct {
	bot     *Bot
	session *discordgo.Session
	key     ed25519.PublicKey
	mux     *http.ServeMux
	srv     *http.Server
	// now is the clock signed timestamps are checked against.
	now func() time.Time
	// Drain is how long Shutdown goes on taking interactions after
	// /readyz turns 503: a load balancer checks readiness every few
	// seconds, and sends a click to a closed port until it notices.
	Drain time.Duration

	registered atomic.Bool
	draining   atomic.Bool
	// unverified is the memory held by bodies whose signature is not yet
	// checked, across every connection: see verified.
	unverified atomic.Int64
}

// Limits on the requests the endpoint takes.
const (
	// maxInteraction caps a request's body: Discord's interactions are a
	// few kilobytes, a component's with the whole message it sits on.
	maxInteraction = 1 << 20
	// maxUnverified caps the memory that bodies not yet verified hold in
	// all: a flood of slow, unsigned requests costs no more, and a request
	// beyond it is refused at once. Each body holds at most twice what
	// it has sent, and firstRead to start with.
	maxUnverified = 32 << 20
	firstRead     = 1 << 10
	// maxSkew is how far a request's signed timestamp may be from the
	// endpoint's clock: an older request is a replay.
	maxSkew = 5 * time.Minute
)

// Headers Discord signs an interaction request with.
const (
	signatureHeader = "X-Signature-Ed25519"
	timestampHeader = "X-Signature-Timestamp"
)

// ErrPublicKey means the public key the endpoint was given is not its
// application's: Discord's signatures would never verify.
var ErrPublicKey = errors.New("the public key is not this application's: copy it from the developer portal's General Information page")

// ParsePublicKey reads an application's public key as the developer
// portal shows it: 64 hex digits.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(s)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("not an Ed25519 public key in hex (%d hex digits)", 2*ed25519.PublicKeySize)
	}
	return k, nil
}

// Endpoint readies the bot to serve its interactions endpoint, making its
// REST calls through s, which is never opened; key is the application's
// public key. The core starts at once; nothing is served until Serve.
func (b *Bot) Endpoint(s *discordgo.Session, key ed25519.PublicKey) (*Endpoint, error) {
	if len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("the application's public key has %d bytes, not %d", len(key), ed25519.PublicKeySize)
	}
	b.start(s)
	e := &Endpoint{bot: b, session: s, key: key, now: time.Now, mux: http.NewServeMux()}
	e.mux.HandleFunc("POST /interactions", e.interactions)
	e.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") })
	e.mux.HandleFunc("GET /readyz", e.readyz)
	e.srv = &http.Server{
		Handler: e,
		// Every answer leaves within the interaction's deadline; the
		// time-outs only keep slow or idle clients from holding sockets.
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(b.log.Handler(), slog.LevelWarn),
	}
	return e, nil
}

// ServeHTTP implements http.Handler.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) { e.mux.ServeHTTP(w, r) }

// Serve answers requests on ln until Shutdown, then returns
// http.ErrServerClosed.
func (e *Endpoint) Serve(ln net.Listener) error { return e.srv.Serve(ln) }

// Register registers the slash commands by REST, which the gateway does
// on READY, and checks that key is the application's. The endpoint is
// ready from then on.
func (e *Endpoint) Register(ctx context.Context) error {
	route := discordgo.EndpointOAuth2Application("@me")
	body, err := e.bot.api.do(ctx, http.MethodGet, route, "", nil, route)
	if err != nil {
		return fmt.Errorf("asking Discord who the application is: %w", err)
	}
	var app struct {
		ID        string `json:"id"`
		VerifyKey string `json:"verify_key"`
	}
	if err := json.Unmarshal(body, &app); err != nil || app.ID == "" {
		return fmt.Errorf("reading the application: %v", err)
	}
	if app.VerifyKey != hex.EncodeToString(e.key) {
		return ErrPublicKey
	}
	if _, err := e.session.ApplicationCommandBulkOverwrite(app.ID, e.bot.cfg.Guild, e.bot.commands(), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("registering slash commands: %w", redact(err))
	}
	e.registered.Store(true)
	e.bot.log.Info("commands registered", "commands_in_guild", e.bot.cfg.Guild)
	return nil
}

// Shutdown stops gracefully: /readyz turns 503 at once, interactions are
// still taken for Drain, then the listener closes, the requests in flight
// get their answers, and the bot finishes the work they started and
// flushes what remains (see Bot.Shutdown), all within ctx.
func (e *Endpoint) Shutdown(ctx context.Context) error {
	e.draining.Store(true)
	select {
	case <-time.After(e.Drain):
	case <-ctx.Done():
	}
	return errors.Join(e.srv.Shutdown(ctx), e.bot.Shutdown(ctx))
}

// readyz says whether a load balancer should send interactions here.
func (e *Endpoint) readyz(w http.ResponseWriter, r *http.Request) {
	switch {
	case e.draining.Load():
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	case !e.registered.Load():
		http.Error(w, "starting", http.StatusServiceUnavailable)
		return
	}
	// A store that does not answer leaves the process ready: every click
	// is still answered, with an apology, which a player reads, where a
	// load balancer that dropped every replica at once would leave them
	// "This interaction failed". The body says so, for the operator.
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	// No game has the empty id: any answer but "not found" is trouble.
	if _, err := e.bot.cfg.Store.Get(ctx, ""); err != nil && !errors.Is(err, storage.ErrNotFound) {
		e.bot.log.Warn("readiness: the store does not answer", "err", err)
		io.WriteString(w, "ok, but the store does not answer: players are told to try again\n")
		return
	}
	io.WriteString(w, "ok\n")
}

// pong is the answer to Discord's PING.
var pong = []byte(`{"type":1}`)

// interactions serves one interaction Discord POSTed. Nothing is read from
// a request before its signature is checked.
func (e *Endpoint) interactions(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	body, status := e.verified(w, r)
	if status != http.StatusOK {
		http.Error(w, http.StatusText(status), status)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeAnswer(w, pong, "application/json")
		return
	}
	if !e.bot.enter() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	// Suggestions change nothing, and a copy of one is answered afresh.
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete && !e.bot.svc.FirstDelivery(r.Context(), i.ID) {
		// A store too slow to say the player's language leaves their
		// client's, within the deadline.
		ctx, cancel := context.WithDeadline(r.Context(), received.Add(callbackBudget))
		answer := e.bot.servedBefore(ctx, &i)
		cancel()
		e.bot.leave()
		writeAnswer(w, answer, "application/json")
		return
	}
	a := newHTTPAnswer()
	go func() {
		defer e.bot.leave()
		e.bot.handle(&i, a)
	}()
	// The reply defers by itself after DeferAfter, which gives the
	// answer at once; the budget only bounds an interaction that cannot
	// be deferred, such as an autocomplete.
	budget := time.NewTimer(time.Until(received.Add(callbackBudget)))
	defer budget.Stop()
	select {
	case <-a.ready:
	case <-budget.C:
	case <-r.Context().Done():
	}
	answer, contentType, ok := a.take()
	defer a.markWritten()
	if !ok {
		e.bot.log.Warn("no answer in time", "interaction", i.ID, "type", i.Type)
		http.Error(w, "no answer in time", http.StatusServiceUnavailable)
		return
	}
	writeAnswer(w, answer, contentType)
}

// servedBefore answers a copy of an interaction already served: a click
// is acknowledged with nothing changed, since its first delivery shows
// what it did; a command says so, to its user alone.
func (b *Bot) servedBefore(ctx context.Context, i *discordgo.Interaction) []byte {
	if i.Type == discordgo.InteractionMessageComponent {
		return []byte(`{"type":6}`)
	}
	body, _ := json.Marshal(discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: b.say(ctx, i).T("bot.served_before"),
			Flags:   discordgo.MessageFlagsEphemeral,
		},
	})
	return body
}

// verified reads a request's body and checks its signature and timestamp.
// It returns the body and 200, or the status that refuses the request.
func (e *Endpoint) verified(w http.ResponseWriter, r *http.Request) ([]byte, int) {
	sig, ts := r.Header.Get(signatureHeader), r.Header.Get(timestampHeader)
	// A timestamp is ten digits: a longer one is refused before anything
	// is read.
	if sig == "" || ts == "" || len(ts) > 32 {
		return nil, http.StatusUnauthorized
	}
	// The signed message is the timestamp followed by the body: read the
	// body in after the timestamp, so that checking needs no copy. Memory
	// follows what arrives, never what Content-Length promises: the
	// buffer doubles as it fills, each growth counted against
	// maxUnverified until the signature is checked.
	var held int64
	defer func() { e.unverified.Add(-held) }()
	hold := func(n int) bool {
		if e.unverified.Add(int64(n)) > maxUnverified {
			e.unverified.Add(-int64(n))
			return false
		}
		held += int64(n)
		return true
	}
	if !hold(firstRead) {
		return nil, http.StatusServiceUnavailable
	}
	msg := append(make([]byte, 0, firstRead), ts...)
	body := http.MaxBytesReader(w, r.Body, maxInteraction)
	for {
		if len(msg) == cap(msg) {
			if !hold(cap(msg)) {
				return nil, http.StatusServiceUnavailable
			}
			msg = slices.Grow(msg, cap(msg))
		}
		n, err := body.Read(msg[len(msg):cap(msg)])
		msg = msg[:len(msg)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, http.StatusRequestEntityTooLarge
			}
			return nil, http.StatusBadRequest
		}
	}
	if !verifySignature(e.key, sig, msg) || !fresh(ts, e.now()) {
		return nil, http.StatusUnauthorized
	}
	return msg[len(ts):], http.StatusOK
}

// verifySignature reports whether sigHex is the hex Ed25519 signature of
// msg under key.
func verifySignature(key ed25519.PublicKey, sigHex string, msg []byte) bool {
	var sig [ed25519.SignatureSize]byte
	if len(sigHex) != hex.EncodedLen(len(sig)) {
		return false
	}
	if _, err := hex.Decode(sig[:], []byte(sigHex)); err != nil {
		return false
	}
	return ed25519.Verify(key, msg, sig[:])
}

// fresh reports whether a signed timestamp, in Unix seconds, is within
// maxSkew of now.
func fresh(ts string, now time.Time) bool {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	return now.Sub(time.Unix(sec, 0)).Abs() <= maxSkew
}

// writeAnswer writes and flushes a whole answer, so that Discord has it
// before the REST calls that follow it.
func writeAnswer(w http.ResponseWriter, body []byte, contentType string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
	http.NewResponseController(w).Flush()
}

// httpAnswer is the transport of an interaction Discord POSTed: the first
// answer becomes the body of the HTTP response, as long as the handler
// still waits for it.
type httpAnswer struct {
	ready   chan struct{} // closed when the answer is given
	written chan struct{} // closed when the handler has written its response

	mu          sync.Mutex
	body        []byte
	contentType string
	given       bool
	taken       bool
}

var errTooLate = errors.New("the interaction's HTTP request was answered without it")

func newHTTPAnswer() *httpAnswer {
	return &httpAnswer{ready: make(chan struct{}), written: make(chan struct{})}
}

// callback implements transport.
func (a *httpAnswer) callback(body []byte, contentType string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.taken || a.given {
		return errTooLate
	}
	a.body, a.contentType, a.given = body, contentType, true
	close(a.ready)
	return nil
}

// uploads implements transport: an HTTP answer carries JSON alone, and an
// image follows by REST.
func (a *httpAnswer) uploads() bool { return false }

// sent implements transport.
func (a *httpAnswer) sent(ctx context.Context) error {
	select {
	case <-a.written:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// take ends the wait: it returns the answer if one was given, and refuses
// any that comes later.
func (a *httpAnswer) take() (body []byte, contentType string, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.taken = true
	return a.body, a.contentType, a.given
}

func (a *httpAnswer) markWritten() { close(a.written) }

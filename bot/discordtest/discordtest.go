// Package discordtest is a Discord-compatible fake server for end-to-end
// tests and benchmarks: the bot's real discordgo session talks to it over
// HTTP and a websocket on 127.0.0.1, exactly as it would talk to Discord.
//
// The fake plays both sides. Towards the bot it serves the REST routes an
// interaction bot uses and the gateway; towards the test it is the users,
// who run slash commands, click buttons and read what the bot showed them:
//
//	fake := discordtest.New(t)
//	guild := fake.AddGuild("Test")
//	channel := fake.AddChannel(guild, "games")
//	alice := fake.AddUser("Alice")
//	s, _ := endpoint.NewSession(fake.Token(), fake.URL())
//	// add handlers, then s.Open() and t.Cleanup(func() { s.Close() })
//	fake.WaitConnected(ctx)
//	it, _ := fake.Command(ctx, alice, guild, channel, "play", map[string]any{"game": "life"})
//	resp, _ := it.Wait(ctx)
//	click, _ := fake.Click(ctx, alice, resp.Message, "join")
//
// It enforces the rules a bot most easily breaks: the 3-second interaction
// deadline, one response per interaction, the 15-minute interaction token,
// message and component limits, attachments kept across edits, pings only on
// creation, closed DMs. A request it does not model is answered 404 and listed
// by Unhandled; every other 4xx it gave, except the injected faults of
// Faults, is listed by Rejected. A test that asserts both are empty proves
// the bot used only what the fake checks.
//
// # What a test can see
//
// Messages lists a channel's messages as they stand, History every message
// ever created there with the deleted ones flagged, and each Message
// carries its EditedCount and the users it pinged; Pings lists the
// notifications a user got and Ephemerals the replies only they saw. With
// faults injected (see below), these show whether the bot's retries
// duplicated or lost anything.
//
// # Request bodies
//
// Every JSON body the bot sends (for a multipart request, its payload_json
// part) is first checked against the request-body schema of its route in
// Discord's own OpenAPI description of API v10, a copy of which is in
// testdata. A body that does not fit is refused as Discord refuses it: 400
// with code 50035 "Invalid Form Body" and the errors nested by JSON path,
// each naming the schema it broke. Where the description offers kinds of
// object told apart by "type" (components, command options, interaction
// responses), the body is held to the kind its type names, and an unknown
// type is a UNION_TYPE_CHOICES error on the object. The fake's own rules,
// which the description does not carry (unique custom_ids, the layout of
// action rows, attachments across edits), are checked after. Where
// Discord's documentation accepts what the description refuses, schema.go
// lists the exception. There are two: default_member_permissions, which
// the documentation types as a decimal string and the description as an
// integer, and the id of an "attachments" entry, which the documentation
// writes as the integer n of files[n] and the description as a snowflake
// string only.
//
// # API version
//
// Discord's REST behaviour depends on the version in the URL, and the bot
// rewrites discordgo's v9 routes to whatever base it is given. URL returns a
// base ending in /api/v10, like endpoint.Default; WithAPIVersion(9) gives
// /api/v9. The versions differ where an edit uploads files: v9 appends them
// to the kept attachments, v10 keeps only what the "attachments" array lists
// and, without that array, replaces the old attachments by the uploads. The
// fake also refuses, in v10, an "attachments" array that leaves out a new
// upload, because Discord documents that it must list them.
//
// # Edits
//
// An edit (PATCH of a message, a type 7 response, a webhook edit) changes
// only the fields it sends. A null content or embeds clears them; a null
// components keeps the rows, as Discord does, and an empty array removes
// them. Edits never ping. The first follow-up after a type 5 response fills
// the "thinking" placeholder instead of creating a message and keeps the
// placeholder's visibility, whatever flags it carries; filling it pings
// nobody.
//
// # Faults
//
// A test can make Discord misbehave while a game is played. Faults takes a
// FaultPlan: each Fault picks a share of the REST requests, by method,
// route (Discord's path template, such as
// "/channels/{channel_id}/messages/{message_id}") and channel, and fails
// them in one way:
//
//   - FaultStatus answers 500, 502 or 503 and changes nothing;
//   - FaultStatusAfterApply applies the request, then answers the same, so
//     the bot cannot tell that it landed and must retry idempotently;
//   - FaultTimeout holds the request for Fault.Hold, or until the client
//     gives up, then drops the connection without an answer;
//     FaultTimeoutAfterApply does the same once the request is applied;
//   - FaultRateLimit answers 429 with Discord's body and headers
//     (Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining: 0,
//     X-RateLimit-Reset, X-RateLimit-Reset-After, X-RateLimit-Bucket,
//     X-RateLimit-Scope) and refuses the request's bucket, its route and
//     channel, guild, webhook or interaction, until retry_after has passed.
//
// For example, to answer 500 to a tenth of the message edits after applying
// them, and rate-limit about one request in twenty:
//
//	fake.Faults(discordtest.FaultPlan{Seed: seed, Faults: []discordtest.Fault{
//		{Kind: discordtest.FaultStatusAfterApply, Share: 0.1, Method: "PATCH",
//			Route: "/channels/{channel_id}/messages/{message_id}"},
//		{Kind: discordtest.FaultRateLimit, Share: 0.05, RetryAfter: 200 * time.Millisecond},
//	}})
//
// RateLimitChannel makes every message route of one channel answer 429 for
// a while, and leaves other channels alone. Each Fault draws from its own
// generator, seeded from the plan, once per matching request: the same seed
// and the same order of requests fail the same requests. FaultCounts counts
// the faults by route and kind.
//
// Rate limits run on real time, not on the clock of WithClock: discordgo
// sleeps for retry_after in real time before retrying, and a test clock
// standing still would refuse the retry for ever. Failed interaction
// callbacks count against the 3-second deadline: with WithClock, the time a
// callback was held, or told to wait by a 429, is added to the
// interaction's wait, as it would have passed on Discord.
//
// Injected faults are not listed by Rejected: they are Discord's doing. A
// request on a bucket the fake has answered 429 on, sent before
// retry_after has passed, is the bot's and is listed there too. Note that
// discordgo resends a 502 by itself, so FaultStatusAfterApply with status
// 502 applies a request twice.
//
// # Commands
//
// Registration is checked as Discord checks it: names, descriptions,
// choices, sub-commands and groups (a command holds either those or plain
// options, a group only sub-commands), autocomplete (string, integer and
// number options, never with choices), contexts and integration_types.
// Command takes a sub-command's path, such as "newgame thatslife", and
// nests its options as Discord does. The application is installed to
// guilds: a global command runs in a guild channel or thread when its
// contexts include 0 or are absent, and in the DM with the bot when they
// include 1 or, absent, dm_permission is not false; user-install-only
// commands are out of reach. A DM interaction carries user and context 1,
// a guild one member, guild_id and context 0.
//
// Autocomplete sends what the client sends while a user types: the
// focused option flagged, its partial text as a string. The bot must
// answer with type 8 and up to 25 choices of the option's type; any other
// answer is refused and listed by Rejected, and Interaction.Choices shows
// the accepted one.
//
// # Threads
//
// The bot can start a thread in a text channel, from a message (a public
// thread whose id is the message's) or without one (private unless the
// request asks for type 11, as on Discord). A thread is a channel: the
// bot sends, edits and lists messages in it, and users run commands and
// click buttons in it; a private thread admits only the users a message in
// it has pinged. THREAD_CREATE reaches sessions with the GUILDS intent,
// and Threads lists a channel's threads. Archiving, the thread member
// routes and forum channels are not modelled.
//
// # Interactions over HTTP
//
// DeliverHTTP makes the fake POST interactions to one or more Interactions
// Endpoint URLs, in turn, instead of sending them over the gateway. Each
// request is signed with an Ed25519 key the fake owns (PublicKey, also the
// application's verify_key), and the answer's body is the interaction's
// initial response, held to every rule of the callback route; a failed
// POST or a status other than 2xx is "This interaction failed".
// VerifyEndpoint checks an endpoint as the developer portal does, and
// PostForged sends a command with a wrong signature and reports the
// status the endpoint answered.
//
// # What it does not model
//
// Rate limits other than injected ones, permissions beyond what an
// interaction carries and the bot's thread permissions (DenyThreads),
// roles, reactions, stickers, polls, modal
// submissions and the components v2 layout. Such requests show up in
// Unhandled or are refused with a message naming the missing feature,
// never silently accepted.
//
// # Shutting down
//
// Close (registered with tb.Cleanup by New) closes every gateway connection.
// Close the discordgo session before the fake: t.Cleanup runs last-in
// first-out, so registering the session's Close after New is enough.
// Otherwise discordgo sees a dropped connection and keeps reconnecting in
// the background for the rest of the test binary.
package discordtest

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on interactions.
const (
	// InteractionDeadline is how long Discord waits for the first response.
	InteractionDeadline = discordgo.InteractionDeadline
	// TokenLifetime is how long an interaction token accepts follow-ups
	// and edits.
	TokenLifetime = 15 * time.Minute
)

// Snowflakes count milliseconds from Discord's epoch.
const discordEpochMs = 1420070400000

// memberPermissions are what an ordinary member may do in a text channel;
// interactions carry them in member.permissions.
const memberPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionAddReactions |
	discordgo.PermissionUseExternalEmojis |
	discordgo.PermissionUseApplicationCommands

// Server is a running fake Discord. All its methods are safe for concurrent
// use.
type Server struct {
	hs        *httptest.Server
	base      string // http://127.0.0.1:port
	version   int
	token     string
	bot       User
	now       func() time.Time
	realClock bool
	heartbeat time.Duration
	// lang is the language the server speaks (WithLanguage), and what
	// its Check found in the bot's texts.
	lang         *Language
	langSeen     map[string]bool
	langProblems []string
	// langMixed says a test gave someone another language than lang:
	// the bot's texts are no longer all in lang, and Check rests.
	langMixed bool

	idMs  uint64
	idSeq atomic.Uint64

	closeOnce sync.Once
	stopping  chan struct{}  // closed when Close starts: held requests let go
	wg        sync.WaitGroup // gateway connections being served

	// Interactions over HTTP (see DeliverHTTP): the application's key,
	// and the POSTs under way, which deliverCtx ends at Close.
	signer        ed25519.PrivateKey
	client        *http.Client
	deliverCtx    context.Context
	endDeliveries context.CancelFunc
	deliveries    sync.WaitGroup

	mu           sync.Mutex
	changed      chan struct{} // closed and replaced on every change
	closed       bool
	guilds       map[string]*guild
	guildOrder   []string
	channels     map[string]*channel
	users        map[string]*user
	dms          map[string]string // user id → DM channel id
	messages     map[string]*message
	deleted      map[string]*message   // kept for History
	commands     map[string][]*command // "" for global, else guild id
	interactions map[string]*Interaction
	byToken      map[string]*Interaction
	pings        map[string][]*Message
	unhandled    []string
	rejected     []Rejection
	conns        map[*gwConn]struct{}
	sessions     map[string]*gwSession
	live         map[*gwSession]struct{}
	stats        GatewayStats
	faults       faults
	// endpoints, when set, receive the interactions instead of the
	// gateway, nextEndpoint's turn first.
	endpoints    []string
	nextEndpoint int
}

type guild struct {
	id, name string
	channels []string // text channels
	threads  []string
	// locale is the server's language ("" for en-US).
	locale string
}

type channel struct {
	id, guildID, name string
	typ               discordgo.ChannelType
	recipient         string   // DM channels: the user
	msgs              []string // message ids, oldest first

	// Threads.
	parentID    string
	autoArchive int // minutes
	fromMessage bool
	created     time.Time
	// members are the users who joined a private thread by being
	// pinged in it; only they and the bot see it.
	members map[string]bool
	// noThreads says the bot may not start threads here (DenyThreads).
	noThreads bool
}

type user struct {
	User
	dmsClosed   bool
	permissions int64
	// locale is the language of the user's client ("" for en-US).
	locale string
}

// Option configures a Server.
type Option func(*config)

type config struct {
	token     string
	now       func() time.Time
	heartbeat time.Duration
	version   int
	lang      *Language
}

// WithClock replaces time.Now for the interaction deadline, the token
// lifetime, latencies and timestamps, so a test can step past 3 seconds or
// 15 minutes without waiting. Interaction.Wait then stops giving up on its own.
func WithClock(now func() time.Time) Option { return func(c *config) { c.now = now } }

// Clock is a clock a test moves by hand: pass its Now to WithClock, and
// the Clock itself to code under test that keeps time too. Its timers
// (After) fire when Advance reaches them, never by themselves.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []clockTimer
}

type clockTimer struct {
	at time.Time
	ch chan time.Time
}

// NewClock returns a Clock that reads start until it is advanced.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now reads the clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After returns a channel that receives the time once the clock has been
// advanced by d or more.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, clockTimer{at: c.now.Add(d), ch: ch})
	return ch
}

// Advance moves the clock forward by d and fires the timers it reaches.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.now) {
			kept = append(kept, t)
			continue
		}
		t.ch <- c.now
	}
	c.timers = kept
}

// Armed reports whether a timer waits to fire exactly d from now: a test
// waits with it until one periodic loop of the code under test, which
// waits d between rounds, is waiting again, whatever other timers there are.
func (c *Clock) Armed(d time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.timers {
		if t.at.Equal(c.now.Add(d)) {
			return true
		}
	}
	return false
}

// Timers reports how many timers wait on the clock, so a test can wait
// until the code under test is waiting before it advances.
func (c *Clock) Timers() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// WithAPIVersion selects the REST version URL points at: 10 (the default,
// what the bot uses in production) or 9 (what discordgo itself names).
func WithAPIVersion(v int) Option { return func(c *config) { c.version = v } }

// New starts a fake Discord on 127.0.0.1 and stops it when the test ends.
func New(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	cfg := config{token: "discordtest-token", heartbeat: 45 * time.Second, version: 10}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.version != 9 && cfg.version != 10 {
		tb.Fatalf("discordtest: API version %d: only 9 and 10 are modelled", cfg.version)
	}
	if cfg.heartbeat < time.Millisecond {
		tb.Fatalf("discordtest: heartbeat interval %v is below a millisecond", cfg.heartbeat)
	}
	s := &Server{
		version:      cfg.version,
		lang:         cfg.lang,
		token:        cfg.token,
		now:          cfg.now,
		realClock:    cfg.now == nil,
		heartbeat:    cfg.heartbeat,
		idMs:         uint64(time.Now().UnixMilli() - discordEpochMs),
		changed:      make(chan struct{}),
		stopping:     make(chan struct{}),
		guilds:       map[string]*guild{},
		channels:     map[string]*channel{},
		users:        map[string]*user{},
		dms:          map[string]string{},
		messages:     map[string]*message{},
		deleted:      map[string]*message{},
		commands:     map[string][]*command{},
		interactions: map[string]*Interaction{},
		byToken:      map[string]*Interaction{},
		pings:        map[string][]*Message{},
		conns:        map[*gwConn]struct{}{},
		sessions:     map[string]*gwSession{},
		live:         map[*gwSession]struct{}{},
	}
	if s.now == nil {
		s.now = time.Now
	}
	_, signer, err := ed25519.GenerateKey(nil)
	if err != nil {
		tb.Fatalf("discordtest: making the application's key: %v", err)
	}
	s.signer = signer
	// The bot's endpoints listen on this machine: no proxy in between.
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.Proxy = nil
	s.client = &http.Client{Transport: transport}
	s.deliverCtx, s.endDeliveries = context.WithCancel(context.Background())
	s.bot = User{ID: s.newID(), Username: "lifebot-test", Bot: true}
	s.hs = httptest.NewServer(s.router())
	s.base = s.hs.URL
	tb.Cleanup(s.Close)
	return s
}

// Close shuts the fake down: it closes every gateway connection and the
// listener. It is called by the test cleanup; calling it again does nothing.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.stopping)
		s.mu.Lock()
		s.closed = true
		conns := make([]*gwConn, 0, len(s.conns))
		for c := range s.conns {
			conns = append(conns, c)
		}
		s.mu.Unlock()
		for _, c := range conns {
			c.sendClose(closeGoingAway, "discordtest shutting down")
		}
		s.wg.Wait()
		s.endDeliveries()
		s.deliveries.Wait()
		s.client.CloseIdleConnections()
		s.hs.Close()
		s.mu.Lock()
		s.notifyLocked()
		s.mu.Unlock()
	})
}

// URL is the REST base to give the bot (endpoint.NewSession(token, URL())).
func (s *Server) URL() string { return s.base + "/api/v" + strconv.Itoa(s.version) }

// GatewayURL is the websocket URL that GET /gateway announces.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.base, "http") + "/ws" }

// Token is the bot token the fake accepts, without the "Bot " prefix.
func (s *Server) Token() string { return s.token }

// AppID is the application id; like a modern Discord application it equals
// the bot user's id.
func (s *Server) AppID() string { return s.bot.ID }

// BotUser is the bot's own user, the author of everything it sends.
func (s *Server) BotUser() User { return s.bot }

// newID returns a fresh snowflake. Each id gets its own millisecond so that
// ids sort by creation and spread over shards like real ones.
func (s *Server) newID() string {
	n := s.idSeq.Add(1)
	return strconv.FormatUint((s.idMs+n)<<22|n&0xfff, 10)
}

func (s *Server) newToken(id string) string {
	return fmt.Sprintf("aW50ZXJhY3Rpb24.%s.%016x", id, rand.Uint64())
}

// AddGuild creates a guild the bot is in and returns its id. A connected
// bot receives GUILD_CREATE.
func (s *Server) AddGuild(name string) string {
	s.mu.Lock()
	g := &guild{id: s.newID(), name: name}
	s.guilds[g.id] = g
	s.guildOrder = append(s.guildOrder, g.id)
	payload := s.guildJSONLocked(g)
	targets := s.targetsLocked(g.id, true)
	s.notifyLocked()
	s.mu.Unlock()
	s.broadcast(targets, "GUILD_CREATE", payload)
	return g.id
}

// AddChannel creates a text channel in a guild and returns its id. It
// panics on an unknown guild: that is a mistake in the test itself, as are
// unknown user ids given to SetPermissions, CloseDMs and DMChannel.
func (s *Server) AddChannel(guildID, name string) string {
	s.mu.Lock()
	g := s.guilds[guildID]
	if g == nil {
		s.mu.Unlock()
		panic(fmt.Sprintf("discordtest: AddChannel: unknown guild %q", guildID))
	}
	c := &channel{id: s.newID(), guildID: guildID, name: name, typ: discordgo.ChannelTypeGuildText}
	s.channels[c.id] = c
	g.channels = append(g.channels, c.id)
	payload := s.channelJSONLocked(c)
	targets := s.targetsLocked(guildID, true)
	s.notifyLocked()
	s.mu.Unlock()
	s.broadcast(targets, "CHANNEL_CREATE", payload)
	return c.id
}

// AddUser creates a user who is a member of every guild, with ordinary
// member permissions. name becomes the display (global) name and, in lower
// case, the username.
func (s *Server) AddUser(name string) User {
	u := User{
		ID:         s.newID(),
		Username:   strings.ToLower(strings.ReplaceAll(name, " ", "_")),
		GlobalName: name,
	}
	s.mu.Lock()
	s.users[u.ID] = &user{User: u, permissions: memberPermissions}
	s.notifyLocked()
	s.mu.Unlock()
	return u
}

// SetPermissions sets the permissions a user's interactions carry in
// member.permissions (for example discordgo.PermissionAdministrator).
func (s *Server) SetPermissions(userID string, permissions int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mustUserLocked(userID).permissions = permissions
}

// SetLocale sets the language of a user's Discord client, which their
// interactions carry ("de", "pt-BR"); en-US until set.
func (s *Server) SetLocale(userID, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mustUserLocked(userID).locale = locale
	s.otherLanguageLocked(locale)
}

// SetGuildLocale sets a server's language, which interactions in it
// carry as guild_locale; en-US until set.
func (s *Server) SetGuildLocale(guildID, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guilds[guildID].locale = locale
	s.otherLanguageLocked(locale)
}

// CloseDMs makes the user refuse DMs: the bot's messages to their DM
// channel fail with 403 50007, as when a user disallows DMs from server
// members. Interaction responses in the DM still work, as on Discord.
func (s *Server) CloseDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mustUserLocked(userID).dmsClosed = true
}

func (s *Server) mustUserLocked(id string) *user {
	u := s.users[id]
	if u == nil {
		panic(fmt.Sprintf("discordtest: unknown user %q", id))
	}
	return u
}

// DMChannel returns the id of the DM channel between the bot and a user,
// the one POST /users/@me/channels returns. Like Discord's, it exists for
// every user and keeps its id.
func (s *Server) DMChannel(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mustUserLocked(userID)
	return s.dmLocked(userID).id
}

func (s *Server) dmLocked(userID string) *channel {
	if id, ok := s.dms[userID]; ok {
		return s.channels[id]
	}
	c := &channel{id: s.newID(), typ: discordgo.ChannelTypeDM, recipient: userID}
	s.channels[c.id] = c
	s.dms[userID] = c.id
	return c
}

// notifyLocked wakes every WaitFor. Callers hold s.mu.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// WaitFor blocks until cond returns true or ctx ends. cond is evaluated
// again after every change the fake sees (a request, a connection, a
// response), so tests wait on outcomes instead of sleeping. cond may call
// the Server's accessors.
func (s *Server) WaitFor(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: condition not met: %w", ctx.Err())
		}
	}
}

// WaitConnected blocks until a bot session is identified (READY sent) or
// resumed on an open connection.
func (s *Server) WaitConnected(ctx context.Context) error {
	return s.WaitFor(ctx, func() bool { return s.GatewayStats().Live > 0 })
}

// GatewayStats counts gateway activity.
type GatewayStats struct {
	Ready   int // READY events sent: successful IDENTIFYs
	Resumed int // RESUMED events sent
	Live    int // sessions with an open connection that got READY or RESUMED
}

// GatewayStats returns the gateway counters.
func (s *Server) GatewayStats() GatewayStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	for g := range s.live {
		if g.ready {
			st.Live++
		}
	}
	return st
}

// Messages returns the channel's messages as they stand now, oldest first.
// Deleted messages are gone (see History) and ephemeral ones are not in the
// channel (see Ephemerals).
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		return nil
	}
	var out []*Message
	for _, id := range c.msgs {
		if m := s.messages[id]; m != nil && m.ephemeralTo == "" {
			out = append(out, s.snapshotLocked(m))
		}
	}
	return out
}

// History returns every message ever created in the channel, oldest first,
// with the deleted ones as they were when deleted (Deleted set): a test
// counts with it what a game sent, retries and cleaned-up pings included.
// Ephemeral messages are not in the channel (see Ephemerals).
func (s *Server) History(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		return nil
	}
	var out []*Message
	for _, id := range c.msgs {
		m := s.messages[id]
		if m == nil {
			m = s.deleted[id]
		}
		if m.ephemeralTo == "" {
			out = append(out, s.snapshotLocked(m))
		}
	}
	return out
}

// Message returns a message as it stands now, or nil if it does not exist
// or was deleted. Ephemeral messages are found too.
func (s *Server) Message(id string) *Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[id]; m != nil {
		return s.snapshotLocked(m)
	}
	return nil
}

// Ephemerals returns, oldest first, the ephemeral messages shown to a user
// that still exist: replies and follow-ups only they can see.
func (s *Server) Ephemerals(userID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	for _, m := range s.messages {
		if m.ephemeralTo == userID {
			out = append(out, s.snapshotLocked(m))
		}
	}
	slices.SortFunc(out, func(a, b *Message) int { return compareIDs(a.ID, b.ID) })
	return out
}

// Pings returns, oldest first, the messages that notified a user, as they
// were when created (the notification keeps its text even if the message
// is later edited or deleted).
func (s *Server) Pings(userID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.pings[userID])
}

// Unhandled lists the requests ("METHOD /path") the fake has no route for.
func (s *Server) Unhandled() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.unhandled)
}

// Rejection is a request the fake refused with a 4xx answer.
type Rejection struct {
	Method, Path string
	Status       int
	Code         int    // Discord's JSON error code
	Message      string // Discord's message, with details of an invalid form
}

func (r Rejection) String() string {
	return fmt.Sprintf("%s %s: %d %d %s", r.Method, r.Path, r.Status, r.Code, r.Message)
}

// Rejected lists every request the fake refused, in order, apart from the
// faults it injected (see FaultCounts).
func (s *Server) Rejected() []Rejection {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.rejected)
}

// Commands returns the application commands registered for a guild, or
// the global ones for guildID "".
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*discordgo.ApplicationCommand, 0, len(s.commands[guildID]))
	for _, c := range s.commands[guildID] {
		out = append(out, c.toDiscordgo())
	}
	return out
}

func compareIDs(a, b string) int {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func timestamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }

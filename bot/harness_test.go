package bot_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/render"
	"github.com/lifebot/lifebot/storage"
)

// harness runs the real bot, on a real discordgo session and a real bbolt
// file, against the fake Discord. stop and start again is a restart.
type harness struct {
	t      testing.TB
	fake   *discordtest.Server
	dbPath string
	games  *games.Registry
	render core.Renderer
	seed   uint64
	// deferAfter, when set, replaces the bot's deferral delay.
	deferAfter time.Duration
	// log, when set, replaces the quiet test logger.
	log *slog.Logger
	// clock is the bot's clock; tests move it to make turns idle.
	clock     *discordtest.Clock
	turnClock time.Duration
	// tables, when set, adjusts the bot's settings before each start.
	tables  func(*bot.Config)
	guild   string
	channel string

	// serve runs the bot as an interactions endpoint, with no gateway
	// connection: the fake POSTs the interactions to replica.
	serve   bool
	replica *replica

	store   *storage.Bolt
	session *discordgo.Session
	bot     *bot.Bot
	// closing has a channel for each session being closed, closed when
	// discordgo is done with it.
	closing []chan struct{}
}

func newHarness(t testing.TB, reg *games.Registry, r core.Renderer) *harness {
	return newHarnessOf(t, reg, r, false)
}

// newServeHarness is a harness whose bot serves Discord's interactions
// endpoint, as "lifebot serve" does.
func newServeHarness(t testing.TB, reg *games.Registry, r core.Renderer) *harness {
	return newHarnessOf(t, reg, r, true)
}

func newHarnessOf(t testing.TB, reg *games.Registry, r core.Renderer, serve bool) *harness {
	var opts []discordtest.Option
	if inPseudo() {
		opts = append(opts, discordtest.WithLanguage(pseudoLanguage(reg)))
	}
	fake := discordtest.New(t, opts...)
	h := &harness{
		t: t, fake: fake, dbPath: filepath.Join(t.TempDir(), "lifebot.db"),
		games: reg, render: r, seed: 42, serve: serve,
		clock: discordtest.NewClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)),
	}
	h.guild = fake.AddGuild("Board games")
	h.channel = fake.AddChannel(h.guild, "games")
	t.Cleanup(func() {
		for _, closed := range h.closing {
			<-closed
		}
	})
	h.start()
	t.Cleanup(h.stop)
	t.Cleanup(func() {
		// Every body the bot sent matched Discord's published description
		// of its route, and every route it used is one the fake models.
		for _, r := range fake.Rejected() {
			if r.Code == 50035 {
				t.Errorf("Discord would refuse: %s", r)
			}
			// Calling a bucket Discord asked to be left alone counts
			// against the bot, up to a ban.
			if r.Status == http.StatusTooManyRequests {
				t.Errorf("called before retry_after ended: %s", r)
			}
		}
		if u := fake.Unhandled(); len(u) > 0 {
			t.Errorf("requests the fake does not model: %q", u)
		}
		for _, p := range fake.LanguageProblems() {
			t.Errorf("in the pseudo-language: %s", p)
		}
	})
	return h
}

// boards is the real renderer, shared by every test that draws images: its
// fonts and sprites are made once, and it bounds the renders running at
// once across the package's parallel tests.
var boards = sync.OnceValue(render.NewRenderer)

// boardsOnly draws boards as the real renderer does but is no Animator:
// a game played by it ends without drawing a replay, which most tests do
// not read and which costs more than all the game's boards together.
type boardsOnly struct{ r *render.Renderer }

func (b boardsOnly) Board(view any, names []string, lang i18n.Lang) ([]byte, error) {
	return b.r.Board(view, names, lang)
}

// thatsLifeHarness plays That's Life! with boards written as text, which
// the tests can read; the tests that are about images say so.
func thatsLifeHarness(t testing.TB) *harness {
	return newHarness(t, games.NewRegistry(thatslife.Game{}), textRenderer{})
}

func thatsLifeServeHarness(t testing.TB) *harness {
	return newServeHarness(t, games.NewRegistry(thatslife.Game{}), textRenderer{})
}

func (h *harness) start() {
	h.t.Helper()
	store, err := storage.OpenBolt(h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	seed := h.seed
	log := h.log
	if log == nil {
		log = testLogger()
	}
	cfg := bot.Config{
		Store: store, Games: h.games, Renderer: h.render,
		Log:        log,
		Seed:       func() uint64 { return seed },
		DeferAfter: h.deferAfter,
		Clock:      h.clock,
		TurnClock:  h.turnClock,
		Backoff:    10 * time.Millisecond,
	}
	if h.tables != nil {
		h.tables(&cfg)
	}
	if h.serve {
		h.store = store
		h.replica = startReplica(h.t, h.fake, cfg)
		h.bot = h.replica.bot
		h.fake.DeliverHTTP(h.replica.url)
		return
	}
	s, err := endpoint.NewSession(h.fake.Token(), h.fake.URL())
	if err != nil {
		h.t.Fatal(err)
	}
	s.LogLevel = -1
	b := bot.New(cfg)
	b.Attach(s)
	ready := h.fake.GatewayStats().Ready
	if err := s.Open(); err != nil {
		h.t.Fatal(err)
	}
	h.store, h.session, h.bot = store, s, b
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// After a restart the commands are registered already: the new
	// session must have been made ready too, or the first interaction
	// finds no bot.
	if err := h.fake.WaitFor(ctx, func() bool { return len(h.fake.Commands("")) > 0 && h.fake.GatewayStats().Ready > ready }); err != nil {
		h.t.Fatal("commands were never registered: ", err)
	}
}

func (h *harness) stop() {
	// A stopped bot's timers stay behind on the clock it had, where
	// waitArmed cannot take them for the next bot's: time goes on, on a
	// clock of the next bot's own.
	defer func() { h.clock = discordtest.NewClock(h.clock.Now()) }()
	if h.replica != nil {
		// A shutdown may outlast its deadline while a replay is still
		// drawn, in either mode: the next start delivers it.
		h.replica.stop()
		h.store.Close()
		h.replica = nil
		return
	}
	if h.session == nil {
		return
	}
	// discordgo's Close sends the close frame, then sleeps a second before
	// it drops the connection; the fake ends the session on the frame, as
	// Discord does, so the harness goes on once the fake has seen it and
	// the sleep finishes in the background.
	closed := make(chan struct{})
	go func(s *discordgo.Session) {
		defer close(closed)
		bot.CloseSession(s)
	}(h.session)
	h.closing = append(h.closing, closed)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Until the fake sees the connection gone it may still hand an
	// interaction to the stopped bot, whose store is about to close.
	if err := h.fake.WaitFor(ctx, func() bool { return h.fake.GatewayStats().Live == 0 }); err != nil {
		h.t.Error("the stopped bot's gateway connection never went away: ", err)
	}
	h.bot.Shutdown(ctx)
	h.store.Close()
	h.session = nil
}

func (h *harness) restart() {
	h.stop()
	h.start()
}

// ctx bounds one step of a test. It only ends a test that is stuck: what
// the step waits for is an event, and a busy machine may take long to
// bring it.
func (h *harness) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	h.t.Cleanup(cancel)
	return ctx
}

// command runs a slash command and returns the bot's response.
func (h *harness) command(u discordtest.User, name string, opts map[string]any) *discordtest.Response {
	h.t.Helper()
	it, err := h.fake.Command(h.ctx(), u, h.guild, h.channel, name, opts)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.wait(it)
}

// click clicks a component that the user can see on msg.
func (h *harness) click(u discordtest.User, msg *discordtest.Message, customID string) *discordtest.Response {
	h.t.Helper()
	it, err := h.fake.Click(h.ctx(), u, msg, customID)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.wait(it)
}

func (h *harness) wait(it *discordtest.Interaction) *discordtest.Response {
	h.t.Helper()
	resp, err := it.Wait(h.ctx())
	if err != nil {
		h.t.Fatal(err)
	}
	// A slow machine (the race detector, a busy CI) may make the bot defer;
	// the answer then comes as an edit or a follow-up, so wait for it.
	if resp.Type == discordgo.InteractionResponseDeferredMessageUpdate || resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		h.waitFinished(it)
		if f := it.Followups(); len(f) > 0 {
			return &discordtest.Response{Type: resp.Type, Message: f[len(f)-1]}
		}
		return &discordtest.Response{Type: resp.Type, Message: it.Original()}
	}
	return resp
}

// buttonLabelled finds a button by its label on msg.
func buttonLabelled(t testing.TB, msg *discordtest.Message, label string) string {
	t.Helper()
	var labels []string
	for _, b := range msg.Buttons() {
		if b.Label == label {
			return b.CustomID
		}
		labels = append(labels, b.Label)
	}
	t.Fatalf("no button %q on message %s (buttons: %q) content %q flags %v loading %v edits %d", label, msg.ID, labels, msg.Content, msg.Flags, msg.Loading(), msg.EditedCount)
	return ""
}

// showsOnly tells a component that only shows its clicker something
// privately, the game's history: it is no move, and a finished board keeps
// it.
func showsOnly(c discordtest.Component) bool {
	verb, _, _ := strings.Cut(c.CustomID, ":")
	return verb == "steps"
}

// plays returns the buttons of msg that act: its moves, and on a running
// game's board "Show my hand"; none once the game is over.
func plays(msg *discordtest.Message) []discordtest.Component {
	return slices.DeleteFunc(msg.Buttons(), showsOnly)
}

// privateText returns what an ephemeral response said.
func privateText(t testing.TB, resp *discordtest.Response) string {
	t.Helper()
	if resp.Message == nil || !resp.Message.Ephemeral() {
		t.Fatalf("expected an ephemeral reply, got %+v", resp)
	}
	return resp.Message.Content
}

func mustContain(t testing.TB, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("%s: %q does not contain %q", what, got, want)
	}
}

// testLogger is quiet unless LIFEBOT_TEST_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("LIFEBOT_TEST_LOG") == "" {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func (h *harness) pingCounts(users []discordtest.User) map[string]int {
	out := map[string]int{}
	for _, u := range users {
		out[u.ID] = len(h.fake.Pings(u.ID))
	}
	return out
}

// waitPinged waits until u has more than n pings: the bot pings after it
// has answered the click, so the ping may trail the answer.
func (h *harness) waitPinged(u discordtest.User, n int) {
	h.t.Helper()
	if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Pings(u.ID)) > n }); err != nil {
		h.t.Fatalf("%s was never pinged for their turn: %v", u.Username, err)
	}
}

// waitFinished waits until a deferred interaction has been answered: its
// message is no longer "thinking", or a follow-up arrived. A deferred click
// is answered when its message changed since the click, by the answer or
// by a delivery that got there first.
func (h *harness) waitFinished(it *discordtest.Interaction) {
	h.t.Helper()
	err := h.fake.WaitFor(h.ctx(), func() bool {
		if len(it.Followups()) > 0 {
			return true
		}
		o := it.Original()
		return o != nil && !o.Loading() && (it.Type != discordgo.InteractionMessageComponent || o.EditedCount > it.SourceEdits())
	})
	if err != nil {
		h.t.Fatalf("deferred %s was never finished: %v", it, err)
	}
}

// twoPlayerGame has Ada open a That's Life! lobby, Ben join and Ada start;
// it returns the two and the message that became the board.
func (h *harness) twoPlayerGame() (ada, ben discordtest.User, board *discordtest.Message) {
	h.t.Helper()
	ada, ben = h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	board = h.command(ada, "newgame thatslife", nil).Message
	h.click(ben, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Join"))
	h.click(ada, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Start"))
	return ada, ben, board
}

// gameIn has host open a That's Life! lobby in channel with opts, guest
// join and host start; it returns the lobby message.
func (h *harness) gameIn(host, guest discordtest.User, channel string, opts map[string]any) *discordtest.Message {
	h.t.Helper()
	it, err := h.fake.Command(h.ctx(), host, h.guild, channel, "newgame thatslife", opts)
	if err != nil {
		h.t.Fatal(err)
	}
	lobby := h.wait(it).Message
	h.click(guest, h.fake.Message(lobby.ID), buttonLabelled(h.t, h.fake.Message(lobby.ID), "Join"))
	h.click(host, h.fake.Message(lobby.ID), buttonLabelled(h.t, h.fake.Message(lobby.ID), "Start"))
	return lobby
}

// gameWords are the words of every game, for tests that compare what an
// engine returned with what the bot showed.
var gameWords = sync.OnceValue(func() *i18n.Catalog {
	c, err := games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}).Words()
	if err != nil {
		panic(err)
	}
	return c
})

// english says text, as an engine returned it, in English.
func english(text string) string { return gameWords().In(i18n.English).Say(text) }

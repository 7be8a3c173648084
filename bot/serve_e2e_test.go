package bot_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// A request whose signature is missing, wrong or old is refused with 401
// and changes nothing: no game is made, nothing is posted or shown.
func TestServeRefusesForgedRequests(t *testing.T) {
	t.Parallel()
	h := thatsLifeServeHarness(t)
	ada := h.fake.AddUser("Ada")
	for _, f := range []discordtest.Forgery{
		discordtest.ForgeTampered, discordtest.ForgeOtherKey, discordtest.ForgeUnsigned,
		discordtest.ForgeMalformed, discordtest.ForgeStale,
	} {
		status, err := h.fake.PostForged(h.ctx(), h.replica.url, f, ada, h.guild, h.channel, "newgame thatslife", nil)
		if err != nil || status != http.StatusUnauthorized {
			t.Errorf("%v: status %d, %v; want 401", f, status, err)
		}
	}
	recs, err := h.store.List(h.ctx(), storage.Filter{})
	if err != nil || len(recs) != 0 {
		t.Errorf("forged /newgame left %d games (%v)", len(recs), err)
	}
	if msgs := h.fake.History(h.channel); len(msgs) != 0 {
		t.Errorf("forged /newgame posted %d messages", len(msgs))
	}
	if e := h.fake.Ephemerals(ada.ID); len(e) != 0 {
		t.Errorf("forged /newgame showed Ada %d messages", len(e))
	}
	// The same command, signed, opens the lobby.
	if lobby := h.command(ada, "newgame thatslife", nil).Message; lobby == nil || !strings.Contains(lobby.Content, "That's Life!") {
		t.Fatalf("a signed /newgame answered %+v", lobby)
	}
}

// gatedStore holds every Put while shut, so that a test decides how long
// an interaction takes.
type gatedStore struct {
	storage.Store
	mu      sync.Mutex
	gate    chan struct{} // nil: open
	waiting chan struct{} // told when a Put starts waiting
}

func newGatedStore(s storage.Store) *gatedStore {
	return &gatedStore{Store: s, waiting: make(chan struct{}, 1)}
}

// shut holds the Puts from now on until the returned func is called.
func (g *gatedStore) shut() (open func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	gate := make(chan struct{})
	g.gate = gate
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.gate = nil
		close(gate)
	}
}

func (g *gatedStore) Put(ctx context.Context, r storage.Record) (storage.Record, error) {
	g.mu.Lock()
	gate := g.gate
	g.mu.Unlock()
	if gate != nil {
		select {
		case g.waiting <- struct{}{}:
		default:
		}
		select {
		case <-gate:
		case <-ctx.Done():
			return storage.Record{}, ctx.Err()
		}
	}
	return g.Store.Put(ctx, r)
}

// gatedServeHarness is a serve harness whose store is gated.
func gatedServeHarness(t *testing.T) (*harness, *gatedStore) {
	h := thatsLifeServeHarness(t)
	h.stop()
	var gated *gatedStore
	h.deferAfter = 50 * time.Millisecond
	h.tables = func(c *bot.Config) {
		gated = newGatedStore(c.Store)
		c.Store = gated
	}
	h.start()
	return h, gated
}

// A move whose commit is slow is acknowledged in time by the HTTP
// response, as a deferral, and shown by REST once committed.
func TestServeDefersASlowMove(t *testing.T) {
	t.Parallel()
	h, gated := gatedServeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	b := h.fake.Message(board.ID)
	u, _ := activeUser(t, b, []discordtest.User{ada, ben})
	open := gated.shut()
	it, err := h.fake.Click(h.ctx(), u, b, plays(b)[0].CustomID)
	if err != nil {
		t.Fatal(err)
	}
	<-gated.waiting
	resp, err := it.Wait(h.ctx())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("a slow move was answered with type %d, want a deferral (6)", resp.Type)
	}
	open()
	h.waitFinished(it)
	after := h.fake.Message(board.ID)
	if after.Content == b.Content || len(after.Attachments) != 1 {
		t.Fatalf("the board after the move: %q with %d images", after.Content, len(after.Attachments))
	}
}

// On shutdown the replica stops being ready, and the move in flight is
// finished and shown before Shutdown returns; the store closes after.
func TestServeShutdownFinishesAnInFlightMove(t *testing.T) {
	t.Parallel()
	h, gated := gatedServeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	b := h.fake.Message(board.ID)
	u, _ := activeUser(t, b, []discordtest.User{ada, ben})
	before := loggedMoves(t, h)
	open := gated.shut()
	it, err := h.fake.Click(h.ctx(), u, b, plays(b)[0].CustomID)
	if err != nil {
		t.Fatal(err)
	}
	<-gated.waiting
	if _, err := it.Wait(h.ctx()); err != nil {
		t.Fatal(err)
	}
	r := h.replica
	var stopped atomic.Bool
	done := make(chan error, 1)
	go func() {
		err := r.stop()
		stopped.Store(true)
		done <- err
	}()
	ctx := h.ctx()
	for readyz(r) != http.StatusServiceUnavailable && ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	if stopped.Load() {
		t.Fatal("Shutdown returned with a move in flight")
	}
	open()
	if err := <-done; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if got := h.fake.Message(board.ID); got.EditedCount <= it.SourceEdits() {
		t.Fatal("Shutdown returned before the move in flight was shown")
	}
	if got := loggedMoves(t, h); got != before+1 {
		t.Fatalf("the record holds %d moves after shutdown, want %d", got, before+1)
	}
	if status := r.get("/healthz"); status != 0 {
		t.Fatalf("the stopped replica still answers /healthz (%d)", status)
	}
}

// readyz asks the replica's handler directly, which works on while its
// listener is closed.
func readyz(r *replica) int {
	rec := httptest.NewRecorder()
	r.endpoint.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	return rec.Code
}

// failingStore fails every call while down, as a database out of reach.
type failingStore struct {
	storage.Store
	down atomic.Bool
}

func (f *failingStore) Get(ctx context.Context, id string) (storage.Record, error) {
	if f.down.Load() {
		return storage.Record{}, errors.New("connection refused")
	}
	return f.Store.Get(ctx, id)
}

// /healthz says the process runs; /readyz that it should get
// interactions: once its commands are registered, while its store
// answers, until shutdown.
func TestServeHealthAndReadiness(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	bolt, err := storage.OpenBolt(filepath.Join(t.TempDir(), "lifebot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer bolt.Close()
	store := &failingStore{Store: bolt}
	s, err := endpoint.NewSession(fake.Token(), fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	key, err := bot.ParsePublicKey(fake.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Config{Store: store, Games: games.NewRegistry(thatslife.Game{}), Renderer: boards(), Log: testLogger()}).Endpoint(s, key)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	get := func(path string) int {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		body = rec.Body.String()
		return rec.Code
	}
	check := func(when string, health, ready int) {
		t.Helper()
		if got := get("/healthz"); got != health {
			t.Errorf("%s: /healthz %d, want %d", when, got, health)
		}
		if got := get("/readyz"); got != ready {
			t.Errorf("%s: /readyz %d, want %d", when, got, ready)
		}
	}
	check("starting", http.StatusOK, http.StatusServiceUnavailable)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Register(ctx); err != nil {
		t.Fatal(err)
	}
	if len(fake.Commands("")) == 0 {
		t.Fatal("Register registered no commands")
	}
	check("registered", http.StatusOK, http.StatusOK)
	// A database outage reaches every replica at once: each stays ready,
	// so that clicks get the bot's apology rather than a load balancer's
	// silence, and says what is wrong.
	store.down.Store(true)
	check("store down", http.StatusOK, http.StatusOK)
	if !strings.Contains(body, "store does not answer") {
		t.Errorf("/readyz with the store down says %q", body)
	}
	store.down.Store(false)
	check("store back", http.StatusOK, http.StatusOK)
	if err := e.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	check("shut down", http.StatusOK, http.StatusServiceUnavailable)
}

// A key that is not the application's is caught at start, not by every
// request failing.
func TestServeRefusesAnotherApplicationsKey(t *testing.T) {
	t.Parallel()
	fake, other := discordtest.New(t), discordtest.New(t)
	s, err := endpoint.NewSession(fake.Token(), fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	key, err := bot.ParsePublicKey(other.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(bot.Config{Store: storage.NewMemory(), Games: games.NewRegistry(thatslife.Game{}), Renderer: boards(), Log: testLogger()})
	e, err := b.Endpoint(s, key)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Register(ctx); err == nil || !strings.Contains(err.Error(), "public key") {
		t.Fatalf("Register with another application's key = %v, want an error about the key", err)
	}
	if len(fake.Commands("")) != 0 {
		t.Fatal("commands were registered with the wrong key")
	}
}

// A signed request sent again while fresh, as a load balancer retrying a
// POST sends it, is served once: a copied /newgame opens no second lobby
// (which would take the first one's message for its own), and a copied
// Join does not seat again someone who has left since.
func TestServeServesEachInteractionOnce(t *testing.T) {
	t.Parallel()
	h := thatsLifeServeHarness(t)
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	opened, err := h.fake.Command(h.ctx(), ada, h.guild, h.channel, "newgame thatslife", nil)
	if err != nil {
		t.Fatal(err)
	}
	lobby := h.wait(opened).Message
	h.waitFinished(opened)
	status, body, err := h.fake.Replay(h.ctx(), opened)
	if err != nil || status != http.StatusOK || !strings.Contains(string(body), "reached me twice") {
		t.Fatalf("a copied /newgame was answered %d %s, %v; want 200 saying it was served before", status, body, err)
	}
	// A restart waits for whatever the copy set going.
	h.restart()
	if recs, err := h.store.List(h.ctx(), storage.Filter{}); err != nil || len(recs) != 1 {
		t.Fatalf("after a copied /newgame the store holds %d games, %v; want 1", len(recs), err)
	}

	msg := h.fake.Message(lobby.ID)
	join, err := h.fake.Click(h.ctx(), ben, msg, buttonLabelled(t, msg, "Join"))
	if err != nil {
		t.Fatal(err)
	}
	h.wait(join)
	h.waitFinished(join)
	msg = h.fake.Message(lobby.ID)
	h.click(ben, msg, buttonLabelled(t, msg, "Leave"))
	if strings.Contains(h.fake.Message(lobby.ID).Content, ben.Mention()) {
		t.Fatal("Ben is still in the lobby after leaving")
	}
	status, body, err = h.fake.Replay(h.ctx(), join)
	if err != nil || status != http.StatusOK || string(body) != `{"type":6}` {
		t.Fatalf("a copied Join was answered %d %s, %v; want 200 acknowledging it with nothing changed", status, body, err)
	}
	h.restart()
	rec, _ := storedGame(t, h)
	if slices.Contains(rec.Users, ben.ID) {
		t.Fatalf("a copied Join seated Ben again: the lobby holds %v", rec.Users)
	}
}

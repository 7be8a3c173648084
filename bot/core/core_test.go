package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/storage"
)

// These tests drive the core without any Discord: a scripted platform
// records what would be sent and fails when told to.

type sent struct {
	op   string // send, edit, delete
	ref  MessageRef
	text string
}

type platform struct {
	mu   sync.Mutex
	log  []sent
	next int
	// fail, when set, decides the error of each call.
	fail func(op string, ref MessageRef) error
	// hold, when set, blocks edits until it is closed.
	hold chan struct{}
}

func (p *platform) call(op string, ref MessageRef, m *Message) error {
	p.mu.Lock()
	fail, hold := p.fail, p.hold
	p.mu.Unlock()
	if hold != nil && op == "edit" {
		<-hold
	}
	if fail != nil {
		if err := fail(op, ref); err != nil {
			return err
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	text := ""
	if m != nil {
		text = m.Content
	}
	p.log = append(p.log, sent{op: op, ref: ref, text: text})
	return nil
}

func (p *platform) Send(_ context.Context, channel string, m *Message) (MessageRef, error) {
	p.mu.Lock()
	p.next++
	ref := MessageRef{Channel: channel, ID: fmt.Sprint(1000 + p.next)}
	p.mu.Unlock()
	return ref, p.call("send", ref, m)
}
func (p *platform) Edit(_ context.Context, ref MessageRef, m *Message) error {
	return p.call("edit", ref, m)
}
func (p *platform) Delete(_ context.Context, ref MessageRef) error {
	return p.call("delete", ref, nil)
}
func (p *platform) DMChannel(_ context.Context, user string) (string, error) {
	return "dm-" + user, nil
}

// lastEdit returns the text of the last edit of a message.
func (p *platform) lastEdit(id string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.log) - 1; i >= 0; i-- {
		if p.log[i].op == "edit" && p.log[i].ref.ID == id {
			return p.log[i].text
		}
	}
	return ""
}

// responder records the answer to one interaction.
type responder struct {
	mu       sync.Mutex
	kind     string
	msg      *Message
	original MessageRef
	// shown is what the original message's components say, when it is
	// not the message this responder was answered with.
	shown []string
	fail  error
}

func (r *responder) set(kind string, m *Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		return r.fail
	}
	r.kind, r.msg = kind, m
	return nil
}
func (r *responder) Update(_ context.Context, m *Message) error { return r.set("update", m) }
func (r *responder) Ack(context.Context) error                  { return r.set("ack", nil) }
func (r *responder) Reply(_ context.Context, m *Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.kind, r.msg = "reply", m
	return nil
}
func (r *responder) Original(context.Context) (MessageRef, []string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.shown != nil {
		return r.original, r.shown, nil
	}
	var ids []string
	if r.msg != nil {
		for _, row := range r.msg.Rows {
			for _, c := range row {
				ids = append(ids, c.CustomID)
			}
		}
	}
	return r.original, ids, nil
}

func (r *responder) answer() (string, *Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.kind, r.msg
}

type echoRenderer struct{}

func (echoRenderer) Board(view any, names []string, _ i18n.Lang) ([]byte, error) {
	return []byte("PNG"), nil
}

type fixture struct {
	t     *testing.T
	svc   *Service
	store *storage.Memory
	p     *platform
	// turns is how the games fixture opens keep time.
	turns Setup
}

func newFixture(t *testing.T) *fixture {
	p := &platform{}
	store := storage.NewMemory()
	svc := New(Config{
		Store: store, Games: games.NewRegistry(thatslife.Game{}), Renderer: echoRenderer{},
		Discord: p, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond,
	})
	// Tests give the service other games than these; it knows every
	// game's words.
	svc.words = wordsFor(games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		svc.Shutdown(ctx)
	})
	return &fixture{t: t, svc: svc, store: store, p: p}
}

var (
	ada = Actor{User: "1", Name: "Ada", Guild: "g", Channel: "c"}
	ben = Actor{User: "2", Name: "Ben", Guild: "g", Channel: "c"}
)

// game opens a That's Life! lobby, seats Ben and starts; it returns the
// game id and the board message.
func (f *fixture) game() (string, MessageRef) {
	f.t.Helper()
	return f.open("thatslife")
}

// open opens a lobby of kind, seats Ben and starts.
func (f *fixture) open(kind string) (string, MessageRef) {
	f.t.Helper()
	return f.openBy(kind, ada, ben)
}

// openBy has host open a lobby of kind in their channel, seats guest and
// starts.
func (f *fixture) openBy(kind string, host, guest Actor) (string, MessageRef) {
	f.t.Helper()
	ctx := context.Background()
	board := MessageRef{Channel: host.Channel, ID: "900"}
	f.svc.NewGame(ctx, host, kind, nil, f.turns, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[len(recs)-1].ID
	for _, step := range []struct {
		who  Actor
		verb string
	}{{guest, verbJoin}, {host, verbStart}} {
		r := &responder{}
		f.svc.Click(ctx, Click{Actor: step.who, CustomID: customID{Verb: step.verb, Game: id}.String(), Message: board.ID}, r)
		if kind, m := r.answer(); kind != "update" {
			f.t.Fatalf("%s: answered %s %+v", step.verb, kind, m)
		}
	}
	return id, board
}

// legalClick returns the custom_id of a legal move for whoever acts now.
func (f *fixture) legalClick(id string) (Actor, string) {
	f.t.Helper()
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	tb, _ := decodeTable(rec)
	st, err := f.svc.decodeState(rec.Game, tb)
	if err != nil {
		f.t.Fatal(err)
	}
	seat := st.Active()[0]
	who := ada
	if seat == 1 {
		who = ben
	}
	return who, customID{Verb: verbMove, Game: id, Move: tb.asked(seat), Action: st.Legal(seat)[0].Action}.String()
}

func (f *fixture) moves(id string) int {
	rec, _ := f.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	return tb.moves()
}

func TestTextsThatEchoInputStayBounded(t *testing.T) {
	f := newFixture(t)
	long := strings.Repeat("x", 6000)
	r := &responder{}
	f.svc.NewGame(context.Background(), ada, long, nil, Setup{}, r)
	_, m := r.answer()
	for name, text := range map[string]string{"newgame": m.Content, "rules": f.svc.Rules(context.Background(), ada, long).Content} {
		if n := utf8.RuneCountInString(text); n > 200 {
			t.Errorf("%s answered %d characters for an unknown game id", name, n)
		}
	}
}

// A move that was saved is never answered "nothing was changed", even when
// every way of showing it fails; the board catches up once Discord does.
func TestSavedMoveIsNeverDeniedAndTheBoardHeals(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	who, cid := f.legalClick(id)
	before := f.moves(id)

	down := errors.New("discord is down")
	f.p.mu.Lock()
	f.p.fail = func(op string, ref MessageRef) error { return &Temporary{Err: down} }
	f.p.mu.Unlock()
	r := &responder{fail: &Temporary{Err: down}}
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, r)
	if f.moves(id) <= before {
		t.Fatal("the move was not saved")
	}
	kind, m := r.answer()
	if saved := f.svc.say(context.Background(), who).T("errors.move_saved"); kind != "reply" || m == nil || m.Content != saved {
		t.Fatalf("the clicker was answered %s %+v, want %q", kind, m, saved)
	}
	if strings.Contains(m.Content, "Nothing was changed") {
		t.Fatal("a saved move was reported as nothing changed")
	}

	// Discord is back: the next sweep brings the board up to date.
	f.p.mu.Lock()
	f.p.fail = nil
	f.p.mu.Unlock()
	f.svc.Sweep(context.Background())
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(f.p.lastEdit(board.ID), "choose") && !strings.Contains(f.p.lastEdit(board.ID), "roll") {
		if time.Now().After(deadline) {
			t.Fatalf("the board was never brought up to date; last edit %q", f.p.lastEdit(board.ID))
		}
		time.Sleep(time.Millisecond)
	}
}

// Two moves in a row while the board edit of the first is stuck: the
// board ends showing the second, and never the first over it.
func TestAnOlderBoardNeverLandsOverANewerOne(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	hold := make(chan struct{})
	f.p.mu.Lock()
	f.p.hold = hold
	f.p.mu.Unlock()

	// Clicks from an untracked place (an ephemeral reply) leave the board
	// to the lane, whose first edit is held.
	for range 2 {
		who, cid := f.legalClick(id)
		f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
	}
	rec, _ := f.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	close(hold)
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.svc.liveMu.Lock()
		lg := f.svc.live[id]
		f.svc.liveMu.Unlock()
		if lg == nil || lg.ledger().BoardRev >= tb.Rev {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the board never caught up")
		}
		time.Sleep(time.Millisecond)
	}
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	var edits []string
	for _, s := range f.p.log {
		if s.op == "edit" && s.ref == board {
			edits = append(edits, s.text)
		}
	}
	want, _ := f.svc.boardMessage(&snapshot{rec: rec, t: tb, st: mustState(t, f.svc, rec, tb), info: thatslife.Game{}.Info()})
	if len(edits) == 0 || edits[len(edits)-1] != want.Content {
		t.Fatalf("the board's last edit is not the newest board:\n got %q\nwant %q", edits, want.Content)
	}
}

func mustState(t *testing.T, s *Service, rec storage.Record, tb *table) games.State {
	t.Helper()
	st, err := s.decodeState(rec.Game, tb)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A game whose record cannot be read is skipped: the others are still
// reminded and listed.
func TestOneUnreadableGameStopsNobodyElse(t *testing.T) {
	f := newFixture(t)
	clock := &stepClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	f.svc.cfg.Clock, f.svc.cfg.TurnClock = clock, 2*time.Hour
	ctx := context.Background()
	if _, err := f.store.Create(ctx, storage.Record{Game: "thatslife", Guild: "g", Channel: "c", Status: storage.Playing, Data: []byte("{not json")}); err != nil {
		t.Fatal(err)
	}
	id, _ := f.game()
	clock.add(time.Hour)
	f.svc.Sweep(ctx)
	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	st := mustState(t, f.svc, rec, tb)
	if got := tb.Clock.Seats[st.Active()[0]].Reminded; got != remindHalf {
		t.Fatalf("the readable game's reminder stands at %d, want %d (half time)", got, remindHalf)
	}
	if got := f.svc.Games(ctx, ada).Content; !strings.Contains(got, "`"+id+"`") {
		t.Fatalf("/games lost the readable game: %q", got)
	}
}

// stepClock is a clock moved by hand; nothing here waits on it.
type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}
func (c *stepClock) After(time.Duration) <-chan time.Time { return nil }
func (c *stepClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func (p *platform) StartThread(_ context.Context, from MessageRef, name string) (string, error) {
	if err := p.call("thread", from, &Message{Content: name}); err != nil {
		return "", err
	}
	return "thread-" + from.ID, nil
}

// A seated player's click while the game waits for someone else is
// refused as not their turn, even with buttons as fresh as the game: not
// as a stale button, and with nothing changed.
func TestAClickOutOfTurnIsRefusedAsNotYourTurn(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	rec, tb := f.table(id)
	st, err := f.svc.decodeState(rec.Game, tb)
	if err != nil {
		t.Fatal(err)
	}
	mover := st.Active()[0]
	waiting, who := games.Seat(1-mover), ben
	if waiting == 0 {
		who = ada
	}
	cid := customID{Verb: verbMove, Game: id, Move: tb.asked(waiting), Action: st.Legal(mover)[0].Action}
	before := f.moves(id)
	res := f.svc.click(context.Background(), f.svc.say(context.Background(), who), Click{Actor: who, CustomID: cid.String(), Message: board.ID}, cid)
	if !res.notTurn || res.refusal == "" {
		t.Fatalf("%s's click out of turn: refused %q, as not their turn %v; want refused as not their turn", who.Name, res.refusal, res.notTurn)
	}
	if after := f.moves(id); after != before {
		t.Errorf("a click out of turn made %d moves", after-before)
	}
	// The same click by the seat whose turn it is goes through.
	cid.Move = tb.asked(mover)
	mine := ada
	if who == ada {
		mine = ben
	}
	if res := f.svc.click(context.Background(), f.svc.say(context.Background(), mine), Click{Actor: mine, CustomID: cid.String(), Message: board.ID}, cid); res.refusal != "" || res.notTurn {
		t.Fatalf("the mover's click was refused: %q", res.refusal)
	}
}

// watchedStore counts the calls on the store under way at once. A write
// takes a moment, as a disk's does, so that calls not kept apart overlap.
type watchedStore struct {
	storage.Store
	mu        sync.Mutex
	now, most int
}

func (w *watchedStore) enter() func() {
	w.mu.Lock()
	w.now++
	w.most = max(w.most, w.now)
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		w.now--
		w.mu.Unlock()
	}
}

func (w *watchedStore) Get(ctx context.Context, id string) (storage.Record, error) {
	defer w.enter()()
	return w.Store.Get(ctx, id)
}

func (w *watchedStore) Put(ctx context.Context, r storage.Record) (storage.Record, error) {
	defer w.enter()()
	time.Sleep(time.Millisecond)
	return w.Store.Put(ctx, r)
}

// Clicks on one game in one process are served one at a time, under the
// game's lock: its record is read and written by one at a time, and of
// many identical clicks at once one is applied and the others are judged
// against it, never refused because they raced one another.
func TestClicksOnOneGameAreServedOneAtATime(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	// The start's deliveries read the store too (a player's settings):
	// they are done before it is swapped.
	waitIdle(t, f.svc)
	store := &watchedStore{Store: f.store}
	f.svc.store = store
	raced := f.svc.playerError(f.svc.say(context.Background(), ada), storage.ErrConflict, id)
	for round := range 10 {
		who, cid := f.legalClick(id)
		before := f.moves(id)
		answers := make([]*responder, 8)
		var wg sync.WaitGroup
		for i := range answers {
			answers[i] = &responder{}
			wg.Go(func() {
				f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, answers[i])
			})
		}
		wg.Wait()
		refused := 0
		for _, r := range answers {
			kind, m := r.answer()
			if kind != "reply" || m == nil || !m.Private {
				continue
			}
			if m.Content == raced {
				t.Fatalf("round %d: a click was refused because the others raced it", round)
			}
			refused++
		}
		if refused != len(answers)-1 || f.moves(id) <= before {
			t.Fatalf("round %d: %d of %d identical clicks refused, %d moves made; want one applied", round, refused, len(answers), f.moves(id)-before)
		}
		waitIdle(t, f.svc)
		if rec, _ := f.table(id); rec.Status != storage.Playing {
			break
		}
	}
	if store.most > 1 {
		t.Errorf("%d calls on the game's record were under way at once, want one at a time", store.most)
	}
}

// A player of a game with hidden hands has one living DM: sent once, then
// edited in place as the game moves on.
func TestEachPlayerHasOneLivingDM(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	id, _ := f.open("life")
	for range 12 {
		if rec, _ := f.table(id); rec.Status != storage.Playing {
			break
		}
		who, cid := f.legalClick(id)
		f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		waitIdle(t, f.svc)
	}
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	for _, who := range []Actor{ada, ben} {
		dm := "dm-" + who.User
		var views []MessageRef
		edits := map[string]int{}
		for _, c := range f.p.log {
			switch {
			case c.ref.Channel != dm:
			case c.op == "send" && strings.Contains(c.text, "your view"):
				views = append(views, c.ref)
			case c.op == "edit":
				edits[c.ref.ID]++
			}
		}
		if len(views) != 1 {
			t.Fatalf("%s was sent %d private views, want one living DM", who.Name, len(views))
		}
		if edits[views[0].ID] < 2 {
			t.Errorf("%s's living DM was edited %d times over the game's first moves, want it kept up to date in place", who.Name, edits[views[0].ID])
		}
	}
}

// lostReplyStore makes the writes it is told to, then loses their answer
// the way a dropped connection does.
type lostReplyStore struct {
	storage.Store
	lose atomic.Int64
}

func (s *lostReplyStore) Put(ctx context.Context, r storage.Record) (storage.Record, error) {
	stored, err := s.Store.Put(ctx, r)
	if err == nil && s.lose.Add(-1) >= 0 {
		return storage.Record{}, errors.New("read tcp: connection reset by peer")
	}
	return stored, err
}

// A move the store saved, whose answer was lost, is the move made: the
// player is answered with the board, not told nothing changed, and the
// same click again is judged against it.
func TestAMoveSavedWithItsAnswerLostIsMade(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	waitIdle(t, f.svc)
	store := &lostReplyStore{Store: f.store}
	f.svc.store = store
	store.lose.Store(1)
	who, cid := f.legalClick(id)
	before := f.moves(id)
	r := &responder{}
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, r)
	if kind, m := r.answer(); kind != "update" {
		t.Fatalf("a saved move whose answer was lost was answered %s %+v", kind, m)
	}
	if got := f.moves(id); got <= before {
		t.Fatalf("the move is not in the store: %d moves, %d before", got, before)
	}
	again := &responder{}
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, again)
	if kind, m := again.answer(); kind != "reply" || m == nil || !m.Private {
		t.Fatalf("the same click again was answered %s %+v, want a private refusal", kind, m)
	}
}

// A /newgame whose own answer never landed (a copy of an interaction
// answered before) finds another game's lobby as its interaction's
// message: it must not take that message for its board, or its expiry
// would one day overwrite the other game's board. It closes instead.
func TestALobbyNeverTakesAnotherGamesMessage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	board := MessageRef{Channel: "c", ID: "900"}
	first := &responder{original: board}
	f.svc.NewGame(ctx, ada, "thatslife", nil, Setup{}, first)
	_, lobby := first.answer()
	var shown []string
	for _, row := range lobby.Rows {
		for _, c := range row {
			shown = append(shown, c.CustomID)
		}
	}
	f.svc.NewGame(ctx, ada, "thatslife", nil, Setup{}, &responder{original: board, shown: shown, fail: errors.New("interaction has already been acknowledged")})
	recs, err := f.store.List(ctx, storage.Filter{})
	if err != nil || len(recs) != 2 {
		t.Fatalf("stored games: %d, %v; want 2", len(recs), err)
	}
	for _, rec := range recs {
		tb, err := decodeTable(rec)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case rec.ID == recs[0].ID && tb.Out.Board != board:
			t.Errorf("the first lobby's board is %+v, want %+v", tb.Out.Board, board)
		case rec.ID == recs[1].ID && tb.Out.Board.ID != "":
			t.Errorf("the copy's lobby took message %s for its board", tb.Out.Board.ID)
		case rec.ID == recs[1].ID && rec.Status != storage.Cancelled:
			t.Errorf("the copy's lobby is left with status %d, want closed", rec.Status)
		}
	}
}

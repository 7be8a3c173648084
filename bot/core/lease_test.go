package core

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// replicas are services sharing one store, as processes behind a load
// balancer do, each with its own Discord connection and the same clock.
type replicas struct {
	store *storage.Memory
	clock *stepClock
	svc   []*Service
	p     []*platform
}

func newReplicas(t *testing.T, n int) *replicas {
	rs := &replicas{store: storage.NewMemory(), clock: &stepClock{now: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)}}
	for i := range n {
		p := &platform{next: 1000 * (i + 1)}
		svc := New(Config{
			Store: rs.store, Games: games.NewRegistry(thatslife.Game{}), Renderer: echoRenderer{},
			Discord: p, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond, Clock: rs.clock,
			Shared: true, Replica: "r", LeaseFor: time.Minute,
		})
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			svc.Shutdown(ctx)
		})
		rs.svc, rs.p = append(rs.svc, svc), append(rs.p, p)
	}
	return rs
}

// fixture lets the fixture's helpers drive replica i.
func (rs *replicas) fixture(t *testing.T, i int) *fixture {
	return &fixture{t: t, svc: rs.svc[i], store: rs.store, p: rs.p[i]}
}

func (p *platform) calls() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.log)
}

// waitIdle waits until svc sends nothing more for any game, then saves
// what it sent.
func waitIdle(t *testing.T, svc *Service) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		busy := 0
		for _, lg := range svc.liveGames() {
			lg.mu.Lock()
			for _, l := range lg.lanes {
				if l.running {
					busy++
				}
			}
			lg.mu.Unlock()
		}
		if busy == 0 {
			svc.flushAll()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d lanes still running", busy)
		}
		time.Sleep(time.Millisecond)
	}
}

// The same click reaching two processes at once is applied once: the
// second is judged again against the first's commit and refused.
func TestOneClickOnTwoReplicasAppliesOnce(t *testing.T) {
	rs := newReplicas(t, 2)
	f := rs.fixture(t, 0)
	id, board := f.game()
	for round := range 10 {
		who, cid := f.legalClick(id)
		before := f.moves(id)
		answers := make([]*responder, 2)
		var wg sync.WaitGroup
		for i, svc := range rs.svc {
			answers[i] = &responder{}
			wg.Go(func() {
				svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, answers[i])
			})
		}
		wg.Wait()
		if got := f.moves(id); got <= before {
			t.Fatalf("round %d: the move was not applied", round)
		}
		refused := 0
		for _, r := range answers {
			if kind, m := r.answer(); kind == "reply" && m != nil && m.Private {
				refused++
				if strings.Contains(m.Content, "at the same moment") {
					t.Errorf("round %d: the second click was answered %q, not judged again", round, m.Content)
				}
			}
		}
		if refused != 1 {
			t.Fatalf("round %d: %d of two identical clicks were refused, want exactly one", round, refused)
		}
		rec, _ := rs.store.Get(context.Background(), id)
		tb, _ := decodeTable(rec)
		if got := len(tb.Log); got != f.moves(id) || tb.Lease == nil {
			t.Fatalf("round %d: log of %d decisions, lease %+v", round, got, tb.Lease)
		}
	}
}

// Deliveries a process owed when it died are made by exactly one other,
// and only once its lease has lapsed, when nothing says more (these
// processes keep no heartbeat); until then the others leave the game
// alone.
func TestAnotherReplicaTakesOverALapsedLease(t *testing.T) {
	rs := newReplicas(t, 3)
	id, _ := owedByDeadReplica(t, rs)
	rs.svc[0].Shutdown(context.Background())

	sweepAll := func() {
		var wg sync.WaitGroup
		for _, svc := range rs.svc[1:] {
			wg.Go(func() { svc.Sweep(context.Background()) })
		}
		wg.Wait()
		for _, svc := range rs.svc[1:] {
			waitIdle(t, svc)
		}
	}
	sweepAll()
	if n := rs.p[1].calls() + rs.p[2].calls(); n != 0 {
		t.Fatalf("%d calls to Discord while the dead replica's lease still held", n)
	}

	rs.clock.add(2 * time.Minute)
	sweepAll()
	one, two := rs.p[1].calls(), rs.p[2].calls()
	if (one == 0) == (two == 0) {
		t.Fatalf("replicas 1 and 2 made %d and %d calls, want one of them to deliver", one, two)
	}
	rec, _ := rs.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	if tb.Out.Synced != tb.Rev || tb.Lease == nil || tb.Lease.Owner == rs.svc[0].replica {
		t.Fatalf("after the take-over: synced %d of rev %d, lease %+v", tb.Out.Synced, tb.Rev, tb.Lease)
	}

	// Nothing is owed any more: later sweeps send nothing.
	rs.clock.add(2 * time.Minute)
	sweepAll()
	if rs.p[1].calls()+rs.p[2].calls() != one+two {
		t.Fatal("a sweep delivered again what was already delivered")
	}
}

// A process waiting to retry a delivery, for longer than its lease, may
// find the game taken over by another meanwhile: it sends nothing more,
// so the two never deliver the game at once.
func TestARetryAfterTheLeaseWasTakenOverSendsNothing(t *testing.T) {
	rs := newReplicas(t, 2)
	f := rs.fixture(t, 0)
	id, board := f.game()
	waitIdle(t, rs.svc[0])

	var edits atomic.Int64
	rs.p[0].mu.Lock()
	rs.p[0].fail = func(op string, _ MessageRef) error {
		if op != "edit" || edits.Add(1) > 1 {
			return nil
		}
		// Discord answers the first edit with a rate limit; while replica
		// 0 waits it out, its lease lapses and replica 1 takes over.
		rs.clock.add(2 * time.Minute)
		rs.svc[1].Sweep(context.Background())
		return &Temporary{Err: errors.New("429"), After: time.Millisecond}
	}
	rs.p[0].mu.Unlock()
	who, cid := f.legalClick(id)
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, &responder{fail: ErrGone})
	waitIdle(t, rs.svc[0])
	waitIdle(t, rs.svc[1])

	if n := edits.Load(); n != 1 {
		t.Errorf("replica 0 tried %d edits, want 1: it kept delivering a game replica 1 took over", n)
	}
	if rs.p[1].calls() == 0 {
		t.Fatal("replica 1 took the game over and delivered nothing")
	}
	rec, _ := rs.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	if tb.Lease == nil || tb.Lease.Owner != rs.svc[1].replica || tb.Out.Synced != tb.Rev {
		t.Fatalf("after the take-over: synced %d of rev %d, lease %+v", tb.Out.Synced, tb.Rev, tb.Lease)
	}
}

// A process whose lane is between two passes when another process takes
// the game over (its lease lapsed, and the other committed a move) sends
// nothing more for the game: the next pass checks who delivers it.
func TestALaneStopsBetweenPassesOnceAnotherProcessCommitted(t *testing.T) {
	rs := newReplicas(t, 2)
	f := rs.fixture(t, 0)
	id, board := f.game()
	waitIdle(t, rs.svc[0])

	var boardEdits atomic.Int64
	rs.p[0].mu.Lock()
	rs.p[0].fail = func(op string, ref MessageRef) error {
		if op != "edit" || ref.ID != board.ID || boardEdits.Add(1) > 1 {
			return nil
		}
		// While replica 0 edits the board for the first move: it commits
		// a second move, so its lane owes another pass; then its lease
		// lapses and replica 1 commits a third.
		who, cid := f.legalClick(id)
		rs.svc[0].Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		rs.clock.add(2 * time.Minute)
		who, cid = f.legalClick(id)
		rs.svc[1].Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		return nil
	}
	rs.p[0].mu.Unlock()
	before := f.moves(id)
	who, cid := f.legalClick(id)
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
	waitIdle(t, rs.svc[0])
	waitIdle(t, rs.svc[1])

	if got := f.moves(id); got != before+3 {
		t.Fatalf("%d moves were made, want 3", got-before)
	}
	if n := boardEdits.Load(); n != 1 {
		t.Errorf("replica 0 edited the board %d times, want once: it went on delivering a game replica 1 had taken over", n)
	}
	rec, _ := rs.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	if tb.Lease == nil || tb.Lease.Owner != rs.svc[1].replica {
		t.Fatalf("the game's lease is %+v, want replica 1's", tb.Lease)
	}
	if got := rs.p[1].lastEdit(board.ID); got == "" {
		t.Fatal("replica 1 took the game over and never drew the board")
	}
}

// A process that lost a game to another keeps the messages it created
// known: its ledger is merged into the new holder's, never written over it.
func TestMergeLedgerKeepsBothSides(t *testing.T) {
	base := ledger{Board: MessageRef{Channel: "c", ID: "1"}, BoardRev: 3, Synced: 3, Players: map[string]*contact{
		"ada": {DM: "d1", View: MessageRef{Channel: "d1", ID: "5"}},
	}}
	// This process sent Ben his first view and a new channel ping.
	mine := base.clone()
	mine.player("ben").View = MessageRef{Channel: "d2", ID: "7"}
	mine.Ping = MessageRef{Channel: "c", ID: "8"}
	mine.BoardRev, mine.Synced = 4, 4
	// The other process meanwhile edited the board to rev 5 and sent Ada
	// a new view.
	stored := base.clone()
	stored.BoardRev = 5
	stored.Players["ada"].View = MessageRef{Channel: "d1", ID: "9"}

	got := mergeLedger(stored, base, mine)
	if got.Players["ben"] == nil || got.Players["ben"].View.ID != "7" || got.Ping.ID != "8" {
		t.Errorf("this process's messages were lost: %+v", got)
	}
	if got.Players["ada"].View.ID != "9" || got.BoardRev != 5 {
		t.Errorf("the other process's changes were overwritten: ada %+v board rev %d", got.Players["ada"], got.BoardRev)
	}
	if got.Synced != 3 {
		t.Errorf("synced %d: neither side's word covers both", got.Synced)
	}
	if base.Players["ben"] != nil || stored.Players["ben"] != nil {
		t.Error("the merge changed its inputs")
	}
}

// A reminder falls due while three processes sweep at the same moment: it
// is sent once.
func TestAReminderIsSentOnceByOneOfManyReplicas(t *testing.T) {
	rs := newReplicas(t, 3)
	f := rs.fixture(t, 0)
	f.turns = Setup{Clock: "1d"}
	id, _ := f.game()
	waitIdle(t, rs.svc[0])
	rec, _ := rs.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	who, _ := mover(t, mustState(t, rs.svc[0], rec, tb))
	start := rs.clock.Now()

	reminders := func() int {
		n := 0
		for _, p := range rs.p {
			cf := &clockFixture{fixture: &fixture{p: p}}
			n += cf.reminders(who.User, "half your time")
		}
		return n
	}
	for _, at := range []time.Duration{12 * time.Hour, 13 * time.Hour, 14 * time.Hour} {
		rs.clock.add(start.Add(at).Sub(rs.clock.Now()))
		var wg sync.WaitGroup
		for _, svc := range rs.svc {
			wg.Go(func() { svc.Sweep(context.Background()) })
		}
		wg.Wait()
		for _, svc := range rs.svc {
			waitIdle(t, svc)
		}
		if n := reminders(); n != 1 {
			t.Fatalf("%v after the start: %d half-time reminders across the replicas, want 1", at, n)
		}
	}
}

// A game this process let go of is served by a new liveGame from the next
// click on. A flush of the old one scheduled before must neither deliver
// its older view beside the new one's nor save its older ledger over the
// newer.
func TestAForgottenGameSendsAndSavesNothing(t *testing.T) {
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprintf("shared=%v", shared), func(t *testing.T) {
			f := newFixture(t)
			if shared {
				f = newReplicas(t, 1).fixture(t, 0)
			}
			clock := discordtest.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
			f.svc.cfg.Clock = clock
			id, board := f.game()
			old := f.forgotten(id, clock)
			f.play(id, board)
			f.idle(id, clock)
			calls := f.p.calls()
			stored, _ := f.storedLedger(id)

			old.update(func(o *ledger) { o.BoardRev = 0 })
			f.svc.flush(old)
			// The process no longer lists the old game: wait for its lanes
			// by hand, in case the flush started any.
			waitFor(t, "the forgotten game's lanes", func() bool {
				old.mu.Lock()
				defer old.mu.Unlock()
				for _, l := range old.lanes {
					if l.running {
						return false
					}
				}
				return true
			})
			waitIdle(t, f.svc)
			if got := f.p.calls(); got != calls {
				t.Errorf("the forgotten game made %d calls to Discord", got-calls)
			}
			if now, _ := f.storedLedger(id); !reflect.DeepEqual(now, stored) {
				t.Errorf("the forgotten game's ledger was saved:\nwas %+v\nnow %+v", stored, now)
			}
		})
	}
}

// idle waits until the process lets go of the game, moving the clock on
// past any flush's wait.
func (f *fixture) idle(id string, clock *discordtest.Clock) {
	f.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		clock.Advance(time.Minute)
		f.svc.liveMu.Lock()
		held := f.svc.live[id] != nil
		f.svc.liveMu.Unlock()
		if !held {
			return
		}
		if time.Now().After(deadline) {
			f.t.Fatal("an idle game was never let go")
		}
		time.Sleep(time.Millisecond)
	}
}

// forgotten returns a liveGame of the game that the process took up, as
// a click or a sweep does, and let go of again.
func (f *fixture) forgotten(id string, clock *discordtest.Clock) *liveGame {
	f.t.Helper()
	f.idle(id, clock)
	unlock := f.svc.lock(id)
	_, tb := f.table(id)
	lg := f.svc.liveLocked(id, tb)
	unlock()
	f.svc.flush(lg)
	f.svc.liveMu.Lock()
	held := f.svc.live[id] == lg
	f.svc.liveMu.Unlock()
	if held {
		f.t.Fatal("an idle game was not let go")
	}
	return lg
}

// owedByDeadReplica has replica 0 commit a move and stop before any of it
// reaches Discord, its lease still running; it returns the game and the
// click of that move, now stale.
func owedByDeadReplica(t *testing.T, rs *replicas) (string, Click) {
	t.Helper()
	f := rs.fixture(t, 0)
	id, board := f.game()
	waitIdle(t, rs.svc[0])
	rs.p[0].mu.Lock()
	rs.p[0].fail = func(string, MessageRef) error { return ErrGone }
	rs.p[0].mu.Unlock()
	who, cid := f.legalClick(id)
	c := Click{Actor: who, CustomID: cid, Message: board.ID}
	f.svc.Click(context.Background(), c, &responder{fail: ErrGone})
	waitIdle(t, rs.svc[0])
	return id, c
}

// A process that dies holding a lease passes its games on as soon as its
// heartbeat lapses, long before the lease would: the survivors, which
// watch the heartbeats, take the game over with nobody clicking.
func TestADeadReplicasGamesPassOnWhenItsHeartbeatLapses(t *testing.T) {
	rs := newReplicas(t, 3)
	for _, svc := range rs.svc {
		svc.Run()
	}
	id, _ := owedByDeadReplica(t, rs)
	rec, _ := rs.store.Get(context.Background(), id)
	if tb, _ := decodeTable(rec); tb.Lease == nil || !rs.clock.Now().Before(tb.Lease.Until) {
		t.Fatalf("replica 0's lease %+v does not run on past now: nothing to show", tb.Lease)
	}
	// A crash: replica 0's loops stop, and its heartbeat is not let go.
	rs.svc[0].stopOnce.Do(func() { close(rs.svc[0].stop) })
	died := time.Now()
	// The survivors act on their own heartbeat ticks: the test waits for
	// the delivery they make, up to a guard far beyond the lapse.
	for rs.p[1].calls()+rs.p[2].calls() == 0 {
		if time.Since(died) > time.Minute {
			t.Fatal("the dead replica's game was never taken over")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("delivered by a survivor %v after the heartbeat stopped (it lapses after %v)", time.Since(died).Round(time.Millisecond), heartbeatLapse)
	// The first call is the take-over under way: it is done once a
	// survivor has shown every change and saved that it has.
	for {
		for _, svc := range rs.svc[1:] {
			waitIdle(t, svc)
		}
		rec, _ = rs.store.Get(context.Background(), id)
		tb, _ := decodeTable(rec)
		if tb.Out.Synced == tb.Rev && tb.Lease != nil && tb.Lease.Owner != rs.svc[0].replica {
			return
		}
		if time.Since(died) > time.Minute {
			t.Fatalf("after the take-over: synced %d of rev %d, lease %+v", tb.Out.Synced, tb.Rev, tb.Lease)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A click on a game whose holder is dead heals it at once, in the process
// that took the click, though the click itself is refused.
func TestAClickOnADeadReplicasGameHealsItAtOnce(t *testing.T) {
	rs := newReplicas(t, 2)
	id, again := owedByDeadReplica(t, rs)
	// Replica 0's heartbeat has lapsed: it wrote one, and stopped.
	now := time.Now()
	if _, err := rs.store.Mark(context.Background(), heartbeatKey(rs.svc[0].replica), rs.svc[0].replica, now.Add(-3*time.Second), now.Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	r := &responder{}
	rs.svc[1].Click(context.Background(), again, r)
	if kind, m := r.answer(); kind != "reply" || m == nil || !m.Private {
		t.Fatalf("the stale click was answered %s %+v, want a refusal", kind, m)
	}
	waitIdle(t, rs.svc[1])
	rec, _ := rs.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	if tb.Out.Synced != tb.Rev || rs.p[1].calls() == 0 {
		t.Fatalf("after a click on replica 1: synced %d of rev %d, %d calls to Discord; want the game delivered", tb.Out.Synced, tb.Rev, rs.p[1].calls())
	}
}

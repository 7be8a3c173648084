package core

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
)

// countingStore counts the writes that reach the store, and what List
// reads.
type countingStore struct {
	storage.Store
	puts atomic.Int64
	// listed counts the records List returned: what a command read of a
	// player's history.
	listed atomic.Int64
}

func (c *countingStore) Put(ctx context.Context, r storage.Record) (storage.Record, error) {
	c.puts.Add(1)
	return c.Store.Put(ctx, r)
}

func (c *countingStore) List(ctx context.Context, f storage.Filter) ([]storage.Record, error) {
	recs, err := c.Store.List(ctx, f)
	c.listed.Add(int64(len(recs)))
	return recs, err
}

// clockedFixture is a fixture whose service counts its writes and waits
// on a clock moved by hand.
func clockedFixture(t *testing.T) (*fixture, *countingStore, *discordtest.Clock) {
	f := newFixture(t)
	counted := &countingStore{Store: f.store}
	clock := discordtest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	f.svc.store, f.svc.cfg.Clock = counted, clock
	return f, counted, clock
}

// settle waits until every lane of the game is idle and its ledger is
// either saved or about to wait on the clock to be.
func (f *fixture) settle(id string) *liveGame {
	f.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.svc.liveMu.Lock()
		lg := f.svc.live[id]
		f.svc.liveMu.Unlock()
		if lg != nil {
			lg.mu.Lock()
			idle := true
			for _, l := range lg.lanes {
				idle = idle && !l.running
			}
			idle = idle && (lg.changes <= lg.saved || lg.flushing)
			lg.mu.Unlock()
			if idle {
				return lg
			}
		}
		if time.Now().After(deadline) {
			f.t.Fatal("the game's deliveries never settled")
		}
		time.Sleep(time.Millisecond)
	}
}

// storedLedger is the ledger in the game's record, and the table's Rev.
func (f *fixture) storedLedger(id string) (ledger, int) {
	f.t.Helper()
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	tb, err := decodeTable(rec)
	if err != nil {
		f.t.Fatal(err)
	}
	return tb.Out, tb.Rev
}

// A game in play writes once per move: what its deliveries achieved rides
// with the next move's commit. Once the game goes quiet, the ledger is
// saved by itself.
func TestTheLedgerRidesWithTheMoves(t *testing.T) {
	f, counted, clock := clockedFixture(t)
	id, board := f.game()
	f.settle(id)
	before := counted.puts.Load()
	const moves = 12
	for range moves {
		who, cid := f.legalClick(id)
		f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, &responder{})
		f.settle(id)
	}
	if got := counted.puts.Load() - before; got != moves {
		t.Fatalf("%d moves made %d writes, want one each", moves, got)
	}
	out, rev := f.storedLedger(id)
	if out.BoardRev >= rev {
		t.Fatal("the stored ledger already shows the last board; the test proves nothing")
	}
	// The wait may start just after the clock moves: move it on until
	// the ledger is saved.
	deadline := time.Now().Add(5 * time.Second)
	for out.BoardRev < rev || out.Synced < rev {
		if time.Now().After(deadline) {
			t.Fatalf("a quiet game's ledger was never saved: board shows %d, synced %d, table at %d", out.BoardRev, out.Synced, rev)
		}
		clock.Advance(time.Minute)
		time.Sleep(time.Millisecond)
		out, _ = f.storedLedger(id)
	}
}

// A board sent anew, because the old one was deleted, is saved within a
// second of the clock: forgotten, a restart would send yet another.
func TestANewBoardIsSavedSoon(t *testing.T) {
	f, counted, clock := clockedFixture(t)
	id, board := f.game()
	f.settle(id)
	f.p.mu.Lock()
	f.p.fail = func(op string, ref MessageRef) error {
		if op == "edit" && ref == board {
			return ErrGone
		}
		return nil
	}
	f.p.mu.Unlock()
	// The answer is lost, so the board lane edits the board itself, finds
	// it gone and sends a new one.
	who, cid := f.legalClick(id)
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, &responder{fail: errors.New("token expired")})
	f.settle(id)
	out, _ := f.storedLedger(id)
	if out.Board != board {
		t.Fatalf("the new board was saved before the clock moved: %+v", out.Board)
	}
	puts := counted.puts.Load()
	deadline := time.Now().Add(5 * time.Second)
	for !clock.Armed(time.Second) {
		if time.Now().After(deadline) {
			t.Fatal("the new board's save never waited on the clock for a second")
		}
		time.Sleep(time.Millisecond)
	}
	clock.Advance(time.Second)
	for out.Board == board {
		if time.Now().After(deadline) {
			t.Fatal("the new board was not saved a second later")
		}
		time.Sleep(time.Millisecond)
		out, _ = f.storedLedger(id)
	}
	if got := counted.puts.Load() - puts; got != 1 {
		t.Fatalf("saving the new board took %d writes, want 1", got)
	}
}

// How soon a change must be saved follows from what forgetting it would
// cost after a restart.
func TestLedgerChangesAreSavedAsSoonAsTheyMatter(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*ledger)
		want   time.Duration
	}{
		{"a board showing a newer version", func(o *ledger) { o.BoardRev++ }, 30 * time.Second},
		{"a living DM showing a newer version", func(o *ledger) { o.player("1").Shows = "new" }, 30 * time.Second},
		{"every place found up to date", func(o *ledger) { o.Synced++ }, 30 * time.Second},
		{"a ping sent", func(o *ledger) { o.Ping = MessageRef{Channel: "c", ID: "5"} }, 5 * time.Second},
		{"a player's DMs found closed", func(o *ledger) { o.player("1").ClosedAt = time.Unix(1, 0) }, 5 * time.Second},
		{"a new board", func(o *ledger) { o.Board = MessageRef{Channel: "c", ID: "6"} }, time.Second},
		{"a new living DM", func(o *ledger) { o.player("1").View = MessageRef{Channel: "d", ID: "7"} }, time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			lg := &liveGame{out: ledger{Board: MessageRef{Channel: "c", ID: "1"}, Players: map[string]*contact{"1": {View: MessageRef{Channel: "d", ID: "2"}}}}}
			lg.update(c.change)
			lg.mu.Lock()
			got := lg.flushDelayLocked()
			lg.mu.Unlock()
			if got != c.want {
				t.Fatalf("saved after %v, want %v", got, c.want)
			}
			lg.stored(lg.changes, lg.out)
			lg.update(func(o *ledger) { o.BoardRev++ })
			lg.mu.Lock()
			got = lg.flushDelayLocked()
			lg.mu.Unlock()
			if got != 30*time.Second {
				t.Fatalf("after a commit carried it, a new version waits %v, want 30s", got)
			}
		})
	}
}

// A place that fails after the game was already marked up to date (one
// lane finished before another was even kicked for the same change) is
// not forgotten: the mark is undone, and the sweep sends what it lacks.
func TestAFailedPlaceUndoesTheUpToDateMark(t *testing.T) {
	f := newFixture(t)
	id, board := f.game()
	who, cid := f.legalClick(id)
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: board.ID}, &responder{})
	lg := f.settle(id)
	lg.mu.Lock()
	rev := lg.snap.t.Rev
	if lg.out.Synced != rev {
		lg.mu.Unlock()
		t.Fatalf("the game is not marked up to date (%d of %d); the test proves nothing", lg.out.Synced, rev)
	}
	// The board, as far as the ledger knows, still lacks the change, and
	// Discord refuses every edit for now.
	lg.out.BoardRev = rev - 1
	sn := lg.snap
	lg.mu.Unlock()
	f.p.mu.Lock()
	f.p.fail = func(op string, ref MessageRef) error {
		if op == "edit" {
			return &Temporary{Err: errors.New("discord is down")}
		}
		return nil
	}
	f.p.mu.Unlock()
	unlock := f.svc.lock(id)
	f.svc.publish(lg, sn, "", nil)
	unlock()
	f.settle(id)
	if got := lg.ledger().Synced; got >= rev {
		t.Fatalf("after the board's edit failed the game is still marked up to date (%d of %d)", got, rev)
	}
	f.p.mu.Lock()
	f.p.fail = nil
	f.p.mu.Unlock()
	f.svc.Sweep(context.Background())
	deadline := time.Now().Add(5 * time.Second)
	for lg.ledger().BoardRev < rev {
		if time.Now().After(deadline) {
			t.Fatal("the sweep never sent the board what it lacked")
		}
		time.Sleep(time.Millisecond)
	}
}

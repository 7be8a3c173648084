package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/storage"
)

// startThreaded opens a lobby asking for a thread, seats Ben and starts.
func (f *fixture) startThreaded() (string, MessageRef) {
	f.t.Helper()
	return f.startWith(Setup{Thread: "true"}, "900")
}

// startWith opens a lobby set up so, as message lobby, seats Ben and
// starts.
func (f *fixture) startWith(setup Setup, lobby string) (string, MessageRef) {
	f.t.Helper()
	ctx := context.Background()
	board := MessageRef{Channel: "c", ID: lobby}
	f.svc.NewGame(ctx, ada, "thatslife", nil, setup, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[len(recs)-1].ID
	for _, step := range []struct {
		who  Actor
		verb string
	}{{ben, verbJoin}, {ada, verbStart}} {
		f.svc.Click(ctx, Click{Actor: step.who, CustomID: customID{Verb: step.verb, Game: id}.String(), Message: board.ID}, &responder{})
	}
	return id, board
}

func TestAGameMovesToItsThreadAndIsFoundThere(t *testing.T) {
	f := newFixture(t)
	id, lobby := f.startThreaded()
	f.waitEdit(lobby.ID, "Playing in <#thread-900>")
	ctx := context.Background()
	f.svc.flushAll()
	rec, _ := f.store.Get(ctx, id)
	if rec.Channel != "thread-900" {
		t.Fatalf("the record is filed under channel %q, want the thread", rec.Channel)
	}
	tb, _ := decodeTable(rec)
	if tb.Out.Board.Channel != "thread-900" {
		t.Errorf("the board is %+v, want a message in the thread", tb.Out.Board)
	}
	// A click from the thread counts; one from the old channel does not.
	who, cid := f.legalClick(id)
	who.Channel = "thread-900"
	r := &responder{}
	f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Message: tb.Out.Board.ID}, r)
	if kind, m := r.answer(); kind == "reply" {
		t.Fatalf("a move from the thread was refused: %q", m.Content)
	}
}

// A game that cannot have its thread plays on in its channel, and the
// channel is told why in plain words, once.
func TestAGameWithoutAThreadStaysInItsChannelAndSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name string
		// op and channel are the call that fails, with err.
		op, channel string
		err         error
		want        string
	}{
		{"no permission to make it", "thread", "c", fmt.Errorf("%w (missing permissions)", ErrForbidden), "**Create Public Threads** and **Send Messages in Threads**"},
		{"no permission to write in it", "send", "thread-900", fmt.Errorf("%w (missing permissions)", ErrForbidden), "**Create Public Threads** and **Send Messages in Threads**"},
		{"a thread already", "thread", "c", fmt.Errorf("%w (wrong channel type)", ErrChannelKind), "this channel cannot hold threads of its own"},
		{"lobby deleted", "thread", "c", fmt.Errorf("%w (unknown message)", ErrGone), "the lobby message the thread would open from was deleted"},
		{"anything else", "thread", "c", errors.New("bad request"), "Discord would not make a thread for it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.p.fail = func(op string, ref MessageRef) error {
				if op == tc.op && ref.Channel == tc.channel {
					return tc.err
				}
				return nil
			}
			id, lobby := f.startThreaded()
			// The lobby message becomes the board at once, not on a sweep.
			f.waitEdit(lobby.ID, "➡️")
			ctx := context.Background()
			f.svc.flushAll()
			rec, _ := f.store.Get(ctx, id)
			tb, _ := decodeTable(rec)
			if rec.Channel != "c" || tb.Out.Thread != noThread || tb.Out.Board != lobby {
				t.Errorf("channel %q, thread %q, board %+v: want the game left in its channel, its lobby the board", rec.Channel, tb.Out.Thread, tb.Out.Board)
			}
			var notes []string
			f.p.mu.Lock()
			for _, m := range f.p.log {
				if m.op == "send" && m.ref.Channel == "c" {
					notes = append(notes, m.text)
				}
			}
			f.p.mu.Unlock()
			if len(notes) != 1 || !strings.Contains(notes[0], "game `"+id+"` plays here") || !strings.Contains(notes[0], tc.want) {
				t.Fatalf("the channel was sent %q, want one note saying %q", notes, tc.want)
			}
		})
	}
}

// Where the server's setting sends games to threads and a channel cannot
// hold one, the channel is told why once, and its next games play there
// without asking Discord again, until threadRetry has passed. A host who
// chose a thread is told each time.
func TestAChannelWithoutThreadsIsToldOnce(t *testing.T) {
	f := newFixture(t)
	clock := &stepClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	f.svc.cfg.Clock = clock
	f.svc.cfg.Threads = func(string) bool { return true }
	var asked atomic.Int32
	f.p.fail = func(op string, ref MessageRef) error {
		if op == "thread" {
			asked.Add(1)
			return fmt.Errorf("%w (missing permissions)", ErrForbidden)
		}
		return nil
	}
	notes := func() []string {
		f.p.mu.Lock()
		defer f.p.mu.Unlock()
		var out []string
		for _, m := range f.p.log {
			if m.op == "send" && strings.HasPrefix(m.text, "🧵") {
				out = append(out, m.text)
			}
		}
		return out
	}
	for i, step := range []struct {
		setup Setup
		wait  time.Duration
		// asked and notes are the thread requests and notes so far.
		asked int32
		notes int
	}{
		{Setup{}, 0, 1, 1},
		{Setup{}, 0, 1, 1},
		{Setup{Thread: "true"}, 0, 2, 2},
		{Setup{}, threadRetry, 3, 2},
		{Setup{}, 0, 3, 2},
	} {
		clock.add(step.wait)
		_, lobby := f.startWith(step.setup, fmt.Sprint(900+i))
		// The lobby message becomes the board.
		f.waitEdit(lobby.ID, "➡️")
		if got := asked.Load(); got != step.asked {
			t.Errorf("game %d: %d thread requests in all, want %d", i+1, got, step.asked)
		}
		if got := notes(); len(got) != step.notes {
			t.Fatalf("game %d: the channel was told %q, want %d notes", i+1, got, step.notes)
		}
	}
	got := notes()
	mustHave(t, "the server's note", got[0], "Games here play in this channel")
	mustHave(t, "the server's note", got[0], "**Create Public Threads**")
	mustHave(t, "the host's note", got[1], "game `3` plays here")
}

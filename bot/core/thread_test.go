package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/storage"
)

// startThreaded opens a lobby asking for a thread, seats Ben and starts.
func (f *fixture) startThreaded() (string, MessageRef) {
	f.t.Helper()
	ctx := context.Background()
	board := MessageRef{Channel: "c", ID: "900"}
	f.svc.NewGame(ctx, ada, "thatslife", nil, Setup{Thread: "true"}, &responder{original: board})
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

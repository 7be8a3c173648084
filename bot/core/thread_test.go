package core

import (
	"context"
	"errors"
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

func TestAGameWithoutAThreadStaysInItsChannel(t *testing.T) {
	f := newFixture(t)
	f.p.fail = func(op string, ref MessageRef) error {
		if op == "thread" {
			return errors.New("missing permissions")
		}
		return nil
	}
	id, lobby := f.startThreaded()
	ctx := context.Background()
	f.svc.Sweep(ctx)
	f.waitEdit(lobby.ID, "➡️")
	f.svc.flushAll()
	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	if rec.Channel != "c" || tb.Out.Thread != noThread {
		t.Errorf("channel %q, thread %q: want the game left in its channel", rec.Channel, tb.Out.Thread)
	}
}

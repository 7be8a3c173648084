package core

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/storage"
)

// publicRenderer draws a view as its JSON. Once watching, it refuses any
// view but the public one and remembers that it was asked.
type publicRenderer struct {
	watching atomic.Bool
	mu       sync.Mutex
	private  []games.Seat
}

func (r *publicRenderer) Board(view any, _ []string) ([]byte, error) {
	if lv, ok := view.(life.View); ok && r.watching.Load() && (lv.Seat != games.Observer || lv.Hand != nil) {
		r.mu.Lock()
		r.private = append(r.private, lv.Seat)
		r.mu.Unlock()
		return nil, errors.New("a private view was drawn")
	}
	return json.Marshal(view)
}

// component finds the component of m whose label or placeholder is label.
func component(t *testing.T, m *Message, label string) Component {
	t.Helper()
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Label == label || c.Placeholder == label {
				return c
			}
		}
	}
	t.Fatalf("no %q among the components of %q", label, m.Content)
	return Component{}
}

// Stepping through a running Life game shows, at every step, exactly the
// board the channel showed after that many decisions, and never draws a
// hand; stale and forged controls, and people who may not see the game,
// are answered in words.
func TestSteppingThroughAGameShowsTheChannelsBoards(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	r := &publicRenderer{}
	f.svc.cfg.Renderer = r
	ctx := context.Background()
	id, board := f.open("life")
	for range 20 {
		who, cid := f.legalClick(id)
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		waitIdle(t, f.svc)
	}
	rec, tb := f.table(id)
	if rec.Status != storage.Playing {
		t.Fatalf("the game is %v, want it still running", rec.Status)
	}
	var want []string
	if _, err := tb.walk(life.Game{}, func(_ int, st games.State) error {
		v, _ := json.Marshal(st.View(games.Observer))
		want = append(want, string(v))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	total := tb.moves()
	r.watching.Store(true)

	shows := func(m *Message, step int) {
		t.Helper()
		if m == nil || m.Image == nil {
			t.Fatalf("step %d: no board in %+v", step, m)
		}
		if string(m.Image.Data) != want[step] {
			t.Fatalf("step %d shows a board the channel did not show then", step)
		}
		if !strings.Contains(m.Content, "Move "+strconv.Itoa(step)+" of "+strconv.Itoa(total)) {
			t.Fatalf("step %d is captioned %q", step, m.Content)
		}
		for _, row := range m.Rows {
			for _, c := range row {
				if len(c.CustomID) > 100 || len(c.Options) > maxSelectOpt {
					t.Fatalf("step %d: component %+v breaks Discord's limits", step, c)
				}
			}
		}
	}
	click := func(who Actor, cid string, values []string, ephemeral bool) (string, *Message) {
		t.Helper()
		rs := &responder{}
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Values: values, Message: board.ID, Ephemeral: ephemeral}, rs)
		return rs.answer()
	}

	// /log offers the history, which opens privately at the latest board.
	logMsg := f.svc.GameLog(ctx, ben, id, 0)
	kind, m := click(ben, component(t, logMsg, "⏮ History").CustomID, nil, true)
	if kind != "reply" || !m.Private {
		t.Fatalf("opening the history answered %s %+v, want a new private reply beside the log", kind, m)
	}
	shows(m, total)

	step := func(label string, values []string, at int) {
		t.Helper()
		kind, next := click(ben, component(t, m, label).CustomID, values, true)
		if kind != "update" {
			t.Fatalf("%s answered %s %+v, want the history turned in place", label, kind, next)
		}
		shows(next, at)
		m = next
	}
	step("◀ Back", nil, total-1)
	step("◀ Back", nil, total-2)
	step("⏮ Start", nil, 0)
	step("Next ▶", nil, 1)
	step("Jump to a move", []string{"7"}, 7)
	step("Latest ⏭", nil, total)
	if !component(t, m, "Next ▶").Disabled {
		t.Fatal("the latest board offers a next one")
	}

	for _, c := range []struct {
		who    Actor
		cid    string
		values []string
		says   string
	}{
		{ben, customID{Verb: verbSteps, Game: id, Move: total + 5, Menu: stepForward}.String(), nil, "no move"},
		{ben, "steps:" + id + ":3:9", nil, msgNotMine},
		{ben, customID{Verb: verbSteps, Game: id, Move: 3, Menu: stepJump}.String(), []string{"-1"}, msgNotMine},
		{Actor{User: "9", Name: "Eve", Guild: "g", Channel: "other"}, customID{Verb: verbSteps, Game: id, Move: 3, Menu: stepBack}.String(), nil, "no game with that id"},
	} {
		kind, m := click(c.who, c.cid, c.values, true)
		if kind != "reply" || m.Image != nil || !strings.Contains(m.Content, c.says) {
			t.Errorf("%s clicking %q %v answered %s %+v, want words saying %q", c.who.Name, c.cid, c.values, kind, m, c.says)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.private) > 0 {
		t.Fatalf("stepping through the game drew the private views of seats %v", r.private)
	}
}

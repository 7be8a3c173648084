package core

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// publicRenderer draws a view as its JSON. Once watching, it refuses any
// view but the public one and remembers that it was asked.
type publicRenderer struct {
	watching atomic.Bool
	mu       sync.Mutex
	private  []games.Seat
}

func (r *publicRenderer) Board(view any, _ []string, _ i18n.Lang) ([]byte, error) {
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

	notMine := f.svc.say(context.Background(), ben).T("click.not_mine")
	for _, c := range []struct {
		who    Actor
		cid    string
		values []string
		says   string
	}{
		{ben, customID{Verb: verbSteps, Game: id, Move: total + 5, Menu: stepForward}.String(), nil, "no move"},
		{ben, "steps:" + id + ":3:9", nil, notMine},
		{ben, customID{Verb: verbSteps, Game: id, Move: 3, Menu: stepJump}.String(), []string{"-1"}, notMine},
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

// crowded is a running game's state whose seats may take many moves: picks
// fill a menu each, plain moves buttons. Anyone may look at its seats'
// boards (games.Inspector).
type crowded struct {
	games.State
	picks, plain int
}

func (c crowded) Legal(games.Seat) []games.Choice {
	var out []games.Choice
	for n := range c.picks {
		out = append(out, games.Choice{Action: games.Action{Kind: "pick", Args: []int{n}}, Label: "Pick", Pick: &games.Pick{Min: 1, Max: 1, Items: []games.Item{{Arg: 1, Label: "one"}, {Arg: 2, Label: "two"}}}})
	}
	for n := range c.plain {
		out = append(out, games.Choice{Action: games.Action{Kind: "go", Args: []int{n}}, Label: "Go"})
	}
	return out
}

func (crowded) Inspect(games.Seat) any { return nil }

// rowShapes describes a board's rows by what each component does: a move,
// a menu of moves, the look menu, or the label of any other button.
func rowShapes(rows []Row) []string {
	var out []string
	for _, row := range rows {
		var parts []string
		for _, c := range row {
			id, _ := parseCustomID(c.CustomID)
			switch {
			case id.Verb == verbMove, id.Verb == verbSubset, id.Verb == verbPick, id.Verb == verbLook:
				parts = append(parts, id.Verb)
			default:
				parts = append(parts, c.Label)
			}
		}
		out = append(out, strings.Join(parts, ", "))
	}
	return out
}

// The board offers its history beside "Show my hand" or in a row of its
// own after the choices and the look menu, running or over; a board whose
// rows are full keeps its choices and its look menu and goes without it.
// A lobby has no history.
func TestTheBoardOffersItsHistoryWhereItFits(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(thatslife.Game{}, life.Game{}, alife.Game{})
	ctx := context.Background()
	snap := func(id string, wrap func(games.State) games.State, private bool) *snapshot {
		t.Helper()
		rec, tb := f.table(id)
		g, _ := f.svc.games.Get(rec.Game)
		info := g.Info()
		info.Private = private
		return &snapshot{rec: rec, t: tb, st: wrap(mustState(t, f.svc, rec, tb)), info: info}
	}
	board := func(sn *snapshot) []string {
		t.Helper()
		m, err := f.svc.boardMessage(sn)
		if err != nil {
			t.Fatal(err)
		}
		return rowShapes(m.Rows)
	}
	same := func(st games.State) games.State { return st }
	packed := func(picks, plain int) func(games.State) games.State {
		return func(st games.State) games.State { return crowded{State: st, picks: picks, plain: plain} }
	}
	playing, _ := f.open("thatslife")
	lifeGame, _ := f.open("life")
	alifeGame, _ := f.open("alife")
	abandoned, _ := f.open("thatslife")
	if m := f.svc.Abandon(ctx, ada, abandoned); !strings.Contains(m.Content, "abandoned") {
		t.Fatalf("abandoning answered %q", m.Content)
	}

	const history = "⏮ History"
	sn := snap(playing, same, false)
	seat, _ := sn.t.activeHuman(sn.st)
	moves := rowShapes(choiceRows(f.svc.tableSay(sn.t), sn, seat))
	for _, c := range []struct {
		name string
		got  []string
		want []string
	}{
		{"a running game", board(sn), append(moves, history)},
		{"hidden hands", board(snap(lifeGame, same, true)), []string{"Show my hand, " + history}},
		{"hidden hands and boards to look at", board(snap(alifeGame, same, true)), []string{"Show my hand, " + history, verbLook}},
		{"an abandoned game", board(snap(abandoned, same, false)), []string{history}},
		{"three rows of moves", board(snap(alifeGame, packed(2, 5), false)), []string{verbSubset, verbSubset, "mv, mv, mv, mv, mv", verbLook, history}},
		{"four rows of moves", board(snap(alifeGame, packed(3, 5), false)), []string{verbSubset, verbSubset, verbSubset, "mv, mv, mv, mv, mv", verbLook}},
		{"five rows of moves", board(snap(alifeGame, packed(4, 5), false)), []string{verbSubset, verbSubset, verbSubset, verbSubset, "mv, mv, mv, mv, mv"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: the board's rows are %q, want %q", c.name, c.got, c.want)
		}
	}
	if len(moves) == 0 {
		t.Fatal("the running game's board offers no moves")
	}
	for _, status := range []storage.Status{storage.Lobby, storage.Cancelled} {
		sn := snap(playing, same, false)
		sn.rec.Status, sn.st = status, nil
		if got := board(sn); slices.ContainsFunc(got, func(r string) bool { return strings.Contains(r, history) }) {
			t.Errorf("a lobby (%v) offers %q", status, got)
		}
	}
}

package thatslife

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Refused actions name the sentinel, give a reason a player can act on,
// and change nothing.
func TestApplyRefusals(t *testing.T) {
	p := pos{opts: opts("figures=2"), course: "start:1 A-1:0g A-2:g A-3 F1:1 finish:0", roll: 3}
	tests := []struct {
		name   string
		seat   games.Seat
		a      games.Action
		want   error
		reason string
	}{
		{"other seat", 1, act(t, "fig", "start"), games.ErrNotYourTurn, "it is not your turn"},
		{"observer", games.Observer, act(t, "fig", "A-1"), games.ErrNotYourTurn, "it is not your turn"},
		{"no such seat", 9, act(t, "fig", "A-1"), games.ErrNotYourTurn, "it is not your turn"},
		{"negative seat", -5, act(t, "fig", "A-1"), games.ErrNotYourTurn, "it is not your turn"},
		{"empty action", 0, games.Action{}, games.ErrIllegal, "that is not a move of this game"},
		{"unknown kind", 0, games.Action{Kind: "jump", Args: []int{1}}, games.ErrIllegal, "that is not a move of this game"},
		{"no argument", 0, games.Action{Kind: "fig"}, games.ErrIllegal, "that is not a move of this game"},
		{"two arguments", 0, games.Action{Kind: "fig", Args: []int{1, 1}}, games.ErrIllegal, "that is not a move of this game"},
		{"card out of range", 0, games.Action{Kind: "fig", Args: []int{34}}, games.ErrIllegal, "that is not a move of this game"},
		{"negative card", 0, games.Action{Kind: "fig", Args: []int{-1}}, games.ErrIllegal, "that is not a move of this game"},
		{"stay with argument", 0, games.Action{Kind: "stay", Args: []int{0}}, games.ErrIllegal, "that is not a move of this game"},
		{"card taken", 0, act(t, "fig", "A-8"), games.ErrIllegal, "−8 is no longer on the course"},
		{"not my figure", 0, act(t, "fig", "start"), games.ErrIllegal, "you have no figure on Start"},
		{"empty card", 0, act(t, "fig", "A-3"), games.ErrIllegal, "you have no figure on −3"},
		{"finish", 0, act(t, "fig", "finish"), games.ErrIllegal, "pieces on Finish never move again"},
		{"no guard", 0, act(t, "guard", "F1"), games.ErrIllegal, "there is no guard on ★"},
		{"frozen guard", 0, act(t, "guard", "A-2"), games.ErrIllegal, "a guard may only move while a figure shares its card"},
		{"back in the base game", 0, act(t, "fig_back", "A-1"), games.ErrIllegal, "you may only step back on a roll of 1 when that variant is on"},
		{"stay in the base game", 0, games.Action{Kind: "stay"}, games.ErrIllegal, "you may only stay put on a roll of 1 when that variant is on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, p)
			err := gametest.MustRefuse(t, s, tt.seat, tt.a, tt.want)
			if got := english(err.Error()); got != tt.reason {
				t.Errorf("reason %q, want %q", got, tt.reason)
			}
		})
	}
	s := build(t, pos{opts: opts("figures=2", "back_or_stay_on_1=true"), course: "start:01 A-1:0 finish:1", roll: 1})
	if err := gametest.MustRefuse(t, s, 0, act(t, "fig_back", "start"), games.ErrIllegal); english(err.Error()) != "nothing lies behind Start" {
		t.Errorf("reason %q, want %q", english(err.Error()), "nothing lies behind Start")
	}
}

// Legal lists exactly what Apply accepts: every kind on every card number
// (and beyond) is tried in positions that exercise each rule.
func TestLegalMatchesApply(t *testing.T) {
	positions := []pos{
		{opts: opts("figures=2"), course: "start:1 A-1:0g A-2:g A-3 F1:1 finish:0", roll: 3},
		{opts: opts("back_or_stay_on_1=true"), course: "start:0g A-2:1 A-3:0 B-3 F1:g F2:1g +6 +2:0 finish:1", roll: 1},
		{opts: opts("back_or_stay_on_1=true"), course: "start:0 A-2:1 A-3:0 F2:1g +2:0 finish:1", roll: 4},
	}
	kinds := append(slices.Clone(kindNames[:]), "", "figs", "FIG")
	for _, p := range positions {
		s := build(t, p)
		legal := s.Legal(s.turn)
		for _, kind := range kinds {
			for c := -2; c <= len(deck)+1; c++ {
				for _, a := range []games.Action{{Kind: kind, Args: []int{c}}, {Kind: kind}} {
					want := slices.ContainsFunc(legal, func(ch games.Choice) bool { return ch.Action.Equal(a) })
					_, err := s.resolve(a)
					if got := err == nil; got != want {
						t.Errorf("%s roll %d: %v accepted=%v, listed as legal=%v", p.course, p.roll, a, got, want)
					}
				}
			}
		}
	}
}

// Every seat and the channel get the same View value.
func TestViewIsPublic(t *testing.T) {
	s := build(t, pos{seats: 3, opts: opts("figures=2"), course: "start:2 A-1:0g F1:1 +8:2 finish:01", taken: [][]string{{"A-2"}, nil, {"F2"}}, turn: 1, roll: 4})
	obs, ok := s.View(games.Observer).(View)
	if !ok {
		t.Fatalf("View is %T, want thatslife.View", s.View(games.Observer))
	}
	for seat := range games.Seat(3) {
		if v := s.View(seat); !reflect.DeepEqual(v, obs) {
			t.Errorf("View(%d) differs from the public view", seat)
		}
	}
	if got, want := len(obs.Spots), 5; got != want {
		t.Fatalf("%d spots, want %d", got, want)
	}
	if sp := obs.Spots[1]; sp.Card.ID != "A-1" || !slices.Equal(sp.Figures, []int{1, 0, 0}) || sp.Guards != 1 {
		t.Errorf("spot 1 = %+v, want A-1 with a seat-0 figure and a guard", sp)
	}
	p0 := obs.Players[0]
	if p0.Colour != Red || p0.Figures != 2 || p0.Home != 1 || p0.Score != -2 || p0.Finished || len(p0.Collected) != 1 || p0.Collected[0].ID != "A-2" {
		t.Errorf("player 0 = %+v", p0)
	}
	if obs.Turn != 1 || obs.Roll != 4 || obs.Over || obs.Options != "Figures: 2 each" {
		t.Errorf("turn %d roll %d over %v options %q, want 1, 4, false, %q", obs.Turn, obs.Roll, obs.Over, obs.Options, "Figures: 2 each")
	}
	obs.Spots[1].Figures[0] = 9
	if s.course[1].figs[0] != 1 {
		t.Errorf("changing a view changed the state")
	}
}

// Decode takes back what MarshalBinary wrote, refuses other versions and
// refuses data that breaks the state's invariants.
func TestDecode(t *testing.T) {
	s := build(t, pos{seats: 3, opts: opts("figures=2", "recycle_cards=true"), course: "start:2 A-1:0g F1:1* +8:2 finish:01", taken: [][]string{{"A-2"}, nil, {"F2"}}, turn: 1, roll: 4})
	good, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(good, []byte(`{"v":1,`)) {
		t.Errorf("state starts %.20s, want a version field first", good)
	}
	d, err := Game{}.Decode(good)
	if err != nil {
		t.Fatalf("Decode(MarshalBinary()): %v", err)
	}
	if again, _ := d.MarshalBinary(); !bytes.Equal(again, good) {
		t.Errorf("round trip:\ngot  %s\nwant %s", again, good)
	}

	// The hand-written encoder writes exactly what encoding/json would
	// write for wireState, in every shape a game goes through.
	for seed := range uint64(30) {
		o := allOptions()[seed*7%uint64(len(allOptions()))]
		states, err := gametest.States(Game{}, games.Config{Seats: 2 + int(seed%5), Options: o, Seed: seed}, 9)
		if err != nil {
			t.Fatal(err)
		}
		for _, data := range append(states, good) {
			var w wireState
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&w); err != nil {
				t.Fatalf("seed %d: %v in %s", seed, err, data)
			}
			if want, _ := json.Marshal(w); !bytes.Equal(data, want) {
				t.Fatalf("seed %d: MarshalBinary wrote\n%s\nencoding/json writes\n%s", seed, data, want)
			}
		}
	}

	var base map[string]any
	if err := json.Unmarshal(good, &base); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"version 2", func(m map[string]any) { m["v"] = 2 }, "unsupported state version"},
		{"no version", func(m map[string]any) { delete(m, "v") }, "unsupported state version"},
		{"unknown field", func(m map[string]any) { m["extra"] = 1 }, "malformed"},
		{"no generator", func(m map[string]any) { delete(m, "rng") }, "no generator"},
		{"broken generator", func(m map[string]any) { m["rng"] = "AAAA" }, "malformed"},
		{"seven seats", func(m map[string]any) { m["seats"] = 7 }, "2 to 6 players"},
		{"bad option", func(m map[string]any) { m["options"].(map[string]any)["layout"] = "spiral" }, "Layout must be one of"},
		{"both end variants", func(m map[string]any) {
			o := m["options"].(map[string]any)
			o[optEndFirst], o[optEndLast] = "true", "true"
		}, "cannot be played together"},
		{"turn out of range", func(m map[string]any) { m["turn"] = 3 }, "turn out of range"},
		{"seat to move is home", func(m map[string]any) {
			m["turn"] = 2
			wspot(m, 0)["figures"], wspot(m, 3)["figures"], wspot(m, 4)["figures"] = nil, nil, []int{1, 1, 2}
		}, "no figure out"},
		{"roll 0 while running", func(m map[string]any) { m["roll"] = 0 }, "roll out of range"},
		{"roll 7", func(m map[string]any) { m["roll"] = 7 }, "roll out of range"},
		{"roll when over", func(m map[string]any) { m["over"] = true }, "no roll"},
		{"duplicate card", func(m map[string]any) { wspot(m, 2)["card"] = "A-1" }, "appears twice"},
		{"card both taken and on course", func(m map[string]any) { m["taken"] = [][]string{{"A-1"}, nil, nil} }, "appears twice"},
		{"unknown card", func(m map[string]any) { wspot(m, 2)["card"] = "Z-9" }, "unknown card"},
		{"no start", func(m map[string]any) { wspot(m, 0)["card"] = "A-5" }, "start to finish"},
		{"start inside", func(m map[string]any) {
			wspot(m, 0)["card"], wspot(m, 1)["card"] = "A-1", "start"
		}, "start to finish"},
		{"short course", func(m map[string]any) { m["course"] = []any{} }, "too short"},
		{"missing figure", func(m map[string]any) { wspot(m, 1)["figures"] = []int{0, 0, 0} }, "wrong number of figures"},
		{"negative figures", func(m map[string]any) { wspot(m, 1)["figures"] = []int{-1, 0, 0} }, "bad figure count"},
		{"figures of four seats", func(m map[string]any) { wspot(m, 1)["figures"] = []int{1, 0, 0, 0} }, "do not match"},
		{"guard on finish", func(m map[string]any) { wspot(m, 4)["guards"] = 1 }, "guards on finish"},
		{"nine guards", func(m map[string]any) { wspot(m, 1)["guards"] = 9 }, "bad guard count"},
		{"taken start", func(m map[string]any) { m["taken"] = [][]string{{"finish"}, nil, nil} }, "appears twice"},
		{"two collections", func(m map[string]any) { m["taken"] = [][]string{nil, nil} }, "do not match"},
		{"recycled without the variant", func(m map[string]any) { m["options"].(map[string]any)[optRecycle] = "false" }, "recycled"},
		{"locked without the variant", func(m map[string]any) { m["locked"] = "A-2" }, "unconvertible"},
		{"lifted while running", func(m map[string]any) { m["lifted"] = []int{0, 0, 1} }, "lifted"},
		{"last move to an unknown card", func(m map[string]any) { m["last"] = map[string]any{"to": "Z-9"} }, "bad last move"},
		{"last move took a card on the course", func(m map[string]any) {
			m["last"] = map[string]any{"to": "F1", "took": "A-1"}
		}, "bad card taken"},
		{"trailing data", nil, "malformed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := append(slices.Clone(good), " {}"...)
			if tt.edit != nil {
				m := deepCopy(t, base)
				tt.edit(m)
				var err error
				if data, err = json.Marshal(m); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Game{}.Decode(data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Decode: got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	for _, junk := range []string{"", "null", "[]", "{}", `{"v":1}`, `{"v":"1"}`, "\x00"} {
		if _, err := (Game{}).Decode([]byte(junk)); err == nil {
			t.Errorf("Decode(%q): got no error", junk)
		}
	}
}

// The view names what the last move changed, for the board to mark, and a
// saved game keeps it: the card a piece stopped on and the card it took.
func TestViewNamesTheLastMove(t *testing.T) {
	s := build(t, pos{seats: 2, opts: opts("back_or_stay_on_1=true", "figures=2"), course: "start:1 A-1:0 A-2:1 F1:g finish:0", turn: 0, roll: 2})
	if v := s.View(0).(View); v.Last != nil {
		t.Errorf("before any move, Last = %+v, want nil", *v.Last)
	}
	play(t, s, act(t, "fig", "A-1"))
	want := LastMove{To: "F1", Took: "A-1"}
	if v := s.View(0).(View); v.Last == nil || *v.Last != want {
		t.Fatalf("after a figure took −1, Last = %+v, want %+v", v.Last, want)
	}
	data, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Game{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if v := d.View(0).(View); v.Last == nil || *v.Last != want {
		t.Errorf("after a save, Last = %+v, want %+v", v.Last, want)
	}
	restored := d.(*state)
	restored.roll = 1
	play(t, restored, act(t, "stay", ""))
	if v := restored.View(0).(View); v.Last != nil {
		t.Errorf("after staying put, Last = %+v, want nil", *v.Last)
	}
}

func wspot(m map[string]any, i int) map[string]any {
	return m["course"].([]any)[i].(map[string]any)
}

func deepCopy(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// The Info text fits the places it is shown.
func TestInfo(t *testing.T) {
	info := Game{}.Info()
	if info.ID != "thatslife" || info.Name != "That's Life!" || info.MinSeats != 2 || info.MaxSeats != 6 {
		t.Errorf("info %q %q %d..%d, want thatslife, That's Life!, 2..6", info.ID, info.Name, info.MinSeats, info.MaxSeats)
	}
	if n := len([]rune(info.Rules)); n >= 1500 {
		t.Errorf("rules are %d characters, want fewer than 1500", n)
	}
	for _, o := range info.Options {
		if n := len([]rune(o.Help)); n > 100 {
			t.Errorf("option %s help is %d characters, want at most 100", o.Key, n)
		}
	}
}

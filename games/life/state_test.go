package life

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Refused actions name the sentinel, give a reason a player can act on,
// and change nothing.
func TestApplyRefusals(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"4H 9H 2D", "JO 2C", "3C"}, deck: "8H"})
	begin(t, s)
	tests := []struct {
		name   string
		seat   games.Seat
		a      games.Action
		want   error
		reason string
	}{
		{"other seat", 1, act(kindLay), games.ErrNotYourTurn, "it is not your turn"},
		{"observer", games.Observer, act(kindLay), games.ErrNotYourTurn, "it is not your turn"},
		{"no such seat", 9, act(kindLay), games.ErrNotYourTurn, "it is not your turn"},
		{"empty action", 0, games.Action{}, games.ErrIllegal, "that is not a move of this game"},
		{"wrong step", 0, act(kindSteal, 1), games.ErrIllegal, "that is not a move of this game"},
		{"index out of range", 0, act(kindLay, 2), games.ErrIllegal, "that is not a move of this game"},
		{"out of order", 0, act(kindLay, 1, 0), games.ErrIllegal, "that is not a move of this game"},
		{"negative", 0, act(kindLay, -1), games.ErrIllegal, "that is not a move of this game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := gametest.MustRefuse(t, s, tt.seat, tt.a, tt.want)
			if got := english.Say(err.Error()); got != tt.reason {
				t.Errorf("reason %q, want %q", got, tt.reason)
			}
		})
	}
	over := build(t, pos{hands: []string{"2C", "2D"}, totals: []int{200, 0}, handNo: 2})
	over.endHand(&log{})
	if err := gametest.MustRefuse(t, over, 0, act(kindSuit, 0), games.ErrOver); english.Say(err.Error()) != "the game is over" {
		t.Errorf("reason %q, want %q", english.Say(err.Error()), "the game is over")
	}
}

// Legal lists exactly what Apply accepts: every kind with small argument
// lists is tried in positions of each step.
func TestLegalMatchesApply(t *testing.T) {
	positions := map[string]func(t *testing.T) *state{
		"suit": func(t *testing.T) *state { return newState(t, 3, 1, opts("choose_spades=true")) },
		"joker": func(t *testing.T) *state {
			s := build(t, pos{hands: []string{"JO 4H", "2C"}})
			begin(t, s)
			return s
		},
		"lay": func(t *testing.T) *state {
			s := build(t, pos{hands: []string{"4H 9H 2D", "JO 2C"}, deck: "8H"})
			begin(t, s)
			return s
		},
		"steal": func(t *testing.T) *state {
			s := build(t, pos{seats: 3, hands: []string{"4H 6H 2C", "5D", "JO 9S"}, up: []string{"", "", "3C 3D"}, deck: "8H"})
			begin(t, s)
			play(t, s, 0, act(kindLay, 0, 1))
			return s
		},
		"take": func(t *testing.T) *state {
			s := build(t, pos{seats: 3, hands: []string{"4H 6H 2C", "5D", "JO 9S"}, up: []string{"", "", "3C 3D"}, deck: "8H"})
			begin(t, s)
			play(t, s, 0, act(kindLay, 0, 1))
			play(t, s, 0, act(kindSteal, 2))
			return s
		},
		"pos": func(t *testing.T) *state {
			s := build(t, pos{seats: 3, opts: opts("blind_steal=true"), hands: []string{"4H 6H 2C", "5D 6D", "JO 9S"}, deck: "8H"})
			begin(t, s)
			play(t, s, 0, act(kindLay, 0, 1))
			play(t, s, 0, act(kindSteal, 1))
			return s
		},
		"react": func(t *testing.T) *state {
			s := build(t, pos{seats: 3, hands: []string{"9S 4S 2D", "JO 3C", "JO2 3D"}, deck: "2S"})
			begin(t, s)
			return s
		},
	}
	kinds := []string{kindSuit, kindJoker, kindTurn, kindLay, kindSteal, kindNoSteal, kindTake, kindPos, kindReact, kindPass, "", "LAY"}
	argLists := [][]int{nil, {0, 1}, {1, 0}, {0, 0}, {0, 1, 2}}
	for a := -1; a <= maxCards; a++ {
		argLists = append(argLists, []int{a})
	}
	for name, mk := range positions {
		t.Run(name, func(t *testing.T) {
			probe := mk(t)
			saved, _ := probe.MarshalBinary()
			for seat := range games.Seat(probe.seats) {
				for _, kind := range kinds {
					for _, args := range argLists {
						a := games.Action{Kind: kind, Args: args}
						// A refused action changes nothing, so the probe
						// serves again; an accepted one gets a fresh copy.
						s := probe
						want := games.IsLegal(probe, seat, a)
						if want {
							fresh, _ := Game{}.Decode(saved)
							s = fresh.(*state)
						}
						_, err := s.Apply(seat, a)
						if got := err == nil; got != want {
							t.Fatalf("seat %d %v: accepted=%v (%v), listed as legal=%v", seat, a, got, err, want)
						}
					}
				}
			}
			if after, _ := probe.MarshalBinary(); !bytes.Equal(after, saved) {
				t.Errorf("refused actions changed the state")
			}
		})
	}
}

// layMax keeps every lay within the platform's 48 characters.
func TestLayMax(t *testing.T) {
	for k := range 26 {
		m := layMax(k)
		a := games.Action{Kind: kindLay}
		for i := k - m; i < k; i++ {
			a.Args = append(a.Args, i)
		}
		if len(a.String()) > maxActionLen || (m < k && len(a.String())+3 <= maxActionLen) {
			t.Errorf("layMax(%d) = %d gives %q (%d bytes)", k, m, a, len(a.String()))
		}
		if k <= 18 && m != k {
			t.Errorf("layMax(%d) = %d, want all %d", k, m, k)
		}
	}
}

// Saved states restore to the same bytes, and so does a whole game.
func TestRoundTrip(t *testing.T) {
	states, err := gametest.States(Game{}, games.Config{Seats: 5, Seed: 9, Options: opts("blind_steal=true", "choose_spades=true")}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range states {
		s, err := Game{}.Decode(b)
		if err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		again, _ := s.MarshalBinary()
		if !bytes.Equal(again, b) {
			t.Fatalf("state %d: saved again as\n%s\nwant\n%s", i, again, b)
		}
	}
}

// Decode refuses other versions and every broken invariant.
func TestDecodeRefuses(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"4H 9H 2D", "JO 2C", "3C"}, up: []string{"2S"}, deck: "8H"})
	begin(t, s)
	good, _ := s.MarshalBinary()
	edit := func(f func(w map[string]any)) []byte {
		var w map[string]any
		json.Unmarshal(good, &w)
		f(w)
		b, _ := json.Marshal(w)
		return b
	}
	table := func(w map[string]any, p int) map[string]any { return w["table"].([]any)[p].(map[string]any) }
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"version 2", edit(func(w map[string]any) { w["v"] = 2 }), "unsupported"},
		{"no version", []byte(`{"seats":2}`), "unsupported"},
		{"unknown field", edit(func(w map[string]any) { w["extra"] = 1 }), "malformed"},
		{"trailing data", append(append([]byte(nil), good...), '{'), "malformed"},
		{"seats", edit(func(w map[string]any) { w["seats"] = 9 }), "2 to 8"},
		{"phase", edit(func(w map[string]any) { w["phase"] = "dance" }), "unknown phase"},
		{"no rng", edit(func(w map[string]any) { delete(w, "rng") }), "no generator"},
		{"card twice", edit(func(w map[string]any) { table(w, 1)["hand"] = []int{id(t, "2C"), id(t, "2C")} }), "out of order"},
		{"card missing", edit(func(w map[string]any) { w["deck"] = w["deck"].([]any)[1:] }), "missing"},
		{"card out of range", edit(func(w map[string]any) { w["discard"] = []int{200} }), "no card 200"},
		{"joker on the table", edit(func(w map[string]any) {
			table(w, 1)["hand"] = []int{id(t, "2C")}
			table(w, 1)["up"] = []int{id(t, "JO")}
		}), "joker is on the table"},
		{"face up worth 10", edit(func(w map[string]any) {
			table(w, 0)["hand"] = []int{id(t, "2D")}
			table(w, 0)["up"] = []int{id(t, "4H"), id(t, "9H"), id(t, "2S")}
		}), "worth 10"},
		{"total", edit(func(w map[string]any) { table(w, 0)["total2"] = 4 }), "not the sum"},
		{"suit", edit(func(w map[string]any) { table(w, 0)["suit"] = 3 }), "may not choose"},
		{"turn", edit(func(w map[string]any) { w["turn"] = 5 }), "out of range"},
		{"lay without the suit", edit(func(w map[string]any) { w["turn"] = 2 }), "nothing to decide"},
		{"fresh card elsewhere", edit(func(w map[string]any) { table(w, 1)["fresh"] = []int{id(t, "2S")} }), "not there"},
		{"got card elsewhere", edit(func(w map[string]any) { table(w, 0)["got"] = []int{id(t, "2C")} }), "not there"},
		{"fresh cards out of order", edit(func(w map[string]any) { table(w, 1)["got"] = []int{id(t, "JO"), id(t, "2C")} }), "out of order"},
		{"empty hand", edit(func(w map[string]any) {
			w["deck"] = append(w["deck"].([]any), float64(id(t, "3C")))
			table(w, 2)["hand"] = []int{}
		}), "empty hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{}.Decode(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := (Game{}).Decode(good); err != nil {
		t.Fatalf("the untouched state: %v", err)
	}
}

// Labels read well on buttons and name seats as {n}.
func TestLabels(t *testing.T) {
	s := newState(t, 2, 1, opts("choose_spades=true"))
	var got []string
	for _, c := range s.Legal(0) {
		got = append(got, english.Say(c.Label))
	}
	if want := []string{"Hearts ♥", "Diamonds ♦", "Clubs ♣", "Spades ♠"}; !slices.Equal(got, want) {
		t.Errorf("suit labels %q, want %q", got, want)
	}
	s = build(t, pos{seats: 3, hands: []string{"4H 6H 2C", "5D", "JO 9S"}, deck: "8H"})
	begin(t, s)
	if got, want := english.Say(s.Prompt()), "{0} turned 8♥ and may lay hearts"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	play(t, s, 0, act(kindLay, 0, 1))
	got = nil
	for _, c := range s.Legal(0) {
		got = append(got, english.Say(c.Label))
	}
	if want := []string{"Steal from {1}", "Steal from {2}", "Don't steal"}; !slices.Equal(got, want) {
		t.Errorf("steal labels %q, want %q", got, want)
	}
	if got, want := english.Say(s.Prompt()), "{0} may steal a card"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
}

// Half points are written exactly.
func TestHalfText(t *testing.T) {
	for n2, want := range map[int]string{0: "0", 1: "½", -1: "−½", 95: "47½", -7: "−3½", 200: "100"} {
		if got := halfText(n2); got != want {
			t.Errorf("halfText(%d) = %q, want %q", n2, got, want)
		}
	}
	if got := errors.Unwrap(illegal("x")); got != games.ErrIllegal {
		t.Errorf("illegal unwraps to %v, want ErrIllegal", got)
	}
}

func TestStatsCountHands(t *testing.T) {
	s := newState(t, 3, 9, nil)
	rng := rand.New(rand.NewPCG(9, 9))
	for len(s.Active()) > 0 {
		seat := s.Active()[0]
		play(t, s, seat, games.RandomPolicy{}.Choose(s, seat, rng))
	}
	got := s.Stats()
	if len(got) != 1 || got[0].Value != float64(s.View(games.Observer).(View).HandNo) || got[0].Value < 1 {
		t.Fatalf("Stats() = %+v, want the number of hands played (%d)", got, s.View(games.Observer).(View).HandNo)
	}
}

// The views say what the last action changed: the cards laid, to
// everyone; the card picked up, to its holder alone.
func TestViewsShowTheLastMove(t *testing.T) {
	s := build(t, pos{hands: []string{"4H 5H 2D", "JO 2C"}, deck: "8H 9C"})
	begin(t, s)
	play(t, s, 0, games.Action{Kind: kindLay, Args: []int{0}})
	pub := s.View(games.Observer).(View)
	if got := pub.Seats[0].Fresh; len(got) != 1 || got[0].Label() != "4♥" {
		t.Errorf("public fresh cards of seat 0 = %v, want 4♥", got)
	}
	if !pub.Seats[0].HandMoved || pub.Seats[1].HandMoved || len(pub.Seats[1].Fresh) != 0 {
		t.Errorf("hands moved %v %v, seat 1 fresh %v; want seat 0's hand only", pub.Seats[0].HandMoved, pub.Seats[1].HandMoved, pub.Seats[1].Fresh)
	}
	if pub.FreshHand != nil {
		t.Errorf("the public view names cards put in a hand: %v", pub.FreshHand)
	}

	s = build(t, pos{hands: []string{"4H 2D", "JO 2C"}, deck: "8H 9C"})
	begin(t, s)
	play(t, s, 0, games.Action{Kind: kindLay})
	own := s.View(games.Seat(0)).(View)
	if got := own.FreshHand; len(got) != 1 || got[0].Label() != "9♣" {
		t.Errorf("seat 0's fresh hand = %v, want the 9♣ picked up", got)
	}
	if other := s.View(games.Seat(1)).(View); len(other.FreshHand) != 0 {
		t.Errorf("seat 1 sees cards put in its hand: %v", other.FreshHand)
	}
	if pub := s.View(games.Observer).(View); !pub.Seats[0].HandMoved || len(pub.Seats[0].Fresh) != 0 {
		t.Errorf("after a pick-up the table shows %v laid, hand moved %v", pub.Seats[0].Fresh, pub.Seats[0].HandMoved)
	}
}

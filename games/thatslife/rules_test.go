package thatslife

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Each test here pins one ruling of RULINGS.md section 1.2 (or 1.3), named
// by its number.

func newState(t testing.TB, seats int, seed uint64, o games.Options) *state {
	t.Helper()
	s, err := Game{}.New(games.Config{Seats: seats, Options: o, Seed: seed})
	if err != nil {
		t.Fatalf("New(%d seats, %v): %v", seats, o, err)
	}
	return s.(*state)
}

const (
	runA      = "A-1 A-2 A-3 A-4 A-5 A-6 A-7 A-8"
	runB      = "B-1 B-2 B-3 B-4 B-5 B-6 B-7 B-8 B-9 B-10"
	fortunesG = "F1:g F2:g F3:g F4:g F5:g F6:g"
	fortunes  = "F1 F2 F3 F4 F5 F6"
	plusUpG   = "+1:g +2:g +3:g +4:g +5:g +6:g +7:g +8:g"
)

// Ruling 1 and layouts (variant 1): the order of each layout, its guards,
// and every figure on Start.
func TestRuling01Layouts(t *testing.T) {
	tests := []struct {
		layout string
		want   string
	}{
		{layoutStandard, "start:000111 " + runA + " " + fortunesG + " +8:g +7:g +6 +5 +4 +3 +2 +1 " + runB + " finish"},
		{layoutPlusAscending, "start:000111 " + runA + " " + plusUpG + " " + fortunes + " " + runB + " finish"},
		{layoutFortuneLast, "start:000111 " + runA + " " + plusUpG + " " + runB + " " + fortunes + " finish"},
	}
	for _, tt := range tests {
		t.Run(tt.layout, func(t *testing.T) {
			s := newState(t, 2, 1, opts("layout="+tt.layout))
			if got := describe(s); got != tt.want {
				t.Errorf("course:\ngot  %s\nwant %s", got, tt.want)
			}
		})
	}
	t.Run("default is standard", func(t *testing.T) {
		a, b := newState(t, 3, 9, nil), newState(t, 3, 9, opts("layout=standard"))
		if describe(a) != describe(b) {
			t.Errorf("default layout %q, want the standard %q", describe(a), describe(b))
		}
	})
}

// Ruling 1 and section 1.3: the random layout shuffles the 32 cards with
// the game's generator before anything else is drawn, then the first
// player, then the first roll; guards sit on the fortunes, +8 and +7.
func TestRandomLayoutAndDrawOrder(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(20) {
		s := newState(t, 4, seed, opts("layout=random"))
		rng := games.NewRNG(seed)
		cards := run(1, routeCards)
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		wantTurn, wantRoll := games.Seat(rng.IntN(4)), rng.Die()
		var got []int
		for _, sp := range s.course[1 : len(s.course)-1] {
			got = append(got, sp.card)
			wantGuard := deck[sp.card].Kind == Fortune || deck[sp.card].ID == "+8" || deck[sp.card].ID == "+7"
			if (sp.guards == 1) != wantGuard || sp.guards > 1 {
				t.Errorf("seed %d: %s has %d guards, want guarded=%v", seed, deck[sp.card].ID, sp.guards, wantGuard)
			}
		}
		if !slices.Equal(got, cards) {
			t.Errorf("seed %d: course %v, want %v", seed, got, cards)
		}
		if s.turn != wantTurn || s.roll != wantRoll {
			t.Errorf("seed %d: first seat %d rolling %d, want %d rolling %d", seed, s.turn, s.roll, wantTurn, wantRoll)
		}
		seen[describe(s)] = true
	}
	if len(seen) < 20 {
		t.Errorf("20 seeds gave only %d different courses", len(seen))
	}
}

// Ruling 2: a roll counts the cards still on the course; taken cards are
// not counted.
func TestRuling02Counting(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:01 A-2 A-7 +8 finish:01", turn: 0, roll: 2})
	play(t, s, act(t, "fig", "start"))
	if got, want := describe(s), "start:1 A-2 A-7:0 +8 finish:01"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Ruling 3: a piece stops on Finish when its count reaches or passes it,
// and pieces on Finish never move again.
func TestRuling03FinishEndsTheMove(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:01 A-2 finish:01", turn: 0, roll: 6})
	if got, want := actions(s), []string{"fig.0"}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v: the figure on Finish may not move", got, want)
	}
	gametest.MustRefuse(t, s, 0, act(t, "fig", "finish"), games.ErrIllegal)
	play(t, s, act(t, "fig", "start"))
	if got, want := describe(s), "start:1 A-2 finish:001"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Ruling 4: the roller must move one own figure or an eligible guard by
// the full roll; there is no pass in the base game.
func TestRuling04MustMove(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:1 A-1:0 A-2:g A-3:1g F1:0 finish", turn: 0, roll: 1})
	if got, want := actions(s), []string{"fig.1", "fig.9", "guard.3"}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
	gametest.MustRefuse(t, s, 0, games.Action{Kind: "stay"}, games.ErrIllegal)
	play(t, s, act(t, "fig", "A-1"))
	if got, want := describe(s), "start:1 A-2:0g A-3:1g F1:0 finish"; got != want {
		t.Errorf("a roll of 1 moved to %s, want %s", got, want)
	}
}

// Ruling 5: a guard may move when its card holds a figure of any colour,
// by any player; guards alone (with other guards or not) are frozen; the
// guards of one card are one choice and only one of them moves.
func TestRuling05EligibleGuards(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:0 A-1:1g A-2:g A-3:gg F1:0gg +8:1 finish", turn: 0, roll: 1})
	if got, want := actions(s), []string{"fig.0", "fig.9", "guard.1", "guard.9"}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
	gametest.MustRefuse(t, s, 0, act(t, "guard", "A-2"), games.ErrIllegal)
	gametest.MustRefuse(t, s, 0, act(t, "guard", "A-3"), games.ErrIllegal)
	play(t, s, act(t, "guard", "F1"))
	if got, want := describe(s), "start:0 A-1:1g A-2:g A-3:gg F1:0g +8:1g finish"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Ruling 6: a figure leaving a route card that is then empty takes it,
// moving forwards, into Finish or backwards; a card still holding a
// figure of any colour stays; leaving Start takes nothing.
func TestRuling06Collecting(t *testing.T) {
	tests := []struct {
		name   string
		p      pos
		a      games.Action
		course string
		taken  []string
	}{
		{"forward, alone", pos{course: "start:1 A-3:0 +6 finish:0011", roll: 1},
			games.Action{Kind: "fig", Args: []int{3}}, "start:1 +6:0 finish:0011", []string{"A-3"}},
		{"into Finish", pos{course: "start:1 +2:0 +1 finish:0011", roll: 5},
			games.Action{Kind: "fig", Args: []int{21}}, "start:1 +1 finish:00011", []string{"+2"}},
		{"backwards", pos{opts: opts("back_or_stay_on_1=true"), course: "start:1 A-1 A-3:0 finish:0011", roll: 1},
			games.Action{Kind: "fig_back", Args: []int{3}}, "start:1 A-1:0 finish:0011", []string{"A-3"}},
		{"another colour stays", pos{course: "start A-3:01 +6 finish:0011", roll: 1},
			games.Action{Kind: "fig", Args: []int{3}}, "start A-3:1 +6:0 finish:0011", []string{}},
		{"own figure stays", pos{course: "start:1 A-3:00 +6 finish:011", roll: 1},
			games.Action{Kind: "fig", Args: []int{3}}, "start:1 A-3:0 +6:0 finish:011", []string{}},
		{"a guard stays", pos{course: "start:1 A-3:0g +6 finish:0011", roll: 1},
			games.Action{Kind: "fig", Args: []int{3}}, "start:1 A-3:g +6:0 finish:0011", []string{}},
		{"Start is never taken", pos{course: "start:0 +6 finish:00111", roll: 1},
			games.Action{Kind: "fig", Args: []int{0}}, "start +6:0 finish:00111", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, tt.p)
			play(t, s, tt.a)
			if got := describe(s); got != tt.course {
				t.Errorf("course %s, want %s", got, tt.course)
			}
			if got := takenIDs(s, 0); !slices.Equal(got, tt.taken) {
				t.Errorf("seat 0 took %v, want %v", got, tt.taken)
			}
		})
	}
}

// Ruling 7: moving a guard never collects, even when it leaves the last
// figure alone on the card.
func TestRuling07GuardNeverCollects(t *testing.T) {
	s := build(t, pos{course: "start:11 A-5:0g +6 finish:001", roll: 1})
	ev := play(t, s, act(t, "guard", "A-5"))
	if got, want := describe(s), "start:11 A-5:0 +6:g finish:001"; got != want {
		t.Errorf("course %s, want %s", got, want)
	}
	if len(s.taken[0])+len(s.taken[1]) != 0 {
		t.Errorf("collections %v %v after a guard move, want none", s.taken[0], s.taken[1])
	}
	if got, want := english(ev[0].Text), "{0} moved a guard from −5 to +6"; got != want {
		t.Errorf("event %q, want %q", got, want)
	}
}

// Ruling 8: a card left holding only a guard stays on the course; once a
// figure lands there the guard may move again, and the card goes to the
// figure that leaves it empty. If nobody comes back, nobody scores it.
func TestRuling08CardLeftWithAGuard(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:1 A-4:0g F1:0 +8 finish:1", turn: 0, roll: 2})
	play(t, s, act(t, "fig", "A-4"))
	if got, want := describe(s), "start:1 A-4:g F1:0 +8:0 finish:1"; got != want {
		t.Fatalf("after leaving: %s, want %s", got, want)
	}
	if got := actions(s); slices.Contains(got, "guard.4") {
		t.Errorf("legal %v: the lone guard on −4 must be frozen", got)
	}
	s.roll = 1
	play(t, s, act(t, "fig", "start"))
	s.roll = 2
	play(t, s, act(t, "guard", "A-4"))
	if got, want := describe(s), "start A-4:1 F1:0 +8:0g finish:1"; got != want {
		t.Fatalf("after the guard left: %s, want %s", got, want)
	}
	s.roll = 1
	play(t, s, act(t, "fig", "A-4"))
	if got, want := takenIDs(s, 1), []string{"A-4"}; !slices.Equal(got, want) {
		t.Errorf("seat 1 took %v, want %v", got, want)
	}

	end := build(t, pos{opts: opts("figures=2"), course: "start A-4:g +8:0 finish:011", roll: 6})
	play(t, end, act(t, "fig", "+8"))
	if !end.over || describe(end) != "start A-4:g finish:0011" {
		t.Fatalf("over=%v course %s, want the game over with −4 still on the course", end.over, describe(end))
	}
	if got := end.Result().Scores; !slices.Equal(got, []int{8, 0}) {
		t.Errorf("scores %v, want [8 0]: the guarded −4 scores for nobody", got)
	}
}

// Ruling 9: a seat with a figure out always has a move, because Finish
// absorbs any surplus (the property test checks every step of many games).
func TestRuling09AlwaysAMove(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start A-1:g A-2:0 finish:011", turn: 0, roll: 6})
	if got, want := actions(s), []string{"fig.2"}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	if seat, a, ok := games.Forced(s); !ok || seat != 0 || a.String() != "fig.2" {
		t.Errorf("Forced: %d %v %v, want seat 0 forced to fig.2", seat, a, ok)
	}
}

// Ruling 10: seats with every figure home are skipped.
func TestRuling10FinishedSeatsSkipped(t *testing.T) {
	s := build(t, pos{seats: 3, opts: opts("figures=2"), course: "start:0022 A-1 finish:11", turn: 0, roll: 1})
	play(t, s, act(t, "fig", "start"))
	if s.turn != 2 {
		t.Fatalf("turn passed to seat %d, want 2 (seat 1 is home)", s.turn)
	}
	play(t, s, act(t, "fig", "start"))
	if s.turn != 0 {
		t.Errorf("turn passed to seat %d, want 0", s.turn)
	}
}

// Ruling 11: 3 figures each with 2–4 players, 2 with 5–6; the figures
// option overrides.
func TestRuling11FiguresPerSeat(t *testing.T) {
	tests := []struct {
		seats   int
		figures string
		want    int
	}{
		{2, "auto", 3}, {3, "auto", 3}, {4, "auto", 3}, {5, "auto", 2}, {6, "auto", 2},
		{3, "2", 2}, {2, "2", 2}, {6, "3", 3}, {5, "3", 3},
	}
	for _, tt := range tests {
		s := newState(t, tt.seats, 1, opts("figures="+tt.figures))
		for p := range tt.seats {
			if got := s.course[0].figs[p]; got != tt.want {
				t.Errorf("%d seats, figures=%s: seat %d has %d on Start, want %d", tt.seats, tt.figures, p, got, tt.want)
			}
		}
		if v := s.View(0).(View); v.Players[0].Figures != tt.want {
			t.Errorf("%d seats, figures=%s: view says %d figures, want %d", tt.seats, tt.figures, v.Players[0].Figures, tt.want)
		}
	}
}

// Ruling 12: the first seat is drawn from the game's generator, then play
// follows seat order.
func TestRuling12FirstPlayer(t *testing.T) {
	firsts := map[games.Seat]int{}
	for seed := range uint64(60) {
		s := newState(t, 4, seed, nil)
		rng := games.NewRNG(seed)
		if want := games.Seat(rng.IntN(4)); s.turn != want {
			t.Errorf("seed %d: first seat %d, want %d", seed, s.turn, want)
		}
		firsts[s.turn]++
		first := s.turn
		play(t, s, s.Legal(s.turn)[0].Action)
		if want := (first + 1) % 4; s.turn != want {
			t.Errorf("seed %d: after seat %d came seat %d, want %d", seed, first, s.turn, want)
		}
	}
	if len(firsts) != 4 {
		t.Errorf("first seats over 60 seeds: %v, want all four", firsts)
	}
}

// Ruling 13: a guard reaching Finish leaves play.
func TestRuling13GuardsLeaveAtFinish(t *testing.T) {
	s := build(t, pos{course: "start:1 A-8:0g +1 finish:0011", roll: 5})
	ev := play(t, s, act(t, "guard", "A-8"))
	if got, want := describe(s), "start:1 A-8:0 +1 finish:0011"; got != want {
		t.Errorf("course %s, want %s", got, want)
	}
	if got, want := english(ev[0].Text), "{0} moved a guard from −8 to Finish; it leaves play"; got != want {
		t.Errorf("event %q, want %q", got, want)
	}
}

// Ruling 14: the base game ends when every figure is home; cards still on
// the course score for nobody.
func TestRuling14End(t *testing.T) {
	s := build(t, pos{course: "start A-1:g A-6:1 +5 finish:00011", turn: 1, roll: 2})
	ev := play(t, s, act(t, "fig", "A-6"))
	if !s.over || s.Active() != nil || s.roll != 0 {
		t.Fatalf("over=%v active=%v roll=%d, want the game over", s.over, s.Active(), s.roll)
	}
	if got, want := describe(s), "start A-1:g +5 finish:000111"; got != want {
		t.Errorf("course %s, want %s", got, want)
	}
	if got, want := texts(ev), []string{
		"{1} moved a figure from −6 to Finish and took −6",
		"{1} has every figure home",
		"Game over: {0} wins with 0",
	}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	r := s.Result()
	if !r.Over || !slices.Equal(r.Scores, []int{0, -6}) || !slices.Equal(r.Rank, []int{1, 2}) {
		t.Errorf("result %+v, want over, scores [0 −6], ranks [1 2]", r)
	}
	gametest.MustRefuse(t, s, 0, act(t, "fig", "start"), games.ErrOver)
}

// Ruling 15: plus cards add; each fortune turns one minus card, largest
// first, into plus; unused fortunes score nothing; other minus cards
// subtract. Variant 5's card is never turned.
func TestRuling15Scoring(t *testing.T) {
	tests := []struct {
		cards  []string
		locked string
		want   int
		detail string
	}{
		{nil, "", 0, "no cards = 0"},
		{[]string{"+8", "+7"}, "", 15, "+8 +7 = 15"},
		{[]string{"A-2", "F1", "A-6"}, "", 4, "★→−6 −2 = 4"},
		{[]string{"F1", "A-1", "B-9"}, "", 8, "★→−9 −1 = 8"},
		{[]string{"F1", "F2", "A-3"}, "", 3, "★→−3 ★ = 3"},
		{[]string{"A-3", "B-3", "F1"}, "", 0, "★→−3 −3 = 0"},
		{[]string{"F1"}, "", 0, "★ = 0"},
		{[]string{"B-10", "+1", "F1", "A-8", "F2", "F3"}, "", 19, "+1 ★→−10 ★→−8 ★ = 19"},
		{[]string{"B-1", "B-2"}, "", -3, "−2 −1 = −3"},
		{[]string{"F1", "A-2", "B-10"}, "B-10", -8, "★→−2 −10 (no ★) = −8"},
		{[]string{"F1", "F2", "B-10"}, "B-10", -10, "★ ★ −10 (no ★) = −10"},
	}
	for _, tt := range tests {
		var cards []int
		for _, id := range tt.cards {
			cards = append(cards, card(t, id))
		}
		locked := noCard
		if tt.locked != "" {
			locked = card(t, tt.locked)
		}
		if got := points(cards, locked, noCard); got != tt.want {
			t.Errorf("points(%v, locked %q) = %d, want %d", tt.cards, tt.locked, got, tt.want)
		}
		if got := english(detail(cards, locked)); got != tt.detail {
			t.Errorf("detail(%v, locked %q) = %q, want %q", tt.cards, tt.locked, got, tt.detail)
		}
	}
}

// Ruling 16: equal scores share a rank, and a shared win is announced.
func TestRuling16Ties(t *testing.T) {
	s := build(t, pos{seats: 3, opts: opts("figures=2"), course: "start +1:2 finish:00112",
		taken: [][]string{{"+5"}, {"+3", "+2"}, {"+4"}}, turn: 2, roll: 3})
	ev := play(t, s, act(t, "fig", "+1"))
	r := s.Result()
	if !r.Over || !slices.Equal(r.Scores, []int{5, 5, 5}) || !slices.Equal(r.Rank, []int{1, 1, 1}) {
		t.Errorf("result %+v, want over with scores [5 5 5] and ranks [1 1 1]", r)
	}
	if got, want := english(ev[len(ev)-1].Text), "Game over: {0}, {1} and {2} share the win with 5"; got != want {
		t.Errorf("last event %q, want %q", got, want)
	}
	two := build(t, pos{seats: 3, taken: [][]string{{"+4"}, {"+6"}, {"+5", "+1"}}, over: true,
		course: "start finish:000111222"})
	if got := two.Result().Rank; !slices.Equal(got, []int{3, 1, 1}) {
		t.Errorf("ranks %v, want [3 1 1]", got)
	}
}

// Ruling 17: the variants are options, all off by default, and the two
// end variants exclude each other.
func TestRuling17Options(t *testing.T) {
	info := Game{}.Info()
	var keys []string
	for _, o := range info.Options {
		keys = append(keys, o.Key)
	}
	want := []string{optLayout, optFigures, optBack, optRecycle, optEndFirst, optEndLast}
	if !slices.Equal(keys, want) {
		t.Errorf("option keys %v, want %v", keys, want)
	}
	def, err := games.Resolve(info.Options, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantDef := games.Options{optLayout: "standard", optFigures: "auto", optBack: "false",
		optRecycle: "false", optEndFirst: "false", optEndLast: "false"}
	for k, v := range wantDef {
		if def[k] != v {
			t.Errorf("default %s = %q, want %q", k, def[k], v)
		}
	}
	if d := games.Describe(info.Options, def); d != "" {
		t.Errorf("defaults describe as %q, want the base game", d)
	}
	_, err = Game{}.New(games.Config{Seats: 3, Options: opts("end_when_first_player_home=true", "end_at_last_figure=true")})
	if err == nil {
		t.Errorf("New with both end variants: got no error, want one")
	}
}

// Ruling 18 (variant 2): on a 1 a piece may step back to the previous card
// still on the course, Start included, or the seat may stay put; backward
// steps can collect; Finish and Start allow no step back.
func TestRuling18BackOrStay(t *testing.T) {
	v2 := opts("back_or_stay_on_1=true", "figures=2")
	t.Run("choices on a 1", func(t *testing.T) {
		s := build(t, pos{opts: v2, course: "start:01 A-1:0g A-3 A-4:g F1:1 finish", roll: 1})
		want := []string{"fig.0", "fig.1", "guard.1", "fig_back.1", "guard_back.1", "stay"}
		if got := actions(s); !slices.Equal(got, want) {
			t.Errorf("legal %v, want %v", got, want)
		}
		gametest.MustRefuse(t, s, 0, act(t, "fig_back", "start"), games.ErrIllegal)
		gametest.MustRefuse(t, s, 0, act(t, "guard_back", "A-4"), games.ErrIllegal)
	})
	t.Run("no extras on other rolls", func(t *testing.T) {
		s := build(t, pos{opts: v2, course: "start:01 A-1:0g A-3 F1:1 finish", roll: 2})
		if got, want := actions(s), []string{"fig.0", "fig.1", "guard.1"}; !slices.Equal(got, want) {
			t.Errorf("legal %v, want %v", got, want)
		}
		gametest.MustRefuse(t, s, 0, act(t, "fig_back", "A-1"), games.ErrIllegal)
		gametest.MustRefuse(t, s, 0, games.Action{Kind: "stay"}, games.ErrIllegal)
	})
	t.Run("not without the variant", func(t *testing.T) {
		s := build(t, pos{opts: opts("figures=2"), course: "start:01 A-1:0g A-3 F1:1 finish", roll: 1})
		gametest.MustRefuse(t, s, 0, act(t, "fig_back", "A-1"), games.ErrIllegal)
		gametest.MustRefuse(t, s, 0, games.Action{Kind: "stay"}, games.ErrIllegal)
	})
	t.Run("back skips taken cards and collects", func(t *testing.T) {
		s := build(t, pos{opts: v2, course: "start:1 A-1 A-5:0 finish:01", roll: 1})
		ev := play(t, s, act(t, "fig_back", "A-5"))
		if got, want := describe(s), "start:1 A-1:0 finish:01"; got != want {
			t.Errorf("course %s, want %s", got, want)
		}
		if got, want := english(ev[0].Text), "{0} stepped a figure back from −5 to −1 and took −5"; got != want {
			t.Errorf("event %q, want %q", got, want)
		}
	})
	t.Run("guard back onto Start", func(t *testing.T) {
		s := build(t, pos{opts: v2, course: "start:11 A-1:0g finish:0", roll: 1})
		play(t, s, act(t, "guard_back", "A-1"))
		if got, want := describe(s), "start:11g A-1:0 finish:0"; got != want {
			t.Fatalf("course %s, want %s", got, want)
		}
		s.roll = 2
		if got := actions(s); !slices.Contains(got, "guard.0") {
			t.Errorf("legal %v: a guard on Start beside figures may move on", got)
		}
	})
	t.Run("stay", func(t *testing.T) {
		s := build(t, pos{opts: v2, course: "start:01 A-1:0 finish:1", roll: 1})
		before := describe(s)
		ev := play(t, s, games.Action{Kind: "stay"})
		if describe(s) != before || s.turn != 1 {
			t.Errorf("after staying: %s, turn %d; want %s, turn 1", describe(s), s.turn, before)
		}
		if got, want := english(ev[0].Text), "{0} stayed put"; got != want {
			t.Errorf("event %q, want %q", got, want)
		}
	})
}

// Ruling 19 (variant 3): after each move the route cards behind the
// rearmost figure go, with their guards and in order, to just before
// Finish; a card goes round once and is then removed unscored.
func TestRuling19Recycle(t *testing.T) {
	rc := opts("recycle_cards=true", "figures=2")
	tests := []struct {
		name   string
		course string
		roll   int
		want   string
		events []string
	}{
		{"cards behind go to the end", "start A-1:0 A-2:g A-3 B-4:1 F1 +8 finish:01", 5,
			"start B-4:1 F1 +8:0 A-2:g* A-3:* finish:01",
			[]string{"{0} moved a figure from −1 to +8 and took −1", "Recycled to the end of the course: −2, −3"}},
		{"a figure on Start holds everything", "start:1 A-1:0 A-2 +8 finish:01", 2,
			"start:1 A-2 +8:0 finish:01",
			[]string{"{0} moved a figure from −1 to +8 and took −1"}},
		{"second time out", "start A-1:0 A-2:g* A-3 B-4:1 +8 finish:01", 4,
			"start B-4:1 +8:0 A-3:* finish:01",
			[]string{"{0} moved a figure from −1 to +8 and took −1", "Recycled to the end of the course: −3", "Out of the game, already recycled once: −2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, pos{opts: rc, course: tt.course, roll: tt.roll})
			ev := texts(play(t, s, act(t, "fig", "A-1")))
			if got := describe(s); got != tt.want {
				t.Errorf("course %s, want %s", got, tt.want)
			}
			want := append(tt.events, fmt.Sprintf("{1} rolled a %d", s.roll))
			if !slices.Equal(ev, want) {
				t.Errorf("events %q, want %q", ev, want)
			}
		})
	}
	t.Run("off by default", func(t *testing.T) {
		s := build(t, pos{opts: opts("figures=2"), course: "start A-1:0 A-2:g B-4:1 +8 finish:01", roll: 3})
		play(t, s, act(t, "fig", "A-1"))
		if got, want := describe(s), "start A-2:g B-4:1 +8:0 finish:01"; got != want {
			t.Errorf("course %s, want %s", got, want)
		}
	})
}

// Ruling 20 (variant 4): the game ends when a seat's last figure reaches
// Finish; cards held only by one seat's figures go to that seat, the rest
// to nobody.
func TestRuling20FirstHome(t *testing.T) {
	p := pos{seats: 3, opts: opts("end_when_first_player_home=true"),
		course: "start A-2:11 A-3:12 A-4:2g +7:0 +8:2 finish:00", roll: 3}
	s := build(t, p)
	ev := play(t, s, act(t, "fig", "+7"))
	if !s.over {
		t.Fatalf("the game goes on after seat 0 came home")
	}
	if got, want := describe(s), "start A-3:12 A-4:2g finish:000"; got != want {
		t.Errorf("course %s, want %s", got, want)
	}
	wantTaken := [][]string{{"+7"}, {"A-2"}, {"+8"}}
	for seat, want := range wantTaken {
		if got := takenIDs(s, seat); !slices.Equal(got, want) {
			t.Errorf("seat %d took %v, want %v", seat, got, want)
		}
	}
	if got, want := s.lifted, []int{0, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("figures lifted with their cards %v, want %v", got, want)
	}
	if got, want := s.Result().Scores, []int{7, -2, 8}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
	if got, want := texts(ev), []string{
		"{0} moved a figure from +7 to Finish and took +7",
		"{0} has every figure home",
		"{1} takes −2, held by their figures alone",
		"{2} takes +8, held by their figures alone",
		"Game over: {2} wins with 8",
	}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	base := build(t, pos{seats: 3, course: p.course, roll: 3})
	play(t, base, act(t, "fig", "+7"))
	if base.over {
		t.Errorf("without the variant the game ended when seat 0 came home")
	}
}

// Ruling 21 (variant 5): the game ends when one figure is left out; its
// owner takes the largest unguarded minus card on the course (the one
// nearer Start between equals), which no fortune may turn.
func TestRuling21LastFigure(t *testing.T) {
	v5 := opts("end_at_last_figure=true", "figures=2")
	s := build(t, pos{opts: v5, course: "start A-1:1 B-9:g B-8 A-8 +8:0 finish:01", taken: [][]string{nil, {"F1", "A-2"}}, roll: 2})
	ev := play(t, s, act(t, "fig", "+8"))
	if !s.over {
		t.Fatalf("the game goes on with one figure out")
	}
	if got, want := describe(s), "start A-1:1 B-9:g A-8 finish:001"; got != want {
		t.Errorf("course %s, want %s", got, want)
	}
	if got, want := takenIDs(s, 1), []string{"F1", "A-2", "B-8"}; !slices.Equal(got, want) {
		t.Errorf("seat 1 took %v, want %v", got, want)
	}
	r := s.Result()
	if got, want := r.Scores, []int{8, -6}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
	if got, want := english(r.Detail[1]), "★→−2 −8 (no ★) = −6"; got != want {
		t.Errorf("detail %q, want %q", got, want)
	}
	if got := s.View(games.Observer).(View).Players[1].Unconvertible; !slices.Equal(got, []string{"B-8"}) {
		t.Errorf("unconvertible %v, want [B-8]", got)
	}
	if got, want := english(ev[len(ev)-2].Text), "{1} has the last figure out and takes −8; no fortune can turn it"; got != want {
		t.Errorf("event %q, want %q", got, want)
	}

	t.Run("the card under the last figure", func(t *testing.T) {
		s := build(t, pos{opts: v5, course: "start A-1:0 A-3:1 finish:01", roll: 2})
		play(t, s, act(t, "fig", "A-1"))
		if got, want := describe(s), "start finish:001"; !s.over || got != want {
			t.Errorf("course %s over=%v, want %s and over", got, s.over, want)
		}
		if got, want := takenIDs(s, 1), []string{"A-3"}; !slices.Equal(got, want) {
			t.Errorf("seat 1 took %v, want %v", got, want)
		}
		if got, want := s.lifted, []int{0, 1}; !slices.Equal(got, want) {
			t.Errorf("lifted %v, want %v: the figure leaves with its card", got, want)
		}
	})
	t.Run("last figure on Start", func(t *testing.T) {
		s := build(t, pos{opts: v5, course: "start:1 A-5 A-3:0 finish:01", roll: 1})
		play(t, s, act(t, "fig", "A-3"))
		if got, want := describe(s), "start:1 finish:001"; !s.over || got != want {
			t.Errorf("course %s over=%v, want %s and over", got, s.over, want)
		}
		if got, want := takenIDs(s, 1), []string{"A-5"}; !slices.Equal(got, want) {
			t.Errorf("seat 1 took %v, want %v", got, want)
		}
	})
	t.Run("nothing to take", func(t *testing.T) {
		s := build(t, pos{opts: v5, course: "start:1 A-3:g +8:0 finish:01", roll: 2})
		play(t, s, act(t, "fig", "+8"))
		if !s.over || len(s.taken[1]) != 0 || s.locked != noCard {
			t.Errorf("over=%v, seat 1 took %v; want over and nothing taken", s.over, takenIDs(s, 1))
		}
	})
}

// Ruling 22: variants 1, 2 and 3 combine with each other and with 4 or 5
// (the shared suite plays every combination).
func TestRuling22Combinations(t *testing.T) {
	n := 0
	for _, o := range allOptions() {
		if _, err := (Game{}).New(games.Config{Seats: 4, Options: o}); err != nil {
			t.Errorf("New(%v): %v", o, err)
		}
		n++
	}
	if n != 4*3*2*2*3 {
		t.Errorf("%d combinations, want %d", n, 4*3*2*2*3)
	}
}

// Section 1.3: labels say what moves where and what it takes; faces shown
// on more than one card carry their card's mark, which stays as cards
// leave.
func TestLabels(t *testing.T) {
	s := build(t, pos{opts: opts("back_or_stay_on_1=true"),
		course: "start:0 A-2:1 A-3:0 B-3 F1:g F2:1g +6 +2:0 finish:1", roll: 1})
	var got []string
	for _, c := range s.Legal(0) {
		got = append(got, english(c.Label))
	}
	want := []string{
		"Figure Start → −2",
		"Figure A−3 → B−3 (you take −3)",
		"Figure +2 → Finish (you take +2)",
		"Guard ★2 → +6",
		"Back: figure A−3 → −2 (you take −3)",
		"Back: figure +2 → +6 (you take +2)",
		"Back: guard ★2 → ★1",
		"Stay put",
	}
	if !slices.Equal(got, want) {
		t.Errorf("labels:\ngot  %q\nwant %q", got, want)
	}
}

// A card keeps its name as the cards before it leave the course: the
// same guard move reads the same whether or not a fortune lay before it.
func TestLabelsStayAsCardsLeave(t *testing.T) {
	guardMove := func(course string) string {
		s := build(t, pos{course: course, roll: 1})
		for _, c := range s.Legal(0) {
			if label := english(c.Label); strings.HasPrefix(label, "Guard ") {
				return label
			}
		}
		t.Fatalf("no guard move on %s", course)
		return ""
	}
	before := guardMove("start:00 F1 F4 F2:1g +6:0 finish:11")
	after := guardMove("start:00 F4 F2:1g +6:0 finish:11")
	if before != "Guard ★2 → +6" || after != before {
		t.Errorf("the guard on ★2 reads %q, then %q once ★1 is gone", before, after)
	}
}

// Events and prompts use seat references and the faces of the cards.
func TestEventsAndPrompt(t *testing.T) {
	s := build(t, pos{opts: opts("figures=2"), course: "start:01 A-3:0 +6 finish:1", roll: 2})
	if got, want := english(s.Prompt()), "{0} rolled a 2 — choose a move"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	ev := play(t, s, act(t, "fig", "A-3"))
	want := []string{"{0} moved a figure from −3 to Finish and took −3", fmt.Sprintf("{1} rolled a %d", s.roll)}
	if got := texts(ev); !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	for _, e := range ev {
		if !e.Public() {
			t.Errorf("event %q is not public", e.Text)
		}
	}
	v2 := build(t, pos{opts: opts("figures=2", "back_or_stay_on_1=true"), course: "start:01 A-3:0 finish:1", roll: 1})
	if got, want := english(v2.Prompt()), "{0} rolled a 1 — move, step back or stay put"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	over := build(t, pos{course: "start finish:000111", over: true})
	if got, want := english(over.Prompt()), "The game is over"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
}

package thatslife

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

var simGames = flag.Int("sim", 0, "play this many games per line-up and log AI win rates")

// timeoutPolicy is the fallback of RULINGS 1.4, the yardstick for the AI:
// take a fortune or plus card if possible, else take nothing, else the
// smallest minus card; on ties advance the rearmost own figure.
type timeoutPolicy struct{}

func (timeoutPolicy) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s := gs.(*state)
	ms := s.moves()
	rank := func(m move) (int, int) {
		guard := 0
		if m.isGuard() || m.kind == stayPut {
			guard = 1
		}
		if !s.collects(m) {
			return 1, guard
		}
		c := deck[s.course[m.from].card]
		if c.Kind == Minus {
			return c.Value, 0 // −1 ranks above −8
		}
		return 2, 0
	}
	best := 0
	for i, m := range ms {
		a, b := rank(m)
		x, y := rank(ms[best])
		if a > x || (a == x && b < y) {
			best = i
		}
	}
	return s.action(ms[best])
}

// match plays one game with a policy per seat and returns each seat's
// share of the win (ties split it) and the first seat to move.
func match(tb testing.TB, cfg games.Config, pols []games.Policy) ([]float64, games.Seat) {
	tb.Helper()
	s := newState(tb, cfg.Seats, cfg.Seed, cfg.Options)
	first := s.turn
	rng := rand.New(rand.NewPCG(cfg.Seed, 5))
	for !s.over {
		seat := s.turn
		if _, err := s.Apply(seat, pols[seat].Choose(s, seat, rng)); err != nil {
			tb.Fatalf("seed %d: %v", cfg.Seed, err)
		}
	}
	w := s.Result().Winners()
	share := make([]float64, cfg.Seats)
	for _, seat := range w {
		share[seat] = 1 / float64(len(w))
	}
	return share, first
}

// winRate plays n games of seats players where seat (game number mod
// seats) uses hero and the rest use other, and returns hero's mean share.
func winRate(tb testing.TB, n, seats int, o games.Options, hero, other games.Policy) float64 {
	total := 0.0
	for i := range n {
		pols := make([]games.Policy, seats)
		for p := range pols {
			pols[p] = other
		}
		h := i % seats
		pols[h] = hero
		share, _ := match(tb, games.Config{Seats: seats, Options: o, Seed: uint64(7919 * (i + 1))}, pols)
		total += share[h]
	}
	return total / float64(n)
}

// The AI must clearly beat random players: a fair share at four seats is
// 25%.
func TestAIBeatsRandom(t *testing.T) {
	t.Parallel()
	n := gametest.Count(240, 80)
	if got := winRate(t, n, 4, nil, Game{}.AI(), games.RandomPolicy{}); got < 0.6 {
		t.Errorf("AI won %.0f%% of %d four-player games against random players, want at least 60%%", 100*got, n)
	}
}

// The AI must beat the timeout fallback of RULINGS 1.4 head to head.
func TestAIBeatsTimeoutPolicy(t *testing.T) {
	t.Parallel()
	n := gametest.Count(240, 80)
	if got := winRate(t, n, 2, nil, Game{}.AI(), timeoutPolicy{}); got < 0.55 {
		t.Errorf("AI won %.0f%% of %d two-player games against the timeout policy, want at least 55%%", 100*got, n)
	}
}

// The AI reads the state but neither changes it nor draws from its
// generator, and its choice depends only on the state and its own rng.
func TestAIIsPure(t *testing.T) {
	s := newState(t, 3, 11, opts("back_or_stay_on_1=true", "recycle_cards=true"))
	ai := Game{}.AI()
	for step := 0; !s.over; step++ {
		before, _ := s.MarshalBinary()
		a := ai.Choose(s, s.turn, rand.New(rand.NewPCG(uint64(step), 1)))
		b := ai.Choose(s, s.turn, rand.New(rand.NewPCG(uint64(step), 1)))
		if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
			t.Fatalf("step %d: Choose changed the state", step)
		}
		if !a.Equal(b) || !games.IsLegal(s, s.turn, a) {
			t.Fatalf("step %d: choices %v and %v from the same rng; legal=%v", step, a, b, games.IsLegal(s, s.turn, a))
		}
		play(t, s, a)
	}
}

// TestSimulation reports win rates over -sim games per line-up.
func TestSimulation(t *testing.T) {
	n := *simGames
	if n == 0 {
		t.Skip("run with -sim N to measure the AI")
	}
	ai := Game{}.AI()
	for seats := 2; seats <= 6; seats++ {
		vsRandom := winRate(t, n, seats, nil, ai, games.RandomPolicy{})
		vsTimeout := winRate(t, n, seats, nil, ai, timeoutPolicy{})
		firstWins := 0.0
		for i := range n {
			pols := make([]games.Policy, seats)
			for p := range pols {
				pols[p] = ai
			}
			share, first := match(t, games.Config{Seats: seats, Seed: uint64(104729 * (i + 1))}, pols)
			firstWins += share[first]
		}
		t.Logf("%d seats, fair share %4.1f%%: AI vs random %4.1f%%, AI vs timeout policy %4.1f%%, first mover in AI-only games %4.1f%%",
			seats, 100/float64(seats), 100*vsRandom, 100*vsTimeout, 100*firstWins/float64(n))
	}
	for _, o := range []games.Options{
		opts("layout=random"), opts("back_or_stay_on_1=true"), opts("recycle_cards=true"),
		opts("end_when_first_player_home=true"), opts("end_at_last_figure=true"),
	} {
		t.Logf("4 seats, %v: AI vs random %4.1f%%, AI vs timeout policy %4.1f%%", o,
			100*winRate(t, n, 4, o, ai, games.RandomPolicy{}), 100*winRate(t, n, 4, o, ai, timeoutPolicy{}))
	}
}

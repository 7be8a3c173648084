package life

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

var simGames = flag.Int("sim", 0, "games per line-up for TestSimulation")

// stats sums up matches.
type stats struct {
	games, hands, decisions int
	share                   []float64 // per seat
}

// match plays one game with a policy per seat, applying forced decisions
// without asking, as the bot does, and returns each seat's share of the
// win (ties split it; ruling 22 leaves none).
func match(tb testing.TB, cfg games.Config, pols []games.Policy, st *stats) []float64 {
	tb.Helper()
	s := newState(tb, cfg.Seats, cfg.Seed, cfg.Options)
	rng := rand.New(rand.NewPCG(cfg.Seed, 5))
	for step := 0; s.phase != phaseOver; step++ {
		if step > 100000 {
			tb.Fatalf("seed %d: no end", cfg.Seed)
		}
		seat, a, forced := games.Forced(s)
		if !forced {
			seat = s.Active()[0]
			a = pols[seat].Choose(s, seat, rng)
			if st != nil {
				st.decisions++
			}
		}
		if _, err := s.Apply(seat, a); err != nil {
			tb.Fatalf("seed %d: %v", cfg.Seed, err)
		}
	}
	share := make([]float64, cfg.Seats)
	for _, w := range s.Result().Winners() {
		share[w] = 1 / float64(len(s.Result().Winners()))
	}
	if st != nil {
		st.games++
		st.hands += s.handNo
		if st.share == nil {
			st.share = make([]float64, cfg.Seats)
		}
		for p := range share {
			st.share[p] += share[p]
		}
	}
	return share
}

// winRate plays n games of seats players where seat (game number mod
// seats) uses hero and the rest use other, and returns hero's mean share.
func winRate(tb testing.TB, n, seats int, o games.Options, hero, other games.Policy, st *stats) float64 {
	total := 0.0
	for i := range n {
		pols := make([]games.Policy, seats)
		for p := range pols {
			pols[p] = other
		}
		h := i % seats
		pols[h] = hero
		total += match(tb, games.Config{Seats: seats, Options: o, Seed: uint64(7919 * (i + 1))}, pols, st)[h]
	}
	return total / float64(n)
}

// The AI must clearly beat random players: a fair share at four seats is
// 25%, and the AI takes about 53% over thousands of games.
func TestAIBeatsRandom(t *testing.T) {
	t.Parallel()
	n := gametest.Count(400, 133)
	if got := winRate(t, n, 4, nil, Game{}.AI(), games.RandomPolicy{}, nil); got < 0.4 {
		t.Errorf("AI won %.0f%% of %d four-player games against random players, want at least 40%%", 100*got, n)
	}
}

// The AI reads the state but neither changes it nor draws from its
// generator, and its choice depends only on the state and its own rng.
func TestAIIsPure(t *testing.T) {
	s := newState(t, 4, 11, opts("blind_steal=true", "choose_spades=true"))
	ai := Game{}.AI()
	for step := 0; s.phase != phaseOver; step++ {
		seat := s.Active()[0]
		before, _ := s.MarshalBinary()
		a := ai.Choose(s, seat, rand.New(rand.NewPCG(uint64(step), 1)))
		b := ai.Choose(s, seat, rand.New(rand.NewPCG(uint64(step), 1)))
		if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
			t.Fatalf("step %d: Choose changed the state", step)
		}
		if !a.Equal(b) || !games.IsLegal(s, seat, a) {
			t.Fatalf("step %d: choices %v and %v from the same rng; legal=%v", step, a, b, games.IsLegal(s, seat, a))
		}
		play(t, s, seat, a)
	}
}

// The AI never looks at what its seat may not see: two states that differ
// only in other hands and the deck order get the same choice.
func TestAIUsesOnlyItsView(t *testing.T) {
	for seed := range uint64(200) {
		s := newState(t, 3, seed, nil)
		rng := rand.New(rand.NewPCG(seed, 9))
		for range 3 {
			play(t, s, s.Active()[0], act(kindSuit, 0))
		}
		for range int(seed % 10) {
			if s.phase == phaseSuit || s.phase == phaseOver {
				break
			}
			seat := s.Active()[0]
			play(t, s, seat, games.RandomPolicy{}.Choose(s, seat, rng))
		}
		if s.phase == phaseSuit || s.phase == phaseOver {
			continue
		}
		me := s.Active()[0]
		other := (me + 1) % 3
		if len(s.hands[other]) == 0 || len(s.deck) == 0 || s.phase == phasePos {
			continue
		}
		b, _ := s.MarshalBinary()
		g, _ := Game{}.Decode(b)
		swapped := g.(*state)
		// Swap one card of the other hand with the deck's top.
		h, d := swapped.hands[other][0], swapped.deck[len(swapped.deck)-1]
		swapped.hands[other] = insertCard(removeCard(swapped.hands[other], h), d)
		swapped.deck[len(swapped.deck)-1] = h
		a := Game{}.AI().Choose(s, me, rand.New(rand.NewPCG(1, 1)))
		c := Game{}.AI().Choose(swapped, me, rand.New(rand.NewPCG(1, 1)))
		if !a.Equal(c) {
			t.Errorf("seed %d: seat %d chose %v, but %v once another hand changed", seed, me, a, c)
		}
	}
}

// TestSimulation reports win rates over -sim games per line-up.
func TestSimulation(t *testing.T) {
	n := *simGames
	if n == 0 {
		t.Skip("run with -sim N to measure the AI")
	}
	ai := Game{}.AI()
	for seats := 2; seats <= 8; seats++ {
		var vs stats
		vsRandom := winRate(t, n, seats, nil, ai, games.RandomPolicy{}, &vs)
		var self stats
		for i := range n {
			pols := make([]games.Policy, seats)
			for p := range pols {
				pols[p] = ai
			}
			match(t, games.Config{Seats: seats, Seed: uint64(104729 * (i + 1))}, pols, &self)
		}
		t.Logf("%d seats, fair %4.1f%%: AI vs random %4.1f%%; AI-only: host (deals first) %4.1f%%, seat 1 (plays first) %4.1f%%, %.2f hands/game, %.1f decisions/hand",
			seats, 100/float64(seats), 100*vsRandom, 100*self.share[0]/float64(n), 100*self.share[1]/float64(n),
			float64(self.hands)/float64(self.games), float64(self.decisions)/float64(self.hands))
		t.Logf("   vs random: %.2f hands/game, %.1f decisions/hand", float64(vs.hands)/float64(vs.games), float64(vs.decisions)/float64(vs.hands))
	}
	for _, o := range []games.Options{opts("blind_steal=true"), opts("choose_spades=true"), opts("target=300")} {
		t.Logf("4 seats, %v: AI vs random %4.1f%%", o, 100*winRate(t, n, 4, o, ai, games.RandomPolicy{}, nil))
	}
}

package lagom

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// TestProperties plays thousands of seeded random and AI games and checks
// after every decision that each card is in exactly one place, that
// health only falls between rounds by the cost of living, and that the
// game ends. The seed of a failure is printed.
func TestProperties(t *testing.T) {
	n := gametest.Count(2000, 300)
	ai := Game{}.AI()
	for seed := range uint64(n) {
		s := newState(t, 2+int(seed%5), seed)
		rng := rand.New(rand.NewPCG(seed, 9))
		for steps := 0; s.step != stepOver; steps++ {
			if steps > 2000 {
				t.Fatalf("seed %d: no end", seed)
			}
			round := s.round
			for _, seat := range s.Active() {
				if !games.IsActive(s, seat) {
					continue
				}
				var pol games.Policy = games.RandomPolicy{}
				if seed%2 == 0 {
					pol = ai
				}
				if _, err := s.Apply(seat, pol.Choose(s, seat, rng)); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if msg := checkInvariants(s); msg != "" {
					t.Fatalf("seed %d: %s", seed, msg)
				}
			}
			if s.round > 60 || s.round < round {
				t.Fatalf("seed %d: round %d after %d", seed, s.round, round)
			}
		}
		for p := range s.ps {
			if !s.ps[p].out || s.ps[p].health >= roundHealth {
				t.Fatalf("seed %d: seat %d ends with %d health, out=%v", seed, p, s.ps[p].health, s.ps[p].out)
			}
		}
	}
}

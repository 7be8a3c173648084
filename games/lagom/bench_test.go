package lagom

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

type move struct {
	seat games.Seat
	a    games.Action
}

// BenchmarkApply measures one decision, including the automatic steps it
// triggers (reveal, scoring, the next round). The decisions come from a
// log recorded before the timer starts.
func BenchmarkApply(b *testing.B) {
	s := newState(b, 4, 1)
	rng := rand.New(rand.NewPCG(1, 1))
	var log []move
	for s.step != stepOver {
		p := s.Active()[0]
		a := (games.RandomPolicy{}).Choose(s, p, rng)
		log = append(log, move{p, a})
		s.Apply(p, a)
	}
	s = newState(b, 4, 1)
	next := 0
	b.ReportAllocs()
	for b.Loop() {
		if next == len(log) {
			b.StopTimer()
			s, next = newState(b, 4, 1), 0
			b.StartTimer()
		}
		if _, err := s.Apply(log[next].seat, log[next].a); err != nil {
			b.Fatal(err)
		}
		next++
	}
}

// BenchmarkPlayout plays a whole four-player game with the AI.
func BenchmarkPlayout(b *testing.B) {
	gametest.BenchPlayout(b, Game{}, 4, Game{}.AI())
}

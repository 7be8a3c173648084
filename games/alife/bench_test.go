package alife

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// midGame is a four-seat AI game played to round 8, in phase 3, with a
// seat about to choose its action: the busiest decision of a turn.
func midGame(b *testing.B) []byte {
	b.Helper()
	s := newState(currentSet(), games.Config{Seats: 4, Seed: 3})
	rng := rand.New(rand.NewPCG(3, 4))
	for s.round < 8 || s.ps[s.Active()[0]].Step != stepAction {
		seat := s.Active()[0]
		if _, err := s.Apply(seat, (policy{}).Choose(s, seat, rng)); err != nil {
			b.Fatal(err)
		}
	}
	data, err := s.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkApply(b *testing.B) { gametest.BenchApply(b, Game{}, midGame(b)) }

func BenchmarkAIDecision(b *testing.B) {
	s, err := Game{}.Decode(midGame(b))
	if err != nil {
		b.Fatal(err)
	}
	seat := s.Active()[0]
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		(policy{}).Choose(s, seat, rng)
	}
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchPlayout(b, Game{}, 4, Game{}.AI()) }

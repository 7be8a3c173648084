package life

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// BenchmarkApply measures one decision with the forced turns it sets off.
// The decisions come from a log recorded before the timer starts;
// reaching the end of the game restarts it with the timer stopped.
func BenchmarkApply(b *testing.B) {
	cfg := games.Config{Seats: 4, Seed: 1}
	s := newState(b, cfg.Seats, cfg.Seed, nil)
	rng := rand.New(rand.NewPCG(1, 1))
	type move struct {
		seat games.Seat
		a    games.Action
	}
	var log []move
	for s.phase != phaseOver {
		seat := s.Active()[0]
		a := games.RandomPolicy{}.Choose(s, seat, rng)
		log = append(log, move{seat, a})
		s.Apply(seat, a)
	}
	fresh := func() *state { return newState(b, cfg.Seats, cfg.Seed, nil) }
	s = fresh()
	next := 0
	b.ReportAllocs()
	for b.Loop() {
		if next == len(log) {
			b.StopTimer()
			s, next = fresh(), 0
			b.StartTimer()
		}
		if _, err := s.Apply(log[next].seat, log[next].a); err != nil {
			b.Fatal(err)
		}
		next++
	}
}

// BenchmarkPlayout plays a whole four-player match to 100 with random
// players choosing among the legal choices, as the bot offers them.
func BenchmarkPlayout(b *testing.B) {
	gametest.BenchPlayout(b, Game{}, 4, games.RandomPolicy{})
}

// BenchmarkMarshal measures saving a state, which the bot does after every
// decision.
func BenchmarkMarshal(b *testing.B) {
	s := newState(b, 6, 3, nil)
	rng := rand.New(rand.NewPCG(1, 3))
	for range 40 {
		seat := s.Active()[0]
		s.Apply(seat, games.RandomPolicy{}.Choose(s, seat, rng))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAI measures one decision of the heuristic player.
// BenchmarkAI times the AI on a lay decision, its richest: suit choices
// and yes/no steals are trivial by comparison.
func BenchmarkAI(b *testing.B) {
	s := newState(b, 4, 3, nil)
	rng := rand.New(rand.NewPCG(1, 3))
	for s.View(games.Observer).(View).Step != "lay" {
		if len(s.Active()) == 0 {
			b.Fatal("the game ended before a lay decision")
		}
		seat := s.Active()[0]
		s.Apply(seat, games.RandomPolicy{}.Choose(s, seat, rng))
	}
	ai := Game{}.AI()
	b.ReportAllocs()
	for b.Loop() {
		ai.Choose(s, s.Active()[0], rng)
	}
}

package thatslife

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// BenchmarkApply measures one move: resolving the action, moving,
// collecting, narrating and rolling for the next seat. The moves come
// from a log recorded before the timer starts; reaching the end of a game
// restarts it with the timer stopped.
func BenchmarkApply(b *testing.B) {
	cfg := games.Config{Seats: 4, Seed: 1}
	s := newState(b, cfg.Seats, cfg.Seed, nil)
	rng := rand.New(rand.NewPCG(1, 1))
	var log []games.Action
	for !s.over {
		ms := s.moves()
		a := s.action(ms[rng.IntN(len(ms))])
		log = append(log, a)
		s.Apply(s.turn, a)
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
		if _, err := s.Apply(s.turn, log[next]); err != nil {
			b.Fatal(err)
		}
		next++
	}
}

// BenchmarkPlayout plays a whole four-player game with random players
// choosing among the labelled legal choices, as the bot offers them.
func BenchmarkPlayout(b *testing.B) {
	gametest.BenchPlayout(b, Game{}, 4, games.RandomPolicy{})
}

// BenchmarkAI measures one decision of the heuristic player.
func BenchmarkAI(b *testing.B) {
	s, err := Game{}.New(games.Config{Seats: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 3))
	for range 20 {
		seat := s.Active()[0]
		s.Apply(seat, (games.RandomPolicy{}).Choose(s, seat, rng))
	}
	ai := Game{}.AI()
	b.ReportAllocs()
	for b.Loop() {
		ai.Choose(s, s.Active()[0], rng)
	}
}

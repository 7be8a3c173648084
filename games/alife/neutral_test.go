package alife

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// playScheduled plays a seeded game of the current deck to the end. Each
// seat decides by its own policy and its own generator, so its choices
// do not depend on when the others decide; pick chooses which of the
// seats with a decision decides next. It returns the finished game and
// how many decisions were taken while a seat before the one deciding
// was still in its turn.
func playScheduled(t *testing.T, seats int, seed uint64, pols []games.Policy, pick func(active []games.Seat) games.Seat) (*state, int) {
	t.Helper()
	s := newState(currentSet(), games.Config{Seats: seats, Seed: seed})
	rngs := make([]*rand.Rand, seats)
	for p := range rngs {
		rngs[p] = rand.New(rand.NewPCG(seed, uint64(p)))
	}
	early := 0
	for step := 0; len(s.Active()) > 0; step++ {
		if step > 5000 {
			t.Fatalf("seed %d: no end after 5000 decisions", seed)
		}
		active := s.Active()
		seat := pick(active)
		if s.step == stepRound && seat != active[0] {
			early++
		}
		a := pols[seat].Choose(s, seat, rngs[seat])
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: seat %d playing %v: %v", seed, seat, a, err)
		}
	}
	return s, early
}

// outcome is a finished game as saved, less the last move, which names
// whoever happened to decide last.
func outcome(t *testing.T, s *state) []byte {
	t.Helper()
	data, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	w.Last = nil
	out, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Pipelining is outcome-neutral (RULINGS 3.5 as doc.go settles it): the
// same seeded games, AI, random and mixed players at every seat count,
// end exactly alike, every card, track, deck and generator, whether each
// turn is played strictly after the one before or each next seat chooses
// its card as soon as it may and the seats with a decision take turns in
// any order.
func TestPipeliningChangesNothing(t *testing.T) {
	n := gametest.Count(1200, 150)
	pipelined := 0
	for g := range n {
		seats := minSeats + g%(maxSeats-minSeats+1)
		seed := uint64(8_000_000 + g)
		pols := make([]games.Policy, seats)
		for p := range pols {
			switch (g / 3) % 3 {
			case 0:
				pols[p] = policy{}
			case 1:
				pols[p] = games.RandomPolicy{}
			default:
				pols[p] = []games.Policy{policy{}, games.RandomPolicy{}}[p%2]
			}
		}
		strict, _ := playScheduled(t, seats, seed, pols, func(active []games.Seat) games.Seat { return active[0] })
		sched := rand.New(rand.NewPCG(seed, 0x91fe))
		piped, early := playScheduled(t, seats, seed, pols, func(active []games.Seat) games.Seat {
			// Mostly the latest seat, so that choices wait as long as
			// they can; now and then any.
			if sched.IntN(4) == 0 {
				return active[sched.IntN(len(active))]
			}
			return active[len(active)-1]
		})
		if early == 0 {
			t.Fatalf("seed %d: no seat ever decided while the one before it was in its turn", seed)
		}
		pipelined += early
		if a, b := outcome(t, strict), outcome(t, piped); !bytes.Equal(a, b) {
			at := 0
			for at < min(len(a), len(b)) && a[at] == b[at] {
				at++
			}
			from := max(0, at-60)
			t.Fatalf("seed %d, %d seats: played strictly in turn the game scores %v, pipelined %v; the saves part at\n%s\n%s",
				seed, seats, strict.Result().Scores, piped.Result().Scores, a[from:min(len(a), at+40)], b[from:min(len(b), at+40)])
		}
	}
	t.Logf("%d games alike, with %d decisions taken early", n, pipelined)
}

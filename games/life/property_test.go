package life

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// referenceScore2 scores a table the long way, in half points: pips or 10
// summed per suit, doubled in the chosen suit, negative for spades and
// halved for a seat that chose them.
func referenceScore2(table []int, chosen Suit) int {
	var faces [4]int
	for _, n := range table {
		c := cards[n]
		faces[c.Suit] += min(c.Rank, 10)
	}
	return referenceFromFaces(faces, chosen)
}

func referenceFromFaces(faces [4]int, chosen Suit) int {
	total := 0.0
	for su, f := range faces {
		v := float64(f)
		switch {
		case Suit(su) == Spades && chosen == Spades:
			v = -v / 2
		case Suit(su) == Spades:
			v = -v
		case Suit(su) == chosen:
			v *= 2
		}
		total += v
	}
	return int(2 * total)
}

// checkInvariants verifies what must hold after every decision: every
// card in exactly one place (deck, discard pile, jokers out of play,
// hands, rows, banks or the turned card), the phase's own conditions,
// and table scores that match the reference.
func checkInvariants(s *state) error {
	if err := s.checkCards(); err != nil {
		return err
	}
	if err := s.checkPhase(); err != nil {
		return err
	}
	for p := range s.seats {
		if s.phase == phaseSuit {
			continue
		}
		table := append(append([]int(nil), s.up[p]...), s.bank[p]...)
		if got, want := s.tableScore2(p), referenceScore2(table, s.suit[p]); got != want {
			return fmt.Errorf("seat %d table scores %d, want %d", p, got, want)
		}
		sum := 0
		for _, h := range s.history[p] {
			sum += h
		}
		if sum != s.total2[p] {
			return fmt.Errorf("seat %d total %d, hands sum to %d", p, s.total2[p], sum)
		}
	}
	return nil
}

// TestProperties plays thousands of seeded games over every option
// combination and seat count with random and AI players, checking the
// invariants after each decision, that each scored hand equals the
// reference score of the table it ended with, and that every game ends.
func TestProperties(t *testing.T) {
	t.Parallel()
	count := gametest.Count(2000, 400)
	combos := allOptions()
	decisions, hands := 0, 0
	for i := range count {
		seed := uint64(i)
		seats := 2 + i%7
		o := maps.Clone(combos[i%len(combos)])
		o[optTarget] = []string{"50", "100", "200"}[i%3]
		if o[optPacks] == "1" && seats == 8 {
			seats = 7
		}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("seed %d, %d seats, options %v: %s", seed, seats, o, fmt.Sprintf(format, args...))
		}
		s := newState(t, seats, seed, o)
		rng := rand.New(rand.NewPCG(seed, 2))
		pols := []games.Policy{games.RandomPolicy{}, Game{}.AI()}
		for step := 0; s.phase != phaseOver; step++ {
			if step > 20000 {
				fail("no end after 20000 decisions")
			}
			seat := s.Active()[0]
			hand := s.handNo
			suits := append([]Suit(nil), s.suit...)
			banked := append([][4]int(nil), s.banked...)
			a := pols[(int(seat)+i)%2].Choose(s, seat, rng)
			if _, err := s.Apply(seat, a); err != nil {
				fail("step %d: seat %d playing %v: %v", step, seat, a, err)
			}
			if err := checkInvariants(s); err != nil {
				fail("step %d after %v: %v", step, a, err)
			}
			if s.handNo != hand || s.phase == phaseOver {
				hands++
				// The table is gone once the hand is scored; what it
				// held, suit by suit, is the growth of banked.
				for p := range s.seats {
					var faces [4]int
					for su := range faces {
						faces[su] = s.banked[p][su] - banked[p][su]
					}
					if got, want := s.history[p][hand-1], referenceFromFaces(faces, suits[p]); got != want {
						fail("step %d: seat %d scored %d in hand %d, want %d", step, p, got, hand, want)
					}
				}
			}
			decisions++
		}
		if r := s.Result(); !r.Over || len(r.Winners()) != 1 {
			fail("final result %+v, want one winner", r)
		}
	}
	t.Logf("%d games, %.1f decisions and %.1f hands per game", count, float64(decisions)/float64(count), float64(hands)/float64(count))
}

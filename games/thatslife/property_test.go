package thatslife

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// referenceScore scores a collection the long way: fortunes are spent one
// at a time on the largest minus card still unturned.
func referenceScore(cards []int, locked int) int {
	total, fortunes := 0, 0
	var minus []int
	for _, c := range cards {
		switch {
		case c == locked:
			total += deck[c].Value
		case deck[c].Kind == Fortune:
			fortunes++
		case deck[c].Value < 0:
			minus = append(minus, deck[c].Value)
		default:
			total += deck[c].Value
		}
	}
	for ; fortunes > 0 && len(minus) > 0; fortunes-- {
		i := slices.Index(minus, slices.Min(minus))
		total -= minus[i]
		minus = slices.Delete(minus, i, i+1)
	}
	for _, v := range minus {
		total += v
	}
	return total
}

// checkInvariants verifies what must hold in every position.
func checkInvariants(s *state) error {
	seen := make([]bool, len(deck))
	for _, sp := range s.course {
		if seen[sp.card] {
			return fmt.Errorf("card %s twice", deck[sp.card].ID)
		}
		seen[sp.card] = true
	}
	for p, cards := range s.taken {
		for _, c := range cards {
			if seen[c] {
				return fmt.Errorf("card %s collected twice or still on the course (seat %d)", deck[c].ID, p)
			}
			seen[c] = true
		}
	}
	if s.course[0].card != startCard || s.course[s.last()].card != finishCard {
		return fmt.Errorf("course does not run from start to finish")
	}
	guards := 0
	for _, sp := range s.course {
		guards += sp.guards
	}
	if guards > numGuards || s.course[s.last()].guards != 0 {
		return fmt.Errorf("%d guards, %d on Finish", guards, s.course[s.last()].guards)
	}
	for p := range s.seats {
		n := s.lifted[p]
		for _, sp := range s.course {
			n += sp.figs[p]
		}
		if n != s.rules.figures {
			return fmt.Errorf("seat %d has %d figures, want %d", p, n, s.rules.figures)
		}
		if got, want := points(s.taken[p], s.locked, noCard), referenceScore(s.taken[p], s.locked); got != want {
			return fmt.Errorf("seat %d scores %d, want %d from %v", p, got, want, s.taken[p])
		}
	}
	if !s.over && (s.finished(int(s.turn)) || s.roll < 1 || s.roll > 6) {
		return fmt.Errorf("seat %d to move with roll %d", s.turn, s.roll)
	}
	if s.over && (s.roll != 0 || len(s.Active()) != 0) {
		return fmt.Errorf("over with roll %d and active %v", s.roll, s.Active())
	}
	return nil
}

// TestProperties plays thousands of seeded random games over every option
// combination and seat count, checking after each move that no card is
// held twice, scores follow the fortune rule, figures are conserved,
// guards only leave play and never empty a card, the seat to move has a
// move (ruling 9), and that every game ends.
func TestProperties(t *testing.T) {
	t.Parallel()
	count := gametest.Count(2000, 400)
	combos := allOptions()
	lengths := 0
	for i := range count {
		seed := uint64(i)
		seats := 2 + i%5
		o := combos[i%len(combos)]
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("seed %d, %d seats, options %v: %s", seed, seats, o, fmt.Sprintf(format, args...))
		}
		s := newState(t, seats, seed, o)
		rng := rand.New(rand.NewPCG(seed, 2))
		guards := numGuards
		for step := 0; !s.over; step++ {
			if step > 5000 {
				fail("no end after 5000 moves")
			}
			if err := checkInvariants(s); err != nil {
				fail("step %d: %v", step, err)
			}
			ms := s.moves()
			if len(ms) == 0 {
				fail("step %d: seat %d has no move", step, s.turn)
			}
			m := ms[rng.IntN(len(ms))]
			from := s.course[m.from].card
			if _, err := s.Apply(s.turn, s.action(m)); err != nil {
				fail("step %d: legal move refused: %v", step, err)
			}
			if m.isGuard() {
				i := slices.IndexFunc(s.course, func(sp spot) bool { return sp.card == from })
				if i < 0 || s.course[i].figures() == 0 {
					fail("step %d: a guard move left %s empty or took it off the course", step, deck[from].ID)
				}
			}
			n := 0
			for _, sp := range s.course {
				n += sp.guards
			}
			if n > guards {
				fail("step %d: guards went from %d to %d", step, guards, n)
			}
			guards = n
			lengths++
		}
		if err := checkInvariants(s); err != nil {
			fail("at the end: %v", err)
		}
		if r := s.Result(); !r.Over || len(r.Winners()) == 0 {
			fail("final result %+v", r)
		}
	}
	t.Logf("%d games, %.1f moves on average", count, float64(lengths)/float64(count))
}

// Each end rule ends the game exactly when it says: everyone home, the
// first seat home, or one figure left.
func TestEndConditionsInPlay(t *testing.T) {
	for _, end := range []string{"", optEndFirst, optEndLast} {
		for seed := range uint64(200) {
			o := games.Options{}
			if end != "" {
				o[end] = "true"
			}
			s := newState(t, 2+int(seed%5), seed, o)
			rng := rand.New(rand.NewPCG(seed, 3))
			for !s.over {
				ms := s.moves()
				s.Apply(s.turn, s.action(ms[rng.IntN(len(ms))]))
			}
			home := 0
			for p := range s.seats {
				if s.finished(p) {
					home++
				}
			}
			off := s.offFinish()
			var ok bool
			switch end {
			case "":
				ok = off == 0 && home == s.seats
			case optEndFirst:
				ok = home >= 1
			case optEndLast:
				lifted := 0
				for _, n := range s.lifted {
					lifted += n
				}
				ok = off+lifted == 1
			}
			if !ok {
				t.Errorf("end %q seed %d: over with %d seats home and %d figures out: %s", end, seed, home, off, describe(s))
			}
		}
	}
}

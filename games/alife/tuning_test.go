package alife

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// tuningGames is how many seeded games each seat count plays; the figures
// are fixed by the seeds, so the test cannot flake, and it fails when a
// change to the deck or the AI moves a figure out of its range.
const tuningGames = 300

// targetGames is how many seeded games each seat count plays for the
// first seat's share, whose standard error is then under 2 points.
const targetGames = 1000

// TestTuningTargets pins targets of RULINGS 3.2: the AI beats random
// players in at least 80% of games, a life ends before round 15 in under
// 10% of AI games, and the first seat wins within 5 points of a fair
// share.
func TestTuningTargets(t *testing.T) {
	t.Parallel()
	gametest.NeedsLong(t)
	for seats := minSeats; seats <= maxSeats; seats++ {
		aiWins, early, first := 0.0, 0, 0.0
		for g := range targetGames {
			seed := uint64(seats*100000 + g)
			s := play(t, seats, seed, func(games.Seat) games.Policy { return policy{} })
			if slices.ContainsFunc(s.ps, func(pl player) bool { return pl.Dead && pl.DiedIn < s.shape.columns }) {
				early++
			}
			w := s.Result().Winners()
			if slices.Contains(w, s.firstSeat) {
				first += 1 / float64(len(w))
			}
			mixed := play(t, seats, seed, func(seat games.Seat) games.Policy {
				if seat == 0 {
					return policy{}
				}
				return games.RandomPolicy{}
			})
			if w := mixed.Result().Winners(); slices.Contains(w, 0) {
				aiWins += 1 / float64(len(w))
			}
		}
		t.Logf("%d seats: AI beats random %.1f%%, a life ends early in %.1f%% of AI games, the first seat wins %.1f%% (fair %.1f%%)",
			seats, 100*aiWins/targetGames, 100*float64(early)/targetGames, 100*first/targetGames, 100/float64(seats))
		if w := aiWins / targetGames; w < 0.8 {
			t.Errorf("%d seats: the AI beats random players in %.1f%% of games, want at least 80%%", seats, 100*w)
		}
		if d := first/targetGames - 1/float64(seats); d > 0.05 || d < -0.05 {
			t.Errorf("%d seats: the first seat wins %.1f%%, want within 5 points of %.1f%%", seats, 100*first/targetGames, 100/float64(seats))
		}
		if d := float64(early) / targetGames; d >= 0.1 {
			t.Errorf("%d seats: a life ends before round 15 in %.1f%% of AI games, want under 10%%", seats, 100*d)
		}
	}
}

// No single-minded strategy wins more than 60% of two-seat games against
// the AI (RULINGS 3.2), seats swapped every other game.
func TestNoSingleResourceStrategyDominates(t *testing.T) {
	t.Parallel()
	gametest.NeedsLong(t)
	for _, np := range (Game{}).Strategies()[1:] {
		wins := 0.0
		for g := range tuningGames {
			single := games.Seat(g % 2)
			s := play(t, 2, uint64(500000+g), func(seat games.Seat) games.Policy {
				if seat == single {
					return np.Policy
				}
				return policy{}
			})
			if w := s.Result().Winners(); slices.Contains(w, single) {
				wins += 1 / float64(len(w))
			}
		}
		share := wins / tuningGames
		t.Logf("%s against the AI: %.1f%%", np.Name, 100*share)
		if share > 0.6 {
			t.Errorf("%s wins %.1f%% of games against the AI, want at most 60%%", np.Name, 100*share)
		}
	}
}

// play plays a game of the current deck with a policy per seat.
func play(t *testing.T, seats int, seed uint64, policy func(games.Seat) games.Policy) *state {
	t.Helper()
	return gametest.PlayWith(t, Game{}, games.Config{Seats: seats, Seed: seed}, policy).(*state)
}

// seatState is what a seat has at hand for a development cost.
type seatState struct {
	life                [numResources]int
	money, hand, hearts int
}

func (st seatState) meets(c Cost, life bool) bool {
	for r := range numResources {
		if life && st.life[r] < c.Need[r] {
			return false
		}
	}
	return st.money >= c.Money && st.hand >= c.Discard && st.hearts >= c.Hearts
}

// recorder plays the AI and notes each living seat's state when it comes
// to its action in the last round of a phase.
type recorder struct {
	states *[numPhases][]seatState
	seen   map[int]bool
}

func (rec recorder) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s := gs.(*state)
	key := s.round*maxSeats + int(seat)
	if s.stepOf(seat) == stepAction && s.round%roundsInPhase == 0 && !rec.seen[key] {
		rec.seen[key] = true
		pl := &s.ps[seat]
		rec.states[s.phase()-1] = append(rec.states[s.phase()-1], seatState{pl.Life, pl.Money, len(pl.Hand), pl.Hearts})
	}
	return policy{}.Choose(gs, seat, rng)
}

// TestMedianPlayerDevelops pins RULINGS 3.2's "every development cost
// must be reachable by a median simulated player in that phase; at least
// half of each phase's cards must be developable by the median player".
//
// Seeded three-seat all-AI games record, for each phase, every living
// seat's life tracks, money, hand size and hearts when it comes to its
// action in the phase's last round (rounds 3, 6, 9, 12, 15). Then:
//   - a card is developable by the median player when at least half of
//     that phase's seat states meet one of its cost options in full
//     (every life requirement, the money, the cards to discard from the
//     hand, the hearts);
//   - a cost option is reachable by the median player when at least half
//     of the seat states meet its money, discard and heart parts, and its
//     requirement sum is at most the median seat's total of positive life
//     values, so a player who aims for it can get there.
//
// Every cost option of every phase-p card must be reachable in phase p,
// and at least half of each phase's cards developable.
func TestMedianPlayerDevelops(t *testing.T) {
	t.Parallel()
	gametest.NeedsLong(t)
	var states [numPhases][]seatState
	n := 1000
	if testing.Short() {
		n = 300
	}
	for g := range n {
		rec := recorder{states: &states, seen: map[int]bool{}}
		play(t, 3, uint64(900000+g), func(games.Seat) games.Policy { return rec })
	}
	for p := range numPhases {
		rs := states[p]
		var totals []int
		for _, st := range rs {
			sum := 0
			for _, v := range st.life {
				sum += max(v, 0)
			}
			totals = append(totals, sum)
		}
		slices.Sort(totals)
		median := totals[len(totals)/2]
		cards := cardsOf(p + 1)
		developable := 0
		for _, c := range cards {
			full := 0
			for _, st := range rs {
				if slices.ContainsFunc(c.Costs, func(cost Cost) bool { return st.meets(cost, true) }) {
					full++
				}
			}
			if 2*full >= len(rs) {
				developable++
			}
			for o, cost := range c.Costs {
				paid := 0
				for _, st := range rs {
					if st.meets(cost, false) {
						paid++
					}
				}
				if 2*paid < len(rs) || cost.need() > median {
					t.Errorf("phase %d: %q cost option %d is out of the median player's reach (%.0f%% can pay it, requirement %d, median life %d)",
						p+1, c.Title, o+1, 100*float64(paid)/float64(len(rs)), cost.need(), median)
				}
			}
		}
		t.Logf("phase %d: %d seat states, median positive life %d, %d of %d cards developable by the median player", p+1, len(rs), median, developable, len(cards))
		if 2*developable < len(cards) {
			t.Errorf("phase %d: %d of %d cards developable by the median player, want at least half", p+1, developable, len(cards))
		}
	}
}

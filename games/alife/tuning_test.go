package alife

import (
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// tuningGames is how many seeded games each seat count plays; the figures
// are fixed by the seeds, so the test cannot flake, and it fails when a
// change to the deck or the AI moves a figure out of its range.
const tuningGames = 300

// TestTuningTargets pins targets of RULINGS 3.2: the AI beats random
// players in at least 80% of games, a life ends before round 15 in under
// 10% of AI games, and the first seat wins within 5 points of a fair
// share.
func TestTuningTargets(t *testing.T) {
	for seats := minSeats; seats <= maxSeats; seats++ {
		aiWins, early, first := 0.0, 0, 0.0
		for g := range tuningGames {
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
			seats, 100*aiWins/tuningGames, 100*float64(early)/tuningGames, 100*first/tuningGames, 100/float64(seats))
		if w := aiWins / tuningGames; w < 0.8 {
			t.Errorf("%d seats: the AI beats random players in %.1f%% of games, want at least 80%%", seats, 100*w)
		}
		if d := first/tuningGames - 1/float64(seats); d > 0.05 || d < -0.05 {
			t.Errorf("%d seats: the first seat wins %.1f%%, want within 5 points of %.1f%%", seats, 100*first/tuningGames, 100/float64(seats))
		}
		if d := float64(early) / tuningGames; d >= 0.1 {
			t.Errorf("%d seats: a life ends before round 15 in %.1f%% of AI games, want under 10%%", seats, 100*d)
		}
	}
}

// No single-minded strategy wins more than 60% of two-seat games against
// the AI (RULINGS 3.2), seats swapped every other game.
func TestNoSingleResourceStrategyDominates(t *testing.T) {
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

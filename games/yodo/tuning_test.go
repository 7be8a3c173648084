package yodo

import (
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// tuningGames is how many seeded games each seat count plays; the figures
// are fixed by the seeds, so the test cannot flake, and it fails when a
// change to the content or the AI moves a figure out of its range.
const tuningGames = 1000

// TestTuningTargets pins the targets of RULINGS 4.1 at every seat count:
// median 8–14 turns per seat, at most 3 memories set by the final cascade
// on average, the first to move within 5 points of a fair share of wins,
// and the AI beating random players in at least 80 % of games.
func TestTuningTargets(t *testing.T) {
	gametest.NeedsLong(t)
	for seats := minSeats; seats <= maxSeats; seats++ {
		var turns []float64
		cascade, first, aiWins := 0.0, 0.0, 0.0
		for g := range tuningGames {
			seed := uint64(seats*100000 + g)
			s := gametest.PlayWith(t, Game{}, games.Config{Seats: seats, Seed: seed}, func(games.Seat) games.Policy { return Game{}.AI() }).(*state)
			total := 0
			for _, n := range s.turns {
				total += n
			}
			turns = append(turns, float64(total)/float64(seats))
			cascade += float64(s.cascade)
			first += s.firstShare()

			mixed := gametest.PlayWith(t, Game{}, games.Config{Seats: seats, Seed: seed}, func(seat games.Seat) games.Policy {
				if seat == 0 {
					return Game{}.AI()
				}
				return games.RandomPolicy{}
			}).(*state)
			if w := mixed.Result().Winners(); slices.Contains(w, 0) {
				aiWins += 1 / float64(len(w))
			}
		}
		slices.Sort(turns)
		median := turns[len(turns)/2]
		fair := 1 / float64(seats)
		t.Logf("%d seats: median %.1f turns per seat, final cascade %.2f, first to move wins %.1f%% (fair %.1f%%), AI beats random %.1f%%",
			seats, median, cascade/tuningGames, 100*first/tuningGames, 100*fair, 100*aiWins/tuningGames)
		if median < 8 || median > 14 {
			t.Errorf("%d seats: median %.1f turns per seat, want 8–14", seats, median)
		}
		if c := cascade / tuningGames; c > 3 {
			t.Errorf("%d seats: the final cascade sets %.2f memories on average, want at most 3", seats, c)
		}
		if d := first/tuningGames - fair; d > 0.05 || d < -0.05 {
			t.Errorf("%d seats: the first to move wins %.1f%%, want within 5 points of %.1f%%", seats, 100*first/tuningGames, 100*fair)
		}
		if w := aiWins / tuningGames; w < 0.8 {
			t.Errorf("%d seats: the AI beats random players in %.1f%% of games, want at least 80%%", seats, 100*w)
		}
	}
}

package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/sim"
)

// race is a tiny game for testing the simulator: seats take turns adding 1
// or 2 to their own counter; the first to reach 5 wins. Adding 2 is always
// better, so a greedy policy must beat a random one.
type race struct{}

func (race) Info() games.Info { return games.Info{ID: "race", Name: "Race", MinSeats: 2, MaxSeats: 4} }
func (race) New(cfg games.Config) (games.State, error) {
	if err := games.FixedContent(cfg); err != nil {
		return nil, err
	}
	return &raceState{score: make([]int, cfg.Seats)}, nil
}
func (race) Decode([]byte) (games.State, error) { return nil, nil }
func (race) AI() games.Policy                   { return greedy{} }

type raceState struct {
	score []int
	turn  int
	over  bool
}

func (s *raceState) Active() []games.Seat {
	if s.over {
		return nil
	}
	return []games.Seat{games.Seat(s.turn)}
}
func (s *raceState) Legal(seat games.Seat) []games.Choice {
	if s.over || int(seat) != s.turn {
		return nil
	}
	return []games.Choice{{Action: games.Action{Kind: "add", Args: []int{1}}, Label: "+1"}, {Action: games.Action{Kind: "add", Args: []int{2}}, Label: "+2"}}
}
func (s *raceState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if !games.IsLegal(s, seat, a) {
		return nil, games.ErrIllegal
	}
	s.score[seat] += a.Args[0]
	if s.score[seat] >= 5 {
		s.over = true
	}
	s.turn = (s.turn + 1) % len(s.score)
	return nil, nil
}
func (s *raceState) View(games.Seat) any { return nil }
func (s *raceState) Prompt() string      { return "" }
func (s *raceState) Result() games.Result {
	return games.Result{Over: s.over, Scores: s.score, Rank: games.RankByScore(s.score)}
}
func (s *raceState) MarshalBinary() ([]byte, error) { return nil, nil }
func (s *raceState) Stats() []games.Stat {
	return []games.Stat{{Name: "leader score", Value: float64(max(s.score[0], s.score[1]))}}
}

type greedy struct{}

func (greedy) Choose(s games.State, seat games.Seat, _ *rand.Rand) games.Action {
	return games.Action{Kind: "add", Args: []int{2}}
}

func TestGreedyBeatsRandom(t *testing.T) {
	rep, err := sim.Run(sim.Spec{
		Game: race{}, Seats: 2, Games: 400, Seed: 1, Rotate: true,
		Lineup: []sim.Entrant{{"greedy", greedy{}}, {"random", games.RandomPolicy{}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 400 {
		t.Fatalf("played %d games, want 400", rep.Games)
	}
	if total := rep.Wins[0] + rep.Wins[1]; total != 400 {
		t.Fatalf("wins add up to %v, want 400", total)
	}
	if rep.Wins[0] < 0.6*400 {
		t.Fatalf("greedy won %v of 400, want a clear majority", rep.Wins[0])
	}
	if len(rep.Stats) != 1 || rep.Stats[0].Name != "leader score" || rep.Stats[0].Value < 5 || rep.Stats[0].Value > 6 {
		t.Errorf("average leader score = %+v, want one stat between 5 and 6", rep.Stats)
	}
	if rep.SeatWins[0] == 0 || rep.SeatWins[1] == 0 {
		t.Fatalf("rotation should seat each entrant in both chairs; seat wins %v", rep.SeatWins)
	}
}

func TestSameSeedSameReport(t *testing.T) {
	spec := sim.Spec{Game: race{}, Seats: 3, Games: 50, Seed: 7, Rotate: true,
		Lineup: []sim.Entrant{{"a", games.RandomPolicy{}}, {"b", games.RandomPolicy{}}, {"c", games.RandomPolicy{}}}}
	a, _ := sim.Run(spec)
	b, _ := sim.Run(spec)
	for i := range a.Wins {
		if a.Wins[i] != b.Wins[i] || a.ScoreSum[i] != b.ScoreSum[i] {
			t.Fatalf("same seed gave different reports: %v/%v vs %v/%v", a.Wins, a.ScoreSum, b.Wins, b.ScoreSum)
		}
	}
}

func TestLineupMustFitSeats(t *testing.T) {
	if _, err := sim.Run(sim.Spec{Game: race{}, Seats: 3, Games: 1, Lineup: []sim.Entrant{{"a", games.RandomPolicy{}}}}); err == nil {
		t.Fatal("a lineup of 1 for 3 seats was accepted")
	}
}

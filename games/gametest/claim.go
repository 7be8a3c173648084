package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// Claim is a game whose outcome its players choose, for tests of what
// surrounds games (results, stats, ratings): each seat in turn claims 0 to
// 3 points, and the most points win. The AI claims nothing. MaxSeats is
// how many may sit at it.
type Claim struct{ MaxSeats int }

// Info implements games.Game.
func (c Claim) Info() games.Info {
	return games.Info{ID: "claim", Name: "Claim", Summary: "Claim the most points.", MinSeats: 2, MaxSeats: c.MaxSeats}
}

type claimState struct {
	Points []int `json:"points"`
	Turn   int   `json:"turn"`
}

// New implements games.Game.
func (Claim) New(cfg games.Config) (games.State, error) {
	return &claimState{Points: make([]int, cfg.Seats)}, nil
}

// Decode implements games.Game.
func (Claim) Decode(b []byte) (games.State, error) {
	var s claimState
	return &s, json.Unmarshal(b, &s)
}

// AI implements games.Game.
func (Claim) AI() games.Policy { return claimNothing{} }

type claimNothing struct{}

func (claimNothing) Choose(games.State, games.Seat, *rand.Rand) games.Action {
	return games.Action{Kind: "claim", Args: []int{0}}
}

func (s *claimState) Active() []games.Seat {
	if s.Turn >= len(s.Points) {
		return nil
	}
	return []games.Seat{games.Seat(s.Turn)}
}

func (s *claimState) Legal(seat games.Seat) []games.Choice {
	if !games.IsActive(s, seat) {
		return nil
	}
	var out []games.Choice
	for n := range 4 {
		out = append(out, games.Choice{Action: games.Action{Kind: "claim", Args: []int{n}}, Label: fmt.Sprintf("Claim %d", n)})
	}
	return out
}

func (s *claimState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if !games.IsActive(s, seat) {
		return nil, games.ErrNotYourTurn
	}
	if !games.IsLegal(s, seat, a) {
		return nil, games.ErrIllegal
	}
	s.Points[seat] = a.Args[0]
	s.Turn++
	return []games.Event{{Text: fmt.Sprintf("%s claims %d.", games.SeatRef(seat), a.Args[0])}}, nil
}

func (s *claimState) View(games.Seat) any { return s.Points }
func (s *claimState) Prompt() string      { return games.SeatRef(games.Seat(s.Turn)) + " claims." }

func (s *claimState) Result() games.Result {
	return games.Result{Over: s.Turn >= len(s.Points), Scores: slices.Clone(s.Points), Rank: games.RankByScore(s.Points)}
}

func (s *claimState) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

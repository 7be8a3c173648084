package alife

import (
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Game is the rule set of A Life, registered as "alife".
type Game struct{}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID: "alife", Name: "A Life",
		Summary:  "Live a whole life, childhood to old age, scoring by the values you grew into.",
		MinSeats: minSeats, MaxSeats: maxSeats,
		Rules:   i18n.Msg("alife.rules"),
		Private: true,
	}
}

// New implements games.Game. The generator draws, in order: the baby
// cards' shuffle, the five phase decks' shuffles, babies and opening hands
// dealt in seat order, the first seat, then the eight opening cards
// (RULINGS 3.4); later only reshuffles of discard piles.
func (Game) New(cfg games.Config) (games.State, error) {
	if cfg.Seats < minSeats || cfg.Seats > maxSeats {
		return nil, fmt.Errorf("A Life is played by %d to %d players, not %d", minSeats, maxSeats, cfg.Seats)
	}
	if _, err := games.Resolve(nil, cfg.Options); err != nil {
		return nil, err
	}
	set := currentSet()
	if cfg.Content != "" {
		var ok bool
		if set, ok = setByVersion(cfg.Content); !ok {
			return nil, fmt.Errorf("unknown content version %q", cfg.Content)
		}
	}
	return newState(set, cfg), nil
}

// newState deals a game from a content set.
func newState(set *cardSet, cfg games.Config) *state {
	s := &state{set: set, seats: cfg.Seats, shape: standardBoard, rng: games.NewRNG(cfg.Seed), step: stepStart}
	s.babies = make([]int, len(set.babies))
	for i := range s.babies {
		s.babies[i] = i
	}
	s.shuffle(s.babies)
	for _, c := range set.cards {
		s.decks[c.Phase] = append(s.decks[c.Phase], c.ID)
	}
	for ph := 1; ph <= numPhases; ph++ {
		s.shuffle(s.decks[ph])
	}
	s.ps = make([]player, cfg.Seats)
	for p := range s.ps {
		pl := &s.ps[p]
		pl.Hearts, pl.Col, pl.Baby = startHearts, -1, s.babies[len(s.babies)-1]
		s.babies = s.babies[:len(s.babies)-1]
		baby := set.babies[pl.Baby]
		pl.Scoring = baby.Scoring
	}
	for p := range s.ps {
		for ph := 1; ph <= 3; ph++ {
			for range 2 {
				s.ps[p].Hand = append(s.ps[p].Hand, s.deal(ph))
			}
		}
	}
	s.startSeat = games.Seat(s.rng.IntN(cfg.Seats))
	s.turn, s.firstSeat = s.startSeat, s.startSeat
	s.slots = make([][]int, s.shape.columns+1)
	for c := range s.slots {
		s.slots[c] = make([]int, s.shape.rows)
		for r := range s.slots[c] {
			s.slots[c][r] = -1
		}
	}
	for c := 1; c <= 2; c++ {
		for r := range s.shape.rows {
			s.slots[c][r] = s.deal(phaseOf(c))
		}
	}
	return s
}

func (s *state) shuffle(xs []int) {
	s.rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// Decode implements games.Game.
func (Game) Decode(data []byte) (games.State, error) {
	return games.DecodeState("alife", data, version, fromWire)
}

// AI implements games.Game.
func (Game) AI() games.Policy { return policy{} }

// Strategies implements games.Strategist: the AI and ten single-minded
// players that value one resource only.
func (Game) Strategies() []games.NamedPolicy {
	out := []games.NamedPolicy{{Name: "balanced", Policy: policy{}}}
	for r := range numResources {
		out = append(out, games.NamedPolicy{Name: strings.ToLower(Resource(r).String()), Policy: policy{single: true, focus: Resource(r)}})
	}
	return out
}

// Standin implements games.Standin: the plain rule of RULINGS 3.5 for a
// player who is away.
func (Game) Standin() games.Policy { return standin{} }

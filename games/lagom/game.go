package lagom

import (
	"fmt"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Game is the rule set of Lagom, registered as "lagom".
type Game struct{}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:       "lagom",
		Name:     "Lagom",
		Summary:  "Balance health, wealth, relationships, leisure and purpose through a life.",
		MinSeats: 2,
		MaxSeats: maxSeats,
		Rules:    i18n.Msg("lagom.rules"),
		Private:  true,
	}
}

// New implements games.Game. The generator's only draws are the opening
// shuffle and later reshuffles of the discard pile (RULINGS 5.3).
func (Game) New(cfg games.Config) (games.State, error) {
	opts, err := resolve(cfg.Seats, cfg.Options)
	if err != nil {
		return nil, err
	}
	set := currentSet()
	if cfg.Content != "" {
		var ok bool
		if set, ok = setByVersion(cfg.Content); !ok {
			return nil, fmt.Errorf("unknown card set %q", cfg.Content)
		}
	}
	s := &state{set: set, opts: opts, seats: cfg.Seats, rng: games.NewRNG(cfg.Seed)}
	s.deck = make([]int, len(set.cards))
	for i := range s.deck {
		s.deck[i] = i
	}
	s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	s.ps = make([]player, cfg.Seats)
	for p := range s.ps {
		s.ps[p] = player{health: startHealth, coins: startCoins, pick: noCard, pass: noCard,
			shown: noCard, passed: noCard, received: noCard}
		n := len(s.deck) - startHand
		s.ps[p].hand = append([]int(nil), s.deck[n:]...)
		s.deck = s.deck[:n]
	}
	var ev []games.Event
	s.startRound(&ev)
	return s, nil
}

func resolve(seats int, given games.Options) (games.Options, error) {
	if seats < 2 || seats > maxSeats {
		return nil, fmt.Errorf("Lagom is played by 2 to %d players, not %d", maxSeats, seats)
	}
	return games.Resolve(nil, given)
}

// AI implements games.Game.
func (Game) AI() games.Policy { return policy{} }

// Strategies implements games.Strategist: the balanced AI and four
// single-minded players that always prefer one symbol.
func (Game) Strategies() []games.NamedPolicy {
	return []games.NamedPolicy{
		{Name: "balanced", Policy: policy{}},
		{Name: "wealth", Policy: policy{single: true, focus: Wealth}},
		{Name: "relationships", Policy: policy{single: true, focus: Relationship}},
		{Name: "leisure", Policy: policy{single: true, focus: Leisure}},
		{Name: "purpose", Policy: policy{single: true, focus: Purpose}},
	}
}

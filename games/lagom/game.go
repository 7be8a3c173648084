package lagom

import (
	"fmt"

	"github.com/lifebot/lifebot/games"
)

// Game is the rule set of Lagom, registered as "lagom".
type Game struct{}

const rulesText = `**Lagom** — live a life that is just the right amount.

Everyone starts with 30 health, 5 coins and 3 cards. Each round:
1. You spend 3 health (if you can't, your journey is over), your investments grow by a coin each, and you draw a card.
2. You may pay 5 coins for one extra card, cashing in investments if you like.
3. Everyone secretly picks a card; picks are revealed together.
4. Play your card facing any of its four sides (only the two quadrants on that side count) or discard it for its coin reward. Costs come first and must be paid in full: Lose Health (1 health), Spend Wealth (3 coins), Lose Relationship (sunset your oldest Relationship).
5. Pass a card from your hand to the next player on your right.
6. Score: each active Relationship scores the rounds it has been in play; each Leisure on this round's card scores 2 (and gave +1 health); if this round's card shows Purpose, score every Purpose in your tableau.

Wealth starts an investment of one coin that grows every round until you cash it in.

When nobody can spend 3 health the game ends. Most fulfilment wins; ties go to most Purpose, then active Relationships, then Leisure.`

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:       "lagom",
		Name:     "Lagom",
		Summary:  "Balance health, wealth, relationships, leisure and purpose through a life.",
		MinSeats: 2,
		MaxSeats: maxSeats,
		Rules:    rulesText,
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

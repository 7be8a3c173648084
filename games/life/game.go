package life

import (
	"fmt"

	"github.com/lifebot/lifebot/games"
)

// Game is the rule set of Life, the card game, registered as "life".
type Game struct{}

// Option keys.
const (
	optPacks        = "packs"
	optTarget       = "target"
	optBlindSteal   = "blind_steal"
	optChooseSpades = "choose_spades"
	optFortune      = "fortune"
)

const (
	minSeats  = 2
	maxSeats  = 8
	handCards = 7 // cards dealt to each seat
)

const rulesText = `**Life** — lay your cards, bank them, steal, and keep clear of spades.

**Each hand** everyone secretly picks a suit: ♥, ♦ or ♣ (♠ too with that option). Your suit scores double. Then 7 cards each.

**Your turn:** the top card of the deck is turned for you (holding a joker, you may play it instead).
• ♥ ♦ ♣: lay any of your cards of that suit face up, or none.
• ♠: you must lay every spade you hold.
• Lay nothing and you pick up a card.

**Ten or more:** when your face-up cards of the turned suit add up to 10 or more (J, Q, K, A count 10), they are banked face down, safe for good. Then you may steal one card from another player: from their face-up cards if they have any (you pick), else blindly from their hand. After spades, everyone else may steal from you in turn.

**Aces:** an ace turned from the deck discards every card of its suit from hands and face-up rows. An ace you lay pulls every card of its suit from all hands and rows onto your table.

**Jokers** leave play and redeal: hands, face-up cards and the deck are gathered and 7 cards dealt again. Face-down cards stay.

**The hand ends** when anyone's hand is empty. Cards on the table score their value, your suit double, spades minus; cards in hand score nothing. First past the target wins; a tie at the top plays another hand.`

func schema() []games.Option {
	return []games.Option{
		{
			Key: optPacks, Name: "Packs", Kind: games.Enum,
			Choices:     []string{"auto", "1", "2"},
			ChoiceNames: []string{"As many as the players need", "One pack", "Two packs"},
			Help:        "Card packs: one for 2–4 players and two for 5–8, unless set",
		},
		{
			Key: optTarget, Name: "Target", Kind: games.Int, Min: 50, Max: 500, Default: "100",
			Help: "Points that win the match",
		},
		{
			Key: optBlindSteal, Name: "Blind steal", Kind: games.Bool,
			Help: "Steal from a hand by picking one of its shuffled, face-down cards",
		},
		{
			Key: optChooseSpades, Name: "Choose spades", Kind: games.Bool,
			Help: "Spades may be your suit; your spades then cost half",
		},
		{
			Key: optFortune, Name: "Fortune", Kind: games.Bool,
			Help: "At the end, read everyone's fortune from the cards they banked",
		},
	}
}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:       "life",
		Name:     "Life, the card game",
		Summary:  "Lay and bank cards as their suit turns up, steal from rivals, dodge the spades.",
		MinSeats: minSeats,
		MaxSeats: maxSeats,
		Options:  schema(),
		Rules:    rulesText,
		Private:  true,
	}
}

// rules are the resolved options in the form the engine reads.
type rules struct {
	packs        int
	target       int
	blind        bool
	chooseSpades bool
	fortune      bool
}

// rulesFor resolves options for a table of seats.
func rulesFor(seats int, given games.Options) (games.Options, rules, error) {
	if seats < minSeats || seats > maxSeats {
		return nil, rules{}, fmt.Errorf("Life is played by %d to %d players, not %d", minSeats, maxSeats, seats)
	}
	opts, err := games.Resolve(schema(), given)
	if err != nil {
		return nil, rules{}, err
	}
	r := rules{
		packs:        opts.Int(optPacks, 0),
		target:       opts.Int(optTarget, 100),
		blind:        opts.Bool(optBlindSteal),
		chooseSpades: opts.Bool(optChooseSpades),
		fortune:      opts.Bool(optFortune),
	}
	if r.packs == 0 {
		r.packs = 1
		if seats >= 5 {
			r.packs = 2
		}
	}
	// The first turn needs a card left after the deal.
	if r.packs*packSize <= handCards*seats {
		return nil, rules{}, fmt.Errorf("one pack is too few for %d players: choose two packs", seats)
	}
	return opts, r, nil
}

// New implements games.Game. The host, seat 0, deals the first hand
// (ruling 5); the game starts with everyone choosing a suit, and the
// generator is first drawn for the deal once all have chosen.
func (Game) New(cfg games.Config) (games.State, error) {
	if err := games.FixedContent(cfg); err != nil {
		return nil, err
	}
	opts, r, err := rulesFor(cfg.Seats, cfg.Options)
	if err != nil {
		return nil, err
	}
	s := &state{
		opts:    opts,
		rules:   r,
		seats:   cfg.Seats,
		dealer:  0,
		turn:    0,
		turned:  noCard,
		total2:  make([]int, cfg.Seats),
		history: make([][]int, cfg.Seats),
		banked:  make([][4]int, cfg.Seats),
		notes:   make([][]string, cfg.Seats),
		rng:     games.NewRNG(cfg.Seed),
	}
	s.newHand()
	return s, nil
}

// AI implements games.Game.
func (Game) AI() games.Policy { return policy{} }

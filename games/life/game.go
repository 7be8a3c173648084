package life

import (
	"errors"
	"fmt"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
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
		Rules:    i18n.Msg("life.rules"),
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
		// A host reads this when Start refuses: a message, in their words.
		return nil, rules{}, errors.New(i18n.Msg("life.refuse.packs", "n", seats))
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

package thatslife

import (
	"fmt"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Game is the rule set of That's Life!, registered as "thatslife".
type Game struct{}

// Option keys.
const (
	optLayout   = "layout"
	optFigures  = "figures"
	optBack     = "back_or_stay_on_1"
	optRecycle  = "recycle_cards"
	optEndFirst = "end_when_first_player_home"
	optEndLast  = "end_at_last_figure"
)

func schema() []games.Option {
	return []games.Option{
		{
			Key: optLayout, Name: "Layout", Kind: games.Enum,
			Choices:     []string{layoutStandard, layoutPlusAscending, layoutFortuneLast, layoutRandom},
			ChoiceNames: []string{"Standard", "Plus cards first", "Fortunes last", "Shuffled"},
			Help:        "Card order: standard, plus before fortunes, fortunes last, or shuffled",
		},
		{
			Key: optFigures, Name: "Figures", Kind: games.Enum,
			Choices:     []string{"auto", "2", "3"},
			ChoiceNames: []string{"As many as the players allow", "2 each", "3 each"},
			Help:        "Figures per player: 3 with up to 4 players and 2 with 5 or 6, unless set",
		},
		{
			Key: optBack, Name: "Back or stay on 1", Kind: games.Bool,
			Help: "On a roll of 1 you may also step a piece back one card or not move at all",
		},
		{
			Key: optRecycle, Name: "Recycle cards", Kind: games.Bool,
			Help: "Cards every figure has passed go to the end of the course, once",
		},
		{
			Key: optEndFirst, Name: "End when first player home", Kind: games.Bool,
			Help:     "The game ends as soon as one player has every figure on Finish",
			Excludes: []string{optEndLast},
		},
		{
			Key: optEndLast, Name: "End at last figure", Kind: games.Bool,
			Help:     "The game ends with one figure left; its owner takes the worst free minus card",
			Excludes: []string{optEndFirst},
		},
	}
}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:       "thatslife",
		Name:     "That's Life!",
		Summary:  "Race figures along a course of cards, taking the pluses and leaving the minuses.",
		MinSeats: 2,
		MaxSeats: maxSeats,
		Options:  schema(),
		Rules:    i18n.Msg("thatslife.rules"),
	}
}

// rules are the resolved options in the form the engine reads.
type rules struct {
	layout   string
	figures  int
	back     bool
	recycle  bool
	endFirst bool
	endLast  bool
}

// rulesFor resolves options for a table of seats.
func rulesFor(seats int, given games.Options) (games.Options, rules, error) {
	if seats < 2 || seats > maxSeats {
		return nil, rules{}, fmt.Errorf("That's Life! is played by 2 to %d players, not %d", maxSeats, seats)
	}
	opts, err := games.Resolve(schema(), given)
	if err != nil {
		return nil, rules{}, err
	}
	r := rules{
		layout:   opts[optLayout],
		figures:  opts.Int(optFigures, 0),
		back:     opts.Bool(optBack),
		recycle:  opts.Bool(optRecycle),
		endFirst: opts.Bool(optEndFirst),
		endLast:  opts.Bool(optEndLast),
	}
	if r.figures == 0 {
		r.figures = 3
		if seats >= 5 {
			r.figures = 2
		}
	}
	return opts, r, nil
}

// New implements games.Game. The generator is drawn in a fixed order: the
// layout shuffle (random layout only), the first player, the first roll.
func (Game) New(cfg games.Config) (games.State, error) {
	if err := games.FixedContent(cfg); err != nil {
		return nil, err
	}
	opts, r, err := rulesFor(cfg.Seats, cfg.Options)
	if err != nil {
		return nil, err
	}
	rng := games.NewRNG(cfg.Seed)
	cards, guarded := route(r.layout, rng)
	s := &state{
		opts:     opts,
		rules:    r,
		seats:    cfg.Seats,
		course:   make([]spot, 0, len(cards)+2),
		taken:    make([][]int, cfg.Seats),
		lifted:   make([]int, cfg.Seats),
		locked:   noCard,
		lastTo:   noCard,
		lastTook: noCard,
		rng:      rng,
	}
	start := spot{card: startCard}
	for p := range cfg.Seats {
		start.figs[p] = r.figures
	}
	s.course = append(s.course, start)
	for _, c := range cards {
		sp := spot{card: c}
		if guarded(c) {
			sp.guards = 1
		}
		s.course = append(s.course, sp)
	}
	s.course = append(s.course, spot{card: finishCard})
	s.turn = games.Seat(rng.IntN(cfg.Seats))
	s.roll = rng.Die()
	return s, nil
}

// AI implements games.Game.
func (Game) AI() games.Policy { return policy{w: tunedWeights()} }

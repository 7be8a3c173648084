package yodo

import (
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Game is the rule set of You Only Die Once, registered as "yodo".
type Game struct{}

const optHiddenScores = "hidden_scores"

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:       "yodo",
		Name:     "You Only Die Once",
		Summary:  "Agents of fate race to decide how a dying man remembers his life.",
		MinSeats: minSeats,
		MaxSeats: maxSeats,
		Options: []games.Option{{
			Key: optHiddenScores, Name: "Hidden scores", Kind: games.Bool,
			Help: "Keep the fates' points secret until the story is told",
		}},
		Rules:   i18n.Msg("yodo.rules"),
		Private: true,
	}
}

// New implements games.Game. The generator draws, in order: the fates of
// the seats, each seat's setup shuffles in seat order, the first seat; then
// a deck shuffle after each heartbeat (RULINGS 4.3).
func (g Game) New(cfg games.Config) (games.State, error) {
	if cfg.Seats < minSeats || cfg.Seats > maxSeats {
		return nil, fmt.Errorf("You Only Die Once is played by %d to %d players, not %d", minSeats, maxSeats, cfg.Seats)
	}
	opts, err := games.Resolve(g.Info().Options, cfg.Options)
	if err != nil {
		return nil, err
	}
	c := currentContent()
	if cfg.Content != "" {
		var ok bool
		if c, ok = contentByVersion(cfg.Content); !ok {
			return nil, fmt.Errorf("unknown content version %q", cfg.Content)
		}
	}
	n := cfg.Seats
	s := &state{
		c: c, hiddenScores: opts.Bool(optHiddenScores), seats: n, taken: -1,
		rng:   games.NewRNG(cfg.Seed),
		fate:  make([]int, n),
		hands: make([][]card, n), decks: make([][]card, n),
		turns: make([]int, n), notes: make([][]string, n),
	}
	order := []int{0, 1, 2, 3, 4, 5}
	s.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	copy(s.fate, order)
	size := c.deckSize[n]
	for seat := range n {
		deck := make([]card, 0, size+1)
		for k := range size {
			deck = append(deck, card(s.fate[seat]*perFate+k))
		}
		s.decks[seat] = deck
		s.shuffle(games.Seat(seat))
		s.hands[seat] = append([]card(nil), deck[:handSize]...)
		s.decks[seat] = append(deck[handSize:], heartbeatOf(s.fate[seat]))
		s.shuffle(games.Seat(seat))
	}
	s.turn = games.Seat(s.rng.IntN(n))
	s.first = s.turn
	// The first to move gives up a little (see firstHandicap): no draw
	// from the generator, so the order of RULINGS 4.3 holds.
	hc, f := c.handicaps[n], s.fate[s.first]
	hand := s.hands[s.first]
	s.decks[s.first] = append(s.decks[s.first], hand[len(hand)-hc.Short:]...)
	s.hands[s.first] = hand[:len(hand)-hc.Short]
	for k := size; k < size+hc.Extra; k++ {
		s.decks[s.first] = append(s.decks[s.first], card(f*perFate+k))
	}
	if d := s.decks[s.first]; hc.Deep > 0 {
		if p := slices.Index(d, heartbeatOf(f)); p < hc.Deep {
			d[p], d[p+hc.Deep] = d[p+hc.Deep], d[p]
		}
	}
	for i := range c.events {
		s.board = append(s.board, memory{event: i})
	}
	return s, nil
}

// Decode implements games.Game.
func (Game) Decode(data []byte) (games.State, error) {
	return games.DecodeState("yodo", data, version, fromWire)
}

// AI implements games.Game.
func (Game) AI() games.Policy { return policy{} }

// Standin implements games.Standin: the plain rule of RULINGS 4.4 for a
// player who is away.
func (Game) Standin() games.Policy { return standin{} }

package yodo

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// version is the format written by MarshalBinary.
const version = 1

// wireState is the saved form of a state. Content names the content
// version, so a game keeps the decks and texts it was dealt.
type wireState struct {
	V            int           `json:"v"`
	Content      string        `json:"content"`
	HiddenScores bool          `json:"hidden_scores,omitempty"`
	Fates        []int         `json:"fates"`
	Hands        [][]card      `json:"hands"`
	Decks        [][]card      `json:"decks"`
	Board        []wireMemory  `json:"board"`
	Locked       int           `json:"locked"`
	Turn         games.Seat    `json:"turn"`
	First        games.Seat    `json:"first"`
	Taken        int           `json:"taken"`
	Points       [numFates]int `json:"points"`
	Over         bool          `json:"over,omitempty"`
	Turns        []int         `json:"turns"`
	Cascade      int           `json:"cascade,omitempty"`
	Fresh        []int         `json:"fresh,omitempty"`
	Notes        [][]string    `json:"notes"`
	RNG          *games.RNG    `json:"rng"`
}

type wireMemory struct {
	Event  int    `json:"event"`
	Stack  []card `json:"stack"`
	Locked bool   `json:"locked,omitempty"`
}

func (s *state) MarshalBinary() ([]byte, error) {
	w := wireState{
		V: version, Content: s.c.version, HiddenScores: s.hiddenScores,
		Fates: s.fate, Hands: s.hands, Decks: s.decks, Locked: s.locked,
		Turn: s.turn, First: s.first, Taken: s.taken, Points: s.points, Over: s.over,
		Turns: s.turns, Cascade: s.cascade, Fresh: s.fresh, Notes: s.notes, RNG: s.rng,
	}
	for _, m := range s.board {
		w.Board = append(w.Board, wireMemory{Event: m.event, Stack: m.stack, Locked: m.locked})
	}
	return json.Marshal(w)
}

// fromWire rebuilds a state, checking everything a damaged or forged
// record could get wrong: every card once, in a place it may be.
func fromWire(w wireState) (games.State, error) {
	c, ok := contentByVersion(w.Content)
	if !ok {
		return nil, fmt.Errorf("unknown content version %q", w.Content)
	}
	n := len(w.Fates)
	if n < minSeats || n > maxSeats || len(w.Hands) != n || len(w.Decks) != n || len(w.Turns) != n || len(w.Notes) != n {
		return nil, errors.New("seat lists disagree")
	}
	if w.RNG == nil {
		return nil, errors.New("no generator")
	}
	if len(w.Board) != len(c.events) || w.Locked < 0 || w.Locked > len(w.Board) || w.Over != (w.Locked == len(w.Board)) {
		return nil, errors.New("bad board")
	}
	if w.Turn < 0 || int(w.Turn) >= n || w.First < 0 || int(w.First) >= n {
		return nil, errors.New("bad turn")
	}
	s := &state{
		c: c, hiddenScores: w.HiddenScores, seats: n, fate: w.Fates, hands: w.Hands, decks: w.Decks,
		locked: w.Locked, turn: w.Turn, first: w.First, taken: w.Taken, points: w.Points, over: w.Over,
		turns: w.Turns, cascade: w.Cascade, fresh: w.Fresh, notes: w.Notes, rng: w.RNG,
	}
	for _, notes := range s.notes {
		for i, note := range notes {
			notes[i] = c.spoken(note)
		}
	}
	for _, i := range w.Fresh {
		if i < 0 || i >= len(w.Board) {
			return nil, errors.New("bad fresh memory")
		}
	}
	seen := map[card]bool{}
	place := func(x card) error {
		if x < 0 || int(x) >= len(c.symbols) || seen[x] {
			return fmt.Errorf("card %d out of place", x)
		}
		seen[x] = true
		return nil
	}
	byFate := map[int]bool{}
	for seat, f := range w.Fates {
		if f < 0 || f >= numFates || byFate[f] {
			return nil, errors.New("bad fates")
		}
		byFate[f] = true
		full, limit := handSize, c.deckSize[n]
		if games.Seat(seat) == w.First {
			full -= c.handicaps[n].Short
			limit += c.handicaps[n].Extra
		}
		hand := w.Hands[seat]
		if len(hand) > full || !w.Over && len(hand) != full {
			return nil, errors.New("bad hand")
		}
		hb := 0
		for _, x := range slices.Concat(hand, w.Decks[seat]) {
			if err := place(x); err != nil {
				return nil, err
			}
			if x.fate() != f || int(x)%perFate >= limit && !x.heartbeat() {
				return nil, fmt.Errorf("card %d is not of seat %d's deck", x, seat)
			}
			if x.heartbeat() {
				hb++
			}
		}
		if hb != 1 || slices.ContainsFunc(hand, card.heartbeat) {
			return nil, errors.New("misplaced heartbeat")
		}
	}
	if w.Taken < -1 || w.Taken >= len(w.Hands[w.Turn]) {
		return nil, errors.New("bad taken card")
	}
	for i, m := range w.Board {
		if m.Event != i {
			return nil, errors.New("memories out of order")
		}
		locked := i >= len(w.Board)-w.Locked
		if m.Locked != locked || locked && len(m.Stack) > 1 {
			return nil, errors.New("bad lock")
		}
		for _, x := range m.Stack {
			if err := place(x); err != nil {
				return nil, err
			}
			if x.heartbeat() || !byFate[x.fate()] {
				return nil, fmt.Errorf("card %d cannot be on the board", x)
			}
		}
		s.board = append(s.board, memory{event: m.Event, stack: m.Stack, locked: m.Locked})
	}
	// A state the rules never reach, such as a chosen card with nowhere
	// to go, would stand still for ever: it is refused.
	for _, seat := range s.Active() {
		if len(s.Legal(seat)) == 0 {
			return nil, fmt.Errorf("seat %d must act and can do nothing", seat)
		}
	}
	return s, nil
}

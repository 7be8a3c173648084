package life

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// version is the format written by MarshalBinary.
const version = 1

// Bounds on what a saved state may hold, so a forged one cannot make the
// engine allocate without limit.
const (
	maxHands    = 100000
	maxNoteLen  = 500
	maxTotalAbs = 1 << 40
)

// wireState is the saved form of a state. Cards are saved by id.
type wireState struct {
	V       int           `json:"v"`
	Seats   int           `json:"seats"`
	Options games.Options `json:"options"`
	Phase   string        `json:"phase"`
	HandNo  int           `json:"hand"`
	Dealer  int           `json:"dealer"`
	Turn    int           `json:"turn"`
	Deck    []int         `json:"deck"`
	Discard []int         `json:"discard"`
	Removed []int         `json:"removed"`
	Turned  int           `json:"turned"`
	Table   []wireSeat    `json:"table"`
	Thief   int           `json:"thief"`
	Victim  int           `json:"victim"`
	Chain   bool          `json:"chain,omitempty"`
	Blind   []int         `json:"blind,omitempty"`
	RNG     *games.RNG    `json:"rng"`
}

// wireSeat is one seat: its cards in hand order, its suit (4 for none
// chosen yet), its scores and its private notes.
type wireSeat struct {
	Suit    int      `json:"suit"`
	Hand    []int    `json:"hand"`
	Up      []int    `json:"up"`
	Bank    []int    `json:"bank"`
	Total2  int      `json:"total2"`
	History []int    `json:"history"`
	Banked  [4]int   `json:"banked"`
	Notes   []string `json:"notes"`
	// Fresh, Got and HandMoved are what the last action changed at the
	// seat: cards put on its table, cards put in its hand, and whether
	// its hand changed.
	Fresh     []int `json:"fresh,omitempty"`
	Got       []int `json:"got,omitempty"`
	HandMoved bool  `json:"handMoved,omitempty"`
}

// nonNil writes empty lists as [] rather than null, so that saved bytes
// do not depend on how a slice became empty.
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// MarshalBinary implements games.State.
func (s *state) MarshalBinary() ([]byte, error) {
	w := wireState{
		V: version, Seats: s.seats, Options: s.opts, Phase: phaseNames[s.phase],
		HandNo: s.handNo, Dealer: int(s.dealer), Turn: int(s.turn),
		Deck: nonNil(s.deck), Discard: nonNil(s.discard), Removed: nonNil(s.removed),
		Turned: s.turned, Table: make([]wireSeat, s.seats),
		Thief: int(s.thief), Victim: int(s.victim), Chain: s.chain, Blind: s.blind, RNG: s.rng,
	}
	for p := range s.seats {
		w.Table[p] = wireSeat{
			Suit: int(s.suit[p]), Hand: nonNil(s.hands[p]), Up: nonNil(s.up[p]), Bank: nonNil(s.bank[p]),
			Total2: s.total2[p], History: nonNil(s.history[p]), Banked: s.banked[p], Notes: nonNil(s.notes[p]),
			Fresh: s.movedAt(p).table, Got: s.movedAt(p).hand, HandMoved: s.movedAt(p).handMoved,
		}
	}
	return json.Marshal(w)
}

// Decode implements games.Game. It refuses other versions and any data
// that breaks an invariant Apply relies on, so that a stored game can
// never make the engine panic.
func (Game) Decode(data []byte) (games.State, error) {
	return games.DecodeState("life", data, version, func(w wireState) (games.State, error) { return fromWire(w) })
}

func fromWire(w wireState) (*state, error) {
	opts, r, err := rulesFor(w.Seats, w.Options)
	if err != nil {
		return nil, err
	}
	if w.RNG == nil {
		return nil, errors.New("no generator")
	}
	ph := slices.Index(phaseNames[:], w.Phase)
	if ph < 0 {
		return nil, fmt.Errorf("unknown phase %q", w.Phase)
	}
	if len(w.Table) != w.Seats {
		return nil, errors.New("the table does not match the seats")
	}
	inRange := func(p int) bool { return p >= 0 && p < w.Seats }
	if !inRange(w.Dealer) || !inRange(w.Turn) || !inRange(w.Thief) || !inRange(w.Victim) {
		return nil, errors.New("seat out of range")
	}
	if w.HandNo < 1 || w.HandNo > maxHands {
		return nil, errors.New("hand number out of range")
	}
	s := &state{
		opts: opts, rules: r, seats: w.Seats, phase: phase(ph), handNo: w.HandNo,
		dealer: games.Seat(w.Dealer), turn: games.Seat(w.Turn),
		deck: w.Deck, discard: w.Discard, removed: w.Removed, turned: w.Turned,
		hands: make([][]int, w.Seats), up: make([][]int, w.Seats), bank: make([][]int, w.Seats),
		suit: make([]Suit, w.Seats), total2: make([]int, w.Seats), history: make([][]int, w.Seats),
		banked: make([][4]int, w.Seats), notes: make([][]string, w.Seats), moved: make([]seatMove, w.Seats),
		thief: games.Seat(w.Thief), victim: games.Seat(w.Victim), chain: w.Chain, blind: w.Blind,
		rng: w.RNG,
	}
	for p, ws := range w.Table {
		if ws.Suit < int(Hearts) || ws.Suit > int(NoSuit) || (ws.Suit == int(Spades) && !r.chooseSpades) {
			return nil, fmt.Errorf("seat %d has a suit it may not choose", p)
		}
		if len(ws.History) != w.HandNo-1 && !(s.phase == phaseOver && len(ws.History) == w.HandNo) {
			return nil, fmt.Errorf("seat %d has %d hand scores in hand %d", p, len(ws.History), w.HandNo)
		}
		sum := 0
		for _, h := range ws.History {
			if h < -maxTotalAbs || h > maxTotalAbs {
				return nil, fmt.Errorf("seat %d has a hand score out of range", p)
			}
			sum += h
		}
		if sum != ws.Total2 {
			return nil, fmt.Errorf("seat %d total %d is not the sum of its hands", p, ws.Total2)
		}
		for _, b := range ws.Banked {
			if b < 0 || b > maxTotalAbs {
				return nil, fmt.Errorf("seat %d has a banked count out of range", p)
			}
		}
		if len(ws.Notes) > maxNotes {
			return nil, fmt.Errorf("seat %d has too many notes", p)
		}
		for _, n := range ws.Notes {
			if len(n) > maxNoteLen {
				return nil, fmt.Errorf("seat %d has a note that is too long", p)
			}
		}
		for _, row := range [][]int{ws.Hand, ws.Up, ws.Bank} {
			if !isSorted(row) {
				return nil, fmt.Errorf("seat %d has cards out of order", p)
			}
		}
		if !isSorted(ws.Fresh) || !isSorted(ws.Got) {
			return nil, fmt.Errorf("seat %d has last-move cards out of order", p)
		}
		if !within(ws.Fresh, ws.Up, ws.Bank) || !within(ws.Got, ws.Hand) {
			return nil, fmt.Errorf("seat %d has a last-move card that is not there", p)
		}
		s.moved[p] = seatMove{table: ws.Fresh, hand: ws.Got, handMoved: ws.HandMoved}
		s.suit[p], s.hands[p], s.up[p], s.bank[p] = Suit(ws.Suit), ws.Hand, ws.Up, ws.Bank
		s.total2[p], s.history[p], s.banked[p], s.notes[p] = ws.Total2, ws.History, ws.Banked, ws.Notes
	}
	if err := s.checkCards(); err != nil {
		return nil, err
	}
	if err := s.checkPhase(); err != nil {
		return nil, err
	}
	return s, nil
}

// within reports whether every card of ids is in one of rows.
func within(ids []int, rows ...[]int) bool {
	for _, id := range ids {
		if !slices.ContainsFunc(rows, func(row []int) bool { return slices.Contains(row, id) }) {
			return false
		}
	}
	return true
}

// checkCards verifies that every card of the packs in play is in exactly
// one place, that jokers are never on the table and that only jokers are
// out of play.
func (s *state) checkCards() error {
	seen := make([]bool, s.numCards())
	mark := func(ids []int, where string) error {
		for _, id := range ids {
			if id < 0 || id >= len(seen) {
				return fmt.Errorf("no card %d in %s", id, where)
			}
			if seen[id] {
				return fmt.Errorf("card %d is in two places", id)
			}
			seen[id] = true
		}
		return nil
	}
	lists := [][]int{s.deck, s.discard, s.removed}
	names := []string{"the deck", "the discard pile", "the jokers out of play"}
	for p := range s.seats {
		lists = append(lists, s.hands[p], s.up[p], s.bank[p])
		names = append(names, "a hand", "a face-up row", "a bank")
	}
	for i, ids := range lists {
		if err := mark(ids, names[i]); err != nil {
			return err
		}
	}
	if s.turned != noCard {
		if err := mark([]int{s.turned}, "the turned card"); err != nil {
			return err
		}
	}
	if slices.Contains(seen, false) {
		return errors.New("a card is missing")
	}
	for _, id := range s.removed {
		if !cards[id].IsJoker() {
			return errors.New("only jokers leave play")
		}
	}
	for p := range s.seats {
		if hasJoker(s.up[p]) || hasJoker(s.bank[p]) {
			return errors.New("a joker is on the table")
		}
		for su := Hearts; su <= Spades; su++ {
			if faceValue(s.up[p], su) >= 10 {
				return fmt.Errorf("seat %d has face-up %s worth 10 or more", p, su)
			}
		}
	}
	return nil
}

// checkPhase verifies what the phase requires: who may act and that they
// have something to decide.
func (s *state) checkPhase() error {
	if s.phase != phaseLay && s.turned != noCard {
		return errors.New("a turned card outside a lay")
	}
	if (s.blind != nil) != (s.phase == phasePos) {
		return errors.New("a blind steal outside its step")
	}
	chained := s.phase == phaseReact || ((s.phase == phaseTake || s.phase == phasePos) && s.chain)
	if s.chain != chained {
		return errors.New("a spade chain outside its steps")
	}
	switch s.phase {
	case phaseOver:
		if len(s.history[0]) != s.handNo {
			return errors.New("a finished game whose last hand is not scored")
		}
		if l := s.leaders(); len(l) != 1 || s.total2[l[0]] < 2*s.rules.target {
			return errors.New("a finished game without a winner")
		}
		return nil
	case phaseSuit:
		if len(s.deck) != s.numCards() {
			return errors.New("cards out of the deck while suits are chosen")
		}
		if !slices.Contains(s.suit, NoSuit) {
			return errors.New("every suit chosen but no deal")
		}
		return nil
	}
	if slices.Contains(s.suit, NoSuit) {
		return errors.New("a hand in play with a suit not chosen")
	}
	if _, ok := s.emptyHand(); ok {
		return errors.New("a hand in play with an empty hand")
	}
	switch s.phase {
	case phaseJoker:
		if !hasJoker(s.hands[s.turn]) {
			return errors.New("a joker decision without a joker")
		}
	case phaseLay:
		if s.turned == noCard {
			return errors.New("a lay without a turned card")
		}
		c := cards[s.turned]
		if c.IsJoker() || c.Rank == Ace || c.Suit == Spades || len(ofSuit(s.hands[s.turn], c.Suit)) == 0 {
			return errors.New("a lay decision there is nothing to decide in")
		}
	case phaseSteal:
		if len(s.victims()) == 0 {
			return errors.New("a steal without a victim")
		}
	case phaseTake, phasePos, phaseReact:
		if s.thief == s.victim {
			return errors.New("a seat stealing from itself")
		}
		if s.chain && s.victim != s.turn {
			return errors.New("a spade chain whose victim is not the seat to play")
		}
		if !s.chain && s.thief != s.turn {
			return errors.New("a steal by a seat not playing")
		}
	}
	switch s.phase {
	case phaseTake:
		if len(s.up[s.victim]) == 0 {
			return errors.New("taking from an empty table")
		}
	case phasePos:
		if !s.rules.blind || len(s.up[s.victim]) > 0 {
			return errors.New("a blind steal that should not be")
		}
		got, want := slices.Clone(s.blind), slices.Clone(s.hands[s.victim])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return errors.New("the shuffled hand is not the victim's hand")
		}
	}
	return nil
}

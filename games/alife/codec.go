package alife

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// version is the format written by MarshalBinary.
const version = 2

type wireState struct {
	V         int                  `json:"v"`
	Content   string               `json:"content"`
	Decks     [numPhases + 1][]int `json:"decks"`
	Discards  [numPhases + 1][]int `json:"discards"`
	Slots     [][]int              `json:"slots"`
	Babies    []int                `json:"babies"`
	Round     int                  `json:"round"`
	StartSeat games.Seat           `json:"start_seat"`
	FirstSeat games.Seat           `json:"first_seat"`
	Turn      games.Seat           `json:"turn"`
	Step      string               `json:"step"`
	Acted     int                  `json:"acted"`
	Players   []player             `json:"players"`
	RNG       *games.RNG           `json:"rng"`
	Last      *LastMove            `json:"last,omitempty"`
}

// MarshalBinary implements games.State.
func (s *state) MarshalBinary() ([]byte, error) {
	var last *LastMove
	if s.last.Move != "" {
		last = &s.last
	}
	return json.Marshal(wireState{
		V: version, Content: s.set.version, Decks: s.decks, Discards: s.discards, Slots: s.slots,
		Babies: s.babies, Round: s.round, StartSeat: s.startSeat, FirstSeat: s.firstSeat, Turn: s.turn, Step: s.step,
		Acted: s.acted, Players: s.ps, RNG: s.rng, Last: last,
	})
}

// fromWire rebuilds a state, checking what a damaged or forged record
// could get wrong: every card once, in a place it may be.
func fromWire(w wireState) (games.State, error) {
	set, ok := setByVersion(w.Content)
	if !ok {
		return nil, fmt.Errorf("unknown content version %q", w.Content)
	}
	n := len(w.Players)
	switch {
	case n < minSeats || n > maxSeats:
		return nil, errors.New("bad seat count")
	case w.RNG == nil:
		return nil, errors.New("no generator")
	case w.Round < 0 || w.Round > standardBoard.columns || w.Turn < 0 || int(w.Turn) >= n || w.StartSeat < 0 || int(w.StartSeat) >= n || w.FirstSeat < 0 || int(w.FirstSeat) >= n:
		return nil, errors.New("bad round or seat")
	case len(w.Slots) != standardBoard.columns+1:
		return nil, errors.New("bad board")
	}
	switch w.Step {
	case stepStart, stepRound, stepChild, stepOver:
	default:
		return nil, fmt.Errorf("unknown step %q", w.Step)
	}
	if w.Acted < 0 || w.Acted > n {
		return nil, errors.New("bad count of seats that acted")
	}
	for _, pl := range w.Players {
		if !validTurnStep(pl.Step, w.Step == stepRound) || !validTurnStep(pl.After, w.Step == stepRound) || pl.After == stepDraw || pl.After == stepCard || pl.After == stepPay {
			return nil, fmt.Errorf("unknown turn step %q", pl.Step)
		}
		if err := validPlayer(set, w, pl); err != nil {
			return nil, err
		}
	}
	seen := make([]bool, len(set.cards))
	place := func(c int) error {
		if c < 0 || c >= len(seen) || seen[c] {
			return fmt.Errorf("card %d out of place", c)
		}
		seen[c] = true
		return nil
	}
	var cards []int
	for ph := 1; ph <= numPhases; ph++ {
		cards = append(append(cards, w.Decks[ph]...), w.Discards[ph]...)
	}
	for _, col := range w.Slots {
		if len(col) != standardBoard.rows {
			return nil, errors.New("bad board column")
		}
		for _, c := range col {
			if c >= 0 {
				cards = append(cards, c)
			}
		}
	}
	for _, pl := range w.Players {
		cards = append(cards, pl.Hand...)
		for _, col := range pl.Tableau {
			for _, t := range col {
				cards = append(cards, t.Card)
			}
		}
		for _, pair := range slices.Concat(pl.Children, pl.Kept) {
			cards = append(cards, pair[0], pair[1])
		}
		if pl.Baby < 0 || pl.Baby >= len(set.babies) || pl.Hearts < 0 || pl.Hearts > startHearts || pl.Money < 0 || pl.Draws < 0 {
			return nil, errors.New("bad player")
		}
		for r := range numResources {
			if pl.Life[r] < -1 || pl.Scoring[r] < 0 {
				return nil, errors.New("track below its floor")
			}
		}
	}
	for _, c := range cards {
		if err := place(c); err != nil {
			return nil, err
		}
	}
	if len(cards) != len(set.cards) {
		return nil, fmt.Errorf("%d of %d cards are accounted for", len(cards), len(set.cards))
	}
	for _, pl := range w.Players {
		if !validPending(set, w, pl) {
			return nil, errors.New("bad pending action")
		}
		if !validChosen(set, w, pl) {
			return nil, errors.New("bad choice of card")
		}
	}
	for _, b := range w.Babies {
		if b < 0 || b >= len(set.babies) {
			return nil, errors.New("bad baby card")
		}
	}
	var last LastMove
	if w.Last != nil {
		last = *w.Last
		if last.Seat < 0 || last.Seat >= n || last.Move == "" {
			return nil, errors.New("bad last move")
		}
	}
	st := &state{
		set: set, seats: n, shape: standardBoard, decks: w.Decks, discards: w.Discards, slots: w.Slots,
		babies: w.Babies, round: w.Round, startSeat: w.StartSeat, firstSeat: w.FirstSeat, turn: w.Turn, step: w.Step,
		acted: w.Acted, ps: w.Players, rng: w.RNG, last: last,
	}
	// A state this package would never reach is refused, not played: a
	// game that waits for nobody, or for a seat with nothing to do, would
	// stand still for ever.
	active := st.Active()
	if (w.Step == stepOver) != (len(active) == 0) {
		return nil, errors.New("nobody to act in a game that goes on")
	}
	for _, seat := range active {
		if len(st.Legal(seat)) == 0 {
			return nil, fmt.Errorf("seat %d must act and can do nothing", seat)
		}
	}
	for p, pl := range st.ps {
		if _, waits := st.finishing(games.Seat(p)); pl.Step == "" && pl.Chosen != "" && !waits {
			return nil, fmt.Errorf("seat %d's card waits for nobody", p)
		}
	}
	return st, nil
}

// validPlayer checks what of a seat the card count does not: where its
// marker stands, its friends, its death and its children.
func validPlayer(set *cardSet, w wireState, pl player) error {
	switch {
	case pl.Col < -1 || pl.Col > standardBoard.columns || pl.Col >= 0 && (pl.Row < 0 || pl.Row >= standardBoard.rows):
		return errors.New("a marker off the board")
	case pl.Dead != (pl.DiedIn > 0) || pl.DiedIn > w.Round:
		return errors.New("bad death")
	case (len(pl.Children) > 0 || len(pl.Kept) > 0) && w.Step != stepChild:
		return errors.New("children outside their step")
	}
	for _, c := range pl.Friends {
		if c < 0 || c >= len(set.cards) {
			return fmt.Errorf("friend card %d unknown", c)
		}
	}
	return nil
}

// validTurnStep reports whether a seat may be at step: none outside a
// round, any turn step inside one.
func validTurnStep(step string, inRound bool) bool {
	switch step {
	case "":
		return true
	case stepCard, stepStand, stepDraw, stepAction, stepPay:
		return inRound
	}
	return false
}

// validPending reports whether a seat's pending development or
// friendship names a card that is there, with a cost that discards, as
// the pay step needs; the cards are known to be valid.
func validPending(set *cardSet, w wireState, pl player) bool {
	if (pl.Step == stepPay) != (pl.Pending != "") {
		return false
	}
	if pl.Pending == "" {
		return true
	}
	a, err := games.ParseAction(pl.Pending)
	if err != nil || len(a.Args) != 2 || w.Round < 1 {
		return false
	}
	col := phaseOf(w.Round) - 1
	switch a.Kind {
	case actFriend:
		q, i := a.Args[0], a.Args[1]
		return q >= 0 && q < len(w.Players) && i >= 0 && i < len(w.Players[q].Tableau[col]) && set.friendship[col].Discard > 0
	case actDevel:
		i, o := a.Args[0], a.Args[1]
		if i < 0 || i >= len(pl.Tableau[col]) {
			return false
		}
		costs := set.cards[pl.Tableau[col][i].Card].Costs
		return o >= 0 && o < len(costs) && costs[o].Discard > 0
	}
	return false
}

// validChosen reports whether a seat's choice of card is one it could
// have made: a hand card of the phase to play while it chooses where to
// stand, or, sealed, a card to take in a slot its stack reaches, a hand
// card to play and a row to stand on, or a row to move on to.
func validChosen(set *cardSet, w wireState, pl player) bool {
	if pl.Chosen == "" {
		return true
	}
	a, err := games.ParseAction(pl.Chosen)
	if err != nil || w.Step != stepRound || w.Round < 1 || pl.Row < 0 || pl.Row >= standardBoard.rows {
		return false
	}
	playable := func(i int) bool {
		return i >= 0 && i < len(pl.Hand) && set.cards[pl.Hand[i]].Phase == phaseOf(w.Round)
	}
	reaches := func(r int) bool { return slices.Contains(standardBoard.bars(pl.Row), r) }
	switch {
	case pl.Step == stepStand:
		return a.Kind == actPlay && len(a.Args) == 1 && playable(a.Args[0])
	case pl.Step != "":
		return false
	case a.Kind == actTake && len(a.Args) == 1:
		return reaches(a.Args[0]) && w.Slots[w.Round][a.Args[0]] >= 0
	case a.Kind == actPlay && len(a.Args) == 2:
		return playable(a.Args[0]) && reaches(a.Args[1])
	case a.Kind == actStand && len(a.Args) == 1:
		return reaches(a.Args[0])
	}
	return false
}

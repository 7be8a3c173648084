package thatslife

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
)

// version is the format written by MarshalBinary.
const version = 1

// wireState is the saved form of a state. Cards are saved by id, so the
// file reads on its own and does not depend on the order of deck.
type wireState struct {
	V       int           `json:"v"`
	Seats   int           `json:"seats"`
	Options games.Options `json:"options"`
	Course  []wireSpot    `json:"course"`
	Taken   [][]string    `json:"taken"`
	Lifted  []int         `json:"lifted,omitempty"`
	Locked  string        `json:"locked,omitempty"`
	Turn    int           `json:"turn"`
	Roll    int           `json:"roll"`
	Over    bool          `json:"over,omitempty"`
	Last    *wireLast     `json:"last,omitempty"`
	RNG     *games.RNG    `json:"rng"`
}

// wireLast is what the last move changed: card ids, "" for none.
type wireLast struct {
	To   string `json:"to"`
	Took string `json:"took,omitempty"`
}

type wireSpot struct {
	Card string `json:"card"`
	// Figures holds one count per seat; omitted when the card has none.
	Figures  []int `json:"figures,omitempty"`
	Guards   int   `json:"guards,omitempty"`
	Recycled bool  `json:"recycled,omitempty"`
}

// MarshalBinary implements games.State. It writes the JSON form of
// wireState by hand, field by field in declaration order, because states
// are saved after every move; Decode reads it back with encoding/json.
func (s *state) MarshalBinary() ([]byte, error) {
	rng, err := s.rng.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 1024)
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"seats":`...)
	b = strconv.AppendInt(b, int64(s.seats), 10)
	b = append(b, `,"options":{`...)
	keys := slices.Sorted(maps.Keys(s.opts))
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendString(b, s.opts[k])
	}
	b = append(b, `},"course":[`...)
	for i, sp := range s.course {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"card":`...)
		b = appendString(b, deck[sp.card].ID)
		if sp.figures() > 0 {
			b = append(b, `,"figures":`...)
			b = appendInts(b, sp.figs[:s.seats])
		}
		if sp.guards > 0 {
			b = append(b, `,"guards":`...)
			b = strconv.AppendInt(b, int64(sp.guards), 10)
		}
		if sp.recycled {
			b = append(b, `,"recycled":true`...)
		}
		b = append(b, '}')
	}
	b = append(b, `],"taken":[`...)
	for p, cards := range s.taken {
		if p > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for i, c := range cards {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, deck[c].ID)
		}
		b = append(b, ']')
	}
	b = append(b, ']')
	if slices.ContainsFunc(s.lifted, func(n int) bool { return n > 0 }) {
		b = append(b, `,"lifted":`...)
		b = appendInts(b, s.lifted)
	}
	if s.locked != noCard {
		b = append(b, `,"locked":`...)
		b = appendString(b, deck[s.locked].ID)
	}
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(s.turn), 10)
	b = append(b, `,"roll":`...)
	b = strconv.AppendInt(b, int64(s.roll), 10)
	if s.over {
		b = append(b, `,"over":true`...)
	}
	if s.lastTo != noCard {
		b = append(b, `,"last":{"to":`...)
		b = appendString(b, deck[s.lastTo].ID)
		if s.lastTook != noCard {
			b = append(b, `,"took":`...)
			b = appendString(b, deck[s.lastTook].ID)
		}
		b = append(b, '}')
	}
	b = append(b, `,"rng":`...)
	b = append(b, rng...)
	return append(b, '}'), nil
}

func appendInts(b []byte, ns []int) []byte {
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// appendString writes a JSON string. Everything written here is a card id
// or a resolved option, but any text is escaped correctly all the same.
func appendString(b []byte, s string) []byte {
	for _, r := range s {
		if r < 0x20 || r == '"' || r == '\\' || r >= utf8.RuneSelf {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Decode implements games.Game. It refuses other versions and any data
// that does not describe a reachable-looking position, so that a restored
// state keeps every invariant Apply relies on.
func (Game) Decode(data []byte) (games.State, error) {
	return games.DecodeState("thatslife", data, version, func(w wireState) (games.State, error) { return fromWire(w) })
}

func fromWire(w wireState) (*state, error) {
	opts, r, err := rulesFor(w.Seats, w.Options)
	if err != nil {
		return nil, err
	}
	if w.RNG == nil {
		return nil, errors.New("no generator")
	}
	s := &state{
		opts:     opts,
		rules:    r,
		seats:    w.Seats,
		taken:    make([][]int, w.Seats),
		lifted:   make([]int, w.Seats),
		locked:   noCard,
		lastTo:   noCard,
		lastTook: noCard,
		turn:     games.Seat(w.Turn),
		roll:     w.Roll,
		over:     w.Over,
		rng:      w.RNG,
	}
	seen := make([]bool, len(deck))
	card := func(id string) (int, error) {
		c, ok := cardByID(id)
		if !ok {
			return 0, fmt.Errorf("unknown card %q", id)
		}
		if seen[c] {
			return 0, fmt.Errorf("card %s appears twice", id)
		}
		seen[c] = true
		return c, nil
	}
	if len(w.Course) < 2 {
		return nil, errors.New("course too short")
	}
	var figs [maxSeats]int
	guards := 0
	for i, ws := range w.Course {
		c, err := card(ws.Card)
		if err != nil {
			return nil, err
		}
		edge := i == 0 || i == len(w.Course)-1
		switch {
		case i == 0 && c != startCard, i == len(w.Course)-1 && c != finishCard:
			return nil, errors.New("course must run from start to finish")
		case !edge && (c == startCard || c == finishCard):
			return nil, errors.New("start or finish inside the course")
		case ws.Guards < 0 || ws.Guards > numGuards:
			return nil, errors.New("bad guard count")
		case c == finishCard && ws.Guards > 0:
			return nil, errors.New("guards on finish")
		case ws.Recycled && (edge || !r.recycle):
			return nil, errors.New("unexpected recycled card")
		case ws.Figures != nil && len(ws.Figures) != w.Seats:
			return nil, errors.New("figure counts do not match the seats")
		}
		sp := spot{card: c, guards: ws.Guards, recycled: ws.Recycled}
		for p, n := range ws.Figures {
			if n < 0 || n > r.figures {
				return nil, errors.New("bad figure count")
			}
			sp.figs[p] = n
			figs[p] += n
		}
		guards += ws.Guards
		s.course = append(s.course, sp)
	}
	if guards > numGuards {
		return nil, errors.New("too many guards")
	}
	if len(w.Taken) != w.Seats {
		return nil, errors.New("collections do not match the seats")
	}
	for p, ids := range w.Taken {
		for _, id := range ids {
			c, err := card(id)
			if err != nil {
				return nil, err
			}
			s.taken[p] = append(s.taken[p], c)
		}
	}
	if w.Lifted != nil && len(w.Lifted) != w.Seats {
		return nil, errors.New("lifted figures do not match the seats")
	}
	for p, n := range w.Lifted {
		if n < 0 || n > r.figures || (n > 0 && !w.Over) {
			return nil, errors.New("bad lifted figure count")
		}
		s.lifted[p] = n
	}
	for p := range w.Seats {
		if figs[p]+s.lifted[p] != r.figures {
			return nil, fmt.Errorf("seat %d has the wrong number of figures", p)
		}
	}
	if w.Locked != "" {
		c, ok := cardByID(w.Locked)
		if !ok || deck[c].Kind != Minus || !seen[c] || !r.endLast || !w.Over || inCourse(s.course, c) {
			return nil, errors.New("bad unconvertible card")
		}
		s.locked = c
	}
	if w.Last != nil {
		if err := s.restoreLast(*w.Last, seen); err != nil {
			return nil, err
		}
	}
	if w.Turn < 0 || w.Turn >= w.Seats {
		return nil, errors.New("turn out of range")
	}
	if err := s.checkRunning(); err != nil {
		return nil, err
	}
	return s, nil
}

// restoreLast reads what the last move changed: a card it stopped on that
// is still in the game, and a card it took that someone holds.
func (s *state) restoreLast(w wireLast, seen []bool) error {
	to, ok := cardByID(w.To)
	if !ok || !seen[to] {
		return errors.New("bad last move")
	}
	s.lastTo = to
	if w.Took == "" {
		return nil
	}
	took, ok := cardByID(w.Took)
	if !ok || !seen[took] || inCourse(s.course, took) {
		return errors.New("bad card taken by the last move")
	}
	s.lastTook = took
	return nil
}

func inCourse(course []spot, card int) bool {
	for _, sp := range course {
		if sp.card == card {
			return true
		}
	}
	return false
}

// checkRunning verifies the turn and die: a finished game has no roll; a
// running one has a roll, a seat to move that still has figures out, and
// has not met any end condition already.
func (s *state) checkRunning() error {
	if s.over {
		if s.roll != 0 {
			return errors.New("a finished game has no roll")
		}
		return nil
	}
	if s.roll < 1 || s.roll > 6 {
		return errors.New("roll out of range")
	}
	off := s.offFinish()
	if off == 0 || (s.rules.endLast && off == 1) {
		return errors.New("the game should be over")
	}
	if s.finished(int(s.turn)) {
		return errors.New("the seat to move has no figure out")
	}
	if s.rules.endFirst {
		for p := range s.seats {
			if s.finished(p) {
				return errors.New("the game should be over")
			}
		}
	}
	return nil
}

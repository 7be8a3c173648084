package thatslife

import (
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// noCard marks the absence of a card number.
const noCard = -1

// spot is one card of the course and the pieces standing on it.
type spot struct {
	card     int
	figs     [maxSeats]int
	guards   int
	recycled bool
}

// figures counts the figures of all colours on the spot.
func (sp *spot) figures() int {
	n := 0
	for _, f := range sp.figs {
		n += f
	}
	return n
}

// state is one game in progress. The course always starts with Start and
// ends with Finish; taken cards leave it.
type state struct {
	opts   games.Options
	rules  rules
	seats  int
	course []spot
	taken  [][]int // card numbers per seat, in the order taken
	// lifted counts, per seat, figures taken off the course together with a
	// card awarded at the end of a game (variants 4 and 5).
	lifted []int
	// locked is the card the variant 5 penalty gave, which no fortune may
	// turn, or noCard.
	locked int
	turn   games.Seat
	roll   int // the die of the seat to move; 0 once over
	over   bool
	// lastTo and lastTook are the card the last move's piece stopped on
	// and the card it took, or noCard, for the board to mark.
	lastTo, lastTook int
	rng              *games.RNG
}

// moveKind is what a move does.
type moveKind int

const (
	figForward moveKind = iota
	guardForward
	figBack
	guardBack
	stayPut
)

// kindNames are the Action kinds of the move kinds, in moveKind order.
var kindNames = [...]string{"fig", "guard", "fig_back", "guard_back", "stay"}

// move is one legal decision; from is an index into the course.
type move struct {
	kind moveKind
	from int
}

func (m move) isGuard() bool { return m.kind == guardForward || m.kind == guardBack }

// illegal refuses a move with the message of key.
func illegal(key string, args ...any) error {
	return games.Refuse(games.ErrIllegal, "%s", i18n.Msg(key, args...))
}

func (s *state) last() int { return len(s.course) - 1 }

// finished reports whether every figure of seat p is on Finish.
func (s *state) finished(p int) bool {
	return s.course[s.last()].figs[p] == s.rules.figures
}

// offFinish counts the figures of all colours still on the way.
func (s *state) offFinish() int {
	n := 0
	for i := range s.course[:s.last()] {
		n += s.course[i].figures()
	}
	return n
}

// target is the course index a move ends on.
func (s *state) target(m move) int {
	switch m.kind {
	case figForward, guardForward:
		return min(m.from+s.roll, s.last())
	case figBack, guardBack:
		return m.from - 1
	}
	return m.from
}

// moves lists the legal moves of the seat to move: its figures from the
// rear forward, then movable guards, then the variant 2 extras on a 1.
// Guards on one card are interchangeable, so a card gives one guard move.
func (s *state) moves() []move {
	if s.over {
		return nil
	}
	p, last := int(s.turn), s.last()
	var ms []move
	for i := range s.course[:last] {
		if s.course[i].figs[p] > 0 {
			ms = append(ms, move{figForward, i})
		}
	}
	for i := range s.course[:last] {
		if s.course[i].guards > 0 && s.course[i].figures() > 0 {
			ms = append(ms, move{guardForward, i})
		}
	}
	if !s.rules.back || s.roll != 1 {
		return ms
	}
	for i := 1; i < last; i++ {
		if s.course[i].figs[p] > 0 {
			ms = append(ms, move{figBack, i})
		}
	}
	for i := 1; i < last; i++ {
		if s.course[i].guards > 0 && s.course[i].figures() > 0 {
			ms = append(ms, move{guardBack, i})
		}
	}
	return append(ms, move{kind: stayPut})
}

// action is the wire form of a move: its kind and the card number it
// leaves from, so that it names a physical card rather than a position.
func (s *state) action(m move) games.Action {
	if m.kind == stayPut {
		return games.Action{Kind: kindNames[stayPut]}
	}
	return games.Action{Kind: kindNames[m.kind], Args: []int{s.course[m.from].card}}
}

// resolve turns an action of the seat to move into a move, or says why it
// is not allowed. It accepts exactly the actions of moves.
func (s *state) resolve(a games.Action) (move, error) {
	k := slices.Index(kindNames[:], a.Kind)
	if k < 0 {
		return move{}, illegal("thatslife.refuse.not_a_move")
	}
	m := move{kind: moveKind(k)}
	if m.kind == stayPut {
		if len(a.Args) != 0 {
			return move{}, illegal("thatslife.refuse.not_a_move")
		}
		if !s.rules.back || s.roll != 1 {
			return move{}, illegal("thatslife.refuse.stay")
		}
		return m, nil
	}
	if len(a.Args) != 1 || a.Args[0] < 0 || a.Args[0] >= len(deck) {
		return move{}, illegal("thatslife.refuse.not_a_move")
	}
	card := a.Args[0]
	m.from = slices.IndexFunc(s.course, func(sp spot) bool { return sp.card == card })
	if m.from < 0 {
		return move{}, illegal("thatslife.refuse.gone", "card", deck[card].Label())
	}
	sp, p := &s.course[m.from], int(s.turn)
	if m.from == s.last() {
		return move{}, illegal("thatslife.refuse.finish")
	}
	if (m.kind == figBack || m.kind == guardBack) && (!s.rules.back || s.roll != 1) {
		return move{}, illegal("thatslife.refuse.back")
	}
	if (m.kind == figBack || m.kind == guardBack) && m.from == 0 {
		return move{}, illegal("thatslife.refuse.behind_start")
	}
	if m.isGuard() {
		if sp.guards == 0 {
			return move{}, illegal("thatslife.refuse.no_guard", "card", s.spotName(m.from))
		}
		if sp.figures() == 0 {
			return move{}, illegal("thatslife.refuse.guard_alone")
		}
		return m, nil
	}
	if sp.figs[p] == 0 {
		return move{}, illegal("thatslife.refuse.no_figure", "card", s.spotName(m.from))
	}
	return m, nil
}

// spotName is how buttons name a course position: the card's face, with
// its mark when another card on the course shows the same face ("A−3",
// "★2"). Marks belong to cards, so a name never shifts as cards leave.
func (s *state) spotName(i int) string {
	c := deck[s.course[i].card]
	for j := range s.course {
		if o := deck[s.course[j].card]; j != i && o.Kind == c.Kind && o.Value == c.Value {
			return markedName(c)
		}
	}
	return c.Label()
}

// markedName is a card's face with its mark, as the board prints it.
func markedName(c Card) string {
	if c.Kind == Minus {
		return c.Mark() + c.Label()
	}
	return c.Label() + c.Mark()
}

// moveWords are the catalog keys of a move kind's words: its button and
// its log line, and for a figure move the button and the log line that
// say it takes the card it leaves.
type moveWords struct {
	label, event, takeLabel, takeEvent string
}

var wordsOf = [...]moveWords{
	figForward: {"thatslife.move.figure.label", "thatslife.event.figure",
		"thatslife.move.figure_take.label", "thatslife.event.figure_take"},
	guardForward: {label: "thatslife.move.guard.label", event: "thatslife.event.guard"},
	figBack: {"thatslife.move.figure_back.label", "thatslife.event.figure_back",
		"thatslife.move.figure_back_take.label", "thatslife.event.figure_back_take"},
	guardBack: {label: "thatslife.move.guard_back.label", event: "thatslife.event.guard_back"},
	stayPut:   {label: "thatslife.move.stay.label", event: "thatslife.event.stay"},
}

// label is the button text of a move.
func (s *state) label(m move) string {
	if m.kind == stayPut {
		return i18n.Msg(wordsOf[stayPut].label)
	}
	from, to := s.spotName(m.from), s.spotName(s.target(m))
	if s.collects(m) {
		return i18n.Msg(wordsOf[m.kind].takeLabel, "from", from, "to", to, "card", deck[s.course[m.from].card].Label())
	}
	return i18n.Msg(wordsOf[m.kind].label, "from", from, "to", to)
}

// collects reports whether a figure move takes the card it leaves: a route
// card left with no piece at all.
func (s *state) collects(m move) bool {
	if m.isGuard() || m.kind == stayPut || m.from == 0 {
		return false
	}
	sp := &s.course[m.from]
	return sp.guards == 0 && sp.figures() == 1
}

// Active implements games.State.
func (s *state) Active() []games.Seat {
	if s.over {
		return nil
	}
	return []games.Seat{s.turn}
}

// Legal implements games.State.
func (s *state) Legal(seat games.Seat) []games.Choice {
	if s.over || seat != s.turn {
		return nil
	}
	ms := s.moves()
	cs := make([]games.Choice, len(ms))
	for i, m := range ms {
		cs[i] = games.Choice{Action: s.action(m), Label: s.label(m)}
	}
	return cs
}

// Apply implements games.State.
func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.over {
		return nil, games.Refuse(games.ErrOver, "%s", i18n.Msg("thatslife.refuse.over"))
	}
	if seat != s.turn {
		return nil, games.Refuse(games.ErrNotYourTurn, "%s", i18n.Msg("thatslife.refuse.not_your_turn"))
	}
	m, err := s.resolve(a)
	if err != nil {
		return nil, err
	}
	o := s.perform(m)
	ev := s.narrate(o)
	if !s.over {
		s.nextTurn()
		ev = append(ev, games.Event{Text: i18n.Msg("thatslife.event.rolled", "who", games.SeatRef(s.turn), "roll", s.roll)})
	}
	return ev, nil
}

// take records a card awarded to a seat.
type take struct {
	seat int
	card int
}

// outcome records what a move did, for narration.
type outcome struct {
	seat     int
	m        move
	from, to int // card numbers
	took     int // card the mover collected, or noCard
	home     bool
	ended    bool
	endTakes []take
	locked   bool  // endTakes holds the variant 5 penalty
	recycled []int // cards sent to the end of the course
	dropped  []int // recycled cards that left the course unscored
}

// perform carries out a resolved move: moving, collecting, the end checks
// and recycling. It does not pass the turn.
func (s *state) perform(m move) outcome {
	p := int(s.turn)
	o := outcome{seat: p, m: m, took: noCard}
	s.lastTo, s.lastTook = noCard, noCard
	if m.kind == stayPut {
		return o
	}
	to, last := s.target(m), s.last()
	o.from, o.to = s.course[m.from].card, s.course[to].card
	s.lastTo = o.to
	if m.isGuard() {
		// A guard leaves only a card that holds a figure, so it never
		// empties one and never collects. Guards on Finish leave play.
		s.course[m.from].guards--
		if to != last {
			s.course[to].guards++
		}
	} else {
		takes := s.collects(m)
		s.course[m.from].figs[p]--
		s.course[to].figs[p]++
		o.home = to == last && s.finished(p)
		if takes {
			o.took = o.from
			s.lastTook = o.from
			s.taken[p] = append(s.taken[p], o.from)
			s.course = slices.Delete(s.course, m.from, m.from+1)
		}
	}
	s.checkEnd(&o)
	if !s.over && s.rules.recycle {
		s.recycle(&o)
	}
	return o
}

// checkEnd ends the game when the base rule or an end variant says so.
func (s *state) checkEnd(o *outcome) {
	off := s.offFinish()
	switch {
	case off == 0:
	case s.rules.endFirst && o.home:
		s.awardSoleOccupants(o)
	case s.rules.endLast && off == 1:
		s.awardLastOut(o)
	default:
		return
	}
	s.over, s.roll, o.ended = true, 0, true
}

// awardSoleOccupants gives each route card whose only pieces are figures
// of one seat to that seat (variant 4). It filters the course in place:
// kept never grows past the spot being read.
func (s *state) awardSoleOccupants(o *outcome) {
	kept := s.course[:1]
	for _, sp := range s.course[1:s.last()] {
		owner := noCard
		for p := range s.seats {
			if sp.figs[p] > 0 {
				if owner != noCard {
					owner = noCard
					break
				}
				owner = p
			}
		}
		if sp.guards > 0 || owner == noCard {
			kept = append(kept, sp)
			continue
		}
		s.taken[owner] = append(s.taken[owner], sp.card)
		s.lifted[owner] += sp.figs[owner]
		o.endTakes = append(o.endTakes, take{owner, sp.card})
	}
	s.course = append(kept, s.course[s.last()])
}

// awardLastOut gives the owner of the one figure left on the course the
// largest unguarded minus card still there, which no fortune may turn
// (variant 5). Between equal cards the one nearer Start goes.
func (s *state) awardLastOut(o *outcome) {
	owner := noCard
	for i := range s.course[:s.last()] {
		for p := range s.seats {
			if s.course[i].figs[p] > 0 {
				owner = p
			}
		}
	}
	best := noCard
	for i := 1; i < s.last(); i++ {
		c := deck[s.course[i].card]
		if c.Kind == Minus && s.course[i].guards == 0 && (best == noCard || c.Value < deck[s.course[best].card].Value) {
			best = i
		}
	}
	if best == noCard {
		return
	}
	sp := s.course[best]
	s.taken[owner] = append(s.taken[owner], sp.card)
	s.lifted[owner] += sp.figs[owner]
	s.locked = sp.card
	s.course = slices.Delete(s.course, best, best+1)
	o.endTakes = append(o.endTakes, take{owner, sp.card})
	o.locked = true
}

// recycle sends the route cards behind the rearmost figure to just before
// Finish, keeping their order and guards; a card already recycled once
// leaves the course unscored instead (variant 3).
func (s *state) recycle(o *outcome) {
	rear := 0
	for rear < s.last() && s.course[rear].figures() == 0 {
		rear++
	}
	if rear <= 1 || rear == s.last() {
		return
	}
	var moved []spot
	for _, sp := range s.course[1:rear] {
		if sp.recycled {
			o.dropped = append(o.dropped, sp.card)
			continue
		}
		sp.recycled = true
		moved = append(moved, sp)
		o.recycled = append(o.recycled, sp.card)
	}
	course := make([]spot, 0, len(s.course)-rear+1+len(moved))
	course = append(course, s.course[0])
	course = append(course, s.course[rear:s.last()]...)
	course = append(course, moved...)
	s.course = append(course, s.course[s.last()])
}

// nextTurn passes the die to the next seat in order that still has a
// figure on the way, and rolls for it.
func (s *state) nextTurn() {
	for k := 1; k <= s.seats; k++ {
		p := (int(s.turn) + k) % s.seats
		if !s.finished(p) {
			s.turn = games.Seat(p)
			break
		}
	}
	s.roll = s.rng.Die()
}

// narrate puts an outcome into words. A guard that reaches Finish leaves
// play, which its line says.
func (s *state) narrate(o outcome) []games.Event {
	who := games.SeatRef(games.Seat(o.seat))
	from, to := deck[o.from].Label(), deck[o.to].Label()
	var text string
	switch {
	case o.m.kind == stayPut:
		text = i18n.Msg(wordsOf[stayPut].event, "who", who)
	case o.took != noCard:
		text = i18n.Msg(wordsOf[o.m.kind].takeEvent, "who", who, "from", from, "to", to, "card", deck[o.took].Label())
	case o.m.isGuard() && o.to == finishCard:
		text = i18n.Msg("thatslife.event.guard_out", "who", who, "from", from, "to", to)
	default:
		text = i18n.Msg(wordsOf[o.m.kind].event, "who", who, "from", from, "to", to)
	}
	ev := []games.Event{{Text: text}}
	if o.home {
		ev = append(ev, games.Event{Text: i18n.Msg("thatslife.event.home", "who", who)})
	}
	if len(o.recycled) > 0 {
		ev = append(ev, games.Event{Text: i18n.Msg("thatslife.event.recycled", "cards", cardList(o.recycled), "n", len(o.recycled))})
	}
	if len(o.dropped) > 0 {
		ev = append(ev, games.Event{Text: i18n.Msg("thatslife.event.dropped", "cards", cardList(o.dropped), "n", len(o.dropped))})
	}
	for _, t := range o.endTakes {
		key := "thatslife.event.sole"
		if o.locked {
			key = "thatslife.event.last_out"
		}
		ev = append(ev, games.Event{Text: i18n.Msg(key, "who", games.SeatRef(games.Seat(t.seat)), "card", deck[t.card].Label())})
	}
	if o.ended {
		ev = append(ev, games.Event{Text: s.finalWords()})
	}
	return ev
}

// cardList writes the faces of route cards, which are signs in every
// language: "−2, −3".
func cardList(cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = deck[c].Label()
	}
	return strings.Join(names, ", ")
}

// finalWords announces the winners.
func (s *state) finalWords() string {
	r := s.Result()
	var refs []string
	best := 0
	for _, w := range r.Winners() {
		refs = append(refs, games.SeatRef(w))
		best = r.Scores[w]
	}
	if len(refs) == 1 {
		return i18n.Msg("thatslife.event.win", "who", refs[0], "score", best)
	}
	return i18n.Msg("thatslife.event.share", "who", i18n.List(refs...), "score", best)
}

// Prompt implements games.State.
func (s *state) Prompt() string {
	if s.over {
		return i18n.Msg("thatslife.prompt.over")
	}
	if s.rules.back && s.roll == 1 {
		return i18n.Msg("thatslife.prompt.roll_one", "who", games.SeatRef(s.turn))
	}
	return i18n.Msg("thatslife.prompt.roll", "who", games.SeatRef(s.turn), "roll", s.roll)
}

// PromptTo implements games.Addresser.
func (s *state) PromptTo(games.Seat) string {
	if s.over {
		return i18n.Msg("thatslife.prompt.over")
	}
	if s.rules.back && s.roll == 1 {
		return i18n.Msg("thatslife.prompt_to.roll_one")
	}
	return i18n.Msg("thatslife.prompt_to.roll", "roll", s.roll)
}

// View implements games.State: a View value, the same for every seat.
func (s *state) View(games.Seat) any {
	v := View{
		Spots:   make([]Spot, len(s.course)),
		Players: make([]PlayerView, s.seats),
		Turn:    s.turn,
		Roll:    s.roll,
		Over:    s.over,
		Result:  s.Result(),
		Options: games.Describe(schema(), s.opts),
	}
	if s.lastTo != noCard {
		v.Last = &LastMove{To: deck[s.lastTo].ID}
		if s.lastTook != noCard {
			v.Last.Took = deck[s.lastTook].ID
		}
	}
	for i, sp := range s.course {
		v.Spots[i] = Spot{
			Card:     deck[sp.card],
			Figures:  slices.Clone(sp.figs[:s.seats]),
			Guards:   sp.guards,
			Recycled: sp.recycled,
		}
	}
	for p := range s.seats {
		pv := PlayerView{
			Colour:    Colour(p),
			Figures:   s.rules.figures,
			Home:      s.course[s.last()].figs[p],
			Collected: make([]Card, len(s.taken[p])),
			Score:     v.Result.Scores[p],
			Finished:  s.finished(p),
		}
		for i, c := range s.taken[p] {
			pv.Collected[i] = deck[c]
			if c == s.locked {
				pv.Unconvertible = append(pv.Unconvertible, deck[c].ID)
			}
		}
		v.Players[p] = pv
	}
	return v
}

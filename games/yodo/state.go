package yodo

import (
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Action kinds.
const (
	actCard = "card" // card.i: take hand card i to play
	actPlay = "play" // play.e: play the taken card on event e
	actBack = "back" // put the taken card back and choose again
	actBury = "bury" // bury.i: nothing is playable; hand card i goes under the deck
)

// pointsFor is what each fate on a winning card gains, by how many fates
// the card shows (RULINGS 4.2.8).
var pointsFor = [4]int{0, 6, 3, 1}

// memory is one life event on the board.
type memory struct {
	// event is the event's index in the content, in life order.
	event int
	// stack holds the cards played on it, the oldest first.
	stack  []card
	locked bool
}

// top is the card on top of the memory, or -1.
func (m *memory) top() card {
	if len(m.stack) == 0 {
		return -1
	}
	return m.stack[len(m.stack)-1]
}

// state is a game in progress. Seats own fates; the board holds the
// memories in life order, the one nearest birth first; heartbeats lock
// them from the end nearest death.
type state struct {
	c            *content
	hiddenScores bool
	seats        int
	fate         []int // per seat
	hands        [][]card
	decks        [][]card // top first
	board        []memory
	locked       int // memories locked so far, from the death end
	turn         games.Seat
	first        games.Seat // who moved first
	// taken is the hand index of the card the seat on turn chose to play,
	// -1 while it has not chosen.
	taken  int
	points [numFates]int
	over   bool
	rng    *games.RNG
	// fresh lists the memories the last play or burial changed: the one
	// played on, then each one its heartbeats set.
	fresh []int

	// What the game's measures need (Stats).
	turns   []int
	chain   int // events locked by the draw chain under way
	cascade int // events locked by the chain that ended the game
	// notes holds each seat's recent private lines.
	notes [][]string
}

// recentNotes is how many private lines a seat's view keeps.
const recentNotes = 6

func (s *state) Active() []games.Seat {
	if s.over {
		return nil
	}
	return []games.Seat{s.turn}
}

// playable lists the memories card x may be played on: any unlocked one
// that is empty, or whose top card shares a fate with x (RULINGS 4.2.6).
func (s *state) playable(x card) []int {
	var out []int
	for i := range s.board {
		m := &s.board[i]
		if m.locked {
			continue
		}
		if t := m.top(); t < 0 || s.c.shares(x, t) {
			out = append(out, i)
		}
	}
	return out
}

// options lists the hand cards a choice is offered for, one of each kind:
// two cards showing the same fates play alike, so one stands for both.
// With playableOnly, cards with nowhere to go are left out.
func (s *state) options(seat games.Seat, playableOnly bool) []int {
	var out []int
	seen := map[string]bool{}
	for i, x := range s.hands[seat] {
		key := fmt.Sprint(s.c.symbols[x])
		if seen[key] || playableOnly && len(s.playable(x)) == 0 {
			continue
		}
		seen[key] = true
		out = append(out, i)
	}
	return out
}

func (s *state) Legal(seat games.Seat) []games.Choice {
	if s.over || seat != s.turn {
		return nil
	}
	var out []games.Choice
	if s.taken >= 0 {
		x := s.hands[seat][s.taken]
		for _, i := range s.playable(x) {
			out = append(out, games.Choice{Action: games.Action{Kind: actPlay, Args: []int{i}}, Label: s.placeLabel(i)})
		}
		if len(s.options(seat, true)) > 1 {
			out = append(out, games.Choice{Action: games.Action{Kind: actBack}, Label: i18n.Msg("yodo.choice.another.label")})
		}
		return out
	}
	playable := s.options(seat, true)
	for _, i := range playable {
		x := s.hands[seat][i]
		out = append(out, games.Choice{Action: games.Action{Kind: actCard, Args: []int{i}},
			Label: i18n.Msg("yodo.choice.play.label", "card", s.c.glyphs(x), "fits", Fits(len(s.playable(x))))})
	}
	if len(playable) == 0 {
		for _, i := range s.options(seat, false) {
			out = append(out, games.Choice{Action: games.Action{Kind: actBury, Args: []int{i}},
				Label: i18n.Msg("yodo.choice.bury.label", "card", s.c.glyphs(s.hands[seat][i]))})
		}
	}
	return out
}

// Fits says how many memories a card may be played on, in the words the
// buttons and the boards share: "fits 3 memories", "fits nowhere", as a
// message.
func Fits(n int) string {
	if n == 0 {
		return i18n.Msg("yodo.hand.fits_nowhere")
	}
	return i18n.Msg("yodo.hand.fits", "n", n)
}

// placeLabel names a memory as a place to play: empty, or whose card the
// play would cover.
func (s *state) placeLabel(i int) string {
	m := &s.board[i]
	if t := m.top(); t >= 0 {
		return i18n.Msg("yodo.choice.cover.label", "memory", s.c.title(m.event), "card", s.c.glyphs(t))
	}
	return i18n.Msg("yodo.choice.empty.label", "memory", s.c.title(m.event))
}

func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.over {
		return nil, games.ErrOver
	}
	if seat != s.turn {
		return nil, games.ErrNotYourTurn
	}
	if !games.IsLegal(s, seat, a) {
		return nil, s.refusal(seat, a)
	}
	var ev []games.Event
	switch a.Kind {
	case actCard:
		s.taken = a.Args[0]
	case actBack:
		s.taken = -1
	case actPlay:
		s.play(seat, a.Args[0], &ev)
	case actBury:
		s.bury(seat, a.Args[0], &ev)
	}
	return ev, nil
}

// refusal explains why an action is not legal now.
func (s *state) refusal(seat games.Seat, a games.Action) error {
	why := "not_a_move"
	switch {
	case a.Kind == actPlay && s.taken < 0:
		why = "choose_first"
	case a.Kind == actPlay:
		why = "not_there"
	case (a.Kind == actCard || a.Kind == actBury) && s.taken >= 0:
		why = "already_chosen"
	case a.Kind == actBury && len(s.options(seat, true)) > 0:
		why = "can_play"
	case a.Kind == actCard:
		why = "nowhere"
	}
	return games.Refuse(games.ErrIllegal, "%s", i18n.Msg("yodo.refuse."+why))
}

// play puts the taken card on memory i, then draws and passes the turn.
func (s *state) play(seat games.Seat, i int, ev *[]games.Event) {
	hand := s.hands[seat]
	x := hand[s.taken]
	s.hands[seat] = slices.Delete(hand, s.taken, s.taken+1)
	m := &s.board[i]
	s.fresh = []int{i}
	title := s.c.title(m.event)
	if t := m.top(); t >= 0 {
		*ev = append(*ev, games.Event{Text: i18n.Msg("yodo.event.rewrote", "who", games.SeatRef(seat), "memory", title, "card", s.c.glyphs(x), "under", s.c.glyphs(t))})
	} else {
		*ev = append(*ev, games.Event{Text: i18n.Msg("yodo.event.played", "who", games.SeatRef(seat), "card", s.c.glyphs(x), "memory", title)})
	}
	m.stack = append(m.stack, x)
	s.endTurn(seat, ev)
}

// bury puts hand card i under the seat's deck when nothing is playable
// (RULINGS 4.2.10), then draws and passes the turn.
func (s *state) bury(seat games.Seat, i int, ev *[]games.Event) {
	hand := s.hands[seat]
	x := hand[i]
	s.hands[seat] = slices.Delete(hand, i, i+1)
	s.decks[seat] = append(s.decks[seat], x)
	s.fresh = nil
	*ev = append(*ev, games.Event{Text: i18n.Msg("yodo.event.buried", "who", games.SeatRef(seat))})
	s.note(seat, i18n.Msg("yodo.note.buried", "fates", s.c.plainNames(s.c.symbols[x])))
	s.endTurn(seat, ev)
}

func (s *state) endTurn(seat games.Seat, ev *[]games.Event) {
	s.taken = -1
	s.turns[seat]++
	s.draw(seat, ev)
	if !s.over {
		s.turn = (seat + 1) % games.Seat(s.seats)
	}
}

// draw takes the top card of the seat's deck. A heartbeat locks a memory,
// the whole deck is shuffled with it, and the seat draws again, until a
// fate card comes or the last memory is locked (RULINGS 4.2.5, 4.2.11).
func (s *state) draw(seat games.Seat, ev *[]games.Event) {
	s.chain = 0
	for !s.over {
		deck := s.decks[seat]
		x := deck[0]
		s.decks[seat] = deck[1:]
		if !x.heartbeat() {
			s.hands[seat] = append(s.hands[seat], x)
			s.note(seat, i18n.Msg("yodo.note.drew", "fates", s.c.plainNames(s.c.symbols[x])))
			return
		}
		s.lock(seat, ev)
		s.decks[seat] = append(s.decks[seat], x)
		if !s.over {
			s.shuffle(seat)
		}
	}
}

// shuffle shuffles a seat's whole deck.
func (s *state) shuffle(seat games.Seat) {
	d := s.decks[seat]
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// lock sets the unlocked memory nearest death: its top card wins and
// scores, the cards beneath go back under their owners' decks, oldest
// first (RULINGS 4.2.7–4.2.9).
func (s *state) lock(drawer games.Seat, ev *[]games.Event) {
	i := len(s.board) - 1 - s.locked
	m := &s.board[i]
	m.locked = true
	s.locked++
	s.fresh = append(s.fresh, i)
	s.chain++
	title := s.c.title(m.event)
	beat := i18n.Msg("yodo.event.heartbeat", "who", games.SeatRef(drawer))
	if s.locked == len(s.board) {
		beat = i18n.Msg("yodo.event.last_heartbeat")
	}
	t := m.top()
	if t < 0 {
		*ev = append(*ev, games.Event{Text: i18n.Msg("yodo.event.forgotten", "beat", beat, "memory", title)})
	} else {
		fs := s.c.symbols[t]
		each := pointsFor[len(fs)]
		for _, f := range fs {
			s.points[f] += each
		}
		key := "yodo.event.set_each"
		switch {
		case s.hiddenScores:
			key = "yodo.event.set_hidden"
		case len(fs) == 1:
			key = "yodo.event.set"
		}
		*ev = append(*ev, games.Event{Text: i18n.Msg(key, "beat", beat, "memory", title, "fates", s.c.names(fs), "points", each)})
		for _, under := range m.stack[:len(m.stack)-1] {
			owner := s.owner(under.fate())
			s.decks[owner] = append(s.decks[owner], under)
		}
		m.stack = m.stack[len(m.stack)-1:]
	}
	if s.locked == len(s.board) {
		s.over = true
		s.cascade = s.chain
		*ev = append(*ev, games.Event{Text: s.finalLine()})
	}
}

// owner is the seat serving a fate; cards only come from seats' decks.
func (s *state) owner(fate int) games.Seat {
	for seat, f := range s.fate {
		if f == fate {
			return games.Seat(seat)
		}
	}
	panic(fmt.Sprintf("yodo: no seat serves fate %d", fate))
}

func (s *state) note(seat games.Seat, line string) {
	n := append(s.notes[seat], line)
	if len(n) > recentNotes {
		n = n[len(n)-recentNotes:]
	}
	s.notes[seat] = n
}

func (s *state) Prompt() string {
	if s.over {
		return i18n.Msg("yodo.prompt.over")
	}
	if s.taken >= 0 {
		return i18n.Msg("yodo.prompt.choosing_place", "who", games.SeatRef(s.turn))
	}
	return i18n.Msg("yodo.prompt.choosing_card", "who", games.SeatRef(s.turn))
}

// PromptTo implements games.Addresser.
func (s *state) PromptTo(games.Seat) string {
	if s.over {
		return s.Prompt()
	}
	if s.taken >= 0 {
		return i18n.Msg("yodo.prompt.place")
	}
	if len(s.options(s.turn, true)) == 0 {
		return i18n.Msg("yodo.prompt.bury")
	}
	return i18n.Msg("yodo.prompt.card")
}

// Result scores each seat by its fate's points; ties go to the most
// memories won, then the most won alone (RULINGS 4.2.13).
func (s *state) Result() games.Result {
	n := s.seats
	r := games.Result{Over: s.over, Scores: make([]int, n), Detail: make([]string, n)}
	memories, alone := make([]int, n), make([]int, n)
	won := s.won()
	for seat, f := range s.fate {
		r.Scores[seat] = s.points[f]
		memories[seat], alone[seat] = won[f][0], won[f][1]
		r.Detail[seat] = i18n.Msg("yodo.result.detail", "fate", s.c.fateName(f), "n", memories[seat], "alone", alone[seat])
	}
	r.Rank = games.RankByScore(r.Scores, memories, alone)
	return r
}

// won counts, per fate, the locked memories whose card shows it, and of
// those the ones it won alone.
func (s *state) won() [numFates][2]int {
	var out [numFates][2]int
	for _, m := range s.board {
		if !m.locked || len(m.stack) == 0 {
			continue
		}
		fs := s.c.symbols[m.top()]
		for _, f := range fs {
			out[f][0]++
			if len(fs) == 1 {
				out[f][1]++
			}
		}
	}
	return out
}

func (s *state) finalLine() string {
	r := s.Result()
	var who []string
	for _, w := range r.Winners() {
		f := s.fate[w]
		who = append(who, i18n.Msg("yodo.event.winner", "who", games.SeatRef(w), "emoji", s.c.fates[f].Emoji, "fate", s.c.fateName(f)))
	}
	key := "yodo.event.won"
	if len(who) > 1 {
		key = "yodo.event.won_shared"
	}
	return i18n.Msg(key, "winners", i18n.List(who...), "n", r.Scores[r.Winners()[0]])
}

// Content implements games.Versioned.
func (s *state) Content() string { return s.c.version }

// Stats implements games.Reporter: turns per seat and the final cascade.
func (s *state) Stats() []games.Stat {
	total := 0
	for _, t := range s.turns {
		total += t
	}
	forgotten := 0
	for _, m := range s.board {
		if len(m.stack) == 0 {
			forgotten++
		}
	}
	return []games.Stat{
		{Name: "turns per seat", Value: float64(total) / float64(s.seats)},
		{Name: "memories set by the final cascade", Value: float64(s.cascade)},
		{Name: "memories forgotten", Value: float64(forgotten)},
		{Name: "share of wins to the first to move", Value: s.firstShare()},
	}
}

// firstShare is the first mover's share of the win: 1 alone, split on a
// shared win, 0 otherwise.
func (s *state) firstShare() float64 {
	if !s.over {
		return 0
	}
	w := s.Result().Winners()
	for _, seat := range w {
		if seat == s.first {
			return 1 / float64(len(w))
		}
	}
	return 0
}

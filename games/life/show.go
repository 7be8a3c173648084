package life

import (
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Prompt implements games.State. It is public, so it never says that the
// seat to play holds a joker: the table only sees a turn about to start.
func (s *state) Prompt() string {
	switch s.phase {
	case phaseOver:
		return i18n.Msg("life.prompt.over")
	case phaseSuit:
		refs := make([]string, 0, s.seats)
		for _, p := range s.Active() {
			refs = append(refs, ref(p))
		}
		return i18n.Msg("life.prompt.suits", "who", strings.Join(refs, ", "))
	case phaseJoker:
		return i18n.Msg("life.prompt.starting", "who", ref(s.turn))
	case phaseLay:
		c := cards[s.turned]
		return i18n.Msg("life.prompt.lay", "who", ref(s.turn), "card", c.Name(), "suit", c.Suit.Name())
	case phaseSteal:
		return i18n.Msg("life.prompt.steal", "who", ref(s.turn))
	case phaseTake:
		return i18n.Msg("life.prompt.take", "who", ref(s.thief), "victim", ref(s.victim))
	case phasePos:
		return i18n.Msg("life.prompt.pos", "who", ref(s.thief), "victim", ref(s.victim))
	}
	return i18n.Msg("life.prompt.react", "who", ref(s.thief), "victim", ref(s.victim))
}

// PromptTo implements games.Addresser. It is private to the seat that
// acts, so it may say what only that seat knows: that it may play a joker.
func (s *state) PromptTo(games.Seat) string {
	switch s.phase {
	case phaseOver:
		return i18n.Msg("life.prompt.over")
	case phaseSuit:
		return i18n.Msg("life.prompt_to.suit")
	case phaseJoker:
		return i18n.Msg("life.prompt_to.joker")
	case phaseLay:
		c := cards[s.turned]
		return i18n.Msg("life.prompt_to.lay", "card", c.Name(), "suit", c.Suit.Name())
	case phaseSteal:
		return i18n.Msg("life.prompt_to.steal")
	case phaseTake:
		return i18n.Msg("life.prompt_to.take", "victim", ref(s.victim))
	case phasePos:
		return i18n.Msg("life.prompt_to.pos", "victim", ref(s.victim))
	}
	return i18n.Msg("life.prompt_to.react", "victim", ref(s.victim))
}

// step names the phase for captions. The joker decision shows as "turn"
// to everyone but the seat to play, and choosing a stolen card as "steal"
// to everyone but the thief, who is told what its buttons offer: "take"
// a face-up card or pick a position, "pos".
func (s *state) step(viewer games.Seat) string {
	switch s.phase {
	case phaseJoker:
		if viewer != s.turn {
			return "turn"
		}
	case phaseTake, phasePos:
		if viewer != s.thief {
			return "steal"
		}
	}
	return phaseNames[s.phase]
}

// View implements games.State: a View value. A seat sees its own hand,
// its own sealed suit and its private notes; games.Observer, and any seat
// number that is not at the table, gets the public view.
func (s *state) View(seat games.Seat) any {
	if seat < 0 || int(seat) >= s.seats {
		seat = games.Observer
	}
	v := View{
		Seat:     seat,
		Seats:    make([]SeatView, s.seats),
		DeckSize: len(s.deck),
		Turn:     s.turn,
		Active:   s.Active(),
		Step:     s.step(seat),
		HandNo:   s.handNo,
		Target:   s.rules.target,
		Over:     s.phase == phaseOver,
		Result:   s.Result(),
		Options:  games.Describe(schema(), s.opts),
	}
	if v.Active == nil {
		v.Active = []games.Seat{}
	}
	if seat != games.Observer {
		v.Hand = toCards(s.hands[seat])
		v.Notes = append([]string{}, s.notes[seat]...)
		v.FreshHand = toCards(s.movedAt(int(seat)).hand)
	}
	if s.turned != noCard {
		c := cards[s.turned]
		v.Turned = &c
	}
	if len(s.discard) > 0 {
		c := cards[s.discard[len(s.discard)-1]]
		v.DiscardTop = &c
	}
	revealed := s.phase != phaseSuit
	for p := range s.seats {
		sv := SeatView{
			Suit:       NoSuit,
			Chosen:     s.suit[p] != NoSuit,
			HandSize:   len(s.hands[p]),
			FaceUp:     toCards(s.up[p]),
			Bank:       toCards(s.bank[p]),
			Total2:     s.total2[p],
			HandScore2: s.tableScore2(p),
			Dealer:     games.Seat(p) == s.dealer,
			Fresh:      toCards(s.movedAt(p).table),
			HandMoved:  s.movedAt(p).handMoved,
		}
		if n := len(s.history[p]); n > 0 {
			sv.LastHand2 = s.history[p][n-1]
		}
		if revealed || (games.Seat(p) == seat && sv.Chosen) {
			sv.Suit, sv.SuitShown = s.suit[p], true
		}
		v.Seats[p] = sv
	}
	if v.Over && s.rules.fortune {
		v.Fortune = make([]string, s.seats)
		for p := range s.seats {
			v.Fortune[p] = fortune(s.banked[p])
		}
	}
	return v
}

// movedAt is what the last action changed at seat p: nothing before the
// first.
func (s *state) movedAt(p int) seatMove {
	if p < len(s.moved) {
		return s.moved[p]
	}
	return seatMove{}
}

// Stats implements games.Reporter: how many hands the game took.
func (s *state) Stats() []games.Stat {
	return []games.Stat{{Name: "hands per game", Value: float64(s.handNo)}}
}

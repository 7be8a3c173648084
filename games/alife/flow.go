package alife

import (
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// advance moves the game on after a decision of seat until someone must
// decide.
func (s *state) advance(seat games.Seat, ev *[]games.Event) {
	switch s.step {
	case stepRound:
	case stepChild:
		if len(s.Active()) == 0 {
			s.revealChildren(ev)
			s.newPhase(ev)
		}
		return
	default:
		return
	}
	pl := &s.ps[seat]
	if pl.Step != "" || pl.Chosen != "" {
		return // deciding, or its card waits for the seat before
	}
	s.next(seat, ev)
}

// next takes a seat with no decision open on through its turn: its
// pending draws first, then the step its turn goes to next, and at the
// end of its turn the round's end and the phase's end.
func (s *state) next(seat games.Seat, ev *[]games.Event) {
	pl := &s.ps[seat]
	if pl.Draws > 0 {
		if len(s.drawPhases()) > 0 {
			pl.Step = stepDraw
			return
		}
		pl.Draws = 0
	}
	if pl.After != "" {
		pl.Step, pl.After = pl.After, ""
		return
	}
	s.endTurn(seat, ev)
}

// nextStarter moves the start placement to the next seat, and once every
// seat stands in column 0, starts round 1.
func (s *state) nextStarter() {
	s.acted++
	if s.acted < s.seats {
		s.turn = (s.startSeat + games.Seat(s.acted)) % games.Seat(s.seats)
		return
	}
	s.round = 1
	s.beginRound()
}

// beginRound opens the card step of the first living seat from the start
// seat.
func (s *state) beginRound() {
	s.step, s.acted = stepRound, 0
	s.openCard()
}

// openCard opens the card step of the next living seat of the round that
// has not chosen its card, if any is left.
func (s *state) openCard() {
	for s.acted < s.seats {
		seat := (s.startSeat + games.Seat(s.acted)) % games.Seat(s.seats)
		if !s.ps[seat].Dead {
			s.turn = seat
			s.ps[seat].Step, s.ps[seat].After = stepCard, ""
			return
		}
		s.acted++
	}
}

// chooseCard takes a seat's choice of card: take.r, play.i.r, or stand.r
// when it has nothing to take or play. The card is laid at once, unless
// the seat before it is still finishing its turn: then the choice stays
// sealed, changing nothing and shown to nobody else, until that turn
// ends (RULINGS 3.5 as doc.go settles it). The earlier seat's draws and
// action are thus chosen and carried out on the game as it stood when it
// chose its card, and the game goes exactly as if every turn had been
// played strictly one after another.
func (s *state) chooseCard(seat games.Seat, choice games.Action, ev *[]games.Event) {
	pl := &s.ps[seat]
	pl.Step, pl.Chosen = "", ""
	before, waits := s.finishing(seat)
	if !waits {
		s.layCard(seat, choice, ev)
		return
	}
	pl.Chosen = choice.String()
	*ev = append(*ev,
		games.Event{To: []games.Seat{seat}, Text: s.choiceText(seat, choice, before)},
		games.Event{Text: i18n.Msg("alife.event.chose", "who", games.SeatRef(seat), "before", games.SeatRef(before))})
}

// finishing finds the seat before seat in this round's order that is
// still in its turn, if any. A seat's card step opens only once the seat
// before it has laid its card, so there is at most one.
func (s *state) finishing(seat games.Seat) (games.Seat, bool) {
	for k := range s.seats {
		q := (s.startSeat + games.Seat(k)) % games.Seat(s.seats)
		if q == seat {
			break
		}
		if s.ps[q].Step != "" {
			return q, true
		}
	}
	return 0, false
}

// choiceText tells the seat that chose a card what its choice will do
// once the seat before it has finished its turn.
func (s *state) choiceText(seat games.Seat, choice games.Action, before games.Seat) string {
	row := choice.Args[len(choice.Args)-1]
	switch choice.Kind {
	case actTake:
		return i18n.Msg("alife.event.you_chose_take", "card", titleOf(s.card(s.slots[s.round][row])), "before", games.SeatRef(before))
	case actPlay:
		return i18n.Msg("alife.event.you_chose_play", "card", titleOf(s.card(s.ps[seat].Hand[choice.Args[0]])), "row", row+1, "before", games.SeatRef(before))
	}
	return i18n.Msg("alife.event.you_chose_move_on", "row", row+1, "before", games.SeatRef(before))
}

// layCard carries out a seat's choice of card: the card taken (its slot
// refilled at once) or played is lived, the stack moves, and the next
// seat may choose its card while this one goes on to its draws and
// action (RULINGS 3.5).
func (s *state) layCard(seat games.Seat, choice games.Action, ev *[]games.Event) {
	p := int(seat)
	pl := &s.ps[p]
	row := choice.Args[len(choice.Args)-1]
	switch choice.Kind {
	case actTake:
		c := s.slots[s.round][row]
		s.slots[s.round][row] = s.deal(phaseOf(s.round))
		*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.took", "who", games.SeatRef(seat), "card", titleOf(s.card(c)))})
		s.live(p, c)
	case actPlay:
		i := choice.Args[0]
		c := pl.Hand[i]
		pl.Hand = slices.Delete(pl.Hand, i, i+1)
		*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.played", "who", games.SeatRef(seat), "card", titleOf(s.card(c)))})
		s.live(p, c)
	}
	pl.Col, pl.Row = s.round, row
	pl.Step, pl.After = "", stepAction
	s.acted++
	s.openCard()
}

// endTurn checks the seat's hearts, lays the card the next seat chose
// while it waited, and once every seat has finished its turn, ends the
// round.
func (s *state) endTurn(seat games.Seat, ev *[]games.Event) {
	s.bury(seat, ev)
	if s.allDead() {
		s.finish(ev)
		return
	}
	for q := range s.ps {
		next := games.Seat(q)
		if s.ps[q].Chosen == "" || s.ps[q].Step != "" {
			continue
		}
		if _, waits := s.finishing(next); !waits {
			choice, _ := games.ParseAction(s.ps[q].Chosen)
			s.ps[q].Chosen = ""
			s.layCard(next, choice, ev)
			s.next(next, ev)
		}
	}
	if len(s.Active()) > 0 {
		return // a seat still has its turn to finish, or its card to choose
	}
	s.endRound(ev)
}

// bury marks a seat without hearts dead (RULINGS 3.3.16).
func (s *state) bury(seat games.Seat, ev *[]games.Event) {
	pl := &s.ps[seat]
	if pl.Hearts == 0 && !pl.Dead {
		pl.Dead, pl.DiedIn = true, s.round
		*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.heart_gave_out", "who", games.SeatRef(seat))})
	}
}

func (s *state) allDead() bool {
	for _, pl := range s.ps {
		if !pl.Dead {
			return false
		}
	}
	return true
}

// endRound clears the passed column, lays the next, passes the start
// marker and, after a phase's third round, ends the phase (RULINGS 3.3.9,
// 3.3.19, 3.3.21).
func (s *state) endRound(ev *[]games.Event) {
	col := s.slots[s.round]
	for r, c := range col {
		if c >= 0 {
			s.discards[phaseOf(s.round)] = append(s.discards[phaseOf(s.round)], c)
			col[r] = -1
		}
	}
	if next := s.round + 2; next <= s.shape.columns {
		for r := range s.slots[next] {
			s.slots[next][r] = s.deal(phaseOf(next))
		}
	}
	if s.seats > 2 {
		s.startSeat = (s.startSeat + 1) % games.Seat(s.seats)
	}
	if s.round%roundsInPhase != 0 {
		s.round++
		s.beginRound()
		return
	}
	// The phase ends: children after phases 3 and 4.
	if ph := s.phase(); ph == 3 || ph == 4 {
		for p := range s.ps {
			if s.ps[p].Dead {
				continue
			}
			for range s.babySymbols(p) {
				a, b := s.deal(ph-2), s.deal(ph-2)
				if a < 0 || b < 0 {
					for _, c := range []int{a, b} {
						if c >= 0 {
							s.discards[ph-2] = append(s.discards[ph-2], c)
						}
					}
					continue
				}
				s.ps[p].Children = append(s.ps[p].Children, [2]int{a, b})
			}
		}
		s.step = stepChild
		if len(s.Active()) > 0 {
			*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.children")})
			return
		}
	}
	s.newPhase(ev)
}

// revealChildren lays every kept child card at once, seat by seat, when
// the last seat with a baby has chosen: the choices are made at once, so
// none shows while others still choose (RULINGS 3.4), as Lagom's picks.
func (s *state) revealChildren(ev *[]games.Event) {
	for p := range s.ps {
		pl := &s.ps[p]
		for _, k := range pl.Kept {
			kept, other := k[0], k[1]
			s.discards[s.card(other).Phase] = append(s.discards[s.card(other).Phase], other)
			pl.Tableau[s.phase()-1] = append(pl.Tableau[s.phase()-1], played{Card: kept, Child: true})
			s.experience(p, childArea(s.card(kept).Base))
			*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.child_lived", "who", games.SeatRef(games.Seat(p)), "card", titleOf(s.card(kept)))})
		}
		pl.Kept = nil
	}
}

// babySymbols counts the baby symbols of a seat's own lived and developed
// areas; children and friendships do not count (RULINGS 3.3.17).
func (s *state) babySymbols(p int) int {
	n := 0
	for _, col := range s.ps[p].Tableau {
		for _, t := range col {
			if t.Child {
				continue
			}
			n += s.card(t.Card).Base.Babies
			if t.Developed {
				n += s.card(t.Card).Dev.Babies
			}
		}
	}
	return n
}

// newPhase finishes a phase: deaths, the two-seat start marker, fresh
// resource spaces; then the next round, or the end after round 15.
func (s *state) newPhase(ev *[]games.Event) {
	for p := range s.ps {
		s.bury(games.Seat(p), ev)
	}
	if s.seats == 2 {
		s.startSeat = 1 - s.startSeat
	}
	if s.round >= s.shape.columns || s.allDead() {
		s.finish(ev)
		return
	}
	for p := range s.ps {
		s.ps[p].Used = [3]bool{}
	}
	s.round++
	*ev = append(*ev, games.Event{Text: i18n.Msg("alife.event.phase", "phase", s.phase())})
	s.beginRound()
}

func (s *state) finish(ev *[]games.Event) {
	s.step = stepOver
	*ev = append(*ev, games.Event{Text: s.finalLine()})
}

package alife

import (
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Apply implements games.State.
func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.step == stepOver {
		return nil, games.ErrOver
	}
	if !games.IsActive(s, seat) {
		return nil, games.ErrNotYourTurn
	}
	if !games.IsLegal(s, seat, a) {
		return nil, games.Refuse(games.ErrIllegal, "%s", i18n.Msg("alife.refuse.not_a_choice"))
	}
	p := int(seat)
	pl := &s.ps[p]
	var ev []games.Event
	// The board points at the last move; a discard carries out the
	// development or friendship it pays for. Choosing one whose cost
	// discards changes nothing until the cards are chosen, nor does
	// choosing another action instead, nor a hand card to play before
	// the seat stands; a card chosen while the seat before still
	// finishes its turn shows only that the seat chose.
	move := a.Kind
	if a.Kind == actDiscard {
		pending, _ := s.pending(p)
		move = pending.Kind
	}
	switch a.Kind {
	case actStart:
		pl.Col, pl.Row = 0, a.Args[0]
		s.nextStarter()
	case actTake:
		s.chooseCard(seat, a, &ev)
	case actPlay:
		// Where the seat stands is part of its choice of card; the card
		// is played once both are chosen.
		pl.Chosen, pl.Step = a.String(), stepStand
	case actStand:
		choice := a
		if play, err := games.ParseAction(pl.Chosen); err == nil {
			choice = games.Action{Kind: actPlay, Args: []int{play.Args[0], a.Args[0]}}
		}
		s.chooseCard(seat, choice, &ev)
	case actDraw:
		c := s.deal(a.Args[0])
		pl.Hand = append(pl.Hand, c)
		pl.Draws--
		pl.Step = ""
		ev = append(ev, games.Event{To: []games.Seat{seat}, Text: i18n.Msg("alife.event.you_drew", "card", titleOf(s.card(c)), "phase", s.card(c).Phase)})
		ev = append(ev, games.Event{Text: i18n.Msg("alife.event.drew", "who", games.SeatRef(seat), "phase", a.Args[0])})
	case actDevel, actFriend:
		pl.Pending = a.String()
		if _, cost := s.pending(p); cost.Discard > 0 {
			pl.Step = stepPay
			break
		}
		ev = s.carryOut(p, nil)
	case actDiscard:
		ev = s.carryOut(p, a.Args)
	case actBack:
		pl.Step, pl.Pending = stepAction, ""
	case actRes:
		pl.Used[a.Args[0]] = true
		ev = append(ev, games.Event{Text: i18n.Msg("alife.event.resources", "who", games.SeatRef(seat), "gain", areaText(s.set.spaces[s.phase()-1][a.Args[0]]))})
		s.experience(p, s.set.spaces[s.phase()-1][a.Args[0]])
		pl.Step, pl.After = "", ""
	case actKeep:
		pair := pl.Children[0]
		pl.Children = pl.Children[1:]
		kept := pair[a.Args[0]]
		pl.Kept = append(pl.Kept, [2]int{kept, pair[1-a.Args[0]]})
		ev = append(ev, games.Event{To: []games.Seat{seat}, Text: i18n.Msg("alife.event.you_keep", "card", titleOf(s.card(kept)))})
	}
	if pl.Step == "" && pl.Chosen != "" {
		move = moveChose
	}
	if a.Kind != actBack && a.Kind != actPlay && pl.Step != stepPay {
		s.last = LastMove{Seat: p, Move: move, Col: pl.Col, Row: pl.Row}
	}
	s.advance(seat, &ev)
	return ev, nil
}

// carryOut pays for the seat's pending development or friendship,
// discarding the hand cards at the given positions, and gains from it.
func (s *state) carryOut(p int, discard []int) []games.Event {
	pl := &s.ps[p]
	a, cost := s.pending(p)
	seat := games.Seat(p)
	var ev []games.Event
	s.pay(p, cost, discard)
	if a.Kind == actDevel {
		t := &pl.Tableau[s.phase()-1][a.Args[0]]
		c := s.card(t.Card)
		t.Developed = true
		ev = append(ev, games.Event{Text: i18n.Msg("alife.event.developed", "who", games.SeatRef(seat), "card", titleOf(c))})
		s.experience(p, c.Dev)
	} else {
		q := a.Args[0]
		c := s.card(s.ps[q].Tableau[s.phase()-1][a.Args[1]].Card)
		pl.Friends = append(pl.Friends, c.ID)
		ev = append(ev, games.Event{Text: i18n.Msg("alife.event.befriended", "who", games.SeatRef(seat), "whose", games.SeatRef(games.Seat(q)), "card", titleOf(c))})
		s.experience(p, friendship(c.Base))
	}
	pl.Step, pl.After, pl.Pending = "", "", ""
	return ev
}

// live puts a card into the seat's current column and experiences its
// base area.
func (s *state) live(p, c int) {
	pl := &s.ps[p]
	pl.Tableau[s.phase()-1] = append(pl.Tableau[s.phase()-1], played{Card: c})
	s.experience(p, s.card(c).Base)
}

// friendship is what befriending a card grants: its base area's scoring
// and life symbols, losses included, and nothing else (RULINGS 3.3.11).
func friendship(a Area) Area {
	return Area{Scoring: a.Scoring, Life: a.Life, Lose: a.Lose}
}

// childArea is what a child's card gives its parent: its base area
// without babies and without cards to draw, which are the child's, not
// the parent's (see doc.go).
func childArea(a Area) Area {
	a.Babies, a.Draw = 0, 0
	return a
}

// experience gains an area: gains first, then losses, life tracks never
// below −1 (RULINGS 3.3.14). Cards to draw wait for the seat's choices.
func (s *state) experience(p int, a Area) {
	pl := &s.ps[p]
	for r := range numResources {
		pl.Scoring[r] += a.Scoring[r]
		pl.Life[r] += a.Life[r]
	}
	pl.Money += a.Money
	for r := range numResources {
		pl.Life[r] = max(pl.Life[r]-a.Lose[r], -1)
	}
	pl.Hearts = max(pl.Hearts-a.Hearts, 0)
	pl.Draws += a.Draw
}

// pay meets a cost: money, the hand cards at the given positions, hearts.
func (s *state) pay(p int, c Cost, discard []int) {
	pl := &s.ps[p]
	pl.Money -= c.Money
	pl.Hearts -= c.Hearts
	slices.Sort(discard)
	for k := len(discard) - 1; k >= 0; k-- {
		card := pl.Hand[discard[k]]
		s.discards[s.card(card).Phase] = append(s.discards[s.card(card).Phase], card)
		pl.Hand = slices.Delete(pl.Hand, discard[k], discard[k]+1)
	}
}

// deal takes the top card of a phase's deck, shuffling its discard pile
// in when the deck is empty (RULINGS 3.3.8); −1 when both are empty.
func (s *state) deal(phase int) int {
	if len(s.decks[phase]) == 0 {
		if len(s.discards[phase]) == 0 {
			return -1
		}
		s.decks[phase], s.discards[phase] = s.discards[phase], nil
		d := s.decks[phase]
		s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	d := s.decks[phase]
	c := d[len(d)-1]
	s.decks[phase] = d[:len(d)-1]
	return c
}

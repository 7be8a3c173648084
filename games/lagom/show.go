package lagom

import (
	"slices"

	"github.com/lifebot/lifebot/games"
)

// View implements games.State. The public view holds no hand, pick, pass
// or notes; a seat's view adds its own. Slices are nil when empty, so a
// restored state shows byte for byte the same JSON.
func (s *state) View(seat games.Seat) any {
	v := View{Seat: seat, Round: s.round, Active: s.Active(), DeckSize: len(s.deck),
		Over: s.step == stepOver, Result: s.Result(), Step: s.stepName(seat)}
	for p := range s.ps {
		pl := &s.ps[p]
		sv := SeatView{Health: pl.health, Coins: pl.coins, Fulfilment: pl.fulfil, Out: pl.out,
			HandSize: len(pl.hand), Discarded: pl.discarded, Scored: pl.scored,
			Decided: !pl.out && s.step != stepOver && pl.phase == phaseDone}
		if pl.shown != noCard {
			c := s.card(pl.shown)
			sv.Revealed = &c
		}
		for _, t := range pl.tableau {
			sv.Tableau = append(sv.Tableau, Played{Card: s.card(t.card), Side: t.side, Round: t.round,
				Symbols: slices.Clone(t.syms), Sunset: slices.Clone(t.sunset), Stacks: slices.Clone(t.stacks)})
		}
		v.Seats = append(v.Seats, sv)
	}
	if seat < 0 || int(seat) >= s.seats {
		return v
	}
	pl := &s.ps[seat]
	for _, c := range pl.hand {
		v.Hand = append(v.Hand, s.card(c))
	}
	v.Picked = s.cardPtr(pl.pick)
	v.Passed = s.cardPtr(pl.pass)
	if v.Passed == nil {
		v.Passed = s.cardPtr(pl.passed)
	}
	v.Received = s.cardPtr(pl.received)
	v.Notes = slices.Clone(pl.notes)
	return v
}

func (s *state) cardPtr(id int) *Card {
	if id == noCard {
		return nil
	}
	c := s.card(id)
	return &c
}

// stepName is View.Step: a seat sees its own step, the channel the
// table's.
func (s *state) stepName(seat games.Seat) string {
	switch s.step {
	case stepOver:
		return "over"
	case stepPlay:
		return "play"
	}
	if seat >= 0 && int(seat) < s.seats {
		if s.ps[seat].phase == phaseDraw {
			return "draw"
		}
		return "pick"
	}
	for p := range s.ps {
		if !s.ps[p].out && s.ps[p].phase == phaseDraw {
			return "draw"
		}
	}
	return "pick"
}

// Stats implements games.Reporter: the game's length in rounds, the mean
// final fulfilment, and how many symbols of each kind were played per seat.
func (s *state) Stats() []games.Stat {
	out := []games.Stat{{Name: "rounds", Value: float64(s.round)}}
	total, rounds, extras := 0, 0, 0
	var played [len(symbolNames)]int
	for _, p := range s.ps {
		total += p.fulfil
		rounds += p.rounds
		extras += p.extras
		for _, c := range p.tableau {
			for _, sym := range c.syms {
				played[sym]++
			}
		}
	}
	out = append(out, games.Stat{Name: "fulfilment per seat", Value: float64(total) / float64(len(s.ps))})
	if rounds > 0 {
		out = append(out, games.Stat{Name: "share of seat-rounds with an extra draw", Value: float64(extras) / float64(rounds)})
	}
	for sym, n := range played {
		out = append(out, games.Stat{Name: Symbol(sym).String() + " played per seat", Value: float64(n) / float64(len(s.ps))})
	}
	return out
}

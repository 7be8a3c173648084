package life

import (
	"math/rand/v2"

	"github.com/lifebot/lifebot/games"
)

// policy is the heuristic player. It reads only what its seat may see:
// its own hand, the tables, hand sizes and totals; never another hand or
// the deck, and never the game's generator. Its ideas:
//
//   - Suits are chosen before the deal, so nothing favours one of ♥ ♦ ♣;
//     it picks one with its own generator and never picks spades.
//   - It lays every card it may, since cards in hand score nothing, but
//     holds one back when laying all would end the hand while another
//     seat's table beats its own.
//   - It plays a joker when its hand is poor, when rivals have more on
//     their face-up rows than it does (a redeal sweeps them away), or when
//     a rival who leads the hand is about to go out.
//   - It steals where a steal hurts most: the face-up card worth most to
//     its owner, weighted toward the leader, or else a hand card of the
//     leader; it never takes a victim's last card when ending the hand
//     would not suit it, and it declines a face-up spade (taking it would
//     only help the victim and burden its own hand).
type policy struct{}

// Choose implements games.Policy.
func (pol policy) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok || !s.isActive(seat) {
		return games.RandomPolicy{}.Choose(gs, seat, rng)
	}
	switch s.phase {
	case phaseSuit:
		return act(kindSuit, rng.IntN(3))
	case phaseJoker:
		if pol.wantsRedeal(s, seat) {
			return act(kindJoker)
		}
		return act(kindTurn)
	case phaseLay:
		return pol.lay(s, seat)
	case phaseSteal:
		return pol.steal(s, seat)
	case phaseTake:
		best, bestVal := s.takeable()[0], -1<<30
		for _, c := range s.takeable() {
			if v := pol.takeValue(s, seat, s.victim, c); v > bestVal {
				best, bestVal = c, v
			}
		}
		return act(kindTake, best)
	case phasePos:
		return act(kindPos, 1+rng.IntN(s.positions()))
	case phaseReact:
		if pol.stealValue(s, seat, s.victim) > 0 {
			return act(kindReact)
		}
		return act(kindPass)
	}
	return games.RandomPolicy{}.Choose(gs, seat, rng)
}

// act builds an action.
func act(kind string, args ...int) games.Action { return games.Action{Kind: kind, Args: args} }

// standing is a seat's match total if the hand ended now, in half points.
func standing(s *state, p games.Seat) int { return s.total2[p] + s.tableScore2(int(p)) }

// endSuits reports whether ending the hand now suits seat me: its table
// is at least as good as every other, and no rival would then win.
func (policy) endSuits(s *state, me games.Seat) bool {
	mine := s.tableScore2(int(me))
	for q := range s.seats {
		if games.Seat(q) == me {
			continue
		}
		if s.tableScore2(q) > mine {
			return false
		}
		if standing(s, games.Seat(q)) >= 2*s.rules.target && standing(s, games.Seat(q)) >= standing(s, me) {
			return false
		}
	}
	return true
}

// handWorth is what a hand may still bring, in half points: its cards'
// scores for the seat, spades counted as the loss they will be once laid.
func handWorth(s *state, p games.Seat) int {
	n := 0
	for _, id := range s.hands[p] {
		if !cards[id].IsJoker() {
			n += cardScore2(id, s.suit[p])
		}
	}
	return n
}

func (pol policy) wantsRedeal(s *state, me games.Seat) bool {
	// A fresh seven cards are worth about 7 × 4.9 points to their holder.
	const fresh = 2 * 34
	if handWorth(s, me) < fresh/2 {
		return true
	}
	mine := 0
	for _, id := range s.up[me] {
		mine += cardScore2(id, s.suit[me])
	}
	theirs := 0
	for q := range s.seats {
		if games.Seat(q) == me {
			continue
		}
		for _, id := range s.up[q] {
			theirs += cardScore2(id, s.suit[q])
		}
		if len(s.hands[q]) <= 2 && s.tableScore2(q) > s.tableScore2(int(me)) {
			return true
		}
	}
	return theirs-mine >= 2*15
}

func (pol policy) lay(s *state, me games.Seat) games.Action {
	offer := s.layable()
	n := min(len(offer), layMax(len(offer)))
	if n == len(s.hands[me]) && n > 0 && !pol.endsWell(s, me, offer[:n]) {
		// Keep the card worth least to us; the rest go down.
		low := 0
		for i, id := range offer[:n] {
			if cardScore2(id, s.suit[me]) < cardScore2(offer[low], s.suit[me]) {
				low = i
			}
		}
		a := act(kindLay)
		for i := range n {
			if i != low {
				a.Args = append(a.Args, i)
			}
		}
		return a
	}
	a := act(kindLay)
	for i := range n {
		a.Args = append(a.Args, i)
	}
	return a
}

// endsWell reports whether going out by laying cards leaves seat me with
// the best table of the hand and no rival winning the match.
func (pol policy) endsWell(s *state, me games.Seat, laid []int) bool {
	mine := s.tableScore2(int(me))
	for _, id := range laid {
		mine += cardScore2(id, s.suit[me])
	}
	for q := range s.seats {
		if games.Seat(q) == me {
			continue
		}
		if s.tableScore2(q) > mine || s.total2[q]+s.tableScore2(q) >= max(2*s.rules.target, s.total2[me]+mine) {
			return false
		}
	}
	return true
}

// leader is the seat other than me standing best if the hand ended now.
func leader(s *state, me games.Seat) games.Seat {
	best := games.Seat(-1)
	for q := range s.seats {
		p := games.Seat(q)
		if p != me && (best < 0 || standing(s, p) > standing(s, best)) {
			best = p
		}
	}
	return best
}

// takeValue prices taking card id from victim v's table: what the victim
// loses, more when it leads, plus half of what the card may bring us.
func (pol policy) takeValue(s *state, me, v games.Seat, id int) int {
	loss := cardScore2(id, s.suit[v])
	if v == leader(s, me) {
		loss += loss / 2
	}
	return loss + max(0, cardScore2(id, s.suit[me]))/2
}

// stealValue prices a steal from v: the best face-up card, or a blind
// card from the hand, which is worth a little and hurts the leader.
func (pol policy) stealValue(s *state, me, v games.Seat) int {
	if len(s.up[v]) > 0 {
		best := -1 << 30
		for _, id := range s.up[v] {
			best = max(best, pol.takeValue(s, me, v, id))
		}
		return best
	}
	if len(s.hands[v]) == 1 && !pol.endSuits(s, me) {
		return -1
	}
	val := 4
	if v == leader(s, me) {
		val += 4
	}
	return val
}

func (pol policy) steal(s *state, me games.Seat) games.Action {
	best, bestVal := games.Seat(-1), 0
	for _, v := range s.victims() {
		if val := pol.stealValue(s, me, v); val > bestVal {
			best, bestVal = v, val
		}
	}
	if best < 0 {
		return act(kindNoSteal)
	}
	return act(kindSteal, int(best))
}

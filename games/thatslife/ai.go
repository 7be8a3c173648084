package thatslife

import (
	"math/rand/v2"

	"github.com/lifebot/lifebot/games"
)

// weights tune how the AI values cards that are not collected yet. The
// values were tuned in simulated games against random players and against
// the AI itself.
type weights struct {
	sole    float64 // share of a card a seat holds alone, unguarded
	guarded float64 // share of a card a seat holds alone under a guard
	shared  float64 // share of a contested card, split between colours
	// fortune over the number of seats is the least a fortune is worth,
	// for the minus cards it may turn later: the more players, the fewer
	// cards each one takes.
	fortune  float64
	opponent float64 // weight of the opponents' mean estimate against one's own
}

func tunedWeights() weights {
	return weights{sole: 0.8, guarded: 0.7, shared: 0.75, fortune: 30, opponent: 1.5}
}

// policy is the heuristic player. It estimates each seat's final score as
// the cards it holds plus a share of every card its figures stand on,
// priced at what that card would add to its collection under the fortune
// rule; a position is worth its own estimate minus the opponents' mean.
// For each legal move it plays the move on a copy, then lets the next
// seat answer each of the six rolls with the reply that seat values most
// by the same estimate, and keeps the move with the best average outcome.
// So it sees what a move leaves for others: a guard lifted off a card, a
// lone figure on a minus card someone can join or expose. Exact ties go
// to the policy's own generator; the game's is never touched.
type policy struct {
	w weights
}

// Choose implements games.Policy.
func (pol policy) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok || s.over || seat != s.turn {
		return games.RandomPolicy{}.Choose(gs, seat, rng)
	}
	me := int(seat)
	var mine, theirs state
	ms := s.moves()
	best, bestVal, ties := 0, 0.0, 0
	for i, m := range ms {
		mine.copyFrom(s)
		mine.perform(m)
		var v float64
		if mine.over {
			v = pol.w.value(pol.w.estimate(&mine), me, mine.seats)
		} else {
			v = pol.w.afterReply(&mine, &theirs, me)
		}
		switch {
		case i == 0 || v > bestVal+1e-9:
			best, bestVal, ties = i, v, 1
		case v > bestVal-1e-9:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return s.action(ms[best])
}

// copyFrom makes s a copy of o for look-ahead, reusing s's buffers. The
// copy has no generator: only perform, never a turn change, may run on it.
func (s *state) copyFrom(o *state) {
	course, taken, lifted := s.course[:0], s.taken, s.lifted[:0]
	*s = *o
	s.rng = nil
	s.course = append(course, o.course...)
	s.lifted = append(lifted, o.lifted...)
	if len(taken) != len(o.taken) {
		taken = make([][]int, len(o.taken))
	}
	for p, t := range o.taken {
		taken[p] = append(taken[p][:0], t...)
	}
	s.taken = taken
}

// afterReply averages, over the six rolls of the next seat to move, the
// value for me of the position after that seat's preferred reply.
func (w weights) afterReply(s, scratch *state, me int) float64 {
	q := me
	for k := 1; k <= s.seats; k++ {
		q = (me + k) % s.seats
		if !s.finished(q) {
			break
		}
	}
	s.turn = games.Seat(q)
	total := 0.0
	for roll := 1; roll <= 6; roll++ {
		s.roll = roll
		replyVal, forMe := 0.0, 0.0
		for i, m := range s.moves() {
			scratch.copyFrom(s)
			scratch.perform(m)
			est := w.estimate(scratch)
			if v := w.value(est, q, s.seats); i == 0 || v > replyVal {
				replyVal, forMe = v, w.value(est, me, s.seats)
			}
		}
		total += forMe
	}
	return total / 6
}

// estimate guesses every seat's final score in a position.
func (w weights) estimate(s *state) [maxSeats]float64 {
	var held [maxSeats]int
	var est [maxSeats]float64
	for p := range s.seats {
		held[p] = points(s.taken[p], s.locked, noCard)
		est[p] = float64(held[p])
	}
	if !s.over {
		for i := 1; i < s.last(); i++ {
			w.pending(s, &s.course[i], &held, &est)
		}
	}
	return est
}

// value is what a position is worth to seat me: its estimate minus the
// weighted mean estimate of the others.
func (w weights) value(est [maxSeats]float64, me, seats int) float64 {
	others := 0.0
	for p := range seats {
		if p != me {
			others += est[p]
		}
	}
	return est[me] - w.opponent*others/float64(seats-1)
}

// pending adds to est each seat's share of a card its figures stand on.
func (w weights) pending(s *state, sp *spot, held *[maxSeats]int, est *[maxSeats]float64) {
	colours := 0
	for p := range s.seats {
		if sp.figs[p] > 0 {
			colours++
		}
	}
	if colours == 0 {
		return
	}
	share := w.shared / float64(colours)
	if colours == 1 {
		share = w.sole
		if sp.guards > 0 {
			share = w.guarded
		}
	}
	for p := range s.seats {
		if sp.figs[p] > 0 {
			worth := float64(points(s.taken[p], s.locked, sp.card) - held[p])
			if deck[sp.card].Kind == Fortune {
				worth = max(worth, w.fortune/float64(s.seats))
			}
			est[p] += share * worth
		}
	}
}

package lagom

import (
	"math/rand/v2"

	"github.com/lifebot/lifebot/games"
)

// policy is the heuristic player. The balanced player values every side
// by what it is likely to score over the rest of the game; a single-minded
// player (single set) first maximises the count of its focus symbol and
// uses the balanced value only to break ties. Both read the state and
// nothing else: they never draw from the game's generator, and are
// deterministic.
type policy struct {
	single bool
	focus  Symbol
}

// Choose implements games.Policy.
func (pol policy) Choose(gs games.State, seat games.Seat, _ *rand.Rand) games.Action {
	s, ok := gs.(*state)
	legal := gs.Legal(seat)
	if !ok || len(legal) == 0 {
		return games.Action{}
	}
	p := int(seat)
	pl := &s.ps[p]
	switch pl.phase {
	case phaseDraw:
		for _, c := range legal {
			if c.Action.Kind == "extra" && pol.wantsExtra(s, p) {
				return c.Action
			}
		}
		return games.Action{Kind: "done"}
	case phasePick:
		best, bestV := legal[0].Action, -1e9
		for _, c := range legal {
			if v := pol.cardValue(s, p, c.Action.Args[0]); v > bestV {
				best, bestV = c.Action, v
			}
		}
		return best
	case phasePlay:
		card := s.card(pl.pick)
		best, bestV := games.Action{Kind: "discard"}, pol.discardValue(s, p, card)
		for _, c := range legal {
			if c.Action.Kind != "play" {
				continue
			}
			if v := pol.sideValue(s, p, card.symbols(Side(c.Action.Args[0]))); v > bestV {
				best, bestV = c.Action, v
			}
		}
		return best
	case phasePass:
		worst, worstV := legal[0].Action, 1e9
		for _, c := range legal {
			if v := pol.cardValue(s, p, c.Action.Args[0]); v < worstV {
				worst, worstV = c.Action, v
			}
		}
		return worst
	}
	return legal[0].Action
}

// roundsLeft estimates the rounds p still plays, this one included.
func roundsLeft(s *state, p int) int {
	return 1 + s.ps[p].health/roundHealth
}

// coinValue is what one coin is worth in fulfilment: coins buy extra
// cards and pay Spend Wealth, so they matter early and not at all at the
// end.
func coinValue(left int) float64 {
	if left <= 1 {
		return 0
	}
	return 1
}

// wantsExtra decides the extra draw. Early coins are better kept for
// Spend Wealth, so from the second round the player buys only with two
// coins to spare (counting investments); in any round it also buys when
// its hand is poor, that is when one more card is expected to improve
// this round's pick by more than digWorth. Never in the last rounds,
// when a wider hand has no time to pay off.
func (pol policy) wantsExtra(s *state, p int) bool {
	if roundsLeft(s, p) < 3 {
		return false
	}
	money := s.ps[p].coins + s.cashable(p)
	if s.round >= 2 && money >= extraCost+2 {
		return true
	}
	return money >= extraCost && pol.digGain(s, p) > digWorth
}

// digWorth is the expected improvement, in fulfilment, that makes an
// extra card worth its coins when the purse has nothing to spare.
const digWorth = 2

// digGain is what one more card is expected to add to this round's best
// pick: the average, over every card p cannot see, of how much it would
// beat p's best card in hand. It reads only what p may know: its hand,
// the tableaux and the discard pile; the order of the deck never enters.
func (pol policy) digGain(s *state, p int) float64 {
	seen := make([]bool, len(s.set.cards))
	for _, id := range s.ps[p].hand {
		seen[id] = true
	}
	for _, id := range s.discard {
		seen[id] = true
	}
	for q := range s.ps {
		for _, t := range s.ps[q].tableau {
			seen[t.card] = true
		}
	}
	best := 0.0 // a card is never worth less than nothing: it can be discarded
	for _, id := range s.ps[p].hand {
		best = max(best, pol.cardValue(s, p, id))
	}
	total, unseen := 0.0, 0
	for id := range s.set.cards {
		if seen[id] {
			continue
		}
		unseen++
		if v := pol.cardValue(s, p, id); v > best {
			total += v - best
		}
	}
	if unseen == 0 {
		return 0
	}
	return total / float64(unseen)
}

// cardValue is the best of playing c on a payable side and discarding it.
func (pol policy) cardValue(s *state, p, id int) float64 {
	c := s.card(id)
	v := pol.discardValue(s, p, c)
	for side := Left; side <= Bottom; side++ {
		syms := c.symbols(side)
		if ok, _ := s.payable(p, syms); ok {
			v = max(v, pol.sideValue(s, p, syms))
		}
	}
	return v
}

func (pol policy) discardValue(s *state, p int, c Card) float64 {
	return float64(c.Reward) * coinValue(roundsLeft(s, p))
}

// sideValue estimates what playing syms is worth to p in fulfilment over
// the rest of the game.
func (pol policy) sideValue(s *state, p int, syms []Symbol) float64 {
	pl := &s.ps[p]
	left := roundsLeft(s, p)
	// Health decides how long the seat keeps playing: a third of its last
	// round, which scores every Relationship at its final age.
	lastRound := 2.0
	for _, t := range pl.tableau {
		for j, sym := range t.syms {
			if sym == Relationship && !t.sunset[j] {
				lastRound += float64(s.round - t.round + left)
			}
		}
	}
	healthV := 0.7 * lastRound / 3
	coin := coinValue(left)
	v := 0.0
	nRel := count(syms, Relationship)
	v += float64(nRel) * float64(left*(left+1)) / 2 * 0.8
	v += float64(count(syms, Leisure)) * (2 + healthV)
	if np := count(syms, Purpose); np > 0 {
		// Scores every Purpose now, and each new one adds to later Purpose
		// plays.
		v += float64(s.symbolCount(p, Purpose)+np) + float64(np)*float64(left-1)*0.3
	}
	v += float64(count(syms, Wealth)) * float64(left-1) * coin
	v -= float64(count(syms, LoseHealth)) * healthV
	v -= float64(count(syms, SpendWealth)*spendCoins) * coin
	if nx := count(syms, LoseRelationship); nx > 0 {
		lost := 0
		for _, t := range pl.tableau {
			for j, sym := range t.syms {
				if lost < nx && sym == Relationship && !t.sunset[j] {
					age := s.round - t.round
					v -= float64(left*age) + float64(left*(left+1))/2
					lost++
				}
			}
		}
	}
	if pol.single {
		v += 100 * float64(count(syms, pol.focus))
	}
	return v
}

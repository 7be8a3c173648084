package alife

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// policy is the heuristic player: it values every gain by how much it
// raises the seat's score (the sum of scoring × life products), looking
// no further than the decision at hand. A single-minded policy, for the
// simulator, values only one resource's symbols.
type policy struct {
	single bool
	focus  Resource
}

func (pol policy) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok {
		return games.Action{}
	}
	return s.choose(seat, func(c games.Choice) float64 {
		return s.choiceValue(pol, int(seat), c) + rng.Float64()*1e-3
	})
}

// choose takes the legal choice of seat that value rates highest, the
// first of equals. When it discards, the cards of past phases go first,
// which can never be played, then the others in hand order.
func (s *state) choose(seat games.Seat, value func(games.Choice) float64) games.Action {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return games.Action{}
	}
	best, bestValue := 0, math.Inf(-1)
	for i, c := range legal {
		if v := value(c); v > bestValue {
			best, bestValue = i, v
		}
	}
	c := legal[best]
	a := games.Action{Kind: c.Action.Kind, Args: append([]int(nil), c.Action.Args...)}
	if c.Pick != nil {
		var picked []int
		for _, it := range c.Pick.Items {
			if len(picked) < c.Pick.Min && s.card(s.ps[seat].Hand[it.Arg]).Phase < s.phase() {
				picked = append(picked, it.Arg)
			}
		}
		for _, it := range c.Pick.Items {
			if len(picked) < c.Pick.Min && !slices.Contains(picked, it.Arg) {
				picked = append(picked, it.Arg)
			}
		}
		slices.Sort(picked)
		a.Args = append(a.Args, picked...)
	}
	return a
}

// gain is how much an area would raise the seat's score now, with a
// little for money and cards, which buy later gains.
func (s *state) gain(pol policy, p int, a Area) float64 {
	pl := &s.ps[p]
	v := 0.0
	for r := range numResources {
		if pol.single && Resource(r) != pol.focus {
			continue
		}
		sc, li := pl.Scoring[r], pl.Life[r]
		ns, nl := sc+a.Scoring[r], max(li+a.Life[r]-a.Lose[r], -1)
		v += float64(ns*nl - sc*li)
		// A symbol that pairs with nothing yet still opens later products.
		v += 0.4 * float64(a.Scoring[r]+a.Life[r])
	}
	return v + 0.8*float64(a.Money) + 1.2*float64(a.Draw) + 2*float64(a.Babies) - s.heartCost(p, a.Hearts)
}

// heartCost weighs hearts given up. A life that ends before the last
// round gains nothing more, and each phase-5 round before the last may
// force a resource space that costs a heart, so the seat keeps a heart
// for each of those; only the last round may spend the last heart.
func (s *state) heartCost(p, hearts int) float64 {
	if hearts == 0 {
		return 0
	}
	last := s.shape.columns
	reserve := min(roundsInPhase-1, max(0, last-max(s.round, last-roundsInPhase+1)))
	left := s.ps[p].Hearts - hearts
	switch {
	case s.round == last:
		return 0
	case left <= 0:
		return 1000
	case left < reserve+1:
		return 60 * float64(reserve+1-left)
	}
	return 6 * float64(hearts)
}

func (s *state) choiceValue(pol policy, p int, c games.Choice) float64 {
	args := c.Action.Args
	pl := &s.ps[p]
	switch c.Action.Kind {
	case actTake:
		return s.gain(pol, p, s.card(s.slots[s.round][args[0]]).Base) + s.devHope(pol, p, s.slots[s.round][args[0]])
	case actPlay:
		return s.gain(pol, p, s.card(pl.Hand[args[0]]).Base) + s.devHope(pol, p, pl.Hand[args[0]]) + 0.5
	case actStand:
		// Stand where the next column is reachable with the most choice.
		return float64(len(s.shape.bars(args[0])))
	case actDraw:
		return -float64(args[0] - s.phase())
	case actDevel:
		t := pl.Tableau[s.phase()-1][args[0]]
		cost := s.card(t.Card).Costs[args[1]]
		return s.gain(pol, p, s.card(t.Card).Dev) - 0.8*float64(cost.Money) - float64(cost.Discard) - s.heartCost(p, cost.Hearts)
	case actFriend:
		c := s.card(s.ps[args[0]].Tableau[s.phase()-1][args[1]].Card)
		cost := s.set.friendship[s.phase()-1]
		return s.gain(pol, p, friendship(c.Base)) - 0.8*float64(cost.Money) - float64(cost.Discard)
	case actRes:
		return s.gain(pol, p, s.set.spaces[s.phase()-1][args[0]])
	case actKeep:
		return s.gain(pol, p, childArea(s.card(pl.Children[0][args[0]]).Base))
	case actBack:
		return math.Inf(-1) // the cost was weighed when the action was chosen
	}
	return 0
}

// devHope is a little of a card's development, when the seat could pay.
func (s *state) devHope(pol policy, p, card int) float64 {
	best := 0.0
	for _, cost := range s.card(card).Costs {
		if s.affords(p, cost) {
			best = max(best, 0.3*s.gain(pol, p, s.card(card).Dev))
		}
	}
	return best
}

// standin decides for a player who is away, by the plain rule of RULINGS
// 3.5: the connected card worth most to the seat's scoring tracks, the
// best affordable development or else the best free resource space, and
// the better child card. It befriends nobody, plays a hand card only when
// there is no card to take, and discards as the AI does.
type standin struct{}

func (standin) Choose(gs games.State, seat games.Seat, _ *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok {
		return games.Action{}
	}
	p := int(seat)
	return s.choose(seat, func(c games.Choice) float64 {
		args := c.Action.Args
		switch c.Action.Kind {
		case actTake:
			return s.scoringWorth(p, s.card(s.slots[s.round][args[0]]).Base)
		case actDevel:
			return 1000 + s.scoringWorth(p, s.card(s.ps[p].Tableau[s.phase()-1][args[0]].Card).Dev)
		case actRes:
			return s.scoringWorth(p, s.set.spaces[s.phase()-1][args[0]])
		case actKeep:
			return s.scoringWorth(p, childArea(s.card(s.ps[p].Children[0][args[0]]).Base))
		case actFriend, actBack:
			return math.Inf(-1)
		case actPlay:
			return -1e9
		}
		return 0
	})
}

// scoringWorth is what an area adds to the products of the seat's
// scoring tracks: each life symbol counts by the scoring value it pairs
// with, each scoring symbol by the life value.
func (s *state) scoringWorth(p int, a Area) float64 {
	pl := &s.ps[p]
	v := 0.0
	for r := range numResources {
		v += float64(a.Life[r]*pl.Scoring[r] + a.Scoring[r]*max(pl.Life[r], 0) - a.Lose[r]*pl.Scoring[r])
	}
	return v
}

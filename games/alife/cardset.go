package alife

import (
	"fmt"
	"hash/fnv"
	"sync"
)

// cardSet is one version of the content: the life cards, the baby cards
// and the life board, with a hash of them all that saved games name.
type cardSet struct {
	version    string
	cards      []Card
	babies     []Area
	friendship [numPhases]Cost
	spaces     [numPhases][3]Area
}

// cardSets lists every content version a saved game may name, the
// current one first. They are built on first use. A change to the
// content adds a set rather than editing one in place, so that a game
// dealt from the old one replays with it (cards_retired.go).
var cardSets = sync.OnceValue(func() []*cardSet {
	return []*cardSet{
		mustBuildSet(deck, babyCards, lifeBoard),
		mustBuildSet(firstDeck(), firstBabyCards, lifeBoard),
	}
})

func currentSet() *cardSet { return cardSets()[0] }

func setByVersion(v string) (*cardSet, bool) {
	for _, cs := range cardSets() {
		if cs.version == v {
			return cs, true
		}
	}
	return nil, false
}

// mustBuildSet checks and hashes the content; a malformed table is a
// programming error, caught by any test that loads the package.
func mustBuildSet(cards []Card, babies []string, board [numPhases]phaseSpaces) *cardSet {
	cs := &cardSet{cards: cards}
	h := fnv.New64a()
	for _, c := range cards {
		fmt.Fprintf(h, "%d|%s|%s|%+v|%+v|%+v\n", c.Phase, c.Title, c.Flavour, c.Base, c.Costs, c.Dev)
	}
	for _, raw := range babies {
		a, err := parseArea(raw)
		if err != nil {
			panic(fmt.Sprintf("alife: baby card %q: %v", raw, err))
		}
		cs.babies = append(cs.babies, a)
		fmt.Fprintf(h, "baby|%s\n", raw)
	}
	for p, ph := range board {
		costs, err := parseCosts(ph.friendship)
		if err != nil || len(costs) != 1 {
			panic(fmt.Sprintf("alife: phase %d friendship cost %q: %v", p+1, ph.friendship, err))
		}
		cs.friendship[p] = costs[0]
		for k, raw := range ph.spaces {
			if cs.spaces[p][k], err = parseArea(raw); err != nil {
				panic(fmt.Sprintf("alife: phase %d space %q: %v", p+1, raw, err))
			}
		}
		fmt.Fprintf(h, "board|%s|%v\n", ph.friendship, ph.spaces)
	}
	cs.version = fmt.Sprintf("%016x", h.Sum64())
	return cs
}

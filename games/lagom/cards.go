package lagom

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// The card set is original to lifebot and designed to the targets of
// RULINGS 5.1: no two cards show the same symbols turned or mirrored, and
// the symbol shares were tuned by simulation (see tunedShares in the
// tests for where they moved and why). Each entry gives a title, the four
// quadrants TL TR BR BL and the discard reward. A quadrant is written as
// up to two letters, "-" for a blank one:
//
//	H Lose Health   X Lose Relationship   S Spend Wealth
//	W Wealth        R Relationship        L Leisure        P Purpose
//
// Changing any entry changes the content version (setVersion), so a saved
// game keeps playing with the set it started with: retire the old table
// into cardSets instead of editing it in place.
var baseCards = []rawCard{
	{"Family farm", "- L HR WW", 0},
	{"Casino night", "S L H W", 1},
	{"Fly-in fly-out work", "W HW P X", 1},
	{"Changing schools", "P X R XP", 1},
	{"Starting a band", "L HR P -", 0},
	{"Relocating for work", "P X W XR", 2},
	{"Ski instructor season", "HR WL - L", 0},
	{"Doctoral thesis", "S P H S", 2},
	{"Sneaking out at night", "L X - H", 2},
	{"Poached by a rival", "S W XR P", 2},
	{"Private school fees", "- W SR P", 0},
	{"Divorce settlement", "XW R X W", 2},
	{"Video game binge", "X S L H", 2},
	{"Restaurant opening", "W HR WW -", 0},
	{"Exam season", "H P S -", 2},
	{"Hosting a barbecue", "- W SR L", 0},
	{"First home together", "X SR W -", 0},
	{"Corporate ladder", "H L X WP", 1},
	{"Kid's birthday party", "SR P - L", 0},
	{"Newborn twins", "R X P H", 1},
	{"Cruise ship job", "WL - P HR", 0},
	{"College tuition", "- S SR P", 0},
	{"Touring musician", "- L HR WP", 0},
	{"Moving in together", "- X HR W", 0},
	{"Fixer-upper house", "S S W H", 2},
	{"Corner shop", "HR WW - S", 0},
	{"Picket line", "X - H P", 2},
	{"Joining the golf club", "X R XW L", 2},
	{"Prom night", "P X L XR", 1},
	{"Car boot sale", "- X W S", 3},
	{"Rodeo circuit", "H HL W -", 1},
	{"Networking dinner", "X W XR -", 2},
	{"Gap year backpacking", "- X HR L", 0},
	{"Lending to family", "W - S SR", 0},
	{"Fostering a child", "- P X HR", 1},
	{"Scout camp", "P - H HL", 1},
	{"Summer camp", "L - W HR", 0},
	{"Wedding planning", "HR - W S", 1},
	{"Holiday romance", "X R XL L", 1},
	{"Office transfer", "XW P X R", 2},
	{"Theme park day", "S L H S", 2},
	{"Solo sailing voyage", "P - X HL", 1},
	{"Snow day sledging", "H L S -", 2},
	{"Nursing a spouse", "- H R X", 1},
	{"Eighty-hour weeks", "X WW H P", 1},
	{"First love", "R X L H", 1},
	{"Office romance", "R H W X", 1},
	{"Retirement cruise", "- X SR L", 0},
	{"Student flatmates", "- W X HR", 1},
	{"Junior doctor", "- P HR WP", 0},
	{"Bartending nights", "HL W - X", 1},
	{"Second baby", "R H W S", 1},
	{"Disaster relief work", "L HR PP -", 0},
	{"Poker all-nighter", "W X L H", 2},
	{"Going to university", "L X R XP", 2},
	{"Mountain expedition", "L X P H", 2},
	{"Black belt grading", "P - S HL", 1},
	{"Opening a bakery", "S W HW P", 1},
	{"Law firm partner", "P HR WW -", 0},
	{"Adopting a child", "S HR - P", 1},
	{"Running a charity", "- S HR P", 0},
	{"Joint venture", "- X HR WW", 0},
	{"Oil rig rotation", "H HR W -", 0},
	{"Buying a franchise", "S P X W", 3},
	{"Buying out a partner", "XW - X R", 2},
	{"Raising grandchildren", "P - X SR", 1},
	{"Motorbike racing", "S HL W -", 1},
	{"Joining the army", "- W HR P", 0},
	{"Paper round", "- H W S", 2},
	{"Firefighter training", "HR P - X", 0},
	{"Amateur boxing", "S P H X", 3},
	{"Festival with friends", "- S HR L", 0},
	{"Birthday pub crawl", "X L H S", 2},
	{"Vineyard dream", "L S WP H", 1},
	{"Couples therapy", "R H S X", 1},
	{"Double shifts", "W H X S", 3},
	{"Day trading habit", "L X WW H", 1},
	{"Warehouse job", "W H S X", 3},
	{"Paramedic shifts", "X P H W", 3},
	{"Building site work", "W S P H", 3},
	{"Medical school", "H P S WW", 1},
	{"Political campaign", "X P H S", 3},
	{"First triathlon", "P H L S", 2},
	{"Long-haul trucking", "W X - H", 3},
	{"Running a pub", "- S HR W", 0},
	{"Lifeguard summer", "P - W HL", 1},
	{"Downsizing the house", "S W XR -", 2},
	{"Honeymoon abroad", "S L H R", 1},
	{"Racehorse share", "S WW H L", 1},
	{"Raising a teenager", "R S P H", 1},
}

type rawCard struct {
	title  string
	quads  string
	reward int
}

// cardSet is one version of the deck and its content hash.
type cardSet struct {
	version string
	cards   []Card
}

// cardSets lists every card set a saved game may name, the current one
// first. New games always use the first.
var cardSets = []*cardSet{mustParse(baseCards), mustParse(firstCards)}

// currentSet is the set new games are dealt from.
func currentSet() *cardSet { return cardSets[0] }

// setByVersion finds the set a saved game was dealt from.
func setByVersion(v string) (*cardSet, bool) {
	for _, cs := range cardSets {
		if cs.version == v {
			return cs, true
		}
	}
	return nil, false
}

var symbolLetters = map[byte]Symbol{
	'H': LoseHealth, 'X': LoseRelationship, 'S': SpendWealth,
	'W': Wealth, 'R': Relationship, 'L': Leisure, 'P': Purpose,
}

// mustParse turns the written table into cards and hashes it. A malformed
// table is a programming error, caught by any test that loads the package.
func mustParse(raw []rawCard) *cardSet {
	h := fnv.New64a()
	cs := &cardSet{}
	for id, r := range raw {
		fmt.Fprintf(h, "%s|%s|%d\n", r.title, r.quads, r.reward)
		c := Card{ID: id, Title: r.title, Reward: r.reward}
		quads := strings.Fields(r.quads)
		if len(quads) != 4 || r.reward < 0 || r.reward > 3 || r.title == "" {
			panic(fmt.Sprintf("lagom: card %d %q is malformed", id, r.title))
		}
		for q, text := range quads {
			if text == "-" {
				continue
			}
			if len(text) > 2 {
				panic(fmt.Sprintf("lagom: card %q has more than two symbols in a quadrant", r.title))
			}
			for i := range len(text) {
				sym, ok := symbolLetters[text[i]]
				if !ok {
					panic(fmt.Sprintf("lagom: card %q has an unknown symbol %q", r.title, text[i]))
				}
				c.Quads[q] = append(c.Quads[q], sym)
			}
		}
		cs.cards = append(cs.cards, c)
	}
	cs.version = fmt.Sprintf("%016x", h.Sum64())
	return cs
}

// sideQuads names the two quadrants a side activates, in TL TR BR BL order.
var sideQuads = [4][2]int{Left: {TL, BL}, Top: {TL, TR}, Right: {TR, BR}, Bottom: {BR, BL}}

// symbols lists the symbols a side of c activates, in TL TR BR BL order.
func (c Card) symbols(side Side) []Symbol {
	var out []Symbol
	for _, q := range sideQuads[side] {
		out = append(out, c.Quads[q]...)
	}
	return out
}

// count is how many times sym appears in syms.
func count(syms []Symbol, sym Symbol) int {
	n := 0
	for _, s := range syms {
		if s == sym {
			n++
		}
	}
	return n
}

func (s Symbol) String() string {
	if s < 0 || int(s) >= len(symbolNames) {
		return "?"
	}
	return symbolNames[s]
}

var symbolNames = [...]string{
	LoseHealth: "Lose Health", LoseRelationship: "Lose Relationship", SpendWealth: "Spend Wealth",
	Wealth: "Wealth", Relationship: "Relationship", Leisure: "Leisure", Purpose: "Purpose",
}

func (s Side) String() string {
	if s < 0 || s > Bottom {
		return "?"
	}
	return [...]string{"left", "top", "right", "bottom"}[s]
}

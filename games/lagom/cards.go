package lagom

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// The card set is original to lifebot and designed to the targets of
// RULINGS 5.1. Each entry gives a title, the four quadrants TL TR BR BL
// and the discard reward. A quadrant is written as up to two letters, "-"
// for a blank one:
//
//	H Lose Health   X Lose Relationship   S Spend Wealth
//	W Wealth        R Relationship        L Leisure        P Purpose
//
// Changing any entry changes the content version (setVersion), so a saved
// game keeps playing with the set it started with: retire the old table
// into cardSets instead of editing it in place.
var baseCards = []rawCard{
	{"Night class", "S W WX L", 2},
	{"Old friend calls", "X R S P", 2},
	{"First apartment", "X P S LL", 1},
	{"Promotion", "W - P HR", 0},
	{"Marathon training", "R X L H", 1},
	{"Garden plot", "S P X R", 2},
	{"Wedding toast", "S R X P", 2},
	{"Layoff notice", "S R X L", 2},
	{"Side business", "S P SP W", 1},
	{"Road trip", "W - P HR", 0},
	{"Volunteer shift", "P S R X", 2},
	{"Sleepless baby", "HR W - P", 0},
	{"Moving abroad", "- P RH W", 0},
	{"Learning guitar", "R X P H", 1},
	{"Family dinner", "- - W SR", 1},
	{"Stock tip", "- RH P -", 0},
	{"Quiet retreat", "- X L PX", 1},
	{"Overtime", "RS - - W", 1},
	{"Book club", "W SR S -", 1},
	{"Broken arm", "S W H L", 2},
	{"New puppy", "X L S R", 2},
	{"Mortgage", "X LH W -", 1},
	{"Summer festival", "P - W HR", 0},
	{"Mentor's advice", "- W HR P", 0},
	{"Hard goodbye", "- W HR P", 0},
	{"Inheritance", "SR X - W", 1},
	{"Beach week", "X L S LP", 1},
	{"Startup pitch", "L SL P X", 1},
	{"Caring for a parent", "L X R H", 1},
	{"Choir practice", "S H X R", 2},
	{"Tax season", "L S LL X", 1},
	{"Camping trip", "R X L S", 2},
	{"Class reunion", "S L H P", 2},
	{"Burnout", "P H L X", 2},
	{"Pottery class", "W - P RH", 0},
	{"Job interview", "P S R H", 1},
	{"Lottery ticket", "RH W - P", 0},
	{"Neighbourhood cleanup", "- P HR X", 0},
	{"Long commute", "P - W HR", 0},
	{"Dance lessons", "RH W - P", 0},
	{"Home renovation", "- W HR P", 0},
	{"First novel", "W HR P -", 0},
	{"Argument at work", "HL - - W", 1},
	{"Weekend cabin", "L H R S", 1},
	{"Savings plan", "S LL X -", 1},
	{"Blind date", "W - P RH", 0},
	{"Coaching youth team", "X P H L", 2},
	{"Hospital stay", "HR W - P", 0},
	{"Sabbatical", "- P HR W", 0},
	{"Career change", "S L X R", 2},
	{"Holiday market", "W RS X -", 1},
	{"Debt repayment", "W HR P -", 0},
	{"Ski trip", "H P X L", 2},
	{"Community garden", "P H L X", 2},
	{"Night shift", "P RH W -", 0},
	{"Anniversary", "- - RS W", 1},
	{"Freelance gig", "R S L X", 2},
	{"Language exchange", "X H L X", 2},
	{"Retirement party", "HL W - S", 1},
	{"Fishing at dawn", "- - S SR", 2},
	{"Charity run", "S L H P", 3},
	{"Lost wallet", "L XL P X", 1},
	{"Pen pal", "- - W RS", 1},
	{"Museum day", "X L H R", 1},
	{"Asking for a raise", "R X W S", 3},
	{"Spa afternoon", "S L X R", 3},
	{"Protest march", "L X R S", 3},
	{"Sibling feud", "HR W - P", 0},
	{"Rental flat", "W RH P -", 0},
	{"Stargazing", "W S L LS", 1},
	{"Apprenticeship", "W SR S -", 1},
	{"Surprise party", "W RS S -", 1},
	{"Dental bill", "S W X R", 3},
	{"Yoga mornings", "P - W RH", 0},
	{"Mission abroad", "W S L H", 3},
	{"Board game evening", "P X L PX", 2},
	{"Crypto gamble", "RH W - P", 0},
	{"Late-night talk", "LH W - S", 1},
	{"Moving house", "- - W HL", 1},
	{"Poetry reading", "P X R S", 3},
	{"Second job", "W XL P X", 2},
	{"Grandchild visits", "S L X PP", 1},
	{"Cooking course", "- W RS X", 1},
	{"Sick leave", "W X R S", 3},
	{"Open mic", "X L H R", 2},
	{"Chess club", "HR W - P", 0},
	{"Family business", "P - W HR", 0},
	{"Lake swim", "S L H P", 3},
	{"Writing memoirs", "- W RH P", 0},
	{"Saying sorry", "W - P RH", 1},
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
var cardSets = []*cardSet{mustParse(baseCards)}

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

// shortNames keep a button label within Discord's limit when a side has
// many symbols.
var shortNames = [...]string{
	LoseHealth: "−Health", LoseRelationship: "−Rel", SpendWealth: "−3 coins",
	Wealth: "Wealth", Relationship: "Rel", Leisure: "Leisure", Purpose: "Purpose",
}

func (s Side) String() string {
	if s < 0 || s > Bottom {
		return "?"
	}
	return [...]string{"left", "top", "right", "bottom"}[s]
}

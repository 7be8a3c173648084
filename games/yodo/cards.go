package yodo

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games/i18n"
)

// Every fate's deck has the same make-up, turned to its own fate (RULINGS
// 4.1): 18 fate cards, each showing the deck's own symbol and 0–2 others.
// A card is written as the other fates it shows, counted from the deck's
// own fate round the circle of fates: "24" on Regret's deck (fate 1) also
// shows fates 3 and 5. The 14 extra symbols fall 3, 3, 2, 3 and 3 times on
// the fates one to five places on.
//
// A game deals only a deck's first cards (deckSize), so the order of the
// cards decides whether the fates are equal at a table (doc.go tells the
// figures): the first ten show every other fate twice, the next three the
// deck's fate alone, for tables of three to five, and only a table of six
// deals the three-symbol cards.
var baseDeck = [cardsPerDeck]string{
	"1", "5", "2", "4", "3", "1", "5", "2", "4",
	"3", "", "", "", "15", "24", "", "", "",
}

// deckSize is how many fate cards of each deck a game deals, by the
// number of seats; pacing tuned by simulation (see doc.go).
var deckSize = [maxSeats + 1]int{2: 10, 3: 11, 4: 12, 5: 13, 6: 15}

// firstHandicap is what the first to move gives up, by the number of
// seats. Playing first lets a seat claim the memory the first heartbeat
// sets, worth 4–6 points of the win share at three to six seats; with
// their heartbeat deeper in their deck the others may cover that memory
// before it is set. Two seats need nothing (doc.go tells the figures).
var firstHandicap = [maxSeats + 1]handicap{3: {Deep: 3}, 4: {Deep: 3}, 5: {Deep: 4}, 6: {Deep: 5}}

// handicap is what the first to move gives up, all of it at setup:
// Short cards dealt short (the card goes under their deck instead, so
// their hand stays a card short all game), Extra cards of their fate
// added under their deck, and a heartbeat at least Deep cards down their
// deck (one among the top Deep cards trades places with the card Deep
// places below it).
type handicap struct{ Short, Extra, Deep int }

// The content games were dealt before the decks were made fair, content
// version 6db61e01a7f9b193: games saved then name it and replay with it.
// Its first to move was dealt a card short at four to six seats and one
// more card under the deck at two and three.
var (
	baseDeckV1 = [cardsPerDeck]string{
		"", "1", "24", "", "3", "", "35", "5", "",
		"", "2", "14", "", "4", "", "23", "1", "",
	}
	deckSizeV1      = [maxSeats + 1]int{2: 10, 3: 11, 4: 12, 5: 13, 6: 14}
	firstHandicapV1 = [maxSeats + 1]handicap{2: {Extra: 1}, 3: {Extra: 1}, 4: {Short: 1}, 5: {Short: 1}, 6: {Short: 1}}
)

const (
	cardsPerDeck = 18
	// perFate is how many ids a fate's cards take: its fate cards and its
	// heartbeat, which is the last.
	perFate  = cardsPerDeck + 1
	numFates = 6
	minSeats = 2
	maxSeats = 6
	handSize = 4
)

// card is a card's id: the fate whose deck it belongs to times perFate,
// plus its place in that deck; the heartbeat comes last.
type card int

func (c card) fate() int        { return int(c) / perFate }
func (c card) heartbeat() bool  { return int(c)%perFate == cardsPerDeck }
func heartbeatOf(fate int) card { return card(fate*perFate + cardsPerDeck) }

// content is one version of everything written for the game: texts,
// decks and pacing. Its version, a hash of all of it, is saved with each
// game.
type content struct {
	version string
	fates   [numFates]fateText
	events  [len(events)]eventText
	story   storyText
	// symbols lists, per card id, the fates a card shows, its own first.
	symbols   [numFates * perFate][]int
	deckSize  [maxSeats + 1]int
	handicaps [maxSeats + 1]handicap
}

// contents lists every content version a saved game may name, the current
// one first.
var contents = []*content{
	mustBuild(fates, events, story, baseDeck, deckSize, firstHandicap),
	mustBuild(fates, events, story, baseDeckV1, deckSizeV1, firstHandicapV1),
}

func currentContent() *content { return contents[0] }

func contentByVersion(v string) (*content, bool) {
	for _, c := range contents {
		if c.version == v {
			return c, true
		}
	}
	return nil, false
}

// mustBuild checks the deck table, works out every card's symbols and
// hashes the whole. A malformed table is a programming error, caught by
// any test that loads the package.
func mustBuild(f [numFates]fateText, ev [len(events)]eventText, st storyText, deck [cardsPerDeck]string, sizes [maxSeats + 1]int, first [maxSeats + 1]handicap) *content {
	c := &content{fates: f, events: ev, story: st, deckSize: sizes, handicaps: first}
	h := fnv.New64a()
	for _, x := range f {
		fmt.Fprintf(h, "fate|%s|%s|%s|%s|%s\n", x.Name, x.Emoji, x.Colour, x.Voice, x.Epilogue)
	}
	for _, x := range ev {
		fmt.Fprintf(h, "event|%s|%s|%s\n", x.Title, strings.Join(x.Lines[:], "|"), x.Forgotten)
	}
	fmt.Fprintf(h, "story|%s|%s|%s|%s\n", st.Opening, st.Closing, strings.Join(st.Pairs, "|"), strings.Join(st.Triples, "|"))
	// Deep came after the first content, which is hashed as it was then.
	var shortExtra [maxSeats + 1]struct{ Short, Extra int }
	var deep [maxSeats + 1]int
	for seats, hc := range first {
		shortExtra[seats].Short, shortExtra[seats].Extra, deep[seats] = hc.Short, hc.Extra, hc.Deep
	}
	fmt.Fprintf(h, "deck|%s|%v|%v\n", strings.Join(deck[:], "|"), sizes, shortExtra)
	if deep != [maxSeats + 1]int{} {
		fmt.Fprintf(h, "deep|%v\n", deep)
	}
	for fate := range numFates {
		for k, extra := range deck {
			syms := []int{fate}
			for _, r := range extra {
				off, err := strconv.Atoi(string(r))
				if err != nil || off < 1 || off >= numFates || len(extra) > 2 {
					panic(fmt.Sprintf("yodo: deck card %d %q is malformed", k, extra))
				}
				syms = append(syms, (fate+off)%numFates)
			}
			c.symbols[fate*perFate+k] = syms
		}
		c.symbols[heartbeatOf(fate)] = nil
	}
	for seats := minSeats; seats <= maxSeats; seats++ {
		hc := first[seats]
		// The deck after dealing holds what was not dealt and the heartbeat.
		left := sizes[seats] - handSize + hc.Short + hc.Extra + 1
		if sizes[seats] < handSize || sizes[seats]+hc.Extra > cardsPerDeck || hc.Short < 0 || hc.Short >= handSize || hc.Extra < 0 || hc.Deep < 0 || 2*hc.Deep > left {
			panic(fmt.Sprintf("yodo: deck size %d or handicap %+v for %d seats is out of range", sizes[seats], first[seats], seats))
		}
	}
	c.version = fmt.Sprintf("%016x", h.Sum64())
	return c
}

// shares reports whether two cards show a fate in common.
func (c *content) shares(a, b card) bool {
	for _, x := range c.symbols[a] {
		for _, y := range c.symbols[b] {
			if x == y {
				return true
			}
		}
	}
	return false
}

// glyphs writes a card's symbols as its fates' emoji.
func (c *content) glyphs(x card) string {
	var b strings.Builder
	for _, f := range c.symbols[x] {
		b.WriteString(c.fates[f].Emoji)
	}
	return b.String()
}

// plainNames writes fates by name alone, for notes and images: "Mirth"
// or "Mirth-Regret-Love", as a message.
func (c *content) plainNames(fs []int) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, c.fateName(f))
	}
	return joined("yodo.join.hyphen", parts)
}

// names writes fates as "🎈 Mirth", "🎈 Mirth and 💞 Love" or "🎈 Mirth,
// ⚓ Duty and 💞 Love", as a message.
func (c *content) names(fs []int) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, c.tagged(f))
	}
	return i18n.List(parts...)
}

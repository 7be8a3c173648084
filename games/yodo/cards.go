package yodo

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Every fate's deck has the same make-up, turned to its own fate (RULINGS
// 4.1): 18 fate cards, each showing the deck's own symbol and 0–2 others,
// 8 with one symbol, 6 with two and 4 with three. A card is written as the
// other fates it shows, counted from the deck's own fate in fates order:
// "24" on Regret's deck (fate 1) also shows fates 3 and 5. The 14 extra
// symbols fall 3, 3, 3, 3 and 2 times on the five other fates.
//
// Cards are in id order, and a game short of time deals only a deck's
// first cards (deckSize), so the order keeps the mix of one, two and
// three symbols in every prefix.
var baseDeck = [cardsPerDeck]string{
	"", "1", "24", "", "3", "", "35", "5", "",
	"", "2", "14", "", "4", "", "23", "1", "",
}

// deckSize is how many fate cards of each deck a game deals, by the
// number of seats; pacing tuned by simulation (see doc.go).
var deckSize = [maxSeats + 1]int{2: 10, 3: 11, 4: 12, 5: 13, 6: 14}

// firstHandicap is what the first to move gives up, by the number of
// seats: cards dealt short (the card goes under their deck instead) and
// cards of their fate added under their deck. Playing first lets a seat
// claim the memory the first heartbeat sets; tuned by simulation so the
// first to move wins within 5 points of a fair share (see doc.go).
var firstHandicap = [maxSeats + 1]handicap{2: {Extra: 1}, 3: {Extra: 1}, 4: {Short: 1}, 5: {Short: 1}, 6: {Short: 1}}

type handicap struct{ Short, Extra int }

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
var contents = []*content{mustBuild(fates, events, story, baseDeck, deckSize, firstHandicap)}

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
	fmt.Fprintf(h, "deck|%s|%v|%v\n", strings.Join(deck[:], "|"), sizes, first)
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
		if sizes[seats] < handSize || sizes[seats]+first[seats].Extra > cardsPerDeck || first[seats].Short < 0 || first[seats].Short >= handSize {
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

// plainNames writes fates by name alone, for images: "Mirth" or
// "Mirth-Regret-Love".
func (c *content) plainNames(fs []int) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, c.fates[f].Name)
	}
	return strings.Join(parts, "-")
}

// names writes fates as "Mirth", "Mirth and Love" or "Mirth, Duty and Love".
func (c *content) names(fs []int) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, c.fates[f].Emoji+" "+c.fates[f].Name)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

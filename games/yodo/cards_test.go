package yodo

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
)

// Every deck has the same make-up, turned to its own fate: its symbol on
// every card, 6 cards of one symbol, 10 of two and 2 of three, its 14
// other symbols 2 or 3 times on each other fate.
func TestDeckMakeUp(t *testing.T) {
	c := currentContent()
	for fate := range numFates {
		bySize := [4]int{}
		others := map[int]int{}
		for k := range cardsPerDeck {
			syms := c.symbols[fate*perFate+k]
			if len(syms) == 0 || syms[0] != fate {
				t.Fatalf("fate %d card %d shows %v: its own fate must come first", fate, k, syms)
			}
			seen := map[int]bool{}
			for _, f := range syms {
				if seen[f] {
					t.Fatalf("fate %d card %d shows fate %d twice", fate, k, f)
				}
				seen[f] = true
				if f != fate {
					others[f]++
				}
			}
			bySize[len(syms)]++
		}
		if bySize != [4]int{0, 6, 10, 2} {
			t.Errorf("fate %d: cards by symbols %v, want 6 of one, 10 of two, 2 of three", fate, bySize[1:])
		}
		total := 0
		for f := range numFates {
			if f == fate {
				continue
			}
			if n := others[f]; n < 2 || n > 3 {
				t.Errorf("fate %d shows fate %d on %d cards, want 2 or 3", fate, f, n)
			}
			total += others[f]
		}
		if total != 14 {
			t.Errorf("fate %d shows %d other symbols, want 14", fate, total)
		}
		if !heartbeatOf(fate).heartbeat() || c.symbols[heartbeatOf(fate)] != nil {
			t.Errorf("fate %d's heartbeat is not a heartbeat", fate)
		}
	}
}

// The fates are equal at every table (see doc.go for the figures), and
// these are the properties of the dealt cards that make them so; each
// holds of the current content and fails for the content dealt before.
func TestDealtCardsTreatTheFatesAlike(t *testing.T) {
	checks := []struct {
		name   string
		faults func(*content) []string
	}{
		{"exposure", exposureFaults},
		{"mirror", mirrorFaults},
		{"small tables", smallTableFaults},
	}
	v1, _ := contentByVersion(versionV1)
	for _, check := range checks {
		for _, f := range check.faults(currentContent()) {
			t.Errorf("%s: %s", check.name, f)
		}
		if len(check.faults(v1)) == 0 {
			t.Errorf("%s: the first content passes, but its fates were unequal: the check tells nothing", check.name)
		}
	}
}

// dealtSizes lists how many cards of a deck a seat may be dealt at seats:
// the deck's size, and more for the first to move if they get more.
func dealtSizes(c *content, seats int) []int {
	sizes := []int{c.deckSize[seats]}
	if extra := c.handicaps[seats].Extra; extra > 0 {
		sizes = append(sizes, c.deckSize[seats]+extra)
	}
	return sizes
}

// dealt lists the fates each of the first n cards of fate's deck shows.
func (c *content) dealt(fate, n int) [][]int {
	return c.symbols[fate*perFate : fate*perFate+n]
}

// exposureFaults finds, at every deck size dealt, two fates one of whose
// cards shows the other's symbol more often than the other's show its
// (issue 25: that decided two-seat games).
func exposureFaults(c *content) []string {
	var out []string
	for seats := minSeats; seats <= maxSeats; seats++ {
		for _, n := range dealtSizes(c, seats) {
			for a := range numFates {
				for b := a + 1; b < numFates; b++ {
					ab, ba := showing(c.dealt(a, n), b), showing(c.dealt(b, n), a)
					if ab != ba {
						out = append(out, fmt.Sprintf("%d seats, %d cards: fate %d's cards show fate %d %d times, fate %d's show fate %d %d times", seats, n, a, b, ab, b, a, ba))
					}
				}
			}
		}
	}
	return out
}

func showing(cards [][]int, fate int) int {
	n := 0
	for _, syms := range cards {
		if slices.Contains(syms, fate) {
			n++
		}
	}
	return n
}

// mirrorFaults finds two-seat decks that change when the circle of fates
// is mirrored through their own fate (each fate d places on becomes d
// places back). Decks that do not change, being one deck turned to each
// fate, make every ordered pair of fates play as its reverse: a seat wins
// half its games against any rival.
func mirrorFaults(c *content) []string {
	var out []string
	for _, n := range dealtSizes(c, 2) {
		for fate := range numFates {
			cards := c.dealt(fate, n)
			var mirrored [][]int
			for _, syms := range cards {
				var m []int
				for _, f := range syms {
					m = append(m, (2*fate-f+2*numFates)%numFates)
				}
				mirrored = append(mirrored, m)
			}
			if a, b := sortedSets(cards), sortedSets(mirrored); !slices.Equal(a, b) {
				out = append(out, fmt.Sprintf("2 seats, %d cards: fate %d's cards %v mirror to %v", n, fate, a, b))
			}
		}
	}
	return out
}

// sortedSets writes each card's fates as a sorted set, the cards sorted.
func sortedSets(cards [][]int) []string {
	var out []string
	for _, syms := range cards {
		out = append(out, fmt.Sprint(slices.Sorted(slices.Values(syms))))
	}
	slices.Sort(out)
	return out
}

// smallTableFaults finds three- to five-seat decks whose two-symbol cards
// show some other fate more often than another, or whose three-symbol
// cards show some pair of other fates more often than another. Which fates
// sit at such a table and which do not is chance; decks without such a
// bias meet the absent fates alike wherever they lie round the circle.
func smallTableFaults(c *content) []string {
	var out []string
	for seats := 3; seats <= 5; seats++ {
		for _, n := range dealtSizes(c, seats) {
			for fate := range numFates {
				counts := map[string]int{}
				for _, syms := range c.dealt(fate, n) {
					if len(syms) > 1 {
						counts[fmt.Sprint(slices.Sorted(slices.Values(syms[1:])))]++
					}
				}
				for _, kind := range []struct {
					symbols int
					sets    []string
				}{{2, otherSets(fate, 1)}, {3, otherSets(fate, 2)}} {
					var got []int
					for _, set := range kind.sets {
						got = append(got, counts[set])
					}
					if slices.Min(got) != slices.Max(got) {
						out = append(out, fmt.Sprintf("%d seats, %d cards: fate %d's %d-symbol cards show %v as %v times", seats, n, fate, kind.symbols, kind.sets, got))
					}
				}
			}
		}
	}
	return out
}

// otherSets lists every set of one or two fates other than fate, as
// sortedSets writes a card's fates.
func otherSets(fate, size int) []string {
	var others []int
	for f := range numFates {
		if f != fate {
			others = append(others, f)
		}
	}
	var out []string
	for i, a := range others {
		if size == 1 {
			out = append(out, fmt.Sprint([]int{a}))
			continue
		}
		for _, b := range others[i+1:] {
			out = append(out, fmt.Sprint([]int{a, b}))
		}
	}
	return out
}

// versionV1 is the version of the first content, which saved games name.
const versionV1 = "6db61e01a7f9b193"

// The content version changes with any part of the content, so a saved
// game keeps what it was dealt; the first content keeps its version, so
// games dealt from it still load and replay.
func TestContentVersion(t *testing.T) {
	base := mustBuild(fates, events, story, baseDeck, deckSize, firstHandicap)
	if base.version != currentContent().version {
		t.Fatal("the same content hashed to two versions")
	}
	if v1, ok := contentByVersion(versionV1); !ok || mustBuild(fates, events, story, baseDeckV1, deckSizeV1, firstHandicapV1).version != versionV1 || v1 == currentContent() {
		t.Errorf("the first content no longer hashes to %s: games dealt from it cannot load", versionV1)
	}
	changed := events
	changed[3].Lines[2] += " Then again."
	if mustBuild(fates, changed, story, baseDeck, deckSize, firstHandicap).version == base.version {
		t.Error("a changed line kept the version")
	}
	deck := baseDeck
	deck[0] = ""
	if mustBuild(fates, events, story, deck, deckSize, firstHandicap).version == base.version {
		t.Error("a changed card kept the version")
	}
	sizes := deckSize
	sizes[2]++
	if mustBuild(fates, events, story, baseDeck, sizes, firstHandicap).version == base.version {
		t.Error("a changed deck size kept the version")
	}
	first := firstHandicap
	first[3].Deep++
	if mustBuild(fates, events, story, baseDeck, deckSize, first).version == base.version {
		t.Error("a changed handicap kept the version")
	}
	if _, err := (Game{}).New(games.Config{Seats: 3, Seed: 1, Content: "nope"}); err == nil {
		t.Error("an unknown content version was accepted")
	}
}

// A game dealt from the first content, saved in the middle, loads and
// plays on with that content and its handicap.
func TestFirstContentGamesPlayOn(t *testing.T) {
	st, err := Game{}.New(games.Config{Seats: 4, Seed: 3, Content: versionV1})
	if err != nil {
		t.Fatal(err)
	}
	ai, rng := Game{}.AI(), rand.New(rand.NewPCG(3, 3))
	for range 20 {
		seat := st.Active()[0]
		if _, err := st.Apply(seat, ai.Choose(st, seat, rng)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := Game{}.Decode(data)
	if err != nil {
		t.Fatalf("a game of the first content did not load: %v", err)
	}
	s := loaded.(*state)
	if s.c.version != versionV1 || len(s.hands[s.first]) != handSize-1 {
		t.Fatalf("loaded with content %s and a first hand of %d cards, want %s and %d", s.c.version, len(s.hands[s.first]), versionV1, handSize-1)
	}
	for len(s.Active()) > 0 {
		seat := s.Active()[0]
		if _, err := s.Apply(seat, ai.Choose(s, seat, rng)); err != nil {
			t.Fatal(err)
		}
	}
}

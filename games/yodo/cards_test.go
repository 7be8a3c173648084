package yodo

import (
	"testing"

	"github.com/lifebot/lifebot/games"
)

// Every deck has the make-up of RULINGS 4.1, turned to its own fate: its
// symbol on every card, 8 cards of one symbol, 6 of two and 4 of three,
// its 14 other symbols 2 or 3 times on each other fate; and every prefix
// of a deck, as a short game deals it, keeps the mix within one card.
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
			// The mix of the first k+1 cards stays within one card of
			// the whole deck's proportions.
			for n, want := range [4]float64{0, 8, 6, 4} {
				if n == 0 {
					continue
				}
				exact := want * float64(k+1) / cardsPerDeck
				if got := float64(bySize[n]); got < exact-1 || got > exact+1 {
					t.Errorf("fate %d: the first %d cards hold %v of %d symbols, want about %.1f", fate, k+1, got, n, exact)
				}
			}
		}
		if bySize != [4]int{0, 8, 6, 4} {
			t.Errorf("fate %d: cards by symbols %v, want 8 of one, 6 of two, 4 of three", fate, bySize[1:])
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

// The content version changes with any part of the content, so a saved
// game keeps what it was dealt.
func TestContentVersion(t *testing.T) {
	base := mustBuild(fates, events, story, baseDeck, deckSize, firstHandicap)
	if base.version != currentContent().version {
		t.Fatal("the same content hashed to two versions")
	}
	changed := events
	changed[3].Lines[2] += " Then again."
	if mustBuild(fates, changed, story, baseDeck, deckSize, firstHandicap).version == base.version {
		t.Error("a changed line kept the version")
	}
	deck := baseDeck
	deck[0] = "1"
	if mustBuild(fates, events, story, deck, deckSize, firstHandicap).version == base.version {
		t.Error("a changed card kept the version")
	}
	sizes := deckSize
	sizes[2]++
	if mustBuild(fates, events, story, baseDeck, sizes, firstHandicap).version == base.version {
		t.Error("a changed deck size kept the version")
	}
	if _, err := (Game{}).New(games.Config{Seats: 3, Seed: 1, Content: "nope"}); err == nil {
		t.Error("an unknown content version was accepted")
	}
}

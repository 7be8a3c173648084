package lagom

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// newState starts a seeded game.
func newState(tb testing.TB, seats int, seed uint64) *state {
	tb.Helper()
	gs, err := Game{}.New(games.Config{Seats: seats, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	return gs.(*state)
}

// cardWith plants a card showing quads (in the table's notation) with
// the given discard reward into the state's own copy of the card set and
// returns its id, so that rules tests name cards by what they show and
// do not depend on the deck's current tuning. Planting the same card
// twice returns the same id; different cards take different ids.
func cardWith(tb testing.TB, s *state, quads string, reward int) int {
	tb.Helper()
	title := "Planted " + quads + " " + strconv.Itoa(reward)
	c := mustParse([]rawCard{{title, quads, reward}}).cards[0]
	if s.set.version != plantedVersion {
		s.set = &cardSet{version: plantedVersion, cards: slices.Clone(s.set.cards)}
	}
	for id := len(s.set.cards) - 1; id >= 0; id-- {
		switch old := s.set.cards[id]; {
		case old.Title == title:
			return id
		case !strings.HasPrefix(old.Title, "Planted "):
			c.ID = id
			s.set.cards[id] = c
			return id
		}
	}
	tb.Fatal("no card left to replace")
	return noCard
}

// plantedVersion marks a set changed by cardWith: saving such a state and
// loading it back fails loudly instead of using the real set.
const plantedVersion = "planted"

// cardWhere finds a card with a side that matches ok.
func cardWhere(tb testing.TB, s *state, ok func(c Card) (Side, bool)) (int, Side) {
	tb.Helper()
	for id, c := range s.set.cards {
		if side, yes := ok(c); yes {
			return id, side
		}
	}
	tb.Fatal("no such card")
	return noCard, 0
}

// sideIs finds a side whose symbols are exactly syms (any order).
func sideIs(syms ...Symbol) func(Card) (Side, bool) {
	want := slices.Clone(syms)
	slices.Sort(want)
	return func(c Card) (Side, bool) {
		for side := Left; side <= Bottom; side++ {
			got := c.symbols(side)
			slices.Sort(got)
			if slices.Equal(got, want) {
				return side, true
			}
		}
		return 0, false
	}
}

// give moves card c from wherever it is into p's hand.
func give(s *state, p, c int) {
	s.deck = without(s.deck, c)
	s.discard = without(s.discard, c)
	for q := range s.ps {
		s.ps[q].hand = without(s.ps[q].hand, c)
	}
	s.ps[p].hand = append(s.ps[p].hand, c)
}

func without(cs []int, c int) []int {
	if i := slices.Index(cs, c); i >= 0 {
		return slices.Delete(slices.Clone(cs), i, i+1)
	}
	return cs
}

// place puts card c into p's tableau on side as if played in round r.
func place(s *state, p, c int, side Side, r int) {
	s.deck = without(s.deck, c)
	s.discard = without(s.discard, c)
	for q := range s.ps {
		s.ps[q].hand = without(s.ps[q].hand, c)
	}
	syms := s.card(c).symbols(side)
	t := played{card: c, side: side, round: r, syms: syms}
	if len(syms) > 0 {
		t.sunset, t.stacks = make([]bool, len(syms)), make([]int, len(syms))
		for i, sym := range syms {
			if sym == Wealth {
				t.stacks[i] = 1
			}
		}
	}
	s.ps[p].tableau = append(s.ps[p].tableau, t)
}

// apply applies a or fails the test.
func apply(tb testing.TB, s *state, p int, a string) []games.Event {
	tb.Helper()
	act, err := games.ParseAction(a)
	if err != nil {
		tb.Fatal(err)
	}
	ev, err := s.Apply(games.Seat(p), act)
	if err != nil {
		tb.Fatalf("seat %d %s: %v", p, a, err)
	}
	return ev
}

// pickFor makes seat p's next picks in the select step: no extra draw,
// then card c.
func pickFor(tb testing.TB, s *state, p, c int) {
	tb.Helper()
	if s.ps[p].phase == phaseDraw {
		apply(tb, s, p, "done")
	}
	apply(tb, s, p, "pick."+itoa(c))
}

func itoa(n int) string { return strconv.Itoa(n) }

// english says text as an English reader reads it, lists included.
func english(text string) string {
	c, err := i18n.Join(i18n.Words(), words())
	if err != nil {
		panic(err)
	}
	return c.In(i18n.English).Say(text)
}

// labels lists the labels of p's choices, in English.
func labels(s *state, p int) string {
	var out []string
	for _, c := range s.Legal(games.Seat(p)) {
		out = append(out, english(c.Label))
	}
	return strings.Join(out, " | ")
}

// kinds lists the action kinds legal for p.
func kinds(s *state, p int) []string {
	var out []string
	for _, c := range s.Legal(games.Seat(p)) {
		out = append(out, c.Action.String())
	}
	return out
}

// checkInvariants verifies that every card is in exactly one place.
func checkInvariants(s *state) string {
	seen := make([]int, len(s.set.cards))
	for _, c := range s.deck {
		seen[c]++
	}
	for _, c := range s.discard {
		seen[c]++
	}
	for _, pl := range s.ps {
		for _, c := range pl.hand {
			seen[c]++
		}
		for _, t := range pl.tableau {
			seen[t.card]++
		}
		if pl.pick != noCard {
			seen[pl.pick]++
		}
		if pl.pass != noCard {
			seen[pl.pass]++
		}
	}
	for c, n := range seen {
		if n != 1 {
			return "card " + itoa(c) + " is in " + itoa(n) + " places"
		}
	}
	return ""
}

// toPlay puts seat p in the play step with c revealed, and every other
// seat done with the round, so that p's decisions finish it.
func toPlay(s *state, p, c int) {
	give(s, p, c)
	s.ps[p].hand = without(s.ps[p].hand, c)
	s.step = stepPlay
	for q := range s.ps {
		s.ps[q].phase = phaseDone
	}
	s.ps[p].pick, s.ps[p].shown, s.ps[p].phase = c, c, phasePlay
}

// entry builds a tableau entry with the given symbols directly, for
// tests about symbols rather than cards.
func entry(r int, syms ...Symbol) played {
	t := played{card: 89, round: r, syms: syms, sunset: make([]bool, len(syms)), stacks: make([]int, len(syms))}
	for i, sym := range syms {
		if sym == Wealth {
			t.stacks[i] = 1
		}
	}
	return t
}

// finish passes p's first card if p must still pass.
func finish(tb testing.TB, s *state, p int) {
	tb.Helper()
	if s.ps[p].phase == phasePass {
		apply(tb, s, p, "pass."+itoa(s.ps[p].hand[0]))
	}
}

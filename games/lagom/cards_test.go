package lagom

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// staticValue rates a side for the card-set constraints of RULINGS 5.1:
// a rough worth of each symbol in fulfilment, independent of any game.
func staticValue(syms []Symbol) float64 {
	w := map[Symbol]float64{Relationship: 3, Purpose: 2, Leisure: 2.5, Wealth: 1.5,
		LoseHealth: -1, SpendWealth: -1.5, LoseRelationship: -2.5}
	v := 0.0
	for _, s := range syms {
		v += w[s]
	}
	return v
}

func isCost(s Symbol) bool { return s <= SpendWealth }

// TestCardSetConstraints checks the 90-card set against RULINGS 5.1 and
// logs the measured shares.
func TestCardSetConstraints(t *testing.T) {
	cards := currentSet().cards
	if len(cards) != 90 {
		t.Fatalf("%d cards, want 90", len(cards))
	}
	var blank, single, double, symbols int
	symCount := map[Symbol]int{}
	rewards := [4]int{}
	withFree := 0
	titles := map[string]bool{}
	type rated struct {
		best   float64
		reward int
	}
	var rates []rated
	for _, c := range cards {
		lower := strings.ToLower(c.Title)
		for other := range titles {
			if strings.Contains(other, lower) || strings.Contains(lower, other) {
				t.Errorf("title %q and %q overlap, so text checks could confuse them", c.Title, other)
			}
		}
		titles[lower] = true
		for _, q := range c.Quads {
			switch len(q) {
			case 0:
				blank++
			case 1:
				single++
			default:
				double++
			}
			for _, s := range q {
				symCount[s]++
				symbols++
			}
		}
		rewards[c.Reward]++
		best, freeBest := -100.0, -100.0
		kinds := map[string]bool{}
		playable := false
		for side := Left; side <= Bottom; side++ {
			syms := c.symbols(side)
			v := staticValue(syms)
			best = max(best, v)
			sorted := slices.Clone(syms)
			slices.Sort(sorted)
			kinds[symbolList(sorted)] = true
			gains := 0
			for _, s := range syms {
				if !isCost(s) {
					gains++
				}
			}
			if gains > 3 || count(syms, Leisure) > 2 {
				t.Errorf("%s facing %s: %d gains, %d Leisure; want at most 3 and 2", c.Title, side, gains, count(syms, Leisure))
			}
			if count(syms, LoseHealth) <= 3 && count(syms, SpendWealth)*spendCoins <= 3 && count(syms, LoseRelationship) <= 1 {
				playable = true
			}
			if gains == len(syms) {
				freeBest = max(freeBest, v)
			}
		}
		if len(kinds) < 3 {
			t.Errorf("%s: only %d different sides, want sides that differ in character", c.Title, len(kinds))
		}
		if !playable {
			t.Errorf("%s: unplayable with 3 health, 3 coins and one Relationship", c.Title)
		}
		if freeBest > -100 {
			withFree++
			if freeBest > best/2 {
				t.Errorf("%s: cost-free side worth %.1f, more than half the best side %.1f", c.Title, freeBest, best)
			}
		}
		rates = append(rates, rated{best, c.Reward})
	}
	pct := func(n, of int) float64 { return 100 * float64(n) / float64(of) }
	quads := 4 * len(cards)
	t.Logf("quadrants: one symbol %.0f%%, two %.0f%%, blank %.0f%%", pct(single, quads), pct(double, quads), pct(blank, quads))
	if d := pct(single, quads) - 70; d < -6 || d > 6 {
		t.Errorf("one-symbol quadrants %.0f%%, want about 70%%", pct(single, quads))
	}
	want := map[Symbol]float64{Relationship: 17, Purpose: 15, Leisure: 13, Wealth: 14, SpendWealth: 14, LoseHealth: 14, LoseRelationship: 13}
	var line []string
	for s := LoseHealth; s <= Purpose; s++ {
		got := pct(symCount[s], symbols)
		line = append(line, fmt.Sprintf("%s %.1f%%", s, got))
		if got < want[s]-3 || got > want[s]+3 {
			t.Errorf("%s is %.1f%% of symbols, want about %.0f%%", s, got, want[s])
		}
	}
	t.Logf("symbol shares: %s", strings.Join(line, ", "))
	t.Logf("rewards 0/1/2/3: %.0f/%.0f/%.0f/%.0f%%; cards with a cost-free side: %.0f%%",
		pct(rewards[0], 90), pct(rewards[1], 90), pct(rewards[2], 90), pct(rewards[3], 90), pct(withFree, 90))
	for r, wantPct := range []float64{30, 35, 25, 10} {
		if got := pct(rewards[r], 90); got < wantPct-5 || got > wantPct+5 {
			t.Errorf("reward %d on %.0f%% of cards, want about %.0f%%", r, got, wantPct)
		}
	}
	if got := pct(withFree, 90); got < 40 || got > 60 {
		t.Errorf("%.0f%% of cards have a cost-free side, want about half", got)
	}
	// The stronger the best side, the lower the reward: mean best side per
	// reward must fall.
	var mean [4]float64
	for _, r := range rates {
		mean[r.reward] += r.best / float64(rewards[r.reward])
	}
	t.Logf("mean best side by reward 0/1/2/3: %.1f/%.1f/%.1f/%.1f", mean[0], mean[1], mean[2], mean[3])
	for r := 1; r < 4; r++ {
		if mean[r] >= mean[r-1] {
			t.Errorf("reward %d cards have a mean best side %.1f, not below reward %d's %.1f", r, mean[r], r-1, mean[r-1])
		}
	}
}

package alife

import (
	"slices"
	"testing"
)

// TestRuling01BoardGraph holds the board to RULINGS 3.2: 15 card columns in 5
// phases of 3, and from every marker space bars to 2 or 3 cards of the
// next column, edge rows to 2 and middle rows to 3.
func TestRuling01BoardGraph(t *testing.T) {
	b := standardBoard
	if b.columns != 15 || b.rows != 4 {
		t.Fatalf("%d columns of %d rows, want 15 of 4", b.columns, b.rows)
	}
	for c := 1; c <= b.columns; c++ {
		if want := (c-1)/3 + 1; phaseOf(c) != want {
			t.Errorf("column %d is in phase %d, want %d", c, phaseOf(c), want)
		}
	}
	for r := range b.rows {
		got := b.bars(r)
		if len(got) < 2 || len(got) > 3 {
			t.Errorf("row %d reaches %d cards, want 2 or 3", r, len(got))
		}
		if !slices.Contains(got, r) {
			t.Errorf("row %d does not reach the card straight ahead", r)
		}
		edge := r == 0 || r == b.rows-1
		if edge != (len(got) == 2) {
			t.Errorf("row %d reaches %v", r, got)
		}
	}
}

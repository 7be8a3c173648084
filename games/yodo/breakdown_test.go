package yodo

import (
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
)

// A finished game tells each seat's fate, its rival's at two seats or the
// fates at the table beyond, where the others sit round the circle of
// fates, and its place in turn order.
func TestBreakdownFacts(t *testing.T) {
	s := play(t, games.Config{Seats: 2, Seed: 11}, Game{}.AI())
	s.fate = []int{0, 1} // Mirth against Regret, one place on
	s.first = 1
	if got := s.Breakdowns(); !slices.Equal(got, []string{byFate, byPair, byCircle, byOrder}) {
		t.Errorf("two seats break down by %v", got)
	}
	want := map[string][2]string{
		byFate:   {"Mirth", "Regret"},
		byPair:   {"Mirth vs Regret", "Regret vs Mirth"},
		byCircle: {"+1", "+5"},
		byOrder:  {"2nd to move", "1st to move"},
	}
	for kind, w := range want {
		for seat := range 2 {
			if got := s.Facts(kind, games.Seat(seat)); len(got) != 1 || got[0] != w[seat] {
				t.Errorf("seat %d's %s: %q, want %q", seat, kind, got, w[seat])
			}
		}
	}
	if got := s.Facts(byTable, 0); got != nil {
		t.Errorf("two seats tell a table: %q", got)
	}

	s = play(t, games.Config{Seats: 4, Seed: 12}, Game{}.AI())
	s.fate = []int{5, 0, 3, 1} // Love, Mirth, Wonder, Regret
	s.first = 2
	if got := s.Breakdowns(); !slices.Equal(got, []string{byFate, byTable, byCircle, byOrder}) {
		t.Errorf("four seats break down by %v", got)
	}
	for seat, w := range []struct{ table, circle, order string }{
		{"Love in Mirth+Regret+Wonder+Love", "+1+2+4", "3rd to move"},
		{"Mirth in Mirth+Regret+Wonder+Love", "+1+3+5", "4th to move"},
		{"Wonder in Mirth+Regret+Wonder+Love", "+2+3+4", "1st to move"},
		{"Regret in Mirth+Regret+Wonder+Love", "+2+4+5", "2nd to move"},
	} {
		for kind, want := range map[string]string{byTable: w.table, byCircle: w.circle, byOrder: w.order} {
			if got := s.Facts(kind, games.Seat(seat)); len(got) != 1 || got[0] != want {
				t.Errorf("seat %d's %s: %q, want %q", seat, kind, got, want)
			}
		}
	}
	if got := s.Facts(byPair, 0); got != nil {
		t.Errorf("four seats tell a pair: %q", got)
	}
}

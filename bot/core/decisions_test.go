package core

import (
	"testing"

	"github.com/lifebot/lifebot/games"
)

// choosing is a state whose seats' choices a test sets by hand.
type choosing struct {
	games.State
	legal map[games.Seat][]games.Choice
}

func (c *choosing) Active() []games.Seat {
	var out []games.Seat
	for s := range games.Seat(2) {
		if len(c.legal[s]) > 0 {
			out = append(out, s)
		}
	}
	return out
}

func (c *choosing) Legal(s games.Seat) []games.Choice { return c.legal[s] }

func choice(kind, label string) games.Choice {
	return games.Choice{Action: games.Action{Kind: kind}, Label: label}
}

// A seat's buttons stay good while every choice they offer is still
// there as worded; a choice gone or reworded, or the seat's own move, is
// a new decision.
func TestDecisionsChangeOnlyWhenAChoiceIsLost(t *testing.T) {
	tb := &table{Seats: []seat{{User: "a"}, {User: "b"}}}
	st := &choosing{legal: map[games.Seat][]games.Choice{
		0: {choice("res", "Resources"), choice("dev", "Develop the kite")},
	}}
	step := func(acted ...games.Seat) {
		tb.Log = append(tb.Log, logEntry{Seat: 1})
		tb.refreshDecisions(st, acted, "")
	}
	step()
	first := tb.asked(0)
	// Another seat's move adds a choice: the same decision.
	st.legal[0] = append([]games.Choice{choice("friend", "Befriend the new card")}, st.legal[0]...)
	st.legal[1] = []games.Choice{choice("take", "Take a card")}
	step(1)
	if tb.asked(0) != first {
		t.Fatal("a choice added by someone else's move made seat 0's buttons stale")
	}
	if tb.asked(1) == first {
		t.Fatal("seat 1, asked for the first time, carries seat 0's old decision number")
	}
	// A choice reworded is a new decision.
	st.legal[0][2] = choice("dev", "Develop the boat")
	step(1)
	second := tb.asked(0)
	if second == first {
		t.Fatal("a reworded choice kept the old buttons good")
	}
	// A choice gone is a new decision.
	st.legal[0] = st.legal[0][1:]
	step(1)
	if tb.asked(0) == second {
		t.Fatal("a lost choice kept the old buttons good")
	}
	// The seat's own move is always a new decision.
	third := tb.asked(0)
	step(0)
	if tb.asked(0) == third {
		t.Fatal("the seat's own move kept its old buttons good")
	}
}

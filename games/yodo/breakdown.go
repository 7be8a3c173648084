package yodo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// Kinds of facts a finished game tells of its seats (games.Breakdown).
const (
	byFate  = "fate"  // the seat's fate: "Mirth"
	byPair  = "pair"  // at two seats, the seat's fate and its rival's: "Mirth vs Duty"
	byTable = "table" // at three or more, the seat's fate among the fates at the table: "Mirth in Mirth+Duty+Love"
	byOrder = "order" // the seat's place in turn order: "1st to move"
	// byCircle places the other fates at the table round the circle of
	// fates from the seat's own: "+1+3" has them one and three places on.
	// Every deck is the same deck turned to its fate, so tables of one
	// shape play alike whatever the names: each is a class of tables.
	byCircle = "circle"
)

// Breakdowns implements games.Breakdown.
func (s *state) Breakdowns() []string {
	if s.seats == 2 {
		return []string{byFate, byPair, byCircle, byOrder}
	}
	return []string{byFate, byTable, byCircle, byOrder}
}

// Facts implements games.Breakdown.
func (s *state) Facts(kind string, seat games.Seat) []string {
	name := s.c.fates[s.fate[seat]].Name
	switch {
	case kind == byFate:
		return []string{name}
	case kind == byPair && s.seats == 2:
		return []string{name + " vs " + s.c.fates[s.fate[1-seat]].Name}
	case kind == byTable && s.seats > 2:
		var table []string
		for _, f := range slices.Sorted(slices.Values(s.fate)) {
			table = append(table, s.c.fates[f].Name)
		}
		return []string{name + " in " + strings.Join(table, "+")}
	case kind == byCircle:
		var places []int
		for _, f := range s.fate {
			if d := (f - s.fate[seat] + numFates) % numFates; d != 0 {
				places = append(places, d)
			}
		}
		slices.Sort(places)
		var b strings.Builder
		for _, d := range places {
			fmt.Fprintf(&b, "+%d", d)
		}
		return []string{b.String()}
	case kind == byOrder:
		return []string{placeInTurn[(int(seat-s.first)+s.seats)%s.seats]}
	}
	return nil
}

// placeInTurn names the seats in turn order from the first to move.
var placeInTurn = [maxSeats]string{"1st to move", "2nd to move", "3rd to move", "4th to move", "5th to move", "6th to move"}

package alife

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// phaseNames name the five phases of a life, as the story tells them.
var phaseNames = [numPhases]string{"Childhood", "Youth", "Adulthood", "Middle age", "Old age"}

// Story implements games.Teller: once the game is over, one paragraph per
// life, winners first, told phase by phase from the titles of the cards
// lived there and the flavour of the one that counted most, with the
// children and the values the life was scored by.
func (s *state) Story() []string {
	if s.step != stepOver {
		return nil
	}
	res := s.Result()
	order := make([]int, s.seats)
	for p := range order {
		order[p] = p
	}
	slices.SortStableFunc(order, func(a, b int) int { return res.Rank[a] - res.Rank[b] })
	var out []string
	for _, p := range order {
		out = append(out, s.lifeStory(p, res))
	}
	return out
}

// lifeStory tells one seat's life in a paragraph.
func (s *state) lifeStory(p int, res games.Result) string {
	pl := &s.ps[p]
	var b strings.Builder
	fmt.Fprintf(&b, "📖 **The life of %s**, %s with %s.", games.SeatRef(games.Seat(p)), ordinal(res.Rank[p]), pointsText(res.Scores[p]))
	for ph, col := range pl.Tableau {
		var lived []string
		best, bestWorth := -1, -1
		for _, t := range col {
			if t.Child {
				continue
			}
			c := s.card(t.Card)
			title := "*" + c.Title + "*"
			worth := areaWorth(c.Base)
			if t.Developed {
				title += ", to the full"
				worth += areaWorth(c.Dev)
			}
			lived = append(lived, title)
			if worth > bestWorth {
				best, bestWorth = t.Card, worth
			}
		}
		if len(lived) == 0 {
			continue
		}
		fmt.Fprintf(&b, " %s: %s.", phaseNames[ph], joinWords(lived))
		if best >= 0 {
			fmt.Fprintf(&b, " “%s”", s.card(best).Flavour)
		}
	}
	var kids []string
	for _, col := range pl.Tableau {
		for _, t := range col {
			if t.Child {
				kids = append(kids, "*"+s.card(t.Card).Title+"*")
			}
		}
	}
	switch len(kids) {
	case 0:
	case 1:
		fmt.Fprintf(&b, " A child grew up with %s.", kids[0])
	default:
		fmt.Fprintf(&b, " %d children grew up, with %s.", len(kids), joinWords(kids))
	}
	if pl.Dead && pl.DiedIn < s.shape.columns {
		fmt.Fprintf(&b, " The heart gave out in round %d, in %s.", pl.DiedIn, strings.ToLower(phaseNames[phaseOf(pl.DiedIn)-1]))
	}
	fmt.Fprintf(&b, " %s", valuesLine(pl))
	return b.String()
}

// valuesLine names what a life scored most by.
func valuesLine(pl *player) string {
	type value struct {
		r Resource
		v int
	}
	var vs []value
	for r := range numResources {
		if v := pl.product(Resource(r)); v > 0 {
			vs = append(vs, value{Resource(r), v})
		}
	}
	slices.SortStableFunc(vs, func(a, b value) int { return b.v - a.v })
	if len(vs) == 0 {
		return "Nothing it held dear was ever lived."
	}
	var parts []string
	for _, v := range vs[:min(3, len(vs))] {
		parts = append(parts, fmt.Sprintf("%s (%d)", v.r, v.v))
	}
	return "It was lived above all for " + joinWords(parts) + "."
}

// areaWorth weighs an area by its symbols, for picking the card that
// counted most in a phase.
func areaWorth(a Area) int {
	n := a.Money + a.Draw + a.Babies
	for r := range numResources {
		n += a.Scoring[r] + a.Life[r]
	}
	return n
}

func joinWords(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return "fourth"
}

func pointsText(n int) string {
	if n == 1 {
		return "1 point"
	}
	if n < 0 {
		return fmt.Sprintf("−%d points", -n)
	}
	return fmt.Sprintf("%d points", n)
}

package alife

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// phaseKeys name the five phases of a life in the story's keys.
var phaseKeys = [numPhases]string{"childhood", "youth", "adulthood", "middle_age", "old_age"}

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

// lifeStory tells one seat's life in a paragraph, a message a sentence.
func (s *state) lifeStory(p int, res games.Result) string {
	pl := &s.ps[p]
	place := i18n.Msg("alife.story.place." + strconv.Itoa(min(max(res.Rank[p], 1), 4)))
	said := []string{i18n.Msg("alife.story.opening", "who", games.SeatRef(games.Seat(p)), "place", place, "n", res.Scores[p], "points", signed(res.Scores[p]))}
	for ph, col := range pl.Tableau {
		var lived []string
		best, bestWorth := -1, -1
		for _, t := range col {
			if t.Child {
				continue
			}
			c := s.card(t.Card)
			title := i18n.Msg("alife.story.card", "card", titleOf(c))
			worth := areaWorth(c.Base)
			if t.Developed {
				title = i18n.Msg("alife.story.card_to_the_full", "card", titleOf(c))
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
		said = append(said, i18n.Msg("alife.story.phase."+phaseKeys[ph], "cards", i18n.List(lived...)))
		if best >= 0 {
			said = append(said, i18n.Msg("alife.story.flavour", "flavour", flavourOf(s.card(best))))
		}
	}
	var kids []string
	for _, col := range pl.Tableau {
		for _, t := range col {
			if t.Child {
				kids = append(kids, i18n.Msg("alife.story.card", "card", titleOf(s.card(t.Card))))
			}
		}
	}
	if len(kids) > 0 {
		said = append(said, i18n.Msg("alife.story.children", "n", len(kids), "cards", i18n.List(kids...)))
	}
	if pl.Dead && pl.DiedIn < s.shape.columns {
		said = append(said, i18n.Msg("alife.story.heart_gave_out."+phaseKeys[phaseOf(pl.DiedIn)-1], "round", pl.DiedIn))
	}
	said = append(said, valuesLine(pl))
	return strings.Join(said, " ")
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
		return i18n.Msg("alife.story.nothing_dear")
	}
	var parts []string
	for _, v := range vs[:min(3, len(vs))] {
		parts = append(parts, i18n.Msg("alife.story.value", "resource", v.r.name(), "points", v.v))
	}
	return i18n.Msg("alife.story.lived_for", "values", i18n.List(parts...))
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

// signed writes a score with a true minus sign: "−3".
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

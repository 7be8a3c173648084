package alife

import (
	"strings"

	"github.com/lifebot/lifebot/games"
)

// The kinds of facts a finished game tells the simulator (games.Breakdown).
const (
	factCard = "card"
	factBaby = "baby"
)

// Breakdowns implements games.Breakdown: the cards of each life and its
// baby card, whose share of the wins shows a card stronger or weaker
// than the rest.
func (s *state) Breakdowns() []string { return []string{factCard, factBaby} }

// Facts implements games.Breakdown. A seat's cards are those of its life,
// lived or developed, each once by its title (titles are unique across
// the deck); a card a child lived is named apart, "Title (child)", since
// it gives only its base area and weighs a life differently. A seat's
// baby card is named as babies.go writes it, "2SP+JO".
func (s *state) Facts(kind string, seat games.Seat) []string {
	if seat < 0 || int(seat) >= s.seats {
		return nil
	}
	pl := &s.ps[seat]
	switch kind {
	case factCard:
		var out []string
		for _, col := range pl.Tableau {
			for _, t := range col {
				title := s.card(t.Card).Title
				if t.Child {
					title += " (child)"
				}
				out = append(out, title)
			}
		}
		return out
	case factBaby:
		return []string{babyName(s.set.babies[pl.Baby])}
	}
	return nil
}

// babyName writes a baby card as the content table does, the pair first:
// "2SP+JO".
func babyName(a Area) string {
	var two, one string
	for r := range numResources {
		code := strings.ToUpper(resourceCodes[r])
		switch a.Scoring[r] {
		case 1:
			one += "+" + code
		case 2:
			two += "2" + code
		}
	}
	return two + one
}

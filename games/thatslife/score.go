package thatslife

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// points scores a collection under the fortune rule: plus cards add, each
// fortune turns one minus card into plus, largest first, and the remaining
// minus cards subtract. locked is a card no fortune may turn (or noCard).
// extra, when not noCard, is counted as if collected too, which lets the
// AI price a card without building a new slice.
func points(cards []int, locked, extra int) int {
	var minus [11]int // count of minus cards by size
	total, fortunes := 0, 0
	add := func(c int) {
		switch v := deck[c].Value; {
		case c == locked:
			total += v
		case deck[c].Kind == Fortune:
			fortunes++
		case v < 0:
			minus[-v]++
			total += v
		default:
			total += v
		}
	}
	for _, c := range cards {
		add(c)
	}
	if extra != noCard {
		add(extra)
	}
	for size := len(minus) - 1; size > 0 && fortunes > 0; size-- {
		n := min(minus[size], fortunes)
		fortunes -= n
		total += 2 * n * size
	}
	return total
}

// detail writes a collection's breakdown: plus cards, minus cards turned
// by fortunes (★→−6), fortunes left unused (★), minus cards, and the total.
// The cards and the sum are signs in every language; the words among them
// are messages.
func detail(cards []int, locked int) string {
	var plus, minus []int
	fortunes := 0
	for _, c := range cards {
		switch v := deck[c].Value; {
		case c == locked:
		case deck[c].Kind == Fortune:
			fortunes++
		case v < 0:
			minus = append(minus, -v)
		default:
			plus = append(plus, v)
		}
	}
	slices.Sort(plus)
	slices.Reverse(plus)
	slices.Sort(minus)
	slices.Reverse(minus)
	var parts []string
	for _, v := range plus {
		parts = append(parts, "+"+strconv.Itoa(v))
	}
	flipped := min(fortunes, len(minus))
	for _, v := range minus[:flipped] {
		parts = append(parts, "★→−"+strconv.Itoa(v))
	}
	for range fortunes - flipped {
		parts = append(parts, "★")
	}
	for _, v := range minus[flipped:] {
		parts = append(parts, "−"+strconv.Itoa(v))
	}
	if locked != noCard && slices.Contains(cards, locked) {
		parts = append(parts, i18n.Msg("thatslife.detail.locked", "card", deck[locked].Label()))
	}
	if len(parts) == 0 {
		parts = append(parts, i18n.Msg("thatslife.detail.none"))
	}
	return strings.Join(parts, " ") + " = " + signed(points(cards, locked, noCard))
}

// signed writes a total with a typographic minus, as the cards show it.
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// Result implements games.State: scores so far, ranked, with shared ranks
// for equal scores.
func (s *state) Result() games.Result {
	r := games.Result{
		Over:   s.over,
		Scores: make([]int, s.seats),
		Detail: make([]string, s.seats),
	}
	for p := range s.seats {
		r.Scores[p] = points(s.taken[p], s.locked, noCard)
		r.Detail[p] = detail(s.taken[p], s.locked)
	}
	r.Rank = games.RankByScore(r.Scores)
	return r
}

package life

import (
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games/i18n"
)

// A pack holds 52 cards and two jokers. Card ids number the cards of pack
// 0 first, then pack 1: id = pack×packSize + face, where face runs ♥ 2…A,
// ♦ 2…A, ♣ 2…A, ♠ 2…A, then the two jokers. Ordering by face, then pack,
// is the order hands are shown in.
const (
	packSize = 54
	maxPacks = 2
	maxCards = maxPacks * packSize
	noCard   = -1
)

// cards is the constant table of every card of two packs, by id.
var cards = func() [maxCards]Card {
	var t [maxCards]Card
	for id := range t {
		face := id % packSize
		if face >= 52 {
			t[id] = Card{ID: id, Suit: NoSuit, Rank: Joker}
			continue
		}
		t[id] = Card{ID: id, Suit: Suit(face / 13), Rank: face%13 + 2}
	}
	return t
}()

// orderKey sorts cards as hands and rows show them: by suit, then rank,
// then pack.
func orderKey(id int) int { return (id%packSize)*maxPacks + id/packSize }

// sortCards puts ids in hand order.
func sortCards(ids []int) {
	slices.SortFunc(ids, func(a, b int) int { return orderKey(a) - orderKey(b) })
}

// isSorted reports whether ids are in hand order, each once.
func isSorted(ids []int) bool {
	for i := 1; i < len(ids); i++ {
		if orderKey(ids[i-1]) >= orderKey(ids[i]) {
			return false
		}
	}
	return true
}

// insertCard adds id to a sorted slice, keeping it sorted.
func insertCard(ids []int, id int) []int {
	i, _ := slices.BinarySearchFunc(ids, id, func(a, b int) int { return orderKey(a) - orderKey(b) })
	return slices.Insert(ids, i, id)
}

// removeCard deletes id from ids, keeping the order of the rest.
func removeCard(ids []int, id int) []int {
	if i := slices.Index(ids, id); i >= 0 {
		return slices.Delete(ids, i, i+1)
	}
	return ids
}

// ofSuit lists the cards of suit among ids, in their order.
func ofSuit(ids []int, suit Suit) []int {
	var out []int
	for _, id := range ids {
		if cards[id].Suit == suit {
			out = append(out, id)
		}
	}
	return out
}

// faceValue sums the face values of the cards of suit among ids.
func faceValue(ids []int, suit Suit) int {
	n := 0
	for _, id := range ids {
		if cards[id].Suit == suit {
			n += cards[id].Value()
		}
	}
	return n
}

func hasJoker(ids []int) bool {
	return slices.ContainsFunc(ids, func(id int) bool { return cards[id].IsJoker() })
}

// cardList writes cards as "7♥ 9♥ K♥".
func cardList(ids []int) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = cards[id].Label()
	}
	return strings.Join(names, " ")
}

// toCards turns ids into cards for a view; an empty row is an empty
// slice, never nil, so views compare the same after a round trip.
func toCards(ids []int) []Card {
	out := make([]Card, len(ids))
	for i, id := range ids {
		out[i] = cards[id]
	}
	return out
}

// suitLabel is a suit as a button names it: "Hearts ♥".
func suitLabel(s Suit) string {
	return i18n.Msg("life.choice.suit.label", "suit", suitMsg("suit_title", s), "symbol", s.Symbol())
}

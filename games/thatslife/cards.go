package thatslife

import "github.com/lifebot/lifebot/games"

// deck lists every card of the box. Actions and the saved state name cards
// by their index here (a card number), which never changes while the course
// shrinks. The table is in standard layout order, so the default course is
// simply deck order.
var deck = [...]Card{
	{"start", Start, 0},
	{"A-1", Minus, -1}, {"A-2", Minus, -2}, {"A-3", Minus, -3}, {"A-4", Minus, -4},
	{"A-5", Minus, -5}, {"A-6", Minus, -6}, {"A-7", Minus, -7}, {"A-8", Minus, -8},
	{"F1", Fortune, 0}, {"F2", Fortune, 0}, {"F3", Fortune, 0},
	{"F4", Fortune, 0}, {"F5", Fortune, 0}, {"F6", Fortune, 0},
	{"+8", Plus, 8}, {"+7", Plus, 7}, {"+6", Plus, 6}, {"+5", Plus, 5},
	{"+4", Plus, 4}, {"+3", Plus, 3}, {"+2", Plus, 2}, {"+1", Plus, 1},
	{"B-1", Minus, -1}, {"B-2", Minus, -2}, {"B-3", Minus, -3}, {"B-4", Minus, -4},
	{"B-5", Minus, -5}, {"B-6", Minus, -6}, {"B-7", Minus, -7}, {"B-8", Minus, -8},
	{"B-9", Minus, -9}, {"B-10", Minus, -10},
	{"finish", Finish, 0},
}

// Card numbers of the runs in deck.
const (
	startCard  = 0
	finishCard = len(deck) - 1
	firstA     = 1  // A−1 … A−8
	firstF     = 9  // F1 … F6
	firstPlus  = 15 // +8 down to +1
	firstB     = 23 // B−1 … B−10
	routeCards = finishCard - 1

	maxSeats  = 6
	numGuards = 8
)

// Layout names, the values of the layout option.
const (
	layoutStandard      = "standard"
	layoutPlusAscending = "plus_ascending"
	layoutFortuneLast   = "fortune_last"
	layoutRandom        = "random"
)

// run returns the card numbers first, first+1, …, first+n-1.
func run(first, n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = first + i
	}
	return r
}

// plusAscending lists +1 … +8.
func plusAscending() []int {
	r := make([]int, 8)
	for i := range r {
		r[i] = firstPlus + 7 - i
	}
	return r
}

// route returns the route cards of a layout from Start to Finish, and
// which of them carry a guard. Only the random layout draws from rng.
func route(layout string, rng *games.RNG) (cards []int, guarded func(card int) bool) {
	onPlus := func(c int) bool { return deck[c].Kind == Plus }
	switch layout {
	case layoutPlusAscending:
		cards = append(run(firstA, 8), plusAscending()...)
		cards = append(cards, run(firstF, 6)...)
		return append(cards, run(firstB, 10)...), onPlus
	case layoutFortuneLast:
		cards = append(run(firstA, 8), plusAscending()...)
		cards = append(cards, run(firstB, 10)...)
		return append(cards, run(firstF, 6)...), onPlus
	}
	cards = run(1, routeCards)
	if layout == layoutRandom {
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	}
	return cards, func(c int) bool {
		return deck[c].Kind == Fortune || deck[c].Value >= 7
	}
}

// cardByID finds a card number from its id.
func cardByID(id string) (int, bool) {
	for i, c := range deck {
		if c.ID == id {
			return i, true
		}
	}
	return 0, false
}

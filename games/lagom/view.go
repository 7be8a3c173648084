package lagom

import "github.com/lifebot/lifebot/games"

// Symbol is one of the seven card symbols.
type Symbol int

// Costs first, then gains.
const (
	LoseHealth       Symbol = iota // pay 1 health
	LoseRelationship               // sunset the oldest active Relationship
	SpendWealth                    // pay 3 coins
	Wealth                         // start an investment with 1 coin
	Relationship                   // scores each round it stays active
	Leisure                        // +1 health now, 2 fulfilment this round
	Purpose                        // scores all Purpose when one is placed
)

// Quadrant positions of a card, clockwise from the top left.
const (
	TL = iota
	TR
	BR
	BL
)

// Side is which edge of a played card faces left, and so which two
// quadrants count: Left = TL+BL, Top = TL+TR, Right = TR+BR, Bottom = BL+BR.
type Side int

// Sides.
const (
	Left Side = iota
	Top
	Right
	Bottom
)

// Card is one card of the deck. Quads holds the symbols of TL, TR, BR and
// BL, 0–2 each; Reward is the coins paid for discarding it.
type Card struct {
	ID     int         `json:"id"`
	Title  string      `json:"title"`
	Quads  [4][]Symbol `json:"quads"`
	Reward int         `json:"reward"`
}

// Played is a card in a tableau with the side chosen for it.
type Played struct {
	Card  Card `json:"card"`
	Side  Side `json:"side"`
	Round int  `json:"round"` // the round it was played in
	// Symbols are the active side's symbols in TL, TR, BR, BL order, and
	// Sunset marks those that were sunset (Relationships lost, investments
	// liquidated). Stacks holds the coins invested on each Wealth symbol of
	// Symbols (0 for other symbols and after liquidation).
	Symbols []Symbol `json:"symbols"`
	Sunset  []bool   `json:"sunset"`
	Stacks  []int    `json:"stacks"`
}

// SeatView is one seat's public position.
type SeatView struct {
	Health     int
	Coins      int
	Fulfilment int
	// Out is set once the seat could not pay 3 health: its journey is over.
	Out      bool
	HandSize int
	// Tableau runs oldest (left) to newest (right).
	Tableau []Played
	// Decided reports that the seat has answered the current simultaneous
	// step; what it answered stays sealed until everyone has.
	Decided bool
	// Revealed is the card the seat picked, once all picks are revealed
	// this round; nil before the reveal.
	Revealed *Card
	// Discarded reports that the seat discarded its revealed card this round.
	Discarded bool
	// Scored is what the seat scored in the last scoring step.
	Scored int
}

// View is what one seat (or, for games.Observer, the channel) may see.
type View struct {
	Seat games.Seat
	// Hand is the seat's own hand and Picked its own sealed pick, if any;
	// both nil in the public view. Passed is the card it passed this round,
	// Received the card it got; known to giver and receiver only.
	Hand     []Card
	Picked   *Card
	Passed   *Card
	Received *Card
	Seats    []SeatView
	Round    int
	// Step says what the game waits for: "draw" (extra draw and
	// liquidations), "pick", "play" (play or discard, and pass), "over".
	Step     string
	Active   []games.Seat
	DeckSize int
	// Notes are recent private lines for this seat; empty in the public view.
	Notes   []string
	Over    bool
	Result  games.Result
	Options string
}

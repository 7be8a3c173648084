package life

import (
	"strconv"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Suit is a card suit. Jokers have NoSuit.
type Suit int

// Suits in the order the game lists them.
const (
	Hearts Suit = iota
	Diamonds
	Clubs
	Spades
	NoSuit
)

var suitSymbols = [...]string{"♥", "♦", "♣", "♠", ""}
var suitNames = [...]string{"hearts", "diamonds", "clubs", "spades", "none"}

// Symbol is the suit's sign: "♥".
func (s Suit) Symbol() string {
	if s < 0 || int(s) >= len(suitSymbols) {
		return "?"
	}
	return suitSymbols[s]
}

// String names the suit in lowercase: "hearts".
func (s Suit) String() string {
	if s < 0 || int(s) >= len(suitNames) {
		return "suit " + strconv.Itoa(int(s))
	}
	return suitNames[s]
}

// Name is the message of the suit's name as a sentence says it:
// "hearts" in English.
func (s Suit) Name() string { return suitMsg("suits", s) }

// Rank values. Number cards use their pips, 2–10.
const (
	Jack  = 11
	Queen = 12
	King  = 13
	Ace   = 14
	Joker = 0
)

// Card is one card. ID tells apart the copies of two packs: it is unique
// within a game and stable for the whole game.
type Card struct {
	ID   int  `json:"id"`
	Suit Suit `json:"suit"`
	Rank int  `json:"rank"`
}

// IsJoker reports whether the card is a joker.
func (c Card) IsJoker() bool { return c.Rank == Joker }

// Value is the card's face value: pips for 2–10, 10 for court cards and
// aces, 0 for a joker.
func (c Card) Value() int {
	switch {
	case c.Rank == Joker:
		return 0
	case c.Rank >= Jack:
		return 10
	}
	return c.Rank
}

// Label is the card as players write it: "10♥", "K♠", "A♦", "Joker".
func (c Card) Label() string {
	switch c.Rank {
	case Joker:
		return "Joker"
	case Jack:
		return "J" + c.Suit.Symbol()
	case Queen:
		return "Q" + c.Suit.Symbol()
	case King:
		return "K" + c.Suit.Symbol()
	case Ace:
		return "A" + c.Suit.Symbol()
	}
	return strconv.Itoa(c.Rank) + c.Suit.Symbol()
}

// Name is the card as text writes it: its label, or for a joker the
// message of the word for it.
func (c Card) Name() string {
	if c.IsJoker() {
		return i18n.Msg("life.card.joker")
	}
	return c.Label()
}

// SeatView is one seat's public position.
type SeatView struct {
	// Suit is the seat's chosen suit, valid when SuitShown: choices stay
	// sealed until every seat has chosen.
	Suit      Suit
	SuitShown bool
	// Chosen reports that the seat has chosen its suit for the coming hand
	// (public: the table sees who is still thinking, not what they chose).
	Chosen   bool
	HandSize int
	// FaceUp holds the seat's face-up cards; Bank its face-down ones, which
	// everyone saw when they were laid.
	FaceUp []Card
	Bank   []Card
	// Total is the seat's match total before this hand, in half points
	// (choose_spades can make halves): 2 × the score.
	Total2 int
	// HandScore2 is what the seat's table would score if the hand ended
	// now, in half points.
	HandScore2 int
	// LastHand2 is what the seat scored in the previous hand, in half
	// points; 0 before the first hand ends.
	LastHand2 int
	Dealer    bool
	// Fresh holds the cards the last move put on the seat's table, face
	// up or banked; HandMoved reports that it changed the seat's hand
	// (a card picked up, dealt or stolen), without saying which.
	Fresh     []Card
	HandMoved bool
}

// View is what one seat (or, for games.Observer, the channel) may see.
type View struct {
	// Seat is whose view this is; games.Observer for the public view.
	Seat games.Seat
	// Hand is the seat's own hand, in a stable order; nil in the public view.
	Hand []Card
	// FreshHand holds the cards the last move put in the seat's own hand;
	// nil in the public view.
	FreshHand []Card
	Seats     []SeatView
	// Turned is the card turned from the deck this turn, if any.
	Turned *Card
	// DiscardTop is the top of the discard pile, if any.
	DiscardTop *Card
	DeckSize   int
	// Turn is the seat whose turn it is, Active the seats that must act now
	// (several while suits are chosen, one steal reaction at a time).
	Turn   games.Seat
	Active []games.Seat
	// Step says what the game waits for, for captions: "suit", "joker",
	// "lay", "steal", "react", "over". The joker decision shows as "turn"
	// in every view but the deciding seat's, so holding a joker stays
	// private. Choosing the stolen card shows as "steal" but to the thief,
	// whose view says "take" (a face-up card) or "pos" (a place in the
	// shuffled hand).
	Step string
	// HandNo counts hands from 1; Target is the match target.
	HandNo int
	Target int
	// Notes are recent private lines for this seat only, messages
	// ("You stole 7♥ from {1}."); empty in the public view.
	Notes  []string
	Over   bool
	Result games.Result
	// Fortune holds one reading per seat, a message, at the end when the
	// fortune option is on.
	Fortune []string
	// Options is a short description of the options in play.
	Options string
}

package thatslife

import (
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Kind is what a card on the course is.
type Kind int

// Card kinds. Start and Finish are never collected.
const (
	Start Kind = iota
	Minus
	Plus
	Fortune
	Finish
)

// Card is one card of the course. Value is signed: −3 for a minus card,
// +6 for a plus card, 0 for fortune, start and finish.
type Card struct {
	// ID tells apart the two minus runs: "A-3" and "B-3"; plus cards are
	// "+6", fortunes "F1".."F6", and the ends "start" and "finish".
	ID    string `json:"id"`
	Kind  Kind   `json:"kind"`
	Value int    `json:"value"`
}

// Label is the card's face as players read it: "−3", "+6", "★", and for
// the ends of the course the message of their word, Start or Finish, which
// a reader says in their language.
func (c Card) Label() string {
	switch c.Kind {
	case Minus:
		return "−" + strconv.Itoa(-c.Value)
	case Plus:
		return "+" + strconv.Itoa(c.Value)
	case Fortune:
		return "★"
	case Start:
		return i18n.Msg("thatslife.card.start")
	default:
		return i18n.Msg("thatslife.card.finish")
	}
}

// Mark tells the card from others with the same face, and never changes:
// the run of a minus card ("A" or "B"), the number of a fortune ("1".."6"),
// "" for the faces the box holds once.
func (c Card) Mark() string {
	switch c.Kind {
	case Minus:
		run, _, _ := strings.Cut(c.ID, "-")
		return run
	case Fortune:
		return strings.TrimPrefix(c.ID, "F")
	}
	return ""
}

// Spot is one card still on the course with the pieces standing on it.
type Spot struct {
	Card Card
	// Figures counts the figures of each seat on this card.
	Figures []int
	Guards  int
	// Recycled marks a card moved once to the end of the course (variant 3).
	Recycled bool
}

// PlayerView is one seat's public standing.
type PlayerView struct {
	Colour    Colour
	Figures   int    // figures this seat plays with
	Home      int    // figures on Finish
	Collected []Card // in the order taken
	// Unconvertible lists ids of collected cards no fortune may flip (variant 5).
	Unconvertible []string
	Score         int
	Finished      bool
}

// View is everything about a game of That's Life!; nothing is hidden, so
// every seat and the channel see the same View.
type View struct {
	// Spots runs from Start (index 0) to Finish (last), with taken cards gone.
	// Move labels name a card by its face and, when another spot shows the
	// same face, its Mark ("A−3", "★2"), so a board should show the mark
	// on such cards.
	Spots   []Spot
	Players []PlayerView
	// Turn is the seat to move and Roll its die, while the game runs.
	Turn   games.Seat
	Roll   int
	Over   bool
	Result games.Result
	// Options is a short description of the variants in play, "" for the base game.
	Options string
	// Last is what the last move changed, for a board to mark; nil before
	// the first move and after staying put.
	Last *LastMove
}

// LastMove names, by card ID, the card the last move's piece stopped on
// and the card it took, "" when it took none.
type LastMove struct {
	To, Took string
}

// Colour is a player colour, one per seat in seat order.
type Colour int

// The six figure colours of the box, in seat order.
const (
	Red Colour = iota
	Blue
	Green
	Yellow
	Black
	Orange
)

var colourNames = [...]string{"red", "blue", "green", "yellow", "black", "orange"}

// String names the colour in lowercase.
func (c Colour) String() string {
	if c < 0 || int(c) >= len(colourNames) {
		return "colour " + strconv.Itoa(int(c))
	}
	return colourNames[c]
}

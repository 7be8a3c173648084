package yodo

import (
	"slices"

	"github.com/lifebot/lifebot/games"
)

// View is what one viewer may see: the board, every seat's fate and
// counts, and for a seat its own hand. Its words (names, titles, notes,
// the epilogue) are messages, said in the reader's language by whoever
// draws them. The public view (Seat −1) carries
// no hand, no deck order and, with hidden scores, no points until the end.
type View struct {
	Seat  int         `json:"seat"`
	Fates []FateView  `json:"fates"`
	Board []EventView `json:"board"`
	Seats []SeatView  `json:"seats"`
	// Turn is the seat to play, −1 once the game is over.
	Turn         int  `json:"turn"`
	Locked       int  `json:"locked"`
	HiddenScores bool `json:"hidden_scores,omitempty"`
	Over         bool `json:"over,omitempty"`
	// Fresh lists the memories the last play or burial changed, public
	// as the board is: the one played on, then each a heartbeat set.
	Fresh []int `json:"fresh,omitempty"`

	// A seat's own side.
	Hand []CardView `json:"hand,omitempty"`
	// Taken is the hand index of the card being played, −1 when none.
	Taken int      `json:"taken"`
	Notes []string `json:"notes,omitempty"`

	// Once the game is over: the winners' seats and the first winner's
	// epilogue. How each memory is remembered is the board's.
	Winners  []int  `json:"winners,omitempty"`
	Epilogue string `json:"epilogue,omitempty"`
}

// FateView is one of the six fates.
type FateView struct {
	Name   string `json:"name"`
	Emoji  string `json:"emoji"`
	Colour string `json:"colour"`
}

// EventView is one memory of the board, in life order.
type EventView struct {
	Title string `json:"title"`
	// Stack holds the fates of each card on the memory, the oldest first:
	// cards on the board are face up.
	Stack  [][]int `json:"stack,omitempty"`
	Locked bool    `json:"locked,omitempty"`
	// Next marks the memory the next heartbeat sets.
	Next bool `json:"next,omitempty"`
	// Points is what each fate of a set memory's card gained.
	Points int `json:"points,omitempty"`
}

// SeatView is one seat as everyone sees it.
type SeatView struct {
	Fate int `json:"fate"`
	Hand int `json:"in_hand"`
	Deck int `json:"in_deck"`
	// Score is −1 while scores are hidden.
	Score int `json:"score"`
}

// CardView is a card in a seat's own hand.
type CardView struct {
	Fates []int `json:"fates"`
	// Places is how many memories it may be played on now.
	Places int `json:"places"`
}

// View implements games.State.
func (s *state) View(seat games.Seat) any {
	v := View{Seat: int(seat), Turn: int(s.turn), Locked: s.locked, HiddenScores: s.hiddenScores, Over: s.over, Taken: -1, Fresh: slices.Clone(s.fresh)}
	if s.over {
		v.Turn = -1
	}
	v.Fates = s.c.fateViews()
	next := len(s.board) - 1 - s.locked
	for i, m := range s.board {
		e := EventView{Title: s.c.title(m.event), Locked: m.locked, Next: i == next && !s.over}
		for _, x := range m.stack {
			e.Stack = append(e.Stack, s.c.symbols[x])
		}
		if m.locked && len(m.stack) > 0 && (!s.hiddenScores || s.over) {
			e.Points = pointsFor[len(s.c.symbols[m.top()])]
		}
		v.Board = append(v.Board, e)
	}
	for p := range s.seats {
		sv := SeatView{Fate: s.fate[p], Hand: len(s.hands[p]), Deck: len(s.decks[p]), Score: s.points[s.fate[p]]}
		if s.hiddenScores && !s.over {
			sv.Score = -1
		}
		v.Seats = append(v.Seats, sv)
	}
	if s.over {
		for _, w := range s.Result().Winners() {
			v.Winners = append(v.Winners, int(w))
		}
		v.Epilogue = s.c.epilogue(s.fate[v.Winners[0]])
	}
	if seat >= 0 && int(seat) < s.seats {
		for _, x := range s.hands[seat] {
			v.Hand = append(v.Hand, CardView{Fates: s.c.symbols[x], Places: len(s.playable(x))})
		}
		if seat == s.turn {
			v.Taken = s.taken
		}
		v.Notes = s.notes[seat]
	}
	return v
}

// Fates lists the six fates of the current content, for drawing them.
func Fates() []FateView { return currentContent().fateViews() }

func (c *content) fateViews() []FateView {
	var out []FateView
	for f, x := range c.fates {
		out = append(out, FateView{Name: c.fateName(f), Emoji: x.Emoji, Colour: x.Colour})
	}
	return out
}

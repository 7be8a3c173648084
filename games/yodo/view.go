package yodo

import (
	"strings"

	"github.com/lifebot/lifebot/games"
)

// View is what one viewer may see: the board, every seat's fate and
// counts, and for a seat its own hand. The public view (Seat −1) carries
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

	// A seat's own side.
	Hand []CardView `json:"hand,omitempty"`
	// Taken is the hand index of the card being played, −1 when none.
	Taken int      `json:"taken"`
	Notes []string `json:"notes,omitempty"`

	// Once the game is over: the life as the fates left it, memory by
	// memory in life order, the winners' seats and the first winner's
	// epilogue.
	Story    []StoryLine `json:"story,omitempty"`
	Winners  []int       `json:"winners,omitempty"`
	Epilogue string      `json:"epilogue,omitempty"`
}

// StoryLine is one memory of the finished life: the fates that won it
// (none when forgotten) and the first sentence of how it is told.
type StoryLine struct {
	Title string `json:"title"`
	Fates []int  `json:"fates,omitempty"`
	Line  string `json:"line"`
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
	v := View{Seat: int(seat), Turn: int(s.turn), Locked: s.locked, HiddenScores: s.hiddenScores, Over: s.over, Taken: -1}
	if s.over {
		v.Turn = -1
	}
	for _, f := range s.c.fates {
		v.Fates = append(v.Fates, FateView{Name: f.Name, Emoji: f.Emoji, Colour: f.Colour})
	}
	next := len(s.board) - 1 - s.locked
	for i, m := range s.board {
		e := EventView{Title: s.c.events[m.event].Title, Locked: m.locked, Next: i == next && !s.over}
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
		for _, m := range s.board {
			sl := StoryLine{Title: s.c.events[m.event].Title, Line: firstSentence(s.c.events[m.event].Forgotten)}
			if len(m.stack) > 0 {
				sl.Fates = s.c.symbols[m.top()]
				sl.Line = firstSentence(s.c.events[m.event].Lines[sl.Fates[0]])
			}
			v.Story = append(v.Story, sl)
		}
		for _, w := range s.Result().Winners() {
			v.Winners = append(v.Winners, int(w))
		}
		v.Epilogue = s.c.fates[s.fate[v.Winners[0]]].Epilogue
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

// firstSentence is text up to the end of its first sentence.
func firstSentence(text string) string {
	if i := strings.Index(text, ". "); i >= 0 {
		return text[:i+1]
	}
	return text
}

// Fates lists the six fates of the current content, for drawing them.
func Fates() []FateView {
	var out []FateView
	for _, f := range currentContent().fates {
		out = append(out, FateView{Name: f.Name, Emoji: f.Emoji, Colour: f.Colour})
	}
	return out
}

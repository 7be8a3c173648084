package yodo

import (
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
)

// The board outlines what the last play changed: the memory played on,
// then each memory its heartbeats set, nearest death first. Taking a card
// to play changes nothing on the board, so it keeps the outline; a burial
// changes only what its heartbeats set.
func TestViewTellsWhatTheLastPlayChanged(t *testing.T) {
	s := table(t, [][]card{{single(0), double(0), single(0), single(0)}, {single(1), double(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0), card(4)}, {card(20), card(21)}})
	if v := s.View(games.Observer).(View); v.Fresh != nil {
		t.Fatalf("before any play the view marks %v as changed", v.Fresh)
	}
	playOn(t, s, 0, 3)
	want := []int{3}
	for i := range s.locked {
		want = append(want, len(s.board)-1-i)
	}
	if got := s.View(games.Observer).(View).Fresh; !slices.Equal(got, want) {
		t.Fatalf("after a play and %d heartbeats the view marks %v, want %v", s.locked, got, want)
	}
	apply(t, s, 1, actCard, 0)
	if got := s.View(0).(View).Fresh; !slices.Equal(got, want) {
		t.Fatalf("taking a card to play changed the marks to %v, want %v", got, want)
	}

	s = table(t, [][]card{{single(0), double(0), single(0), card(3)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0), card(5)}, {card(20)}})
	for i := range s.board {
		s.board[i].stack = []card{single(2)}
	}
	apply(t, s, 0, actBury, 0)
	want = nil
	for i := range s.locked {
		want = append(want, len(s.board)-1-i)
	}
	if got := s.View(games.Observer).(View).Fresh; !slices.Equal(got, want) {
		t.Fatalf("after a burial and %d heartbeats the view marks %v, want %v", s.locked, got, want)
	}
}

// A card's button and its picture in hand say how many memories it fits
// in the same words.
func TestCardButtonsSayWhichMemoriesACardFits(t *testing.T) {
	for n, want := range map[int]string{0: "fits nowhere", 1: "fits 1 memory", 7: "fits 7 memories"} {
		if got := english(Fits(n)); got != want {
			t.Errorf("Fits(%d) = %q, want %q", n, got, want)
		}
	}
	st, err := Game{}.New(games.Config{Seats: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Active()[0]
	v := st.View(seat).(View)
	for _, c := range st.Legal(seat) {
		i := c.Action.Args[0]
		if want := "(" + english(Fits(v.Hand[i].Places)) + ")"; !strings.HasSuffix(english(c.Label), want) {
			t.Errorf("button %q, want it to end %q as the hand's card does", c.Label, want)
		}
	}
}

// With no card that fits, the seat is told to bury one, as its buttons
// offer.
func TestPromptSaysToBuryWhenNothingFits(t *testing.T) {
	s := table(t, [][]card{{single(0), double(0), single(0), card(3)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{card(5), heartbeatOf(0)}, {card(20)}})
	if got := english(s.PromptTo(0)); got != "Choose a card to play." {
		t.Errorf("with cards that fit the prompt is %q", got)
	}
	for i := range s.board {
		s.board[i].stack = []card{single(2)}
	}
	if got := english(s.PromptTo(0)); !strings.Contains(got, "bury") {
		t.Errorf("with nothing that fits the prompt is %q, want it to say to bury a card", got)
	}
}

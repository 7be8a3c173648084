package thatslife

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// pos describes a position to build. Course is a list of cards from start
// to finish written as ID or ID:pieces, where each digit in pieces is one
// figure of that seat, each g a guard and * marks a recycled card:
//
//	"start:01 A-1 A-2:0g F1:1gg finish:01"
//
// Cards left out of the course and of Taken are simply out of the game.
type pos struct {
	seats  int
	opts   games.Options
	course string
	taken  [][]string // per seat; nil for none
	turn   int
	roll   int
	over   bool
	locked string
	lifted []int
}

// build makes a state from p through the same checks Decode applies, so a
// test position is always one the engine accepts.
func build(t testing.TB, p pos) *state {
	t.Helper()
	if p.seats == 0 {
		p.seats = 2
	}
	w := wireState{
		V: version, Seats: p.seats, Options: p.opts, Turn: p.turn, Roll: p.roll,
		Over: p.over, Locked: p.locked, Lifted: p.lifted, RNG: games.NewRNG(7),
		Taken: make([][]string, p.seats),
	}
	for i := range p.seats {
		if i < len(p.taken) {
			w.Taken[i] = p.taken[i]
		}
	}
	for _, tok := range strings.Fields(p.course) {
		id, pieces, _ := strings.Cut(tok, ":")
		ws := wireSpot{Card: id}
		for _, r := range pieces {
			switch {
			case r == 'g':
				ws.Guards++
			case r == '*':
				ws.Recycled = true
			case r >= '0' && r <= '5':
				if ws.Figures == nil {
					ws.Figures = make([]int, p.seats)
				}
				ws.Figures[r-'0']++
			default:
				t.Fatalf("build: bad piece %q in %q", r, tok)
			}
		}
		w.Course = append(w.Course, ws)
	}
	s, err := fromWire(w)
	if err != nil {
		t.Fatalf("build(%q): %v", p.course, err)
	}
	return s
}

// describe writes the course of s in the notation build reads.
func describe(s *state) string {
	var b strings.Builder
	for i, sp := range s.course {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(deck[sp.card].ID)
		var pieces strings.Builder
		for p := range s.seats {
			for range sp.figs[p] {
				pieces.WriteString(strconv.Itoa(p))
			}
		}
		pieces.WriteString(strings.Repeat("g", sp.guards))
		if sp.recycled {
			pieces.WriteByte('*')
		}
		if pieces.Len() > 0 {
			b.WriteByte(':')
			b.WriteString(pieces.String())
		}
	}
	return b.String()
}

// takenIDs lists the ids of the cards seat p has collected.
func takenIDs(s *state, p int) []string {
	ids := []string{}
	for _, c := range s.taken[p] {
		ids = append(ids, deck[c].ID)
	}
	return ids
}

// card returns the card number of id.
func card(t testing.TB, id string) int {
	t.Helper()
	c, ok := cardByID(id)
	if !ok {
		t.Fatalf("no card %q", id)
	}
	return c
}

// act builds an action on the card with the given id.
func act(t testing.TB, kind, id string) games.Action {
	t.Helper()
	if id == "" {
		return games.Action{Kind: kind}
	}
	return games.Action{Kind: kind, Args: []int{card(t, id)}}
}

// play applies an action of the seat to move and fails the test on error.
func play(t testing.TB, s *state, a games.Action) []games.Event {
	t.Helper()
	ev, err := s.Apply(s.turn, a)
	if err != nil {
		t.Fatalf("Apply(%d, %v) on %q: %v", s.turn, a, describe(s), err)
	}
	return ev
}

// actions lists the encoded legal actions of the seat to move.
func actions(s *state) []string {
	var out []string
	for _, c := range s.Legal(s.turn) {
		out = append(out, c.Action.String())
	}
	return out
}

// texts lists event texts, in English.
func texts(ev []games.Event) []string {
	out := []string{}
	for _, e := range ev {
		out = append(out, english(e.Text))
	}
	return out
}

// said is the game's catalog with the words it borrows (how a list is
// joined): what a reader says its texts with.
var said = sync.OnceValue(func() *i18n.Catalog {
	c, err := i18n.Join(i18n.Words(), words())
	if err != nil {
		panic(err)
	}
	return c
})

// english says a text of the game in English; seat references stay {0}.
func english(text string) string { return said().In(i18n.English).Say(text) }

// opts builds options from key=value pairs.
func opts(kv ...string) games.Options {
	o := games.Options{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		o[k] = v
	}
	return o
}

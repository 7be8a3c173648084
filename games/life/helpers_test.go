package life

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Cards in tests are written as rank and suit letter: "7H", "10D", "QS",
// "AC"; jokers are "JO" and "JO2"; a trailing ' names the copy from the
// second pack: "7H'".

// code writes a card id in test notation.
func code(id int) string {
	c := cards[id]
	var s string
	switch {
	case c.IsJoker() && id%packSize == 52:
		s = "JO"
	case c.IsJoker():
		s = "JO2"
	default:
		s = map[int]string{Jack: "J", Queen: "Q", King: "K", Ace: "A"}[c.Rank]
		if s == "" {
			s = strconv.Itoa(c.Rank)
		}
		s += string("HDCS"[c.Suit])
	}
	if id >= packSize {
		s += "'"
	}
	return s
}

// id reads one card in test notation.
func id(t testing.TB, s string) int {
	t.Helper()
	for n := range maxCards {
		if code(n) == s {
			return n
		}
	}
	t.Fatalf("no card %q", s)
	return noCard
}

// ids reads a space-separated list of cards.
func ids(t testing.TB, s string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(s) {
		out = append(out, id(t, f))
	}
	return out
}

// codes writes cards in test notation, space-separated.
func codes(ids []int) string {
	out := make([]string, len(ids))
	for i, n := range ids {
		out[i] = code(n)
	}
	return strings.Join(out, " ")
}

// pos describes a position at the start of a turn. Every card not listed
// lies under the listed deck cards, in id order.
type pos struct {
	seats   int
	opts    games.Options
	suits   string   // one letter per seat: "HDC"
	hands   []string // per seat
	up      []string // face-up rows per seat
	bank    []string // face-down banks per seat
	deck    string   // the top of the deck first
	discard string   // the bottom of the pile first
	removed string
	turn    int
	dealer  int
	totals  []int // match totals in half points
	handNo  int
}

// build makes the position, checked for conservation like a decoded
// state, with the turn not started yet: begin starts it.
func build(t testing.TB, p pos) *state {
	t.Helper()
	if p.seats == 0 {
		p.seats = 2
	}
	if p.suits == "" {
		p.suits = strings.Repeat("H", p.seats)
	}
	if p.handNo == 0 {
		p.handNo = 1
	}
	opts, r, err := rulesFor(p.seats, p.opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	s := &state{
		opts: opts, rules: r, seats: p.seats, phase: phaseJoker, handNo: p.handNo,
		dealer: games.Seat(p.dealer), turn: games.Seat(p.turn), turned: noCard,
		hands: make([][]int, p.seats), up: make([][]int, p.seats), bank: make([][]int, p.seats),
		suit: make([]Suit, p.seats), total2: make([]int, p.seats), history: make([][]int, p.seats),
		banked: make([][4]int, p.seats), notes: make([][]string, p.seats), rng: games.NewRNG(7),
	}
	used := map[int]bool{}
	take := func(list string) []int {
		out := ids(t, list)
		for _, n := range out {
			if used[n] {
				t.Fatalf("build: %s listed twice", code(n))
			}
			used[n] = true
		}
		return out
	}
	for q := range p.seats {
		s.suit[q] = Suit(strings.IndexByte("HDCS", p.suits[q]))
		if q < len(p.hands) {
			s.hands[q] = take(p.hands[q])
			sortCards(s.hands[q])
		}
		if q < len(p.up) {
			s.up[q] = take(p.up[q])
			sortCards(s.up[q])
		}
		if q < len(p.bank) {
			s.bank[q] = take(p.bank[q])
			sortCards(s.bank[q])
		}
		if q < len(p.totals) {
			s.total2[q] = p.totals[q]
		}
		for range p.handNo - 1 {
			s.history[q] = append(s.history[q], 0)
		}
		if len(s.history[q]) > 0 {
			s.history[q][0] = s.total2[q]
		}
	}
	top := take(p.deck)
	s.discard = take(p.discard)
	s.removed = take(p.removed)
	for n := range s.numCards() {
		if !used[n] {
			s.deck = append(s.deck, n)
		}
	}
	for i := len(top) - 1; i >= 0; i-- {
		s.deck = append(s.deck, top[i])
	}
	if err := s.checkCards(); err != nil {
		t.Fatalf("build: %v", err)
	}
	return s
}

// begin starts the turn of the seat to play, as the end of the previous
// turn would.
func begin(t testing.TB, s *state) []games.Event {
	t.Helper()
	l := &log{}
	s.runTurns(l)
	checkState(t, s)
	return l.ev
}

// checkState fails the test when s breaks an invariant Decode checks,
// and returns the state its save decodes to.
func checkState(t testing.TB, s *state) *state {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary: %v", err)
	}
	back, err := (Game{}).Decode(b)
	if err != nil {
		t.Fatalf("the position breaks an invariant: %v", err)
	}
	return back.(*state)
}

func newState(t testing.TB, seats int, seed uint64, o games.Options) *state {
	t.Helper()
	s, err := Game{}.New(games.Config{Seats: seats, Options: o, Seed: seed})
	if err != nil {
		t.Fatalf("New(%d seats, %v): %v", seats, o, err)
	}
	return s.(*state)
}

// play applies an action and fails the test on error.
func play(t testing.TB, s *state, seat games.Seat, a games.Action) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, a)
	if err != nil {
		t.Fatalf("Apply(%d, %v): %v", seat, a, err)
	}
	checkState(t, s)
	return ev
}

// actions lists the encoded legal actions of seat.
func actions(s *state, seat games.Seat) []string {
	var out []string
	for _, c := range s.Legal(seat) {
		out = append(out, c.Action.String())
	}
	return out
}

// reader says the game's messages in lang, lists included, as a player
// reading that language sees them.
func reader(lang i18n.Lang) i18n.Printer {
	c, err := i18n.Join(i18n.Words(), words())
	if err != nil {
		panic(err)
	}
	return c.In(lang)
}

// english is the reader of the tests that compare what a player reads.
var english = reader(i18n.English)

// texts lists the texts of the events visible to seat (games.Observer:
// the public ones), said in English.
func texts(ev []games.Event, seat games.Seat) []string {
	return english.SayAll(eventTexts(ev, seat))
}

// eventTexts lists the texts of the events visible to seat, unsaid.
func eventTexts(ev []games.Event, seat games.Seat) []string {
	var out []string
	for _, e := range ev {
		if e.VisibleTo(seat) {
			out = append(out, e.Text)
		}
	}
	return out
}

// hasText reports whether an event visible to seat contains sub.
func hasText(ev []games.Event, seat games.Seat, sub string) bool {
	return slices.ContainsFunc(texts(ev, seat), func(s string) bool { return strings.Contains(s, sub) })
}

// opts builds options from key=value pairs.
func opts(kv ...string) games.Options {
	o := games.Options{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		o[k] = v
	}
	return o
}

// chooseAll has every seat choose the suit given by its letter.
func chooseAll(t testing.TB, s *state, suits string) []games.Event {
	t.Helper()
	var ev []games.Event
	for p := range s.seats {
		ev = append(ev, play(t, s, games.Seat(p), act(kindSuit, strings.IndexByte("HDCS", suits[p])))...)
	}
	return ev
}

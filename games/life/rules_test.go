package life

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Each test here pins one ruling of RULINGS.md section 2.2, named by its
// number. Positions give the next seat a joker where a test wants play to
// stop at that seat's turn.

// Ruling 1: the threshold is 10 or more, not more than 10.
func TestRuling01ThresholdTenOrMore(t *testing.T) {
	tests := []struct {
		hand      string
		lay       []int
		wantUp    string
		wantBank  string
		wantPhase phase
	}{
		{"4H 6H 2C", []int{0, 1}, "", "4H 6H", phaseSteal},
		{"4H 5H 2C", []int{0, 1}, "4H 5H", "", phaseJoker},
	}
	for _, tt := range tests {
		t.Run(tt.hand, func(t *testing.T) {
			s := build(t, pos{hands: []string{tt.hand, "JO 3D"}, deck: "8H"})
			begin(t, s)
			play(t, s, 0, act(kindLay, tt.lay...))
			if got := codes(s.up[0]); got != tt.wantUp {
				t.Errorf("face up %q, want %q", got, tt.wantUp)
			}
			if got := codes(s.bank[0]); got != tt.wantBank {
				t.Errorf("face down %q, want %q", got, tt.wantBank)
			}
			if s.phase != tt.wantPhase {
				t.Errorf("phase %s, want %s", phaseNames[s.phase], phaseNames[tt.wantPhase])
			}
		})
	}
}

// Ruling 2: earlier plays of the suit count toward the threshold, and only
// that suit's face-up cards turn face down.
func TestRuling02ThresholdCountsEarlierPlays(t *testing.T) {
	s := build(t, pos{hands: []string{"7H 2C", "JO 3D"}, up: []string{"3H 4D"}, deck: "8H"})
	begin(t, s)
	play(t, s, 0, act(kindLay, 0))
	if got, want := codes(s.bank[0]), "3H 7H"; got != want {
		t.Errorf("face down %q, want %q", got, want)
	}
	if got, want := codes(s.up[0]), "4D"; got != want {
		t.Errorf("face up %q, want %q", got, want)
	}
}

// Ruling 3 and 2.1: two jokers per pack, one pack for 2–4 seats and two
// for 5–8 unless chosen, and ids that tell the packs apart.
func TestRuling03PacksAndJokers(t *testing.T) {
	tests := []struct {
		seats         int
		packs         string
		cards, jokers int
	}{
		{2, "auto", 54, 2}, {4, "auto", 54, 2}, {5, "auto", 108, 4}, {8, "auto", 108, 4},
		{2, "2", 108, 4}, {7, "1", 54, 2},
	}
	for _, tt := range tests {
		s := newState(t, tt.seats, 1, opts("packs="+tt.packs))
		jokers := 0
		labels := map[string]int{}
		for _, n := range s.deck {
			if cards[n].IsJoker() {
				jokers++
			}
			labels[cards[n].Label()]++
		}
		if len(s.deck) != tt.cards || jokers != tt.jokers {
			t.Errorf("%d seats, packs %s: %d cards and %d jokers, want %d and %d", tt.seats, tt.packs, len(s.deck), jokers, tt.cards, tt.jokers)
		}
		if got, want := labels["7♥"], tt.cards/packSize; got != want {
			t.Errorf("%d seats, packs %s: %d copies of 7♥, want %d", tt.seats, tt.packs, got, want)
		}
	}
	if _, err := (Game{}).New(games.Config{Seats: 8, Options: opts("packs=1")}); err == nil {
		t.Errorf("one pack for 8 players: got no error, want one (56 cards are dealt)")
	}
}

// Ruling 4: suits are chosen at once and in private; picks may be shared
// and stay sealed until all are in, then are revealed publicly.
func TestRuling04SuitChoiceIsSimultaneousAndSealed(t *testing.T) {
	s := newState(t, 3, 1, nil)
	if got, want := s.Active(), []games.Seat{0, 1, 2}; !slices.Equal(got, want) {
		t.Fatalf("active %v, want %v", got, want)
	}
	if got, want := actions(s, 1), []string{"suit.0", "suit.1", "suit.2"}; !slices.Equal(got, want) {
		t.Errorf("choices %v, want %v", got, want)
	}
	gametest.MustRefuse(t, s, 0, act(kindSuit, int(Spades)), games.ErrIllegal)
	ev := play(t, s, 0, act(kindSuit, int(Diamonds)))
	if len(ev) != 1 || ev[0].Public() || !ev[0].VisibleTo(0) {
		t.Errorf("events %v, want one line for seat 0 only", ev)
	}
	gametest.MustRefuse(t, s, 0, act(kindSuit, int(Hearts)), games.ErrNotYourTurn)
	for _, viewer := range []games.Seat{games.Observer, 1} {
		sv := s.View(viewer).(View).Seats[0]
		if !sv.Chosen || sv.SuitShown || sv.Suit != NoSuit {
			t.Errorf("view of %d shows seat 0 as chosen=%v shown=%v suit=%v, want chosen, sealed, no suit", viewer, sv.Chosen, sv.SuitShown, sv.Suit)
		}
	}
	if sv := s.View(0).(View).Seats[0]; !sv.SuitShown || sv.Suit != Diamonds {
		t.Errorf("seat 0 sees its own suit as %v shown=%v, want diamonds", sv.Suit, sv.SuitShown)
	}
	if got, want := english.Say(s.Prompt()), "Choosing suits: waiting for {1}, {2}"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	play(t, s, 2, act(kindSuit, int(Diamonds)))
	ev = play(t, s, 1, act(kindSuit, int(Clubs)))
	if !hasText(ev, games.Observer, "Suits for hand 1: {0} ♦, {1} ♣, {2} ♦.") {
		t.Errorf("public events %q, want the suits revealed", texts(ev, games.Observer))
	}
	for p, sv := range s.View(games.Observer).(View).Seats {
		if !sv.SuitShown || sv.Suit != s.suit[p] {
			t.Errorf("after the reveal seat %d shows %v shown=%v, want %v", p, sv.Suit, sv.SuitShown, s.suit[p])
		}
	}
}

// Ruling 5: the host deals the first hand and the seat on the dealer's
// left plays first; the next hand is dealt by the seat left of the last
// seat that dealt, a joker redeal included.
func TestRuling05Dealer(t *testing.T) {
	s := newState(t, 3, 4, nil)
	ev := chooseAll(t, s, "HDC")
	if !hasText(ev, games.Observer, "{0} deals 7 cards each; {1} plays first.") {
		t.Errorf("events %q, want seat 0 dealing and seat 1 first", texts(ev, games.Observer))
	}

	// Seat 1 redeals with a joker, then the hand ends: seat 2 deals next.
	s = build(t, pos{seats: 3, hands: []string{"2C", "JO 5H", "3D"}, turn: 1, dealer: 0})
	begin(t, s)
	play(t, s, 1, act(kindJoker))
	if s.dealer != 1 {
		t.Fatalf("dealer after the redeal %d, want 1", s.dealer)
	}
	l := &log{}
	s.endHand(l)
	if s.dealer != 2 || s.phase != phaseSuit {
		t.Errorf("next hand dealt by %d in phase %s, want seat 2 choosing suits", s.dealer, phaseNames[s.phase])
	}
}

// Ruling 6: holding a joker, the player chooses to play it or turn the
// top card; otherwise the card is turned without a decision.
func TestRuling06TurnStart(t *testing.T) {
	s := build(t, pos{hands: []string{"JO 4H", "2C"}, deck: "9C"})
	begin(t, s)
	if got, want := actions(s, 0), []string{"joker", "turn"}; !slices.Equal(got, want) {
		t.Errorf("choices %v, want %v", got, want)
	}
	if got, want := s.View(1).(View).Step, "turn"; got != want {
		t.Errorf("other seats see step %q, want %q: holding a joker is private", got, want)
	}
	if got, want := english.Say(s.Prompt()), "{0} is starting their turn"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}

	s = build(t, pos{hands: []string{"4H 2D", "JO 2C"}, deck: "9C"})
	ev := begin(t, s)
	if !hasText(ev, games.Observer, "{0} turned 9♣ and has no clubs.") || s.turn != 1 || s.phase != phaseJoker {
		t.Errorf("events %q, turn %d: want 9♣ turned for seat 0 without asking and seat 1 to play", texts(ev, games.Observer), s.turn)
	}
}

// Ruling 7: the turned card goes to the discard pile after its effect and
// never scores.
func TestRuling07TurnedCardIsDiscarded(t *testing.T) {
	s := build(t, pos{hands: []string{"4H 2D", "JO 2C"}, deck: "8H"})
	begin(t, s)
	if v := s.View(games.Observer).(View); v.Turned == nil || v.Turned.Label() != "8♥" {
		t.Fatalf("turned %v, want 8♥ shown while the lay waits", v.Turned)
	}
	play(t, s, 0, act(kindLay, 0))
	if got := code(s.discard[len(s.discard)-1]); got != "8H" {
		t.Errorf("discard top %s, want 8H", got)
	}
	if got, want := s.tableScore2(0), 2*4*2; got != want {
		t.Errorf("table scores %d half points, want %d: the turned card does not score", got, want)
	}
}

// Ruling 8: on ♥ ♦ ♣ the player lays any subset of that suit, none
// included; on ♠ every spade in hand is laid, the ace of spades too.
func TestRuling08WhatMayBeLaid(t *testing.T) {
	s := build(t, pos{hands: []string{"4H 9H 2D 3S", "JO 2C"}, deck: "8H"})
	begin(t, s)
	legal := s.Legal(0)
	if len(legal) != 1 || legal[0].Pick == nil {
		t.Fatalf("choices %v, want one subset choice", legal)
	}
	pk := legal[0].Pick
	var items []string
	for _, it := range pk.Items {
		items = append(items, it.Label)
	}
	if pk.Min != 0 || pk.Max != 2 || !slices.Equal(items, []string{"4♥", "9♥"}) || english.Say(legal[0].Label) != "Lay hearts ♥" {
		t.Errorf("subset %q %d..%d of %v, want \"Lay hearts ♥\" 0..2 of [4♥ 9♥]", legal[0].Label, pk.Min, pk.Max, items)
	}
	gametest.MustRefuse(t, s, 0, act(kindLay, 1, 0), games.ErrIllegal)
	gametest.MustRefuse(t, s, 0, act(kindLay, 2), games.ErrIllegal)
	gametest.MustRefuse(t, s, 0, act(kindLay, 0, 0), games.ErrIllegal)
	play(t, s, 0, act(kindLay, 1))
	if got, want := codes(s.up[0]), "9H"; got != want {
		t.Errorf("face up %q, want %q", got, want)
	}

	s = build(t, pos{hands: []string{"2S 3S 4D", "JO 2C"}, deck: "5S"})
	ev := begin(t, s)
	if got, want := codes(s.up[0]), "2S 3S"; got != want {
		t.Errorf("after a ♠: face up %q, want %q", got, want)
	}
	if !hasText(ev, games.Observer, "{0} turned 5♠ and must lay every spade.") {
		t.Errorf("events %q", texts(ev, games.Observer))
	}

	s = build(t, pos{hands: []string{"AS 3D", "JO 4S 2C"}, deck: "5S"})
	begin(t, s)
	if got, want := codes(s.bank[0]), "4S AS"; got != want {
		t.Errorf("ace of spades laid on a ♠: face down %q, want %q", got, want)
	}
}

// Ruling 9: after a non-spade threshold the player may steal from a seat
// with cards: a face-up card of their choice when the victim has any,
// else a random card from the hand; the card goes to the thief's hand.
func TestRuling09Steal(t *testing.T) {
	// After the steal seat 1 turns 9♣, has no clubs and picks up 3♣; seat 2
	// holds a joker, so play stops there.
	base := pos{seats: 3, hands: []string{"4H 6H 2C", "5D 7D", "JO 9S"}, deck: "8H 9C 3C"}

	s := build(t, base)
	begin(t, s)
	play(t, s, 0, act(kindLay, 0, 1))
	if got, want := actions(s, 0), []string{"steal.1", "steal.2", "nosteal"}; !slices.Equal(got, want) {
		t.Fatalf("choices %v, want %v", got, want)
	}
	ev := play(t, s, 0, act(kindSteal, 1))
	got := codes(s.hands[0])
	if got != "5D 2C" && got != "7D 2C" {
		t.Errorf("thief's hand %q, want 2C and one of seat 1's cards", got)
	}
	if got := codes(s.hands[1]); got != "7D 3C" && got != "5D 3C" {
		t.Errorf("victim holds %q, want one of its cards and the 3C picked up", got)
	}
	if !hasText(ev, games.Observer, "{0} stole a card from {1}'s hand.") {
		t.Errorf("public events %q", texts(ev, games.Observer))
	}

	withUp := base
	withUp.up = []string{"", "2S 3D"}
	s = build(t, withUp)
	begin(t, s)
	play(t, s, 0, act(kindLay, 0, 1))
	play(t, s, 0, act(kindSteal, 1))
	if got, want := actions(s, 0), []string{"take." + itoa(id(t, "3D")), "take." + itoa(id(t, "2S"))}; !slices.Equal(got, want) {
		t.Fatalf("choices %v, want %v", got, want)
	}
	if got, want := english.Say(s.Legal(0)[0].Label), "Take 3♦ from {1}'s table"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	for seat, want := range map[games.Seat]string{0: "take", 1: "steal", games.Observer: "steal"} {
		if got := s.View(seat).(View).Step; got != want {
			t.Errorf("seat %d sees the step as %q, want %q", seat, got, want)
		}
	}
	gametest.MustRefuse(t, s, 0, act(kindTake, id(t, "5D")), games.ErrIllegal)
	ev = play(t, s, 0, act(kindTake, id(t, "3D")))
	if got, want := codes(s.hands[0]), "3D 2C"; got != want {
		t.Errorf("thief's hand %q, want %q", got, want)
	}
	if !hasText(ev, games.Observer, "{0} took 3♦ from {1}'s table.") {
		t.Errorf("public events %q, want the face-up card named", texts(ev, games.Observer))
	}

	s = build(t, base)
	begin(t, s)
	play(t, s, 0, act(kindLay, 0, 1))
	gametest.MustRefuse(t, s, 0, act(kindSteal, 0), games.ErrIllegal)
	play(t, s, 0, act(kindNoSteal))
	if got, want := codes(s.hands[1]), "5D 7D 3C"; got != want || s.turn != 2 {
		t.Errorf("after no steal: seat 1 holds %q, turn %d; want %q and seat 2 to play", got, s.turn, want)
	}
}

// Ruling 10: after a spade threshold every other seat, from the victim's
// left and one at a time, may steal once from the victim.
func TestRuling10SpadeChain(t *testing.T) {
	s := build(t, pos{seats: 4, hands: []string{"2C 3C", "9S 4S 5H 6H 7H", "JO 2D", "3D"}, turn: 1, deck: "2S"})
	begin(t, s)
	var asked []games.Seat
	for s.phase == phaseReact {
		asked = append(asked, s.thief)
		if got, want := english.Say(s.Prompt()), ref(s.thief)+" may steal from {1}"; got != want {
			t.Errorf("prompt %q, want %q", got, want)
		}
		if s.thief == 3 {
			play(t, s, s.thief, act(kindPass))
			continue
		}
		play(t, s, s.thief, act(kindReact))
	}
	if want := []games.Seat{2, 3, 0}; !slices.Equal(asked, want) {
		t.Errorf("asked %v, want %v", asked, want)
	}
	if len(s.hands[1]) != 1 || len(s.hands[2]) != 3 || len(s.hands[3]) != 1 || len(s.hands[0]) != 3 {
		t.Errorf("hand sizes %d %d %d %d, want 3 1 3 1", len(s.hands[0]), len(s.hands[1]), len(s.hands[2]), len(s.hands[3]))
	}
}

// Ruling 11: laying nothing means picking up, whether by choice, for want
// of the suit or after a turned ace; playing a joker is not laying nothing.
func TestRuling11PickingUp(t *testing.T) {
	tests := []struct {
		name string
		p    pos
		a    *games.Action
		want string
	}{
		{"by choice", pos{hands: []string{"4H 2D", "JO 2C"}, deck: "8H 9C"}, &games.Action{Kind: kindLay}, "4H 2D 9C"},
		{"none of the suit", pos{hands: []string{"4H 2D", "JO 2C"}, deck: "8C 9C"}, nil, "4H 2D 9C"},
		{"after a turned ace", pos{hands: []string{"4H 2D", "JO 2C"}, deck: "AC 9C"}, nil, "4H 2D 9C"},
		{"no spades", pos{hands: []string{"4H 2D", "JO 2C"}, deck: "8S 9C"}, nil, "4H 2D 9C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, tt.p)
			ev := begin(t, s)
			if tt.a != nil {
				ev = play(t, s, 0, *tt.a)
			}
			if got := codes(s.hands[0]); got != tt.want {
				t.Errorf("hand %q, want %q", got, tt.want)
			}
			if !hasText(ev, 0, "You picked up 9♣.") || hasText(ev, 1, "9♣") {
				t.Errorf("events %q, want the card told to seat 0 only", texts(ev, 0))
			}
		})
	}
	s := build(t, pos{hands: []string{"JO 4H 2D", "JO2 2C"}})
	begin(t, s)
	play(t, s, 0, act(kindJoker))
	if len(s.hands[0]) != handCards {
		t.Errorf("after a joker seat 0 holds %d cards, want the %d dealt and no pick-up", len(s.hands[0]), handCards)
	}
}

// Ruling 12: an empty deck is refilled from the shuffled discard pile;
// with both empty the hand ends.
func TestRuling12EmptyDeck(t *testing.T) {
	p := pos{hands: []string{"4H 2D", "JO 2C"}}
	s := build(t, p)
	s.discard = append(s.discard, s.deck...)
	s.deck = nil
	ev := begin(t, s)
	if !hasText(ev, games.Observer, "The discard pile is shuffled into a new deck.") {
		t.Errorf("events %q, want a reshuffle", texts(ev, games.Observer))
	}

	s = build(t, p)
	s.removed = append(s.removed, s.deck...)
	s.deck = nil
	l := &log{}
	s.runTurns(l)
	if s.handNo != 2 || !hasText(l.ev, games.Observer, "The deck and the discard pile are empty: the hand is over.") {
		t.Errorf("hand %d, events %q: want the hand over", s.handNo, texts(l.ev, games.Observer))
	}
}

// Ruling 13: a turned ace sends every card of its suit in hands and
// face-up rows to the discard pile; face-down cards stay; the player
// then picks up.
func TestRuling13AceTurned(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"4H 2D", "JO2 5H 6H 3C", "JO 2C"}, up: []string{"", "3H"}, bank: []string{"KH QH"}, deck: "AH 9C"})
	ev := begin(t, s)
	if got, want := codes(s.discard[len(s.discard)-5:]), "4H 5H 6H 3H AH"; got != want {
		t.Errorf("discard top %q, want %q", got, want)
	}
	if got, want := codes(s.bank[0]), "QH KH"; got != want {
		t.Errorf("face down %q, want %q kept", got, want)
	}
	if got, want := codes(s.hands[0]), "2D 9C"; got != want {
		t.Errorf("hand %q, want %q after picking up", got, want)
	}
	if !hasText(ev, games.Observer, "{0} turned A♥: every heart goes to the discard pile: 4♥ from {0}'s hand, 5♥ 6♥ from {1}'s hand, 3♥ from {1}'s table.") {
		t.Errorf("events %q", texts(ev, games.Observer))
	}
}

// Ruling 14: an ace laid pulls every card of its suit from every hand and
// face-up row onto the player's table, which then turns face down and
// steals as that suit does.
func TestRuling14AceLaid(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"AH 2H 2D", "5H 6H 3C", "JO 2C"}, up: []string{"", "3H"}, bank: []string{"", "KH"}, deck: "8H"})
	begin(t, s)
	play(t, s, 0, act(kindLay, 1)) // the ace alone: the 2♥ comes along
	if got, want := codes(s.bank[0]), "2H 3H 5H 6H AH"; got != want {
		t.Errorf("face down %q, want %q", got, want)
	}
	if got, want := codes(s.bank[1]), "KH"; got != want {
		t.Errorf("seat 1 face down %q, want %q untouched", got, want)
	}
	if s.phase != phaseSteal {
		t.Errorf("phase %s, want steal", phaseNames[s.phase])
	}

	s = build(t, pos{seats: 3, hands: []string{"AS 3D", "5S 3C", "JO 2S 2C"}, deck: "4S"})
	begin(t, s)
	if got, want := codes(s.bank[0]), "2S 5S AS"; got != want {
		t.Errorf("spades face down %q, want %q", got, want)
	}
	if s.phase != phaseReact || s.thief != 1 || s.victim != 0 {
		t.Errorf("phase %s thief %d victim %d, want seat 1 asked to steal from seat 0", phaseNames[s.phase], s.thief, s.victim)
	}
}

// Ruling 15: an ace that arrives face down does nothing until laid; with
// two packs each ace triggers on its own.
func TestRuling15AcesFaceDown(t *testing.T) {
	s := build(t, pos{hands: []string{"4D 2C", "JO 5H"}, deck: "8H AH"})
	begin(t, s)
	if got, want := codes(s.hands[0]), "AH 4D 2C"; got != want {
		t.Errorf("hand %q, want the picked-up ace held", got)
	}
	if got, want := codes(s.hands[1]), "5H JO"; got != want {
		t.Errorf("seat 1 hand %q, want %q untouched", got, want)
	}

	two := pos{seats: 2, opts: opts("packs=2"), hands: []string{"AH 2C 3C", "JO 5H 6H"}, deck: "8H"}
	s = build(t, two)
	begin(t, s)
	play(t, s, 0, act(kindLay, 0))
	play(t, s, 0, act(kindNoSteal))
	// Seat 1 later receives the other ace and lays it.
	s.hands[1] = insertCard(s.hands[1], id(t, "AH'"))
	s.deck = removeCard(s.deck, id(t, "AH'"))
	s.hands[0] = insertCard(s.hands[0], id(t, "9H"))
	s.deck = removeCard(s.deck, id(t, "9H"))
	s.deck = append(removeCard(s.deck, id(t, "7H")), id(t, "7H"))
	play(t, s, 1, act(kindTurn))
	play(t, s, 1, act(kindLay, 0))
	if got, want := codes(ofSuit(s.bank[1], Hearts)), "9H AH'"; got != want {
		t.Errorf("second ace pulled %q, want %q", got, want)
	}
}

// Ruling 16: a joker played replaces the turn, leaves play and redeals;
// the seat on the joker player's left plays next. A turned joker does the
// same and ends the turn.
func TestRuling16Jokers(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"2C", "JO 5H", "3D"}, turn: 1})
	begin(t, s)
	ev := play(t, s, 1, act(kindJoker))
	if codes(s.removed) != "JO" || s.dealer != 1 {
		t.Errorf("removed %q, dealer %d: want the joker out and seat 1 the dealer", codes(s.removed), s.dealer)
	}
	pub := texts(ev, games.Observer)
	if s.turn == 2 && s.phase == phaseJoker {
		pub = append(pub, "{2} holds a joker")
	}
	if len(pub) < 3 || !strings.HasPrefix(pub[2], "{2} ") {
		t.Errorf("events %q: want seat 2 to play after the redeal", pub)
	}

	s = build(t, pos{seats: 3, hands: []string{"2C", "5H", "JO2 3D"}, deck: "JO", turn: 0})
	ev = begin(t, s)
	if codes(s.removed) != "JO" || s.dealer != 0 || !hasText(ev, games.Observer, "{0} turned a joker.") {
		t.Errorf("removed %q, dealer %d, events %q: want seat 0's turned joker out and seat 0 the dealer", codes(s.removed), s.dealer, texts(ev, games.Observer))
	}
}

// Ruling 17: a redeal gathers deck, discard pile, face-up rows and hands;
// face-down banks stay; seven cards each, dealt from the joker player's
// left.
func TestRuling17Redeal(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"2C", "JO 5H", "3D"}, up: []string{"4H", "2S"}, bank: []string{"KD QD"}, discard: "9C 9D", turn: 1})
	rng := s.rng.Clone()
	s.hands[1] = removeCard(s.hands[1], id(t, "JO"))
	if !s.redeal(&log{}, id(t, "JO")) {
		t.Fatalf("redeal refused with %d cards to gather", len(s.deck))
	}
	if s.dealer != 1 || s.turn != 1 {
		t.Errorf("dealer %d, turn %d: want seat 1 as the last dealer, passing the turn next", s.dealer, s.turn)
	}
	if got, want := codes(s.bank[0]), "QD KD"; got != want {
		t.Errorf("face down %q, want %q kept", got, want)
	}
	for p := range 3 {
		if len(s.up[p]) != 0 {
			t.Errorf("seat %d face up %q, want none", p, codes(s.up[p]))
		}
	}
	// Replay the deal: every card but the banked two and the joker, shuffled
	// by the generator and dealt one at a time from seat 2.
	var all []int
	for n := range packSize {
		if code(n) != "QD" && code(n) != "KD" && code(n) != "JO" {
			all = append(all, n)
		}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	want := make([][]int, 3)
	for range handCards {
		for _, p := range []int{2, 0, 1} {
			want[p] = insertCard(want[p], all[len(all)-1])
			all = all[:len(all)-1]
		}
	}
	for p := range 3 {
		if got := codes(s.hands[p]); got != codes(want[p]) {
			t.Errorf("seat %d dealt %q, want %q", p, got, codes(want[p]))
		}
	}
}

// Ruling 18: with fewer than seven cards per seat to gather, nothing is
// gathered and the hand ends as the table stands.
func TestRuling18TooFewToRedeal(t *testing.T) {
	s := build(t, pos{seats: 2, hands: []string{"2C", "JO 5H"}, up: []string{"4H"}, turn: 1})
	// Bank all but a few cards so that fewer than 14 remain to gather.
	for len(s.deck) > 8 {
		s.bank[1] = insertCard(s.bank[1], s.deck[0])
		s.deck = s.deck[1:]
	}
	s.bank[1] = slices.DeleteFunc(s.bank[1], func(n int) bool { return cards[n].IsJoker() })
	s.deck = slices.DeleteFunc(s.deck, func(n int) bool { return cards[n].IsJoker() })
	s.removed = []int{id(t, "JO2")}
	checkState(t, s)
	begin(t, s)
	up := s.tableScore2(0)
	ev := play(t, s, 1, act(kindJoker))
	if !hasText(ev, games.Observer, "too few to redeal: the hand is over.") {
		t.Fatalf("events %q, want the hand over", texts(ev, games.Observer))
	}
	if got := s.history[0][0]; got != up {
		t.Errorf("seat 0 scored %d half points, want %d from its face-up 4♥", got, up)
	}
}

// Ruling 19: the hand ends the moment a hand is empty: after a lay, after
// a turned ace's discard, and after a single steal, cancelling steals
// still to come.
func TestRuling19HandEnd(t *testing.T) {
	t.Run("after a lay", func(t *testing.T) {
		s := build(t, pos{hands: []string{"4H 6H", "JO 2C"}, deck: "8H"})
		begin(t, s)
		ev := play(t, s, 0, act(kindLay, 0, 1))
		if s.handNo != 2 || !hasText(ev, games.Observer, "{0} has no cards left in hand: the hand is over.") {
			t.Errorf("hand %d, events %q: want the hand over, no steal", s.handNo, texts(ev, games.Observer))
		}
	})
	t.Run("after an ace pulls a last card", func(t *testing.T) {
		s := build(t, pos{hands: []string{"AH 2C", "5H"}, deck: "8H"})
		begin(t, s)
		play(t, s, 0, act(kindLay, 0))
		if s.handNo != 2 {
			t.Errorf("hand %d, want the hand over", s.handNo)
		}
	})
	t.Run("after a turned ace", func(t *testing.T) {
		s := build(t, pos{hands: []string{"2C 3C", "5H"}, deck: "AH"})
		begin(t, s)
		if s.handNo != 2 {
			t.Errorf("hand %d, want the hand over", s.handNo)
		}
	})
	t.Run("after a steal, cancelling the chain", func(t *testing.T) {
		s := build(t, pos{seats: 3, hands: []string{"9S 4S 2D", "JO 3C", "JO2 3D"}, deck: "2S"})
		begin(t, s)
		play(t, s, 1, act(kindReact))
		if s.handNo != 2 || s.phase != phaseSuit {
			t.Errorf("hand %d phase %s, want the hand over before seat 2 is asked", s.handNo, phaseNames[s.phase])
		}
	})
}

// Ruling 20: face-up and face-down cards score their value, the chosen
// suit double, spades negative, cards in hand nothing; totals may go
// negative.
func TestRuling20Scoring(t *testing.T) {
	s := build(t, pos{suits: "HD", hands: []string{"AH", "AD"}, up: []string{"3D", "9S"}, bank: []string{"5H KH 2C", "QS KS"}})
	if got, want := s.tableScore2(0), 2*(2*15+2+3); got != want {
		t.Errorf("seat 0 scores %d half points, want %d", got, want)
	}
	l := &log{}
	s.endHand(l)
	if got, want := s.Result().Shown, []string{"35", "−29"}; !slices.Equal(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	if !hasText(l.ev, games.Observer, "Hand 1 scores: {0} +35 (35), {1} −29 (−29).") {
		t.Errorf("events %q", texts(l.ev, games.Observer))
	}
}

// Ruling 21: at the next hand every card, jokers included, is back in
// the deck.
func TestRuling21NextHandGathersAll(t *testing.T) {
	s := build(t, pos{hands: []string{"AH", "AD"}, up: []string{"3D"}, bank: []string{"5H"}, removed: "JO", discard: "9C"})
	l := &log{}
	s.endHand(l)
	if len(s.deck) != packSize || s.phase != phaseSuit {
		t.Errorf("deck holds %d cards in phase %s, want all %d while suits are chosen", len(s.deck), phaseNames[s.phase], packSize)
	}
	checkState(t, s)
}

// Ruling 22: the match ends after a hand when a total reaches the target
// and one seat leads; a tie at the top plays another hand.
func TestRuling22MatchEnd(t *testing.T) {
	s := build(t, pos{hands: []string{"2C", "2D"}, totals: []int{190, 150}, handNo: 2, bank: []string{"5H", "5S"}})
	l := &log{}
	s.endHand(l)
	if s.phase != phaseOver || !hasText(l.ev, games.Observer, "Game over: {0} wins with 105.") {
		t.Errorf("phase %s, events %q: want seat 0 to win", phaseNames[s.phase], texts(l.ev, games.Observer))
	}
	if r := s.Result(); !r.Over || !slices.Equal(r.Rank, []int{1, 2}) {
		t.Errorf("result %+v, want over with seat 0 first", r)
	}
	checkState(t, s)

	s = build(t, pos{hands: []string{"2C", "2D"}, totals: []int{180, 200}, handNo: 2, bank: []string{"5H"}})
	l = &log{}
	s.endHand(l)
	if s.phase != phaseSuit || !hasText(l.ev, games.Observer, "{0} and {1} are tied at the top with 100: one more hand.") {
		t.Errorf("phase %s, events %q: want another hand", phaseNames[s.phase], texts(l.ev, games.Observer))
	}
}

// Ruling 23: with choose_spades a seat may choose ♠, and its spades then
// cost half; the threshold still counts full values.
func TestRuling23ChooseSpades(t *testing.T) {
	s := newState(t, 2, 1, opts("choose_spades=true"))
	if got, want := actions(s, 0), []string{"suit.0", "suit.1", "suit.2", "suit.3"}; !slices.Equal(got, want) {
		t.Errorf("choices %v, want %v", got, want)
	}
	s = build(t, pos{opts: opts("choose_spades=true", "packs=2"), suits: "SH", hands: []string{"2C", "2D"}, bank: []string{"7S KH", "7S'"}})
	l := &log{}
	s.endHand(l)
	if got, want := s.Result().Shown, []string{"6½", "−7"}; !slices.Equal(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	if got, want := s.Result().Scores, []int{6, -7}; !slices.Equal(got, want) {
		t.Errorf("whole scores %v, want %v", got, want)
	}

	s = build(t, pos{opts: opts("choose_spades=true"), suits: "SH", hands: []string{"6S 4S 2C", "JO 2D"}, deck: "2S"})
	begin(t, s)
	if got, want := codes(s.bank[0]), "4S 6S"; got != want {
		t.Errorf("face down %q, want %q: 10 in full value reaches the threshold", got, want)
	}
}

// Ruling 24: with blind_steal the victim's hand is shuffled by the game's
// generator and the thief picks a position.
func TestRuling24BlindSteal(t *testing.T) {
	s := build(t, pos{seats: 3, opts: opts("blind_steal=true"), hands: []string{"4H 6H 2C", "5D 7D 9D", "JO 9S"}, deck: "8H 9C 3C"})
	begin(t, s)
	play(t, s, 0, act(kindLay, 0, 1))
	rng := s.rng.Clone()
	play(t, s, 0, act(kindSteal, 1))
	if got, want := actions(s, 0), []string{"pos.1", "pos.2", "pos.3"}; !slices.Equal(got, want) {
		t.Fatalf("choices %v, want %v", got, want)
	}
	if got, want := english.Say(s.Legal(0)[2].Label), "Card 3 of {1}'s hand"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	order := ids(t, "5D 7D 9D")
	rng.Shuffle(3, func(i, j int) { order[i], order[j] = order[j], order[i] })
	if b, _ := json.Marshal(s.View(games.Observer)); strings.Contains(string(b), "blind") {
		t.Errorf("the public view mentions the shuffled hand")
	}
	ev := play(t, s, 0, act(kindPos, 2))
	if !slices.Contains(s.hands[0], order[1]) {
		t.Errorf("thief holds %q, want %s from position 2 of %q", codes(s.hands[0]), code(order[1]), codes(order))
	}
	if hasText(ev, games.Observer, cards[order[1]].Label()) {
		t.Errorf("public events %q name the stolen card", texts(ev, games.Observer))
	}
}

// Ruling 25: with fortune, the final view reads one fortune per seat from
// the cards banked over the match; without it, none.
func TestRuling25Fortune(t *testing.T) {
	for _, on := range []bool{false, true} {
		o := opts()
		if on {
			o = opts("fortune=true")
		}
		s := build(t, pos{opts: o, hands: []string{"2C", "2D"}, totals: []int{190, 150}, handNo: 2, bank: []string{"5H 9D 6S", ""}})
		l := &log{}
		s.endHand(l)
		f := s.View(games.Observer).(View).Fortune
		if !on {
			if f != nil {
				t.Errorf("fortune %q without the option, want none", f)
			}
			continue
		}
		want := []string{
			"Romance 5, money 9, friendship 0, bad luck 6. Coins are rolling your way; keep your pockets open, but carry an umbrella: a storm or two is on its way.",
			"The cards keep their counsel: your future is a blank page, yours to write.",
		}
		if got := english.SayAll(f); !slices.Equal(got, want) {
			t.Errorf("fortune\n%q\nwant\n%q", got, want)
		}
	}
}

// Ruling 26: hands and the deck are hidden; a card stolen from a hand is
// told to thief and victim only; face-up rows, banks, hand sizes and the
// turned card are public.
func TestRuling26Visibility(t *testing.T) {
	s := build(t, pos{seats: 3, hands: []string{"4H 6H 2C", "5D", "JO 9S"}, up: []string{"", "", "3C"}, bank: []string{"", "KS"}, deck: "8H"})
	begin(t, s)
	pub := s.View(games.Observer).(View)
	if pub.Hand != nil || pub.Notes != nil || pub.Seat != games.Observer {
		t.Errorf("public view has hand %v, notes %v, seat %d; want none and Observer", pub.Hand, pub.Notes, pub.Seat)
	}
	if pub.Seats[1].HandSize != 1 || len(pub.Seats[1].Bank) != 1 || len(pub.Seats[2].FaceUp) != 1 {
		t.Errorf("public seats %+v, want sizes, banks and rows shown", pub.Seats)
	}
	if mine := s.View(2).(View); codes(idsOf(mine.Hand)) != "9S JO" {
		t.Errorf("seat 2 sees hand %v, want its own", mine.Hand)
	}
	play(t, s, 0, act(kindLay, 0, 1))
	ev := play(t, s, 0, act(kindSteal, 1))
	if got, want := texts(ev, 0)[1], "You stole 5♦ from {1}."; got != want {
		t.Errorf("thief told %q, want %q", got, want)
	}
	if !hasText(ev, 1, "{0} stole your 5♦.") || hasText(ev, 2, "5♦") || hasText(ev, games.Observer, "5♦") {
		t.Errorf("events %v, want 5♦ told to seats 0 and 1 only", ev)
	}
	if got := s.View(0).(View).Notes; len(got) == 0 || english.Say(got[len(got)-1]) != "You stole 5♦ from {1}." {
		t.Errorf("thief's notes %q, want the steal last", got)
	}
	if got := s.View(2).(View).Notes; len(got) != 0 {
		t.Errorf("seat 2 notes %q, want none", got)
	}
}

func idsOf(cs []Card) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func itoa(n int) string { return games.Action{Args: []int{n}}.String()[1:] }

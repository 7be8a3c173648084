package alife

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// fresh deals a game of the test set and places every start stack on
// row 1, so the first turn of round 1 is next.
func fresh(t *testing.T, seats int, seed uint64) *state {
	t.Helper()
	s := newState(testSet(), games.Config{Seats: seats, Seed: seed})
	for range seats {
		do(t, s, s.turn, actStart, 1)
	}
	return s
}

func do(t *testing.T, s *state, seat games.Seat, kind string, args ...int) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, games.Action{Kind: kind, Args: args})
	if err != nil {
		t.Fatalf("%s %v by seat %d at step %s: %v", kind, args, seat, s.stepOf(seat), err)
	}
	return ev
}

// act applies a decision, then draws every card it brought from the
// current phase's deck.
func act(t *testing.T, s *state, seat games.Seat, kind string, args ...int) {
	t.Helper()
	do(t, s, seat, kind, args...)
	for s.ps[seat].Step == stepDraw {
		do(t, s, seat, actDraw, s.phase())
	}
}

// simpleTurn plays the seat on turn: the first card it reaches, then the
// first free resource space.
func simpleTurn(t *testing.T, s *state) {
	t.Helper()
	seat := s.turn
	act(t, s, seat, actTake, s.connected(int(seat), true)[0])
	act(t, s, seat, actRes, slices.Index(s.ps[seat].Used[:], false))
}

func TestRuling02And03OpeningColumnsFromPhaseOneInDrawOrder(t *testing.T) {
	s := newState(testSet(), games.Config{Seats: 3, Seed: 5})
	for c := 1; c <= 2; c++ {
		for r, id := range s.slots[c] {
			if id < 0 || s.card(id).Phase != 1 {
				t.Fatalf("opening slot (%d, %d) holds %d, want a phase 1 card", c, r, id)
			}
		}
	}
	for c := 3; c <= 15; c++ {
		for _, id := range s.slots[c] {
			if id >= 0 {
				t.Fatalf("column %d holds a card before its round", c)
			}
		}
	}
}

func TestRuling04StartSpacesInTurnOrderAndShared(t *testing.T) {
	s := newState(testSet(), games.Config{Seats: 3, Seed: 2})
	first := s.startSeat
	for k := range 3 {
		want := (first + games.Seat(k)) % 3
		if s.turn != want || s.step != stepStart {
			t.Fatalf("placement %d: seat %d at step %s, want seat %d", k, s.turn, s.step, want)
		}
		do(t, s, s.turn, actStart, 2)
	}
	for p, pl := range s.ps {
		if pl.Col != 0 || pl.Row != 2 {
			t.Fatalf("seat %d stands at (%d, %d), want (0, 2): spaces may be shared", p, pl.Col, pl.Row)
		}
	}
	if s.step != stepRound || s.round != 1 || s.turn != first || s.ps[first].Step != stepCard {
		t.Fatalf("after the placements: step %s, round %d, seat %d", s.step, s.round, s.turn)
	}
}

func TestRuling05And25OnlyCurrentPhaseHandCardsPlay(t *testing.T) {
	s := fresh(t, 2, 1)
	p := int(s.turn)
	for _, c := range s.Legal(s.turn) {
		if c.Action.Kind == actPlay && s.card(s.ps[p].Hand[c.Action.Args[0]]).Phase != 1 {
			t.Fatalf("a phase %d card is offered in phase 1", s.card(s.ps[p].Hand[c.Action.Args[0]]).Phase)
		}
	}
	n := 0
	for _, c := range s.ps[p].Hand {
		if s.card(c).Phase == 1 {
			n++
		}
	}
	if got := len(s.playable(p)); got != n {
		t.Fatalf("%d hand cards playable, want the %d of phase 1", got, n)
	}
}

func TestRuling06TakingRefillsAndPlayingStandsBehind(t *testing.T) {
	s := fresh(t, 2, 3)
	seat := s.turn
	p := int(seat)
	taken := s.slots[1][1]
	do(t, s, seat, actTake, 1)
	if s.slots[1][1] < 0 || s.slots[1][1] == taken || s.card(s.slots[1][1]).Phase != 1 {
		t.Fatalf("the taken slot was not refilled from phase 1's deck")
	}
	if pl := s.ps[p]; pl.Col != 1 || pl.Row != 1 || pl.Tableau[0][0].Card != taken {
		t.Fatalf("after taking, the stack stands at (%d, %d) and the tableau holds %v", pl.Col, pl.Row, pl.Tableau[0])
	}
	base := s.card(taken).Base
	for r := range numResources {
		if s.ps[p].Life[r] < base.Life[r] {
			t.Fatalf("the base area was not experienced")
		}
	}
	// Finish the turn, then the other seat plays from its hand.
	do(t, s, seat, actRes, 0)
	other := s.turn
	q := int(other)
	i := s.playable(q)[0]
	card := s.ps[q].Hand[i]
	before := s.slots[1]
	act(t, s, other, actPlay, i)
	if got := s.ps[q].Step; got != stepStand {
		t.Fatalf("after a hand play the step is %s, want stand", got)
	}
	do(t, s, other, actStand, 2)
	if !slices.Equal(s.slots[1], before) || s.ps[q].Col != 1 || s.ps[q].Row != 2 {
		t.Fatalf("standing behind a card took it, or the stack did not move")
	}
	if s.ps[q].Tableau[0][0].Card != card {
		t.Fatalf("the hand card is not in the tableau")
	}
}

func TestRuling07DrawsChooseAmongThreePhases(t *testing.T) {
	s := fresh(t, 2, 4)
	pl := &s.ps[s.turn]
	pl.Draws, pl.Step, pl.After = 2, "", stepAction
	s.advance(s.turn, nil)
	if pl.Step != stepDraw {
		t.Fatalf("step %s, want draw", pl.Step)
	}
	var phases []int
	for _, c := range s.Legal(s.turn) {
		phases = append(phases, c.Action.Args[0])
	}
	if !slices.Equal(phases, []int{1, 2, 3}) {
		t.Fatalf("draws offered from phases %v, want 1, 2, 3", phases)
	}
	hand := len(s.ps[s.turn].Hand)
	do(t, s, s.turn, actDraw, 3)
	if pl.Step != stepDraw || len(pl.Hand) != hand+1 {
		t.Fatal("the first of two draws did not ask again")
	}
	do(t, s, s.turn, actDraw, 2)
	if pl.Step != stepAction {
		t.Fatalf("after the draws the step is %s, want action", pl.Step)
	}
}

func TestRuling08EmptyDecksReshuffleOrCannotBeChosen(t *testing.T) {
	s := fresh(t, 2, 6)
	s.discards[2] = append(s.discards[2], s.decks[2]...)
	s.decks[2] = nil
	if c := s.deal(2); c < 0 || s.card(c).Phase != 2 || len(s.discards[2]) != 0 {
		t.Fatal("an empty deck did not take its shuffled discard pile")
	}
	s.decks[3], s.discards[3] = nil, nil
	if slices.Contains(s.drawPhases(), 3) {
		t.Fatal("a deck with no cards and no discards can be chosen")
	}
	if c := s.deal(3); c != -1 {
		t.Fatal("dealing from nothing gave a card")
	}
}

func TestRuling09EndOfRoundClearsAndLays(t *testing.T) {
	s := fresh(t, 2, 7)
	for s.round == 1 {
		simpleTurn(t, s)
	}
	for r, id := range s.slots[1] {
		if id >= 0 {
			t.Fatalf("slot (1, %d) still holds a card after its round", r)
		}
	}
	for r, id := range s.slots[3] {
		if id < 0 || s.card(id).Phase != 1 {
			t.Fatalf("slot (3, %d) was not laid from phase 1", r)
		}
	}
}

func TestRuling10And13DevelopmentOnlyWhenAffordable(t *testing.T) {
	s := fresh(t, 2, 8)
	seat := s.turn
	p := int(seat)
	card := s.slots[1][1]
	act(t, s, seat, actTake, 1)
	c := s.card(card)
	// The test set's first option needs one life symbol of the card's
	// own kind, which its base area gives; the second, one money.
	s.ps[p].Money = 0
	legal := s.Legal(seat)
	var devs [][]int
	for _, ch := range legal {
		if ch.Action.Kind == actDevel {
			devs = append(devs, ch.Action.Args)
		}
	}
	if len(devs) != 1 || devs[0][1] != 0 {
		t.Fatalf("developments offered %v, want option 0 only (no money)", devs)
	}
	life := s.ps[p].Life
	do(t, s, seat, actDevel, 0, 0)
	if !s.ps[p].Tableau[0][0].Developed {
		t.Fatal("the card is not marked developed")
	}
	for r := range numResources {
		if s.ps[p].Life[r] != life[r]+c.Dev.Life[r] {
			t.Fatalf("a requirement was spent, or the development area not gained")
		}
	}
}

func TestRuling11FriendshipGivesOnlySymbols(t *testing.T) {
	s := fresh(t, 2, 9)
	a := s.turn
	act(t, s, a, actTake, 1)
	do(t, s, a, actRes, 1)
	b := s.turn
	act(t, s, b, actTake, 1)
	target := s.card(s.ps[a].Tableau[0][0].Card)
	pb := &s.ps[b]
	scoring, life, money := pb.Scoring, pb.Life, pb.Money
	hand := len(pb.Hand)
	do(t, s, b, actFriend, int(a), 0)
	do(t, s, b, actDiscard, 0)
	for r := range numResources {
		if pb.Scoring[r] != scoring[r]+target.Base.Scoring[r] || pb.Life[r] != life[r]+target.Base.Life[r] {
			t.Fatal("befriending did not give the card's base symbols")
		}
	}
	if pb.Money != money || len(pb.Hand) != hand-1 {
		t.Fatalf("befriending in phase 1 costs one hand card and gives no money: money %d→%d, hand %d→%d", money, pb.Money, hand, len(pb.Hand))
	}
	if !slices.Contains(pb.Friends, target.ID) {
		t.Fatal("the befriended card is not remembered")
	}
}

func TestRuling14GainsThenLossesFloorMinusOne(t *testing.T) {
	s := fresh(t, 2, 10)
	p := int(s.turn)
	s.ps[p].Life[Joy] = 0
	s.experience(p, Area{Life: [numResources]int{Joy: 1}, Lose: [numResources]int{Joy: 3}, Scoring: [numResources]int{Art: 2}})
	if s.ps[p].Life[Joy] != -1 {
		t.Fatalf("life Joy %d, want −1: gains first, then losses, floored", s.ps[p].Life[Joy])
	}
	s.experience(p, Area{Lose: [numResources]int{Joy: 1}})
	if s.ps[p].Life[Joy] != -1 || s.ps[p].Scoring[Art] < 2 {
		t.Fatal("a life track went below −1, or a scoring track dropped")
	}
}

func TestRuling16And22DeathEndsTurnsAndAllDeadEndsTheGame(t *testing.T) {
	s := fresh(t, 2, 11)
	dead := s.turn
	s.ps[dead].Hearts = 0
	act(t, s, dead, actTake, 1)
	act(t, s, dead, actRes, 0)
	if !s.ps[dead].Dead {
		t.Fatal("a seat without hearts lived on after its turn")
	}
	for range 6 {
		if s.turn == dead && s.step != stepOver {
			t.Fatal("a dead seat was given a turn")
		}
		s.ps[s.turn].Hearts = 0
		simpleTurn(t, s)
		if s.step == stepOver {
			break
		}
	}
	if s.step != stepOver {
		t.Fatal("the game went on with every seat dead")
	}
	if _, err := s.Apply(dead, games.Action{Kind: actTake, Args: []int{0}}); !errors.Is(err, games.ErrOver) {
		t.Fatalf("a move after the end: %v", err)
	}
}

func TestRuling19StartMarkerPassing(t *testing.T) {
	for _, seats := range []int{2, 3} {
		s := fresh(t, seats, 12)
		starts := []games.Seat{s.startSeat}
		for s.round < 7 {
			r := s.round
			simpleTurn(t, s)
			for s.step == stepChild {
				do(t, s, s.Active()[0], actKeep, 0)
			}
			if s.round != r {
				starts = append(starts, s.startSeat)
			}
		}
		for i := 1; i < len(starts); i++ {
			moved := starts[i] != starts[i-1]
			phaseEnd := i%3 == 0
			if seats == 2 && moved != phaseEnd || seats > 2 && !moved {
				t.Fatalf("%d seats: start seats by round %v", seats, starts)
			}
		}
	}
}

func TestRuling17And18ChildrenAfterPhasesThreeAndFour(t *testing.T) {
	s := fresh(t, 2, 13)
	// Give seat 0 a lived card with a baby, as phase 3's last test card.
	var babyCard int
	for _, c := range s.set.cards {
		if c.Base.Babies > 0 {
			babyCard = c.ID
		}
	}
	for s.round < 9 {
		if s.step == stepChild {
			t.Fatal("children before any baby")
		}
		simpleTurn(t, s)
	}
	// The baby card is nowhere else: take it out of its deck first.
	for ph := range s.decks {
		if i := slices.Index(s.decks[ph], babyCard); i >= 0 {
			s.decks[ph] = slices.Delete(s.decks[ph], i, i+1)
		}
	}
	s.ps[0].Tableau[2] = append(s.ps[0].Tableau[2], played{Card: babyCard})
	for s.step != stepChild {
		simpleTurn(t, s)
	}
	if got := s.Active(); !slices.Equal(got, []games.Seat{0}) {
		t.Fatalf("after phase 3 the seats choosing children are %v, want seat 0", got)
	}
	pair := s.ps[0].Children[0]
	if s.card(pair[0]).Phase != 1 || s.card(pair[1]).Phase != 1 {
		t.Fatal("a child's cards after phase 3 are not childhood cards")
	}
	do(t, s, 0, actKeep, 1)
	col := s.ps[0].Tableau[2]
	if last := col[len(col)-1]; last.Card != pair[1] || !last.Child {
		t.Fatal("the kept card is not on the phase 3 column as a child")
	}
	if !slices.Contains(s.discards[1], pair[0]) {
		t.Fatal("the other card was not discarded")
	}
	if s.step != stepRound || s.round != 10 || s.ps[s.turn].Step != stepCard {
		t.Fatalf("after the child, step %s round %d, want phase 4's first round", s.step, s.round)
	}
}

func TestRuling23And24ScoringAndJoyTiebreak(t *testing.T) {
	s := fresh(t, 2, 14)
	s.ps[0].Scoring, s.ps[0].Life = [numResources]int{}, [numResources]int{}
	s.ps[1].Scoring, s.ps[1].Life = [numResources]int{}, [numResources]int{}
	s.ps[0].Scoring[Art], s.ps[0].Life[Art] = 3, 2    // 6
	s.ps[0].Scoring[Fame], s.ps[0].Life[Fame] = 4, -1 // −4
	s.ps[0].Scoring[Joy], s.ps[0].Life[Joy] = 2, 2    // 4
	s.ps[1].Scoring[Sports], s.ps[1].Life[Sports] = 3, 2
	s.ps[1].Scoring[Joy], s.ps[1].Life[Joy] = 1, 0
	r := s.Result()
	if r.Scores[0] != 6 || r.Scores[1] != 6 {
		t.Fatalf("scores %v, want 6 and 6: products summed, a −1 life value counts against", r.Scores)
	}
	if r.Rank[0] != 1 || r.Rank[1] != 2 {
		t.Fatalf("ranks %v: on equal scores the higher Joy product wins", r.Rank)
	}
}

// The AI keeps a heart for every phase-5 round before the last that may
// force a heart-costing resource space, and never spends its last heart
// before round 15.
func TestAIKeepsItsLastHeart(t *testing.T) {
	s := fresh(t, 2, 15)
	for s.round < 13 {
		simpleTurn(t, s)
		for s.step == stepChild {
			do(t, s, s.Active()[0], actKeep, 0)
		}
	}
	seat := s.turn
	p := int(seat)
	act(t, s, seat, actTake, s.connected(p, true)[0])
	// Every phase-5 resource space costs a heart; befriending costs money.
	other := 1 - p
	if len(s.ps[other].Tableau[4]) == 0 {
		d := s.decks[5]
		s.ps[other].Tableau[4] = append(s.ps[other].Tableau[4], played{Card: d[len(d)-1]})
		s.decks[5] = d[:len(d)-1]
	}
	s.ps[p].Hearts, s.ps[p].Money = 1, 3
	// A space worth far more than any friendship: two Sports symbols on
	// a life Sports of 6.
	s.ps[p].Life[Sports] = 6
	rng := rand.New(rand.NewPCG(1, 1))
	if !slices.ContainsFunc(s.Legal(seat), func(c games.Choice) bool { return c.Action.Kind == actFriend }) {
		t.Fatal("no friendship to choose; the test proves nothing")
	}
	if a := (policy{}).Choose(s, seat, rng); a.Kind == actRes {
		t.Fatalf("with one heart in round %d the AI chose %v, which would end its life", s.round, a)
	}
	s.ps[p].Hearts = 2
	if a := (policy{}).Choose(s, seat, rng); a.Kind == actRes {
		t.Fatalf("with two hearts in round 13 the AI chose %v, leaving none for round 14", a)
	}
	s.round = 15
	s.ps[p].Hearts = 1
	if got := s.heartCost(p, 1); got != 0 {
		t.Fatalf("in the last round a heart costs the AI %v, want nothing", got)
	}
}

// The stand-in for an away player follows RULINGS 3.5: the connected card
// worth most to its scoring tracks, then a development it can afford,
// else the best free resource space; never a hand card or a friendship.
func TestStandinPlaysByThePlainRule(t *testing.T) {
	s := fresh(t, 2, 16)
	seat := s.turn
	p := int(seat)
	// Make the card on row 2 the one its scoring tracks want most.
	want := s.slots[1][2]
	for r := range numResources {
		s.ps[p].Scoring[r] = 0
		if s.card(want).Base.Life[r] > 0 {
			s.ps[p].Scoring[r] = 9
		}
	}
	a := (standin{}).Choose(s, seat, nil)
	if a.Kind != actTake || s.slots[1][a.Args[0]] != want {
		t.Fatalf("the stand-in chose %v, want to take the card on row 2", a)
	}
	act(t, s, seat, a.Kind, a.Args...)
	if a := (standin{}).Choose(s, seat, nil); a.Kind != actDevel {
		t.Fatalf("with a development affordable the stand-in chose %v", a)
	}
	// Whole games of stand-ins end, never befriending anyone nor playing
	// a hand card while there is a card to take.
	for seed := range uint64(20) {
		st := newState(testSet(), games.Config{Seats: 3, Seed: seed})
		for len(st.Active()) > 0 {
			who := st.Active()[0]
			a := (standin{}).Choose(st, who, nil)
			canTake := slices.ContainsFunc(st.Legal(who), func(c games.Choice) bool { return c.Action.Kind == actTake })
			if a.Kind == actFriend || a.Kind == actPlay && canTake {
				t.Fatalf("the stand-in chose %v", a)
			}
			if _, err := st.Apply(who, a); err != nil {
				t.Fatalf("seed %d: %v: %v", seed, a, err)
			}
		}
	}
	if games.StandinFor(Game{}) != (standin{}) {
		t.Fatal("the game does not offer its stand-in to the bot")
	}
}

// RULINGS 3.5 as doc.go settles it: once a seat has chosen its card and
// where it stands, the next seat may choose its card while the first
// still draws and chooses its action; that choice stays sealed, changing
// nothing the first could see or use (it cannot befriend the card), until
// the first's turn ends. Then the card is lived and the seat after may
// choose; the round ends only when every turn is finished.
func TestPipelineNextSeatChoosesWhileTheFirstActs(t *testing.T) {
	s := fresh(t, 3, 21)
	a := s.turn
	b, c := (a+1)%3, (a+2)%3
	if got := s.Active(); !slices.Equal(got, []games.Seat{a}) {
		t.Fatalf("at the round's start %v act, want only %d", got, a)
	}
	// A hand play does not open the next seat's card until the first
	// stands; the card is lived then.
	hand := len(s.ps[a].Hand)
	do(t, s, a, actPlay, s.playable(int(a))[0])
	if got := s.Active(); !slices.Equal(got, []games.Seat{a}) || len(s.ps[a].Tableau[0]) != 0 || len(s.ps[a].Hand) != hand {
		t.Fatalf("before standing, %v act and the tableau holds %v, want only %d acting and nothing played", got, s.ps[a].Tableau[0], a)
	}
	act(t, s, a, actStand, 0)
	if got := s.Active(); !slices.Equal(got, []games.Seat{a, b}) || len(s.ps[a].Tableau[0]) != 1 {
		t.Fatalf("after %d stood, %v act, want %d finishing and %d choosing", a, got, a, b)
	}
	if got := english.Say(s.Prompt()); got != "Round 1 (phase 1): {"+itoa(a)+"} chooses how to spend their time; {"+itoa(b)+"} chooses an experience." {
		t.Fatalf("prompt %q", got)
	}
	legal := s.Legal(a)

	// The next seat takes a card while the first still acts: sealed.
	row := s.connected(int(b), true)[0]
	card := s.slots[1][row]
	ev := do(t, s, b, actTake, row)
	if got := s.Active(); !slices.Equal(got, []games.Seat{a}) {
		t.Fatalf("after %d chose, %v act, want only %d", b, got, a)
	}
	if len(s.ps[b].Tableau[0]) != 0 || s.slots[1][row] != card || s.ps[b].Col != 0 {
		t.Fatal("the sealed choice changed the board or the seat's life")
	}
	if !slices.EqualFunc(s.Legal(a), legal, func(x, y games.Choice) bool { return x.Action.Equal(y.Action) && x.Label == y.Label }) {
		t.Fatalf("the first seat's choices changed when the next chose: %v, were %v", s.Legal(a), legal)
	}
	title := titleOf(s.card(card))
	for _, e := range ev {
		if named := strings.Contains(e.Text, title); named != slices.Equal(e.To, []games.Seat{b}) {
			t.Errorf("event %+v: only the seat that chose is told the card", e)
		}
	}
	if v := s.View(b).(View); v.Chosen == nil || v.Chosen.ID != card {
		t.Fatalf("the seat is not shown the card it chose: %+v", v.Chosen)
	}
	for _, viewer := range []games.Seat{a, c, games.Observer} {
		if v := s.View(viewer).(View); v.Chosen != nil || v.Seats[b].Step != moveChose || v.Last.Move != moveChose || v.Last.Col != 0 {
			t.Fatalf("seat %d sees %+v of the sealed choice, step %q, last %+v", viewer, v.Chosen, v.Seats[b].Step, v.Last)
		}
	}
	if got := english.Say(s.Prompt()); got != "Round 1 (phase 1): {"+itoa(a)+"} chooses how to spend their time; {"+itoa(b)+"} has chosen an experience." {
		t.Fatalf("prompt %q", got)
	}
	if got := english.Say(s.PromptTo(b)); !strings.Contains(got, "as soon as {"+itoa(a)+"} has finished their turn") {
		t.Fatalf("the waiting seat is told %q", got)
	}

	// The first ends its turn: the card is lived, the next seat goes on
	// to its action and the seat after it may choose.
	act(t, s, a, actRes, 0)
	if len(s.ps[b].Tableau[0]) != 1 || s.ps[b].Tableau[0][0].Card != card || s.ps[b].Col != 1 || s.ps[b].Row != row || s.slots[1][row] == card {
		t.Fatalf("after %d's turn, %d's card was not lived: tableau %v", a, b, s.ps[b].Tableau[0])
	}
	for s.ps[b].Step == stepDraw {
		do(t, s, b, actDraw, 1)
	}
	if got := s.Active(); !slices.Equal(got, []games.Seat{b, c}) || s.ps[b].Step != stepAction {
		t.Fatalf("after the card was lived, %v act (%d at %s), want %d acting and %d choosing", got, b, s.ps[b].Step, b, c)
	}
	// The third seat chooses while the second acts; the second may
	// befriend the first's card, not the third's.
	act(t, s, c, actTake, s.connected(int(c), true)[0])
	for _, ch := range s.Legal(b) {
		if ch.Action.Kind == actFriend && ch.Action.Args[0] == int(c) {
			t.Fatalf("%d may befriend a card %d chose after it: %q", b, c, ch.Label)
		}
	}
	if !slices.ContainsFunc(s.Legal(b), func(ch games.Choice) bool { return ch.Action.Kind == actFriend && ch.Action.Args[0] == int(a) }) {
		t.Fatalf("%d may not befriend the card %d lived before it", b, a)
	}
	act(t, s, b, actRes, 0)
	if s.round != 1 || !slices.Equal(s.Active(), []games.Seat{c}) {
		t.Fatalf("round %d with %v acting, want round 1 waiting for %d", s.round, s.Active(), c)
	}
	act(t, s, c, actRes, 0)
	if s.round != 2 || s.Active()[0] != s.startSeat {
		t.Fatalf("after every turn: round %d, active %v", s.round, s.Active())
	}
}

func itoa(s games.Seat) string { return strconv.Itoa(int(s)) }

// A development or friendship whose cost discards asks for the cards in a
// second step, with a way back; nothing is paid or gained until the cards
// are chosen, and exactly as many as the cost says.
func TestDiscardsAreChosenAfterTheAction(t *testing.T) {
	s := fresh(t, 2, 22)
	a := s.turn
	act(t, s, a, actTake, 1)
	act(t, s, a, actRes, 0)
	b := s.turn
	act(t, s, b, actTake, 1)
	pb := &s.ps[b]
	// Phase 1's friendship costs one hand card.
	before, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Legal(b) {
		if c.Pick != nil {
			t.Fatalf("the action %q asks for cards at once; they come after", c.Label)
		}
	}
	do(t, s, b, actFriend, int(a), 0)
	if pb.Step != stepPay || len(pb.Friends) != 0 {
		t.Fatalf("after choosing to befriend: step %s, friends %v", pb.Step, pb.Friends)
	}
	legal := s.Legal(b)
	if len(legal) != 2 || legal[0].Pick == nil || legal[0].Pick.Min != 1 || legal[0].Pick.Max != 1 || len(legal[0].Pick.Items) != len(pb.Hand) {
		t.Fatalf("the pay step offers %+v", legal)
	}
	gametest.MustRefuse(t, s, b, games.Action{Kind: actDiscard}, games.ErrIllegal)
	gametest.MustRefuse(t, s, b, games.Action{Kind: actDiscard, Args: []int{0, 1}}, games.ErrIllegal)
	gametest.MustRefuse(t, s, b, games.Action{Kind: actDiscard, Args: []int{len(pb.Hand)}}, games.ErrIllegal)
	do(t, s, b, actBack)
	if after, _ := s.MarshalBinary(); !slices.Equal(after, before) {
		t.Fatal("going back left a trace: the state differs from before the friendship was chosen")
	}
	do(t, s, b, actFriend, int(a), 0)
	card := pb.Hand[1]
	do(t, s, b, actDiscard, 1)
	if slices.Contains(pb.Hand, card) || !slices.Contains(s.discards[s.card(card).Phase], card) || len(pb.Friends) != 1 {
		t.Fatal("the friendship did not discard the chosen card and take effect")
	}
}

func TestRuling12ResourceSpacesOncePerPhase(t *testing.T) {
	s := fresh(t, 2, 23)
	first := s.turn
	checked := 0
	for round := 1; round <= 4; round++ {
		// Phase 1's spaces go one by one; phase 2 frees them all.
		want := []int{0, 1, 2}
		if round <= 3 {
			want = want[round-1:]
		}
		for s.round == round {
			seat := s.Active()[0]
			switch s.ps[seat].Step {
			case stepCard:
				act(t, s, seat, actTake, s.connected(int(seat), true)[0])
			case stepAction:
				if seat != first {
					act(t, s, seat, actRes, slices.Index(s.ps[seat].Used[:], false))
					continue
				}
				var got []int
				for _, c := range s.Legal(seat) {
					if c.Action.Kind == actRes {
						got = append(got, c.Action.Args[0])
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("round %d: resource spaces offered %v, want %v", round, got, want)
				}
				checked++
				act(t, s, seat, actRes, want[0])
			default:
				t.Fatalf("seat %d at step %s", seat, s.ps[seat].Step)
			}
		}
	}
	if checked != 4 {
		t.Fatalf("checked %d rounds, want 4", checked)
	}
}

func TestRuling15MoneyIsUnlimitedAndNeverScores(t *testing.T) {
	s := fresh(t, 2, 24)
	p := int(s.turn)
	before := s.Result().Scores[p]
	s.experience(p, Area{Money: 30})
	s.experience(p, Area{Money: 30})
	if s.ps[p].Money != 60 {
		t.Fatalf("money %d after gaining 60, want 60: there is no bank to run dry", s.ps[p].Money)
	}
	if got := s.Result().Scores[p]; got != before {
		t.Fatalf("money moved the score from %d to %d", before, got)
	}
}

func TestRuling20FirstSeatIsRandom(t *testing.T) {
	firsts := map[games.Seat]int{}
	for seed := range uint64(60) {
		a := newState(testSet(), games.Config{Seats: 3, Seed: seed})
		b := newState(testSet(), games.Config{Seats: 3, Seed: seed})
		if a.firstSeat != b.firstSeat || a.turn != a.firstSeat {
			t.Fatalf("seed %d: the first seat is not fixed by the seed, or does not start", seed)
		}
		firsts[a.firstSeat]++
	}
	for seat := range games.Seat(3) {
		if firsts[seat] < 10 {
			t.Fatalf("first seats over 60 seeds: %v; each seat should start about a third of the time", firsts)
		}
	}
}

// RULINGS 3.3.21: at a phase's end the round's own steps come first (the
// passed column is cleared and the next laid), then children, then the
// death check, then the two-seat start marker, then the new phase.
func TestRuling21PhaseEndOrder(t *testing.T) {
	s := fresh(t, 2, 25)
	var babyCard int
	for _, c := range s.set.cards {
		if c.Phase == 3 && c.Base.Babies > 0 {
			babyCard = c.ID
		}
	}
	for s.round < 9 {
		simpleTurn(t, s)
	}
	for ph := range s.decks {
		if i := slices.Index(s.decks[ph], babyCard); i >= 0 {
			s.decks[ph] = slices.Delete(s.decks[ph], i, i+1)
		}
	}
	s.ps[0].Tableau[2] = append(s.ps[0].Tableau[2], played{Card: babyCard})
	start := s.startSeat
	for s.step != stepChild {
		simpleTurn(t, s)
	}
	// At the child step the round's steps are done and the phase not yet
	// over.
	for r, c := range s.slots[9] {
		if c >= 0 {
			t.Fatalf("slot (9, %d) still holds a card while children are chosen", r)
		}
	}
	if s.slots[11][0] < 0 || s.round != 9 || s.startSeat != start || !slices.Contains(s.ps[0].Used[:], true) {
		t.Fatalf("at the child step: column 11 laid %v, round %d, start seat %d (was %d), spaces %v",
			s.slots[11][0] >= 0, s.round, s.startSeat, start, s.ps[0].Used)
	}
	// A child that costs the last heart ends the life before the new
	// phase begins, and the dead seat does not start it.
	s.ps[0].Hearts = 0
	do(t, s, 0, actKeep, 0)
	if !s.ps[0].Dead || s.ps[0].DiedIn != 9 {
		t.Fatalf("seat 0 without hearts after the children: dead %v in round %d", s.ps[0].Dead, s.ps[0].DiedIn)
	}
	if s.round != 10 || s.startSeat == start || slices.Contains(s.ps[1].Used[:], true) || !slices.Equal(s.Active(), []games.Seat{1}) {
		t.Fatalf("after the phase: round %d, start seat %d (was %d), spaces %v, active %v", s.round, s.startSeat, start, s.ps[1].Used, s.Active())
	}
}

// Every card a column holds comes from the deck of that column's phase:
// the opening columns, the columns laid at the end of each round, and
// every refill after a card is taken, in every round of seeded games.
func TestRuling06ColumnsRefillFromTheirOwnPhase(t *testing.T) {
	for seed := range uint64(gametest.Count(120, 24)) {
		st, err := Game{}.New(games.Config{Seats: minSeats + int(seed)%(maxSeats-minSeats+1), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		rng := rand.New(rand.NewPCG(seed, 6))
		var pol games.Policy = Game{}.AI()
		if seed%2 == 1 {
			pol = games.RandomPolicy{}
		}
		for steps := 0; len(s.Active()) > 0; steps++ {
			for c, col := range s.slots {
				for r, id := range col {
					if id >= 0 && s.card(id).Phase != phaseOf(c) {
						t.Fatalf("seed %d, decision %d, round %d: column %d (phase %d) holds %q of phase %d in row %d",
							seed, steps, s.round, c, phaseOf(c), s.card(id).Title, s.card(id).Phase, r)
					}
				}
			}
			seat := s.Active()[0]
			if _, err := s.Apply(seat, pol.Choose(s, seat, rng)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
}

// Children are chosen at once: while other seats still choose, nothing any
// other seat or the table sees depends on what a seat kept (RULINGS 3.4),
// and once the last seat has chosen every kept child is shown together.
func TestRuling17ChildChoicesStaySealedUntilAllHaveChosen(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 200 && checked < 20; seed++ {
		st, err := Game{}.New(games.Config{Seats: maxSeats, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		rng := rand.New(rand.NewPCG(seed, 17))
		ai := Game{}.AI()
		for len(s.Active()) > 0 {
			active := s.Active()
			if s.step == stepChild && len(active) > 1 {
				checkSealed(t, s, active[0], seed)
				checked++
			}
			seat := active[0]
			if _, err := s.Apply(seat, ai.Choose(s, seat, rng)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d child choices were made with others still choosing", checked)
	}
}

// checkSealed keeps each of seat's two cards in turn and compares what
// every other seat, and the table, is shown.
func checkSealed(t *testing.T, s *state, seat games.Seat, seed uint64) {
	t.Helper()
	data, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var after [2]*state
	for keep := range 2 {
		d, err := Game{}.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		after[keep] = d.(*state)
		if _, err := after[keep].Apply(seat, games.Action{Kind: actKeep, Args: []int{keep}}); err != nil {
			t.Fatalf("seed %d: keeping card %d: %v", seed, keep, err)
		}
	}
	for viewer := games.Observer; int(viewer) < s.seats; viewer++ {
		if viewer == seat {
			continue
		}
		a, _ := json.Marshal(after[0].View(viewer))
		b, _ := json.Marshal(after[1].View(viewer))
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: seat %d sees which child card seat %d kept while others still choose:\n%s\n%s", seed, viewer, seat, a, b)
		}
	}
	if len(after[0].Active()) == 0 {
		return
	}
	for _, st := range after {
		if got := st.View(seat).(View).Kept; len(got) == 0 {
			t.Fatalf("seed %d: seat %d is not shown the card it kept", seed, seat)
		}
	}
}

// The view tells everyone the last move, who made it and where its stack
// stood after it, and keeps it through a save.
func TestViewTellsTheLastMove(t *testing.T) {
	st, err := Game{}.New(games.Config{Seats: 2, Seed: 22})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	if v := s.View(games.Observer).(View); v.Last != nil {
		t.Fatalf("before any move: last %+v", v.Last)
	}
	for range 2 {
		do(t, s, s.turn, actStart, 1)
	}
	if v := s.View(games.Observer).(View); v.Last == nil || v.Last.Move != actStart || v.Last.Row != 1 || v.Last.Col != 0 {
		t.Fatalf("after the start stacks: last %+v, want a start on row 1", v.Last)
	}
	a := s.turn
	do(t, s, a, actTake, 1)
	want := LastMove{Seat: int(a), Move: actTake, Col: 1, Row: 1}
	if v := s.View(games.Observer).(View); v.Last == nil || *v.Last != want {
		t.Fatalf("after a take: last %+v, want %+v", v.Last, want)
	}
	_, back := reload(t, s)
	if v := back.View(games.Observer).(View); v.Last == nil || *v.Last != want {
		t.Errorf("after a save: last %+v, want %+v", v.Last, want)
	}
}

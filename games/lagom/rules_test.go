package lagom

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
)

// Ruling 1: the deck is the 90-card set; everyone starts with 30 health
// (3 spent in round 1), 5 coins and 3 cards (plus round 1's draw).
func TestRuling01Setup(t *testing.T) {
	s := newState(t, 4, 1)
	if got := len(s.deck); got != 90-4*4 {
		t.Errorf("deck %d, want %d", got, 90-16)
	}
	for p, pl := range s.ps {
		if pl.health != 27 || pl.coins != 5 || len(pl.hand) != 4 || s.round != 1 {
			t.Errorf("seat %d: health %d coins %d hand %d round %d, want 27 5 4 1", p, pl.health, pl.coins, len(pl.hand), s.round)
		}
	}
}

// Ruling 2: new cards go to the right end of the tableau.
func TestRuling02NewestRight(t *testing.T) {
	s := newState(t, 2, 2)
	old := cardWith(t, s, "W - P HR", 0)
	place(s, 0, old, Top, 1)
	c, side := cardWhere(t, s, sideIs(Purpose))
	toPlay(s, 0, c)
	apply(t, s, 0, "play."+itoa(int(side)))
	if tab := s.ps[0].tableau; len(tab) != 2 || tab[0].card != old || tab[1].card != c {
		t.Errorf("tableau %v, want the new card last", tab)
	}
}

// Ruling 3: any of the four sides may be chosen, each labelled with the
// symbols it activates; a long list is named by the side alone before
// the words, so that it fits in every language.
func TestRuling03FourSides(t *testing.T) {
	s := newState(t, 2, 3)
	c := cardWith(t, s, "W - P HR", 0)
	toPlay(s, 0, c)
	s.ps[0].tableau = []played{entry(1, Relationship)}
	got := labels(s, 0)
	for _, want := range []string{"Play facing left: Wealth + Lose Health + Relationship",
		"Play facing top: Wealth", "Play facing right: Purpose", "Bottom: Purpose + Lose Health + Relationship"} {
		if !strings.Contains(got, want) {
			t.Errorf("choices %q lack %q", got, want)
		}
	}
}

// Ruling 4: the steps are simultaneous: every seat in the game is active,
// and the reveal waits for the last pick.
func TestRuling04Simultaneous(t *testing.T) {
	s := newState(t, 3, 4)
	if got := s.Active(); len(got) != 3 {
		t.Fatalf("active %v, want all three seats", got)
	}
	pickFor(t, s, 0, s.ps[0].hand[0])
	pickFor(t, s, 1, s.ps[1].hand[0])
	if s.step != stepSelect || s.ps[0].shown != noCard {
		t.Fatal("revealed before every seat picked")
	}
	pickFor(t, s, 2, s.ps[2].hand[0])
	if s.step != stepPlay || s.ps[0].shown == noCard {
		t.Fatal("not revealed once every seat picked")
	}
}

// Ruling 5: a seat that cannot spend 3 health is out for good, and still
// scored.
func TestRuling05SpendHealth(t *testing.T) {
	s := newState(t, 2, 5)
	c, side := cardWhere(t, s, sideIs(Purpose))
	toPlay(s, 0, c)
	s.ps[0].health, s.ps[0].fulfil, s.ps[0].fromRel = 2, 10, 10
	apply(t, s, 0, "play."+itoa(int(side)))
	finish(t, s, 0)
	if !s.ps[0].out || s.ps[1].out {
		t.Fatalf("out: %v %v, want seat 0 only", s.ps[0].out, s.ps[1].out)
	}
	if r := s.Result(); r.Scores[0] != 11 {
		t.Errorf("seat 0 scores %d, want 11", r.Scores[0])
	}
}

// Ruling 6: active Wealth stacks grow each round, including last round's;
// sunset ones do not.
func TestRuling06Growth(t *testing.T) {
	s := newState(t, 2, 6)
	s.ps[0].tableau = []played{entry(1, Wealth, Wealth)}
	s.ps[0].tableau[0].sunset[1], s.ps[0].tableau[0].stacks[1] = true, 0
	c, side := cardWhere(t, s, sideIs(Purpose))
	toPlay(s, 0, c)
	apply(t, s, 0, "play."+itoa(int(side)))
	finish(t, s, 0)
	if got := s.ps[0].tableau[0].stacks; !slices.Equal(got, []int{2, 0}) {
		t.Errorf("stacks %v, want [2 0]", got)
	}
}

// Ruling 7: an empty draw pile is refilled from the discard pile; with
// both empty nobody draws.
func TestRuling07Draw(t *testing.T) {
	s := newState(t, 2, 7)
	s.discard = append(s.discard, s.deck...)
	s.deck = nil
	var ev []games.Event
	n := len(s.discard)
	s.draw(0, &ev)
	if len(s.deck) != n-1 || len(s.discard) != 0 {
		t.Errorf("deck %d discard %d, want %d and 0", len(s.deck), len(s.discard), n-1)
	}
	s.deck = nil
	hand := len(s.ps[0].hand)
	s.draw(0, &ev)
	if len(s.ps[0].hand) != hand {
		t.Error("drew from empty piles")
	}
}

// Ruling 8: one extra draw per round, for 5 coins.
func TestRuling08ExtraDraw(t *testing.T) {
	s := newState(t, 2, 8)
	s.ps[0].coins = 12
	hand := len(s.ps[0].hand)
	apply(t, s, 0, "extra")
	if s.ps[0].coins != 7 || len(s.ps[0].hand) != hand+1 || s.ps[0].phase != phasePick {
		t.Errorf("coins %d hand %d phase %d, want 7, %d, pick", s.ps[0].coins, len(s.ps[0].hand), hand+1, s.ps[0].phase)
	}
	if slices.Contains(kinds(s, 0), "extra") {
		t.Error("a second extra draw is offered")
	}
}

// Ruling 9: liquidation before the extra draw and when paying, not when
// picking; the symbol is sunset and its coins go to the purse.
func TestRuling09Liquidation(t *testing.T) {
	s := newState(t, 2, 9)
	s.ps[0].tableau = []played{entry(1, Wealth)}
	s.ps[0].tableau[0].stacks[0] = 4
	if !slices.Contains(kinds(s, 0), "cash.0.0") {
		t.Fatalf("no liquidation before the extra draw: %v", kinds(s, 0))
	}
	apply(t, s, 0, "cash.0.0")
	if pl := s.ps[0]; pl.coins != 9 || !pl.tableau[0].sunset[0] || pl.tableau[0].stacks[0] != 0 {
		t.Errorf("coins %d, sunset %v, stack %d; want 9, true, 0", pl.coins, pl.tableau[0].sunset, pl.tableau[0].stacks)
	}
	s.ps[0].tableau = append(s.ps[0].tableau, entry(1, Wealth))
	apply(t, s, 0, "done")
	if slices.ContainsFunc(kinds(s, 0), func(k string) bool { return strings.HasPrefix(k, "cash") }) {
		t.Error("liquidation offered while picking")
	}
}

// Ruling 10: picks are sealed until every seat has picked.
func TestRuling10SealedPick(t *testing.T) {
	s := newState(t, 2, 10)
	c := s.ps[0].hand[0]
	pickFor(t, s, 0, c)
	for _, viewer := range []games.Seat{games.Observer, 1} {
		b, _ := json.Marshal(s.View(viewer))
		if strings.Contains(string(b), `{"id":`+itoa(c)+`,"title"`) {
			t.Errorf("view of %d shows the sealed pick", viewer)
		}
	}
	if v := s.View(0).(View); v.Picked == nil || v.Picked.ID != c || !v.Seats[0].Decided {
		t.Error("the picker does not see its pick, or the table does not see it decided")
	}
}

// Ruling 11: discarding pays the reward.
func TestRuling11Discard(t *testing.T) {
	s := newState(t, 2, 11)
	c := cardWith(t, s, "R X W S", 3)
	toPlay(s, 0, c)
	coins := s.ps[0].coins
	apply(t, s, 0, "discard")
	if s.ps[0].coins != coins+3 || !slices.Contains(s.discard, c) {
		t.Errorf("coins %d, want %d, and the card on the discard pile", s.ps[0].coins, coins+3)
	}
}

// Ruling 12: only payable sides are offered, counting investments; a
// card's own Relationship cannot pay its Lose Relationship.
func TestRuling12Paying(t *testing.T) {
	s := newState(t, 2, 12)
	c := cardWith(t, s, "R X W S", 3) // left R+S, top R+X, right X+W, bottom W+S
	toPlay(s, 0, c)
	s.ps[0].coins = 0
	if got := kinds(s, 0); !slices.Equal(got, []string{"discard"}) {
		t.Errorf("without coins or Relationships: %v, want only discard", got)
	}
	s.ps[0].tableau = []played{entry(1, Wealth)}
	s.ps[0].tableau[0].stacks[0] = 3
	got := labels(s, 0)
	if !strings.Contains(got, "Left: Relationship + Spend Wealth (cash in 1)") || !strings.Contains(got, "Cash in") {
		t.Fatalf("choices %q: want the left side with liquidation", got)
	}
	apply(t, s, 0, "play.0")
	if s.ps[0].coins != 0 || !s.ps[0].tableau[0].sunset[0] {
		t.Errorf("coins %d, investment sunset %v; want 0, true", s.ps[0].coins, s.ps[0].tableau[0].sunset[0])
	}
}

// Ruling 13: Lose Relationship sunsets the oldest active Relationship,
// the first in TL TR BR BL order within a card.
func TestRuling13SunsetOldest(t *testing.T) {
	s := newState(t, 2, 13)
	s.ps[0].tableau = []played{entry(1, Purpose), entry(2, Relationship, Relationship), entry(3, Relationship)}
	s.ps[0].tableau[1].sunset[0] = true
	c := cardWith(t, s, "R X W S", 3)
	toPlay(s, 0, c)
	apply(t, s, 0, "play.2") // right: X + W
	tab := s.ps[0].tableau
	if !tab[1].sunset[1] || tab[2].sunset[0] {
		t.Errorf("sunsets %v %v, want the second symbol of the second card", tab[1].sunset, tab[2].sunset)
	}
}

// Ruling 14: Leisure gives 1 health at once, with no cap.
func TestRuling14Leisure(t *testing.T) {
	s := newState(t, 2, 14)
	c, side := cardWhere(t, s, func(c Card) (Side, bool) {
		for side := Left; side <= Bottom; side++ {
			syms := c.symbols(side)
			if count(syms, Leisure) == 2 && count(syms, LoseHealth) == 0 {
				return side, true
			}
		}
		return 0, false
	})
	toPlay(s, 0, c)
	s.ps[0].health, s.ps[0].coins = 60, 10
	s.ps[0].tableau = []played{entry(1, Relationship)}
	apply(t, s, 0, "play."+itoa(int(side)))
	finish(t, s, 0)
	if got := s.ps[0].health; got != 62-roundHealth {
		t.Errorf("health %d, want %d after the next round's spend", got, 62-roundHealth)
	}
}

// Ruling 15: passes go to the next seat in the game on the right, sealed
// until all have passed; none with one seat left.
func TestRuling15Pass(t *testing.T) {
	s := newState(t, 3, 15)
	for p := range 3 {
		pickFor(t, s, p, s.ps[p].hand[0])
	}
	for p := range 3 {
		apply(t, s, p, "discard")
	}
	c := s.ps[0].hand[0]
	apply(t, s, 0, "pass."+itoa(c))
	if slices.Contains(s.ps[2].hand, c) {
		t.Fatal("a pass was delivered before everyone passed")
	}
	apply(t, s, 1, "pass."+itoa(s.ps[1].hand[0]))
	ev := apply(t, s, 2, "pass."+itoa(s.ps[2].hand[0]))
	if !slices.Contains(s.ps[2].hand, c) || s.ps[2].received != c || s.ps[0].passed != c {
		t.Error("seat 0's card did not reach seat 2")
	}
	var public []string
	for _, e := range ev {
		if text := english(e.Text); len(e.To) == 0 && strings.Contains(text, "passed on") {
			public = append(public, text)
		}
	}
	if want := "Cards are passed on: {0} to {2}, {1} to {0}, {2} to {1}."; len(public) != 1 || public[0] != want {
		t.Errorf("public passing lines %q, want just %q", public, want)
	}
	s.ps[1].out, s.ps[2].out = true, true
	s.ps[1].phase, s.ps[2].phase = phaseDone, phaseDone
	toPlay(s, 0, cardWith(t, s, "R X W S", 3))
	apply(t, s, 0, "discard")
	if s.step != stepSelect || s.round != 3 {
		t.Error("a lone seat was asked to pass")
	}
}

// Ruling 16: Relationships score their age, this round's Leisure 2 each,
// and a Purpose play every Purpose; the worked example scores 7.
func TestRuling16WorkedExample(t *testing.T) {
	s := newState(t, 2, 16)
	s.round = 4
	s.ps[0].tableau = []played{entry(2, Relationship), entry(3, Purpose), entry(4, Purpose, Leisure)}
	if r, l, p := s.roundScore(0); r != 3 || l != 2 || p != 2 {
		t.Errorf("scores %d + %d + %d, want 3 + 2 + 2 = 7", r, l, p)
	}
	s.ps[0].tableau[0].sunset[0] = true
	s.ps[0].tableau = s.ps[0].tableau[:2] // discarded this round
	if r, l, p := s.roundScore(0); r+l+p != 0 {
		t.Errorf("sunset Relationship and a discard score %d, want 0", r+l+p)
	}
}

// Ruling 17: a last seat plays on alone; the game ends when nobody can
// spend 3 health.
func TestRuling17End(t *testing.T) {
	s := newState(t, 2, 17)
	s.ps[1].health = 0
	toPlay(s, 0, cardWith(t, s, "R X W S", 3))
	apply(t, s, 0, "discard")
	apply(t, s, 0, "pass."+itoa(s.ps[0].hand[0]))
	if !s.ps[1].out || s.step == stepOver || len(s.Active()) != 1 {
		t.Fatal("seat 0 should play on alone")
	}
	s.ps[0].health = 1
	toPlay(s, 0, cardWith(t, s, "R X W S", 3))
	apply(t, s, 0, "discard")
	if s.step != stepOver || !s.Result().Over {
		t.Error("the game did not end")
	}
}

// Ruling 18: ties go to Purpose, then active Relationships, then Leisure.
func TestRuling18TieBreak(t *testing.T) {
	s := newState(t, 3, 18)
	for p := range 3 {
		s.ps[p].fulfil = 20
	}
	s.ps[0].tableau = []played{entry(1, Purpose, Leisure)}
	s.ps[1].tableau = []played{entry(1, Purpose, Relationship)}
	s.ps[2].tableau = []played{entry(1, Purpose, Relationship), entry(2, Leisure)}
	if got := s.Result().Rank; !slices.Equal(got, []int{3, 2, 1}) {
		t.Errorf("ranks %v, want [3 2 1]", got)
	}
}

// Ruling 19: hands, picks and passes are private; tableaux and counters
// are public; passes are told to giver and receiver only.
func TestRuling19Visibility(t *testing.T) {
	s := newState(t, 3, 19)
	if v := s.View(games.Observer).(View); v.Hand != nil || v.Notes != nil || v.Seats[1].HandSize != 4 || v.Seats[1].Health != 27 {
		t.Error("public view shows a hand or notes, or hides counters")
	}
	for p := range 3 {
		pickFor(t, s, p, s.ps[p].hand[0])
	}
	for p := range 3 {
		apply(t, s, p, "discard")
	}
	apply(t, s, 0, "pass."+itoa(s.ps[0].hand[0]))
	apply(t, s, 1, "pass."+itoa(s.ps[1].hand[0]))
	told := map[games.Seat][]string{}
	for _, e := range apply(t, s, 2, "pass."+itoa(s.ps[2].hand[0])) {
		if text := english(e.Text); strings.HasPrefix(text, "You passed") || strings.HasPrefix(text, "You received") {
			if len(e.To) != 1 {
				t.Errorf("pass event %q goes to %v, want one reader", text, e.To)
				continue
			}
			told[e.To[0]] = append(told[e.To[0]], text)
		}
	}
	for seat := range games.Seat(3) {
		if len(told[seat]) != 2 {
			t.Errorf("seat %d was told %q about the passes, want what it gave and what it got", seat, told[seat])
		}
	}
}

func TestStatsDescribeTheGame(t *testing.T) {
	st, err := Game{}.New(games.Config{Seats: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	draws := map[string]int{} // every seat-round answers the draw with done or extra
	for len(st.Active()) > 0 {
		seat, a, ok := games.Forced(st)
		if !ok {
			seat = st.Active()[0]
			a = games.RandomPolicy{}.Choose(st, seat, rng)
		}
		draws[a.Kind]++
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	s := st.(*state)
	stats := s.Stats()
	if stats[0].Name != "rounds" || stats[0].Value != float64(s.round) || s.round < 2 {
		t.Errorf("rounds stat = %+v, want %d", stats[0], s.round)
	}
	played, extras := 0.0, -1.0
	for _, x := range stats {
		switch {
		case strings.HasSuffix(x.Name, " played per seat"):
			played += x.Value
		case x.Name == "share of seat-rounds with an extra draw":
			extras = x.Value
		}
	}
	if want := float64(draws["extra"]) / float64(draws["extra"]+draws["done"]); draws["extra"] == 0 || extras != want {
		t.Errorf("extra draw share %v after %d extra draws, want %v", extras, draws["extra"], want)
	}
	want := 0
	for _, p := range s.ps {
		for _, c := range p.tableau {
			want += len(c.syms)
		}
	}
	if d := played*3 - float64(want); d > 1e-9 || d < -1e-9 {
		t.Errorf("symbols played per seat add up to %v over 3 seats, want %d", played*3, want)
	}
}

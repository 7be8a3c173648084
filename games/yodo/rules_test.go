package yodo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Cards by what they show: single(f) shows fate f alone, double(f) f and
// the next fate, triple(f) f and the fates two and four on.
func single(fate int) card { return shows(fate, "") }
func double(fate int) card { return shows(fate, "1") }
func triple(fate int) card { return shows(fate, "24") }

// shows is fate's first card showing the other fates others, as baseDeck
// writes them.
func shows(fate int, others string) card {
	k := slices.Index(baseDeck[:], others)
	if k < 0 {
		panic(fmt.Sprintf("no card %q in the deck", others))
	}
	return card(fate*perFate + k)
}

// table is a two-seat game whose seats serve fates 0 and 1, seat 0 to
// move, with hands and decks as given (decks top first, heartbeats
// included where wanted).
func table(t *testing.T, hands, decks [][]card) *state {
	t.Helper()
	st, err := Game{}.New(games.Config{Seats: len(hands), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	for seat := range s.seats {
		s.fate[seat] = seat
		s.hands[seat] = slices.Clone(hands[seat])
		s.decks[seat] = slices.Clone(decks[seat])
	}
	s.turn, s.first = 0, 0
	return s
}

func apply(t *testing.T, s *state, seat games.Seat, kind string, args ...int) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, games.Action{Kind: kind, Args: args})
	if err != nil {
		t.Fatalf("%s %v: %v", kind, args, err)
	}
	return ev
}

// playOn plays hand card i of the seat on turn onto memory m.
func playOn(t *testing.T, s *state, i, m int) []games.Event {
	t.Helper()
	seat := s.turn
	apply(t, s, seat, actCard, i)
	return apply(t, s, seat, actPlay, m)
}

func texts(ev []games.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(english(e.Text) + "\n")
	}
	return b.String()
}

func TestRuling01TwelveMemoriesInLifeOrder(t *testing.T) {
	st, _ := Game{}.New(games.Config{Seats: 3, Seed: 9})
	v := st.View(games.Observer).(View)
	if len(v.Board) != 12 {
		t.Fatalf("%d memories, want 12", len(v.Board))
	}
	for i, e := range v.Board {
		if english(e.Title) != events[i].Title {
			t.Errorf("memory %d is %q, want %q", i, e.Title, events[i].Title)
		}
		if e.Next != (i == 11) {
			t.Errorf("memory %d next=%v: the first heartbeat sets the memory nearest death", i, e.Next)
		}
	}
}

func TestRuling02EachSeatServesARandomFate(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(30) {
		st, _ := Game{}.New(games.Config{Seats: 4, Seed: seed})
		s := st.(*state)
		used := map[int]bool{}
		for seat, f := range s.fate {
			if used[f] {
				t.Fatalf("seed %d: fate %d serves two seats", seed, f)
			}
			used[f] = true
			for _, x := range slices.Concat(s.hands[seat], s.decks[seat]) {
				if x.fate() != f {
					t.Fatalf("seed %d: seat %d holds a card of fate %d", seed, seat, x.fate())
				}
			}
		}
		seen[fmt.Sprint(s.fate)] = true
	}
	if len(seen) < 10 {
		t.Fatalf("only %d fate assignments in 30 games: not random", len(seen))
	}
}

// Setup deals each seat its deck's first cards, four to the hand without
// the heartbeat, and the first to move's handicap: for every content a
// game may name, so games dealt from the first content replay as dealt.
func TestRuling03SetupDealsWithoutTheHeartbeat(t *testing.T) {
	for _, c := range contents {
		for seats := minSeats; seats <= maxSeats; seats++ {
			for seed := range uint64(20) {
				st, _ := Game{}.New(games.Config{Seats: seats, Seed: seed, Content: c.version})
				s := st.(*state)
				for seat := range seats {
					hc := handicap{}
					if games.Seat(seat) == s.first {
						hc = c.handicaps[seats]
					}
					if got, want := len(s.hands[seat]), handSize-hc.Short; got != want {
						t.Fatalf("content %s, %d seats: seat %d holds %d cards, want %d", c.version, seats, seat, got, want)
					}
					if slices.ContainsFunc(s.hands[seat], card.heartbeat) {
						t.Fatalf("content %s, %d seats: a heartbeat was dealt", c.version, seats)
					}
					all := slices.Concat(s.hands[seat], s.decks[seat])
					if got, want := len(all), c.deckSize[seats]+hc.Extra+1; got != want {
						t.Fatalf("content %s, %d seats: seat %d has %d cards in all, want %d", c.version, seats, seat, got, want)
					}
					for _, x := range all {
						if k := int(x) % perFate; k >= c.deckSize[seats]+hc.Extra && !x.heartbeat() {
							t.Fatalf("content %s, %d seats: card %d of the deck is past the deck's size", c.version, seats, k)
						}
					}
				}
			}
		}
	}
}

// The first to move's heartbeat lies at least Deep cards down their deck,
// anywhere from there to the bottom; the others' lie anywhere.
func TestFirstToMoveHeartbeatLiesDeep(t *testing.T) {
	for seats := minSeats; seats <= maxSeats; seats++ {
		deep := firstHandicap[seats].Deep
		left := deckSize[seats] - handSize + 1
		firstAt, otherAt := map[int]bool{}, map[int]bool{}
		for seed := range uint64(400) {
			st, _ := Game{}.New(games.Config{Seats: seats, Seed: seed})
			s := st.(*state)
			for seat := range seats {
				at := slices.Index(s.decks[seat], heartbeatOf(s.fate[seat]))
				if games.Seat(seat) == s.first {
					firstAt[at] = true
				} else {
					otherAt[at] = true
				}
			}
		}
		for at := range left {
			switch {
			case firstAt[at] && at < deep:
				t.Errorf("%d seats: the first to move's heartbeat lay %d cards down, want at least %d", seats, at, deep)
			case !firstAt[at] && at >= deep:
				t.Errorf("%d seats: the first to move's heartbeat never lay %d cards down in 400 games", seats, at)
			}
			if !otherAt[at] {
				t.Errorf("%d seats: no other seat's heartbeat lay %d cards down in 400 games", seats, at)
			}
		}
	}
}

func TestRuling04RandomFirstSeatThenSeatOrder(t *testing.T) {
	firsts := map[games.Seat]bool{}
	for seed := range uint64(40) {
		s := play(t, games.Config{Seats: 3, Seed: seed}, games.RandomPolicy{})
		firsts[s.first] = true
	}
	if len(firsts) != 3 {
		t.Fatalf("first seats seen: %v, want all three", firsts)
	}
	s := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{single(0), heartbeatOf(0)}, {single(1), heartbeatOf(1)}})
	playOn(t, s, 0, 0)
	if s.turn != 1 {
		t.Fatalf("after seat 0, seat %d is on turn", s.turn)
	}
	playOn(t, s, 0, 1)
	if s.turn != 0 {
		t.Fatalf("after seat 1, seat %d is on turn", s.turn)
	}
}

func TestRuling05PlayThenDrawThroughHeartbeats(t *testing.T) {
	s := table(t, [][]card{{single(0), double(0), triple(0), card(3)}, {single(1), double(1), triple(1), card(22)}},
		[][]card{{heartbeatOf(0), card(4), card(5)}, {card(23)}})
	if slices.ContainsFunc(s.Legal(0), func(c games.Choice) bool { return c.Action.Kind == actBury }) {
		t.Fatal("burying offered while a play is legal: play is mandatory")
	}
	ev := playOn(t, s, 0, 11)
	// The deck is shuffled after each heartbeat, so it may come again.
	if s.locked < 1 || strings.Count(texts(ev), "💓") != s.locked {
		t.Fatalf("the heartbeats drawn were not resolved: locked %d, events %q", s.locked, texts(ev))
	}
	if len(s.hands[0]) != 4 || s.hands[0][3].heartbeat() {
		t.Fatalf("after the heartbeat the seat drew again until a fate card: hand %v", s.hands[0])
	}
	if got := len(s.decks[0]); got != 2 {
		t.Fatalf("deck holds %d cards, want 2: the heartbeat went back in and one fate card was drawn", got)
	}
	if !slices.Contains(s.decks[0], heartbeatOf(0)) {
		t.Fatal("the heartbeat is not back in the deck")
	}
	if s.turn != 1 {
		t.Fatal("the turn did not pass once a fate card came")
	}
}

func TestRuling06WhereACardMayGo(t *testing.T) {
	s := table(t, [][]card{{single(0), double(0), single(0), single(0)}, {single(1), single(2 /* not seat 1's */), single(1), single(1)}},
		[][]card{{card(3), card(4), heartbeatOf(0)}, {card(20), heartbeatOf(1)}})
	s.board[3].stack = []card{single(1)} // fate 1 alone
	s.board[4].stack = []card{single(0)} // fate 0, seat 0's own
	s.board[11].locked, s.locked = true, 1
	got := s.playable(single(0))
	want := []int{0, 1, 2, 4, 5, 6, 7, 8, 9, 10}
	if !slices.Equal(got, want) {
		t.Fatalf("a lone fate-0 card may go on %v, want %v: empty memories and its own card, not fate 1's, not a locked one", got, want)
	}
	if !slices.Contains(s.playable(double(0)), 3) {
		t.Fatal("a card showing fates 0 and 1 may cover fate 1's card")
	}
	if slices.Contains(s.playable(double(0)), 11) {
		t.Fatal("a locked memory accepted a card")
	}
	apply(t, s, 0, actCard, 0)
	_, err := s.Apply(0, games.Action{Kind: actPlay, Args: []int{3}})
	if !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("covering a card that shares no fate: %v, want ErrIllegal", err)
	}
	playOn := apply(t, s, 0, actPlay, 4)
	if s.board[4].top() != single(0) || len(s.board[4].stack) != 2 {
		t.Fatalf("covering one's own card: stack %v (%q)", s.board[4].stack, texts(playOn))
	}
}

func TestRuling07LockingReturnsTheCoveredCardsOldestFirst(t *testing.T) {
	s := table(t, [][]card{{single(0), double(0), single(0), single(0)}, {single(1), double(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0), card(5)}, {card(20), card(21)}})
	// Memory 11 holds, oldest first: seat 0's, seat 1's, seat 0's, seat 1's.
	s.board[11].stack = []card{card(3), double(1), card(4), card(23)}
	s.board[11].stack[3] = double(0) // seat 0's card on top: fates 0 and 1
	seat1Deck := slices.Clone(s.decks[1])
	playOn(t, s, 0, 0) // then draws the heartbeat
	m := s.board[11]
	if !m.locked || len(m.stack) != 1 || m.top() != double(0) {
		t.Fatalf("memory 11 after its heartbeat: locked %v, stack %v; the top card wins and stays", m.locked, m.stack)
	}
	if got := s.decks[1]; !slices.Equal(got, append(seat1Deck, double(1))) {
		t.Fatalf("seat 1's deck %v: its covered card goes under it and the deck is not shuffled", got)
	}
	if s.points[0] != 3 || s.points[1] != 3 {
		t.Fatalf("points %v: the two fates on the winning card gain 3 each", s.points)
	}
	// Seat 0's deck was shuffled after the heartbeat, its returned cards
	// with it; the oldest-first order is checked where nothing shuffles.
	s2 := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{card(5)}, {heartbeatOf(1), card(20)}})
	s2.board[11].stack = []card{card(3), card(4), single(1)}
	s2.turn = 1
	playOn(t, s2, 0, 0)
	if got, want := s2.decks[0], []card{card(5), card(3), card(4)}; !slices.Equal(got, want) {
		t.Fatalf("seat 0's deck %v, want %v: returned under it oldest first, the newest lowest", got, want)
	}
}

func TestRuling08PointsBySymbolsOnTheWinningCard(t *testing.T) {
	for _, c := range []struct {
		top  card
		want [numFates]int
	}{
		{single(0), [numFates]int{0: 6}},
		{double(0), [numFates]int{0: 3, 1: 3}},
		{triple(0), [numFates]int{0: 1, 2: 1, 4: 1}},
	} {
		s := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
			[][]card{{heartbeatOf(0), card(5)}, {card(20)}})
		s.board[11].stack = []card{c.top}
		playOn(t, s, 0, 0)
		if s.points != c.want {
			t.Errorf("winning card %v: points %v, want %v", s.c.symbols[c.top], s.points, c.want)
		}
		r := s.Result()
		if r.Scores[0] != c.want[0] || r.Scores[1] != c.want[1] {
			t.Errorf("winning card %v: seat scores %v; fates 2 and 4 serve nobody and count for nobody", s.c.symbols[c.top], r.Scores)
		}
	}
}

func TestRuling09AForgottenMemoryScoresNothing(t *testing.T) {
	s := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0), card(5)}, {card(20)}})
	ev := playOn(t, s, 0, 0)
	if s.points != ([numFates]int{}) || !s.board[11].locked {
		t.Fatalf("points %v after an empty memory was set", s.points)
	}
	if !strings.Contains(texts(ev), "forgotten") {
		t.Fatalf("the lock of an empty memory was not told as forgotten: %q", texts(ev))
	}
}

func TestRuling10BuryWhenNothingFits(t *testing.T) {
	// Every memory holds fate 2's card; seat 0's cards show fates 0 and 1.
	s := table(t, [][]card{{single(0), double(0), single(0), card(3)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{card(5), heartbeatOf(0)}, {card(20)}})
	for i := range s.board {
		s.board[i].stack = []card{single(2)}
	}
	legal := s.Legal(0)
	if len(legal) == 0 || slices.ContainsFunc(legal, func(c games.Choice) bool { return c.Action.Kind != actBury }) {
		t.Fatalf("with nothing playable only burying is legal: %v", legal)
	}
	apply(t, s, 0, actBury, 1)
	if got := s.decks[0]; got[len(got)-1] != double(0) {
		t.Fatalf("the buried card is not under the deck: %v", got)
	}
	if len(s.hands[0]) != 4 || s.hands[0][3] != card(5) || s.turn != 1 {
		t.Fatalf("after burying the seat draws and the turn ends: hand %v, turn %d", s.hands[0], s.turn)
	}
}

func TestRuling11TheGameEndsInTheMiddleOfAChain(t *testing.T) {
	s := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0)}, {card(20)}})
	s.locked = 11
	for i := 1; i < 12; i++ {
		s.board[i].locked = true
	}
	playOn(t, s, 0, 0)
	if !s.over || len(s.Active()) != 0 {
		t.Fatal("the game did not end when the memory nearest birth was set")
	}
	if len(s.hands[0]) != 3 {
		t.Fatalf("the seat drew after the last heartbeat: hand %v", s.hands[0])
	}
	if _, err := s.Apply(0, games.Action{Kind: actCard, Args: []int{0}}); !errors.Is(err, games.ErrOver) {
		t.Fatalf("a move after the end: %v, want ErrOver", err)
	}
}

func TestRuling12ADeckOfOnlyItsHeartbeatSetsEveryMemoryLeft(t *testing.T) {
	s := table(t, [][]card{{single(0), single(0), single(0), single(0)}, {single(1), single(1), single(1), single(1)}},
		[][]card{{heartbeatOf(0)}, {card(20)}})
	s.locked = 7
	for i := 5; i < 12; i++ {
		s.board[i].locked = true
	}
	ev := playOn(t, s, 0, 0)
	if !s.over || s.cascade != 5 {
		t.Fatalf("over %v, cascade %d: a lone heartbeat sets the five memories left in one chain", s.over, s.cascade)
	}
	if n := strings.Count(texts(ev), "💓"); n != 5 {
		t.Fatalf("%d heartbeat lines, want 5:\n%s", n, texts(ev))
	}
}

func TestRuling13MostPointsThenMemoriesThenAlone(t *testing.T) {
	s := table(t, [][]card{{single(0)}, {single(1)}}, [][]card{{heartbeatOf(0)}, {heartbeatOf(1)}})
	s.over, s.locked = true, 12
	for i := range s.board {
		s.board[i].locked = true
	}
	// Both have 6: fate 0 from one lone card, fate 1 from two shared ones.
	s.board[0].stack = []card{single(0)}
	s.board[1].stack = []card{double(1)}
	s.board[2].stack = []card{double(5)} // fates 5 and 0: fate 0 has 9
	s.points = [numFates]int{0: 9, 1: 3, 5: 3}
	if r := s.Result(); r.Rank[0] != 1 || r.Rank[1] != 2 {
		t.Fatalf("ranks %v: most points wins", r.Rank)
	}
	s.points = [numFates]int{0: 6, 1: 6}
	s.board[2].stack = []card{double(1)}
	// Fate 0: one memory (alone); fate 1: two memories.
	if r := s.Result(); r.Rank[1] != 1 || r.Rank[0] != 2 {
		t.Fatalf("ranks %v: on equal points, most memories won", r.Rank)
	}
	s.board[2].stack = []card{single(0)}
	s.board[3].stack = []card{double(0)} // fate 0: three memories, two alone; fate 1: three, none alone
	s.board[1].stack = []card{double(1)}
	s.board[4].stack = []card{double(1)}
	if r := s.Result(); r.Rank[0] != 1 || r.Rank[1] != 2 {
		t.Fatalf("ranks %v: on equal points and memories, most won alone", r.Rank)
	}
	// Fate 0: memories 0 (alone) and 1; fate 1: memories 1 and 2 (alone).
	for i := range s.board {
		s.board[i].stack = nil
	}
	s.board[0].stack = []card{single(0)}
	s.board[1].stack = []card{double(0)}
	s.board[2].stack = []card{single(1)}
	s.points = [numFates]int{0: 9, 1: 9}
	if r := s.Result(); r.Rank[0] != 1 || r.Rank[1] != 1 {
		t.Fatalf("ranks %v: equal on everything is a shared win", r.Rank)
	}
}

func TestRuling14HiddenScoresUntilTheStory(t *testing.T) {
	st, _ := Game{}.New(games.Config{Seats: 3, Seed: 4, Options: games.Options{optHiddenScores: "true"}})
	s := st.(*state)
	pol, rng := Game{}.AI(), rand.New(rand.NewPCG(4, 4))
	for len(s.Active()) > 0 {
		seat := s.Active()[0]
		ev, err := s.Apply(seat, pol.Choose(s, seat, rng))
		if err != nil {
			t.Fatal(err)
		}
		v := s.View(games.Observer).(View)
		for _, e := range ev {
			if strings.Contains(english(e.Text), "(+") && !s.over {
				t.Fatalf("a lock line shows points while scores are hidden: %q", e.Text)
			}
		}
		for _, sv := range v.Seats {
			if !s.over && sv.Score != -1 {
				t.Fatalf("the public view shows a score while scores are hidden: %+v", v.Seats)
			}
		}
		for _, e := range v.Board {
			if !s.over && e.Points != 0 {
				t.Fatalf("the public view shows a memory's points while scores are hidden")
			}
		}
	}
	v := s.View(games.Observer).(View)
	for seat, sv := range v.Seats {
		if sv.Score != s.points[s.fate[seat]] {
			t.Fatalf("at the end seat %d's score shows %d, want %d", seat, sv.Score, s.points[s.fate[seat]])
		}
	}
	open := play(t, games.Config{Seats: 3, Seed: 4}, Game{}.AI())
	if open.View(games.Observer).(View).Seats[0].Score < 0 {
		t.Fatal("scores are hidden without the option")
	}
}

func TestRuling15EachLockIsNarratedAndTheStoryToldAtTheEnd(t *testing.T) {
	st, _ := Game{}.New(games.Config{Seats: 4, Seed: 11})
	s := st.(*state)
	pol, rng := Game{}.AI(), rand.New(rand.NewPCG(11, 11))
	locks := 0
	for len(s.Active()) > 0 {
		if s.Story() != nil {
			t.Fatal("the story was told before the end")
		}
		seat := s.Active()[0]
		ev, err := s.Apply(seat, pol.Choose(s, seat, rng))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			if strings.HasPrefix(english(e.Text), "💓") {
				locks++
				if !e.Public() {
					t.Fatalf("a lock line is not public: %q", e.Text)
				}
				if !strings.Contains(english(e.Text), "*") {
					t.Fatalf("a lock line does not name its memory: %q", e.Text)
				}
			}
		}
	}
	if locks != 12 {
		t.Fatalf("%d lock lines, want one per memory", locks)
	}
	story := s.Story()
	checkStory(t, s, story)
}

// checkStory checks the story names every memory once, in life order,
// each told as the engine's record says.
func checkStory(t *testing.T, s *state, story []string) {
	t.Helper()
	story = spoken().In(i18n.English).SayAll(story)
	if story[0] != s.c.story.Opening {
		t.Fatalf("the story opens with %q", story[0])
	}
	for i, m := range s.board {
		p := story[1+i]
		ev := s.c.events[m.event]
		if !strings.HasPrefix(p, "**"+ev.Title+".**") {
			t.Fatalf("paragraph %d is %q, want memory %q", i+1, p, ev.Title)
		}
		if len(m.stack) == 0 {
			if !strings.Contains(p, ev.Forgotten) {
				t.Fatalf("forgotten memory %q told as %q", ev.Title, p)
			}
			continue
		}
		for _, f := range s.c.symbols[m.top()] {
			if !strings.Contains(p, ev.Lines[f]) {
				t.Fatalf("memory %q won by %s lacks its line: %q", ev.Title, s.c.fates[f].Name, p)
			}
		}
		if strings.ContainsAny(p, "{}") {
			t.Fatalf("a template was left unfilled: %q", p)
		}
	}
	if story[13] != s.c.story.Closing {
		t.Fatalf("the story closes with %q", story[13])
	}
	for _, w := range s.Result().Winners() {
		if !slices.Contains(story, "*"+s.c.fates[s.fate[w]].Epilogue+"*") {
			t.Fatalf("the winner's epilogue is missing")
		}
	}
	last := story[len(story)-1]
	for seat, f := range s.fate {
		if !strings.Contains(last, games.SeatRef(games.Seat(seat))+" served "+s.c.fates[f].Emoji+" "+s.c.fates[f].Name) {
			t.Fatalf("the story does not say who served %s: %q", s.c.fates[f].Name, last)
		}
	}
}

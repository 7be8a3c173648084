package yodo

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Over thousands of seeded games of random and AI players: no card is
// lost or made, the points are those of the set memories' cards, and
// every game ends.
func TestPropertiesOverManyGames(t *testing.T) {
	count := gametest.Count(3000, 300)
	for g := range count {
		seed := uint64(g)
		cfg := games.Config{Seats: 2 + g%5, Seed: seed}
		st, err := Game{}.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		owned := make([][]card, s.seats)
		for seat := range s.seats {
			owned[seat] = sorted(slices.Concat(s.hands[seat], s.decks[seat]))
		}
		var pol games.Policy = games.RandomPolicy{}
		if g%2 == 1 {
			pol = Game{}.AI()
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for steps := 0; len(s.Active()) > 0; steps++ {
			if steps > 1000 {
				t.Fatalf("seed %d: no end after 1000 decisions", seed)
			}
			seat := s.Active()[0]
			if _, err := s.Apply(seat, pol.Choose(s, seat, rng)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			checkConserved(t, s, owned, seed)
		}
		if s.locked != len(s.board) {
			t.Fatalf("seed %d: over with %d memories set", seed, s.locked)
		}
	}
}

func checkConserved(t *testing.T, s *state, owned [][]card, seed uint64) {
	t.Helper()
	var points [numFates]int
	onBoard := make([][]card, s.seats)
	for _, m := range s.board {
		for _, x := range m.stack {
			seat := s.owner(x.fate())
			onBoard[seat] = append(onBoard[seat], x)
		}
		if m.locked && len(m.stack) > 0 {
			fs := s.c.symbols[m.top()]
			for _, f := range fs {
				points[f] += pointsFor[len(fs)]
			}
		}
	}
	for seat := range s.seats {
		if got := sorted(slices.Concat(s.hands[seat], s.decks[seat], onBoard[seat])); !slices.Equal(got, owned[seat]) {
			t.Fatalf("seed %d: seat %d's cards are %v, were %v", seed, seat, got, owned[seat])
		}
	}
	if points != s.points {
		t.Fatalf("seed %d: points %v, the set memories give %v", seed, s.points, points)
	}
}

func sorted(cs []card) []card {
	out := slices.Clone(cs)
	slices.Sort(out)
	return out
}

// The stand-in for an away player follows RULINGS 4.4 step by step.
func TestStandinPlaysByThePlainRule(t *testing.T) {
	hands := [][]card{{double(0), single(0), triple(0), card(3)}, {single(1), single(1), single(1), single(1)}}
	decks := [][]card{{card(5), heartbeatOf(0)}, {card(20), heartbeatOf(1)}}
	choose := func(s *state) games.Action {
		return standin{}.Choose(s, s.turn, nil)
	}
	// A lone-symbol card onto the empty memory nearest death.
	s := table(t, hands, decks)
	s.board[11].stack = []card{single(1)}
	if a := choose(s); a.Kind != actCard || s.hands[0][a.Args[0]] != single(0) {
		t.Fatalf("took %v, want the lone-symbol card", a)
	}
	apply(t, s, 0, actCard, 1)
	if a := choose(s); a.Kind != actPlay || a.Args[0] != 10 {
		t.Fatalf("played on %v, want memory 10, the empty one nearest death", a)
	}
	// No lone-symbol card: cover a rival's card nearest death.
	s = table(t, [][]card{{double(0), triple(0), double(0), triple(0)}, hands[1]}, decks)
	s.board[4].stack = []card{single(1)}
	s.board[9].stack = []card{single(1)}
	s.board[11].stack = []card{single(0)}
	if a := choose(s); a.Kind != actCard || s.hands[0][a.Args[0]] != double(0) {
		t.Fatalf("took %v, want the card that covers fate 1", a)
	}
	apply(t, s, 0, actCard, 0)
	if a := choose(s); a.Kind != actPlay || a.Args[0] != 9 {
		t.Fatalf("played on %v, want memory 9, the rival's card nearest death", a)
	}
	// Nothing playable: bury the card with the most symbols.
	s = table(t, [][]card{{single(0), triple(0), double(0), single(0)}, hands[1]}, decks)
	for i := range s.board {
		s.board[i].stack = []card{single(3)}
	}
	if a := choose(s); a.Kind != actBury || s.hands[0][a.Args[0]] != triple(0) {
		t.Fatalf("buried %v, want the three-symbol card", a)
	}
	if _, ok := any(Game{}).(games.Standin); !ok || games.StandinFor(Game{}) != (standin{}) {
		t.Fatal("the game does not offer its stand-in to the bot")
	}
}

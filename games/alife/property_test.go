package alife

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// Over thousands of seeded games, random and AI, at every seat count:
// every card is in exactly one place after every decision; no track
// goes below its floor, money never below zero, hearts stay within 0–3;
// every game ends; and at the end each seat's scoring tracks equal what
// its baby, tableau, developments, friendships and resource spaces gave,
// its life tracks at least that (the −1 floor only ever raises them, and
// equal it when nothing was lost), and its score the sum of the ten
// products.
func TestPropertiesOverManyGames(t *testing.T) {
	n := gametest.Count(1500, 240)
	for g := range n {
		seats := minSeats + g%(maxSeats-minSeats+1)
		var pol games.Policy = games.RandomPolicy{}
		if g%2 == 1 {
			pol = policy{}
		}
		seed := uint64(7_000_000 + g)
		s := newState(currentSet(), games.Config{Seats: seats, Seed: seed})
		rng := rand.New(rand.NewPCG(seed, 9))
		spaces := make([][]Area, seats)
		for step := 0; len(s.Active()) > 0; step++ {
			if step > 2000 {
				t.Fatalf("seed %d: no end after 2000 decisions", seed)
			}
			seat := s.Active()[rng.IntN(len(s.Active()))]
			a := pol.Choose(s, seat, rng)
			if a.Kind == actRes {
				spaces[seat] = append(spaces[seat], s.set.spaces[s.phase()-1][a.Args[0]])
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatalf("seed %d: %v by seat %d: %v", seed, a, seat, err)
			}
			checkInvariants(t, s, seed)
		}
		if s.round != s.shape.columns && !s.allDead() {
			t.Fatalf("seed %d: the game ended in round %d with seats alive", seed, s.round)
		}
		checkScores(t, s, spaces, seed)
	}
}

func checkInvariants(t *testing.T, s *state, seed uint64) {
	t.Helper()
	seen := make([]int, len(s.set.cards))
	for ph := 1; ph <= numPhases; ph++ {
		for _, c := range append(append([]int(nil), s.decks[ph]...), s.discards[ph]...) {
			seen[c]++
		}
	}
	for _, col := range s.slots {
		for _, c := range col {
			if c >= 0 {
				seen[c]++
			}
		}
	}
	for p := range s.ps {
		pl := &s.ps[p]
		for _, c := range pl.Hand {
			seen[c]++
		}
		for _, col := range pl.Tableau {
			for _, t := range col {
				seen[t.Card]++
			}
		}
		for _, pair := range slices.Concat(pl.Children, pl.Kept) {
			seen[pair[0]]++
			seen[pair[1]]++
		}
		for r := range numResources {
			if pl.Life[r] < -1 || pl.Scoring[r] < 0 {
				t.Fatalf("seed %d: seat %d's %s tracks are %d scoring, %d life", seed, p, Resource(r), pl.Scoring[r], pl.Life[r])
			}
		}
		if pl.Money < 0 || pl.Hearts < 0 || pl.Hearts > startHearts {
			t.Fatalf("seed %d: seat %d has %d money and %d hearts", seed, p, pl.Money, pl.Hearts)
		}
	}
	for c, n := range seen {
		if n != 1 {
			t.Fatalf("seed %d: card %d is in %d places", seed, c, n)
		}
	}
}

func checkScores(t *testing.T, s *state, spaces [][]Area, seed uint64) {
	t.Helper()
	res := s.Result()
	for p := range s.ps {
		pl := &s.ps[p]
		var areas []Area
		for _, col := range pl.Tableau {
			for _, t := range col {
				c := s.card(t.Card)
				switch {
				case t.Child:
					areas = append(areas, childArea(c.Base))
				case t.Developed:
					areas = append(areas, c.Base, c.Dev)
				default:
					areas = append(areas, c.Base)
				}
			}
		}
		for _, f := range pl.Friends {
			areas = append(areas, friendship(s.card(f).Base))
		}
		areas = append(areas, spaces[p]...)
		scoring := s.set.babies[pl.Baby].Scoring
		var life [numResources]int
		lost := false
		for _, a := range areas {
			for r := range numResources {
				scoring[r] += a.Scoring[r]
				life[r] += a.Life[r] - a.Lose[r]
				lost = lost || a.Lose[r] > 0
			}
		}
		total := 0
		for r := range numResources {
			if pl.Scoring[r] != scoring[r] {
				t.Fatalf("seed %d: seat %d scores %d %s, its cards give %d", seed, p, pl.Scoring[r], Resource(r), scoring[r])
			}
			if pl.Life[r] < life[r] || !lost && pl.Life[r] != life[r] {
				t.Fatalf("seed %d: seat %d lives %d %s, its cards give %d", seed, p, pl.Life[r], Resource(r), life[r])
			}
			total += pl.Scoring[r] * pl.Life[r]
		}
		if res.Scores[p] != total {
			t.Fatalf("seed %d: seat %d's score is %d, its products sum to %d", seed, p, res.Scores[p], total)
		}
	}
}

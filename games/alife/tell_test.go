package alife

import (
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
)

// The story tells nothing while the lives are lived; at the end it tells
// each life once, winners first, naming in phase order every card the
// seat lived, its children, and its values.
func TestStoryTellsEveryLifeInOrder(t *testing.T) {
	for seed := range uint64(20) {
		s := newState(currentSet(), games.Config{Seats: 3, Seed: seed})
		if s.Story() != nil {
			t.Fatal("a story before the game began")
		}
		s = play(t, 3, seed, func(games.Seat) games.Policy { return policy{} })
		story := english.SayAll(s.Story())
		if len(story) != 3 {
			t.Fatalf("seed %d: %d paragraphs, want one per life", seed, len(story))
		}
		res := s.Result()
		for i, par := range story {
			p := -1
			for q := range s.ps {
				if strings.Contains(par, "The life of "+games.SeatRef(games.Seat(q))+"**") {
					p = q
				}
			}
			if p < 0 {
				t.Fatalf("seed %d: paragraph %d names no seat: %q", seed, i, par)
			}
			if i > 0 && res.Rank[p] < res.Rank[int(story[i-1][len("📖 **The life of {")]-'0')] {
				t.Fatalf("seed %d: the lives are not told winners first", seed)
			}
			at := 0
			for ph, col := range s.ps[p].Tableau {
				for _, c := range col {
					title := "*" + s.card(c.Card).Title + "*"
					k := strings.Index(par[at:], title)
					if k < 0 {
						t.Fatalf("seed %d: phase %d card %s is missing or out of order in %q", seed, ph+1, title, par)
					}
					if !c.Child {
						at += k
					}
				}
			}
			if res.Scores[p] > 0 && !strings.Contains(par, "lived above all for") {
				t.Fatalf("seed %d: the values are not told: %q", seed, par)
			}
		}
	}
}

// The simulator's measures read the finished game: the first seat's share
// of the win, early deaths, children and developments per life.
func TestStatsReadTheFinishedGame(t *testing.T) {
	for seed := range uint64(30) {
		s := play(t, 3, seed, func(games.Seat) games.Policy { return policy{} })
		stats := map[string]float64{}
		for _, st := range s.Stats() {
			stats[st.Name] = st.Value
		}
		w := s.Result().Winners()
		first := 0.0
		for _, seat := range w {
			if seat == s.firstSeat {
				first = 1 / float64(len(w))
			}
		}
		kids, devs := 0, 0
		for _, pl := range s.ps {
			for _, col := range pl.Tableau {
				for _, c := range col {
					if c.Child {
						kids++
					} else if c.Developed {
						devs++
					}
				}
			}
		}
		if stats["share of wins to the first seat"] != first || stats["children per life"] != float64(kids)/3 || stats["developments per life"] != float64(devs)/3 {
			t.Fatalf("seed %d: stats %v, want first %v, %d children, %d developments over 3 lives", seed, stats, first, kids, devs)
		}
	}
}

// The words the board and buttons use are explained once in the rules and
// in the first thing each player is asked, where to start.
func TestJargonIsExplained(t *testing.T) {
	s := newState(currentSet(), games.Config{Seats: 2, Seed: 1})
	first := s.Active()[0]
	if s.stepOf(first) != stepStart {
		t.Fatalf("the first seat is at %q, not choosing where to start", s.stepOf(first))
	}
	for where, text := range map[string]string{"the rules": english.Say(Game{}.Info().Rules), "the words asking where to start": english.Say(s.PromptTo(first))} {
		for _, term := range []string{"stack", "matters", "can do", "≥2", "to the full", "grey square", "coloured disc"} {
			if !strings.Contains(text, term) {
				t.Errorf("%s leave %q unexplained", where, term)
			}
		}
	}
}

// The simulator's breakdowns read the finished game: each seat's baby
// card as babies.go writes it, and every card of its life once, by title,
// a child's card named apart.
func TestFactsNameEachLifesCardsAndBaby(t *testing.T) {
	var b games.Breakdown = &state{}
	if got := b.Breakdowns(); !slices.Equal(got, []string{"card", "baby"}) {
		t.Fatalf("breakdowns %v", got)
	}
	children := 0
	for seed := range uint64(20) {
		s := play(t, 3, seed, func(games.Seat) games.Policy { return policy{} })
		for p := range s.ps {
			seat := games.Seat(p)
			if got, want := s.Facts("baby", seat), strings.ReplaceAll(babyCards[s.ps[p].Baby], " ", "+"); !slices.Equal(got, []string{want}) {
				t.Fatalf("seed %d: seat %d's baby facts %v, want %q", seed, p, got, want)
			}
			var want []string
			for _, col := range s.ps[p].Tableau {
				for _, c := range col {
					title := s.card(c.Card).Title
					if c.Child {
						title += " (child)"
						children++
					}
					want = append(want, title)
				}
			}
			got := s.Facts("card", seat)
			if !slices.Equal(got, want) || len(slices.Compact(slices.Sorted(slices.Values(got)))) != len(got) {
				t.Fatalf("seed %d: seat %d's card facts %v, want each of %v once", seed, p, got, want)
			}
		}
		if s.Facts("fate", 0) != nil || s.Facts("card", 3) != nil || s.Facts("card", -1) != nil {
			t.Fatal("facts of an unknown kind or seat")
		}
	}
	if children == 0 {
		t.Fatal("no child's card in twenty games: the test checks nothing of them")
	}
}

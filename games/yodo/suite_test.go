package yodo

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// hidden is the no-leak hook of the shared suite. Cards are known by the
// fates they show, which many cards share, so no card is a safe text
// secret; what must never reach a viewer is another seat's hand or notes,
// written as only the game writes them in views.
func hidden(gs games.State, viewer games.Seat) gametest.Secrets {
	s := gs.(*state)
	var sec gametest.Secrets
	for seat := range s.seats {
		if games.Seat(seat) == viewer {
			continue
		}
		for _, n := range s.notes[seat] {
			sec.View = append(sec.View, n)
		}
	}
	if viewer < 0 {
		sec.View = append(sec.View, `"hand":`, `"notes":`)
	}
	epoch, _ := s.rng.MarshalJSON()
	sec.Epoch = string(epoch)
	return sec
}

// TestSuite runs the shared engine suite at every seat count, with hidden
// scores too.
func TestSuite(t *testing.T) {
	var cfgs []games.Config
	for i := range 10 {
		cfg := games.Config{Seats: 2 + i%5, Seed: uint64(1000 * i)}
		if i%3 == 0 {
			cfg.Options = games.Options{optHiddenScores: "true"}
		}
		cfgs = append(cfgs, cfg)
	}
	gametest.Run(t, Game{}, cfgs, 6, gametest.WithHidden(hidden))
}

// play runs one game to the end with one policy for every seat.
func play(t testing.TB, cfg games.Config, pol games.Policy) *state {
	t.Helper()
	return gametest.PlayWith(t, Game{}, cfg, func(games.Seat) games.Policy { return pol }).(*state)
}

// Nothing private reaches the channel: the public view carries no hand,
// no notes and no taken card, and the views of seats carry only their own
// hand, in the order it is held.
func TestViewsShowOnlyWhatTheViewerMaySee(t *testing.T) {
	for seed := range uint64(40) {
		st, _ := Game{}.New(games.Config{Seats: 2 + int(seed)%5, Seed: seed})
		s := st.(*state)
		rng := rand.New(rand.NewPCG(seed, 3))
		for len(s.Active()) > 0 {
			pub, _ := json.Marshal(s.View(games.Observer))
			for _, bad := range []string{`"hand":`, `"notes":`, "yodo.note."} {
				if strings.Contains(string(pub), bad) {
					t.Fatalf("seed %d: the public view shows %s: %s", seed, bad, pub)
				}
			}
			if v := s.View(games.Observer).(View); v.Taken != -1 {
				t.Fatalf("seed %d: the public view tells which card is being played", seed)
			}
			for seat := range s.seats {
				v := s.View(games.Seat(seat)).(View)
				if len(v.Hand) != len(s.hands[seat]) {
					t.Fatalf("seed %d: seat %d sees %d cards, holds %d", seed, seat, len(v.Hand), len(s.hands[seat]))
				}
				for i, c := range v.Hand {
					if !equalInts(c.Fates, s.c.symbols[s.hands[seat][i]]) {
						t.Fatalf("seed %d: seat %d's card %d is shown as %v", seed, seat, i, c.Fates)
					}
				}
				if games.Seat(seat) != s.turn && v.Taken != -1 {
					t.Fatalf("seed %d: seat %d sees the turn's taken card", seed, seat)
				}
			}
			seat := s.Active()[0]
			events, _ := s.Apply(seat, games.RandomPolicy{}.Choose(s, seat, rng))
			for _, e := range events {
				if e.Public() && (strings.Contains(e.Text, "yodo.note.") || strings.Contains(english(e.Text), "drew 🎈")) {
					t.Fatalf("seed %d: a public line tells a private draw: %q", seed, e.Text)
				}
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func FuzzDecode(f *testing.F) {
	gametest.FuzzDecode(f, Game{}, []games.Config{{Seats: 2, Seed: 1}, {Seats: 5, Seed: 2}}, 7)
}

func BenchmarkApply(b *testing.B) {
	st, _ := Game{}.New(games.Config{Seats: 4, Seed: 1})
	data, _ := st.MarshalBinary()
	gametest.BenchApply(b, Game{}, data)
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchPlayout(b, Game{}, 4, Game{}.AI()) }

// Saves damaged one value at a time decode to working states, or not at
// all: never to a state that panics or leaves its active seat no move.
func TestDamagedSaves(t *testing.T) {
	t.Parallel()
	gametest.CheckDamagedSaves(t, Game{}, []games.Config{{Seats: 2, Seed: 3}, {Seats: 3, Seed: 4}}, 25, gametest.Count(20000, 2000))
}

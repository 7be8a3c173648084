package alife

import (
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// hidden is the no-leak hook of the shared suite: a viewer may not see
// the cards of other seats' hands or child pairs, nor the decks. Titles
// are unique across the deck, so a title's message is a safe text
// secret, in texts and in views alike.
func hidden(gs games.State, viewer games.Seat) gametest.Secrets {
	s := gs.(*state)
	var secret []int
	for ph := 1; ph <= numPhases; ph++ {
		secret = append(secret, s.decks[ph]...)
	}
	for p := range s.ps {
		if games.Seat(p) == viewer {
			continue
		}
		secret = append(secret, s.ps[p].Hand...)
		for _, pair := range s.ps[p].Children {
			secret = append(secret, pair[0], pair[1])
		}
	}
	var sec gametest.Secrets
	for _, c := range secret {
		sec.Text = append(sec.Text, titleOf(s.card(c)))
		sec.View = append(sec.View, `"Title":"`+titleOf(s.card(c))+`"`)
	}
	epoch, _ := s.rng.MarshalJSON()
	sec.Epoch = string(epoch)
	return sec
}

// TestSuite runs the shared engine suite at every seat count with the
// no-leak checks.
func TestSuite(t *testing.T) {
	var cfgs []games.Config
	for i := range 6 {
		cfgs = append(cfgs, games.Config{Seats: 2 + i%3, Seed: uint64(1000 * i)})
	}
	gametest.Run(t, Game{}, cfgs, 4, gametest.WithHidden(hidden))
}

// Saves damaged one value at a time decode to working states, or not at
// all: never to a state that panics or leaves its active seat no move.
func TestDamagedSaves(t *testing.T) {
	t.Parallel()
	gametest.CheckDamagedSaves(t, Game{}, []games.Config{{Seats: 2, Seed: 3}, {Seats: 3, Seed: 4}}, 25, gametest.Count(20000, 2000))
}

// FuzzDecode checks that Decode never panics and that whatever it accepts
// is a working state. The corpus holds saved states from random games.
func FuzzDecode(f *testing.F) {
	gametest.FuzzDecode(f, Game{}, []games.Config{{Seats: 2, Seed: 1}, {Seats: 4, Seed: 2}}, 9)
}

package lagom

import (
	"strconv"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// hidden is the no-leak hook of the shared suite: a viewer may not see
// other seats' hands, sealed picks or chosen passes, nor the deck, except
// the cards it last passed and received, which it has held. In text a
// card is the message of its title, which no other text contains; in
// views a card is known by its id.
func hidden(gs games.State, viewer games.Seat) gametest.Secrets {
	s := gs.(*state)
	var secret []int
	secret = append(secret, s.deck...)
	for p := range s.ps {
		if games.Seat(p) == viewer {
			continue
		}
		pl := &s.ps[p]
		secret = append(secret, pl.hand...)
		if pl.pass != noCard {
			secret = append(secret, pl.pass)
		}
		if pl.pick != noCard && s.step == stepSelect {
			secret = append(secret, pl.pick)
		}
	}
	var sec gametest.Secrets
	for _, c := range secret {
		if viewer >= 0 && (s.ps[viewer].passed == c || s.ps[viewer].received == c) {
			continue
		}
		sec.Text = append(sec.Text, s.card(c).Name())
		sec.View = append(sec.View, `{"id":`+strconv.Itoa(c)+`,"title"`)
	}
	epoch, _ := s.rng.MarshalJSON()
	sec.Epoch = string(epoch)
	return sec
}

// TestSuite runs the shared engine suite at every seat count with the
// no-leak checks, on the current card set and on every retired one.
func TestSuite(t *testing.T) {
	var cfgs []games.Config
	for i := range 10 {
		cfgs = append(cfgs, games.Config{Seats: 2 + i%5, Seed: uint64(1000 * i)})
	}
	for _, old := range cardSets[1:] {
		cfgs = append(cfgs, games.Config{Seats: 4, Seed: 77, Content: old.version})
	}
	gametest.Run(t, Game{}, cfgs, 6, gametest.WithHidden(hidden))
}

// Saves damaged one value at a time decode to working states, or not at
// all: never to a state that panics or leaves its active seat no move.
func TestDamagedSaves(t *testing.T) {
	t.Parallel()
	gametest.CheckDamagedSaves(t, Game{}, []games.Config{{Seats: 2, Seed: 3}, {Seats: 3, Seed: 4}}, 25, gametest.Count(20000, 2000))
}

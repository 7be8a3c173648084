package life

import (
	"strconv"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// allOptions lists every combination of the options the lobby accepts,
// with a low target so that matches stay short.
func allOptions() []games.Options {
	var out []games.Options
	for _, packs := range []string{"auto", "1", "2"} {
		for _, blind := range []bool{false, true} {
			for _, spades := range []bool{false, true} {
				for _, fortune := range []bool{false, true} {
					out = append(out, games.Options{
						optPacks:        packs,
						optTarget:       "50",
						optBlindSteal:   strconv.FormatBool(blind),
						optChooseSpades: strconv.FormatBool(spades),
						optFortune:      strconv.FormatBool(fortune),
					})
				}
			}
		}
	}
	return out
}

// hidden is the no-leak hook of the shared suite: a viewer may not see
// the cards in other seats' hands, nor the deck. In text, a card is
// written by its name (its label, or a joker's message), which a second
// pack's copy may share: a name is a secret only while no card the
// viewer may see bears it. In views,
// cards carry their id, which is unique. The generator's position is the
// epoch: every shuffle draws from it.
func hidden(gs games.State, viewer games.Seat) gametest.Secrets {
	s := gs.(*state)
	var visible [maxCards]bool
	for _, ids := range [][]int{s.discard, s.removed} {
		for _, id := range ids {
			visible[id] = true
		}
	}
	for p := range s.seats {
		for _, ids := range [][]int{s.up[p], s.bank[p]} {
			for _, id := range ids {
				visible[id] = true
			}
		}
		if games.Seat(p) == viewer {
			for _, id := range s.hands[p] {
				visible[id] = true
			}
		}
	}
	if s.turned != noCard {
		visible[s.turned] = true
	}
	shown := map[string]bool{}
	for id := range s.numCards() {
		if visible[id] {
			shown[cards[id].Name()] = true
		}
	}
	var sec gametest.Secrets
	inHand := map[string]bool{}
	for p := range s.seats {
		if games.Seat(p) == viewer {
			continue
		}
		for _, id := range s.hands[p] {
			if l := cards[id].Name(); !shown[l] && !inHand[l] {
				inHand[l] = true
				sec.Text = append(sec.Text, l)
			}
		}
	}
	for id := range s.numCards() {
		if !visible[id] {
			sec.View = append(sec.View, `"id":`+strconv.Itoa(id)+`,`)
		}
	}
	epoch, _ := s.rng.MarshalJSON()
	sec.Epoch = string(epoch)
	return sec
}

// TestSuite runs the shared engine suite over every option combination
// and seat counts 2 to 8, with the no-leak checks.
func TestSuite(t *testing.T) {
	var cfgs []games.Config
	for i, o := range allOptions() {
		seats := 2 + i%7
		if o[optPacks] == "1" && seats == 8 {
			seats = 7
		}
		cfgs = append(cfgs, games.Config{Seats: seats, Options: o, Seed: uint64(1000 * i)})
	}
	cfgs = append(cfgs, games.Config{Seats: 4, Seed: 99}, games.Config{Seats: 8, Seed: 98, Options: games.Options{optTarget: "150"}})
	gametest.Run(t, Game{}, cfgs, 6, gametest.WithHidden(hidden))
}

// Saves damaged one value at a time decode to working states, or not at
// all: never to a state that panics or leaves its active seat no move.
func TestDamagedSaves(t *testing.T) {
	t.Parallel()
	gametest.CheckDamagedSaves(t, Game{}, []games.Config{{Seats: 2, Seed: 3}, {Seats: 3, Seed: 4}}, 25, gametest.Count(20000, 2000))
}

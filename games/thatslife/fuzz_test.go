package thatslife

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// is a working state. The corpus holds saved states from random games.
func FuzzDecode(f *testing.F) {
	cfgs := []games.Config{
		{Seats: 2, Seed: 1},
		{Seats: 3, Seed: 2, Options: opts("recycle_cards=true", "back_or_stay_on_1=true")},
		{Seats: 5, Seed: 3, Options: opts("end_at_last_figure=true", "layout=random")},
		{Seats: 6, Seed: 4, Options: opts("end_when_first_player_home=true", "figures=3")},
	}
	gametest.FuzzDecode(f, Game{}, cfgs, 20, `{"v":1,"seats":2,"course":[]}`)
}

// FuzzApply plays a seeded random game for some moves, then applies an
// arbitrary action from an arbitrary seat: Apply must not panic, must
// accept exactly the legal actions, and must leave the state as it was
// when it refuses.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), 0, "fig", 0, uint8(1))
	f.Add(uint64(2), uint8(30), 1, "guard", 12, uint8(1))
	f.Add(uint64(3), uint8(200), -1, "stay", 0, uint8(0))
	f.Add(uint64(4), uint8(7), 9, "fig_back", 33, uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, seat int, kind string, arg int, nargs uint8) {
		combos := allOptions()
		s := newState(t, 2+int(seed%5), seed, combos[seed%uint64(len(combos))])
		rng := rand.New(rand.NewPCG(seed, 4))
		for range steps {
			if s.over {
				break
			}
			ms := s.moves()
			if _, err := s.Apply(s.turn, s.action(ms[rng.IntN(len(ms))])); err != nil {
				t.Fatal(err)
			}
		}
		a := games.Action{Kind: kind}
		for range nargs % 4 {
			a.Args = append(a.Args, arg)
		}
		ev, ok := gametest.CheckApply(t, s, games.Seat(seat), a)
		if !ok {
			return
		}
		if len(ev) == 0 {
			t.Fatalf("Apply(%d, %v) was accepted without an event", seat, a)
		}
	})
}

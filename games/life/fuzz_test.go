package life

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
		{Seats: 3, Seed: 2, Options: opts("blind_steal=true", "choose_spades=true")},
		{Seats: 5, Seed: 3, Options: opts("fortune=true", "target=50")},
		{Seats: 8, Seed: 4, Options: opts("blind_steal=true", "target=50")},
	}
	gametest.FuzzDecode(f, Game{}, cfgs, 15, `{"v":1,"seats":2,"table":[]}`)
}

// FuzzApply plays a seeded random game for some decisions, then applies an
// arbitrary action from an arbitrary seat: Apply must not panic, must
// accept exactly the legal actions, and must leave the state as it was
// when it refuses.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), 0, "suit", 1, uint8(1))
	f.Add(uint64(2), uint8(30), 1, "lay", 0, uint8(2))
	f.Add(uint64(3), uint8(80), 2, "steal", 1, uint8(1))
	f.Add(uint64(4), uint8(7), 0, "take", 33, uint8(1))
	f.Add(uint64(5), uint8(50), 3, "pos", 2, uint8(1))
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, seat int, kind string, arg int, nargs uint8) {
		o := allOptions()[seed%uint64(len(allOptions()))]
		seats := 2 + int(seed%7)
		if o[optPacks] == "1" && seats == 8 {
			seats = 7
		}
		s := newState(t, seats, seed, o)
		rng := rand.New(rand.NewPCG(seed, 4))
		for range steps {
			if s.phase == phaseOver {
				break
			}
			p := s.Active()[0]
			if _, err := s.Apply(p, games.RandomPolicy{}.Choose(s, p, rng)); err != nil {
				t.Fatal(err)
			}
		}
		a := games.Action{Kind: kind}
		for k := range int(nargs % 5) {
			a.Args = append(a.Args, arg+k)
		}
		ev, ok := gametest.CheckApply(t, s, games.Seat(seat), a)
		if !ok {
			return
		}
		if len(ev) == 0 {
			t.Fatalf("Apply(%d, %v) was accepted without an event", seat, a)
		}
		if err := checkInvariants(s); err != nil {
			t.Fatalf("after %v: %v", a, err)
		}
	})
}

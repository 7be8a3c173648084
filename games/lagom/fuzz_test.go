package lagom

import (
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// is a working state. The corpus holds saved states from random games.
func FuzzDecode(f *testing.F) {
	var cfgs []games.Config
	for seats := 2; seats <= 6; seats++ {
		cfgs = append(cfgs, games.Config{Seats: seats, Seed: uint64(seats)})
	}
	gametest.FuzzDecode(f, Game{}, cfgs, 15, `{"v":1,"seats":2,"players":[]}`)
}

// FuzzApply plays a seeded random game for some decisions, then applies
// an arbitrary action from an arbitrary seat: Apply must not panic, must
// accept exactly the legal actions, and must leave the state as it was
// when it refuses.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), 0, "pick", 3, uint8(1))
	f.Add(uint64(2), uint8(30), 1, "play", 2, uint8(1))
	f.Add(uint64(3), uint8(90), 0, "cash", 0, uint8(2))
	f.Add(uint64(4), uint8(7), 5, "pass", 80, uint8(1))
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, seat int, kind string, arg int, nargs uint8) {
		s := newState(t, 2+int(seed%5), seed)
		rng := rand.New(rand.NewPCG(seed, 4))
		for range steps {
			if s.step == stepOver {
				break
			}
			p := s.Active()[0]
			if _, err := s.Apply(p, (games.RandomPolicy{}).Choose(s, p, rng)); err != nil {
				t.Fatal(err)
			}
		}
		a := games.Action{Kind: kind}
		for range nargs % 4 {
			a.Args = append(a.Args, arg)
		}
		gametest.CheckApply(t, s, games.Seat(seat), a)
	})
}

package thatslife

import (
	"strconv"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// allOptions lists every combination of the options the lobby accepts.
func allOptions() []games.Options {
	var out []games.Options
	for _, layout := range []string{layoutStandard, layoutPlusAscending, layoutFortuneLast, layoutRandom} {
		for _, figures := range []string{"auto", "2", "3"} {
			for _, back := range []bool{false, true} {
				for _, recycle := range []bool{false, true} {
					for end := range 3 {
						out = append(out, games.Options{
							optLayout:   layout,
							optFigures:  figures,
							optBack:     strconv.FormatBool(back),
							optRecycle:  strconv.FormatBool(recycle),
							optEndFirst: strconv.FormatBool(end == 1),
							optEndLast:  strconv.FormatBool(end == 2),
						})
					}
				}
			}
		}
	}
	return out
}

// TestSuite runs the shared engine suite over every option combination,
// spreading the seat counts 2..6 across them.
func TestSuite(t *testing.T) {
	var cfgs []games.Config
	for i, opts := range allOptions() {
		cfgs = append(cfgs, games.Config{Seats: 2 + i%5, Options: opts, Seed: uint64(1000 * i)})
	}
	gametest.Run(t, Game{}, cfgs, 2)
}

// Saves damaged one value at a time decode to working states, or not at
// all: never to a state that panics or leaves its active seat no move.
func TestDamagedSaves(t *testing.T) {
	t.Parallel()
	gametest.CheckDamagedSaves(t, Game{}, []games.Config{{Seats: 2, Seed: 3}, {Seats: 3, Seed: 4}}, 25, gametest.Count(20000, 2000))
}

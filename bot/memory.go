package bot

import "runtime/debug"

// DefaultMemoryLimit is the soft limit the bot sets on the Go runtime's
// memory unless GOMEMLIMIT sets another. The garbage collector otherwise
// lets the heap grow to twice what is live before it collects, and most of
// what is live is the renderer's parts of each game, drawn once and kept,
// and images being drawn and sent: pixels the collector need not scan, so
// collecting more often costs little. Measured with BenchmarkInteraction
// (bot/bench_test.go), 50 tables of the five games mixed at 1280×720: the
// peak resident memory falls from 238 to 133 MB for the same CPU a move.
// A limit under what is live would make the collector run without end:
// the same benchmark with a 90 MiB limit spends a quarter more CPU a move
// and answers ten times slower. A bot with more games or bigger images
// than these should raise it with GOMEMLIMIT.
const DefaultMemoryLimit = 128 << 20

// LimitMemory sets DefaultMemoryLimit, unless the environment, read with
// getenv, sets GOMEMLIMIT: the runtime has read that already.
func LimitMemory(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(DefaultMemoryLimit)
	}
}

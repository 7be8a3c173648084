package bot

import "runtime/debug"

// The bot's defaults for the Go runtime's garbage collector, each used
// unless the environment sets its own (GOGC, GOMEMLIMIT).
//
// What a bot keeps live is small and mostly pixels: each game's card faces
// kept in the house palette, each kind of image's backdrop, the last image
// of each message, the renderers' working frames; about 35 MB at 50 busy
// tables (BenchmarkInteraction, bot/bench_test.go). By default the
// collector lets the heap grow to twice that before it collects, which is
// most of the bot's resident memory. Collecting at 55 % growth instead
// kept the peak under 100 MB (97 MB) for 0.1 ms more collection a move and no
// change in the time from a click to its board. A limit close to what is
// live would make the collector run almost without pause and slow every
// answer; the limit is there for a burst, such as many replays at once.
const (
	DefaultGCPercent   = 55
	DefaultMemoryLimit = 160 << 20
)

// LimitMemory sets DefaultGCPercent and DefaultMemoryLimit, each unless
// the environment, read with getenv, sets GOGC or GOMEMLIMIT: the runtime
// has read those already.
func LimitMemory(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(DefaultGCPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(DefaultMemoryLimit)
	}
}

package bot

import "runtime/debug"

// DefaultMemoryLimit is the soft limit the bot sets on the Go runtime's
// memory unless GOMEMLIMIT sets another. The garbage collector otherwise
// lets the heap grow to twice what is live before it collects, and most of
// what is live is the renderer's parts of each game, drawn once and kept,
// and images being drawn and sent: pixels the collector need not scan, so
// collecting sooner costs little. Measured with BenchmarkInteraction
// (bot/bench_test.go), 50 tables of the five games mixed with images of
// 1280×720, whose live heap is about 96 MB: with no limit the peak
// resident memory is 262 MB; with 160 MiB it is 173 MB for 0.14 ms of
// collection a move and the same latencies. Closer to what is live the
// collector runs almost without pause: 128 MiB takes 1.1 ms a move and
// doubles the 99th percentile of click to board, and 90 MiB, under what
// is live, a quarter more CPU a move and answers ten times slower. A bot
// with more games or bigger images than these should raise it.
const DefaultMemoryLimit = 160 << 20

// LimitMemory sets DefaultMemoryLimit, unless the environment, read with
// getenv, sets GOMEMLIMIT: the runtime has read that already.
func LimitMemory(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(DefaultMemoryLimit)
	}
}

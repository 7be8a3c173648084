package bot

import (
	"runtime/debug"
	"testing"
)

// LimitMemory sets the collector's defaults, and leaves alone what the
// environment sets.
func TestLimitMemoryKeepsWhatTheEnvironmentSets(t *testing.T) {
	gc, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) })

	debug.SetGCPercent(100)
	debug.SetMemoryLimit(1 << 40)
	LimitMemory(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != DefaultGCPercent {
		t.Errorf("GC percent = %d, want %d", got, DefaultGCPercent)
	}
	if got := debug.SetMemoryLimit(1 << 40); got != DefaultMemoryLimit {
		t.Errorf("memory limit = %d, want %d", got, DefaultMemoryLimit)
	}

	LimitMemory(func(name string) string { return map[string]string{"GOGC": "80", "GOMEMLIMIT": "1GiB"}[name] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, GC percent = %d, want it left at 100", got)
	}
	if got := debug.SetMemoryLimit(1 << 40); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT set, memory limit = %d, want it left alone", got)
	}
}

package gametest

import (
	"os"
	"testing"
)

// Long reports whether the long runs are asked for, with LIFEBOT_LONG=1:
// the statistical tuning tests and the full counts of the property tests.
// The default run keeps the suite a tool (minutes on two cores, under
// -race); CI runs the long ones as a step of their own.
func Long() bool { return os.Getenv("LIFEBOT_LONG") == "1" }

// Count is how many seeded games a test plays: full in the long run, quick
// otherwise, and a quarter of quick (at least one) under -short.
func Count(full, quick int) int {
	switch {
	case Long():
		return full
	case testing.Short():
		return max(1, quick/4)
	}
	return quick
}

// NeedsLong skips a test that only the long run makes: one whose figures
// mean something only over thousands of games.
func NeedsLong(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skip("a long run: set LIFEBOT_LONG=1")
	}
}

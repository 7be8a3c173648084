package postgres_test

import (
	"testing"

	"github.com/lifebot/lifebot/storage/postgres/pgtest"
	"github.com/lifebot/lifebot/storage/storagetest"
)

// BenchmarkPostgresCommit is a move's commit on many games at once. The
// throwaway server runs without fsync; set LIFEBOT_TEST_POSTGRES to
// measure a server as it runs in production.
func BenchmarkPostgresCommit(b *testing.B) {
	storagetest.BenchCommit(b, open(b, pgtest.URL(b)))
}

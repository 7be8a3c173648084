package storage_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/storagetest"
)

func openBench(b *testing.B) *storage.Bolt {
	b.Helper()
	s, err := storage.OpenBolt(filepath.Join(b.TempDir(), "lifebot.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// fillFinished stores what a server holds after a while: 3,000 finished
// games of about 18 kB each beside 20 running ones.
func fillFinished(b *testing.B, s storage.Store) {
	b.Helper()
	data := make([]byte, 13<<10) // 18 kB once encoded
	for i := range 3020 {
		st := storage.Over
		if i%151 == 0 {
			st = storage.Playing
		}
		_, err := s.Create(context.Background(), storage.Record{Game: "lagom", Guild: "g", Channel: fmt.Sprint("c", i%7), Users: []string{"ada", "ben"}, Status: st, Data: data})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoltListOpen is the reminder sweep on a server that has played
// for a while.
func BenchmarkBoltListOpen(b *testing.B) {
	s := openBench(b)
	fillFinished(b, s)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		rs, err := s.List(ctx, storage.Filter{OnlyOpen: true})
		if err != nil || len(rs) != 20 {
			b.Fatalf("listed %d open games, %v; want 20", len(rs), err)
		}
	}
}

// BenchmarkOpenBolt is the start of a bot on that server's file, which
// reads every page to find damage before the first move.
func BenchmarkOpenBolt(b *testing.B) {
	path := filepath.Join(b.TempDir(), "lifebot.db")
	s, err := storage.OpenBolt(path)
	if err != nil {
		b.Fatal(err)
	}
	fillFinished(b, s)
	s.Close()
	for b.Loop() {
		s, err := storage.OpenBolt(path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkBoltPutConcurrent has 50 writers, each moving its own game, as
// when many tables play at once; it reports commits per second.
func BenchmarkBoltPutConcurrent(b *testing.B) {
	const writers = 50
	s := openBench(b)
	ctx := context.Background()
	recs := make([]storage.Record, writers)
	for i := range recs {
		r, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"a", "b", "c"}, Data: make([]byte, 4096)})
		if err != nil {
			b.Fatal(err)
		}
		recs[i] = r
	}
	b.ReportAllocs()
	b.ResetTimer()
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			r := recs[w]
			for i := w; i < b.N; i += writers {
				var err error
				if r, err = s.Put(ctx, r); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puts/s")
}

// BenchmarkBoltCommit is a move's commit on many games at once.
func BenchmarkBoltCommit(b *testing.B) {
	storagetest.BenchCommit(b, openBench(b))
}

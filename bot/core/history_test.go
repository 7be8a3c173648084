package core

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// seedHistory stores n finished two-player games of Ada ("1") and Ben
// ("2") in server g, each with its result, from workers goroutines at
// once so that a batching store commits them together.
func seedHistory(tb testing.TB, store storage.Store, n, workers int) {
	tb.Helper()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				t := &table{
					V: recordVersion, Game: "thatslife", Host: "1", Rev: 1,
					Seats: []seat{{User: "1", Name: "Ada"}, {User: "2", Name: "Ben"}},
				}
				t.Result = &result{
					Game: "thatslife", Guild: "g", Channel: "c", Finished: start.Add(time.Duration(i) * time.Minute),
					Players: []resultPlayer{
						{Seat: 0, User: "1", Name: "Ada", Score: i % 7, Rank: 1 + i%2},
						{Seat: 1, User: "2", Name: "Ben", Score: 3, Rank: 2 - i%2},
					},
				}
				data, err := t.encode()
				if err == nil {
					_, err = store.Create(context.Background(), storage.Record{
						Game: "thatslife", Guild: "g", Channel: "c", Users: []string{"1", "2"}, Status: storage.Over, Data: data,
					})
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		tb.Fatal(err)
	}
}

// A player with a long history is served by reading what the question
// needs, not every game: a suggestion reads their open games and their
// latest few, and /stats reads, after the first time, only the games
// closed since.
func TestALongHistoryIsNotReadWhole(t *testing.T) {
	f := newFixture(t)
	const games = 600
	seedHistory(t, f.store, games, 8)
	counted := &countingStore{Store: f.store}
	f.svc.store = counted
	ctx := context.Background()

	choices := f.svc.GameChoices(ctx, ada, "", true)
	if len(choices) != maxSelectOpt {
		t.Fatalf("%d suggestions, want %d", len(choices), maxSelectOpt)
	}
	if n := counted.listed.Swap(0); n > recentClosed {
		t.Errorf("a suggestion read %d of the player's %d games, want at most %d", n, games, recentClosed)
	}

	first := f.svc.Stats(ctx, ada, "", "thatslife")
	counted.listed.Store(0)
	again := f.svc.Stats(ctx, ada, "", "thatslife")
	if n := counted.listed.Swap(0); n != 0 {
		t.Errorf("/stats asked again read %d games, want none: nothing closed since", n)
	}
	if again.Content != first.Content {
		t.Errorf("/stats changed with nothing closed:\n%s\n%s", first.Content, again.Content)
	}
	if want := fmt.Sprintf("%d games", games); !strings.Contains(first.Content, want) {
		t.Errorf("/stats says %q, want %q in it", first.Content, want)
	}

	// One more game closes: the next answer reads it alone, and counts it.
	seedHistory(t, f.store, 1, 1)
	board := f.svc.Leaderboard(ctx, ada, "thatslife")
	if n := counted.listed.Swap(0); n != 1 {
		t.Errorf("/leaderboard after one more game read %d games, want 1", n)
	}
	if !strings.Contains(board.Content, fmt.Sprintf("%d counted games", games+1)) {
		t.Errorf("the leaderboard says %q, want %d counted games", board.Content, games+1)
	}
}

// BenchmarkHistoryOf10000Games measures the commands that read a player's
// history, on a bbolt store holding 10,000 finished games of that player
// in one server: a /log suggestion, /stats and /leaderboard, each once
// per iteration, reporting each one's 99th percentile (p99-suggest-ms,
// p99-stats-ms, p99-board-ms).
func BenchmarkHistoryOf10000Games(b *testing.B) {
	store, err := storage.OpenBolt(filepath.Join(b.TempDir(), "lifebot.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	seedHistory(b, store, 10000, 64)
	svc := New(Config{Store: store, Games: games.NewRegistry(thatslife.Game{}), Renderer: echoRenderer{}, Discord: &platform{}})
	ctx := context.Background()
	var suggest, stats, board []time.Duration
	timed := func(into *[]time.Duration, f func()) {
		start := time.Now()
		f()
		*into = append(*into, time.Since(start))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		timed(&suggest, func() { svc.GameChoices(ctx, ada, "ben", true) })
		timed(&stats, func() { svc.Stats(ctx, ada, "", "") })
		timed(&board, func() { svc.Leaderboard(ctx, ada, "thatslife") })
	}
	b.StopTimer()
	p99 := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[(len(d)*99)/100]) / float64(time.Millisecond)
	}
	b.ReportMetric(p99(suggest), "p99-suggest-ms")
	b.ReportMetric(p99(stats), "p99-stats-ms")
	b.ReportMetric(p99(board), "p99-board-ms")
}

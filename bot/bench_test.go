package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
)

// BenchmarkInteraction measures a move from the moment the fake dispatches
// the click to the moment the bot's answer arrives, with the board drawn
// and the move committed to bbolt, while 50 games are played at once, each
// in its own channel. "paced" gives each game a player who thinks for
// about a second between moves (50 moves a second in all); "saturated"
// clicks again the moment the board changes, which measures throughput.
func BenchmarkInteraction(b *testing.B) {
	b.Run("paced", func(b *testing.B) { benchmarkInteraction(b, time.Second) })
	b.Run("saturated", func(b *testing.B) { benchmarkInteraction(b, 0) })
}

func benchmarkInteraction(b *testing.B, think time.Duration) {
	const tables = 50
	h := thatsLifeHarness(b)
	type game struct {
		board   string
		players []discordtest.User
	}
	newGame := func(i, round int) game {
		ada := h.fake.AddUser(fmt.Sprintf("Ada %d.%d", i, round))
		ben := h.fake.AddUser(fmt.Sprintf("Ben %d.%d", i, round))
		it, err := h.fake.Command(h.ctx(), ada, h.guild, h.fake.AddChannel(h.guild, fmt.Sprintf("table-%d-%d", i, round)), "newgame", map[string]any{"game": "thatslife"})
		if err != nil {
			b.Fatal(err)
		}
		lobby := h.wait(it).Message
		h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(b, h.fake.Message(lobby.ID), "Join"))
		h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(b, h.fake.Message(lobby.ID), "Start"))
		return game{board: lobby.ID, players: []discordtest.User{ada, ben}}
	}
	gs := make([]game, tables)
	for i := range gs {
		gs[i] = newGame(i, 0)
	}

	var (
		left      atomic.Int64
		mu        sync.Mutex
		latencies []time.Duration
		wg        sync.WaitGroup
	)
	left.Store(int64(b.N))
	cpu0 := cpuTime()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	b.ResetTimer()
	for i := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, round := gs[i], 0
			pace := rand.New(rand.NewPCG(uint64(i), 0))
			for left.Add(-1) >= 0 {
				if think > 0 {
					time.Sleep(think/2 + time.Duration(pace.Int64N(int64(think))))
				}
				board := h.fake.Message(g.board)
				buttons := board.Buttons()
				if len(buttons) == 0 {
					round++
					g = newGame(i, round)
					continue
				}
				m := promptMention.FindStringSubmatch(board.Content)
				if m == nil {
					b.Errorf("board names nobody to move: %q", board.Content)
					return
				}
				u := g.players[0]
				if u.ID != m[1] {
					u = g.players[1]
				}
				it, err := h.fake.Click(ctx, u, board, buttons[0].CustomID)
				if err != nil {
					b.Error(err)
					return
				}
				if _, err := it.Wait(ctx); err != nil {
					b.Error(err)
					return
				}
				mu.Lock()
				latencies = append(latencies, it.Latency())
				mu.Unlock()
				// The turn ping trails the answer; let it land before the
				// next click reads the board.
				h.fake.WaitFor(ctx, func() bool { return h.fake.Message(g.board).Content != board.Content })
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	cpu := cpuTime() - cpu0
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(latencies))/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(latencies)), "cpu-ms/move")
	b.ReportMetric(float64(rss())/(1<<20), "rss-MB")
	b.ReportMetric(0, "ns/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func rss() int64 {
	data, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n << 10
		}
	}
	return 0
}

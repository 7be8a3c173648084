package bot_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/render"
	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
)

// BenchmarkInteraction measures a decision from the moment the fake
// dispatches the click to the moment the bot's answer arrives, and to the
// moment the board shows it, with the move committed to bbolt, while 50
// games are played at once, each in its own channel: the five titles in
// turn, those with hidden hands played from the players' DMs, a finished
// game followed by a new one. The bot runs in a process of its own, as in
// production: cpu-ms/move, rss-MB and peak-rss-MB are that process's, as
// are the garbage collector's figures (gc-cpu-ms/move, the part of it
// taken as assists from the bot's own work, and gc-cycles), and
// games-ended counts the games that ended, each drawing its replay.
// "paced" gives each game players who think for about a second between
// decisions (50 a second in all); "saturated" decide again the moment
// they may, which measures throughput.
func BenchmarkInteraction(b *testing.B) {
	b.Run("paced", func(b *testing.B) { benchmarkInteraction(b, time.Second) })
	b.Run("saturated", func(b *testing.B) { benchmarkInteraction(b, 0) })
}

func benchmarkInteraction(b *testing.B, think time.Duration) {
	h := benchHarness(b)
	bot := startBenchBot(b, h)
	cpu0, gc0 := bot.cpuTime(), bot.gc()
	answered, shown, ended := playTables(b, h, 50, think, benchTitles)
	cpu, gc := bot.cpuTime()-cpu0, bot.gc()
	if len(answered) == 0 {
		return
	}
	reportLatencies(b, answered, shown)
	b.ReportMetric(float64(ended), "games-ended")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(answered)), "cpu-ms/move")
	b.ReportMetric((gc.CPU-gc0.CPU)*1000/float64(len(answered)), "gc-cpu-ms/move")
	b.ReportMetric((gc.AssistCPU-gc0.AssistCPU)*1000/float64(len(answered)), "gc-assist-ms/move")
	b.ReportMetric(float64(gc.Cycles-gc0.Cycles), "gc-cycles")
	b.ReportMetric(float64(bot.memory("VmRSS:"))/(1<<20), "rss-MB")
	b.ReportMetric(float64(bot.memory("VmHWM:"))/(1<<20), "peak-rss-MB")
	// Resident memory is the heap and stacks (anonymous) and the pages of
	// the binary and the database file read through their mappings
	// (file-backed), which the kernel drops first when memory is short.
	b.ReportMetric(float64(bot.memory("RssAnon:"))/(1<<20), "rss-anon-MB")
	b.ReportMetric(float64(bot.memory("RssFile:"))/(1<<20), "rss-file-MB")
}

// BenchmarkReplicas measures accepted moves a second, and their latency,
// of "lifebot serve" processes: one on a bbolt file, and one, two and
// three sharing a PostgreSQL database, the fake handing the clicks of 50
// games of That's Life! played at once to each in turn: "saturated"
// players click again the moment the board changes, "paced" ones think
// about a second. On one
// machine the replicas share its cores: the figures show what sharing
// costs, not what more machines would add.
func BenchmarkReplicas(b *testing.B) {
	dir := b.TempDir()
	bin := buildLifebot(b, dir)
	type setup struct {
		name     string
		replicas int
		postgres bool
		think    time.Duration
	}
	var setups []setup
	for _, pace := range []struct {
		name  string
		think time.Duration
	}{{"saturated", 0}, {"paced", time.Second}} {
		for _, s := range []setup{{"bbolt-1", 1, false, 0}, {"postgres-1", 1, true, 0}, {"postgres-2", 2, true, 0}, {"postgres-3", 3, true, 0}} {
			s.name, s.think = pace.name+"/"+s.name, pace.think
			setups = append(setups, s)
		}
	}
	for _, c := range setups {
		b.Run(c.name, func(b *testing.B) {
			h := benchHarness(b)
			config := filepath.Join(b.TempDir(), "lifebot.toml")
			if err := os.WriteFile(config, []byte("[log]\nlevel = \"error\"\n[tables]\nmax_channel_games = 0\nmax_lobbies = 0\nthreads = false\n"), 0o600); err != nil {
				b.Fatal(err)
			}
			env := []string{"DISCORD_TOKEN=" + h.fake.Token(), "LIFEBOT_DISCORD_API=" + h.fake.URL(), "DISCORD_PUBLIC_KEY=" + h.fake.PublicKey(), "LIFEBOT_HTTP_DRAIN=0s"}
			if c.postgres {
				env = append(env, "LIFEBOT_POSTGRES_URL="+pgtest.URL(b))
			} else {
				env = append(env, "LIFEBOT_DATA="+filepath.Join(b.TempDir(), "lifebot.db"))
			}
			var urls []string
			for i := range c.replicas {
				urls = append(urls, startServe(b, bin, config, fmt.Sprintf("replica-%d", i+1), env).url())
			}
			h.fake.DeliverHTTP(urls...)
			if answered, shown, _ := playTables(b, h, 50, c.think, benchTitles[:1]); len(answered) > 0 {
				reportLatencies(b, answered, shown)
			}
		})
	}
}

// benchTitles are the games BenchmarkInteraction seats at its tables in
// turn: every title, the four with hidden hands played from each player's
// living DM. Life plays to its shortest target so that games end, and
// their replays are drawn, within a run.
var benchTitles = []benchTitle{
	{"thatslife", nil},
	{"life", map[string]any{"target": 50}},
	{"lagom", nil},
	{"alife", nil},
	{"yodo", nil},
}

type benchTitle struct {
	id      string
	options map[string]any
}

// benchTable is one game at a table of two players.
type benchTable struct {
	board   string
	players []discordtest.User
}

// newBenchTable opens a game of title in a channel of its own, seats two
// players and starts it.
func newBenchTable(b *testing.B, h *harness, title benchTitle, name string) benchTable {
	ada := h.fake.AddUser("Ada " + name)
	ben := h.fake.AddUser("Ben " + name)
	it, err := h.fake.Command(h.ctx(), ada, h.guild, h.fake.AddChannel(h.guild, "table-"+name), "newgame "+title.id, title.options)
	if err != nil {
		b.Fatal(err)
	}
	lobby := h.wait(it).Message
	h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(b, h.fake.Message(lobby.ID), "Join"))
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(b, h.fake.Message(lobby.ID), "Start"))
	return benchTable{board: lobby.ID, players: []discordtest.User{ada, ben}}
}

// benchDecision is a decision a player may make now: a component of the
// message it is on, and the values to select in it, if it is a menu.
type benchDecision struct {
	player   discordtest.User
	msg      *discordtest.Message
	customID string
	values   []string
}

// decisionOn picks at random one of the decisions a message offers, if it
// offers any: a move button, or a choice in a move menu.
func decisionOn(m *discordtest.Message, rng *rand.Rand) (customID string, values []string, ok bool) {
	var ids []string
	var menus [][]string
	for _, row := range m.Components {
		for _, c := range row {
			verb, _, _ := strings.Cut(c.CustomID, ":")
			if c.Disabled || verb != "mv" && verb != "pick" && verb != "sub" {
				continue
			}
			if len(c.Options) == 0 {
				ids, menus = append(ids, c.CustomID), append(menus, nil)
				continue
			}
			n := 1
			if c.MinValues != nil {
				n = max(n, *c.MinValues)
			}
			var vals []string
			for _, i := range rng.Perm(len(c.Options))[:min(n, len(c.Options))] {
				vals = append(vals, c.Options[i].Value)
			}
			ids, menus = append(ids, c.CustomID), append(menus, vals)
		}
	}
	if len(ids) == 0 {
		return "", nil, false
	}
	i := rng.IntN(len(ids))
	return ids[i], menus[i], true
}

// pending finds a decision someone at the table may make now: on the
// board for a game without hidden hands, in a player's living DM for the
// others.
func (g benchTable) pending(h *harness, rng *rand.Rand) (benchDecision, bool) {
	board := h.fake.Message(g.board)
	if id, vals, ok := decisionOn(board, rng); ok {
		m := promptMention.FindStringSubmatch(board.Content)
		for _, u := range g.players {
			if m != nil && u.ID == m[1] {
				return benchDecision{u, board, id, vals}, true
			}
		}
	}
	for _, k := range rng.Perm(len(g.players)) {
		u := g.players[k]
		dms := h.fake.Messages(h.fake.DMChannel(u.ID))
		for i := len(dms) - 1; i >= 0; i-- {
			if id, vals, ok := decisionOn(dms[i], rng); ok {
				return benchDecision{u, dms[i], id, vals}, true
			}
		}
	}
	return benchDecision{}, false
}

// playTables plays b.N decisions over tables games at once, each in its
// own channel, the titles seated in turn, and returns each decision's
// latencies: from the fake's dispatch of the click to the bot's answer,
// and from the click to the board showing it. The two differ when the
// process that took the click leaves the board to the one delivering the
// game, and when the click was made in a DM. A player who thinks waits
// about think between decisions; with none, they decide again the moment
// they may. A finished game is followed by a new one of the same title.
func playTables(b *testing.B, h *harness, tables int, think time.Duration, titles []benchTitle) (answered, shown []time.Duration, ended int) {
	gs := make([]benchTable, tables)
	for i := range gs {
		gs[i] = newBenchTable(b, h, titles[i%len(titles)], fmt.Sprintf("%d-0", i))
	}

	var (
		left atomic.Int64
		over atomic.Int64
		mu   sync.Mutex
		wg   sync.WaitGroup
	)
	left.Store(int64(b.N))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	b.ResetTimer()
	for i := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, round := gs[i], 0
			rng := rand.New(rand.NewPCG(uint64(i), 0))
			for left.Add(-1) >= 0 {
				if think > 0 {
					time.Sleep(think/2 + time.Duration(rng.Int64N(int64(think))))
				}
				var d benchDecision
				finished := false
				wait, stop := context.WithTimeout(ctx, time.Minute)
				err := h.fake.WaitFor(wait, func() bool {
					var ok bool
					d, ok = g.pending(h, rng)
					finished = !ok && strings.Contains(h.fake.Message(g.board).Content, "🏆")
					return ok || finished
				})
				stop()
				if err != nil {
					b.Errorf("table %d: nobody can decide and the game is not over: %v; the board says %q", i, err, h.fake.Message(g.board).Content)
					return
				}
				if finished {
					over.Add(1)
					round++
					g = newBenchTable(b, h, titles[i%len(titles)], fmt.Sprintf("%d-%d", i, round))
					continue
				}
				board := h.fake.Message(g.board)
				clicked := time.Now()
				var it *discordtest.Interaction
				if d.values != nil {
					it, err = h.fake.Select(ctx, d.player, d.msg, d.customID, d.values)
				} else {
					it, err = h.fake.Click(ctx, d.player, d.msg, d.customID)
				}
				if err != nil {
					b.Error(err)
					return
				}
				resp, err := it.Wait(ctx)
				if err != nil {
					b.Error(err)
					return
				}
				if resp.Message != nil && resp.Message.Ephemeral() && len(resp.Message.Attachments) == 0 {
					// A button the next DM edit was about to take away:
					// no decision was made.
					left.Add(1)
					continue
				}
				// The board may be edited after the answer, by its own
				// lane: the decision is shown once it is.
				if err := h.fake.WaitFor(ctx, func() bool {
					now := h.fake.Message(g.board)
					return now.EditedCount > board.EditedCount || now.Content != board.Content
				}); err != nil {
					b.Error("the board never showed the decision: ", err)
					return
				}
				mu.Lock()
				answered = append(answered, it.Latency())
				shown = append(shown, time.Since(clicked))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	return answered, shown, int(over.Load())
}

// reportLatencies reports the median and 99th percentile of both kinds of
// latency (see playTables), the 95th of the board shown, and the moves a
// second they add up to.
func reportLatencies(b *testing.B, answered, shown []time.Duration) {
	pct := func(latencies []time.Duration, p float64) float64 {
		slices.Sort(latencies)
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(answered, 0.50), "p50-ms")
	b.ReportMetric(pct(answered, 0.99), "p99-ms")
	b.ReportMetric(pct(shown, 0.50), "shown-p50-ms")
	b.ReportMetric(pct(shown, 0.95), "shown-p95-ms")
	b.ReportMetric(pct(shown, 0.99), "shown-p99-ms")
	b.ReportMetric(float64(len(answered))/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(0, "ns/op")
}

// benchHarness is a harness whose bot runs in a process of its own: see
// startBenchBot.
func benchHarness(b *testing.B) *harness {
	fake := discordtest.New(b)
	h := &harness{t: b, fake: fake, dbPath: filepath.Join(b.TempDir(), "lifebot.db"), seed: 42}
	h.guild = fake.AddGuild("Board games")
	h.channel = fake.AddChannel(h.guild, "games")
	return h
}

// benchBotEnv, when set, makes the test binary run the bot alone, as the
// benchmark's second process, configured by the variable's JSON.
const benchBotEnv = "LIFEBOT_BENCH_BOT"

// benchProfileEnv, when set, names a directory where the benchmark's bot
// writes its CPU profile (cpu.pprof), execution trace (trace.out) and, as
// it stops, its heap profile (heap.pprof).
const benchProfileEnv = "LIFEBOT_BENCH_PROFILE"

// startProfiles starts the CPU profile and the execution trace in dir.
func startProfiles(dir string) (stop func(), err error) {
	cpu, err := os.Create(filepath.Join(dir, "cpu.pprof"))
	if err != nil {
		return nil, err
	}
	tr, err := os.Create(filepath.Join(dir, "trace.out"))
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		return nil, err
	}
	if err := trace.Start(tr); err != nil {
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		trace.Stop()
		cpu.Close()
		tr.Close()
	}, nil
}

func writeHeapProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

type benchBotConfig struct {
	URL, Token, DB string
	Seed           uint64
}

// TestMain runs the benchmark's bot when asked to; otherwise the tests.
func TestMain(m *testing.M) {
	if cfg := os.Getenv(benchBotEnv); cfg != "" {
		os.Exit(runBenchBot(cfg))
	}
	widenParallel()
	pgtest.Main(m)
}

// widenParallel lets more tests run at once than there are cores, unless
// -parallel says otherwise: an end-to-end test spends most of its time
// waiting for the bot's deliveries and its retries, not computing.
func widenParallel() {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
}

// runBenchBot runs the bot as cmd/lifebot does, against the fake Discord
// of the process that started it, until its standard input closes,
// answering each line of it with its collector's figures.
func runBenchBot(raw string) int {
	var cfg benchBotConfig
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if dir := os.Getenv(benchProfileEnv); dir != "" {
		stop, err := startProfiles(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer stop()
	}
	bot.LimitMemory(os.Getenv)
	store, err := storage.OpenBolt(cfg.DB)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer store.Close()
	s, err := endpoint.NewSession(cfg.Token, cfg.URL)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s.LogLevel = -1
	b := bot.New(bot.Config{
		Store: store, Games: games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}), Renderer: render.NewRenderer(),
		Seed: func() uint64 { return cfg.Seed },
	})
	b.Attach(s)
	if err := s.Open(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// Each line asks for the collector's figures; the end of the input
	// stops the bot.
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		json.NewEncoder(os.Stdout).Encode(readGC())
	}
	if dir := os.Getenv(benchProfileEnv); dir != "" {
		writeHeapProfile(filepath.Join(dir, "heap.pprof"))
	}
	s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b.Shutdown(ctx)
	return 0
}

// benchBot is the bot's process, seen from the benchmark.
type benchBot struct {
	pid int
	// ask and answers carry the bot's collector figures (see gc).
	ask     io.Writer
	answers *json.Decoder
}

// gcFigures are what the bot's garbage collector has cost so far.
type gcFigures struct {
	Cycles         uint64
	CPU, AssistCPU float64 // seconds; assists are the part taken from the bot's own work
}

// readGC reads the collector's figures from the runtime.
func readGC() gcFigures {
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/assist:cpu-seconds"}}
	metrics.Read(samples)
	return gcFigures{Cycles: samples[0].Value.Uint64(), CPU: samples[1].Value.Float64(), AssistCPU: samples[2].Value.Float64()}
}

// gc asks the bot's process for its collector's figures.
func (p *benchBot) gc() gcFigures {
	var f gcFigures
	if _, err := fmt.Fprintln(p.ask); err == nil {
		p.answers.Decode(&f)
	}
	return f
}

// startBenchBot starts the bot in a process of its own, so that the CPU
// and memory it reports are the bot's alone, without the fake Discord
// that serves it, and waits until it has registered its commands.
func startBenchBot(b *testing.B, h *harness) *benchBot {
	cfg, _ := json.Marshal(benchBotConfig{URL: h.fake.URL(), Token: h.fake.Token(), DB: h.dbPath, Seed: h.seed})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchBotEnv+"="+string(cfg))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Commands("")) > 0 }); err != nil {
		b.Fatal("the bot never registered its commands: ", err)
	}
	return &benchBot{pid: cmd.Process.Pid, ask: stdin, answers: json.NewDecoder(stdout)}
}

// clockTicks is Linux's unit of process times in /proc: USER_HZ, 100 on
// every architecture Go supports there.
const clockTicks = 100

// cpuTime is the CPU time the bot's process has used, user and system.
func (p *benchBot) cpuTime() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses and may
	// hold spaces: utime and stime are the 12th and 13th of them.
	_, after, _ := strings.Cut(string(data), ") ")
	f := strings.Fields(after)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// memory reads a size, in bytes, from the bot process's status: VmRSS now,
// VmHWM at its peak.
func (p *benchBot) memory(field string) int64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n << 10
		}
	}
	return 0
}

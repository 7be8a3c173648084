package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
)

// asLifebotEnv makes the test binary run main() itself, to check exit codes.
const asLifebotEnv = "LIFEBOT_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(asLifebotEnv); ok {
		os.Args = append([]string{"lifebot"}, strings.Fields(args)...)
		main()
		os.Exit(0)
	}
	pgtest.Main(m)
}

func TestMissingTokenExitsTwoWithOneLine(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), asLifebotEnv+"=-config "+filepath.Join("..", "..", "config.example.toml"), "DISCORD_TOKEN=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("exit: %v, want exit code 2", err)
	}
	if got := strings.TrimSpace(stderr.String()); strings.Count(got, "\n") != 0 || !strings.Contains(got, "no Discord token") {
		t.Fatalf("stderr = %q, want one line about the missing token", got)
	}
}

func TestRejectedTokenIsAUsageError(t *testing.T) {
	fake := discordtest.New(t)
	env := map[string]string{
		"DISCORD_TOKEN": "wrong", "LIFEBOT_DISCORD_API": fake.URL(),
		"LIFEBOT_DATA": filepath.Join(t.TempDir(), "lifebot.db"),
	}
	err := run(context.Background(), nil, &bytes.Buffer{}, func(k string) string { return env[k] })
	if !errors.As(err, new(errUsage)) || !strings.Contains(err.Error(), "rejected the token") {
		t.Fatalf("run with a bad token = %v, want a usage error about the token", err)
	}
}

func TestRunsAndStopsCleanly(t *testing.T) {
	fake := discordtest.New(t)
	guild := fake.AddGuild("Home")
	db := filepath.Join(t.TempDir(), "lifebot.db")
	env := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_DATA": db, "LIFEBOT_GUILD": guild,
	}
	stop, stopped := running(t, fake, guild, nil, env)
	stop()
	if err := stopped(); err != nil {
		t.Fatalf("run returned %v after a clean stop", err)
	}
	// The database was closed and its lock let go: it opens again.
	s, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatalf("reopening the database after a clean stop: %v", err)
	}
	s.Close()
}

// With a PostgreSQL URL the bot keeps its games there, and makes no file.
func TestRunsOnPostgres(t *testing.T) {
	fake := discordtest.New(t)
	guild := fake.AddGuild("Home")
	dir := t.TempDir()
	url := pgtest.URL(t)
	env := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_GUILD": guild,
		"LIFEBOT_DATA": filepath.Join(dir, "lifebot.db"), "LIFEBOT_POSTGRES_URL": url,
	}
	stop, stopped := running(t, fake, guild, nil, env)
	stop()
	if err := stopped(); err != nil {
		t.Fatalf("run returned %v after a clean stop", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("a bot on PostgreSQL left %v in the bbolt file's directory", entries)
	}
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("the database the bot used: %v", err)
	}
	s.Close()
}

// A database that cannot be reached stops the bot with exit code 1 and
// one line naming it, without its password.
func TestUnreachablePostgresIsNamedWithoutItsPassword(t *testing.T) {
	const password = "pa55-w0rd-Zq"
	url := "postgres://lifebot:" + password + "@/lifebot?host=" + t.TempDir()
	fake := discordtest.New(t)
	code, _, stderr := runMain(t, "", "DISCORD_TOKEN="+fake.Token(), "LIFEBOT_DISCORD_API="+fake.URL(), "LIFEBOT_POSTGRES_URL="+url)
	if code != 1 || !strings.Contains(failureOf(t, stderr), "postgres://lifebot:xxxxx@/lifebot") || strings.Contains(stderr, password) {
		t.Fatalf("exit %d, stderr %q; want exit 1 and one line naming the database without its password", code, stderr)
	}
}

// runMain runs the test binary as lifebot with args and the environment
// given, and returns its exit code and what it printed on stdout and
// stderr.
func runMain(t *testing.T, args string, environ ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runMainIn(t, "", args, environ...)
}

// runMainIn is runMain in the working directory dir.
func runMainIn(t *testing.T, dir, args string, environ ...string) (code int, stdout, stderr string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), asLifebotEnv+"="+args), environ...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), strings.TrimSpace(errOut.String())
}

// failureOf is the line a failed start ends with, checking that all it
// printed before are log lines.
func failureOf(t *testing.T, stderr string) string {
	t.Helper()
	lines := strings.Split(stderr, "\n")
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "time=") {
			t.Errorf("stderr %q: want log lines, then one line saying what went wrong", stderr)
		}
	}
	return lines[len(lines)-1]
}

// A damaged database stops the bot before it opens the gateway, with one
// line that names the file.
func TestDamagedDatabaseStopsTheBotWithOneLine(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lifebot.db")
	s, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		s.Create(context.Background(), storage.Record{Channel: "c", Data: make([]byte, 1000)})
	}
	s.Close()
	fi, _ := os.Stat(db)
	if err := os.Truncate(db, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	fake := discordtest.New(t)
	code, _, stderr := runMain(t, "", "DISCORD_TOKEN="+fake.Token(), "LIFEBOT_DATA="+db, "LIFEBOT_DISCORD_API="+fake.URL())
	if failure := failureOf(t, stderr); code == 0 || !strings.HasPrefix(failure, "lifebot: storage: "+db+" is damaged") ||
		!strings.Contains(failure, "restore it from a backup") {
		t.Fatalf("exit %d, stderr %q; want a non-zero exit and one line naming the damaged file", code, stderr)
	}
}

func TestBackupUsageExitsTwoWithOneLine(t *testing.T) {
	code, _, stderr := runMain(t, "backup")
	if code != 2 || strings.Count(stderr, "\n") != 0 || !strings.Contains(stderr, "usage: lifebot backup") {
		t.Fatalf("exit %d, stderr %q; want exit 2 and one line of usage", code, stderr)
	}
}

func TestSim(t *testing.T) {
	png := filepath.Join(t.TempDir(), "board.png")
	var out bytes.Buffer
	err := run(context.Background(), []string{"sim", "-game", "thatslife", "-players", "3", "-games", "30", "-seed", "7", "-png", png}, &out, os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"That's Life! · 3 players · 30 games · seed 7", "ai", "random", "average game length", "win% by seat"} {
		if !strings.Contains(text, want) {
			t.Errorf("sim output lacks %q:\n%s", want, text)
		}
	}
	b, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatalf("sim -png wrote no PNG: %v", err)
	}
	var again bytes.Buffer
	run(context.Background(), []string{"sim", "-game", "thatslife", "-players", "3", "-games", "30", "-seed", "7"}, &again, os.Getenv)
	if first, _, _ := strings.Cut(text, "final board"); first != again.String() {
		t.Errorf("the same seed gave different reports:\n%s\n%s", first, again.String())
	}
}

// A board is drawn in the language asked for: the same game, other words.
func TestSimDrawsTheBoardInALanguage(t *testing.T) {
	dir := t.TempDir()
	drawn := map[string][]byte{}
	for _, lang := range []string{"en-US", "de"} {
		png := filepath.Join(dir, lang+".png")
		args := []string{"sim", "-game", "thatslife", "-players", "2", "-games", "1", "-seed", "3", "-png", png, "-lang", lang}
		if err := run(context.Background(), args, &bytes.Buffer{}, os.Getenv); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(png)
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Fatalf("sim -lang %s wrote no PNG: %v", lang, err)
		}
		drawn[lang] = b
	}
	if bytes.Equal(drawn["en-US"], drawn["de"]) {
		t.Error("the German board is the English one")
	}
}

// Strategy names longer than the header keep the table's columns in line,
// and a game's own figures follow the table.
func TestSimNamedStrategies(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"sim", "-game", "lagom", "-players", "3", "-games", "4", "-seed", "2",
		"-lineup", "balanced,relationships,random"}, &out, os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	col := strings.Index(lines[1], "wins") + len("wins")
	for _, row := range lines[2:5] {
		if len(row) < col || row[col-1] == ' ' || row[col] != ' ' {
			t.Errorf("row %q does not end its wins at column %d like the header %q", row, col, lines[1])
		}
	}
	if !strings.Contains(out.String(), "average share of seat-rounds with an extra draw") {
		t.Errorf("no Lagom figures in:\n%s", out.String())
	}
}

func TestSimRefusesBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "-game", "chess"},
		{"sim", "-players", "9"},
		{"sim", "-players", "2", "-lineup", "ai,ai,ai"},
		{"sim", "-lineup", "ai,genius,random,random"},
		{"sim", "-opt", "layout=sideways"},
		{"sim", "-opt", "nonsense"},
		{"sim", "-lang", "klingon"},
	} {
		err := run(context.Background(), args, &bytes.Buffer{}, os.Getenv)
		if !errors.As(err, new(errUsage)) {
			t.Errorf("lifebot %v = %v, want a usage error", args, err)
		}
	}
}

// closedBase is a REST base on this machine where nothing listens.
func closedBase(t *testing.T) string {
	t.Helper()
	return "http://" + freeAddr(t) + "/api/v10"
}

// An unreachable Discord is named by the base the config gives, not by
// the URL discordgo builds its calls on.
func TestUnreachableDiscordNamesTheAddressUsed(t *testing.T) {
	base := closedBase(t)
	config := writeConfig(t, fmt.Sprintf("[discord]\ntoken = \"t\"\napi = %q\n[storage]\npath = %q\n",
		base, filepath.Join(t.TempDir(), "lifebot.db")))
	err := run(context.Background(), []string{"-config", config}, &bytes.Buffer{}, env(nil))
	if err == nil || !strings.Contains(err.Error(), base) || strings.Contains(err.Error(), "discord.com") {
		t.Fatalf("run against a closed port = %v, want an error naming %s and not discord.com", err, base)
	}
	if errors.As(err, new(errUsage)) {
		t.Fatalf("run against a closed port = %v, a usage error; want a failure", err)
	}
}

// failedStart is a way for the bot's start to fail, with the environment
// that makes it fail for the database db.
type failedStart struct {
	name string
	env  func(t *testing.T, db string) map[string]string
	// opensDatabase is whether the start fails only after the database
	// was opened.
	opensDatabase bool
}

func failedStarts() []failedStart {
	return []failedStart{
		{name: "rejected token", env: func(t *testing.T, db string) map[string]string {
			fake := discordtest.New(t)
			return map[string]string{"DISCORD_TOKEN": "wrong", "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_DATA": db}
		}},
		{name: "unreachable Discord", env: func(t *testing.T, db string) map[string]string {
			return map[string]string{"DISCORD_TOKEN": "t", "LIFEBOT_DISCORD_API": closedBase(t), "LIFEBOT_DATA": db}
		}},
		{name: "invalid config", env: func(t *testing.T, db string) map[string]string {
			return map[string]string{"DISCORD_TOKEN": "t", "LIFEBOT_DISCORD_API": "ftp://example.com/api", "LIFEBOT_DATA": db}
		}},
		{name: "gateway refused", opensDatabase: true, env: func(t *testing.T, db string) map[string]string {
			fake := discordtest.New(t)
			fake.Faults(discordtest.FaultPlan{Faults: []discordtest.Fault{
				{Kind: discordtest.FaultStatus, Share: 1, Method: "GET", Route: "/gateway"},
			}})
			return map[string]string{"DISCORD_TOKEN": fake.Token(), "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_DATA": db}
		}},
	}
}

func TestFailedStartLeavesNoDatabase(t *testing.T) {
	for _, tc := range failedStarts() {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			err := run(context.Background(), nil, &bytes.Buffer{}, env(tc.env(t, filepath.Join(dir, "lifebot.db"))))
			if err == nil {
				t.Fatal("the bot started")
			}
			entries, _ := os.ReadDir(dir)
			var left []string
			for _, e := range entries {
				left = append(left, e.Name())
			}
			if len(left) > 0 {
				t.Fatalf("start failed with %q and left %v behind", err, left)
			}
		})
	}
}

func TestFailedStartKeepsAnExistingDatabase(t *testing.T) {
	for _, tc := range failedStarts() {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "lifebot.db")
			s, err := storage.OpenBolt(db)
			if err != nil {
				t.Fatal(err)
			}
			// A finished game, which the bot only keeps and never sweeps.
			kept, err := s.Create(context.Background(), storage.Record{Channel: "c", Status: storage.Over, Data: []byte("a game")})
			s.Close()
			if err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(db)
			if err != nil {
				t.Fatal(err)
			}
			if err := run(context.Background(), nil, &bytes.Buffer{}, env(tc.env(t, db))); err == nil {
				t.Fatal("the bot started")
			}
			after, err := os.ReadFile(db)
			if err != nil {
				t.Fatalf("the database is gone after a failed start: %v", err)
			}
			// Opening a database for writing commits, so only a start that
			// never needed the database leaves its bytes as they were.
			if !tc.opensDatabase && !bytes.Equal(before, after) {
				t.Fatal("a start that failed before it needed the database changed it")
			}
			s, err = storage.OpenBolt(db)
			if err != nil {
				t.Fatalf("the database does not open after a failed start: %v", err)
			}
			defer s.Close()
			rec, err := s.Get(context.Background(), kept.ID)
			if err != nil || string(rec.Data) != "a game" {
				t.Fatalf("game %s after a failed start: %q, %v; want it kept", kept.ID, rec.Data, err)
			}
		})
	}
}

// running runs lifebot with args and env until it has registered its
// thirteen commands in guild. stop cancels run's context; stopped waits for
// run to return, and returns what it returned.
func running(t *testing.T, fake *discordtest.Server, guild string, args []string, env map[string]string) (stop context.CancelFunc, stopped func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, &bytes.Buffer{}, func(k string) string { return env[k] }) }()
	wait, waited := context.WithTimeout(context.Background(), 10*time.Second)
	defer waited()
	if err := fake.WaitFor(wait, func() bool { return len(fake.Commands(guild)) == 13 }); err != nil {
		t.Fatalf("lifebot %v never registered its thirteen commands in the guild: %v", args, err)
	}
	return cancel, func() error {
		t.Helper()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("lifebot did not return after its context was cancelled")
			return nil
		}
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
)

// asLifebotEnv makes the test binary run main() itself, to check exit codes.
const asLifebotEnv = "LIFEBOT_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(asLifebotEnv); ok {
		os.Args = append([]string{"lifebot"}, strings.Fields(args)...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
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
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, nil, &bytes.Buffer{}, func(k string) string { return env[k] }) }()
	wait, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := fake.WaitFor(wait, func() bool { return len(fake.Commands(guild)) == 5 }); err != nil {
		t.Fatalf("the bot never registered its five commands in the guild: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v after a clean stop", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after its context was cancelled")
	}
	// The database was closed and its lock let go: it opens again.
	s, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatalf("reopening the database after a clean stop: %v", err)
	}
	s.Close()
}

// runMain runs the test binary as lifebot with args and the environment
// given, and returns its exit code and what it printed on stderr.
func runMain(t *testing.T, args string, environ ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), asLifebotEnv+"="+args), environ...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), strings.TrimSpace(stderr.String())
}

// A damaged database stops the bot before it reaches Discord, with one
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
	code, stderr := runMain(t, "", "DISCORD_TOKEN=t", "LIFEBOT_DATA="+db, "LIFEBOT_DISCORD_API=http://127.0.0.1:1/api")
	if code == 0 || strings.Count(stderr, "\n") != 0 || !strings.HasPrefix(stderr, "lifebot: storage: "+db+" is damaged") ||
		!strings.Contains(stderr, "restore it from a backup") {
		t.Fatalf("exit %d, stderr %q; want a non-zero exit and one line naming the damaged file", code, stderr)
	}
}

func TestBackupUsageExitsTwoWithOneLine(t *testing.T) {
	code, stderr := runMain(t, "backup")
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
	} {
		err := run(context.Background(), args, &bytes.Buffer{}, os.Getenv)
		if !errors.As(err, new(errUsage)) {
			t.Errorf("lifebot %v = %v, want a usage error", args, err)
		}
	}
}

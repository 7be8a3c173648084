package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
)

// startBot runs the bot on db against a fake Discord, as "lifebot" does.
func startBot(t *testing.T, db string) *Main {
	t.Helper()
	fake := discordtest.New(t)
	cfg, err := LoadConfig("", env(map[string]string{
		"DISCORD_TOKEN": fake.Token(), "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_DATA": db, "LIFEBOT_GUILD": fake.AddGuild("Home"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg}
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// backup runs "lifebot backup dest" for the database db.
func backup(ctx context.Context, db, dest string) (string, error) {
	var out bytes.Buffer
	err := run(ctx, []string{"backup", dest}, &out, env(map[string]string{"LIFEBOT_DATA": db}))
	return out.String(), err
}

// checkCopy opens a backup as the bot would and checks that it holds
// every game in want, each whole: a game's data is its version.
func checkCopy(t *testing.T, path string, want []string) {
	t.Helper()
	s, err := storage.OpenBolt(path)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer s.Close()
	games, err := s.List(context.Background(), storage.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, g := range games {
		have[g.ID] = true
		if string(g.Data) != strconv.FormatUint(g.Version, 10) {
			t.Errorf("game %s in the backup: version %d with data %q", g.ID, g.Version, g.Data)
		}
	}
	for _, id := range want {
		if !have[id] {
			t.Errorf("game %s is missing from the backup", id)
		}
	}
}

func noLeftovers(t *testing.T, dir string, keep ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.Contains(strings.Join(keep, "/"), e.Name()) {
			t.Errorf("%s left behind in %s", e.Name(), dir)
		}
	}
}

func TestBackupWhileTheBotRuns(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lifebot.db")
	m := startBot(t, db)
	fi, err := os.Lstat(db + ".sock")
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode(); mode.Type() != fs.ModeSocket || mode.Perm() != 0o600 {
		t.Fatalf("the bot's socket has mode %v, want a socket with mode 0600", mode)
	}

	ctx := context.Background()
	var before []string
	for range 40 {
		r, err := m.Store.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing, Data: []byte("1")})
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, r.ID)
	}
	// Moves go on in every game, and new games open, while the copies
	// are made.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, id := range before {
		wg.Go(func() {
			r, err := m.Store.Get(ctx, id)
			for err == nil {
				select {
				case <-stop:
					return
				default:
				}
				r.Data = []byte(strconv.FormatUint(r.Version+1, 10))
				r, err = m.Store.Put(ctx, r)
			}
			t.Error(err)
		})
	}
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := m.Store.Create(ctx, storage.Record{Channel: "c", Status: storage.Lobby, Data: []byte("1")}); err != nil {
				t.Error(err)
				return
			}
		}
	})
	backupDir := t.TempDir()
	dest := filepath.Join(backupDir, "backup.db")
	for round := range 2 {
		out, err := backup(ctx, db, dest)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if !strings.Contains(out, "\nbacked up ") || !strings.Contains(out, "from the running bot to "+dest) {
			t.Errorf("round %d said %q", round, out)
		}
	}
	close(stop)
	wg.Wait()
	checkCopy(t, dest, before)
	noLeftovers(t, backupDir, "backup.db")

	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(db + ".sock"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the socket outlived the bot: %v", err)
	}
}

// staleSocket leaves a socket at path that nobody listens on, as a bot
// killed -9 does.
func staleSocket(t *testing.T, path string) {
	t.Helper()
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
}

func TestBotReplacesAStaleSocket(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lifebot.db")
	staleSocket(t, db+".sock")
	startBot(t, db)
	dest := filepath.Join(t.TempDir(), "backup.db")
	if out, err := backup(context.Background(), db, dest); err != nil || !strings.Contains(out, "from the running bot") {
		t.Fatalf("backup beside a bot that replaced a stale socket: %q, %v", out, err)
	}
}

func TestBackupWithoutABot(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lifebot.db")
	s, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 5 {
		r, _ := s.Create(context.Background(), storage.Record{Channel: "c", Data: []byte("1")})
		ids = append(ids, r.ID)
	}
	s.Close()
	staleSocket(t, db+".sock")
	dest := filepath.Join(dir, "backup.db")
	out, err := backup(context.Background(), db, dest)
	if err != nil || out != "settings from defaults and the environment (no configuration file)\nbacked up 5 games from "+db+" to "+dest+"\n" {
		t.Fatalf("backup with no bot running: %q, %v", out, err)
	}
	checkCopy(t, dest, ids)
}

func TestBackupRefusesClearly(t *testing.T) {
	dir, db := emptyDatabase(t)
	dest := filepath.Join(dir, "backup.db")
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		args  []string
		data  string
		usage bool
		want  string
	}{
		{"no file", []string{"backup"}, db, true, "usage: lifebot backup"},
		{"two files", []string{"backup", dest, dest}, db, true, "usage: lifebot backup"},
		{"missing directory", []string{"backup", filepath.Join(dir, "nope", "b.db")}, db, true, "is not a directory"},
		{"a directory", []string{"backup", dir}, db, true, "is a directory"},
		{"the database itself", []string{"backup", db}, db, true, "is the database itself"},
		{"no database", []string{"backup", dest}, filepath.Join(dir, "missing.db"), true, "no database at " + filepath.Join(dir, "missing.db")},
		{"empty storage path", []string{"backup", dest}, " ", true, "storage.path is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(ctx, tc.args, &bytes.Buffer{}, env(map[string]string{"LIFEBOT_DATA": tc.data}))
			checkRefusal(t, err, tc.usage, tc.want)
		})
	}
	t.Run("postgres", func(t *testing.T) {
		err := run(ctx, []string{"backup", dest}, &bytes.Buffer{}, env(map[string]string{"LIFEBOT_DATA": db, "LIFEBOT_POSTGRES_URL": "postgres://db/lifebot"}))
		checkRefusal(t, err, true, "storage.backend is postgres: back the database up with pg_dump")
	})
	noLeftovers(t, dir, "lifebot.db")
}

func checkRefusal(t *testing.T, err error, usage bool, want string) {
	t.Helper()
	if err == nil {
		t.Fatal("backup succeeded")
	}
	if got := errors.As(err, new(errUsage)); got != usage {
		t.Errorf("usage error: %v, want %v", got, usage)
	}
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q: want one line saying %q", err, want)
	}
}

// A socket that nobody answers, beside a database some other process
// holds, is one clear line, and so is a socket that accepts and then says
// nothing.
func TestBackupWithNobodyAnswering(t *testing.T) {
	dir, db, _ := openDatabase(t)
	dest := filepath.Join(dir, "backup.db")
	staleSocket(t, db+".sock")
	_, err := backup(context.Background(), db, dest)
	checkRefusal(t, err, false, db+" is in use by another process, but no bot answers on "+db+".sock")

	os.Remove(db + ".sock")
	ln, err := net.Listen("unix", db+".sock")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err = backup(ctx, db, dest)
	checkRefusal(t, err, false, "the bot on "+db+".sock did not answer")
	noLeftovers(t, dir, "lifebot.db", "lifebot.db.sock")
}

// A copy that breaks off, or an error from the bot, leaves no file behind
// that could be taken for a backup.
func TestBackupKeepsNoPartialCopy(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lifebot.db")
	ln, err := net.Listen("unix", db+".sock")
	if err != nil {
		t.Fatal(err)
	}
	var partial atomic.Bool
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if partial.Load() {
			w.Write(bytes.Repeat([]byte("x"), 64<<10))
			panic(http.ErrAbortHandler)
		}
		http.Error(w, "storage: closed", http.StatusInternalServerError)
	})}
	go srv.Serve(ln)
	defer srv.Close()
	dest := filepath.Join(dir, "backup.db")
	for _, tc := range []struct {
		partial bool
		want    string
	}{
		{true, "the copy from the bot on " + db + ".sock broke off"},
		{false, "the bot on " + db + ".sock could not make a backup: storage: closed"},
	} {
		partial.Store(tc.partial)
		_, err := backup(context.Background(), db, dest)
		checkRefusal(t, err, false, tc.want)
	}
	noLeftovers(t, dir, "lifebot.db.sock")
}

// interruptedCopy is a database whose copy is interrupted once, after
// some bytes went out: interrupt returns the error the copy fails with, as
// a disk error in the middle of a read would, or nil to go on.
type interruptedCopy struct {
	store     *storage.Bolt
	after     int
	interrupt func(w io.Writer) error
}

func (c interruptedCopy) WriteTo(w io.Writer) (int64, error) {
	return c.store.WriteTo(&interruptedWriter{w: w, left: c.after, interrupt: c.interrupt})
}

type interruptedWriter struct {
	w         io.Writer
	left      int
	interrupt func(w io.Writer) error
}

func (iw *interruptedWriter) Write(p []byte) (int, error) {
	if iw.interrupt == nil || len(p) < iw.left {
		iw.left -= len(p)
		return iw.w.Write(p)
	}
	n, err := iw.w.Write(p[:iw.left])
	interrupt := iw.interrupt
	iw.interrupt = nil
	if err == nil {
		err = interrupt(iw.w)
	}
	if err != nil {
		return n, err
	}
	m, err := iw.w.Write(p[n:])
	return n + m, err
}

// openDatabase makes a database in a directory of its own, open for the
// test, and returns both.
func openDatabase(t *testing.T) (dir, db string, store *storage.Bolt) {
	t.Helper()
	dir = t.TempDir()
	db = filepath.Join(dir, "lifebot.db")
	store, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return dir, db, store
}

// The bot's own side of a copy that fails after some bytes were sent: it
// breaks the stream off, and "lifebot backup" fails and keeps no file.
func TestBackupTheBotCannotFinishKeepsNothing(t *testing.T) {
	dir, db, store := openDatabase(t)
	for range 20 {
		if _, err := store.Create(context.Background(), storage.Record{Channel: "c", Status: storage.Playing, Data: bytes.Repeat([]byte("game "), 400)}); err != nil {
			t.Fatal(err)
		}
	}
	broken := func(io.Writer) error { return errors.New("read error in the middle of the database") }
	srv, err := serveBackups(interruptedCopy{store: store, after: 40 << 10, interrupt: broken}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dest := filepath.Join(dir, "backup.db")
	_, err = backup(context.Background(), db, dest)
	checkRefusal(t, err, false, "the copy from the bot on "+db+".sock broke off")
	noLeftovers(t, dir, "lifebot.db", "lifebot.db.sock")
}

// A backup killed midway leaves its temporary file; the next backup to the
// same file removes it, and leaves alone one that a running backup holds.
func TestBackupRemovesTheTemporariesOfKilledBackups(t *testing.T) {
	dir, db := emptyDatabase(t)
	dest := filepath.Join(dir, "backup.db")
	killed := filepath.Join(dir, ".backup.db.tmp-111")
	running := filepath.Join(dir, ".backup.db.tmp-222")
	for _, p := range []string{killed, running} {
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), 4096), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	held, err := os.Open(running)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := syscall.Flock(int(held.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	if _, err := backup(context.Background(), db, dest); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(killed); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed backup's temporary is still there (%v)", err)
	}
	if _, err := os.Stat(running); err != nil {
		t.Errorf("the running backup's temporary was removed: %v", err)
	}
}

// A backup stopped by a signal says so, in one line, and keeps no file.
func TestBackupStoppedSaysSo(t *testing.T) {
	dir, db, store := openDatabase(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	// The copy stops after its first bytes: the operator pressed Ctrl-C.
	pressed := func(w io.Writer) error {
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		stop()
		return nil
	}
	srv, err := serveBackups(interruptedCopy{store: store, after: 1, interrupt: pressed}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	_, err = backup(ctx, db, filepath.Join(dir, "backup.db"))
	checkRefusal(t, err, false, "stopped before the copy was complete")
	noLeftovers(t, dir, "lifebot.db", "lifebot.db.sock")
}

// emptyDatabase makes a database with no games, in a directory of its
// own, and returns both.
func emptyDatabase(t *testing.T) (dir, db string) {
	t.Helper()
	dir, db, store := openDatabase(t)
	store.Close()
	return dir, db
}

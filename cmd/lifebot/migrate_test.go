package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
)

// migrate runs "lifebot migrate" with args and the environment given.
func migrate(t *testing.T, environ map[string]string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"migrate"}, args...), &out, env(environ))
	return out.String(), err
}

// boltGames makes a bbolt file at path holding a game in every status, at
// different versions, one of them with a due time.
func boltGames(t *testing.T, path string) []storage.Record {
	t.Helper()
	s, err := storage.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	var recs []storage.Record
	for i, st := range []storage.Status{storage.Lobby, storage.Playing, storage.Over, storage.Cancelled, storage.Playing} {
		r, err := s.Create(ctx, storage.Record{Game: "thatslife", Guild: "g", Channel: "c", Users: []string{"ada", fmt.Sprint("u", i)}, Data: fmt.Appendf(nil, "game %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		for range i {
			r.Status = st
			if i == 4 {
				r.Due = time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
			}
			if r, err = s.Put(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		recs = append(recs, r)
	}
	if _, err := s.PutPlayer(ctx, storage.Player{ID: "ada", Due: time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), Data: []byte(`{"digest":true}`)}); err != nil {
		t.Fatal(err)
	}
	return recs
}

// checkPlayer checks that the database at url holds the player record
// boltGames made.
func checkPlayer(t *testing.T, url string) {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p, err := s.GetPlayer(context.Background(), "ada")
	if err != nil || string(p.Data) != `{"digest":true}` || !p.Due.Equal(time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)) {
		t.Fatalf("the copied player: %+v, %v", p, err)
	}
}

func sameRecord(a, b storage.Record) bool {
	return a.ID == b.ID && a.Game == b.Game && a.Guild == b.Guild && a.Channel == b.Channel &&
		slices.Equal(a.Users, b.Users) && a.Status == b.Status && a.Version == b.Version &&
		a.Updated.Equal(b.Updated) && a.Due.Equal(b.Due) && bytes.Equal(a.Data, b.Data)
}

// checkStored checks that the database at url holds exactly want.
func checkStored(t *testing.T, url string, want []storage.Record) {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.List(context.Background(), storage.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("PostgreSQL holds %d games, want %d", len(got), len(want))
	}
	for i := range want {
		if !sameRecord(got[i], want[i]) {
			t.Errorf("game in PostgreSQL:\n%+v\nwant as in the file:\n%+v", got[i], want[i])
		}
	}
}

func TestMigrate(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lifebot.db")
	recs := boltGames(t, db)
	url := pgtest.URL(t)

	out, err := migrate(t, nil, "-from", db, "-to", url)
	if err != nil || out != "migrated 5 games (0 already there); 5 in the file, 5 in PostgreSQL; players with settings: 1\n" {
		t.Fatalf("migrate: %q, %v", out, err)
	}
	checkStored(t, url, recs)
	checkPlayer(t, url)

	// Again, with the URL from the environment: nothing changes.
	out, err = migrate(t, map[string]string{"LIFEBOT_POSTGRES_URL": url}, "-from", db)
	if err != nil || out != "migrated 0 games (5 already there); 5 in the file, 5 in PostgreSQL; players with settings: 1\n" {
		t.Fatalf("migrate again: %q, %v", out, err)
	}
	checkStored(t, url, recs)

	// The games go on from their versions, and new ones get new ids.
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	moved := recs[1]
	moved.Data = []byte("a move")
	if got, err := s.Put(ctx, moved); err != nil || got.Version != recs[1].Version+1 {
		t.Fatalf("Put on a migrated game = version %d, %v; want version %d", got.Version, err, recs[1].Version+1)
	}
	if _, err := s.Put(ctx, moved); err == nil {
		t.Fatal("a second Put of the migrated version succeeded")
	}
	if r, err := s.Create(ctx, storage.Record{Channel: "c"}); err != nil || r.ID != storage.FormatID(uint64(len(recs)+1)) {
		t.Fatalf("Create after the migration = %q, %v; want id %s", r.ID, err, storage.FormatID(uint64(len(recs)+1)))
	}

	// A game added to the file since is copied; the moved one is left.
	f, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Create(ctx, storage.Record{ID: "late", Channel: "c"}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err = migrate(t, nil, "-from", db, "-to", url)
	if err != nil || out != "migrated 1 games (5 already there); 6 in the file, 7 in PostgreSQL; players with settings: 1\n" {
		t.Fatalf("migrate after a new game: %q, %v", out, err)
	}
}

// A database where bots made games of their own before the copy may hold
// other games under the file's ids: migrate says so instead of counting
// them as copied.
func TestMigrateRefusesADatabaseWithGamesOfItsOwn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lifebot.db")
	recs := boltGames(t, db)
	url := pgtest.URL(t)
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []storage.Record{
		// Another kind of game, and the same kind where nothing was played.
		{Game: "life", Guild: "g", Channel: "c"},
		{Game: "thatslife", Guild: "g", Channel: "c", Data: []byte("a lobby of its own")},
	} {
		if _, err := s.Create(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	out, err := migrate(t, nil, "-from", db, "-to", url)
	if err == nil || !strings.Contains(err.Error(), "game "+recs[0].ID+" in PostgreSQL is another game") || !strings.Contains(err.Error(), "new database") {
		t.Fatalf("migrate into a database with games of its own: %q, %v", out, err)
	}
}

// A game the file cannot give back is named, and the others are copied.
func TestMigrateCopiesAroundAnUnreadableGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lifebot.db")
	recs := boltGames(t, db)
	raw, err := bolt.Open(db, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = raw.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("games")).Put([]byte(recs[2].ID), []byte("{not a record"))
	})
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	url := pgtest.URL(t)
	out, err := migrate(t, nil, "-from", db, "-to", url)
	if out != "migrated 4 games (0 already there); 4 in the file, 4 in PostgreSQL; players with settings: 1\n" {
		t.Errorf("migrate printed %q", out)
	}
	if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "game "+recs[2].ID+" cannot be read") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("migrate = %v, want one line naming game %s", err, recs[2].ID)
	}
	checkStored(t, url, slices.Delete(recs, 2, 3))
}

func TestMigrateRefusesClearly(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lifebot.db")
	boltGames(t, db)
	const password = "pa55-w0rd-Zq"
	nowhere := "postgres://lifebot:" + password + "@/lifebot?host=" + dir
	for _, tc := range []struct {
		name  string
		env   map[string]string
		args  []string
		usage bool
		want  string
	}{
		{"no file", nil, []string{"-to", nowhere}, true, "no -from"},
		{"no database", nil, []string{"-from", db}, true, "no -to, and LIFEBOT_POSTGRES_URL is not set"},
		{"missing file", nil, []string{"-from", filepath.Join(dir, "missing.db"), "-to", nowhere}, true, "no database at " + filepath.Join(dir, "missing.db")},
		{"operand", nil, []string{"-from", db, "-to", nowhere, "extra"}, true, `unexpected argument "extra"`},
		{"unreachable database", nil, []string{"-from", db, "-to", nowhere}, false, "postgres://lifebot:xxxxx@/lifebot"},
		{"unreachable database from the environment", map[string]string{"LIFEBOT_POSTGRES_URL": nowhere}, []string{"-from", db}, false, "postgres://lifebot:xxxxx@/lifebot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := migrate(t, tc.env, tc.args...)
			checkRefusal(t, err, tc.usage, tc.want)
			if err != nil && strings.Contains(err.Error(), password) {
				t.Errorf("the error shows the password: %q", err)
			}
		})
	}

	t.Run("file in use", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "lifebot.db")
		startBot(t, db)
		_, err := migrate(t, nil, "-from", db, "-to", pgtest.URL(t))
		checkRefusal(t, err, false, db+" is in use by another process: stop the bot that uses it, then migrate")
	})
}

func TestMigrateExitCodes(t *testing.T) {
	code, _, stderr := runMain(t, "migrate -to postgres://db/lifebot")
	if code != 2 || strings.Count(stderr, "\n") != 0 || !strings.Contains(stderr, "no -from") {
		t.Fatalf("exit %d, stderr %q; want exit 2 and one line about -from", code, stderr)
	}
	db := filepath.Join(t.TempDir(), "lifebot.db")
	boltGames(t, db)
	code, _, stderr = runMain(t, "migrate -from "+db+" -to postgres:///lifebot?host="+t.TempDir())
	if code != 1 || strings.Count(stderr, "\n") != 0 {
		t.Fatalf("exit %d, stderr %q; want exit 1 and one line", code, stderr)
	}
}

// promptMention names whose move it is on a board.
var promptMention = regexp.MustCompile(`➡️ (?:Waiting for )?<@(\d+)>`)

// A game begun on bbolt goes on, after the migration, on PostgreSQL: the
// player whose turn it is makes a move, and it is stored.
func TestMigratedGamePlaysOn(t *testing.T) {
	fake := discordtest.New(t)
	guild := fake.AddGuild("Home")
	channel := fake.AddChannel(guild, "games")
	db := filepath.Join(t.TempDir(), "lifebot.db")
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		if err := fake.WaitFor(ctx, cond); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	start := func(environ map[string]string) *Main {
		t.Helper()
		environ["DISCORD_TOKEN"], environ["LIFEBOT_DISCORD_API"], environ["LIFEBOT_GUILD"] = fake.Token(), fake.URL(), guild
		cfg, err := LoadConfig("", env(environ))
		if err != nil {
			t.Fatal(err)
		}
		// The game plays on its lobby message, in the channel.
		cfg.Tables.Threads = false
		ready := fake.GatewayStats().Ready
		m := &Main{Config: cfg}
		if err := m.Open(ctx); err != nil {
			m.Close()
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		waitFor("the bot never became ready", func() bool { return len(fake.Commands(guild)) > 0 && fake.GatewayStats().Ready > ready })
		return m
	}
	click := func(u discordtest.User, msgID, label string) {
		t.Helper()
		msg := fake.Message(msgID)
		for _, b := range msg.Buttons() {
			if b.Label == label || label == "" {
				if _, err := fake.Click(ctx, u, msg, b.CustomID); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no button %q on %q", label, msg.Content)
	}

	m := start(map[string]string{"LIFEBOT_DATA": db})
	ada, ben := fake.AddUser("Ada"), fake.AddUser("Ben")
	if _, err := fake.Command(ctx, ada, guild, channel, "newgame thatslife", nil); err != nil {
		t.Fatal(err)
	}
	var board string
	waitFor("no lobby", func() bool {
		for _, msg := range fake.Messages(channel) {
			for _, b := range msg.Buttons() {
				if b.Label == "Join" {
					board = msg.ID
					return true
				}
			}
		}
		return false
	})
	click(ben, board, "Join")
	waitFor("Ben never joined", func() bool { return strings.Contains(fake.Message(board).Content, "Ben") })
	click(ada, board, "Start")
	waitFor("the game never started", func() bool { return promptMention.MatchString(fake.Message(board).Content) })
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}

	if out, err := migrate(t, nil, "-from", db, "-to", url); err != nil || !strings.HasPrefix(out, "migrated 1 games (0 already there)") {
		t.Fatalf("migrate: %q, %v", out, err)
	}
	s, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.List(ctx, storage.Filter{OnlyOpen: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("open games in PostgreSQL: %d, %v; want the one begun", len(games), err)
	}
	before := games[0]

	start(map[string]string{"LIFEBOT_DATA": db, "LIFEBOT_POSTGRES_URL": url})
	mover := ada
	if promptMention.FindStringSubmatch(fake.Message(board).Content)[1] == ben.ID {
		mover = ben
	}
	edits := fake.Message(board).EditedCount
	click(mover, board, "")
	waitFor("the board never showed the move", func() bool { return fake.Message(board).EditedCount > edits })
	after, err := s.Get(ctx, before.ID)
	if err != nil || after.Version <= before.Version || bytes.Equal(after.Data, before.Data) {
		t.Fatalf("game %s after a move: version %d, %v; want past version %d with new data", before.ID, after.Version, err, before.Version)
	}
}

package postgres_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
	"github.com/lifebot/lifebot/storage/storagetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func open(t testing.TB, url string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// sql runs statements on the database at url behind the store's back.
func sql(t testing.TB, url string, statements ...string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, s := range statements {
		if _, err := conn.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestStore(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store { return open(t, pgtest.URL(t)) })
}

func sameRecord(a, b storage.Record) bool {
	return a.ID == b.ID && a.Game == b.Game && a.Guild == b.Guild && a.Channel == b.Channel &&
		slices.Equal(a.Users, b.Users) && a.Status == b.Status && a.Version == b.Version &&
		a.Updated.Equal(b.Updated) && a.Due.Equal(b.Due) && bytes.Equal(a.Data, b.Data)
}

func TestImport(t *testing.T) {
	s := open(t, pgtest.URL(t))
	ctx := context.Background()
	updated := time.Date(2025, 12, 24, 18, 0, 0, 123456789, time.UTC)
	recs := []storage.Record{
		{ID: "c", Game: "lagom", Guild: "g", Channel: "ch", Users: []string{"ada", "ben"}, Status: storage.Playing,
			Version: 41, Updated: updated, Due: updated.Add(36 * time.Hour), Data: []byte("state")},
		{ID: "a", Game: "life", Channel: "dm", Status: storage.Over, Version: 7, Updated: updated, Data: []byte("x")},
		// Not an id Create would make: it leaves the sequence alone.
		{ID: "zz-imported", Channel: "ch", Status: storage.Cancelled, Version: 2, Updated: updated},
	}
	for _, r := range recs {
		if ok, err := s.Import(ctx, r); err != nil || !ok {
			t.Fatalf("Import(%s) = %v, %v; want it stored", r.ID, ok, err)
		}
	}
	for _, r := range recs {
		got, err := s.Get(ctx, r.ID)
		if err != nil || !sameRecord(got, r) {
			t.Errorf("game %s after Import = %+v, %v; want %+v", r.ID, got, err, r)
		}
	}

	// Again, with other contents: what is stored stays.
	again := recs[0]
	again.Version, again.Data = 1, []byte("other")
	if ok, err := s.Import(ctx, again); err != nil || ok {
		t.Fatalf("second Import(%s) = %v, %v; want it left alone", again.ID, ok, err)
	}
	if got, _ := s.Get(ctx, again.ID); !sameRecord(got, recs[0]) {
		t.Fatalf("game %s after a second Import = %+v, want %+v", again.ID, got, recs[0])
	}

	// New games get ids past the imported ones: c is 12, so 13 is d.
	fresh, err := s.Create(ctx, storage.Record{Channel: "ch"})
	if err != nil || fresh.ID != "d" {
		t.Fatalf("Create after Import = %q, %v; want id d", fresh.ID, err)
	}
	// An import below the sequence does not move it back.
	if _, err := s.Import(ctx, storage.Record{ID: "b", Channel: "ch", Version: 1, Updated: updated}); err != nil {
		t.Fatal(err)
	}
	if next, err := s.Create(ctx, storage.Record{Channel: "ch"}); err != nil || next.ID != "e" {
		t.Fatalf("Create after importing an older id = %q, %v; want id e", next.ID, err)
	}

	// An imported game takes moves from its imported version on.
	stale := recs[0]
	stale.Version = 40
	if _, err := s.Put(ctx, stale); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("Put of version 40 over an imported 41 = %v, want ErrConflict", err)
	}
	moved, err := s.Put(ctx, recs[0])
	if err != nil || moved.Version != 42 {
		t.Fatalf("Put of the imported version = %d, %v; want version 42", moved.Version, err)
	}

	if _, err := s.Import(ctx, storage.Record{ID: "f", Channel: "ch", Version: 1}); err == nil {
		t.Fatal("a record without an update time was imported")
	}
}

// Ids reserved before a copy are never handed out, and a reservation
// below the sequence does not move it back.
func TestReserve(t *testing.T) {
	s := open(t, pgtest.URL(t))
	ctx := context.Background()
	for _, id := range []string{"c", "b", "not-made-by-create"} {
		if err := s.Reserve(ctx, id); err != nil {
			t.Fatalf("Reserve(%s) = %v", id, err)
		}
	}
	if r, err := s.Create(ctx, storage.Record{Channel: "ch"}); err != nil || r.ID != "d" {
		t.Fatalf("Create after reserving up to c = %q, %v; want id d", r.ID, err)
	}
	s.Close()
	if err := s.Reserve(ctx, "z"); !errors.Is(err, storage.ErrClosed) {
		t.Fatalf("Reserve after Close = %v, want ErrClosed", err)
	}
}

// Ids handed out after a first Import start past every imported id, even
// when the sequence has never been used.
func TestImportOfTheFirstIDs(t *testing.T) {
	s := open(t, pgtest.URL(t))
	ctx := context.Background()
	if _, err := s.Import(ctx, storage.Record{ID: "1", Channel: "ch", Version: 3, Updated: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Create(ctx, storage.Record{Channel: "ch"}); err != nil || r.ID != "2" {
		t.Fatalf("Create after importing game 1 = %q, %v; want id 2", r.ID, err)
	}
}

func TestImportAfterClose(t *testing.T) {
	s := open(t, pgtest.URL(t))
	s.Close()
	if _, err := s.Import(context.Background(), storage.Record{ID: "1", Updated: time.Now()}); !errors.Is(err, storage.ErrClosed) {
		t.Fatalf("Import after Close = %v, want ErrClosed", err)
	}
}

// Bots starting at once on a new database build its schema once between
// them.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	url := pgtest.URL(t)
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			s, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Error(err)
				return
			}
			s.Close()
		})
	}
	wg.Wait()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, "SELECT version FROM schema_version ORDER BY version")
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil || !slices.Equal(versions, []int32{1, 2, 3}) {
		t.Fatalf("schema versions applied: %v, %v; want [1 2 3]", versions, err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	url := pgtest.URL(t)
	open(t, url).Close()
	sql(t, url, "INSERT INTO schema_version (version) VALUES (4)")
	_, err := postgres.Open(context.Background(), url)
	var se *postgres.SchemaError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "database schema 4 is newer than this lifebot (3): upgrade lifebot") {
		t.Fatalf("Open of a newer schema = %v, want one naming both versions", err)
	}
}

// A database of schema 1 has no closed numbers: opening it numbers its
// closed games in the order they were last written.
func TestMigrationNumbersClosedGames(t *testing.T) {
	url := pgtest.URL(t)
	s := open(t, url)
	ctx := context.Background()
	var recs []storage.Record
	for range 4 {
		r, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Status: storage.Playing})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	var want []string
	for _, i := range []int{2, 0, 3} {
		r := recs[i]
		r.Status = storage.Over
		if _, err := s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		want = append(want, r.ID)
	}
	s.Close()
	sql(t, url, "ALTER TABLE games DROP COLUMN closed_seq")
	sql(t, url, "DROP TABLE marks")
	sql(t, url, "DROP TABLE players")
	sql(t, url, "DELETE FROM schema_version WHERE version >= 2")
	s = open(t, url)
	defer s.Close()
	storagetest.CheckClosedNumbers(t, s, "g", want)
}

// A role that may not create tables still opens a database that is up to
// date.
func TestOpenWithoutCreatePrivilege(t *testing.T) {
	url := pgtest.URL(t)
	open(t, url).Close()
	sql(t, url, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
	s, err := postgres.Open(context.Background(), asRole(t, url, "lifebot_player", ""))
	if err != nil {
		t.Fatalf("Open as a role without CREATE: %v", err)
	}
	defer s.Close()
	if _, err := s.Create(context.Background(), storage.Record{Channel: "c"}); err != nil {
		t.Fatal(err)
	}
}

// Whatever goes wrong at Open, the message names the database without
// its password, on one line.
func TestOpenErrorsHideThePassword(t *testing.T) {
	const pw = "s3cret-Pa55"
	missing := t.TempDir()
	for _, tc := range []struct{ name, url, shown string }{
		{"url", "postgres://lifebot:" + pw + "@/lifebot?host=" + missing, "postgres://lifebot:xxxxx@/lifebot?host="},
		{"password parameter", "postgres:///lifebot?host=" + missing + "&user=ada&password=" + pw, "password=xxxxx"},
		{"keywords", "host=" + missing + " user=lifebot password=" + pw + " dbname=lifebot", "password=xxxxx"},
		{"quoted keyword", "host=" + missing + " password='" + pw + "' dbname=lifebot", "password=xxxxx"},
		{"bad port", "postgres://lifebot:" + pw + "@db.example:port/lifebot", "lifebot:xxxxx@db.example"},
		{"bad parameter", "postgres://lifebot:" + pw + "@/lifebot?host=" + missing + "&sslmode=sometimes", "sslmode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			s, err := postgres.Open(ctx, tc.url)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			msg := err.Error()
			if strings.Contains(msg, pw) || strings.Contains(msg, "\n") || !strings.Contains(msg, tc.shown) {
				t.Fatalf("Open error %q: want one line showing %q and never the password", msg, tc.shown)
			}
		})
	}
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://ada:pw@db:5432/lifebot?sslmode=require", "postgres://ada:xxxxx@db:5432/lifebot?sslmode=require"},
		{"postgresql://ada@db/lifebot", "postgresql://ada@db/lifebot"},
		{"postgres:///lifebot?host=%2Frun&password=pw", "postgres:///lifebot?host=%2Frun&password=xxxxx"},
		{"host=db password=pw user=ada", "host=db password=xxxxx user=ada"},
		{"host=db password = 'p w\\' x' user=ada", "host=db password=xxxxx user=ada"},
		{"postgres://ada:p%w@db/lifebot", "postgres://ada:xxxxx@db/lifebot"},
	} {
		if got := postgres.Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A server with fewer connections to give than a store's pool may keep
// (other processes hold the rest) makes calls wait for one of the store's
// own connections, never fail.
func TestAFullServerQueuesCalls(t *testing.T) {
	url := pgtest.URL(t)
	open(t, url) // makes the tables
	s, err := postgres.OpenPool(context.Background(), asRole(t, url, "lifebot_limited", "CONNECTION LIMIT 2"), 8)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := s.Create(ctx, storage.Record{Channel: "c", Data: []byte("0")})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 32 {
		wg.Go(func() {
			for range 5 {
				got, err := s.Get(ctx, r.ID)
				if err == nil {
					_, err = s.Put(ctx, got)
				}
				if err != nil && !errors.Is(err, storage.ErrConflict) {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a call failed while the server was full: %v", err)
	}
}

// asRole makes a role that may read and write the games of the database
// at url, with attrs such as "CONNECTION LIMIT 2", and returns url as
// that role; the role is dropped when the test ends.
func asRole(t *testing.T, url, name, attrs string) string {
	t.Helper()
	u, err := neturl.Parse(url)
	if err != nil {
		t.Skipf("the test server's URL is not a URL: %v", err)
	}
	role := fmt.Sprintf("%s_%d", name, time.Now().UnixNano())
	sql(t, url,
		"CREATE ROLE "+role+" LOGIN "+attrs,
		"GRANT SELECT, INSERT, UPDATE ON games, schema_version TO "+role,
		"GRANT USAGE ON SEQUENCE games_id_seq TO "+role,
	)
	t.Cleanup(func() { sql(t, url, "DROP OWNED BY "+role, "DROP ROLE "+role) })
	u.User = neturl.User(role)
	return u.String()
}

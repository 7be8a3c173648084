package storage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/storagetest"
)

func openBolt(t *testing.T, path string) *storage.Bolt {
	t.Helper()
	s, err := storage.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// rawUpdate changes a closed database file behind the store's back.
func rawUpdate(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// spoil replaces the stored bytes of the games ids with text that is not
// a record.
func spoil(t *testing.T, path string, ids ...string) {
	t.Helper()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		for _, id := range ids {
			if err := tx.Bucket([]byte("games")).Put([]byte(id), []byte(`{"id":"`+id+`","data":"!!`)); err != nil {
				return err
			}
		}
		return nil
	})
}

func listIDs(rs []storage.Record) []string {
	ids := []string{}
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	return ids
}

// mixedGames creates open and closed games in two guilds and returns the
// ids of each kind.
func mixedGames(t *testing.T, s storage.Store) (open, closed []string) {
	t.Helper()
	for i := range 12 {
		st := []storage.Status{storage.Over, storage.Lobby, storage.Cancelled, storage.Playing}[i%4]
		r, err := s.Create(context.Background(), storage.Record{
			Guild: "g" + strconv.Itoa(i%2), Channel: "c" + strconv.Itoa(i%3), Users: []string{"ada", "u" + strconv.Itoa(i)}, Status: st,
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.Open() {
			open = append(open, r.ID)
		} else {
			closed = append(closed, r.ID)
		}
	}
	return open, closed
}

// Every closed record is made unreadable: a listing of open games that
// touched one would report it.
func TestBoltOnlyOpenNeverReadsClosedRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	open, closed := mixedGames(t, s)
	s.Close()
	spoil(t, path, closed...)
	s = openBolt(t, path)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		f    storage.Filter
		want []string
	}{
		{"all open", storage.Filter{OnlyOpen: true}, open},
		{"guild", storage.Filter{OnlyOpen: true, Guild: "g1"}, []string{"2", "4", "6", "8", "a", "c"}},
		{"channel", storage.Filter{OnlyOpen: true, Channel: "c1"}, []string{"2", "8"}},
		{"user", storage.Filter{OnlyOpen: true, User: "ada"}, open},
		{"user and guild", storage.Filter{OnlyOpen: true, User: "u3", Guild: "g1"}, []string{"4"}},
		{"nobody", storage.Filter{OnlyOpen: true, User: "zed"}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := slices.DeleteFunc(slices.Clone(tc.want), func(id string) bool { return slices.Contains(closed, id) })
			rs, err := s.List(ctx, tc.f)
			if err != nil {
				t.Fatalf("List(%+v) read a closed record: %v", tc.f, err)
			}
			if got := listIDs(rs); !slices.Equal(got, want) {
				t.Fatalf("List(%+v) = %v, want %v", tc.f, got, want)
			}
		})
	}
}

func TestBoltOpenIndexFollowsStatus(t *testing.T) {
	s := openBolt(t, filepath.Join(t.TempDir(), "lifebot.db"))
	ctx := context.Background()
	r, _ := s.Create(ctx, storage.Record{Channel: "c", Status: storage.Lobby})
	openIDs := func() []string {
		rs, err := s.List(ctx, storage.Filter{OnlyOpen: true})
		if err != nil {
			t.Fatal(err)
		}
		return listIDs(rs)
	}
	for _, step := range []struct {
		status storage.Status
		want   []string
	}{
		{storage.Playing, []string{r.ID}},
		{storage.Over, []string{}},
		{storage.Lobby, []string{r.ID}},
		{storage.Cancelled, []string{}},
	} {
		r.Status = step.status
		var err error
		if r, err = s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		if got := openIDs(); !slices.Equal(got, step.want) {
			t.Fatalf("open games after moving to status %d = %v, want %v", step.status, got, step.want)
		}
	}
}

// downgrade turns a database into the first layout: no open index,
// schema 1.
func downgrade(t *testing.T, path string) {
	t.Helper()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket([]byte("open")); err != nil {
			return err
		}
		return tx.Bucket([]byte("meta")).Put([]byte("schema"), []byte("1"))
	})
}

func TestBoltMigratesToOpenIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	open, closed := mixedGames(t, s)
	s.Close()
	downgrade(t, path)
	spoil(t, path, open[0])

	s = openBolt(t, path)
	rs, err := s.List(context.Background(), storage.Filter{OnlyOpen: true})
	if got := listIDs(rs); !slices.Equal(got, open[1:]) {
		t.Fatalf("open games after migration = %v, want %v", got, open[1:])
	}
	// The record that could not be read is kept in the open index, so the
	// sweeps keep naming it rather than forget it.
	if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "game "+open[0]) {
		t.Fatalf("listing after migration: %v, want an ErrCorrupt naming game %s", err, open[0])
	}
	s.Close()

	// The closed games were not indexed: spoiling them changes nothing.
	spoil(t, path, closed...)
	s = openBolt(t, path)
	rs, err = s.List(context.Background(), storage.Filter{OnlyOpen: true})
	if !slices.Equal(listIDs(rs), open[1:]) {
		t.Fatalf("open games = %v, want %v", listIDs(rs), open[1:])
	}
	for _, id := range closed {
		if strings.Contains(err.Error(), "game "+id+" ") {
			t.Errorf("listing open games read closed game %s: %v", id, err)
		}
	}
	s.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if got := string(tx.Bucket([]byte("meta")).Get([]byte("schema"))); got != "5" {
			t.Errorf("schema after migration = %s, want 5", got)
		}
		return nil
	})
}

func TestBoltListLeavesOutUnreadableRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	ctx := context.Background()
	var ids []string
	for i := range 4 {
		r, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"ada"}, Status: storage.Playing, Data: []byte{byte(i)}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	s.Close()
	spoil(t, path, ids[1])
	// An index entry for a game that is gone is damage too.
	rawUpdate(t, path, func(tx *bolt.Tx) error { return tx.Bucket([]byte("games")).Delete([]byte(ids[3])) })
	s = openBolt(t, path)

	for _, f := range []storage.Filter{{}, {Guild: "g"}, {Channel: "c"}, {User: "ada"}, {OnlyOpen: true}, {OnlyOpen: true, User: "ada"}} {
		rs, err := s.List(ctx, f)
		if got, want := listIDs(rs), []string{ids[0], ids[2]}; !slices.Equal(got, want) {
			t.Errorf("List(%+v) = %v, want the readable %v", f, got, want)
		}
		if !errors.Is(err, storage.ErrCorrupt) {
			t.Errorf("List(%+v) error = %v, want ErrCorrupt", f, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "game "+ids[1]+" ") || strings.Contains(msg, "\n") {
			t.Errorf("List(%+v) error %q does not name game %s in one line", f, msg, ids[1])
		}
		if f.Guild != "" || f.Channel != "" || f.User != "" || f.OnlyOpen {
			if !strings.Contains(err.Error(), "game "+ids[3]+" is indexed but missing") {
				t.Errorf("List(%+v) error %q does not name the missing game %s", f, err, ids[3])
			}
		}
	}
	if _, err := s.Get(ctx, ids[1]); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("Get(unreadable) = %v, want ErrCorrupt", err)
	}
	if _, err := s.Put(ctx, storage.Record{ID: ids[1], Version: 1}); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("Put(unreadable) = %v, want ErrCorrupt", err)
	}
	r, err := s.Get(ctx, ids[2])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, r); err != nil {
		t.Errorf("a readable game beside an unreadable one cannot be written: %v", err)
	}
}

// A write that fails inside a shared transaction (a key too long for
// bbolt) rolls the transaction back; the writes that shared it run again
// and each lands exactly once.
func TestBoltFailedWriteInABatchKeepsTheOthers(t *testing.T) {
	s := openBolt(t, filepath.Join(t.TempDir(), "lifebot.db"))
	ctx := context.Background()
	const writers, moves = 20, 15
	recs := make([]storage.Record, writers)
	for i := range recs {
		recs[i], _ = s.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing})
	}
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			r := recs[w]
			for m := range moves {
				stale := r
				r.Data = fmt.Appendf(nil, "%d/%d", w, m)
				var err error
				if r, err = s.Put(ctx, r); err != nil {
					t.Errorf("writer %d move %d: %v", w, m, err)
					return
				}
				if _, err := s.Put(ctx, stale); !errors.Is(err, storage.ErrConflict) {
					t.Errorf("stale write by %d = %v, want ErrConflict", w, err)
				}
			}
		})
		wg.Go(func() {
			for range moves {
				if _, err := s.Create(ctx, storage.Record{ID: strings.Repeat("x", bolt.MaxKeySize+1)}); err == nil {
					t.Error("a key longer than bbolt allows was stored")
				}
			}
		})
	}
	wg.Wait()
	for w, r := range recs {
		got, err := s.Get(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%d/%d", w, moves-1); got.Version != moves+1 || string(got.Data) != want {
			t.Errorf("game %s: version %d data %q, want version %d data %q", r.ID, got.Version, got.Data, moves+1, want)
		}
	}
}

// The copy is taken while writers go on, opens as a database, and holds
// every game at a version whose data matches it.
func TestBoltWriteToWhileWriting(t *testing.T) {
	dir := t.TempDir()
	s := openBolt(t, filepath.Join(dir, "lifebot.db"))
	ctx := context.Background()
	var recs []storage.Record
	for range 30 {
		r, _ := s.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing, Data: []byte("1")})
		recs = append(recs, r)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, r := range recs {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				r.Data = []byte(strconv.FormatUint(r.Version+1, 10))
				var err error
				if r, err = s.Put(ctx, r); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	var copied bytes.Buffer
	n, err := s.WriteTo(&copied)
	close(stop)
	wg.Wait()
	if err != nil || n != int64(copied.Len()) {
		t.Fatalf("WriteTo = %d, %v; wrote %d bytes", n, err, copied.Len())
	}
	backup := filepath.Join(dir, "backup.db")
	if err := os.WriteFile(backup, copied.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	c := openBolt(t, backup)
	all, err := c.List(ctx, storage.Filter{})
	if err != nil || len(all) != len(recs) {
		t.Fatalf("the copy lists %d games, %v; want %d", len(all), err, len(recs))
	}
	for _, r := range all {
		if string(r.Data) != strconv.FormatUint(r.Version, 10) {
			t.Errorf("game %s in the copy: version %d with data %q", r.ID, r.Version, r.Data)
		}
	}
}

func TestBoltReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	ctx := context.Background()
	if _, err := storage.OpenBoltReadOnly(path); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "no database at "+path) {
		t.Fatalf("read-only open of a missing file = %v, want one naming the path", err)
	}
	s := openBolt(t, path)
	r, _ := s.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing})
	if _, err := storage.OpenBoltReadOnly(path); !errors.Is(err, storage.ErrInUse) || !strings.Contains(err.Error(), path+" is in use by another process") {
		t.Fatalf("read-only open beside a writer = %v, want 'in use'", err)
	}
	s.Close()
	downgrade(t, path)

	ro, err := storage.OpenBoltReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if rs, err := ro.List(ctx, storage.Filter{OnlyOpen: true}); err != nil || !slices.Equal(listIDs(rs), []string{r.ID}) {
		t.Fatalf("read-only listing of a file without the open index = %v, %v; want [%s]", listIDs(rs), err, r.ID)
	}
	if _, err := ro.Put(ctx, r); err == nil {
		t.Fatal("Put on a read-only store succeeded")
	}
}

// dueGames creates games due an hour apart, and games with nothing
// scheduled, open and closed; it returns the ids of each kind, the due
// ones in time order.
func dueGames(t *testing.T, s storage.Store, now time.Time) (due, idle []string) {
	t.Helper()
	for i := range 8 {
		r := storage.Record{Guild: "g", Channel: "c", Status: []storage.Status{storage.Playing, storage.Over}[i%2]}
		if i%4 < 2 {
			r.Due = now.Add(time.Duration(i) * time.Hour)
		}
		r, err := s.Create(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if r.Due.IsZero() {
			idle = append(idle, r.ID)
		} else {
			due = append(due, r.ID)
		}
	}
	return due, idle
}

// Every game with nothing scheduled is made unreadable: a listing of due
// games that touched one would report it.
func TestBoltDueByNeverReadsIdleGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due, idle := dueGames(t, s, now)
	s.Close()
	spoil(t, path, idle...)
	s = openBolt(t, path)
	rs, err := s.List(context.Background(), storage.Filter{DueBy: now.Add(24 * time.Hour), Guild: "g"})
	if err != nil {
		t.Fatalf("listing due games read an idle one: %v", err)
	}
	if got := listIDs(rs); !slices.Equal(got, due) {
		t.Fatalf("due games = %v, want %v", got, due)
	}
}

// A file of layout 2 has no due index: opening it for writing builds one,
// and opening it read-only still answers DueBy, from the records.
func TestBoltMigratesToDueIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due, idle := dueGames(t, s, now)
	s.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket([]byte("due")); err != nil {
			return err
		}
		return tx.Bucket([]byte("meta")).Put([]byte("schema"), []byte("2"))
	})
	ctx := context.Background()
	dueBy := func(s storage.Store, by time.Time) []string {
		t.Helper()
		rs, err := s.List(ctx, storage.Filter{DueBy: by})
		if err != nil {
			t.Fatal(err)
		}
		return listIDs(rs)
	}

	ro, err := storage.OpenBoltReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := dueBy(ro, now); !slices.Equal(got, due[:1]) {
		t.Errorf("read-only, due by now: %v, want %v", got, due[:1])
	}
	ro.Close()

	s = openBolt(t, path)
	if got := dueBy(s, now.Add(4*time.Hour)); !slices.Equal(got, due[:3]) {
		t.Errorf("after the upgrade, due within 4 hours: %v, want %v", got, due[:3])
	}
	if got := dueBy(s, now.Add(time.Hour)); !slices.Equal(got, due[:2]) {
		t.Errorf("after the upgrade, due within the hour: %v, want %v", got, due[:2])
	}
	s.Close()
	// The idle games were not indexed: spoiling them changes nothing.
	spoil(t, path, idle...)
	s = openBolt(t, path)
	if got := dueBy(s, now.Add(24*time.Hour)); !slices.Equal(got, due) {
		t.Errorf("after the upgrade, due within a day: %v, want %v", got, due)
	}
	s.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		if got := string(tx.Bucket([]byte("meta")).Get([]byte("schema"))); got != "5" {
			t.Errorf("schema after the upgrade = %s, want 5", got)
		}
		return nil
	})
}

// A file of layout 3 has no closed numbers: opening it numbers its closed
// games in the order they were last written.
func TestBoltMigratesToClosedNumbers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s := openBolt(t, path)
	ctx := context.Background()
	// Closed in the order 3, 0, 4; games 1 and 2 stay open.
	recs, want := storagetest.CloseInOrder(t, s, "g", 5, []int{3, 0, 4})
	s.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		for _, name := range []string{"closed", "marks"} {
			if err := tx.DeleteBucket([]byte(name)); err != nil {
				return err
			}
		}
		games := tx.Bucket([]byte("games"))
		var keys [][]byte
		games.ForEach(func(k, _ []byte) error { keys = append(keys, slices.Clone(k)); return nil })
		for _, k := range keys {
			var r map[string]any
			if err := json.Unmarshal(games.Get(k), &r); err != nil {
				return err
			}
			delete(r, "closed")
			v, _ := json.Marshal(r)
			if err := games.Put(k, v); err != nil {
				return err
			}
		}
		meta := tx.Bucket([]byte("meta"))
		if err := meta.Delete([]byte("closed")); err != nil {
			return err
		}
		return meta.Put([]byte("schema"), []byte("3"))
	})
	s = openBolt(t, path)
	defer s.Close()
	storagetest.CheckClosedNumbers(t, s, "g", want)
	// Numbering goes on from there.
	r, _ := s.Get(ctx, recs[1].ID)
	r.Status = storage.Cancelled
	if r, err := s.Put(ctx, r); err != nil || r.Closed != 4 {
		t.Fatalf("closing another game after the upgrade: number %d, %v; want 4", r.Closed, err)
	}
}

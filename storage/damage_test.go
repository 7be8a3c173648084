package storage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/lifebot/lifebot/storage"
)

const pageSize = 4096

// sample is a database file, the games in it, and what each of its pages
// holds: "meta", "freelist", "branch", "leaf", "free", or "overflow" for
// the pages that continue a large value.
type sample struct {
	file  []byte
	games []storage.Record
	pages []string
	inUse int64 // bytes below bbolt's high-water mark
}

var (
	sampleOnce sync.Once
	theSample  sample
	sampleErr  error
)

// sampleDB builds the sample once: enough games, some of them larger than
// a page, to fill branch, leaf and overflow pages. Two last commits that
// change no game leave both meta pages pointing at the same games, so a
// damaged meta page, which bbolt survives by reading the other, loses
// nothing.
func sampleDB(tb testing.TB) sample {
	tb.Helper()
	sampleOnce.Do(func() { theSample, sampleErr = buildSample() })
	if sampleErr != nil {
		tb.Fatal(sampleErr)
	}
	return theSample
}

func buildSample() (sample, error) {
	dir, err := os.MkdirTemp("", "lifebot-sample")
	if err != nil {
		return sample{}, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "lifebot.db")
	s, err := storage.OpenBolt(path)
	if err != nil {
		return sample{}, err
	}
	var smp sample
	for i := range 60 {
		size := 300
		if i%7 == 0 {
			size = 3 * pageSize
		}
		r, err := s.Create(context.Background(), storage.Record{
			Game: "lagom", Guild: "g", Channel: fmt.Sprint("c", i%4), Users: []string{"ada", fmt.Sprint("u", i)},
			Status: storage.Status(i % 4), Data: bytes.Repeat([]byte{byte('a' + i%26)}, size),
		})
		if err != nil {
			return sample{}, err
		}
		smp.games = append(smp.games, r)
	}
	if err := s.Close(); err != nil {
		return sample{}, err
	}
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		return sample{}, err
	}
	for range 2 {
		if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("meta")).Put([]byte("schema"), []byte("4")) }); err != nil {
			return sample{}, err
		}
	}
	err = db.View(func(tx *bolt.Tx) error {
		smp.inUse = tx.Size()
		for id := 0; int64(id)*pageSize < tx.Size(); id++ {
			info, err := tx.Page(id)
			if err != nil {
				return err
			}
			smp.pages = append(smp.pages, info.Type)
			if info.Type != "free" {
				for range info.OverflowCount {
					smp.pages = append(smp.pages, "overflow")
					id++
				}
			}
		}
		return nil
	})
	if err := errors.Join(err, db.Close()); err != nil {
		return sample{}, err
	}
	smp.file, err = os.ReadFile(path)
	return smp, err
}

func (smp sample) pagesOf(kind string) []int {
	var ids []int
	for id, k := range smp.pages {
		if k == kind {
			ids = append(ids, id)
		}
	}
	return ids
}

// damage is one way a database file can be broken, and what opening it
// must do.
type damage struct {
	name  string
	file  []byte
	fails bool   // OpenBolt must refuse the file
	says  string // and say this
	opens bool   // OpenBolt must open it, and every game must be intact
}

func damages(smp sample) []damage {
	var ds []damage
	cut := func(n int64) []byte { return smp.file[:n] }
	for _, n := range []int64{1, 100, pageSize - 1, pageSize, pageSize + 904, 2 * pageSize, 3 * pageSize, smp.inUse / 2, smp.inUse - pageSize, smp.inUse - 1} {
		ds = append(ds, damage{name: fmt.Sprintf("cut to %d bytes", n), file: cut(n), fails: true, says: "restore it from a backup"})
	}
	if int64(len(smp.file)) > smp.inUse {
		ds = append(ds, damage{name: "cut after the last page in use", file: cut(smp.inUse), opens: true})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for id, kind := range smp.pages {
		for _, fill := range []struct {
			name  string
			bytes []byte
		}{{"zeros", make([]byte, pageSize)}, {"garbage", garbage(pageSize)}} {
			f := bytes.Clone(smp.file)
			copy(f[id*pageSize:], fill.bytes)
			// The tree and its freelist must be whole. A meta page has a
			// twin, as when a crash tears one: the file opens and loses
			// nothing. Free pages hold nothing, and the pages that carry
			// a large value hold one game, which then reads as
			// ErrCorrupt, and perhaps the key of the next.
			d := damage{name: fmt.Sprintf("%s page %d (%s)", fill.name, id, kind), file: f, says: "is damaged"}
			switch kind {
			case "branch", "leaf", "freelist":
				d.fails = true
			case "meta", "free":
				d.opens = true
			}
			ds = append(ds, d)
		}
	}
	sqlite := append([]byte("SQLite format 3\x00"), make([]byte, 3*pageSize)...)
	ds = append(ds,
		damage{name: "random bytes", file: garbage(len(smp.file)), fails: true, says: "is not a lifebot database"},
		damage{name: "sqlite file", file: sqlite, fails: true, says: "is not a lifebot database"},
		damage{name: "toml file", file: []byte("[storage]\npath = \"lifebot.db\"\n"), fails: true, says: "restore it from a backup"},
		damage{name: "png file", file: append([]byte("\x89PNG\r\n\x1a\n"), garbage(3*pageSize)...), fails: true, says: "is not a lifebot database"},
		damage{name: "empty file", file: []byte{}, fails: true, says: "is empty"},
	)
	return ds
}

func TestOpenBoltRefusesDamagedFiles(t *testing.T) {
	smp := sampleDB(t)
	if len(smp.pagesOf("branch")) == 0 || len(smp.pagesOf("overflow")) == 0 {
		t.Fatalf("the sample has pages %v; it needs branch and overflow pages", smp.pages)
	}
	dir := t.TempDir()
	for i, d := range damages(smp) {
		t.Run(d.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("case%d.db", i))
			if err := os.WriteFile(path, d.file, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := storage.OpenBolt(path)
			if err != nil && d.opens {
				t.Fatalf("OpenBolt refused a file it can read whole: %v", err)
			}
			if err != nil {
				t.Log(err)
				checkOpenError(t, path, err, d.says)
				// A refused file must not stay locked by the failed open.
				if _, again := storage.OpenBolt(path); again == nil || strings.Contains(again.Error(), "in use by another process") {
					t.Fatalf("opening the refused file again: %v", again)
				}
				return
			}
			defer s.Close()
			if d.fails {
				t.Fatal("OpenBolt accepted the file")
			}
			checkGames(t, s, smp.games, true, d.opens)
		})
	}
}

func checkOpenError(t *testing.T, path string, err error, says string) {
	t.Helper()
	msg := err.Error()
	if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(msg, path) || !strings.Contains(msg, says) || strings.Contains(msg, "\n") {
		t.Fatalf("OpenBolt error %q: want one line wrapping ErrCorrupt, naming %s and saying %q", msg, path, says)
	}
}

// checkGames reads every game back: each is itself, an ErrCorrupt, or,
// when a key itself was hit, not found. With strict, whole pages were
// damaged, which the checks at open see unless they held only a large
// value's bytes, and perhaps the key after it: no game comes back changed,
// and at most two are unreadable or missing; with whole, none is.
func checkGames(t *testing.T, s *storage.Bolt, games []storage.Record, strict, whole bool) {
	t.Helper()
	ctx := context.Background()
	lost := 0
	for _, want := range games {
		got, err := s.Get(ctx, want.ID)
		if err != nil {
			if !errors.Is(err, storage.ErrCorrupt) && !errors.Is(err, storage.ErrNotFound) {
				t.Errorf("Get(%s) = %v, want the game or ErrCorrupt", want.ID, err)
			}
			lost++
			continue
		}
		if got.ID != want.ID {
			t.Errorf("Get(%s) returned game %s", want.ID, got.ID)
		}
		if strict && (got.Version != want.Version || !bytes.Equal(got.Data, want.Data) || got.Status != want.Status) {
			t.Errorf("game %s came back changed: version %d status %d, %d bytes", want.ID, got.Version, got.Status, len(got.Data))
		}
	}
	if whole && lost > 0 || strict && lost > 2 {
		t.Errorf("%d games lost", lost)
	}
	if _, err := s.List(ctx, storage.Filter{}); err != nil && !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("List = %v, want nil or ErrCorrupt", err)
	}
	if _, err := s.List(ctx, storage.Filter{OnlyOpen: true, Channel: "c1"}); err != nil && !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("List(open, c1) = %v, want nil or ErrCorrupt", err)
	}
	if _, err := s.Create(ctx, storage.Record{Channel: "c9"}); err != nil && !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("Create = %v, want nil or ErrCorrupt", err)
	}
}

// The file is damaged under a running store: reads and writes that meet
// the damage return errors, and once one has, writes stop.
func TestBoltDamagedWhileOpen(t *testing.T) {
	smp := sampleDB(t)
	path := filepath.Join(t.TempDir(), "lifebot.db")
	if err := os.WriteFile(path, smp.file, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openBolt(t, path)
	ctx := context.Background()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, id := range append(smp.pagesOf("leaf"), smp.pagesOf("branch")...) {
		if _, err := f.WriteAt(make([]byte, pageSize), int64(id)*pageSize); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.List(ctx, storage.Filter{}); !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), path+" is damaged") {
		t.Fatalf("List over zeroed pages = %v, want ErrCorrupt naming the file", err)
	}
	if _, err := s.Get(ctx, smp.games[0].ID); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("Get over zeroed pages = %v, want ErrCorrupt", err)
	}
	if _, err := s.Put(ctx, smp.games[1]); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("Put over zeroed pages = %v, want ErrCorrupt", err)
	}
	// Cut the file under the memory map: reading past its end faults.
	if err := f.Truncate(2 * pageSize); err != nil {
		t.Fatal(err)
	}
	if _, err := s.List(ctx, storage.Filter{OnlyOpen: true}); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("List over a cut file = %v, want ErrCorrupt", err)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err == nil {
		t.Fatal("WriteTo of a cut file succeeded")
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close after damage: %v", err)
	}
}

func TestOpenBoltRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "other.db")
	rawUpdate(t, foreign, func(tx *bolt.Tx) error {
		_, err := tx.CreateBucket([]byte("widgets"))
		return err
	})
	_, err := storage.OpenBolt(foreign)
	if err == nil {
		t.Fatal("a bbolt file of another program was opened")
	}
	checkOpenError(t, foreign, err, "is not a lifebot database")

	newer := filepath.Join(dir, "newer.db")
	s := openBolt(t, newer)
	s.Close()
	rawUpdate(t, newer, func(tx *bolt.Tx) error { return tx.Bucket([]byte("meta")).Put([]byte("schema"), []byte("6")) })
	if _, err := storage.OpenBolt(newer); err == nil || !strings.Contains(err.Error(), newer+" has schema 6") {
		t.Fatalf("OpenBolt of a newer file = %v, want one naming its schema", err)
	}
	if _, err := storage.OpenBolt(filepath.Join(dir, "missing", "lifebot.db")); err == nil || errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("OpenBolt in a missing directory = %v, want an error that is not damage", err)
	}
}

// FuzzOpenBoltDamaged patches and cuts a sound file anywhere: opening and
// using it must end in errors, never in a panic.
func FuzzOpenBoltDamaged(f *testing.F) {
	smp := sampleDB(f)
	f.Add(uint32(0), []byte{0}, uint32(0))
	f.Add(uint32(2*pageSize+16), []byte{0xff, 0xff}, uint32(0))
	f.Add(uint32(3*pageSize), make([]byte, 64), uint32(0))
	f.Add(uint32(0), []byte{}, uint32(3*pageSize))
	for _, id := range append(smp.pagesOf("branch"), smp.pagesOf("freelist")...) {
		f.Add(uint32(id*pageSize+10), []byte{0xff, 0xff, 0xff, 0xff}, uint32(0))
		f.Add(uint32(id*pageSize+16), []byte{1, 0, 0, 0, 0, 0, 0, 0}, uint32(0))
	}
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, at uint32, patch []byte, cutTo uint32) {
		file := bytes.Clone(smp.file)
		if cutTo > 0 && int(cutTo) < len(file) {
			file = file[:cutTo]
		}
		if len(file) > 0 {
			copy(file[int(at)%len(file):], patch)
		}
		n++
		path := filepath.Join(dir, fmt.Sprintf("fuzz%d.db", n))
		defer os.Remove(path)
		if err := os.WriteFile(path, file, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := storage.OpenBolt(path)
		if err != nil {
			if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
				t.Fatalf("OpenBolt error %q: want one line naming the file", msg)
			}
			return
		}
		defer s.Close()
		checkGames(t, s, smp.games, false, false)
	})
}

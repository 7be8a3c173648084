// Package storagetest is the suite every storage.Store must pass, so a new
// backend is held to exactly the bbolt store's contract.
package storagetest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/storage"
)

// Run tests the Store returned by open; each subtest gets a fresh one.
func Run(t *testing.T, open func(t *testing.T) storage.Store) {
	ctx := context.Background()
	t.Run("CreateGet", func(t *testing.T) {
		s := open(t)
		r, err := s.Create(ctx, storage.Record{Game: "thatslife", Guild: "g", Channel: "c", Users: []string{"u1"}, Data: []byte("state")})
		if err != nil {
			t.Fatal(err)
		}
		if r.ID == "" || r.Version != 1 {
			t.Fatalf("created id %q version %d, want an id and version 1", r.ID, r.Version)
		}
		got, err := s.Get(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Data) != "state" || got.Game != "thatslife" || got.Version != 1 || !slices.Equal(got.Users, []string{"u1"}) {
			t.Fatalf("got %+v, want what was created", got)
		}
		if got.Updated.IsZero() {
			t.Error("Updated not set")
		}
		if _, err := s.Get(ctx, "nope"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("Get(missing) = %v, want ErrNotFound", err)
		}
	})
	t.Run("CreateWithinLimits", func(t *testing.T) {
		s := open(t)
		// Records that are not open, or of another channel or host, do
		// not count.
		for _, r := range []storage.Record{
			{Channel: "c", Users: []string{"ada"}, Status: storage.Over},
			{Channel: "c", Users: []string{"ada"}, Status: storage.Cancelled},
			{Channel: "d", Users: []string{"ben"}, Status: storage.Lobby},
			{Channel: "d", Users: []string{"ben", "ada"}, Status: storage.Lobby},
		} {
			if _, err := s.Create(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		// Twenty creates at once, under a cap of five open records in
		// channel c and three lobbies hosted by Ada: the caps hold.
		var wg sync.WaitGroup
		var mu sync.Mutex
		made, refused := 0, 0
		for i := range 20 {
			wg.Go(func() {
				host := []string{"ada", "cy"}[i%2]
				_, err := s.Create(ctx, storage.Record{Channel: "c", Users: []string{host}, Status: storage.Lobby},
					storage.Limit{Host: host, Max: 3}, storage.Limit{Channel: "c", Max: 5})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					made++
				case errors.Is(err, storage.ErrLimit):
					refused++
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		recs, err := s.List(ctx, storage.Filter{Channel: "c", OnlyOpen: true})
		if err != nil {
			t.Fatal(err)
		}
		hosted := map[string]int{}
		for _, r := range recs {
			hosted[r.Users[0]]++
		}
		if made != 5 || refused != 15 || len(recs) != 5 || hosted["ada"] > 3 || hosted["cy"] > 3 {
			t.Fatalf("%d created and %d refused, leaving %d open in c hosted %v; want 5 within the caps", made, refused, len(recs), hosted)
		}
	})
	t.Run("IDsAreUnique", func(t *testing.T) {
		s := open(t)
		seen := map[string]bool{}
		for range 50 {
			r, err := s.Create(ctx, storage.Record{Channel: "c"})
			if err != nil {
				t.Fatal(err)
			}
			if seen[r.ID] {
				t.Fatalf("id %q handed out twice", r.ID)
			}
			seen[r.ID] = true
		}
		if _, err := s.Create(ctx, storage.Record{ID: "x1"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Create(ctx, storage.Record{ID: "x1"}); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("second Create with id x1 = %v, want ErrConflict", err)
		}
	})
	t.Run("PutIsCompareAndSwap", func(t *testing.T) {
		s := open(t)
		r, _ := s.Create(ctx, storage.Record{Channel: "c", Data: []byte("v1")})
		r.Data = []byte("v2")
		r2, err := s.Put(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Version != 2 {
			t.Fatalf("version after Put = %d, want 2", r2.Version)
		}
		r.Data = []byte("stale")
		if _, err := s.Put(ctx, r); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("Put with stale version = %v, want ErrConflict", err)
		}
		got, _ := s.Get(ctx, r.ID)
		if string(got.Data) != "v2" {
			t.Fatalf("data after refused Put = %q, want v2", got.Data)
		}
		if _, err := s.Put(ctx, storage.Record{ID: "missing", Version: 1}); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("Put(missing) = %v, want ErrNotFound", err)
		}
	})
	t.Run("ConcurrentPutsOneWins", func(t *testing.T) {
		s := open(t)
		r, _ := s.Create(ctx, storage.Record{Channel: "c"})
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mine := r
				mine.Data = fmt.Appendf(nil, "writer %d", i)
				if _, err := s.Put(ctx, mine); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				} else if !errors.Is(err, storage.ErrConflict) {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d concurrent writers of version 1 succeeded, want exactly 1", wins)
		}
	})
	t.Run("ConcurrentGamesEachKeepEveryMove", func(t *testing.T) {
		s := open(t)
		const games, moves = 10, 10
		var wg sync.WaitGroup
		for g := range games {
			wg.Go(func() {
				r, err := s.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing})
				if err != nil {
					t.Error(err)
					return
				}
				for m := range moves {
					stale := r
					r.Data = fmt.Appendf(nil, "game %d move %d", g, m)
					if r, err = s.Put(ctx, r); err != nil {
						t.Error(err)
						return
					}
					if _, err := s.Put(ctx, stale); !errors.Is(err, storage.ErrConflict) {
						t.Errorf("a stale write to game %d = %v, want ErrConflict", g, err)
					}
				}
				got, err := s.Get(ctx, r.ID)
				if want := fmt.Sprintf("game %d move %d", g, moves-1); err != nil || got.Version != moves+1 || string(got.Data) != want {
					t.Errorf("game %d holds version %d %q, %v; want version %d %q", g, got.Version, got.Data, err, moves+1, want)
				}
			})
		}
		wg.Wait()
	})
	t.Run("List", func(t *testing.T) {
		s := open(t)
		mk := func(guild, channel string, st storage.Status, users ...string) storage.Record {
			r, err := s.Create(ctx, storage.Record{Guild: guild, Channel: channel, Users: users, Status: st})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		a := mk("g1", "c1", storage.Playing, "ada", "ben")
		b := mk("g1", "c2", storage.Lobby, "ben")
		c := mk("g1", "c1", storage.Over, "ada")
		d := mk("g2", "c3", storage.Playing, "cy")
		ids := func(f storage.Filter) []string { return listed(t, s, f) }
		for _, tc := range []struct {
			name string
			f    storage.Filter
			want []string
		}{
			{"all", storage.Filter{}, []string{a.ID, b.ID, c.ID, d.ID}},
			{"guild", storage.Filter{Guild: "g1"}, []string{a.ID, b.ID, c.ID}},
			{"guild open", storage.Filter{Guild: "g1", OnlyOpen: true}, []string{a.ID, b.ID}},
			{"channel", storage.Filter{Channel: "c1"}, []string{a.ID, c.ID}},
			{"user", storage.Filter{User: "ben"}, []string{a.ID, b.ID}},
			{"user and guild", storage.Filter{User: "ada", Guild: "g1", OnlyOpen: true}, []string{a.ID}},
			{"nobody", storage.Filter{User: "zed"}, nil},
		} {
			if got := ids(tc.f); !slices.Equal(got, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
			}
		}
		// Moving a game updates its index entries.
		a.Users = []string{"cy"}
		a.Channel = "c9"
		if _, err := s.Put(ctx, a); err != nil {
			t.Fatal(err)
		}
		if got := ids(storage.Filter{User: "ada"}); !slices.Equal(got, []string{c.ID}) {
			t.Errorf("after moving a: ada's games = %v, want [%s]", got, c.ID)
		}
		if got := ids(storage.Filter{Channel: "c9"}); !slices.Equal(got, []string{a.ID}) {
			t.Errorf("after moving a: channel c9 = %v, want [%s]", got, a.ID)
		}
	})
	t.Run("DueRoundTrips", func(t *testing.T) {
		s := open(t)
		due := time.Date(2026, 3, 1, 12, 30, 0, 123456789, time.UTC)
		r, err := s.Create(ctx, storage.Record{Channel: "c", Status: storage.Playing, Due: due})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, r.ID); err != nil || !got.Due.Equal(due) {
			t.Fatalf("Due after Create = %v, %v; want %v", got.Due, err, due)
		}
		later := due.Add(time.Hour).In(time.FixedZone("UTC+5", 5*3600))
		r.Due = later
		if r, err = s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, r.ID); err != nil || !got.Due.Equal(later) {
			t.Fatalf("Due after Put = %v, %v; want %v", got.Due, err, later)
		}
		r.Due = time.Time{}
		if _, err := s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, r.ID); err != nil || !got.Due.IsZero() {
			t.Fatalf("Due after clearing it = %v, %v; want zero", got.Due, err)
		}
		plain, err := s.Create(ctx, storage.Record{Channel: "c"})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, plain.ID); err != nil || !got.Due.IsZero() {
			t.Fatalf("Due of a game created without one = %v, %v; want zero", got.Due, err)
		}
	})
	t.Run("DueBy", func(t *testing.T) {
		s := open(t)
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		mk := func(guild string, st storage.Status, due time.Time, users ...string) storage.Record {
			r, err := s.Create(ctx, storage.Record{Guild: guild, Channel: "c-" + guild, Users: users, Status: st, Due: due})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		early := mk("g1", storage.Playing, now.Add(-time.Hour), "ada")
		// Due exactly at DueBy is due, whatever zone it is written in.
		onTime := mk("g2", storage.Lobby, now.In(time.FixedZone("UTC-3", -3*3600)), "ada", "ben")
		late := mk("g1", storage.Playing, now.Add(time.Nanosecond), "ben")
		never := mk("g1", storage.Playing, time.Time{}, "ada")
		over := mk("g1", storage.Over, now.Add(-2*time.Hour), "ben")
		ids := func(f storage.Filter) []string { t.Helper(); return listed(t, s, f) }
		type query struct {
			name string
			f    storage.Filter
			want []string
		}
		check := func(step string, qs []query) {
			t.Helper()
			for _, q := range qs {
				if got := ids(q.f); !slices.Equal(got, q.want) {
					t.Errorf("%s: %s: got %v, want %v", step, q.name, got, q.want)
				}
			}
		}
		far := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
		check("at first", []query{
			{"due by now", storage.Filter{DueBy: now}, []string{early.ID, onTime.ID, over.ID}},
			{"due by a nanosecond before now", storage.Filter{DueBy: now.Add(-time.Nanosecond)}, []string{early.ID, over.ID}},
			{"due before any", storage.Filter{DueBy: now.Add(-3 * time.Hour)}, nil},
			{"due ever", storage.Filter{DueBy: far}, []string{early.ID, onTime.ID, late.ID, over.ID}},
			{"open, due or not", storage.Filter{Guild: "g1", OnlyOpen: true}, []string{early.ID, late.ID, never.ID}},
			{"open and due", storage.Filter{DueBy: now, OnlyOpen: true}, []string{early.ID, onTime.ID}},
			{"guild and due", storage.Filter{DueBy: now, Guild: "g1"}, []string{early.ID, over.ID}},
			{"guild, open and due", storage.Filter{DueBy: now, Guild: "g1", OnlyOpen: true}, []string{early.ID}},
			{"channel and due", storage.Filter{DueBy: far, Channel: "c-g2"}, []string{onTime.ID}},
			{"user, open and due", storage.Filter{DueBy: far, User: "ben", OnlyOpen: true}, []string{onTime.ID, late.ID}},
		})
		// Moving a due time later, clearing it and closing a game each
		// take the game out of the queries that found it.
		early.Due = now.Add(time.Hour)
		onTime.Due = time.Time{}
		late.Status = storage.Over
		for _, r := range []storage.Record{early, onTime, late} {
			if _, err := s.Put(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		check("after moving", []query{
			{"due by now", storage.Filter{DueBy: now}, []string{over.ID}},
			{"open and due by now", storage.Filter{DueBy: now, OnlyOpen: true}, nil},
			{"due within the hour", storage.Filter{DueBy: now.Add(time.Hour)}, []string{early.ID, late.ID, over.ID}},
			{"open and due within the hour", storage.Filter{DueBy: now.Add(time.Hour), OnlyOpen: true}, []string{early.ID}},
			{"due ever", storage.Filter{DueBy: far}, []string{early.ID, late.ID, over.ID}},
		})
	})
	t.Run("ClosedAreNumberedInCommitOrder", func(t *testing.T) {
		s := open(t)
		mk := func(guild string, st storage.Status) storage.Record {
			r, err := s.Create(ctx, storage.Record{Guild: guild, Channel: "c", Users: []string{"ada"}, Status: st})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		closeIt := func(r storage.Record, st storage.Status) storage.Record {
			r.Status = st
			got, err := s.Put(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		a, b, c := mk("g1", storage.Playing), mk("g1", storage.Lobby), mk("g2", storage.Playing)
		if a.Closed != 0 || b.Closed != 0 {
			t.Fatalf("open records numbered %d and %d, want 0", a.Closed, b.Closed)
		}
		b = closeIt(b, storage.Cancelled)
		c = closeIt(c, storage.Over)
		a = closeIt(a, storage.Over)
		if b.Closed != 1 || c.Closed != 2 || a.Closed != 3 {
			t.Fatalf("closed in the order b, c, a: numbered %d, %d, %d; want 1, 2, 3", b.Closed, c.Closed, a.Closed)
		}
		// A later write keeps the number, whatever the caller brings.
		a.Closed = 99
		a.Data = []byte("later")
		if a, err := s.Put(ctx, a); err != nil || a.Closed != 3 {
			t.Fatalf("rewriting a closed record: number %d, %v; want 3", a.Closed, err)
		}
		if got, err := s.Get(ctx, a.ID); err != nil || got.Closed != 3 {
			t.Fatalf("reading it back: number %d, %v; want 3", got.Closed, err)
		}
		d := mk("g1", storage.Over)
		if d.Closed != 4 {
			t.Fatalf("a record created closed is numbered %d, want 4", d.Closed)
		}
		after := func(guild string, n uint64) []string {
			return listed(t, s, storage.Filter{Guild: guild, OnlyClosed: true, ClosedAfter: n})
		}
		if got := after("g1", 0); !slices.Equal(got, []string{a.ID, b.ID, d.ID}) {
			t.Errorf("g1's closed records = %v, want %v", got, []string{a.ID, b.ID, d.ID})
		}
		if got := after("g1", 1); !slices.Equal(got, []string{a.ID, d.ID}) {
			t.Errorf("g1's closed after 1 = %v, want %v", got, []string{a.ID, d.ID})
		}
		if got := after("g1", 4); len(got) != 0 {
			t.Errorf("g1's closed after 4 = %v, want none", got)
		}
		if got := after("g2", 0); !slices.Equal(got, []string{c.ID}) {
			t.Errorf("g2's closed records = %v, want [%s]", got, c.ID)
		}
	})
	t.Run("ClosingAtOnceNumbersEachOnce", func(t *testing.T) {
		s := open(t)
		const n = 16
		recs := make([]storage.Record, n)
		for i := range recs {
			r, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Status: storage.Playing})
			if err != nil {
				t.Fatal(err)
			}
			recs[i] = r
		}
		var wg sync.WaitGroup
		for i := range recs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := recs[i]
				r.Status = storage.Over
				if _, err := s.Put(ctx, r); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		rs, err := s.List(ctx, storage.Filter{Guild: "g", OnlyClosed: true})
		if err != nil {
			t.Fatal(err)
		}
		var nums []uint64
		for _, r := range rs {
			nums = append(nums, r.Closed)
		}
		slices.Sort(nums)
		for i, v := range nums {
			if v != uint64(i+1) {
				t.Fatalf("numbers of %d games closed at once = %v, want 1 to %d each once", n, nums, n)
			}
		}
		if len(nums) != n {
			t.Fatalf("%d of %d closed games listed", len(nums), n)
		}
	})
	t.Run("LastKeepsTheNewest", func(t *testing.T) {
		s := open(t)
		var ids []string
		for i := range 12 {
			st := storage.Over
			if i%3 == 0 {
				st = storage.Playing
			}
			r, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"ada"}, Status: st})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, r.ID)
			if _, err := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"ben"}, Status: st}); err != nil {
				t.Fatal(err)
			}
		}
		list := func(f storage.Filter) []string { return listed(t, s, f) }
		if got := list(storage.Filter{User: "ada", Last: 3}); !slices.Equal(got, ids[9:]) {
			t.Errorf("ada's last 3 = %v, want %v", got, ids[9:])
		}
		if got := list(storage.Filter{User: "ada", OnlyOpen: true, Last: 2}); !slices.Equal(got, []string{ids[6], ids[9]}) {
			t.Errorf("ada's last 2 open = %v, want %v", got, []string{ids[6], ids[9]})
		}
		if got := list(storage.Filter{User: "ada", Last: 50}); !slices.Equal(got, ids) {
			t.Errorf("ada's last 50 = %v, want all %v", got, ids)
		}
	})
	t.Run("Marks", func(t *testing.T) {
		s := open(t)
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		mark := func(key, holder string, at, until time.Time) string {
			t.Helper()
			got, err := s.Mark(ctx, key, holder, at, until)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := mark("i:1", "ada", now, now.Add(time.Minute)); got != "ada" {
			t.Fatalf("marking a free key: holder %q, want ada", got)
		}
		if got := mark("i:1", "ben", now.Add(30*time.Second), now.Add(2*time.Minute)); got != "ada" {
			t.Fatalf("marking a held key: holder %q, want ada still", got)
		}
		if got := mark("i:1", "ada", now.Add(50*time.Second), now.Add(3*time.Minute)); got != "ada" {
			t.Fatalf("its holder renewing: holder %q, want ada", got)
		}
		if got := mark("i:1", "ben", now.Add(2*time.Minute), now.Add(4*time.Minute)); got != "ada" {
			t.Fatalf("before the renewed mark lapses: holder %q, want ada", got)
		}
		if got := mark("i:1", "ben", now.Add(3*time.Minute), now.Add(4*time.Minute)); got != "ben" {
			t.Fatalf("once it lapsed: holder %q, want ben", got)
		}
		mark("r:x", "x", now, now.Add(time.Minute))
		mark("r:y", "y", now, now.Add(time.Minute))
		mark("r:z", "z", now, now)
		mark("q:w", "w", now, now.Add(time.Minute))
		lasting := func(prefix string, at time.Time) map[string]string {
			t.Helper()
			marks, err := s.Marks(ctx, prefix)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]string{}
			for k, m := range marks {
				if m.Lasts(at) {
					out[k] = m.Holder
				}
			}
			return out
		}
		if got, want := lasting("r:", now), map[string]string{"r:x": "x", "r:y": "y"}; !maps.Equal(got, want) {
			t.Errorf("lasting marks beginning r: = %v, want %v", got, want)
		}
		// Letting go: a mark until now. The lapsed mark is still listed.
		mark("r:x", "x", now.Add(time.Second), now.Add(time.Second))
		if got := lasting("r:", now.Add(time.Second)); !maps.Equal(got, map[string]string{"r:y": "y"}) {
			t.Errorf("after x let go: %v, want only r:y", got)
		}
		if all, _ := s.Marks(ctx, "r:"); all["r:x"].Holder != "x" || !all["r:x"].Until.Equal(now.Add(time.Second)) {
			t.Errorf("x's lapsed mark reads %+v, want held by x until %v", all["r:x"], now.Add(time.Second))
		}
		if got := mark("r:x", "v", now.Add(time.Second), now.Add(time.Minute)); got != "v" {
			t.Errorf("a key let go: holder %q, want v", got)
		}
		// A prefix with LIKE's wildcards in it means what it says.
		mark("a_b", "u", now, now.Add(time.Minute))
		mark("axb", "u", now, now.Add(time.Minute))
		if got := lasting("a_", now); !maps.Equal(got, map[string]string{"a_b": "u"}) {
			t.Errorf("marks beginning a_ = %v, want only a_b", got)
		}
	})
	t.Run("LapsedMarksAreRemoved", func(t *testing.T) {
		s := open(t)
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		if _, err := s.Mark(ctx, "old", "a", now.Add(-3*time.Hour), now.Add(-2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Mark(ctx, "recent", "a", now.Add(-time.Hour), now.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		// Enough marks that one of them purges, made at once so a
		// batching store commits them together.
		var wg sync.WaitGroup
		for i := range 256 {
			wg.Go(func() {
				if _, err := s.Mark(ctx, fmt.Sprint("k", i), "b", now, now.Add(time.Minute)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		marks, err := s.Marks(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := marks["old"]; ok {
			t.Error("a mark that lapsed two hours ago is still kept after 256 more")
		}
		if _, ok := marks["recent"]; !ok {
			t.Error("a mark that lapsed a minute ago was removed")
		}
	})
	t.Run("OneMarkOfManyAtOnce", func(t *testing.T) {
		s := open(t)
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		won := race(func(i int) bool {
			me := fmt.Sprint("p", i)
			got, err := s.Mark(ctx, "once", me, now, now.Add(time.Minute))
			if err != nil {
				t.Error(err)
			}
			return got == me
		})
		if won != 1 {
			t.Fatalf("%d of 16 processes took one key at once, want 1", won)
		}
	})
	t.Run("CallerCannotAlias", func(t *testing.T) {
		s := open(t)
		data := []byte("abc")
		r, _ := s.Create(ctx, storage.Record{Channel: "c", Data: data})
		data[0] = 'X'
		r.Data[1] = 'Y'
		got, _ := s.Get(ctx, r.ID)
		if string(got.Data) != "abc" {
			t.Fatalf("stored data changed through caller's slice: %q", got.Data)
		}
	})
	t.Run("Players", func(t *testing.T) {
		s := open(t)
		if _, err := s.GetPlayer(ctx, "ada"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("GetPlayer(nobody) = %v, want ErrNotFound", err)
		}
		if _, err := s.PutPlayer(ctx, storage.Player{Data: []byte("x")}); !errors.Is(err, storage.ErrNoPlayerID) {
			t.Fatalf("PutPlayer without an id = %v, want ErrNoPlayerID", err)
		}
		nine := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		ada, err := s.PutPlayer(ctx, storage.Player{ID: "ada", Due: nine, Data: []byte("quiet")})
		if err != nil || ada.Version != 1 {
			t.Fatalf("first PutPlayer = %+v, %v; want version 1", ada, err)
		}
		if _, err := s.PutPlayer(ctx, storage.Player{ID: "ada", Data: []byte("again")}); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("a second first write = %v, want ErrConflict", err)
		}
		if _, err := s.PutPlayer(ctx, storage.Player{ID: "ben", Data: []byte("digest")}); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetPlayer(ctx, "ada")
		if err != nil || string(got.Data) != "quiet" || !got.Due.Equal(nine) || got.Version != 1 {
			t.Fatalf("GetPlayer = %+v, %v; want what was put", got, err)
		}
		ids := func(by time.Time) []string {
			ps, err := s.Players(ctx, by)
			if err != nil {
				t.Fatal(err)
			}
			return idsOf(ps, func(p storage.Player) string { return p.ID })
		}
		if got := ids(nine.Add(-time.Second)); len(got) != 0 {
			t.Errorf("due before nine: %v, want none", got)
		}
		if got := ids(nine); !slices.Equal(got, []string{"ada"}) {
			t.Errorf("due by nine: %v, want [ada]", got)
		}
		if got := ids(time.Time{}); !slices.Equal(got, []string{"ada", "ben"}) {
			t.Errorf("every player: %v, want [ada ben]", got)
		}
		// Moving the due time moves it in the index; clearing it leaves
		// the record out of what is due.
		got.Due = nine.Add(24 * time.Hour)
		if got, err = s.PutPlayer(ctx, got); err != nil || got.Version != 2 {
			t.Fatalf("second PutPlayer = %+v, %v; want version 2", got, err)
		}
		if got := ids(nine.Add(time.Hour)); len(got) != 0 {
			t.Errorf("due by ten after the move: %v, want none", got)
		}
		if got := ids(nine.Add(25 * time.Hour)); !slices.Equal(got, []string{"ada"}) {
			t.Errorf("due the next day: %v, want [ada]", got)
		}
		got.Due = time.Time{}
		if _, err := s.PutPlayer(ctx, got); err != nil {
			t.Fatal(err)
		}
		if got := ids(nine.Add(48 * time.Hour)); len(got) != 0 {
			t.Errorf("due with no due time: %v, want none", got)
		}
		if _, err := s.PutPlayer(ctx, got); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("a write of an old version = %v, want ErrConflict", err)
		}
	})
	t.Run("OnePlayerWriteOfManyAtOnce", func(t *testing.T) {
		s := open(t)
		won := race(func(i int) bool {
			_, err := s.PutPlayer(ctx, storage.Player{ID: "ada", Data: []byte{byte(i)}})
			if err != nil && !errors.Is(err, storage.ErrConflict) {
				t.Error(err)
			}
			return err == nil
		})
		if won != 1 {
			t.Fatalf("%d of 16 first writes of one player landed, want 1", won)
		}
	})
	t.Run("Closed", func(t *testing.T) {
		s := open(t)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, "1"); !errors.Is(err, storage.ErrClosed) {
			t.Fatalf("Get after Close = %v, want ErrClosed", err)
		}
	})
}

// listed lists the ids of the records that match f.
func listed(t *testing.T, s storage.Store, f storage.Filter) []string {
	t.Helper()
	rs, err := s.List(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return idsOf(rs, func(r storage.Record) string { return r.ID })
}

func idsOf[T any](xs []T, id func(T) string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

// race runs try 16 times at once, with 0…15, and counts the tries that
// report they won.
func race(try func(i int) bool) int {
	var won atomic.Int32
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if try(i) {
				won.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(won.Load())
}

// CloseInOrder creates n playing records in guild and closes the ones that
// order names, in that order. It returns the records as created and the
// ids of the closed ones in the order they closed.
func CloseInOrder(t *testing.T, s storage.Store, guild string, n int, order []int) ([]storage.Record, []string) {
	t.Helper()
	ctx := context.Background()
	var recs []storage.Record
	for i := range n {
		r, err := s.Create(ctx, storage.Record{Guild: guild, Channel: "c", Status: storage.Playing, Data: []byte{byte(i)}})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	var closed []string
	for _, i := range order {
		r := recs[i]
		r.Status = storage.Over
		if _, err := s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		closed = append(closed, r.ID)
	}
	return recs, closed
}

// CheckClosedNumbers checks that guild's closed records are numbered 1, 2,
// 3… in the order of want, their ids: what a store upgraded from a layout
// without numbers must hold.
func CheckClosedNumbers(t *testing.T, s storage.Store, guild string, want []string) {
	t.Helper()
	rs, err := s.List(context.Background(), storage.Filter{Guild: guild, OnlyClosed: true})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(rs, func(a, b storage.Record) int { return cmp.Compare(a.Closed, b.Closed) })
	var got []string
	for i, r := range rs {
		got = append(got, r.ID)
		if r.Closed != uint64(i+1) {
			t.Errorf("game %s numbered %d, want %d", r.ID, r.Closed, i+1)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("closed games after the upgrade, by number = %v, want %v", got, want)
	}
}

// BenchCommit measures what a move costs the store: a Get and then a Put
// of the same game, from many goroutines at once, each moving games of its
// own, as when many tables play at once. Besides ns/op it reports the
// latency of one commit at the 50th and 99th percentiles (p50-ns, p99-ns)
// and commits/s.
func BenchCommit(b *testing.B, s storage.Store) {
	ctx := context.Background()
	// Eight goroutines a processor keep a networked store busy while some
	// of them wait on a round trip.
	const parallelism, gamesEach = 8, 4
	workers := parallelism * runtime.GOMAXPROCS(0)
	ids := make([]string, workers*gamesEach)
	for i := range ids {
		r, err := s.Create(ctx, storage.Record{Game: "lagom", Guild: "g", Channel: "c", Users: []string{"ada", "ben", "cy"}, Status: storage.Playing, Data: make([]byte, 4096)})
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = r.ID
	}
	var (
		next      atomic.Int64
		mu        sync.Mutex
		latencies []time.Duration
	)
	b.SetParallelism(parallelism)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w := int(next.Add(1) - 1)
		var mine []time.Duration
		for i := 0; pb.Next(); i++ {
			id := ids[w+(i%gamesEach)*workers]
			start := time.Now()
			r, err := s.Get(ctx, id)
			if err == nil {
				r.Data[0]++
				_, err = s.Put(ctx, r)
			}
			if err != nil {
				b.Error(err)
				return
			}
			mine = append(mine, time.Since(start))
		}
		mu.Lock()
		latencies = append(latencies, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	b.ReportMetric(float64(latencies[len(latencies)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(latencies[len(latencies)*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
}

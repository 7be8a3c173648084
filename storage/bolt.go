package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Bucket names. Indexes hold keys "<value>\x00<id>" with empty values, so
// a prefix scan finds every game of a guild, channel or user. The open
// bucket holds the id of every Lobby or Playing game, so the sweeps that
// only care about live games never read a finished one. The due bucket
// holds "<due time>\x00<id>" for every game with a Due (see dueTime), in
// time order, so a range scan finds what is due without reading any game
// that is not. The closed bucket holds "<guild>\x00<Closed, 8 bytes
// big-endian>" with the id as value, so a server's results are read in
// the order they were made, from any point on. The marks bucket holds
// each mark's key with its until (dueTime) and holder. The players bucket
// holds each person's record by id, and players_due "<due time>\x00<id>"
// for every one with a Due, as the due bucket does for games.
var (
	bucketGames     = []byte("games")
	bucketGuild     = []byte("by_guild")
	bucketChannel   = []byte("by_channel")
	bucketUser      = []byte("by_user")
	bucketOpen      = []byte("open")
	bucketDue       = []byte("due")
	bucketClosed    = []byte("closed")
	bucketMarks     = []byte("marks")
	bucketPlayers   = []byte("players")
	bucketPeopleDue = []byte("players_due")
	bucketMeta      = []byte("meta")
	keySchema       = []byte("schema")
	keyClosed       = []byte("closed") // the last Closed number handed out
)

// schemaVersion is the layout of the buckets above; Open refuses files
// written by a newer layout rather than misreading them, and brings older
// ones up to date. Version 2 added the open bucket, version 3 the due
// bucket, version 4 the closed and marks buckets, version 5 the players
// buckets.
const schemaVersion = 5

// Bolt is a Store in a single bbolt file. bbolt takes a file lock, so one
// process owns the file; Open fails fast if another holds it.
//
// Writes go through one committer goroutine that commits everything queued
// while the previous commit was syncing in a single transaction, so
// concurrent moves in different games share one fsync and a lone move
// waits for none.
type Bolt struct {
	db       *bolt.DB
	path     string
	readOnly bool
	now      func() time.Time

	purger MarkPurger

	mu      sync.Mutex
	wake    *sync.Cond // signalled when queue grows or the store closes
	queue   []*op
	closed  bool
	damaged error         // set by the first sign of a damaged file; writes stop
	stopped chan struct{} // closed when the committer has finished
}

// OpenBolt opens or creates the database at path, checks that every page
// of it can be read, and brings an older layout up to date. A damaged file
// is an error wrapping ErrCorrupt that names the file.
func OpenBolt(path string) (*Bolt, error) {
	return open(path, false)
}

// OpenBoltReadOnly opens an existing database for reading only. It shares
// the file with other readers but not with a writer, so it fails while a
// bot owns the file. Create and Put return an error.
func OpenBoltReadOnly(path string) (*Bolt, error) {
	return open(path, true)
}

func open(path string, readOnly bool) (*Bolt, error) {
	fi, statErr := os.Stat(path)
	// bbolt starts a new database in an empty file; an empty file where a
	// database was is a lost database, not a new one.
	if statErr == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		return nil, &kindError{fmt.Sprintf("storage: %s is empty; restore it from a backup, or remove it to start a new database", path), ErrCorrupt}
	}
	var db *bolt.DB
	var err error
	if statErr == nil || readOnly {
		db, err = openChecked(path, readOnly)
		if err == nil && !readOnly {
			err = protect(db.Close)
			db = nil
		}
	}
	if err == nil && db == nil {
		db, err = openWritable(path)
	}
	if err != nil {
		return nil, openError(path, readOnly, err)
	}
	b := &Bolt{db: db, path: path, readOnly: readOnly, now: time.Now, stopped: make(chan struct{})}
	b.wake = sync.NewCond(&b.mu)
	if readOnly {
		close(b.stopped)
	} else {
		go b.commitLoop()
	}
	return b, nil
}

// openChecked opens path read-only and checks every page and the schema.
// A file that will be written is checked this way too, before bbolt opens
// it for writing: then it loads the freelist at once, believing the count
// the freelist page gives, and a damaged count can make it allocate
// without bound. Read-only, it reads only the meta pages.
func openChecked(path string, readOnly bool) (*bolt.DB, error) {
	db, err := openDB(path, true)
	if err != nil {
		return nil, err
	}
	err = protect(func() error {
		return db.View(func(tx *bolt.Tx) error {
			if err := verifyPages(tx, path, db.Info().PageSize); err != nil {
				return err
			}
			return checkSchema(tx, readOnly)
		})
	})
	if err != nil {
		protect(db.Close)
		return nil, err
	}
	return db, nil
}

// openWritable opens path for writing and brings its buckets up to date.
func openWritable(path string) (*bolt.DB, error) {
	db, err := openDB(path, false)
	if err != nil {
		return nil, err
	}
	if err := protect(func() error { return db.Update(migrate) }); err != nil {
		protect(db.Close)
		return nil, err
	}
	return db, nil
}

// openDB opens path with bbolt, turning its panics into errors. bbolt
// keeps the file, and its lock, to itself; if it panics inside Open the
// lock must still be let go, or it would outlive the failed open.
func openDB(path string, readOnly bool) (*bolt.DB, error) {
	var file *os.File
	opts := &bolt.Options{
		Timeout:  2 * time.Second,
		ReadOnly: readOnly,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			if file == nil {
				file = f
			}
			return f, err
		},
	}
	var db *bolt.DB
	err := protect(func() (err error) {
		db, err = bolt.Open(path, 0o600, opts)
		return err
	})
	if err != nil && db == nil && file != nil && errors.As(err, new(*panicError)) {
		release(file)
	}
	return db, err
}

// migrate creates the buckets of a new file, or builds what an older
// layout lacks, and records the schema, in one transaction.
func migrate(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketGames, bucketGuild, bucketChannel, bucketUser, bucketOpen, bucketDue, bucketClosed, bucketMarks, bucketPlayers, bucketPeopleDue, bucketMeta} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	if schema(tx) < 2 {
		if err := indexOpen(tx); err != nil {
			return err
		}
	}
	if schema(tx) < 3 {
		if err := indexDue(tx); err != nil {
			return err
		}
	}
	if schema(tx) < 4 {
		if err := indexClosed(tx); err != nil {
			return err
		}
	}
	v, _ := json.Marshal(schemaVersion)
	return tx.Bucket(bucketMeta).Put(keySchema, v)
}

// schema reads the layout version of the file: 0 for a new file.
func schema(tx *bolt.Tx) int {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return 0
	}
	var v int
	if err := json.Unmarshal(meta.Get(keySchema), &v); err != nil {
		return -1
	}
	return v
}

// checkSchema refuses files this build cannot read: a newer layout, or a
// bbolt file that some other program wrote.
func checkSchema(tx *bolt.Tx, readOnly bool) error {
	v := schema(tx)
	switch {
	case v > schemaVersion:
		return &schemaError{fmt.Sprintf("has schema %d, and this build reads up to %d: run a newer lifebot", v, schemaVersion)}
	case v < 0:
		return &kindError{"its schema version cannot be read", ErrCorrupt}
	case v > 0:
		return nil
	case readOnly:
		return errForeign
	}
	// A file with buckets but no schema is someone else's.
	return tx.ForEach(func([]byte, *bolt.Bucket) error { return errForeign })
}

// indexOpen builds the open bucket from the games, for files written
// before it existed. A record that cannot be read is counted as open, so
// the listings that sweep open games keep naming it rather than hide it.
func indexOpen(tx *bolt.Tx) error {
	open := tx.Bucket(bucketOpen)
	return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var r stored
		if err := unmarshal(string(k), v, &r); err == nil && !r.Status.Open() {
			return nil
		}
		return open.Put(k, nil)
	})
}

// indexDue builds the due bucket from the games, for files written before
// it existed. A record that cannot be read has no due time to index; the
// listings that read it still name it.
func indexDue(tx *bolt.Tx) error {
	due := tx.Bucket(bucketDue)
	return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var r stored
		if err := unmarshal(string(k), v, &r); err != nil || r.Due.IsZero() {
			return nil
		}
		return due.Put(dueKey(r.Due, r.ID), nil)
	})
}

// indexClosed numbers the closed records of a file written before records
// were numbered, in the order they were last written (then by id), and
// indexes them. A record that cannot be read is left unnumbered.
func indexClosed(tx *bolt.Tx) error {
	var recs []Record
	err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var r Record
		if unmarshal(string(k), v, &r) == nil && !r.Status.Open() {
			recs = append(recs, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(recs, func(a, b Record) int {
		if c := a.Updated.Compare(b.Updated); c != 0 {
			return c
		}
		return compareIDs(a.ID, b.ID)
	})
	for _, r := range recs {
		if _, err := apply(tx, change{old: &stored{ID: r.ID, Guild: r.Guild, Channel: r.Channel, Users: r.Users, Status: r.Status, Due: r.Due}, next: r}); err != nil {
			return err
		}
	}
	return nil
}

// Create implements Store.
func (b *Bolt) Create(ctx context.Context, r Record, limits ...Limit) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	return b.submit(b.createCheck(r, limits))
}

func (b *Bolt) createCheck(r Record, limits []Limit) func(*bolt.Tx) (change, error) {
	return func(tx *bolt.Tx) (change, error) {
		if len(limits) > 0 {
			// The open games are few; each is read as this transaction has
			// it, the writes batched before this one included, without the
			// game's bytes.
			open, err := keys(tx.Bucket(bucketOpen))
			if err != nil {
				return change{}, err
			}
			var recs []Record
			for _, id := range open {
				var st stored
				if decode(tx, id, &st) == nil {
					recs = append(recs, Record{Channel: st.Channel, Users: st.Users, Status: st.Status})
				}
			}
			if reached(limits, recs) {
				return change{}, ErrLimit
			}
		}
		games := tx.Bucket(bucketGames)
		next := r
		next.Version, next.Updated, next.Closed = 1, b.now().UTC(), 0
		var seq uint64
		if next.ID == "" {
			seq = games.Sequence() + 1
			next.ID = FormatID(seq)
		}
		if games.Get([]byte(next.ID)) != nil {
			return change{}, ErrConflict
		}
		return change{next: next, seq: seq}, nil
	}
}

// Get implements Store.
func (b *Bolt) Get(ctx context.Context, id string) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	var r Record
	err := b.view(func(tx *bolt.Tx) error {
		var err error
		r, err = read(tx, id)
		return err
	})
	return r, err
}

// Put implements Store.
func (b *Bolt) Put(ctx context.Context, r Record) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	check, err := b.putCheck(r)
	if err != nil {
		return Record{}, err
	}
	return b.submit(check)
}

// putCheck encodes the new record here, in the caller's goroutine, so the
// committer only compares versions and copies bytes.
func (b *Bolt) putCheck(r Record) (func(*bolt.Tx) (change, error), error) {
	next := r
	next.Version, next.Updated = r.Version+1, b.now().UTC()
	v, err := json.Marshal(next)
	if err != nil {
		return nil, err
	}
	return func(tx *bolt.Tx) (change, error) {
		old, err := readStored(tx, r.ID)
		if err != nil {
			return change{}, err
		}
		if old.Version != r.Version {
			return change{}, ErrConflict
		}
		return change{old: &old, next: next, value: v}, nil
	}, nil
}

// List implements Store. It walks the narrowest index the filter allows:
// for DueBy the due index, for OnlyOpen the open index, so games that are
// not due or finished cost nothing.
func (b *Bolt) List(ctx context.Context, f Filter) ([]Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Record
	var unreadable []string
	err := b.view(func(tx *bolt.Tx) error {
		ids, err := candidates(tx, f)
		if err != nil {
			return err
		}
		slices.SortFunc(ids, compareIDs)
		if f.Last > 0 {
			// The newest first, read until enough match, and turned round
			// below.
			slices.Reverse(ids)
		}
		for _, id := range ids {
			if f.Last > 0 && len(out) == f.Last {
				break
			}
			r, err := read(tx, id)
			switch {
			case errors.Is(err, ErrNotFound):
				unreadable = append(unreadable, fmt.Sprintf("game %s is indexed but missing", id))
			case errors.Is(err, ErrCorrupt):
				unreadable = append(unreadable, err.Error())
			case err != nil:
				return err
			case f.match(r):
				out = append(out, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if f.Last > 0 {
		slices.Reverse(out)
	}
	if len(unreadable) > 0 {
		return out, &kindError{"storage: unreadable records left out of the list: " + strings.Join(unreadable, "; "), ErrCorrupt}
	}
	return out, nil
}

// candidates lists the ids that may match f, reading only index keys: it
// walks the narrowest index f names and keeps the ids that every other
// index f names holds too. A file opened read-only may predate the open
// and due buckets; then f.match alone decides.
func candidates(tx *bolt.Tx, f Filter) ([]string, error) {
	open, due := tx.Bucket(bucketOpen), tx.Bucket(bucketDue)
	var ids []string
	var err error
	switch {
	case !f.DueBy.IsZero() && due != nil:
		ids = scanDue(due, f.DueBy)
	case f.OnlyClosed && tx.Bucket(bucketClosed) != nil:
		ids = scanClosed(tx.Bucket(bucketClosed), f.Guild, f.ClosedAfter)
	case f.OnlyOpen && open != nil:
		ids, err = keys(open)
	case f.Channel != "":
		ids = scan(tx.Bucket(bucketChannel), f.Channel)
	case f.User != "":
		ids = scan(tx.Bucket(bucketUser), f.User)
	case f.Guild != "":
		ids = scan(tx.Bucket(bucketGuild), f.Guild)
	default:
		ids, err = keys(tx.Bucket(bucketGames))
	}
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ids, func(id string) bool { return !indexed(tx, f, id) }), nil
}

// indexed says whether every index that f names holds id.
func indexed(tx *bolt.Tx, f Filter, id string) bool {
	if open := tx.Bucket(bucketOpen); f.OnlyOpen && open != nil && open.Get([]byte(id)) == nil {
		return false
	}
	for _, ix := range []struct {
		bucket []byte
		value  string
	}{{bucketGuild, f.Guild}, {bucketChannel, f.Channel}, {bucketUser, f.User}} {
		if ix.value != "" && tx.Bucket(ix.bucket).Get(indexKey(ix.value, id)) == nil {
			return false
		}
	}
	return true
}

func keys(bk *bolt.Bucket) ([]string, error) {
	var ids []string
	err := bk.ForEach(func(k, _ []byte) error {
		ids = append(ids, string(k))
		return nil
	})
	return ids, err
}

// WriteTo writes a consistent copy of the whole database to w, a file that
// OpenBolt can open. It reads in one read transaction, so moves go on
// being committed while the copy is written.
func (b *Bolt) WriteTo(w io.Writer) (int64, error) {
	var n int64
	err := b.view(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Close implements Store. Writes already queued are committed first.
func (b *Bolt) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	b.wake.Broadcast()
	b.mu.Unlock()
	<-b.stopped
	return protect(b.db.Close)
}

// view runs a read transaction; bbolt's panics on a damaged file come back
// as errors wrapping ErrCorrupt.
func (b *Bolt) view(fn func(*bolt.Tx) error) error {
	return b.guard(func() error { return translate(b.db.View(fn)) })
}

// guard runs fn under protect and, if bbolt panicked, marks the store
// damaged so that no further write lands on a file known to be broken.
func (b *Bolt) guard(fn func() error) error {
	err := protect(fn)
	var p *panicError
	if errors.As(err, &p) {
		err = &kindError{fmt.Sprintf("storage: %s is damaged (%s); restore it from a backup", b.path, p.reason), ErrCorrupt}
		b.mu.Lock()
		if b.damaged == nil {
			b.damaged = err
		}
		b.mu.Unlock()
	}
	return err
}

func translate(err error) error {
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

// read decodes a record; bbolt's bytes are only valid inside the
// transaction, and json.Unmarshal copies them out.
func read(tx *bolt.Tx, id string) (Record, error) {
	var r Record
	return r, decode(tx, id, &r)
}

// stored is the part of a stored record a write needs: the version to
// compare and the index entries to move. Decoding it skips the game's
// bytes, which are most of the record.
type stored struct {
	ID      string    `json:"id"`
	Guild   string    `json:"guild"`
	Channel string    `json:"channel"`
	Users   []string  `json:"users"`
	Status  Status    `json:"status"`
	Version uint64    `json:"version"`
	Due     time.Time `json:"due"`
	Closed  uint64    `json:"closed"`
}

func readStored(tx *bolt.Tx, id string) (stored, error) {
	var s stored
	return s, decode(tx, id, &s)
}

// decode reads the record with id into dst, a *Record or a *stored.
func decode(tx *bolt.Tx, id string, dst any) error {
	v := tx.Bucket(bucketGames).Get([]byte(id))
	if v == nil {
		return ErrNotFound
	}
	return unmarshal(id, v, dst)
}

func unmarshal(id string, v []byte, dst any) error {
	if err := json.Unmarshal(v, dst); err != nil {
		return &kindError{fmt.Sprintf("storage: game %s cannot be read (%v)", id, err), ErrCorrupt}
	}
	var got string
	switch d := dst.(type) {
	case *Record:
		got = d.ID
	case *stored:
		got = d.ID
	}
	if got != id {
		return &kindError{fmt.Sprintf("storage: game %s holds the record of game %q", id, got), ErrCorrupt}
	}
	return nil
}

// apply stores c.next and moves its index entries from c.old (nil for a
// new record), all inside the caller's transaction, and returns the record
// as stored.
func apply(tx *bolt.Tx, c change) (Record, error) {
	switch {
	case c.mark != nil:
		return Record{}, c.mark.write(tx)
	case c.player != nil:
		return Record{}, c.player.write(tx)
	case c.next.ID == "":
		// A Mark that found its key held writes nothing.
		return Record{}, nil
	}
	return applyRecord(tx, c)
}

func applyRecord(tx *bolt.Tx, c change) (Record, error) {
	games := tx.Bucket(bucketGames)
	if c.seq != 0 {
		if err := games.SetSequence(c.seq); err != nil {
			return Record{}, err
		}
	}
	r, v := c.next, c.value
	var closedBefore uint64
	if c.old != nil {
		closedBefore = c.old.Closed
	}
	if r.Closed != closedBefore {
		r.Closed, v = closedBefore, nil
	}
	if closes(r, closedBefore) {
		n, err := nextClosed(tx)
		if err != nil {
			return Record{}, err
		}
		r.Closed, v = n, nil
		if err := tx.Bucket(bucketClosed).Put(closedKey(r.Guild, n), []byte(r.ID)); err != nil {
			return Record{}, err
		}
	} else if c.old != nil && c.old.Closed != 0 && c.old.Guild != r.Guild {
		bk := tx.Bucket(bucketClosed)
		if err := bk.Delete(closedKey(c.old.Guild, r.Closed)); err != nil {
			return Record{}, err
		}
		if err := bk.Put(closedKey(r.Guild, r.Closed), []byte(r.ID)); err != nil {
			return Record{}, err
		}
	}
	if v == nil {
		var err error
		if v, err = json.Marshal(r); err != nil {
			return Record{}, err
		}
	}
	if err := games.Put([]byte(r.ID), v); err != nil {
		return Record{}, err
	}
	return r, index(tx, c.old, r)
}

// index moves a record's index entries from old (nil for a new record) to
// r's.
func index(tx *bolt.Tx, old *stored, r Record) error {
	open := tx.Bucket(bucketOpen)
	var err error
	if r.Status.Open() {
		err = open.Put([]byte(r.ID), nil)
	} else {
		err = open.Delete([]byte(r.ID))
	}
	if err != nil {
		return err
	}
	due := tx.Bucket(bucketDue)
	if old != nil && !old.Due.IsZero() {
		if err := due.Delete(dueKey(old.Due, r.ID)); err != nil {
			return err
		}
	}
	if !r.Due.IsZero() {
		if err := due.Put(dueKey(r.Due, r.ID), nil); err != nil {
			return err
		}
	}
	var oldGuild, oldChannel, oldUsers []string
	if old != nil {
		oldGuild, oldChannel, oldUsers = nonEmpty(old.Guild), nonEmpty(old.Channel), old.Users
	}
	for _, ix := range []struct {
		bucket   []byte
		old, new []string
	}{
		{bucketGuild, oldGuild, nonEmpty(r.Guild)},
		{bucketChannel, oldChannel, nonEmpty(r.Channel)},
		{bucketUser, oldUsers, r.Users},
	} {
		bk := tx.Bucket(ix.bucket)
		for _, k := range ix.old {
			if err := bk.Delete(indexKey(k, r.ID)); err != nil {
				return err
			}
		}
		for _, k := range ix.new {
			if err := bk.Put(indexKey(k, r.ID), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func indexKey(value, id string) []byte {
	return []byte(value + "\x00" + id)
}

func scan(bk *bolt.Bucket, value string) []string {
	prefix := []byte(value + "\x00")
	var ids []string
	c := bk.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		ids = append(ids, string(k[len(prefix):]))
	}
	return ids
}

// dueLen is the length of dueTime's encoding.
const dueLen = 12

// dueTime encodes t so that byte order is time order: the Unix seconds
// big-endian with the sign bit flipped, so times before 1970 sort first,
// then the nanoseconds. It holds any time exactly, unlike UnixNano.
func dueTime(t time.Time) []byte {
	k := make([]byte, dueLen)
	binary.BigEndian.PutUint64(k, uint64(t.Unix())^1<<63)
	binary.BigEndian.PutUint32(k[8:], uint32(t.Nanosecond()))
	return k
}

func dueKey(t time.Time, id string) []byte {
	return append(append(dueTime(t), 0), id...)
}

// scanDue lists the ids in the due bucket whose time is not after by.
func scanDue(bk *bolt.Bucket, by time.Time) []string {
	limit := dueTime(by)
	var ids []string
	c := bk.Cursor()
	for k, _ := c.First(); k != nil && len(k) > dueLen && bytes.Compare(k[:dueLen], limit) <= 0; k, _ = c.Next() {
		ids = append(ids, string(k[dueLen+1:]))
	}
	return ids
}

// nextClosed hands out the next Closed number.
func nextClosed(tx *bolt.Tx) (uint64, error) {
	meta := tx.Bucket(bucketMeta)
	var n uint64
	if v := meta.Get(keyClosed); len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	}
	n++
	return n, meta.Put(keyClosed, binary.BigEndian.AppendUint64(nil, n))
}

func closedKey(guild string, n uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte(guild+"\x00"), n)
}

// scanClosed lists the ids of guild's records closed after n, in the order
// they closed. With no guild it reads every guild's.
func scanClosed(bk *bolt.Bucket, guild string, n uint64) []string {
	var ids []string
	c := bk.Cursor()
	if guild == "" {
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if len(k) >= 9 && binary.BigEndian.Uint64(k[len(k)-8:]) > n {
				ids = append(ids, string(v))
			}
		}
		return ids
	}
	prefix := []byte(guild + "\x00")
	for k, v := c.Seek(closedKey(guild, n+1)); k != nil && bytes.HasPrefix(k, prefix) && len(k) == len(prefix)+8; k, v = c.Next() {
		ids = append(ids, string(v))
	}
	return ids
}

// markWrite is what a Mark stores: key's holder until until, and, now and
// then, the removal of the marks that lapsed before purge.
type markWrite struct {
	key, holder  string
	until, purge time.Time
}

func (m *markWrite) write(tx *bolt.Tx) error {
	bk := tx.Bucket(bucketMarks)
	if !m.purge.IsZero() {
		var lapsed [][]byte
		c := bk.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if len(v) >= dueLen && bytes.Compare(v[:dueLen], dueTime(m.purge)) < 0 {
				lapsed = append(lapsed, slices.Clone(k))
			}
		}
		for _, k := range lapsed {
			if err := bk.Delete(k); err != nil {
				return err
			}
		}
	}
	return bk.Put([]byte(m.key), append(dueTime(m.until), m.holder...))
}

// playerWrite is what a PutPlayer stores: next, in place of the record
// whose Due was oldDue (zero for none).
type playerWrite struct {
	next   Player
	oldDue time.Time
}

func (w *playerWrite) write(tx *bolt.Tx) error {
	v, err := json.Marshal(w.next)
	if err != nil {
		return err
	}
	if err := tx.Bucket(bucketPlayers).Put([]byte(w.next.ID), v); err != nil {
		return err
	}
	due := tx.Bucket(bucketPeopleDue)
	if !w.oldDue.IsZero() {
		if err := due.Delete(dueKey(w.oldDue, w.next.ID)); err != nil {
			return err
		}
	}
	if w.next.Due.IsZero() {
		return nil
	}
	return due.Put(dueKey(w.next.Due, w.next.ID), nil)
}

// readPlayer decodes one person's record; ErrNotFound when there is none.
func readPlayer(tx *bolt.Tx, id string) (Player, error) {
	// A file opened read-only keeps the layout it was written with, which
	// may predate the players buckets.
	bk := tx.Bucket(bucketPlayers)
	if bk == nil {
		return Player{}, ErrNotFound
	}
	v := bk.Get([]byte(id))
	if v == nil {
		return Player{}, ErrNotFound
	}
	var p Player
	if err := json.Unmarshal(v, &p); err != nil || p.ID != id {
		return Player{}, &kindError{fmt.Sprintf("storage: the record of player %s cannot be read", id), ErrCorrupt}
	}
	return p, nil
}

// GetPlayer implements Store.
func (b *Bolt) GetPlayer(ctx context.Context, id string) (Player, error) {
	if err := ctx.Err(); err != nil {
		return Player{}, err
	}
	var p Player
	err := b.view(func(tx *bolt.Tx) (err error) {
		p, err = readPlayer(tx, id)
		return err
	})
	return p, err
}

// PutPlayer implements Store.
func (b *Bolt) PutPlayer(ctx context.Context, p Player) (Player, error) {
	if err := ctx.Err(); err != nil {
		return Player{}, err
	}
	if p.ID == "" {
		return Player{}, ErrNoPlayerID
	}
	next := clonePlayer(p)
	next.Version++
	res := b.queueOp(func(tx *bolt.Tx) (change, error) {
		old, err := readPlayer(tx, p.ID)
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return change{}, err
		}
		if old.Version != p.Version {
			return change{}, ErrConflict
		}
		return change{player: &playerWrite{next: next, oldDue: old.Due}}, nil
	})
	if res.err != nil {
		return Player{}, res.err
	}
	return clonePlayer(next), nil
}

// Players implements Store.
func (b *Bolt) Players(ctx context.Context, dueBy time.Time) ([]Player, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Player
	err := b.view(func(tx *bolt.Tx) error {
		var ids []string
		switch {
		case tx.Bucket(bucketPlayers) == nil:
			return nil
		case dueBy.IsZero():
			err := tx.Bucket(bucketPlayers).ForEach(func(k, _ []byte) error {
				ids = append(ids, string(k))
				return nil
			})
			if err != nil {
				return err
			}
		default:
			ids = scanDue(tx.Bucket(bucketPeopleDue), dueBy)
			slices.Sort(ids)
		}
		for _, id := range ids {
			p, err := readPlayer(tx, id)
			if err != nil {
				return err
			}
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// readMark reads the holder of key and until when; an absent key has no
// holder.
func readMark(bk *bolt.Bucket, key string) (string, time.Time) {
	v := bk.Get([]byte(key))
	if len(v) < dueLen {
		return "", time.Time{}
	}
	secs := int64(binary.BigEndian.Uint64(v) ^ 1<<63)
	return string(v[dueLen:]), time.Unix(secs, int64(binary.BigEndian.Uint32(v[8:dueLen]))).UTC()
}

// Mark implements Store.
func (b *Bolt) Mark(ctx context.Context, key, holder string, now, until time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	purge, _ := b.purger.Due(now)
	res := b.queueOp(func(tx *bolt.Tx) (change, error) {
		if old, lasts := readMark(tx.Bucket(bucketMarks), key); old != "" && old != holder && now.Before(lasts) {
			return change{holder: old}, nil
		}
		return change{mark: &markWrite{key: key, holder: holder, until: until, purge: purge}, holder: holder}, nil
	})
	return res.holder, res.err
}

// Marks implements Store.
func (b *Bolt) Marks(ctx context.Context, prefix string) (map[string]Mark, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := map[string]Mark{}
	err := b.view(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketMarks)
		if bk == nil {
			return nil
		}
		c := bk.Cursor()
		for k, _ := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, _ = c.Next() {
			if holder, until := readMark(bk, string(k)); holder != "" {
				out[string(k)] = Mark{Holder: holder, Until: until}
			}
		}
		return nil
	})
	return out, err
}

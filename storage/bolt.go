package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Bucket names. Indexes hold keys "<value>\x00<id>" with empty values, so
// a prefix scan finds every game of a guild, channel or user.
var (
	bucketGames   = []byte("games")
	bucketGuild   = []byte("by_guild")
	bucketChannel = []byte("by_channel")
	bucketUser    = []byte("by_user")
	bucketMeta    = []byte("meta")
	keySchema     = []byte("schema")
)

// schemaVersion is the layout of the buckets above; Open refuses files
// written by a newer layout rather than misreading them.
const schemaVersion = 1

// Bolt is a Store in a single bbolt file. bbolt takes a file lock, so one
// process owns the file; Open fails fast if another holds it.
type Bolt struct {
	db  *bolt.DB
	now func() time.Time
}

// OpenBolt opens or creates the database at path.
func OpenBolt(path string) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("storage: %s is in use by another process", path)
		}
		return nil, fmt.Errorf("storage: opening %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketGames, bucketGuild, bucketChannel, bucketUser, bucketMeta} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bucketMeta)
		if v := meta.Get(keySchema); v != nil {
			var got int
			if err := json.Unmarshal(v, &got); err != nil || got > schemaVersion {
				return fmt.Errorf("storage: %s has schema %s, this build reads up to %d", path, v, schemaVersion)
			}
			return nil
		}
		v, _ := json.Marshal(schemaVersion)
		return meta.Put(keySchema, v)
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Bolt{db: db, now: time.Now}, nil
}

// Create implements Store.
func (b *Bolt) Create(ctx context.Context, r Record) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	err := b.update(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		if r.ID == "" {
			seq, err := games.NextSequence()
			if err != nil {
				return err
			}
			r.ID = FormatID(seq)
		}
		if games.Get([]byte(r.ID)) != nil {
			return ErrConflict
		}
		r.Version, r.Updated = 1, b.now().UTC()
		return b.write(tx, nil, r)
	})
	if err != nil {
		return Record{}, err
	}
	return clone(r), nil
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
	err := b.update(func(tx *bolt.Tx) error {
		old, err := read(tx, r.ID)
		if err != nil {
			return err
		}
		if old.Version != r.Version {
			return ErrConflict
		}
		r.Version++
		r.Updated = b.now().UTC()
		return b.write(tx, &old, r)
	})
	if err != nil {
		return Record{}, err
	}
	return clone(r), nil
}

// List implements Store. It walks the narrowest index the filter allows.
func (b *Bolt) List(ctx context.Context, f Filter) ([]Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Record
	err := b.view(func(tx *bolt.Tx) error {
		var ids []string
		switch {
		case f.Channel != "":
			ids = scan(tx.Bucket(bucketChannel), f.Channel)
		case f.User != "":
			ids = scan(tx.Bucket(bucketUser), f.User)
		case f.Guild != "":
			ids = scan(tx.Bucket(bucketGuild), f.Guild)
		default:
			err := tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
				ids = append(ids, string(k))
				return nil
			})
			if err != nil {
				return err
			}
		}
		for _, id := range ids {
			r, err := read(tx, id)
			if err != nil {
				return err
			}
			if f.match(r) {
				out = append(out, r)
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b Record) int { return compareIDs(a.ID, b.ID) })
	return out, err
}

// Close implements Store.
func (b *Bolt) Close() error { return b.db.Close() }

func (b *Bolt) update(fn func(*bolt.Tx) error) error {
	return translate(b.db.Update(fn))
}

func (b *Bolt) view(fn func(*bolt.Tx) error) error {
	return translate(b.db.View(fn))
}

func translate(err error) error {
	if errors.Is(err, bolt.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

// read decodes a record; bbolt's bytes are only valid inside the
// transaction, and json.Unmarshal copies them out.
func read(tx *bolt.Tx, id string) (Record, error) {
	v := tx.Bucket(bucketGames).Get([]byte(id))
	if v == nil {
		return Record{}, ErrNotFound
	}
	var r Record
	if err := json.Unmarshal(v, &r); err != nil {
		return Record{}, fmt.Errorf("storage: game %s is corrupt: %w", id, err)
	}
	return r, nil
}

// write stores r and moves its index entries from old (nil for a new
// record), all inside the caller's transaction.
func (b *Bolt) write(tx *bolt.Tx, old *Record, r Record) error {
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := tx.Bucket(bucketGames).Put([]byte(r.ID), v); err != nil {
		return err
	}
	var oldGuild, oldChannel []string
	var oldUsers []string
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

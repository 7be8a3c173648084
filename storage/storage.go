// Package storage keeps games on disk. It stores opaque bytes with a little
// metadata for indexing and never imports a game package: what the bytes
// mean is the bot's business.
//
// Every write is a compare-and-swap on the record's version, so two
// writers can never both apply a move to the same game, and a networked
// backend can later implement Store with the same guarantee.
package storage

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Sentinel errors. Callers test them with errors.Is.
var (
	// ErrNotFound means no record has that id.
	ErrNotFound = errors.New("storage: no such game")
	// ErrConflict means the record changed since it was read: the caller
	// read version N but the store holds another.
	ErrConflict = errors.New("storage: game changed since it was read")
	// ErrClosed means the store has been closed.
	ErrClosed = errors.New("storage: closed")
	// ErrCorrupt means stored bytes cannot be read back: one record that
	// does not decode, or a database file that is damaged. The error that
	// wraps it names the record or the file.
	ErrCorrupt = errors.New("storage: damaged data")
	// ErrInUse means another process holds the database file.
	ErrInUse = errors.New("storage: database in use by another process")
)

// Status is where a game is in its life.
type Status int

// Statuses. Lobby and Playing games are open; Over and Cancelled are closed.
const (
	Lobby Status = iota
	Playing
	Over
	Cancelled
)

// Open reports whether a game with this status still needs players.
func (s Status) Open() bool { return s == Lobby || s == Playing }

// Record is one stored game: the indexed metadata and the bot's bytes.
type Record struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Guild   string    `json:"guild,omitempty"`
	Channel string    `json:"channel"`
	Users   []string  `json:"users,omitempty"` // people in the game, indexed
	Status  Status    `json:"status"`
	Version uint64    `json:"version"`
	Updated time.Time `json:"updated"`
	// Due is when the bot next has work to do for this game without
	// anyone clicking: a reminder, a timeout, a delivery to retry. Zero
	// means nothing is scheduled. It is indexed, so the sweep that wakes
	// the bot reads only the games that are due.
	Due time.Time `json:"due,omitzero"`
	// Closed numbers the closed records 1, 2, 3… in the order of the
	// writes that first closed them: the store sets it when a record
	// leaves Lobby and Playing, and it never changes afterwards, whatever
	// a later write brings. Zero while the record is open. Results read in
	// this order are read in the same order by every process sharing the
	// store, and a reader that has seen up to n asks only for what came
	// after n (Filter.ClosedAfter).
	Closed uint64 `json:"closed,omitempty"`
	Data   []byte `json:"data"`
}

// Filter selects records for List; empty fields match everything, and
// the fields that are set must all match.
type Filter struct {
	Guild    string
	Channel  string
	User     string
	OnlyOpen bool
	// DueBy, when set, selects the records whose Due is set and not after
	// it.
	DueBy time.Time
	// OnlyClosed selects the closed records numbered after ClosedAfter.
	OnlyClosed  bool
	ClosedAfter uint64
	// Last, when above zero, keeps only the Last matching records with
	// the greatest ids, the newest, still returned in id order; what the
	// store reads for them does not grow with the records left out.
	Last int
}

// Limit caps the open records a create may add to: at most Max open
// records of Channel, or at most Max lobbies whose first user is Host.
// A limit is counted in the transaction that inserts, so creates racing
// each other, in one process or in several, never pass it together.
type Limit struct {
	Channel, Host string
	Max           int
}

// counts reports whether r counts toward l.
func (l Limit) counts(r Record) bool {
	switch {
	case !r.Status.Open():
		return false
	case l.Channel != "":
		return r.Channel == l.Channel
	}
	return r.Status == Lobby && len(r.Users) > 0 && r.Users[0] == l.Host
}

// reached reports whether any of limits is reached by recs, which hold
// at least every open record.
func reached(limits []Limit, recs []Record) bool {
	for _, l := range limits {
		n := 0
		for _, r := range recs {
			if l.counts(r) {
				n++
			}
		}
		if n >= l.Max {
			return true
		}
	}
	return false
}

// ErrLimit means a create would pass one of its limits; nothing was stored.
var ErrLimit = errors.New("storage: limit reached")

// Store is what the bot needs from a database.
type Store interface {
	// Create stores a new record. An empty ID is assigned by the store.
	// The stored version is 1; Create returns the record as stored. It is
	// refused with ErrLimit when the record would pass any of limits.
	Create(ctx context.Context, r Record, limits ...Limit) (Record, error)
	// Get returns the record with id, ErrNotFound, or an error wrapping
	// ErrCorrupt if the stored record cannot be read.
	Get(ctx context.Context, id string) (Record, error)
	// Put replaces a record if the stored version still equals r.Version,
	// else returns ErrConflict. It returns the record as stored, with the
	// version incremented.
	Put(ctx context.Context, r Record) (Record, error)
	// List returns matching records ordered by id. A record that cannot
	// be read does not hide the others: it is left out, and List returns
	// every readable match together with an error wrapping ErrCorrupt that
	// names the unreadable ones. Callers log that error and go on with the
	// records; any other error comes with no records.
	List(ctx context.Context, f Filter) ([]Record, error)
	// Mark makes holder the holder of key until until, unless another
	// holder's mark on key lasts past now, and returns the holder of key
	// after the call: holder, or the one that has it. A mark lasts while
	// now is before its until, so marking with until at now lets go.
	// Processes sharing a store use marks to agree on who does a thing
	// once (see the bot's interactions and heartbeats). Marks that lapsed
	// long ago are removed from time to time.
	Mark(ctx context.Context, key, holder string, now, until time.Time) (string, error)
	// Marks returns the marks whose keys begin with prefix, by key: those
	// that last and those that lapsed but are not removed yet, so a reader
	// can tell a holder that let go or stopped from one never seen.
	Marks(ctx context.Context, prefix string) (map[string]Mark, error)
	// GetPlayer returns one person's record, or ErrNotFound when they
	// have none.
	GetPlayer(ctx context.Context, id string) (Player, error)
	// PutPlayer stores a person's record if the stored version still
	// equals p.Version (0: no record yet), else returns ErrConflict. It
	// returns the record as stored, with the version incremented.
	PutPlayer(ctx context.Context, p Player) (Player, error)
	// Players returns, by id, the people's records whose Due is set and
	// not after dueBy, or every record when dueBy is zero.
	Players(ctx context.Context, dueBy time.Time) ([]Player, error)
	Close() error
}

// Player is what the bot keeps about one person beyond any game: its own
// bytes (how they want to be told of their turns), a version for the
// same compare-and-swap as games, and an indexed Due for the work the
// sweep does for them without a game to wake it (a daily digest).
type Player struct {
	ID      string    `json:"id"`
	Version uint64    `json:"version"`
	Due     time.Time `json:"due,omitzero"`
	Data    []byte    `json:"data"`
}

// dueBy reports whether Players(dueBy) lists p.
func (p Player) dueBy(by time.Time) bool {
	return by.IsZero() || !p.Due.IsZero() && !p.Due.After(by)
}

func clonePlayer(p Player) Player {
	p.Data = append([]byte(nil), p.Data...)
	return p
}

// ErrNoPlayerID means a player record was given without an id.
var ErrNoPlayerID = errors.New("storage: a player record needs an id")

// Mark is one key's holder, and until when it holds the key.
type Mark struct {
	Holder string
	Until  time.Time
}

// Lasts reports whether the mark still holds at now.
func (m Mark) Lasts(now time.Time) bool { return now.Before(m.Until) }

// MarkPurger tells a store when a Mark call should also remove the marks
// that lapsed long ago: one call in 256 removes those that lapsed an hour
// or more before now. A zero MarkPurger is ready to use.
type MarkPurger struct{ calls atomic.Uint64 }

// Due counts a Mark call at now and, when this one purges, returns the time
// before which lapsed marks go.
func (p *MarkPurger) Due(now time.Time) (before time.Time, ok bool) {
	if p.calls.Add(1)%256 != 0 {
		return time.Time{}, false
	}
	return now.Add(-time.Hour), true
}

// clone copies a record so callers never share slices with the store.
func clone(r Record) Record {
	r.Users = append([]string(nil), r.Users...)
	r.Data = append([]byte(nil), r.Data...)
	return r
}

func (f Filter) match(r Record) bool {
	if f.Guild != "" && r.Guild != f.Guild {
		return false
	}
	if f.Channel != "" && r.Channel != f.Channel {
		return false
	}
	if f.OnlyOpen && !r.Status.Open() {
		return false
	}
	if !f.DueBy.IsZero() && (r.Due.IsZero() || r.Due.After(f.DueBy)) {
		return false
	}
	if f.OnlyClosed && (r.Closed == 0 || r.Closed <= f.ClosedAfter) {
		return false
	}
	if f.User != "" {
		for _, u := range r.Users {
			if u == f.User {
				return true
			}
		}
		return false
	}
	return true
}

// last keeps the n greatest ids of recs, which are in id order; n below
// one keeps all.
func last(recs []Record, n int) []Record {
	if n > 0 && len(recs) > n {
		return recs[len(recs)-n:]
	}
	return recs
}

// closes reports whether writing next over a record that was numbered
// closedBefore (zero if it was open or new) closes it now.
func closes(next Record, closedBefore uint64) bool {
	return !next.Status.Open() && closedBefore == 0
}

// Package postgres is a storage.Store on PostgreSQL, for a bot whose games
// live in a database server rather than in a file of its own.
//
// It keeps the bbolt store's contract to the letter (storagetest runs
// against both): ids from a sequence in the same base-36 form, and every
// Put a compare-and-swap on the version, done by the database in one
// UPDATE, so two processes sharing a database can never both apply a move
// to the same game.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lifebot/lifebot/storage"
)

// Store is a storage.Store on a PostgreSQL database. It is safe for
// concurrent use, also by several processes on the same database.
type Store struct {
	pool   *pgxpool.Pool
	now    func() time.Time
	closed atomic.Bool
	purger storage.MarkPurger
}

var _ storage.Store = (*Store)(nil)

// Open connects to the database at url, a postgres:// URL or a
// keyword/value string as libpq reads them, and brings its schema up to
// date. A database whose schema is newer than this build knows is
// refused. Errors name the database with its password left out.
func Open(ctx context.Context, url string) (*Store, error) {
	return OpenPool(ctx, url, DefaultPool)
}

// OpenPool is Open with a store that keeps at most conns connections to
// the server (pool_max_conns in the URL still rules). Every process on
// one server keeps its own: together they must stay within the server's
// max_connections, and a call finding the server full waits for one of
// its own connections to come free (see acquire).
func OpenPool(ctx context.Context, url string, conns int) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, openError(url, err)
	}
	if conns < 1 {
		return nil, fmt.Errorf("postgres: a pool of %d connections", conns)
	}
	// pgx's default of four connections (or one per core) would queue a
	// busy bot's games behind each other.
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = int32(min(conns, math.MaxInt32))
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, openError(url, err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, openError(url, err)
	}
	return &Store{pool: pool, now: time.Now}, nil
}

// DefaultPool is how many connections a store keeps unless told otherwise.
const DefaultPool = 16

// tooManyConnections is the SQLSTATE of a server with no connection to
// give, for the database or for the role.
const tooManyConnections = "53300"

// acquire takes a connection from the pool. When the server has none to
// give (its max_connections are taken, by other processes too), the call
// waits for one of the pool's own connections to come free, up to ctx's
// deadline, rather than fail: a busy moment is not an error.
func (s *Store) acquire(ctx context.Context) (*pgxpool.Conn, error) {
	wait := 2 * time.Millisecond
	for {
		c, err := s.pool.Acquire(ctx)
		var pgErr *pgconn.PgError
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != tooManyConnections {
			return c, err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, err
		case <-t.C:
		}
		wait = min(2*wait, 100*time.Millisecond)
	}
}

// redactedError is an error whose message was cleared of a password; it
// still wraps the driver's error, for errors.Is and errors.As.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// openError says on one line why Open failed, naming the database without
// its password.
func openError(url string, err error) error {
	msg := fmt.Sprintf("postgres: %s: %s", Redact(url), strings.Join(strings.Fields(scrub(err.Error(), url)), " "))
	return &redactedError{msg: msg, err: err}
}

// columns are a record's as a write gives them, in the order of values;
// readColumns add the Closed number the store sets, in the order scan
// reads them.
const (
	columns     = "id, game, guild, channel, users, status, version, updated_ns, due_ns, data"
	readColumns = columns + ", closed_seq"
)

// insert stores a new record; $11 is its Closed number, NULL while open.
const insert = "INSERT INTO games (" + columns + ", closed_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING"

// nextClosed is the next Closed number. Every write of a closed record
// holds closingLock while it numbers and until it commits, so numbers are
// handed out in the order the writes commit, and none is skipped.
const nextClosed = "(SELECT coalesce(max(closed_seq), 0) + 1 FROM games)"

// closingLock is the advisory lock of writes that close a game ("closing"
// in ASCII).
const closingLock = 0x636c6f73696e67

// insertClosed stores a new closed record with the next Closed number.
const insertClosed = "INSERT INTO games (" + columns + ", closed_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, " + nextClosed + ") ON CONFLICT (id) DO NOTHING RETURNING closed_seq"

// Create implements storage.Store. Each limit's channel or host has an
// advisory lock, taken in one order by every process for the length of
// the transaction: the creates that count the same records wait for each
// other, and each counts what the one before it committed.
func (s *Store) Create(ctx context.Context, r storage.Record, limits ...storage.Limit) (storage.Record, error) {
	if s.closed.Load() {
		return storage.Record{}, storage.ErrClosed
	}
	r = clone(r)
	r.Version, r.Updated, r.Closed = 1, s.now().UTC(), 0
	args, err := values(r)
	if err != nil {
		return storage.Record{}, err
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return storage.Record{}, s.fail("creating a game", err)
	}
	defer c.Release()
	if r.ID == "" {
		var n int64
		if err := c.QueryRow(ctx, "SELECT nextval('games_id_seq')").Scan(&n); err != nil {
			return storage.Record{}, s.fail("taking a new game id", err)
		}
		r.ID = storage.FormatID(uint64(n))
		args[0] = r.ID
	}
	if len(limits) == 0 && r.Status.Open() {
		tag, err := c.Exec(ctx, insert, append(args, nil)...)
		if err != nil {
			return storage.Record{}, s.fail("creating game "+r.ID, err)
		}
		if tag.RowsAffected() == 0 {
			return storage.Record{}, storage.ErrConflict
		}
		return r, nil
	}
	err = pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
		var keys []string
		for _, l := range limits {
			if l.Channel != "" {
				keys = append(keys, "channel "+l.Channel)
			} else {
				keys = append(keys, "host "+l.Host)
			}
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", k); err != nil {
				return err
			}
		}
		if !r.Status.Open() {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(closingLock)); err != nil {
				return err
			}
		}
		for _, l := range limits {
			q, arg := "SELECT count(*) FROM games WHERE channel = $1 AND status IN (0, 1)", l.Channel
			if l.Channel == "" {
				q, arg = "SELECT count(*) FROM games WHERE status = 0 AND users[1] = $1", l.Host
			}
			var n int
			if err := tx.QueryRow(ctx, q, arg).Scan(&n); err != nil {
				return err
			}
			if n >= l.Max {
				return storage.ErrLimit
			}
		}
		if !r.Status.Open() {
			var n int64
			err := tx.QueryRow(ctx, insertClosed, args...).Scan(&n)
			if errors.Is(err, pgx.ErrNoRows) {
				return storage.ErrConflict
			}
			r.Closed = uint64(n)
			return err
		}
		tag, err := tx.Exec(ctx, insert, append(args, nil)...)
		if err == nil && tag.RowsAffected() == 0 {
			return storage.ErrConflict
		}
		return err
	})
	switch {
	case errors.Is(err, storage.ErrLimit), errors.Is(err, storage.ErrConflict):
		return storage.Record{}, err
	case err != nil:
		return storage.Record{}, s.fail("creating game "+r.ID, err)
	}
	return r, nil
}

// Get implements storage.Store.
func (s *Store) Get(ctx context.Context, id string) (storage.Record, error) {
	if s.closed.Load() {
		return storage.Record{}, storage.ErrClosed
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return storage.Record{}, s.fail("reading game "+id, err)
	}
	defer c.Release()
	r, err := scan(c.QueryRow(ctx, "SELECT "+readColumns+" FROM games WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return storage.Record{}, storage.ErrNotFound
	}
	if err != nil {
		return storage.Record{}, s.fail("reading game "+id, err)
	}
	return r, nil
}

// put replaces a game if its version is still the one read, and says
// whether it did, its Closed number, and whether the game exists, in one
// statement: the UPDATE waits for a concurrent one on the same row and
// then checks the version again, so of two writers of one version exactly
// one wins. A closed record keeps its number or, closing now, takes the
// next one (%s): the caller holds closingLock then.
const put = `WITH updated AS (
	UPDATE games SET game = $2, guild = $3, channel = $4, users = $5, status = $6,
		version = $7, updated_ns = $8, due_ns = $9, data = $10, closed_seq = %s
	WHERE id = $1 AND version = $11
	RETURNING closed_seq
)
SELECT EXISTS (SELECT FROM updated), (SELECT closed_seq FROM updated), EXISTS (SELECT FROM games WHERE id = $1)`

var (
	putOpen   = fmt.Sprintf(put, "closed_seq")
	putClosed = fmt.Sprintf(put, "coalesce(closed_seq, "+nextClosed+")")
)

// Put implements storage.Store.
func (s *Store) Put(ctx context.Context, r storage.Record) (storage.Record, error) {
	if s.closed.Load() {
		return storage.Record{}, storage.ErrClosed
	}
	read := r.Version
	r = clone(r)
	r.Version, r.Updated = read+1, s.now().UTC()
	args, err := values(r)
	if err != nil {
		return storage.Record{}, err
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return storage.Record{}, s.fail("writing game "+r.ID, err)
	}
	defer c.Release()
	var (
		updated, exists bool
		closed          *int64
	)
	args = append(args, int64(read))
	if r.Status.Open() {
		err = c.QueryRow(ctx, putOpen, args...).Scan(&updated, &closed, &exists)
	} else {
		err = pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(closingLock)); err != nil {
				return err
			}
			return tx.QueryRow(ctx, putClosed, args...).Scan(&updated, &closed, &exists)
		})
	}
	if err != nil {
		return storage.Record{}, s.fail("writing game "+r.ID, err)
	}
	switch {
	case updated:
		r.Closed = 0
		if closed != nil {
			r.Closed = uint64(*closed)
		}
		return r, nil
	case exists:
		return storage.Record{}, storage.ErrConflict
	}
	return storage.Record{}, storage.ErrNotFound
}

// List implements storage.Store.
func (s *Store) List(ctx context.Context, f storage.Filter) ([]storage.Record, error) {
	if s.closed.Load() {
		return nil, storage.ErrClosed
	}
	q, args := listQuery(f)
	c, err := s.acquire(ctx)
	if err != nil {
		return nil, s.fail("listing games", err)
	}
	defer c.Release()
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return nil, s.fail("listing games", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (storage.Record, error) { return scan(row) })
	if err != nil {
		return nil, s.fail("listing games", err)
	}
	if f.Last > 0 {
		slices.Reverse(out)
	}
	return out, nil
}

// listQuery is the query that List runs for f. Each field of f is a
// condition that an index serves: the open games' indexes are partial
// ones on the same status condition, and the due index holds only games
// with a due time.
func listQuery(f storage.Filter) (string, []any) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.Guild != "" {
		where = append(where, "guild = "+arg(f.Guild))
	}
	if f.Channel != "" {
		where = append(where, "channel = "+arg(f.Channel))
	}
	if f.User != "" {
		where = append(where, "users @> ARRAY["+arg(f.User)+"::text]")
	}
	if f.OnlyOpen {
		where = append(where, "status IN (0, 1)")
	}
	if !f.DueBy.IsZero() {
		where = append(where, "due_ns <= "+arg(clamp(f.DueBy)))
	}
	if f.OnlyClosed {
		where = append(where, "closed_seq > "+arg(int64(min(f.ClosedAfter, math.MaxInt64))))
	}
	q := "SELECT " + readColumns + " FROM games"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	// Ids sort as the bbolt store sorts them: shorter first, so that
	// base-36 ids come in the order they were handed out. The Last are
	// read newest first and turned round by List.
	if f.Last > 0 {
		return q + " ORDER BY octet_length(id) DESC, id DESC LIMIT " + arg(f.Last), args
	}
	return q + " ORDER BY octet_length(id), id", args
}

// Import stores r exactly as given, with its id, version, update time and
// due time, unless a game with its id is stored already; it reports
// whether it stored it. It is how games are copied in from another store,
// and running it again for the same game changes nothing. The ids Create
// hands out afterwards follow the imported ones.
func (s *Store) Import(ctx context.Context, r storage.Record) (bool, error) {
	if s.closed.Load() {
		return false, storage.ErrClosed
	}
	if r.ID == "" {
		return false, errors.New("postgres: importing a game without an id")
	}
	args, err := values(r)
	if err != nil {
		return false, err
	}
	var closed *int64
	if r.Closed != 0 {
		n := int64(min(r.Closed, math.MaxInt64))
		closed = &n
	}
	var inserted bool
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, insert, append(args, closed)...)
		if err != nil {
			return err
		}
		inserted = tag.RowsAffected() == 1
		if !inserted {
			return nil
		}
		return reserve(ctx, tx, r.ID)
	})
	if err != nil {
		return false, s.fail("importing game "+r.ID, err)
	}
	return inserted, nil
}

// Reserve keeps Create from handing out ids up to id, the greatest of the
// games about to be imported: reserved before the copy starts, they are
// not taken by a process creating games meanwhile.
func (s *Store) Reserve(ctx context.Context, id string) error {
	if s.closed.Load() {
		return storage.ErrClosed
	}
	if err := reserve(ctx, s.pool, id); err != nil {
		return s.fail("reserving the ids up to "+id, err)
	}
	return nil
}

// reserve moves the id sequence past id, if id is one Create could make;
// the sequence never moves back.
func reserve(ctx context.Context, db interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, id string) error {
	n, err := strconv.ParseUint(id, 36, 63)
	if err != nil || storage.FormatID(n) != id {
		return nil
	}
	_, err = db.Exec(ctx, `SELECT setval('games_id_seq', $1) FROM games_id_seq
		WHERE CASE WHEN is_called THEN last_value + 1 ELSE last_value END <= $1`, int64(n))
	return err
}

// Close implements storage.Store. It waits for the calls in progress.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.pool.Close()
	return nil
}

// fail wraps an error of the database; once the store is closed, every
// error is ErrClosed.
func (s *Store) fail(doing string, err error) error {
	if s.closed.Load() {
		return storage.ErrClosed
	}
	return fmt.Errorf("postgres: %s: %w", doing, err)
}

// values are r's columns as the database takes them.
func values(r storage.Record) ([]any, error) {
	updated, err := nanos(r.Updated)
	if err != nil {
		return nil, fmt.Errorf("postgres: game %s: update time %w", r.ID, err)
	}
	var due *int64
	if !r.Due.IsZero() {
		n, err := nanos(r.Due)
		if err != nil {
			return nil, fmt.Errorf("postgres: game %s: due time %w", r.ID, err)
		}
		due = &n
	}
	users := r.Users
	if users == nil {
		users = []string{}
	}
	data := r.Data
	if data == nil {
		data = []byte{}
	}
	return []any{r.ID, r.Game, r.Guild, r.Channel, users, int16(r.Status), int64(r.Version), updated, due, data}, nil
}

func scan(row pgx.Row) (storage.Record, error) {
	var (
		r                storage.Record
		status           int16
		version, updated int64
		due, closed      *int64
	)
	if err := row.Scan(&r.ID, &r.Game, &r.Guild, &r.Channel, &r.Users, &status, &version, &updated, &due, &r.Data, &closed); err != nil {
		return storage.Record{}, err
	}
	if closed != nil {
		r.Closed = uint64(*closed)
	}
	if len(r.Users) == 0 {
		r.Users = nil
	}
	r.Status, r.Version, r.Updated = storage.Status(status), uint64(version), time.Unix(0, updated).UTC()
	if due != nil {
		r.Due = time.Unix(0, *due).UTC()
	}
	return r, nil
}

// The times a Unix nanosecond count holds, the form times are stored in.
var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

func nanos(t time.Time) (int64, error) {
	if t.Before(minTime) || t.After(maxTime) {
		return 0, fmt.Errorf("%v is outside the years 1678 to 2262 that can be stored", t)
	}
	return t.UnixNano(), nil
}

// clamp is a DueBy as stored times compare with it.
func clamp(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// clone copies a record so that the caller's slices and the returned
// record's are never the same.
func clone(r storage.Record) storage.Record {
	r.Users = slices.Clone(r.Users)
	r.Data = slices.Clone(r.Data)
	return r
}

// mark takes or renews a mark ($1 key, $2 holder, $3 now, $4 until) and
// returns the holder after it. When the key is held, the INSERT returns
// nothing and the holder is read from the statement's snapshot; a holder
// that committed after that snapshot shows no row, and mark is run again.
const mark = `WITH up AS (
	INSERT INTO marks (key, holder, until_ns) VALUES ($1, $2, $4)
	ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, until_ns = excluded.until_ns
	WHERE marks.holder = excluded.holder OR marks.until_ns <= $3
	RETURNING holder
)
SELECT holder FROM up
UNION ALL
SELECT holder FROM marks WHERE key = $1 AND NOT EXISTS (SELECT FROM up)`

// Mark implements storage.Store.
func (s *Store) Mark(ctx context.Context, key, holder string, now, until time.Time) (string, error) {
	if s.closed.Load() {
		return "", storage.ErrClosed
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return "", s.fail("marking "+key, err)
	}
	defer c.Release()
	if before, ok := s.purger.Due(now); ok {
		if _, err := c.Exec(ctx, "DELETE FROM marks WHERE until_ns < $1", clamp(before)); err != nil {
			return "", s.fail("removing lapsed marks", err)
		}
	}
	for range 5 {
		var got string
		err := c.QueryRow(ctx, mark, key, holder, clamp(now), clamp(until)).Scan(&got)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return "", s.fail("marking "+key, err)
		}
		return got, nil
	}
	return "", s.fail("marking "+key, errors.New("the mark kept changing"))
}

// Marks implements storage.Store.
func (s *Store) Marks(ctx context.Context, prefix string) (map[string]storage.Mark, error) {
	if s.closed.Load() {
		return nil, storage.ErrClosed
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return nil, s.fail("reading marks", err)
	}
	defer c.Release()
	escaped := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(prefix)
	rows, err := c.Query(ctx, `SELECT key, holder, until_ns FROM marks WHERE key LIKE $1 ESCAPE '\'`, escaped+"%")
	if err != nil {
		return nil, s.fail("reading marks", err)
	}
	out := map[string]storage.Mark{}
	var (
		key, holder string
		until       int64
	)
	_, err = pgx.ForEachRow(rows, []any{&key, &holder, &until}, func() error {
		out[key] = storage.Mark{Holder: holder, Until: time.Unix(0, until).UTC()}
		return nil
	})
	if err != nil {
		return nil, s.fail("reading marks", err)
	}
	return out, nil
}

// putPlayer writes a person's record if its version is still the one read
// ($2; 0 when there was none), in one statement: of two writers of one
// version exactly one inserts or updates the row.
const putPlayer = `INSERT INTO players AS p (id, version, due_ns, data) VALUES ($1, $2 + 1, $3, $4)
ON CONFLICT (id) DO UPDATE SET version = excluded.version, due_ns = excluded.due_ns, data = excluded.data
WHERE p.version = $2`

// GetPlayer implements storage.Store.
func (s *Store) GetPlayer(ctx context.Context, id string) (storage.Player, error) {
	if s.closed.Load() {
		return storage.Player{}, storage.ErrClosed
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return storage.Player{}, s.fail("reading player "+id, err)
	}
	defer c.Release()
	p, err := scanPlayer(c.QueryRow(ctx, "SELECT id, version, due_ns, data FROM players WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return storage.Player{}, storage.ErrNotFound
	}
	if err != nil {
		return storage.Player{}, s.fail("reading player "+id, err)
	}
	return p, nil
}

// PutPlayer implements storage.Store.
func (s *Store) PutPlayer(ctx context.Context, p storage.Player) (storage.Player, error) {
	if s.closed.Load() {
		return storage.Player{}, storage.ErrClosed
	}
	if p.ID == "" {
		return storage.Player{}, storage.ErrNoPlayerID
	}
	var due *int64
	if !p.Due.IsZero() {
		n, err := nanos(p.Due)
		if err != nil {
			return storage.Player{}, err
		}
		due = &n
	}
	data := p.Data
	if data == nil {
		data = []byte{}
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return storage.Player{}, s.fail("writing player "+p.ID, err)
	}
	defer c.Release()
	tag, err := c.Exec(ctx, putPlayer, p.ID, int64(p.Version), due, data)
	if err != nil {
		return storage.Player{}, s.fail("writing player "+p.ID, err)
	}
	if tag.RowsAffected() != 1 {
		return storage.Player{}, storage.ErrConflict
	}
	p.Version++
	p.Data = slices.Clone(p.Data)
	return p, nil
}

// Players implements storage.Store.
func (s *Store) Players(ctx context.Context, dueBy time.Time) ([]storage.Player, error) {
	if s.closed.Load() {
		return nil, storage.ErrClosed
	}
	c, err := s.acquire(ctx)
	if err != nil {
		return nil, s.fail("reading players", err)
	}
	defer c.Release()
	query, args := "SELECT id, version, due_ns, data FROM players ORDER BY id", []any(nil)
	if !dueBy.IsZero() {
		query, args = "SELECT id, version, due_ns, data FROM players WHERE due_ns <= $1 ORDER BY id", []any{clamp(dueBy)}
	}
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, s.fail("reading players", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (storage.Player, error) { return scanPlayer(row) })
	if err != nil {
		return nil, s.fail("reading players", err)
	}
	return out, nil
}

func scanPlayer(row pgx.Row) (storage.Player, error) {
	var (
		p       storage.Player
		version int64
		due     *int64
	)
	if err := row.Scan(&p.ID, &version, &due, &p.Data); err != nil {
		return storage.Player{}, err
	}
	p.Version = uint64(version)
	if due != nil {
		p.Due = time.Unix(0, *due).UTC()
	}
	return p, nil
}

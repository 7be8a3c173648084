package storage

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Memory is a Store held in memory, for tests and the simulator. It keeps
// the same compare-and-swap contract as the bbolt store.
type Memory struct {
	mu     sync.Mutex
	recs   map[string]Record
	seq    uint64
	shut   uint64 // the last Closed number handed out
	marks  map[string]mark
	people map[string]Player
	purger MarkPurger
	closed bool
	now    func() time.Time
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory {
	return &Memory{recs: map[string]Record{}, marks: map[string]mark{}, people: map[string]Player{}, now: time.Now}
}

// Create implements Store.
func (m *Memory) Create(_ context.Context, r Record, limits ...Limit) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return Record{}, ErrClosed
	}
	if len(limits) > 0 && reached(limits, slices.Collect(maps.Values(m.recs))) {
		return Record{}, ErrLimit
	}
	m.seq++
	if r.ID == "" {
		r.ID = FormatID(m.seq)
	}
	if _, dup := m.recs[r.ID]; dup {
		return Record{}, ErrConflict
	}
	r.Version, r.Updated, r.Closed = 1, m.now().UTC(), 0
	m.number(&r, 0)
	m.recs[r.ID] = clone(r)
	return clone(r), nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, id string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return Record{}, ErrClosed
	}
	r, ok := m.recs[id]
	if !ok {
		return Record{}, ErrNotFound
	}
	return clone(r), nil
}

// Put implements Store.
func (m *Memory) Put(_ context.Context, r Record) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return Record{}, ErrClosed
	}
	old, ok := m.recs[r.ID]
	if !ok {
		return Record{}, ErrNotFound
	}
	if old.Version != r.Version {
		return Record{}, ErrConflict
	}
	r.Version++
	r.Updated = m.now().UTC()
	r.Closed = old.Closed
	m.number(&r, old.Closed)
	m.recs[r.ID] = clone(r)
	return clone(r), nil
}

// List implements Store.
func (m *Memory) List(_ context.Context, f Filter) ([]Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	var out []Record
	for _, r := range m.recs {
		if f.match(r) {
			out = append(out, clone(r))
		}
	}
	slices.SortFunc(out, func(a, b Record) int { return compareIDs(a.ID, b.ID) })
	return last(out, f.Last), nil
}

// number gives r the next Closed number if writing it closes it.
func (m *Memory) number(r *Record, closedBefore uint64) {
	if closes(*r, closedBefore) {
		m.shut++
		r.Closed = m.shut
	}
}

// mark is one key's holder and until when.
type mark struct {
	holder string
	until  time.Time
}

// Mark implements Store.
func (m *Memory) Mark(_ context.Context, key, holder string, now, until time.Time) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return "", ErrClosed
	}
	if old, ok := m.marks[key]; ok && old.holder != holder && now.Before(old.until) {
		return old.holder, nil
	}
	if before, ok := m.purger.Due(now); ok {
		for k, old := range m.marks {
			if old.until.Before(before) {
				delete(m.marks, k)
			}
		}
	}
	m.marks[key] = mark{holder, until}
	return holder, nil
}

// Marks implements Store.
func (m *Memory) Marks(_ context.Context, prefix string) (map[string]Mark, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	out := map[string]Mark{}
	for k, mk := range m.marks {
		if strings.HasPrefix(k, prefix) {
			out[k] = Mark{Holder: mk.holder, Until: mk.until}
		}
	}
	return out, nil
}

// GetPlayer implements Store.
func (m *Memory) GetPlayer(_ context.Context, id string) (Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return Player{}, ErrClosed
	}
	p, ok := m.people[id]
	if !ok {
		return Player{}, ErrNotFound
	}
	return clonePlayer(p), nil
}

// PutPlayer implements Store.
func (m *Memory) PutPlayer(_ context.Context, p Player) (Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return Player{}, ErrClosed
	case p.ID == "":
		return Player{}, ErrNoPlayerID
	case m.people[p.ID].Version != p.Version:
		return Player{}, ErrConflict
	}
	p.Version++
	m.people[p.ID] = clonePlayer(p)
	return clonePlayer(p), nil
}

// Players implements Store.
func (m *Memory) Players(_ context.Context, dueBy time.Time) ([]Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	var out []Player
	for _, p := range m.people {
		if p.dueBy(dueBy) {
			out = append(out, clonePlayer(p))
		}
	}
	slices.SortFunc(out, func(a, b Player) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// Close implements Store.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

// FormatID turns a sequence number into a short game id: base 36, so ids
// stay short inside Discord custom_ids.
func FormatID(n uint64) string { return strconv.FormatUint(n, 36) }

// compareIDs orders ids by length, then text, which for FormatID ids is
// numeric order.
func compareIDs(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

package storage

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Memory is a Store held in memory, for tests and the simulator. It keeps
// the same compare-and-swap contract as the bbolt store.
type Memory struct {
	mu     sync.Mutex
	recs   map[string]Record
	seq    uint64
	closed bool
	now    func() time.Time
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory {
	return &Memory{recs: map[string]Record{}, now: time.Now}
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
	r.Version, r.Updated = 1, m.now().UTC()
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

package storage

import (
	"errors"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// maxBatch bounds one transaction, so a burst of writes still commits in
// pieces whose size does not grow without limit.
const maxBatch = 256

// A change is what one write does once its checks have passed.
type change struct {
	old   *stored // the stored record it replaces; nil for a new one
	next  Record  // the record to store
	value []byte  // next, encoded; nil to encode it in the transaction
	seq   uint64  // the games bucket's new sequence when Create took an id; 0 leaves it
	// mark, when set, is the write instead of a record: a Mark.
	mark *markWrite
	// player, when set, is the write instead of a record: a PutPlayer.
	player *playerWrite
	// holder answers a Mark: who holds its key after the write.
	holder string
}

// An op is one queued write. check reads what the write depends on and
// decides the change, writing nothing, so a refusal (ErrConflict,
// ErrNotFound, an unreadable record) leaves the shared transaction clean
// for the other writes in it. check may run more than once, in a
// transaction that was rolled back: it must depend on nothing but its
// arguments and the transaction, and change nothing it captured.
type op struct {
	check func(*bolt.Tx) (change, error)
	done  chan result
}

type result struct {
	rec    Record
	holder string
	err    error
}

// submit queues a write and waits until it is committed or refused.
func (b *Bolt) submit(check func(*bolt.Tx) (change, error)) (Record, error) {
	res := b.queueOp(check)
	if res.err != nil {
		return Record{}, res.err
	}
	return clone(res.rec), nil
}

// queueOp queues a write and returns its result once it is committed or
// refused.
func (b *Bolt) queueOp(check func(*bolt.Tx) (change, error)) result {
	o := &op{check: check, done: make(chan result, 1)}
	b.mu.Lock()
	switch {
	case b.closed:
		b.mu.Unlock()
		return result{err: ErrClosed}
	case b.damaged != nil:
		err := b.damaged
		b.mu.Unlock()
		return result{err: err}
	case b.readOnly:
		b.mu.Unlock()
		return result{err: errReadOnly}
	}
	b.queue = append(b.queue, o)
	b.wake.Signal()
	b.mu.Unlock()
	return <-o.done
}

// damage returns the error that marked the file damaged, if any.
func (b *Bolt) damage() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.damaged
}

var errReadOnly = errors.New("storage: the database is open read-only")

// commitLoop commits whatever is queued, one transaction at a time: the
// writes that arrive while one transaction syncs go together in the next.
// It returns once the store is closed and the queue is empty.
func (b *Bolt) commitLoop() {
	defer close(b.stopped)
	for {
		batch, ok := b.take()
		if !ok {
			return
		}
		if err := b.damage(); err != nil {
			for _, o := range batch {
				o.done <- result{err: err}
			}
			continue
		}
		b.commit(batch)
	}
}

func (b *Bolt) take() ([]*op, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.queue) == 0 {
		if b.closed {
			return nil, false
		}
		b.wake.Wait()
	}
	n := min(len(b.queue), maxBatch)
	batch := slices.Clone(b.queue[:n])
	b.queue = slices.Delete(b.queue, 0, n)
	return batch, true
}

// commit runs batch in one transaction. A write that fails after its
// check passed has already changed the transaction, so the transaction is
// rolled back, that write is answered with its error, and the rest run
// again without it.
func (b *Bolt) commit(batch []*op) {
	for len(batch) > 0 {
		// Each attempt keeps its own results, so a rolled-back attempt
		// leaves nothing behind.
		results := make([]result, len(batch))
		failed := -1
		err := b.guard(func() error {
			return b.db.Update(func(tx *bolt.Tx) error {
				for i, o := range batch {
					c, err := o.check(tx)
					if err != nil {
						results[i].err = err
						continue
					}
					rec, err := apply(tx, c)
					if err != nil {
						failed = i
						return err
					}
					results[i].rec, results[i].holder = rec, c.holder
				}
				return nil
			})
		})
		if failed >= 0 && err != nil && !errors.Is(err, ErrCorrupt) {
			batch[failed].done <- result{err: err}
			batch = slices.Concat(batch[:failed], batch[failed+1:])
			continue
		}
		for i, o := range batch {
			if err != nil {
				results[i] = result{err: err}
			}
			o.done <- results[i]
		}
		return
	}
}

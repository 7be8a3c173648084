package storage

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// countedOp wraps a check so the test sees how often the committer ran it.
func countedOp(runs map[string]int, name string, check func(*bolt.Tx) (change, error)) *op {
	return &op{
		check: func(tx *bolt.Tx) (change, error) {
			runs[name]++
			return check(tx)
		},
		done: make(chan result, 1),
	}
}

func TestCommitRerunsTheOthersAfterAFailedWrite(t *testing.T) {
	b, err := OpenBolt(filepath.Join(t.TempDir(), "lifebot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	a, _ := b.Create(ctx, Record{Channel: "c", Data: []byte("a1")})
	c, _ := b.Create(ctx, Record{Channel: "c", Data: []byte("c1")})
	a.Data, c.Data = []byte("a2"), []byte("c2")
	putA, _ := b.putCheck(a)
	putC, _ := b.putCheck(c)
	staleA, _ := b.putCheck(a)

	runs := map[string]int{}
	batch := []*op{
		countedOp(runs, "put a", putA),
		countedOp(runs, "stale a", staleA),
		countedOp(runs, "too long", b.createCheck(Record{ID: strings.Repeat("x", bolt.MaxKeySize+1)}, nil)),
		countedOp(runs, "put c", putC),
		countedOp(runs, "new", b.createCheck(Record{Channel: "c"}, nil)),
	}
	b.commit(batch)
	got := map[string]result{}
	for i, name := range []string{"put a", "stale a", "too long", "put c", "new"} {
		got[name] = <-batch[i].done
	}

	if runs["put a"] != 2 || runs["put c"] != 1 || runs["too long"] != 1 {
		t.Fatalf("checks ran %v; want put a twice (before and after the failed write), the rest once", runs)
	}
	if r := got["put a"]; r.err != nil || r.rec.Version != 2 {
		t.Errorf("put a = version %d, %v; want version 2", r.rec.Version, r.err)
	}
	if r := got["stale a"]; !errors.Is(r.err, ErrConflict) {
		t.Errorf("stale a = %v, want ErrConflict", r.err)
	}
	if r := got["too long"]; r.err == nil || errors.Is(r.err, ErrConflict) {
		t.Errorf("too long = %v, want bbolt's refusal", r.err)
	}
	if r := got["put c"]; r.err != nil || r.rec.Version != 2 {
		t.Errorf("put c = version %d, %v; want version 2", r.rec.Version, r.err)
	}
	if r := got["new"]; r.err != nil || r.rec.ID != "3" {
		t.Errorf("new = %q, %v; want id 3", r.rec.ID, r.err)
	}
	for _, want := range []Record{{ID: a.ID, Version: 2, Data: []byte("a2")}, {ID: c.ID, Version: 2, Data: []byte("c2")}, {ID: "3", Version: 1}} {
		r, err := b.Get(ctx, want.ID)
		if err != nil || r.Version != want.Version || string(r.Data) != string(want.Data) {
			t.Errorf("stored %s = version %d data %q, %v; want version %d data %q", want.ID, r.Version, r.Data, err, want.Version, want.Data)
		}
	}
	if next, _ := b.Create(ctx, Record{Channel: "c"}); next.ID != "4" {
		t.Errorf("the next new game got id %q, want 4: the rerun moved the sequence twice", next.ID)
	}
}

// A refusal writes nothing, so it does not cost the others a second run.
func TestCommitRefusalRunsNothingTwice(t *testing.T) {
	b, err := OpenBolt(filepath.Join(t.TempDir(), "lifebot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	a, _ := b.Create(context.Background(), Record{Channel: "c"})
	putA, _ := b.putCheck(a)
	staleA, _ := b.putCheck(a)
	runs := map[string]int{}
	batch := []*op{countedOp(runs, "put a", putA), countedOp(runs, "stale a", staleA), countedOp(runs, "missing", func(tx *bolt.Tx) (change, error) {
		_, err := readStored(tx, "nope")
		return change{}, err
	})}
	b.commit(batch)
	for _, o := range batch {
		<-o.done
	}
	if runs["put a"] != 1 || runs["stale a"] != 1 || runs["missing"] != 1 {
		t.Fatalf("checks ran %v, want each once", runs)
	}
}

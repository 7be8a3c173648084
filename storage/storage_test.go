package storage_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/storagetest"
)

func TestMemory(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store { return storage.NewMemory() })
}

func TestBolt(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store {
		s, err := storage.OpenBolt(filepath.Join(t.TempDir(), "lifebot.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestBoltSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	ctx := context.Background()
	s, err := storage.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"ada"}, Data: []byte("x")})
	r.Data = []byte("y")
	if _, err := s.Put(ctx, r); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = storage.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, r.ID)
	if err != nil || string(got.Data) != "y" || got.Version != 2 {
		t.Fatalf("after reopen got %+v, %v; want data y version 2", got, err)
	}
	next, _ := s.Create(ctx, storage.Record{Channel: "c"})
	if next.ID == r.ID {
		t.Fatalf("id %q reused after reopen", next.ID)
	}
}

func TestBoltRefusesSecondOpener(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lifebot.db")
	s, err := storage.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := storage.OpenBolt(path); err == nil {
		t.Fatal("second OpenBolt of a locked file succeeded")
	}
}

// crashWriterEnv makes the test binary act as a writer that is killed -9.
const crashWriterEnv = "LIFEBOT_STORAGE_CRASH_WRITER"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashWriterEnv); path != "" {
		crashWriter(path)
		return
	}
	os.Exit(m.Run())
}

// crashWriter commits moves to one game as fast as it can, forever. Each
// record's Data is its own version number, so a reader can check that what
// survived is whole.
func crashWriter(path string) {
	ctx := context.Background()
	s, err := storage.OpenBolt(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r, err := s.Get(ctx, "1")
	if errors.Is(err, storage.ErrNotFound) {
		r, err = s.Create(ctx, storage.Record{Channel: "c", Data: []byte("1")})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("ready")
	for {
		r.Data = []byte(strconv.FormatUint(r.Version+1, 10))
		if r, err = s.Put(ctx, r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func TestBoltKilledMidWriteKeepsLastCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns writer processes")
	}
	path := filepath.Join(t.TempDir(), "lifebot.db")
	last := uint64(0)
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashWriterEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 6)
		if _, err := out.Read(buf); err != nil {
			t.Fatalf("round %d: writer did not start: %v", round, err)
		}
		time.Sleep(time.Duration(50+round*40) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		s, err := storage.OpenBolt(path)
		if err != nil {
			t.Fatalf("round %d: reopening after kill -9: %v", round, err)
		}
		r, err := s.Get(context.Background(), "1")
		s.Close()
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if got := string(r.Data); got != strconv.FormatUint(r.Version, 10) {
			t.Fatalf("round %d: record at version %d holds data %q: a torn write", round, r.Version, got)
		}
		if r.Version <= last {
			t.Fatalf("round %d: version %d, not past the %d committed before", round, r.Version, last)
		}
		last = r.Version
	}
}

func BenchmarkBoltPut(b *testing.B) {
	s, err := storage.OpenBolt(filepath.Join(b.TempDir(), "lifebot.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	r, _ := s.Create(ctx, storage.Record{Guild: "g", Channel: "c", Users: []string{"a", "b", "c"}, Data: make([]byte, 4096)})
	b.ReportAllocs()
	for b.Loop() {
		if r, err = s.Put(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
}

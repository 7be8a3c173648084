// Package pgtest gives each test a PostgreSQL database of its own.
//
// A test binary that uses it calls Main from TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// and each test asks for a database:
//
//	url := pgtest.URL(t) // new and empty, dropped when the test ends
//
// With LIFEBOT_TEST_POSTGRES set to a connection URL, the databases are
// made on that server (PostgreSQL 13 or later), whose user must be allowed
// to create databases.
// Otherwise the first call of URL starts a throwaway server from the
// PostgreSQL binaries of this machine (/usr/lib/postgresql/*/bin, the
// highest version, or else initdb and postgres on the PATH), listening on
// a Unix socket only, in a temporary directory; Main stops it and removes
// the directory once the tests are done, and so does a watcher process if
// the test binary dies first. When no server can be had, URL skips the
// test, or fails it if CI is "true".
package pgtest

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// serverEnv names the variable that points the tests at a server of the
// caller's.
const serverEnv = "LIFEBOT_TEST_POSTGRES"

// watchEnv makes the test binary act as the watcher of a throwaway
// server (see watch).
const watchEnv = "LIFEBOT_PGTEST_WATCH"

var (
	mainRunning atomic.Bool

	startOnce sync.Once
	srv       *server
	startErr  error
)

// server is where the databases are made.
type server struct {
	admin *pgxpool.Pool
	// url is a connection URL to the server, whose database is replaced
	// by each test's.
	url string
	// watcher is the process running a throwaway server; nil for the
	// caller's server. Closing its stdin tells it to stop.
	watcher *exec.Cmd
	stdin   io.WriteCloser
}

// Main runs the tests and then stops the throwaway server, if one was
// started; it exits with the tests' status.
func Main(m *testing.M) {
	if os.Getenv(watchEnv) != "" {
		os.Exit(watch())
	}
	mainRunning.Store(true)
	code := m.Run()
	if srv != nil {
		if err := srv.stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

// URL returns a connection URL to a new, empty database that only this
// test uses; it is dropped when the test ends.
func URL(tb testing.TB) string {
	tb.Helper()
	if !mainRunning.Load() {
		tb.Fatal("pgtest: call pgtest.Main(m) from TestMain")
	}
	startOnce.Do(func() { srv, startErr = start() })
	if startErr != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("pgtest: no PostgreSQL to test with: %v", startErr)
		}
		tb.Skipf("pgtest: no PostgreSQL to test with: %v", startErr)
	}
	name := "lifebot_test_" + randomHex()
	ident := pgx.Identifier{name}.Sanitize()
	ctx := context.Background()
	if _, err := srv.admin.Exec(ctx, "CREATE DATABASE "+ident); err != nil {
		tb.Fatalf("pgtest: creating database %s: %v", name, err)
	}
	tb.Cleanup(func() {
		// FORCE ends the connections a failed test left open.
		if _, err := srv.admin.Exec(ctx, "DROP DATABASE IF EXISTS "+ident+" WITH (FORCE)"); err != nil {
			tb.Errorf("pgtest: dropping database %s: %v", name, err)
		}
	})
	return withDatabase(srv.url, name)
}

func randomHex() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// withDatabase is the connection string u with its database replaced by
// name.
func withDatabase(u, name string) string {
	if parsed, err := url.Parse(u); err == nil && (parsed.Scheme == "postgres" || parsed.Scheme == "postgresql") {
		parsed.Path = "/" + name
		parsed.RawPath = ""
		return parsed.String()
	}
	// A keyword/value string: a later keyword overrides an earlier one.
	return u + " dbname=" + name
}

// start finds or starts the server.
func start() (*server, error) {
	if u := os.Getenv(serverEnv); u != "" {
		admin, err := connect(u)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", serverEnv, err)
		}
		return &server{admin: admin, url: u}, nil
	}
	return startWatcher()
}

func connect(u string) (*pgxpool.Pool, error) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, u)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

// startWatcher runs this test binary again as the watcher of a
// throwaway server and waits for the server to be ready. The watcher is a
// process of its own so that the server is stopped and its directory
// removed even when this one dies: it stops them when its stdin closes.
func startWatcher() (*server, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), watchEnv+"=1")
	// A ^C in the terminal stops the tests; the watcher, in a process
	// group of its own, is left to stop the server in order.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, readErr := bufio.NewReader(stdout).ReadString('\n')
	dir, ok := strings.CutPrefix(strings.TrimSpace(line), readyLine)
	if !ok {
		stdin.Close()
		cmd.Wait()
		if reason, found := strings.CutPrefix(strings.TrimSpace(line), failedLine); found {
			return nil, errors.New(reason)
		}
		return nil, fmt.Errorf("the PostgreSQL watcher stopped without a word (%v)", readErr)
	}
	s := &server{url: socketURL(dir, "postgres"), watcher: cmd, stdin: stdin}
	if s.admin, err = connect(s.url); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// socketURL is the URL of database db on the server listening in dir.
func socketURL(dir, db string) string {
	return "postgres://" + superuser + "@/" + db + "?host=" + url.QueryEscape(dir) + "&sslmode=disable"
}

// stop lets go of the server, stopping it if it is a throwaway one.
func (s *server) stop() error {
	if s.admin != nil {
		s.admin.Close()
	}
	if s.watcher == nil {
		return nil
	}
	s.stdin.Close()
	if err := s.watcher.Wait(); err != nil {
		return fmt.Errorf("stopping the throwaway PostgreSQL: %w", err)
	}
	return nil
}

package pgtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// What the watcher prints on its stdout, once: readyLine and the socket
// directory, or failedLine and why.
const (
	readyLine  = "ready "
	failedLine = "failed "
)

// superuser is the role initdb makes, whoever runs it.
const superuser = "postgres"

// The waits of a throwaway server. They bound a server that hangs, not
// one that is slow: each is far beyond what a start or stop takes.
const (
	readyWait = 2 * time.Minute
	stopWait  = time.Minute
)

// watch is the watcher process: it starts a throwaway server, says where
// it listens, and when its stdin closes, because the tests are done or
// the test binary died, stops the server and removes its directory.
func watch() int {
	// The server gets the parent-death signal of this thread: should the
	// watcher itself be killed, the server shuts down at once.
	runtime.LockOSThread()
	dir, srv, err := startServer()
	if err != nil {
		fmt.Printf("%s%s\n", failedLine, oneLine(err.Error()))
		return 1
	}
	fmt.Printf("%s%s\n", readyLine, dir)
	io.Copy(io.Discard, os.Stdin)
	code := 0
	if err := srv.stop(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		code = 1
	}
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		code = 1
	}
	return code
}

// process is a running server.
type process struct {
	cmd    *exec.Cmd
	exited chan struct{} // closed once the server has exited
	err    error         // why it exited, once it has
}

// startServer makes a cluster in a new temporary directory and starts a
// server on it that listens on a socket in that directory. On error,
// nothing is left behind.
func startServer() (dir string, p *process, err error) {
	bin, err := findBinaries()
	if err != nil {
		return "", nil, err
	}
	dir, err = os.MkdirTemp("", "lifebot-pgtest-")
	if err != nil {
		return "", nil, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	// PostgreSQL refuses to run as root: then it runs as the postgres
	// user, which must be able to write the directory and reach it.
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		if cred, err = postgresUser(); err != nil {
			return "", nil, err
		}
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return "", nil, err
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", superuser, "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("%s failed: %v: %s", initdb.Path, err, lastLines(string(out), 3))
	}
	logPath := filepath.Join(dir, "postgres.log")
	log, err := os.Create(logPath)
	if err != nil {
		return "", nil, err
	}
	defer log.Close()
	// No TCP, so parallel servers never meet; no fsync, as a test's data
	// is thrown away.
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", dir, "-c", "listen_addresses=", "-F",
		"-c", "max_connections=200", "-c", "full_page_writes=off")
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	p = &process{cmd: cmd, exited: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	if err := p.waitReady(dir); err != nil {
		p.stop()
		text, _ := os.ReadFile(logPath)
		return "", nil, fmt.Errorf("%v: %s", err, lastLines(string(text), 3))
	}
	return dir, p, nil
}

// findBinaries returns the directory of initdb and postgres: Debian's
// newest, or else the PATH's.
func findBinaries() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	dirs = slices.DeleteFunc(dirs, func(d string) bool { return !executable(filepath.Join(d, "initdb")) })
	if len(dirs) > 0 {
		return slices.MaxFunc(dirs, func(a, b string) int {
			return compareVersions(filepath.Base(filepath.Dir(a)), filepath.Base(filepath.Dir(b)))
		}), nil
	}
	initdb, err := exec.LookPath("initdb")
	if err != nil {
		return "", errors.New("no PostgreSQL binaries: neither /usr/lib/postgresql/*/bin/initdb nor initdb on the PATH (install the postgresql package)")
	}
	dir := filepath.Dir(initdb)
	if !executable(filepath.Join(dir, "postgres")) {
		return "", fmt.Errorf("%s has no postgres beside it", initdb)
	}
	return dir, nil
}

func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// compareVersions orders versions such as "9.6" and "15" by their numbers.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(as), len(bs)) {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return x - y
		}
	}
	return 0
}

func postgresUser() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, and PostgreSQL will not: there is no postgres user to run it as (%v)", err)
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, err
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// waitReady waits until the server, listening in dir, accepts
// connections, or exits.
func (p *process) waitReady(dir string) error {
	ctx, cancel := context.WithTimeout(context.Background(), readyWait)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		conn, err := pgconn.Connect(ctx, socketURL(dir, "postgres"))
		if err == nil {
			return conn.Close(ctx)
		}
		select {
		case <-p.exited:
			return fmt.Errorf("postgres exited at start (%v)", p.err)
		case <-ctx.Done():
			return fmt.Errorf("postgres did not accept connections within %v", readyWait)
		case <-tick.C:
		}
	}
}

// stop asks for a fast shutdown, which ends the sessions and checkpoints,
// and then for an immediate one if that hangs.
func (p *process) stop() error {
	p.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-p.exited:
		return nil
	case <-time.After(stopWait):
	}
	p.cmd.Process.Signal(syscall.SIGQUIT)
	<-p.exited
	return fmt.Errorf("postgres did not stop within %v of a fast shutdown", stopWait)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return oneLine(strings.Join(lines[max(0, len(lines)-n):], " "))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

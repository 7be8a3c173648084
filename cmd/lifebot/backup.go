package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/lifebot/lifebot/storage"
)

// A running bot holds the database's lock, so no other process can read
// the file: the bot makes the copy. It answers GET /backup on a Unix
// socket beside the database with a copy written from one read
// transaction, and "lifebot backup" asks it for one. With no bot running,
// "lifebot backup" reads the database itself.

// socketPath is where the bot using the database db answers.
func socketPath(db string) string { return db + ".sock" }

// answerTimeout bounds the wait for a bot to start sending a copy.
const answerTimeout = 30 * time.Second

// backupServer answers backup requests for a running bot.
type backupServer struct {
	path string
	srv  *http.Server
	done chan struct{}
}

// serveBackups listens on the socket beside the database db and answers
// with the copies store writes, from one read transaction each. The caller
// holds the database's lock, so a socket already there was left by a bot
// that crashed, and is replaced.
func serveBackups(store io.WriterTo, db string, log *slog.Logger) (*backupServer, error) {
	sock := socketPath(db)
	if fi, err := os.Lstat(sock); err == nil {
		if fi.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("%s is in the way: it is not a socket", sock)
		}
		if err := os.Remove(sock); err != nil {
			return nil, err
		}
	}
	ln, err := listenPrivate(sock)
	if err != nil {
		return nil, err
	}
	s := &backupServer{path: sock, done: make(chan struct{})}
	s.srv = &http.Server{
		Handler:           http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sendBackup(store, log, w, r) }),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go func() {
		defer close(s.done)
		s.srv.Serve(ln)
	}()
	return s, nil
}

// listenPrivate listens on a Unix socket at path that only this user may
// connect to. It is made in a directory of its own, given mode 0600 and
// only then moved into place, so no umask ever opens it to others.
func listenPrivate(path string) (net.Listener, error) {
	dir, err := os.MkdirTemp(filepath.Dir(path), ".lifebot-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "s")
	ln, err := net.Listen("unix", tmp)
	if err != nil {
		return nil, err
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	if err := os.Chmod(tmp, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

func sendBackup(store io.WriterTo, log *slog.Logger, w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/backup" {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet {
		http.Error(w, "use GET", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	cw := &countingWriter{w: w}
	n, err := store.WriteTo(cw)
	if err != nil {
		log.Error("sending a backup", "err", err)
		if cw.n == 0 {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		// Cut the stream short, so the other end sees the copy is
		// incomplete rather than take it for whole.
		panic(http.ErrAbortHandler)
	}
	log.Info("backup sent", "bytes", n)
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Close stops answering, lets a backup being sent finish, and removes the
// socket.
func (s *backupServer) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	<-s.done
	if rerr := os.Remove(s.path); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
		err = errors.Join(err, rerr)
	}
	return err
}

// errNoBot means nothing listens on the socket.
var errNoBot = errors.New("no bot answers")

// backupFlags declares the flags of "lifebot backup BACKUP_FILE" and
// returns what makes the backup.
func backupFlags(flags *flag.FlagSet) runFunc {
	configPath := configFlag(flags, "storage.path", "LIFEBOT_DATA overrides it")
	return func(ctx context.Context, operands []string, stdout io.Writer, getenv func(string) string) error {
		if len(operands) != 1 {
			return errOperands
		}
		return runBackup(ctx, configFile(*configPath), operands[0], stdout, getenv)
	}
}

// runBackup makes a consistent copy of the database, from the running bot
// if there is one, written beside dest, synced, read back and only then
// renamed to dest.
func runBackup(ctx context.Context, configPath, dest string, stdout io.Writer, getenv func(string) string) error {
	cfg, err := readConfig(configPath, getenv)
	if err != nil {
		return errUsage{err}
	}
	fmt.Fprintf(stdout, "settings from %s\n", cfg.source())
	if cfg.Storage.Backend == "postgres" {
		return errUsage{errors.New("storage.backend is postgres: back the database up with pg_dump; lifebot backup copies a bbolt file")}
	}
	db := cfg.Storage.Path
	if strings.TrimSpace(db) == "" {
		return errUsage{errors.New("storage.path is empty: set it in the config file or LIFEBOT_DATA")}
	}
	if err := checkDestination(db, dest); err != nil {
		return errUsage{err}
	}
	err = backupTo(ctx, db, dest, stdout)
	if err != nil && errors.Is(ctx.Err(), context.Canceled) {
		return errStopped
	}
	return err
}

// errStopped is a backup interrupted by a signal.
var errStopped = errors.New("stopped before the copy was complete: no backup was written")

// backupTo copies db to dest by way of a temporary file beside dest,
// which it holds locked while it writes: a temporary nobody holds was
// left by a backup that was killed, and is removed first.
func backupTo(ctx context.Context, db, dest string, stdout io.Writer) error {
	prefix := "." + filepath.Base(dest) + ".tmp-"
	removeStaleTemporaries(filepath.Dir(dest), prefix)
	tmp, err := os.CreateTemp(filepath.Dir(dest), prefix)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := syscall.Flock(int(tmp.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		tmp.Close()
		return err
	}
	source, err := copyDatabase(ctx, db, tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	games, note, err := countGames(ctx, tmp.Name())
	if err != nil {
		return fmt.Errorf("the copy does not read back: %w", err)
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		return err
	}
	syncDir(filepath.Dir(dest))
	fmt.Fprintf(stdout, "backed up %d games from %s to %s%s\n", games, source, dest, note)
	return nil
}

// removeStaleTemporaries removes the temporary files of earlier backups to
// the same file in dir that no running backup holds.
func removeStaleTemporaries(dir, prefix string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.Remove(path)
		}
		f.Close()
	}
}

// checkDestination refuses a backup file that cannot be written or would
// replace the database itself.
func checkDestination(db, dest string) error {
	dir := filepath.Dir(dest)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a directory", dest, dir)
	}
	fi, err := os.Stat(dest)
	if err != nil {
		return nil
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a directory: name the backup file", dest)
	}
	if dfi, err := os.Stat(db); err == nil && os.SameFile(fi, dfi) {
		return fmt.Errorf("%s is the database itself: back it up to another file", dest)
	}
	return nil
}

// copyDatabase writes a copy of db to w and says where it came from.
func copyDatabase(ctx context.Context, db string, w io.Writer) (string, error) {
	sock := socketPath(db)
	err := fetchBackup(ctx, sock, w)
	if err == nil {
		return "the running bot", nil
	}
	if !errors.Is(err, errNoBot) {
		return "", err
	}
	s, oerr := storage.OpenBoltReadOnly(db)
	switch {
	case errors.Is(oerr, storage.ErrInUse):
		return "", fmt.Errorf("%s is in use by another process, but no bot answers on %s", db, sock)
	case errors.Is(oerr, fs.ErrNotExist):
		return "", errUsage{oerr}
	case oerr != nil:
		return "", oerr
	}
	defer s.Close()
	if _, err := s.WriteTo(w); err != nil {
		return "", err
	}
	return db, nil
}

// fetchBackup asks the bot on sock for a copy; errNoBot if none listens.
func fetchBackup(ctx context.Context, sock string, w io.Writer) error {
	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", sock)
		},
		ResponseHeaderTimeout: answerTimeout,
	}}
	defer client.CloseIdleConnections()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://lifebot/backup", nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	var uerr *url.Error
	switch {
	case errors.Is(err, syscall.ENOENT), errors.Is(err, syscall.ECONNREFUSED):
		return errNoBot
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &uerr) && uerr.Timeout():
		return fmt.Errorf("the bot on %s did not answer", sock)
	case err != nil:
		return fmt.Errorf("asking the bot on %s for a backup: %w", sock, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		return fmt.Errorf("the bot on %s could not make a backup: %s", sock, oneLine(string(msg)))
	}
	if _, err := io.Copy(w, resp.Body); err != nil {
		return fmt.Errorf("the copy from the bot on %s broke off: %w", sock, err)
	}
	return nil
}

// countGames opens the copy as the bot would and counts its games. A game
// that cannot be read is as unreadable in the database, so the copy is
// still kept, with a note.
func countGames(ctx context.Context, path string) (int, string, error) {
	s, err := storage.OpenBoltReadOnly(path)
	if err != nil {
		return 0, "", err
	}
	defer s.Close()
	games, err := s.List(ctx, storage.Filter{})
	if errors.Is(err, storage.ErrCorrupt) {
		return len(games), " (" + err.Error() + ")", nil
	}
	return len(games), "", err
}

// syncDir makes a rename in dir durable; where directories cannot be
// synced, the rename is as durable as the system makes it anyway.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

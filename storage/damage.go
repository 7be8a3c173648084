package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"strings"
	"syscall"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// corruptError wraps ErrCorrupt with a message that says it all.
type corruptError struct{ msg string }

func (e *corruptError) Error() string { return e.msg }
func (e *corruptError) Unwrap() error { return ErrCorrupt }

// panicError is a panic caught at the storage boundary. bbolt panics when
// it meets pages that make no sense, which is how it meets a damaged file.
type panicError struct{ reason string }

func (e *panicError) Error() string { return "bbolt panicked: " + e.reason }

// schemaError is a readable file that this build must not read.
type schemaError struct{ msg string }

func (e *schemaError) Error() string { return e.msg }

// protect runs fn and turns a panic into a *panicError. A fault on the
// memory map, as when the file is shorter than its pages say, becomes a
// panic too rather than a crash of the process.
func protect(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{oneLine(fmt.Sprint(p))}
		}
	}()
	return fn()
}

// openError says in one line why path cannot be opened.
func openError(path string, readOnly bool, err error) error {
	var (
		pe     *panicError
		ce     *corruptError
		se     *schemaError
		reason string
	)
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("storage: %s is in use by another process", path)
	case readOnly && errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("storage: no database at %s", path)
	case errors.As(err, &se):
		return fmt.Errorf("storage: %s %s", path, se.msg)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, errForeign):
		return &corruptError{fmt.Sprintf("storage: %s is not a lifebot database, or is damaged beyond reading (%v); check storage.path, or restore it from a backup", path, err)}
	case errors.As(err, &pe):
		reason = pe.reason
	case errors.As(err, &ce):
		reason = ce.msg
	case errors.As(err, new(*fs.PathError)), errors.As(err, new(syscall.Errno)):
		return fmt.Errorf("storage: opening %s: %w", path, err)
	default:
		reason = oneLine(err.Error())
	}
	return &corruptError{fmt.Sprintf("storage: %s is damaged (%s); restore it from a backup", path, reason)}
}

var errForeign = errors.New("a bbolt file written by another program")

// verify reads every page the database reaches, so that damage stops the
// bot when it opens the file rather than in the middle of a move.
func verify(tx *bolt.Tx, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() < tx.Size() {
		return &corruptError{fmt.Sprintf("truncated: %d bytes where %d are in use", fi.Size(), tx.Size())}
	}
	// Walking every key with cursors touches every branch and leaf page
	// in this goroutine, where a panic or a fault is caught; only then is
	// it safe to let bbolt's own check, which runs in a goroutine of its
	// own, look at how the pages fit together. lifebot never nests
	// buckets, so one level is all a sound file has.
	err = tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
		return bk.ForEach(func(k, v []byte) error {
			if v == nil {
				return &corruptError{fmt.Sprintf("bucket %q holds a bucket %q", name, k)}
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	var problems []string
	for err := range tx.Check() {
		problems = append(problems, err.Error())
	}
	switch len(problems) {
	case 0:
		return nil
	case 1:
		return &corruptError{oneLine(problems[0])}
	}
	return &corruptError{fmt.Sprintf("%s, and %d more problems", oneLine(problems[0]), len(problems)-1)}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

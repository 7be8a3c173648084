package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime/debug"
	"strings"
	"syscall"

	berrors "go.etcd.io/bbolt/errors"
)

// kindError is an error whose message says it all and that wraps kind,
// one of the sentinels, for errors.Is.
type kindError struct {
	msg  string
	kind error
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

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
		ce     *kindError
		se     *schemaError
		reason string
	)
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return &kindError{fmt.Sprintf("storage: %s is in use by another process", path), ErrInUse}
	case readOnly && errors.Is(err, fs.ErrNotExist):
		return &kindError{fmt.Sprintf("storage: no database at %s", path), fs.ErrNotExist}
	case errors.As(err, &se):
		return fmt.Errorf("storage: %s %s", path, se.msg)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, errForeign):
		return &kindError{fmt.Sprintf("storage: %s is not a lifebot database, or is damaged beyond reading (%v); check storage.path, or restore it from a backup", path, err), ErrCorrupt}
	case errors.As(err, &pe):
		reason = pe.reason
	case errors.As(err, &ce) && ce.kind == ErrCorrupt:
		reason = ce.msg
	case errors.As(err, new(*fs.PathError)), errors.As(err, new(syscall.Errno)):
		return fmt.Errorf("storage: opening %s: %w", path, err)
	default:
		reason = oneLine(err.Error())
	}
	return &kindError{fmt.Sprintf("storage: %s is damaged (%s); restore it from a backup", path, reason), ErrCorrupt}
}

var errForeign = errors.New("a bbolt file written by another program")

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

//go:build unix

package storage

import (
	"os"
	"syscall"
)

// release lets go of a file that bbolt locked and mapped before it gave
// up. The mapping keeps the open file alive after Close, and with it the
// lock, so the lock is undone first. The mapping itself stays until the
// process ends: bbolt alone knows where it is.
func release(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	f.Close()
}

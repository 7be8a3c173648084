//go:build !unix

package storage

import "os"

// release closes a file that bbolt opened before it gave up.
func release(f *os.File) { f.Close() }

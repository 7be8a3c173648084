package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"

	bolt "go.etcd.io/bbolt"
)

// bbolt's on-disk format (version 2, unchanged since boltdb): every page
// starts with a 16-byte header, and branch and leaf pages follow it with
// 16-byte elements whose keys and values lie further on in the page.
const (
	headerSize     = 16
	elementSize    = 16
	branchPage     = 0x01
	leafPage       = 0x02
	freelistPage   = 0x10
	bucketElement  = 0x01 // a leaf element whose value is a bucket
	bucketHeader   = 16   // root page id and sequence, before an inline page
	noFreelist     = ^uint64(0)
	maxTreeDepth   = 64
	metaOffset     = headerSize
	metaRootAt     = metaOffset + 16
	metaFreelistAt = metaOffset + 32
	metaTxidAt     = metaOffset + 48
)

var le = binary.LittleEndian

// verifyPages reads, straight from the file, every page that tx's meta
// page reaches, and its freelist, bounding every read by the file: page
// ids in range, each page reached once, every key and value inside its
// page, keys in order, free pages not in use. bbolt trusts all of that:
// on a damaged file it reads wherever a page points, and panics, faults
// or allocates whatever a damaged count says. A file that passes can be
// read by bbolt without leaving its pages.
func verifyPages(tx *bolt.Tx, path string, pageSize int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Size() < tx.Size() {
		return damaged("truncated: %d bytes where %d are in use", fi.Size(), tx.Size())
	}
	w := &pageWalk{f: f, pageSize: uint64(pageSize), high: uint64(tx.Size()) / uint64(pageSize), seen: map[uint64]bool{0: true, 1: true}}
	root, freelist, err := w.meta(uint64(tx.ID()))
	if err != nil {
		return err
	}
	if _, err := w.tree(root, 0, nil, nil); err != nil {
		return err
	}
	if freelist == noFreelist {
		return nil
	}
	return w.freelist(freelist)
}

type pageWalk struct {
	f        *os.File
	pageSize uint64
	high     uint64 // pages below this id are in the database
	seen     map[uint64]bool
}

func damaged(format string, args ...any) error {
	return &kindError{fmt.Sprintf(format, args...), ErrCorrupt}
}

// meta finds the meta page bbolt chose, the one of transaction txid, and
// returns the root and freelist page ids it names.
func (w *pageWalk) meta(txid uint64) (root, freelist uint64, err error) {
	for id := range uint64(2) {
		p := make([]byte, metaTxidAt+8)
		if _, err := w.f.ReadAt(p, int64(id*w.pageSize)); err != nil {
			continue
		}
		if le.Uint64(p[metaTxidAt:]) == txid {
			return le.Uint64(p[metaRootAt:]), le.Uint64(p[metaFreelistAt:]), nil
		}
	}
	return 0, 0, damaged("no meta page holds transaction %d", txid)
}

// read returns page id with its overflow pages, and marks them reached.
func (w *pageWalk) read(id uint64) ([]byte, error) {
	if id < 2 || id >= w.high {
		return nil, damaged("page %d is outside the database's %d pages", id, w.high)
	}
	p := make([]byte, w.pageSize)
	if _, err := w.f.ReadAt(p, int64(id*w.pageSize)); err != nil {
		return nil, err
	}
	if got := le.Uint64(p); got != id {
		return nil, damaged("page %d says it is page %d", id, got)
	}
	overflow := uint64(le.Uint32(p[12:]))
	if id+overflow >= w.high {
		return nil, damaged("page %d runs past the database's %d pages", id, w.high)
	}
	for i := id; i <= id+overflow; i++ {
		if w.seen[i] {
			return nil, damaged("page %d is reached twice", i)
		}
		w.seen[i] = true
	}
	if overflow > 0 {
		p = append(p, make([]byte, overflow*w.pageSize)...)
		if _, err := w.f.ReadAt(p[w.pageSize:], int64((id+1)*w.pageSize)); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (w *pageWalk) tree(id uint64, depth int, min, max []byte) ([]byte, error) {
	p, err := w.read(id)
	if err != nil {
		return nil, err
	}
	return w.node(p, id, depth, min, max)
}

// node checks a branch or leaf page, or a bucket's inline page (id 0),
// and walks on to the pages it names. Its keys must be in order, at least
// min and below max (nil for no bound), as bbolt's own check wants; a key
// out of place would make its game silently unfindable. It returns the
// greatest key under it.
func (w *pageWalk) node(p []byte, id uint64, depth int, min, max []byte) ([]byte, error) {
	if depth > maxTreeDepth {
		return nil, damaged("pages nest deeper than %d", maxTreeDepth)
	}
	if len(p) < headerSize {
		return nil, damaged("page %d is cut short", id)
	}
	flags, count := le.Uint16(p[8:]), uint64(le.Uint16(p[10:]))
	if flags != branchPage && flags != leafPage {
		return nil, damaged("page %d is neither a branch nor a leaf (type %#x)", id, flags)
	}
	if headerSize+count*elementSize > uint64(len(p)) {
		return nil, damaged("page %d: %d entries do not fit in it", id, count)
	}
	last := min
	for i := range count {
		at := headerSize + i*elementSize
		e := p[at : at+elementSize]
		var start, ksize, vsize uint64
		if flags == branchPage {
			start, ksize = at+uint64(le.Uint32(e)), uint64(le.Uint32(e[4:]))
		} else {
			start = at + uint64(le.Uint32(e[4:]))
			ksize, vsize = uint64(le.Uint32(e[8:])), uint64(le.Uint32(e[12:]))
		}
		if start+ksize+vsize > uint64(len(p)) {
			return nil, damaged("page %d: entry %d lies outside the page", id, i)
		}
		key := p[start : start+ksize]
		if !inOrder(last, key, i == 0, max) {
			return nil, damaged("page %d: key %d is out of order", id, i)
		}
		if flags == branchPage {
			next := max
			if i+1 < count {
				n := headerSize + (i+1)*elementSize
				nstart, nsize := n+uint64(le.Uint32(p[n:])), uint64(le.Uint32(p[n+4:]))
				if nstart+nsize > uint64(len(p)) {
					return nil, damaged("page %d: entry %d lies outside the page", id, i+1)
				}
				next = p[nstart : nstart+nsize]
			}
			greatest, err := w.tree(le.Uint64(e[8:]), depth+1, key, next)
			if err != nil {
				return nil, err
			}
			last = greatest
			continue
		}
		last = key
		if le.Uint32(e)&bucketElement == 0 {
			continue
		}
		v := p[start+ksize : start+ksize+vsize]
		if len(v) < bucketHeader {
			return nil, damaged("page %d: bucket %d is cut short", id, i)
		}
		var err error
		if root := le.Uint64(v); root != 0 {
			_, err = w.tree(root, depth+1, nil, nil)
		} else {
			_, err = w.node(v[bucketHeader:], 0, depth+1, nil, nil)
		}
		if err != nil {
			return nil, err
		}
	}
	return last, nil
}

// inOrder says whether key may follow prev and lies below max. The first
// key of a page may equal prev, which is then the bound its parent gave.
func inOrder(prev, key []byte, first bool, max []byte) bool {
	if prev != nil {
		if c := bytes.Compare(prev, key); c > 0 || c == 0 && !first {
			return false
		}
	}
	return max == nil || bytes.Compare(key, max) < 0
}

func (w *pageWalk) freelist(id uint64) error {
	p, err := w.read(id)
	if err != nil {
		return err
	}
	if flags := le.Uint16(p[8:]); flags != freelistPage {
		return damaged("page %d is not the freelist (type %#x)", id, flags)
	}
	count, at := uint64(le.Uint16(p[10:])), uint64(headerSize)
	if count == 0xFFFF {
		count, at = le.Uint64(p[headerSize:]), headerSize+8
	}
	if count > (uint64(len(p))-at)/8 {
		return damaged("the freelist on page %d claims %d pages", id, count)
	}
	free := map[uint64]bool{}
	for i := range count {
		pg := le.Uint64(p[at+i*8:])
		switch {
		case pg < 2 || pg >= w.high:
			return damaged("the freelist names page %d, outside the database", pg)
		case w.seen[pg]:
			return damaged("page %d is both in use and free", pg)
		case free[pg]:
			return damaged("page %d is freed twice", pg)
		}
		free[pg] = true
	}
	return nil
}

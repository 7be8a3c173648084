package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
)

// deflater compresses the scanlines of a paletted board (RFC 1951).
//
// General-purpose deflate spends most of its time hashing and searching
// for matches anywhere in the last 32 KiB. A board needs none of that: it
// is runs of one colour, and rows that repeat the row above. So the only
// matches tried are the previous byte (a run) and the byte one row up, and
// each block gets its own Huffman codes. That compresses a board several
// times faster than compress/flate at BestSpeed, to a size within a few
// per cent of it.
//
// A deflater keeps its buffers between images and is not safe for
// concurrent use.
type deflater struct {
	tokens   []token
	litFreq  [286]uint32
	distFreq [30]uint32
	lit      huffman
	dist     huffman
	codeLen  huffman
	bw       bitWriter
	lens     [286 + 30]uint8
	rle      []uint16 // code-length symbols with their extra bits above bit 5
	huff     huffBuilder
}

// token is a literal byte, or a match: 1<<31 | (length-3)<<16 | distance-1.
type token uint32

const (
	matchFlag   = 1 << 31
	minMatch    = 3
	maxMatch    = 258
	blockTokens = 1 << 15 // tokens per block; each block adapts its codes
	endOfBlock  = 256
)

// compress appends to dst the deflate stream of data, whose rows are
// stride bytes apart, and returns it.
func (d *deflater) compress(dst, data []byte, stride int) []byte {
	d.bw = bitWriter{out: dst}
	d.startBlock()
	n := len(data)
	rows := stride <= 1<<15 // deflate reaches back 32 KiB at most
	upCode := distCode(uint32(stride - 1))
	for i := 0; i < n; {
		limit := min(maxMatch, n-i)
		b := data[i]
		// Most positions that start no match differ in their first byte:
		// that costs a comparison, not a call.
		length, dist := 0, 0
		if i >= 1 && data[i-1] == b {
			length, dist = matchLen(data, i, i-1, limit), 1
		}
		// A run is cheaper to code than a match one row up (its distance
		// needs no extra bits), so the row above must do better.
		if rows && i >= stride && length < limit && data[i-stride] == b {
			if l := matchLen(data, i, i-stride, limit); l > length {
				length, dist = l, stride
			}
		}
		if length >= minMatch {
			d.tokens = append(d.tokens, token(matchFlag|uint32(length-minMatch)<<16|uint32(dist-1)))
			d.litFreq[257+int(lengthCode[length-minMatch])]++
			if dist == 1 {
				d.distFreq[0]++
			} else {
				d.distFreq[upCode]++
			}
			i += length
		} else {
			d.tokens = append(d.tokens, token(b))
			d.litFreq[b]++
			i++
		}
		if len(d.tokens) == blockTokens {
			d.writeBlock(false)
			d.startBlock()
		}
	}
	d.writeBlock(true)
	d.bw.flush()
	return d.bw.out
}

// matchLen returns how many bytes from data[i] repeat those from data[j],
// j < i, up to limit. The ranges may overlap, as in LZ77.
func matchLen(data []byte, i, j, limit int) int {
	if limit < 8 {
		n := 0
		for n < limit && data[i+n] == data[j+n] {
			n++
		}
		return n
	}
	if x := binary.LittleEndian.Uint64(data[i:]) ^ binary.LittleEndian.Uint64(data[j:]); x != 0 {
		return bits.TrailingZeros64(x) >> 3
	}
	// Past eight equal bytes the match is most often a whole one, inside a
	// flat area: bytes.Equal confirms that faster than counting.
	if bytes.Equal(data[i:i+limit], data[j:j+limit]) {
		return limit
	}
	n := 8
	for n+8 <= limit {
		if x := binary.LittleEndian.Uint64(data[i+n:]) ^ binary.LittleEndian.Uint64(data[j+n:]); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < limit && data[i+n] == data[j+n] {
		n++
	}
	return n
}

// startBlock empties the tokens and counts of the block being gathered.
func (d *deflater) startBlock() {
	d.tokens = d.tokens[:0]
	clear(d.litFreq[:])
	clear(d.distFreq[:])
}

// The length and distance codes of RFC 1951, section 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

	// lengthCode maps length-3 to its code's index in lengthBase.
	lengthCode = func() (t [256]uint8) {
		for c := range len(lengthBase) - 1 {
			for l := lengthBase[c]; l < lengthBase[c+1]; l++ {
				t[l-minMatch] = uint8(c)
			}
		}
		t[maxMatch-minMatch] = uint8(len(lengthBase) - 1)
		return t
	}()
)

// distCode returns the code of distance d+1.
func distCode(d uint32) int {
	if d < 4 {
		return int(d)
	}
	n := bits.Len32(d)
	return 2*(n-1) + int(d>>(n-2)&1)
}

// codeLenOrder is the order in which the code-length code's lengths are
// written.
var codeLenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeBlock writes the tokens gathered as one block with dynamic Huffman
// codes made from their counts.
func (d *deflater) writeBlock(final bool) {
	d.litFreq[endOfBlock] = 1
	// Every code must have two symbols at least: some decoders refuse a
	// code of one.
	for _, f := range [][]uint32{d.litFreq[:], d.distFreq[:]} {
		for i := 0; countUsed(f) < 2; i++ {
			f[i] = max(f[i], 1)
		}
	}
	d.huff.lengths(d.litFreq[:], &d.lit, 15)
	d.huff.lengths(d.distFreq[:], &d.dist, 15)
	nlit := lastUsed(d.lit.size[:286], 257)
	ndist := lastUsed(d.dist.size[:30], 1)

	// The code lengths of both codes, run-length coded with symbols 16
	// (repeat the previous 3–6 times), 17 (3–10 zeros) and 18 (11–138
	// zeros).
	lens := append(append(d.lens[:0], d.lit.size[:nlit]...), d.dist.size[:ndist]...)
	d.rle = d.rle[:0]
	var clFreq [19]uint32
	for i := 0; i < len(lens); {
		l := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				n := min(run, 138)
				d.rle = append(d.rle, 18|uint16(n-11)<<5)
				clFreq[18]++
				run -= n
			}
			if run >= 3 {
				d.rle = append(d.rle, 17|uint16(run-3)<<5)
				clFreq[17]++
				run = 0
			}
		} else {
			d.rle = append(d.rle, uint16(l))
			clFreq[l]++
			run--
			for run >= 3 {
				n := min(run, 6)
				d.rle = append(d.rle, 16|uint16(n-3)<<5)
				clFreq[16]++
				run -= n
			}
		}
		for range run {
			d.rle = append(d.rle, uint16(l))
			clFreq[l]++
		}
	}
	for i := 0; countUsed(clFreq[:]) < 2; i++ {
		clFreq[i] = max(clFreq[i], 1)
	}
	d.huff.lengths(clFreq[:], &d.codeLen, 7)
	ncl := 19
	for ncl > 4 && d.codeLen.size[codeLenOrder[ncl-1]] == 0 {
		ncl--
	}

	w := &d.bw
	last := uint64(0)
	if final {
		last = 1
	}
	w.write(last|2<<1, 3) // BFINAL, BTYPE 10: dynamic codes
	w.write(uint64(nlit-257), 5)
	w.write(uint64(ndist-1), 5)
	w.write(uint64(ncl-4), 4)
	for _, s := range codeLenOrder[:ncl] {
		w.write(uint64(d.codeLen.size[s]), 3)
	}
	for _, r := range d.rle {
		s := r & 0x1F
		w.write(uint64(d.codeLen.code[s]), uint(d.codeLen.size[s]))
		switch s {
		case 16:
			w.write(uint64(r>>5), 2)
		case 17:
			w.write(uint64(r>>5), 3)
		case 18:
			w.write(uint64(r>>5), 7)
		}
	}

	// Each length code with its extra bits, ready to write as one.
	var lengthBits [maxMatch - minMatch + 1]uint32
	var lengthSize [maxMatch - minMatch + 1]uint8
	for l := range lengthBits {
		lc := lengthCode[l]
		sym := 257 + int(lc)
		extra := uint32(l + minMatch - int(lengthBase[lc]))
		lengthBits[l] = uint32(d.lit.code[sym]) | extra<<d.lit.size[sym]
		lengthSize[l] = d.lit.size[sym] + lengthExtra[lc]
	}
	for _, t := range d.tokens {
		if t&matchFlag == 0 {
			w.write(uint64(d.lit.code[t]), uint(d.lit.size[t]))
			continue
		}
		l := t >> 16 & 0xFF
		w.write(uint64(lengthBits[l]), uint(lengthSize[l]))
		dist := uint32(t & 0xFFFF)
		dc := distCode(dist)
		extra := uint64(dist + 1 - uint32(distBase[dc]))
		w.write(uint64(d.dist.code[dc])|extra<<d.dist.size[dc], uint(d.dist.size[dc]+distExtra[dc]))
	}
	w.write(uint64(d.lit.code[endOfBlock]), uint(d.lit.size[endOfBlock]))
}

func countUsed(freq []uint32) int {
	n := 0
	for _, f := range freq {
		if f > 0 {
			n++
		}
	}
	return n
}

// lastUsed returns the number of code lengths to write: up to the last
// symbol in use, and at least least.
func lastUsed(lens []uint8, least int) int {
	n := len(lens)
	for n > least && lens[n-1] == 0 {
		n--
	}
	return n
}

// huffman is a canonical prefix code, its codes bit-reversed as deflate
// writes them.
type huffman struct {
	size [286]uint8
	code [286]uint16
}

// huffBuilder builds length-limited Huffman codes, keeping its scratch
// memory between blocks.
type huffBuilder struct {
	freq   []uint32
	syms   []int
	weight []uint64
	parent []int
	depth  []uint8
}

// lengths fills h with a prefix code for freq whose codes are at most
// limit bits. When the optimal code is deeper the frequencies are halved
// (never to zero) until it fits: rarely needed, and always ending, since
// equal frequencies give a balanced tree.
func (b *huffBuilder) lengths(freq []uint32, h *huffman, limit uint8) {
	b.freq = append(b.freq[:0], freq...)
	for !b.build(h, limit) {
		for i, f := range b.freq {
			if f > 0 {
				b.freq[i] = (f + 1) / 2
			}
		}
	}
	// Canonical codes: shorter first, then by symbol (RFC 1951, 3.2.2).
	var count, next [16]uint16
	for _, l := range h.size[:len(freq)] {
		count[l]++
	}
	count[0] = 0
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range h.size[:len(freq)] {
		if l > 0 {
			h.code[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
}

// build computes Huffman code lengths for b.freq, which must use two
// symbols at least, into h, and reports whether none exceeds limit.
func (b *huffBuilder) build(h *huffman, limit uint8) bool {
	clear(h.size[:])
	b.syms = b.syms[:0]
	for s, f := range b.freq {
		if f > 0 {
			b.syms = append(b.syms, s)
		}
	}
	slices.SortFunc(b.syms, func(x, y int) int {
		if c := cmp.Compare(b.freq[x], b.freq[y]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	m := len(b.syms)
	nodes := 2*m - 1
	b.weight = slices.Grow(b.weight[:0], nodes)[:nodes]
	b.parent = slices.Grow(b.parent[:0], nodes)[:nodes]
	b.depth = slices.Grow(b.depth[:0], nodes)[:nodes]
	for i, s := range b.syms {
		b.weight[i] = uint64(b.freq[s])
	}
	// Leaves are taken from the front of the sorted leaves, inner nodes
	// from the front of those made so far, which come out sorted too.
	leaf, inner, made := 0, m, m
	smallest := func() int {
		if leaf < m && (inner == made || b.weight[leaf] <= b.weight[inner]) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for made < nodes {
		x, y := smallest(), smallest()
		b.weight[made] = b.weight[x] + b.weight[y]
		b.parent[x], b.parent[y] = made, made
		made++
	}
	b.depth[nodes-1] = 0
	for n := nodes - 2; n >= 0; n-- {
		b.depth[n] = b.depth[b.parent[n]] + 1
		if b.depth[n] > limit {
			return false
		}
	}
	for i, s := range b.syms {
		h.size[s] = b.depth[i]
	}
	return true
}

// bitWriter appends bits to a byte slice, least significant first.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

// write appends the low n bits of v; n is at most 32.
func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	if w.nacc >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.nacc -= 32
	}
}

// flush writes the bits left, padding the last byte with zeros.
func (w *bitWriter) flush() {
	for w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= min(w.nacc, 8)
	}
	w.acc, w.nacc = 0, 0
}

package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"sync"
)

// adler is the zlib checksum (RFC 1950) of the bytes written to it, as
// hash/adler32 computes it but eight bytes at a time: hash/adler32 takes a
// board's scanlines byte by byte, which costs as much as compressing them.
//
// Over eight bytes b0..b7 the sums grow by s1 += Σbk and s2 += 8·s1 +
// Σ(8−k)·bk. Both sums come from the bytes split into 16-bit lanes, even
// and odd, and one multiplication each, which adds the lanes, weighted by
// the lanes of the constant, into the top lane. In 64 bits the sums
// cannot overflow before 2³⁰ bytes, so the modulus is taken after each
// write of at most that.
type adler struct{ s1, s2 uint64 }

func newAdler() adler { return adler{s1: 1} }

func (a *adler) write(data []byte) {
	const (
		mod   = 65521
		lanes = 0x00FF00FF00FF00FF
		ones  = 0x0001000100010001
		odds  = 0x0007000500030001 // the top lane gathers pair k weighed by 7−2k
	)
	s1, s2 := a.s1, a.s2
	for len(data) > 0 {
		chunk := data[:min(len(data), 1<<30)]
		data = data[len(chunk):]
		for ; len(chunk) >= 8; chunk = chunk[8:] {
			w := binary.LittleEndian.Uint64(chunk)
			even, odd := w&lanes, w>>8&lanes
			pairs := even + odd
			s2 += 8*s1 + (pairs*odds)>>48 + (even*ones)>>48
			s1 += (pairs * ones) >> 48
		}
		for _, b := range chunk {
			s1 += uint64(b)
			s2 += s1
		}
		s1, s2 = s1%mod, s2%mod
	}
	a.s1, a.s2 = s1, s2
}

func (a *adler) sum() uint32 { return uint32(a.s2<<16 | a.s1) }

// appendChunk appends a PNG chunk of type typ holding data.
func appendChunk(dst []byte, typ string, data []byte) []byte {
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(data)))
	start := len(dst)
	dst = append(append(dst, typ...), data...)
	return binary.BigEndian.AppendUint32(dst, crc32.ChecksumIEEE(dst[start:]))
}

// appendPLTE appends the PLTE chunk of a palette.
func appendPLTE(dst []byte, pal []color.RGBA) []byte {
	data := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		data = append(data, c.R, c.G, c.B)
	}
	return appendChunk(dst, "PLTE", data)
}

// encoderBuffers is a png.EncoderBufferPool on a sync.Pool: the encoder's
// scratch rows and zlib writer, several hundred kilobytes, are reused
// between images instead of allocated for each.
type encoderBuffers struct{ p sync.Pool }

func (p *encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderBuffers) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// encoder holds the one png.Encoder with its buffer pool, and the pool of
// output buffers. Both are safe for concurrent use; nothing in them is
// observable state.
type encoder struct {
	png png.Encoder
	out sync.Pool
}

var sharedEncoder = sync.OnceValue(func() *encoder {
	return &encoder{
		// Boards are large areas of flat colour: the fastest zlib level
		// already brings one to tens of kilobytes, far inside Discord's
		// limits, at a fraction of the default level's time.
		png: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers{}},
		out: sync.Pool{New: func() any { return new(bytes.Buffer) }},
	}
})

// EncodePNG encodes img as PNG. It is safe for concurrent use and reuses
// its working memory between calls; the returned slice is the caller's.
func EncodePNG(img image.Image) ([]byte, error) {
	e := sharedEncoder()
	buf := e.out.Get().(*bytes.Buffer)
	defer e.out.Put(buf)
	buf.Reset()
	if err := e.png.Encode(buf, img); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

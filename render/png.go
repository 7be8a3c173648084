package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

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

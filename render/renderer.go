package render

import (
	"image"
	"image/color"
	"sync"
)

// Width and Height are the size of every board image: 16:9, which Discord
// shows whole in a channel on desktop and on phones.
const (
	Width  = 1280
	Height = 720
)

// Renderer draws game boards as PNG images. It keeps what never changes
// between boards — backgrounds, card faces, tokens, dice and font faces —
// drawn once per game on first use, and reuses frame memory, so a board
// costs little more than compositing and encoding.
//
// A Renderer is safe for concurrent use; a bot needs only one. The zero
// value is not usable: call NewRenderer.
type Renderer struct {
	thatsLife func() *thatsLifeKit
	life      func() *lifeKit
	lagom     func() *lagomKit

	// Working memory of one render each: frames, their paletted copies and
	// the quantizers that make those.
	frames, paletted, quantizers sync.Pool
}

// NewRenderer returns a Renderer. It is cheap: each game's parts are drawn
// on its first board.
func NewRenderer() *Renderer {
	r := &Renderer{thatsLife: sync.OnceValue(newThatsLifeKit), life: sync.OnceValue(newLifeKit), lagom: sync.OnceValue(newLagomKit)}
	r.frames.New = func() any { return image.NewRGBA(image.Rect(0, 0, Width, Height)) }
	r.paletted.New = func() any {
		return image.NewPaletted(image.Rect(0, 0, Width, Height), make(color.Palette, 0, 256))
	}
	r.quantizers.New = func() any { return new(quantizer) }
	return r
}

// frame returns an image the size of background holding a copy of it, to
// be handed back with release once encoded. Boards come in more than one
// size (a table for the channel, a hand for a DM); pooled frames have room
// for the largest and are reshaped to the one at hand, so one pool serves
// them all.
func (r *Renderer) frame(background *image.RGBA) *image.RGBA {
	im := r.frames.Get().(*image.RGBA)
	b := background.Rect
	im.Pix = resize(im.Pix, 4*b.Dx()*b.Dy())
	im.Stride, im.Rect = 4*b.Dx(), b
	copy(im.Pix, background.Pix)
	return im
}

// resize returns p with length n, reusing its memory when it has room.
func resize(p []uint8, n int) []uint8 {
	if cap(p) < n {
		return make([]uint8, n)
	}
	return p[:n]
}

func (r *Renderer) release(im *image.RGBA) { r.frames.Put(im) }

// encode returns a finished frame as PNG, reduced to 256 colours (see
// quantizer for why).
func (r *Renderer) encode(im *image.RGBA) ([]byte, error) {
	pal := r.paletted.Get().(*image.Paletted)
	defer r.paletted.Put(pal)
	b := im.Rect
	pal.Pix = resize(pal.Pix, b.Dx()*b.Dy())
	pal.Stride, pal.Rect = b.Dx(), b
	q := r.quantizers.Get().(*quantizer)
	q.quantize(pal, im)
	r.quantizers.Put(q)
	return EncodePNG(pal)
}

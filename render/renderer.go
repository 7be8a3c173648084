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

	// Working memory of one render each: frames, their paletted copies and
	// the quantizers that make those.
	frames, paletted, quantizers sync.Pool
}

// NewRenderer returns a Renderer. It is cheap: each game's parts are drawn
// on its first board.
func NewRenderer() *Renderer {
	r := &Renderer{thatsLife: sync.OnceValue(newThatsLifeKit)}
	r.frames.New = func() any { return image.NewRGBA(image.Rect(0, 0, Width, Height)) }
	r.paletted.New = func() any {
		return image.NewPaletted(image.Rect(0, 0, Width, Height), make(color.Palette, 0, 256))
	}
	r.quantizers.New = func() any { return new(quantizer) }
	return r
}

// frame returns a Width×Height image holding a copy of background, to be
// handed back with release once encoded.
func (r *Renderer) frame(background *image.RGBA) *image.RGBA {
	im := r.frames.Get().(*image.RGBA)
	copy(im.Pix, background.Pix)
	return im
}

func (r *Renderer) release(im *image.RGBA) { r.frames.Put(im) }

// encode returns a finished frame as PNG, reduced to 256 colours (see
// quantizer for why).
func (r *Renderer) encode(im *image.RGBA) ([]byte, error) {
	pal := r.paletted.Get().(*image.Paletted)
	defer r.paletted.Put(pal)
	q := r.quantizers.Get().(*quantizer)
	q.quantize(pal, im)
	r.quantizers.Put(q)
	return EncodePNG(pal)
}

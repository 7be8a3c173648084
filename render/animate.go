package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"math"
	"sync"
	"time"

	xdraw "golang.org/x/image/draw"
)

// AnimateOptions shape an animation; a zero field takes its default.
type AnimateOptions struct {
	// MaxWidth is the widest a frame is stored: wider frames are scaled
	// down, keeping their aspect. 720 pixels if zero.
	MaxWidth int
	// Duration is about how long one pass of the animation lasts. 30
	// seconds if zero.
	Duration time.Duration
	// MaxBytes bounds the size of the GIF. 8 MiB if zero, well inside
	// Discord's 10 MiB per file.
	MaxBytes int
}

// Defaults of AnimateOptions, and the bounds on each frame's delay in the
// GIF's hundredths of a second: short enough for the whole game to pass in
// Duration, long enough that each board can be taken in.
const (
	defaultAnimateWidth    = 720
	defaultAnimateDuration = 30 * time.Second
	defaultAnimateBytes    = 8 << 20

	minFrameDelay = 15
	maxFrameDelay = 200
	finalHold     = 400

	// tinyWidth is the narrowest Animate scales down to before it gives up.
	tinyWidth = 16
)

func (o AnimateOptions) withDefaults() AnimateOptions {
	if o.MaxWidth <= 0 {
		o.MaxWidth = defaultAnimateWidth
	}
	if o.Duration <= 0 {
		o.Duration = defaultAnimateDuration
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = defaultAnimateBytes
	}
	return o
}

// Animate makes an animated GIF of frames, shown in order and looping
// forever: each for an equal share of opt.Duration, between 0.15 and 2
// seconds, the last held for 4 seconds. Frames are taken as opaque and the
// size of the first; they are reduced to the house palette, which holds
// every colour a board is drawn in, without dithering, since boards are
// flat colours.
//
// Each frame after the first stores only the rectangle that changed since
// the one before, and within it leaves transparent the pixels that did
// not: between two turns most of a board stays as it was.
// When there are more frames than Duration has room for, or the GIF comes
// out larger than opt.MaxBytes, an even sample of them is kept (the first
// and the last always) and, if two frames are still too large, they are
// scaled down further. It fails only when two tiny frames do not fit.
func Animate(frames []image.Image, opt AnimateOptions) ([]byte, error) {
	return animate(len(frames), func(i int) (image.Image, error) { return frames[i], nil }, opt)
}

// Animate makes an animated GIF, as the package's Animate does with its
// default options, of frames boards as Board draws them, the i-th of
// which board returns. Boards are asked for one at a time, in order, and
// decoded as they are needed, so a long game never holds all its boards
// at once; they are asked for again, from the first, when the GIF must be
// made again smaller.
//
// Each frame counts as a render, and takes its turn only when no board
// waits for one and another turn stays free (see turns.go): a board asked
// for while a replay is made finds a turn at once, and the replay is made
// in the time the boards leave.
func (r *Renderer) Animate(frames int, board func(i int) ([]byte, error)) ([]byte, error) {
	turn := false
	defer func() {
		if turn {
			r.give()
		}
	}()
	return animate(frames, func(i int) (image.Image, error) {
		// The frame before is done with: its turn goes to the boards,
		// and this one waits until they leave one. The board is drawn
		// outside the turn, as Board takes its own.
		if turn {
			r.give()
			turn = false
		}
		r.spare()
		data, err := board(i)
		if err != nil {
			return nil, err
		}
		r.spare()
		r.busy <- struct{}{}
		turn = true
		return png.Decode(bytes.NewReader(data))
	}, AnimateOptions{})
}

// animate is Animate over n frames that frame produces on demand: a frame
// may be asked for more than once when the first try comes out too large.
func animate(n int, frame func(int) (image.Image, error), opt AnimateOptions) ([]byte, error) {
	opt = opt.withDefaults()
	if n == 0 {
		return nil, errors.New("render: no frames to animate")
	}
	first, err := frame(0)
	if err != nil {
		return nil, err
	}
	// The first pass starts with the frame just made.
	made, produce := first, frame
	frame = func(i int) (image.Image, error) {
		if f := made; f != nil && i == 0 {
			made = nil
			return f, nil
		}
		return produce(i)
	}
	b := first.Bounds()
	if b.Empty() {
		return nil, errors.New("render: the first frame is empty")
	}
	width := min(b.Dx(), opt.MaxWidth)
	span := max(0, int(opt.Duration/(10*time.Millisecond))-finalHold)
	keep := min(n, span/minFrameDelay+1)
	for {
		height := max(1, int(math.Round(float64(b.Dy())*float64(width)/float64(b.Dx()))))
		out, err := encodeAnimation(sample(n, keep), frame, width, height, frameDelays(keep, span))
		if err != nil {
			return nil, err
		}
		if len(out) <= opt.MaxBytes {
			return out, nil
		}
		// Aim a little under the bound: the size does not shrink quite in
		// proportion, since frames further apart differ by more.
		ratio := float64(opt.MaxBytes) / float64(len(out)) * 0.9
		switch {
		case keep > 2:
			keep = max(2, min(keep-1, int(float64(keep)*ratio)))
		case width > tinyWidth:
			width = max(tinyWidth, min(width-1, int(float64(width)*math.Sqrt(ratio))))
		default:
			return nil, fmt.Errorf("render: two frames %d pixels wide take %d bytes as a GIF, more than the %d allowed", width, len(out), opt.MaxBytes)
		}
	}
}

// sample returns the indices of keep of n frames, evenly spread, the first
// and the last among them.
func sample(n, keep int) []int {
	if keep >= n {
		keep = n
	}
	if keep == 1 {
		return []int{0}
	}
	idx := make([]int, keep)
	for i := range idx {
		idx[i] = i * (n - 1) / (keep - 1)
	}
	return idx
}

// frameDelays shares span hundredths of a second between all frames but
// the last, which is held for finalHold, keeping each within bounds.
// Rounding each frame's end rather than its length keeps the sum exact.
func frameDelays(frames, span int) []int {
	d := make([]int, frames)
	d[frames-1] = finalHold
	steps := frames - 1
	for i := range steps {
		d[i] = min(maxFrameDelay, max(minFrameDelay, span*(i+1)/steps-span*i/steps))
	}
	return d
}

// gifColours is the house palette as the GIF's global colour table, with
// one colour given up for transparency: pixels of a frame that did not
// change are stored transparent, in runs that compress to almost nothing.
// The colour given up is the shade nearest another colour of the palette,
// which stands in for it (remap). Every frame shares the one table, which
// is what tells image/gif to write no table of its own for each.
type gifColours struct {
	palette     color.Palette
	transparent uint8
	remap       [256]uint8
}

var gifPalette = sync.OnceValue(func() *gifColours {
	p := housePalette()
	g := &gifColours{palette: make(color.Palette, len(p.colours))}
	for i, c := range p.colours {
		g.palette[i] = c
	}
	for i := range g.remap {
		g.remap[i] = uint8(i)
	}
	best, bestD, stand := 0, int(^uint(0)>>1), 0
	for i := len(houseColours()); i < len(p.colours); i++ {
		for j, c := range p.colours {
			if d := distance(c, p.colours[i]); j != i && d < bestD {
				best, bestD, stand = i, d, j
			}
		}
	}
	g.transparent, g.remap[best] = uint8(best), uint8(stand)
	g.palette[best] = color.RGBA{}
	return g
})

// encodeAnimation encodes the frames at idx, scaled to width×height, with
// their delays. Each frame is encoded as soon as it is made, so only the
// GIF so far and one frame are held, however long the game.
func encodeAnimation(idx []int, frame func(int) (image.Image, error), width, height int, delays []int) ([]byte, error) {
	p, gc := housePalette(), gifPalette()
	canvas := image.Rect(0, 0, width, height)
	fit := &shrinker{out: image.NewRGBA(canvas)}
	prev, cur := make([]byte, width*height), make([]byte, width*height)
	var out gifStream
	for k, i := range idx {
		src, err := frame(i)
		if err != nil {
			return nil, err
		}
		scaled := fit.shrink(src)
		for y := range height {
			p.quantizeSpan(cur[y*width:][:width], scaled.Pix[y*scaled.Stride:][:4*width])
		}
		for i, c := range cur {
			cur[i] = gc.remap[c]
		}
		r := canvas
		if k > 0 {
			r = changed(prev, cur, width, height)
		}
		pm := image.NewPaletted(r, gc.palette)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			out := pm.Pix[(y-r.Min.Y)*pm.Stride:][:r.Dx()]
			copy(out, cur[y*width+r.Min.X:][:r.Dx()])
			if k == 0 {
				continue
			}
			for x, was := range prev[y*width+r.Min.X:][:r.Dx()] {
				if out[x] == was {
					out[x] = gc.transparent
				}
			}
		}
		if err := out.add(pm, delays[k], gc.palette, width, height); err != nil {
			return nil, err
		}
		prev, cur = cur, prev
	}
	return out.finish(), nil
}

// gifStream writes an animated GIF one frame at a time. image/gif writes
// only whole animations, so each frame is written as a GIF of its own
// sharing the animation's global colour table, and its image block is
// taken from there: the header, written once, and the loop are the
// animation's own.
type gifStream struct {
	header, frames bytes.Buffer
	one            bytes.Buffer
}

func (s *gifStream) add(pm *image.Paletted, delay int, pal color.Palette, width, height int) error {
	s.one.Reset()
	g := &gif.GIF{
		Image: []*image.Paletted{pm}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone},
		Config: image.Config{ColorModel: pal, Width: width, Height: height},
	}
	if err := gif.EncodeAll(&s.one, g); err != nil {
		return err
	}
	b := s.one.Bytes()
	// The header: the signature (6 bytes), the logical screen descriptor
	// (7), whose packed byte gives the size of the global colour table
	// that follows. A single frame has no loop extension; its image
	// block runs to the trailer, the last byte.
	start := 13
	if packed := b[10]; packed&0x80 != 0 {
		start += 3 << (packed&7 + 1)
	}
	if s.header.Len() == 0 {
		s.header.Write(b[:start])
		// Loop forever: the NETSCAPE2.0 application extension, count 0.
		s.header.Write([]byte{0x21, 0xFF, 0x0B, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0x00, 0x00, 0x00})
	}
	s.frames.Write(b[start : len(b)-1])
	return nil
}

// finish returns the whole animation.
func (s *gifStream) finish() []byte {
	out := make([]byte, 0, s.header.Len()+s.frames.Len()+1)
	out = append(out, s.header.Bytes()...)
	out = append(out, s.frames.Bytes()...)
	return append(out, 0x3B)
}

// shrinker scales frames to the size of out, one after another. Scaling is
// most of the cost of an animation, and between two boards most rows do
// not change: it scales again only a band of rows around those that did.
type shrinker struct {
	out        *image.RGBA
	src, prior *image.RGBA // this frame and the one before, unscaled
	scaled     bool        // out holds prior, scaled
	// scaler and window scale one window of rows at a time, the same
	// size every time: a scaler works in a buffer of a float per channel
	// for each pixel of its output's width and its input's height, which
	// for a whole board is tens of megabytes. One window's buffer is kept
	// and reused, for every band of every frame.
	scaler xdraw.Scaler
	window *image.RGBA
	cells  int    // source cells a window covers
	sizes  [4]int // the scaler's output and input sizes
}

// windowRows is about how many source rows one window covers.
const windowRows = 64

// shrink returns src scaled to out's size, in out.
func (s *shrinker) shrink(src image.Image) *image.RGBA {
	dh := s.out.Rect.Dy()
	if src.Bounds().Size() == s.out.Rect.Size() {
		s.out = opaqueRGBA(s.out, src)
		return s.out
	}
	s.src, s.prior = opaqueRGBA(s.prior, src), s.src
	sh := s.src.Rect.Dy()
	top, bottom := 0, sh
	if s.scaled && s.prior.Rect == s.src.Rect {
		top, bottom = changedRows(s.prior, s.src)
	}
	s.scaled = true
	if top == bottom {
		return s.out
	}
	// A changed source row reaches the rows of out that the filter draws
	// it into, a row or two beyond its own; those are scaled again. They
	// come from windows of whole cells, g source rows each to gd rows of
	// out, which scale by exactly the ratio of the whole, so their rows
	// come out as they would in the whole image, but near a window's edges
	// inside the image, where the filter has nothing beyond to draw on:
	// only rows at least margin from those are kept, and the next window
	// starts early enough to take over from there.
	const margin = 3
	cells := gcd(sh, dh)
	g, gd := sh/cells, dh/cells
	s.fit(cells, g, gd, margin)
	done, keepTo := max(0, top/g*gd-margin), min(dh, (bottom+g-1)/g*gd+margin)
	for done < keepTo {
		c := min(max(0, (done-margin)/gd), cells-s.cells)
		s.scaler.Scale(s.window, s.window.Rect, s.src, image.Rect(0, c*g, s.src.Rect.Dx(), (c+s.cells)*g), xdraw.Src, nil)
		hi := (c + s.cells) * gd
		if c+s.cells < cells {
			hi -= margin
		}
		hi = min(hi, keepTo)
		copy(s.out.Pix[done*s.out.Stride:hi*s.out.Stride], s.window.Pix[(done-c*gd)*s.window.Stride:])
		done = hi
	}
	return s.out
}

// fit makes the window cover as many cells as windowRows source rows
// take, and enough that each window keeps a row past the margins of the
// last, or the whole image if that is fewer.
func (s *shrinker) fit(cells, g, gd, margin int) {
	n := min(cells, max(windowRows/g, (2*margin+gd)/gd+1))
	sizes := [4]int{s.out.Rect.Dx(), n * gd, s.src.Rect.Dx(), n * g}
	if s.scaler != nil && s.sizes == sizes {
		return
	}
	s.cells, s.sizes = n, sizes
	s.window = image.NewRGBA(image.Rect(0, 0, sizes[0], sizes[1]))
	s.scaler = xdraw.BiLinear.NewScaler(sizes[0], sizes[1], sizes[2], sizes[3])
}

// changedRows returns the first row in which two images of one size
// differ and the row after the last; equal ones when they do not.
func changedRows(a, b *image.RGBA) (top, bottom int) {
	h, n := a.Rect.Dy(), 4*a.Rect.Dx()
	for top < h && bytes.Equal(a.Pix[top*a.Stride:][:n], b.Pix[top*b.Stride:][:n]) {
		top++
	}
	bottom = h
	for bottom > top && bytes.Equal(a.Pix[(bottom-1)*a.Stride:][:n], b.Pix[(bottom-1)*b.Stride:][:n]) {
		bottom--
	}
	return top, bottom
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// opaqueRGBA returns src as an *image.RGBA at the origin, reusing dst's
// memory when it has room. Boards decoded from PNG are paletted: spread
// here once, they scale by x/image/draw's fast path for RGBA.
func opaqueRGBA(dst *image.RGBA, src image.Image) *image.RGBA {
	b := src.Bounds()
	if dst == nil || cap(dst.Pix) < 4*b.Dx()*b.Dy() {
		dst = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	} else {
		dst.Pix, dst.Stride, dst.Rect = dst.Pix[:4*b.Dx()*b.Dy()], 4*b.Dx(), image.Rect(0, 0, b.Dx(), b.Dy())
	}
	switch s := src.(type) {
	case *image.Paletted:
		var lut [256][4]byte
		for i, c := range s.Palette {
			r, g, bl, a := c.RGBA()
			lut[i] = [4]byte{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}
		}
		for y := range b.Dy() {
			row := s.Pix[y*s.Stride:][:b.Dx()]
			out := dst.Pix[y*dst.Stride:][:4*b.Dx()]
			for x, ci := range row {
				copy(out[4*x:4*x+4], lut[ci][:])
			}
		}
	default:
		xdraw.Draw(dst, dst.Rect, src, b.Min, xdraw.Src)
	}
	return dst
}

// changed returns the smallest rectangle holding every pixel in which two
// frames of palette indices differ; a single pixel when none does, since a
// GIF frame cannot be empty.
func changed(prev, cur []byte, width, height int) image.Rectangle {
	top, bottom := -1, -1
	for y := range height {
		if !bytes.Equal(prev[y*width:][:width], cur[y*width:][:width]) {
			if top < 0 {
				top = y
			}
			bottom = y
		}
	}
	if top < 0 {
		return image.Rect(0, 0, 1, 1)
	}
	left, right := width, 0
	for y := top; y <= bottom; y++ {
		p, c := prev[y*width:][:width], cur[y*width:][:width]
		for x := 0; x < left; x++ {
			if p[x] != c[x] {
				left = x
				break
			}
		}
		for x := width - 1; x >= right; x-- {
			if p[x] != c[x] {
				right = x + 1
				break
			}
		}
	}
	return image.Rect(left, top, right, bottom+1)
}

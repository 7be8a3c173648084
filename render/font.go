package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Weight selects one of the embedded Go fonts. Boards never use system
// fonts, so an image looks the same on every host.
type Weight int

// The embedded weights.
const (
	Regular Weight = iota
	Medium
	Bold
)

// parsedFonts holds the embedded fonts, parsed once. A *truetype.Font is
// only read after parsing, so every goroutine may share it; the faces made
// from it are what must not be shared.
var parsedFonts = sync.OnceValue(func() [3]*truetype.Font {
	var fs [3]*truetype.Font
	for i, ttf := range [...][]byte{goregular.TTF, gomedium.TTF, gobold.TTF} {
		f, err := truetype.Parse(ttf)
		if err != nil {
			// The fonts are compiled into the binary: failing to parse them
			// is a build defect, not a runtime condition.
			panic("render: embedded font: " + err.Error())
		}
		fs[i] = f
	}
	return fs
})

func (w Weight) font() *truetype.Font {
	fs := parsedFonts()
	if w < 0 || int(w) >= len(fs) {
		w = Regular
	}
	return fs[w]
}

// Face is one weight at one size, safe for concurrent use.
//
// Face keeps every glyph it has drawn, rasterised once at each of the
// quarter-pixel offsets text is placed at, for as long as the Face lives:
// after the first boards drawing text is compositing. freetype's own
// font.Face caches glyphs too, but it cannot be shared between goroutines,
// and a pool of them is emptied by every garbage collection, after which
// each glyph is loaded, hinted and rasterised again. The pool is kept only
// for glyphs not met before.
//
// Face draws text itself instead of through gg: gg resamples every glyph
// through a bilinear transform even when none is set, which is several times
// slower than drawing the glyph mask directly and blurs hinted glyphs.
type Face struct {
	font  *truetype.Font
	size  float64
	scale fixed.Int26_6 // size in 26.6 pixels, as freetype rounds it
	pool  sync.Pool

	capHeight float64

	// Advances of printable ASCII and a few symbols the boards use, filled
	// once by NewFace and only read after. freetype does not cache advances:
	// each GlyphAdvance reloads and re-hints the glyph, which made measuring
	// labels cost more than drawing them.
	ascii   [0x7F - ' ']fixed.Int26_6
	symbols map[rune]fixed.Int26_6

	glyphs sync.Map     // glyphKey → *glyph
	kept   atomic.Int32 // entries in glyphs
}

// maxGlyphs bounds the glyphs one Face keeps. Boards draw a few hundred;
// names from outside may bring any of the fonts' glyphs, and past the bound
// those are rasterised at each use rather than kept.
const maxGlyphs = 2048

// glyphKey is a rune placed at a quarter-pixel offset: freetype places
// glyphs horizontally to the nearest quarter pixel and vertically to the
// pixel, and draws each of the four offsets differently.
type glyphKey struct {
	r  rune
	fx fixed.Int26_6 // 0, 16, 32 or 48
}

// glyph is a rasterised glyph: its coverage, where that lies from the dot,
// and how far the dot moves on.
type glyph struct {
	mask    *image.Alpha
	offset  image.Point
	advance fixed.Int26_6
}

// tabledSymbols are the non-ASCII runes boards draw often.
const tabledSymbols = "−…·×"

// NewFace returns the embedded font of weight w at size pixels.
func NewFace(w Weight, size float64) *Face {
	f := &Face{font: w.font(), size: size, scale: fixed.Int26_6(0.5 + size*64)}
	f.pool.New = func() any {
		return truetype.NewFace(f.font, &truetype.Options{
			Size:    size,
			Hinting: font.HintingFull,
			// Glyphs are kept by the Face; freetype's cache only needs
			// room for the one being copied out.
			GlyphCacheEntries: 1,
		})
	}
	f.with(func(ff font.Face) {
		b, _ := font.BoundString(ff, "H")
		f.capHeight = -fix(b.Min.Y)
		for i := range f.ascii {
			f.ascii[i], _ = ff.GlyphAdvance(rune(' ' + i))
		}
		f.symbols = make(map[rune]fixed.Int26_6, len(tabledSymbols))
		for _, r := range tabledSymbols {
			f.symbols[r], _ = ff.GlyphAdvance(r)
		}
	})
	return f
}

// glyph returns r rasterised at offset fx, keeping it while there is room.
func (f *Face) glyph(r rune, fx fixed.Int26_6) *glyph {
	key := glyphKey{r, fx}
	if g, ok := f.glyphs.Load(key); ok {
		return g.(*glyph)
	}
	g := new(glyph)
	f.with(func(ff font.Face) {
		dr, mask, maskp, advance, _ := ff.Glyph(fixed.Point26_6{X: fx}, r)
		g.advance, g.offset = advance, dr.Min
		g.mask = image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		if !dr.Empty() {
			draw.Draw(g.mask, g.mask.Rect, mask, maskp, draw.Src)
		}
	})
	if f.kept.Load() < maxGlyphs {
		if kept, loaded := f.glyphs.LoadOrStore(key, g); loaded {
			return kept.(*glyph)
		}
		f.kept.Add(1)
	}
	return g
}

// kern is the kerning between two runes as freetype's hinted faces apply
// it: whole pixels.
func (f *Face) kern(r0, r1 rune) fixed.Int26_6 {
	k := f.font.Kern(f.scale, f.font.Index(r0), f.font.Index(r1))
	return (k + 32) &^ 63
}

// advance returns the advance of r.
func (f *Face) advance(r rune) fixed.Int26_6 {
	if r >= ' ' && r < 0x7F {
		return f.ascii[r-' ']
	}
	if a, ok := f.symbols[r]; ok {
		return a
	}
	return f.glyph(r, 0).advance
}

// measure is font.MeasureString with the advance tables.
func (f *Face) measure(s string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += f.kern(prev, r)
		}
		w += f.advance(r)
		prev = r
	}
	return w
}

// with lends fn one of the pool's freetype faces.
func (f *Face) with(fn func(font.Face)) {
	ff := f.pool.Get().(font.Face)
	defer f.pool.Put(ff)
	fn(ff)
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

// Size is the font size in pixels.
func (f *Face) Size() float64 { return f.size }

// CapHeight is the height of a capital letter above the baseline, the
// measure by which labels are centred vertically.
func (f *Face) CapHeight() float64 { return f.capHeight }

// Has reports whether the font has a glyph for r.
func (f *Face) Has(r rune) bool { return f.font.Index(r) != 0 }

// Measure returns the advance width of s.
func (f *Face) Measure(s string) float64 { return fix(f.measure(s)) }

// Anchor says which point of a label is placed at the point given to Draw:
// horizontally its left edge, centre or right edge; vertically the top of
// its capitals, their middle or the baseline.
type Anchor uint8

// The nine anchors, row by row.
const (
	TopLeft Anchor = iota
	TopCentre
	TopRight
	MiddleLeft
	Centre
	MiddleRight
	BaseLeft
	BaseCentre
	BaseRight
)

// fractions returns how far across the label (0 to 1) and how far down its
// capitals (0 to 1) the anchor lies.
func (a Anchor) fractions() (x, y float64) {
	return float64(a%3) / 2, float64(a/3%3) / 2
}

// Draw draws s in colour c with the point (x, y) at anchor a, and returns
// the advance width of s.
func (f *Face) Draw(dst *image.RGBA, s string, x, y float64, a Anchor, c color.Color) float64 {
	ax, ay := a.fractions()
	w := fix(f.measure(s))
	sr, sg, sb, sa := c.RGBA()
	ink := inkColour{sr, sg, sb, sa}
	dotX := fixed.Int26_6((x - ax*w) * 64)
	// Baselines are rounded to whole pixels so that hinted glyphs keep
	// their sharp horizontal stems.
	dotY := int(math.Floor(y + (1-ay)*f.capHeight + 0.5))
	// As font.Drawer.DrawString draws with a freetype face, so that the
	// pixels are the same.
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dotX += f.kern(prev, r)
		}
		at := (dotX + 8) &^ 15 // to the nearest quarter pixel
		g := f.glyph(r, at&63)
		if b := g.mask.Rect; !b.Empty() {
			min := g.offset.Add(image.Pt(int(at>>6), dotY))
			ink.drawMask(dst, image.Rectangle{min, min.Add(b.Size())}, g.mask)
		}
		dotX += g.advance
		prev = r
	}
	return w
}

// inkColour is a colour as 16-bit premultiplied channels.
type inkColour struct{ r, g, b, a uint32 }

// drawMask paints the colour through mask, whose top-left corner is at
// r.Min, over dst. It gives the pixels of draw.DrawMask with a uniform
// source and draw.Over, with a shortcut for the covered pixels of an
// opaque colour, where that arithmetic comes to the colour itself: a glyph
// is mostly clear pixels and solid stems.
func (c inkColour) drawMask(dst *image.RGBA, r image.Rectangle, mask *image.Alpha) {
	dr := r.Intersect(dst.Rect)
	if dr.Empty() {
		return
	}
	const m = 0xFFFF
	solid := [4]uint8{uint8(c.r >> 8), uint8(c.g >> 8), uint8(c.b >> 8), uint8(c.a >> 8)}
	opaque := c.a == m
	mp := dr.Min.Sub(r.Min)
	for y := range dr.Dy() {
		d := dst.Pix[dst.PixOffset(dr.Min.X, dr.Min.Y+y):][:4*dr.Dx()]
		cover := mask.Pix[mask.PixOffset(mp.X, mp.Y+y):][:dr.Dx()]
		for x, ma := range cover {
			switch {
			case ma == 0:
				continue
			case ma == 0xFF && opaque:
				copy(d[4*x:4*x+4], solid[:])
				continue
			}
			ma := uint32(ma) * 0x101
			a := (m - (c.a * ma / m)) * 0x101
			p := d[4*x : 4*x+4 : 4*x+4]
			p[0] = uint8((uint32(p[0])*a + c.r*ma) / m >> 8)
			p[1] = uint8((uint32(p[1])*a + c.g*ma) / m >> 8)
			p[2] = uint8((uint32(p[2])*a + c.b*ma) / m >> 8)
			p[3] = uint8((uint32(p[3])*a + c.a*ma) / m >> 8)
		}
	}
}

// ellipsis ends a truncated label. The Go fonts have the single glyph.
const ellipsis = "…"

// Fit returns s unchanged when it is at most width pixels wide, otherwise the
// longest prefix that fits with an ellipsis appended. It measures rune by
// rune in one pass, so an absurdly long name costs linear time.
func (f *Face) Fit(s string, width float64) string {
	limit := fixed.Int26_6(width * 64)
	if f.measure(s) <= limit {
		return s
	}
	room := limit - f.measure(ellipsis)
	var w fixed.Int26_6
	prev := rune(-1)
	cut := 0
	for cut < len(s) {
		r, size := utf8.DecodeRuneInString(s[cut:])
		if prev >= 0 {
			w += f.kern(prev, r)
		}
		adv := f.advance(r)
		if w+adv > room {
			break
		}
		w += adv
		prev = r
		cut += size
	}
	return strings.TrimRightFunc(s[:cut], unicode.IsSpace) + ellipsis
}

// FitFace returns the first of faces, largest first, in which s is at most
// width pixels wide, or the last one when none is narrow enough.
func FitFace(s string, width float64, faces ...*Face) *Face {
	for _, f := range faces {
		if f.Measure(s) <= width {
			return f
		}
	}
	return faces[len(faces)-1]
}

// Clean prepares text from outside (a Discord display name) for drawing
// with f. The embedded fonts cover Latin, Greek and Cyrillic but no emoji or
// CJK: rather than draw a row of empty boxes, Clean drops the runes f lacks,
// together with controls and invisible formatting marks (joiners, variation
// selectors, direction marks), and collapses the spaces left behind. It may
// return "", which callers replace with a neutral label.
func (f *Face) Clean(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r),
			unicode.Is(unicode.Variation_Selector, r), !f.Has(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Wrap breaks s into lines at most width pixels wide, breaking at spaces;
// a word wider than a line on its own is cut with Fit. It returns no lines
// for blank text.
func (f *Face) Wrap(s string, width float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && f.Measure(line+" "+word) <= width {
			line += " " + word
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = f.Fit(word, width)
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// SeatName is the drawable form of a seat's name: names[seat] without the
// glyphs this face lacks, or "Player N" when nothing drawable is left.
func (f *Face) SeatName(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		if s := f.Clean(names[seat]); s != "" {
			return s
		}
	}
	return "Player " + strconv.Itoa(seat+1)
}

// SeatNames returns the drawable names of at least n seats, ready for
// games.FormatSeats.
func (f *Face) SeatNames(names []string, n int) []string {
	out := make([]string, max(n, len(names)))
	for i := range out {
		out[i] = f.SeatName(names, i)
	}
	return out
}

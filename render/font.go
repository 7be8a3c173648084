package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
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

	"github.com/lifebot/lifebot/games/i18n"
)

// Weight selects one of the embedded Go fonts. Text they have is always
// drawn from them, so it looks the same on every host; only runes they
// lack come from the host's fallback fonts.
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

// Face is one weight at one size, safe for concurrent use. It draws each
// rune from the Go font of its weight when that has it, else from the
// first fallback font that has it, else as the substitute box (see the
// package documentation), and measures text the same way, so that a name
// in mixed scripts is laid out as it is drawn. Emoji, right-to-left text
// and scripts that must be shaped are laid out whole first (layout.go).
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
	glyphFace // the Go font of the weight

	fonts *fontSet

	weight    Weight
	size      float64
	capHeight float64

	// Advances of printable ASCII and a few symbols the boards use, filled
	// once by NewFace and only read after. freetype does not cache advances:
	// each GlyphAdvance reloads and re-hints the glyph, which made measuring
	// labels cost more than drawing them.
	ascii   [0x7F - ' ']fixed.Int26_6
	symbols map[rune]fixed.Int26_6

	// fallbacks are the fallback fonts at this size, made when a rune the
	// Go font lacks is first met: most faces only ever draw digits and
	// labels.
	fallbacks func() []*glyphFace
	// missing is the substitute box, drawn for runes no font has.
	missing *glyph

	// Text laid out whole (see layout.go) and what it draws, each kept
	// for the life of the Face up to a bound.
	layouts     bounded[string, *layout]
	shaped      bounded[shapedKey, *glyph]
	emojiImages bounded[int, *image.RGBA] // by emoji entry, at the face's size
}

// glyphFace rasterises and keeps the glyphs of one font at one size.
type glyphFace struct {
	font  *truetype.Font
	scale fixed.Int26_6 // size in 26.6 pixels, as freetype rounds it
	pool  sync.Pool

	glyphs sync.Map     // glyphKey → *glyph
	kept   atomic.Int32 // entries in glyphs
}

// maxGlyphs bounds the glyphs one font of a Face keeps. Boards draw a few
// hundred; names from outside may bring any of the fonts' glyphs, and past
// the bound those are rasterised at each use rather than kept.
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

// NewFace returns the embedded font of weight w at size pixels, falling
// back to the default fallback fonts (DefaultFallbackFonts) for runes it
// lacks. A Renderer's boards use its own Options instead.
func NewFace(w Weight, size float64) *Face { return defaultFonts.face(w, size) }

// newFace returns the Go font of weight w at size pixels, falling back to
// the fonts of fs.
func newFace(fs *fontSet, w Weight, size float64) *Face {
	f := &Face{weight: w, size: size, fonts: fs}
	f.layouts.limit, f.shaped.limit, f.emojiImages.limit = maxLayouts, maxGlyphs, maxEmojiImages
	f.init(w.font(), size)
	f.fallbacks = sync.OnceValue(func() []*glyphFace {
		fonts := fs.fonts()
		gs := make([]*glyphFace, len(fonts))
		for i, ft := range fonts {
			gs[i] = new(glyphFace)
			gs[i].init(ft, size)
		}
		return gs
	})
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
	f.missing = substitute(size, f.capHeight, f.ascii['H'-' '])
	return f
}

// init sets g up to rasterise ft at size pixels.
func (g *glyphFace) init(ft *truetype.Font, size float64) {
	g.font, g.scale = ft, fixed.Int26_6(0.5+size*64)
	g.pool.New = func() any {
		return truetype.NewFace(ft, &truetype.Options{
			Size:    size,
			Hinting: font.HintingFull,
			// Glyphs are kept by the glyphFace; freetype's cache only
			// needs room for the one being copied out.
			GlyphCacheEntries: 1,
		})
	}
}

// glyph returns r rasterised at offset fx, keeping it while there is room.
func (g *glyphFace) glyph(r rune, fx fixed.Int26_6) *glyph {
	key := glyphKey{r, fx}
	if gl, ok := g.glyphs.Load(key); ok {
		return gl.(*glyph)
	}
	gl := new(glyph)
	g.with(func(ff font.Face) {
		dr, mask, maskp, advance, _ := ff.Glyph(fixed.Point26_6{X: fx}, r)
		gl.advance, gl.offset = advance, dr.Min
		gl.mask = image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		if !dr.Empty() {
			draw.Draw(gl.mask, gl.mask.Rect, mask, maskp, draw.Src)
		}
	})
	if g.kept.Load() < maxGlyphs {
		if kept, loaded := g.glyphs.LoadOrStore(key, gl); loaded {
			return kept.(*glyph)
		}
		g.kept.Add(1)
	}
	return gl
}

// kern is the kerning between two runes as freetype's hinted faces apply
// it: whole pixels.
func (g *glyphFace) kern(r0, r1 rune) fixed.Int26_6 {
	k := g.font.Kern(g.scale, g.font.Index(r0), g.font.Index(r1))
	return (k + 32) &^ 63
}

// with lends fn one of the pool's freetype faces.
func (g *glyphFace) with(fn func(font.Face)) {
	ff := g.pool.Get().(font.Face)
	defer g.pool.Put(ff)
	fn(ff)
}

// source returns the font r is drawn from: the Go font, else the first
// fallback font that has it, else nil for the substitute box.
func (f *Face) source(r rune) *glyphFace {
	// The Go fonts have every printable ASCII character.
	if r >= ' ' && r < 0x7F || f.font.Index(r) != 0 {
		return &f.glyphFace
	}
	for _, g := range f.fallbacks() {
		if g.font.Index(r) != 0 {
			return g
		}
	}
	return nil
}

// step is one rune laid out after another: the kerning between them and
// the rune's source. Kerning applies only within one font, so text in the
// Go font alone is laid out exactly as freetype lays it out.
func (f *Face) step(prev rune, prevSrc *glyphFace, r rune) (kern fixed.Int26_6, src *glyphFace) {
	src = f.source(r)
	if prev >= 0 && src != nil && src == prevSrc {
		kern = src.kern(prev, r)
	}
	return kern, src
}

// advance returns the advance of r drawn from src.
func (f *Face) advance(src *glyphFace, r rune) fixed.Int26_6 {
	switch {
	case src == nil:
		return f.missing.advance
	case src != &f.glyphFace:
		return src.glyph(r, 0).advance
	case r >= ' ' && r < 0x7F:
		return f.ascii[r-' ']
	}
	if a, ok := f.symbols[r]; ok {
		return a
	}
	return f.glyph(r, 0).advance
}

// measure is font.MeasureString with the advance tables and fallback fonts,
// or the advance of the whole layout where s needs one.
func (f *Face) measure(s string) fixed.Int26_6 {
	if f.needsLayout(s) {
		return f.layoutOf(s).width
	}
	var w fixed.Int26_6
	prev := rune(-1)
	var prevSrc *glyphFace
	for _, r := range s {
		kern, src := f.step(prev, prevSrc, r)
		w += kern + f.advance(src, r)
		prev, prevSrc = r, src
	}
	return w
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

// Size is the font size in pixels.
func (f *Face) Size() float64 { return f.size }

// CapHeight is the height of a capital letter above the baseline, the
// measure by which labels are centred vertically.
func (f *Face) CapHeight() float64 { return f.capHeight }

// Has reports whether r is drawn from a glyph, of the Go font, of an
// embedded or fallback font or of the emoji images, rather than as the
// substitute box.
func (f *Face) Has(r rune) bool {
	// A regional indicator is half a flag, or drawn as its letter.
	return f.source(r) != nil || shapedFontOf(r) >= 0 || emojis().has(r) || isRegionalIndicator(r)
}

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
	f.fonts.sight.sawText(s, f.size)
	ax, ay := a.fractions()
	w := fix(f.measure(s))
	if left := x - ax*w; left < float64(dst.Rect.Min.X) || left+w > float64(dst.Rect.Max.X) {
		f.fonts.sight.sawCut(s)
	}
	sr, sg, sb, sa := c.RGBA()
	ink := inkColour{sr, sg, sb, sa}
	dotX := fixed.Int26_6((x - ax*w) * 64)
	// Baselines are rounded to whole pixels so that hinted glyphs keep
	// their sharp horizontal stems.
	dotY := int(math.Floor(y + (1-ay)*f.capHeight + 0.5))
	if f.needsLayout(s) {
		f.drawLayout(dst, f.layoutOf(s), dotX, dotY, ink)
		return w
	}
	// As font.Drawer.DrawString draws with a freetype face, so that the
	// pixels are the same.
	prev := rune(-1)
	var prevSrc *glyphFace
	for _, r := range s {
		kern, src := f.step(prev, prevSrc, r)
		dotX += kern
		at := (dotX + 8) &^ 15 // to the nearest quarter pixel
		g := f.missing
		if src != nil {
			g = src.glyph(r, at&63)
		}
		if b := g.mask.Rect; !b.Empty() {
			min := g.offset.Add(image.Pt(int(at>>6), dotY))
			ink.drawMask(dst, image.Rectangle{min, min.Add(b.Size())}, g.mask)
		}
		dotX += g.advance
		prev, prevSrc = r, src
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
// rune in one pass, so an absurdly long name costs linear time. Text that
// needs a layout is cut between clusters (a letter with its marks, an emoji
// sequence), found by bisection over a logarithmic number of prefixes.
func (f *Face) Fit(s string, width float64) string {
	limit := fixed.Int26_6(width * 64)
	if f.measure(s) <= limit {
		return s
	}
	f.fonts.sight.sawCut(s)
	if f.needsLayout(s) {
		return f.fitLaidOut(s, limit)
	}
	room := limit - f.measure(ellipsis)
	var w fixed.Int26_6
	prev := rune(-1)
	var prevSrc *glyphFace
	cut := 0
	for cut < len(s) {
		r, size := utf8.DecodeRuneInString(s[cut:])
		kern, src := f.step(prev, prevSrc, r)
		adv := kern + f.advance(src, r)
		if w+adv > room {
			break
		}
		w += adv
		prev, prevSrc = r, src
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
// with f. It keeps every visible character, so that a name in any script
// stays that name; what no font has is drawn as the substitute box. It
// keeps what shapes an emoji inside its sequence (joiners, skin tones,
// presentation selectors, keycaps, subdivision tags) and the joiners of
// shaped scripts, and drops them elsewhere, with controls, other invisible
// formatting marks (direction marks: direction comes from the letters) and
// combining marks no font has. A sequence no font or image has, runes
// joined to a boxed rune or a flag of two boxed regional indicators, is
// kept as its first rune: one box, not a row of them. Clean collapses runs
// of spaces, and returns "" only for blank or invisible text, which callers
// replace with a neutral label.
func (f *Face) Clean(s string) string {
	var b strings.Builder
	var (
		space   bool // spaces were skipped since the last kept rune
		last    rune = -1
		boxed   bool // the last kept rune is drawn as the substitute box
		joined  bool // a zero-width joiner follows a boxed rune
		flagged bool // the last kept rune opens a flag's pair of regional indicators
		emoji   bool // the last kept rune is part of an emoji sequence
		tagged  bool // the last kept rune opens or continues a subdivision flag's tags
	)
	keep := func(r rune) {
		b.WriteRune(r)
		last = r
	}
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			last, boxed, joined, flagged, emoji, tagged = -1, false, false, false, false, false
			continue
		case r == zeroWidthJoiner:
			joined = boxed
			if emoji || last >= 0 && shapedFontOf(last) >= 0 {
				keep(r)
			}
			continue
		case r == zeroWidthNonJoiner:
			if last >= 0 && shapedFontOf(last) >= 0 {
				keep(r)
			}
			continue
		case r == emojiPresentation || r == textPresentation:
			if last >= 0 && (emojis().first[last] || isKeycapBase(last)) {
				keep(r)
				emoji = r == emojiPresentation
			}
			continue
		case r == keycapMark:
			if last == emojiPresentation || last >= 0 && isKeycapBase(last) {
				keep(r)
			}
			continue
		case isTag(r):
			if tagged {
				keep(r)
				tagged = r != cancelTag
			}
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Variation_Selector, r),
			unicode.Is(unicode.M, r) && !f.Has(r):
			continue
		case isSkinTone(r) && emoji:
			keep(r)
			continue
		}
		has := f.Has(r)
		ri := isRegionalIndicator(r)
		if !has && (joined || flagged && ri) {
			joined, flagged = false, false
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		emoji = r >= 0x80 && emojis().first[r] // ASCII begins only keycaps, handled above
		keep(r)
		boxed, joined, flagged, tagged = !has, false, ri && !flagged, r == 0x1F3F4
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

// SeatName is the drawable form of a seat's name: names[seat] cleaned, or
// "Player N" in say's language when the name is blank or invisible.
func (f *Face) SeatName(say i18n.Printer, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		if s := f.Clean(names[seat]); s != "" {
			return s
		}
	}
	return say.T("frame.player", "seat", seat+1)
}

// SeatNames returns the drawable names of at least n seats, ready for
// games.FormatSeats.
func (f *Face) SeatNames(say i18n.Printer, names []string, n int) []string {
	out := make([]string, max(n, len(names)))
	for i := range out {
		out[i] = f.SeatName(say, names, i)
	}
	return out
}

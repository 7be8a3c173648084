package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"
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
// A font.Face from freetype caches rasterised glyphs in place and so cannot
// be shared between goroutines, while building one allocates a large glyph
// mask. Face keeps a pool of them: every call borrows a warm one and gives
// it back, so concurrent renders neither race nor pay for new faces.
//
// Face draws text itself instead of through gg: gg resamples every glyph
// through a bilinear transform even when none is set, which is several times
// slower than drawing the glyph mask directly and blurs hinted glyphs.
type Face struct {
	font *truetype.Font
	size float64
	pool sync.Pool

	capHeight float64

	// Advances of printable ASCII and a few symbols the boards use, filled
	// once by NewFace and only read after. freetype does not cache advances:
	// each GlyphAdvance reloads and re-hints the glyph, which made measuring
	// labels cost more than drawing them.
	ascii   [0x7F - ' ']fixed.Int26_6
	symbols map[rune]fixed.Int26_6
}

// tabledSymbols are the non-ASCII runes boards draw often.
const tabledSymbols = "−…·×"

// NewFace returns the embedded font of weight w at size pixels.
func NewFace(w Weight, size float64) *Face {
	f := &Face{font: w.font(), size: size}
	// The glyph cache is a mask image of (entries × largest glyph); the
	// default 512 entries cost megabytes per face at board sizes. Labels use
	// few distinct glyphs, so a small cache stays warm.
	entries := 128
	if size >= 28 {
		entries = 64
	}
	f.pool.New = func() any {
		return truetype.NewFace(f.font, &truetype.Options{
			Size:              size,
			Hinting:           font.HintingFull,
			GlyphCacheEntries: entries,
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

// advance returns the advance of r, from the tables when it is there.
func (f *Face) advance(ff font.Face, r rune) fixed.Int26_6 {
	if r >= ' ' && r < 0x7F {
		return f.ascii[r-' ']
	}
	if a, ok := f.symbols[r]; ok {
		return a
	}
	a, _ := ff.GlyphAdvance(r)
	return a
}

// measure is font.MeasureString with the advance tables.
func (f *Face) measure(ff font.Face, s string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += ff.Kern(prev, r)
		}
		w += f.advance(ff, r)
		prev = r
	}
	return w
}

func (f *Face) with(do func(font.Face)) {
	ff := f.pool.Get().(font.Face)
	defer f.pool.Put(ff)
	do(ff)
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
func (f *Face) Measure(s string) float64 {
	var w fixed.Int26_6
	f.with(func(ff font.Face) { w = f.measure(ff, s) })
	return fix(w)
}

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
	var w float64
	f.with(func(ff font.Face) {
		ax, ay := a.fractions()
		w = fix(f.measure(ff, s))
		d := font.Drawer{
			Dst:  dst,
			Src:  image.NewUniform(c),
			Face: ff,
			Dot: fixed.Point26_6{
				X: fixed.Int26_6((x - ax*w) * 64),
				// Baselines are rounded to whole pixels so that hinted
				// glyphs keep their sharp horizontal stems.
				Y: fixed.I(int(math.Floor(y + (1-ay)*f.capHeight + 0.5))),
			},
		}
		d.DrawString(s)
	})
	return w
}

// ellipsis ends a truncated label. The Go fonts have the single glyph.
const ellipsis = "…"

// Fit returns s unchanged when it is at most width pixels wide, otherwise the
// longest prefix that fits with an ellipsis appended. It measures rune by
// rune in one pass, so an absurdly long name costs linear time.
func (f *Face) Fit(s string, width float64) string {
	var out string
	f.with(func(ff font.Face) {
		limit := fixed.Int26_6(width * 64)
		if f.measure(ff, s) <= limit {
			out = s
			return
		}
		room := limit - f.measure(ff, ellipsis)
		var w fixed.Int26_6
		prev := rune(-1)
		cut := 0
		for cut < len(s) {
			r, size := utf8.DecodeRuneInString(s[cut:])
			if prev >= 0 {
				w += ff.Kern(prev, r)
			}
			adv := f.advance(ff, r)
			if w+adv > room {
				break
			}
			w += adv
			prev = r
			cut += size
		}
		out = strings.TrimRightFunc(s[:cut], unicode.IsSpace) + ellipsis
	})
	return out
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

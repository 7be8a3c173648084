package render

import (
	"bytes"
	_ "embed"
	"image"
	"math"
	"sync"
	"unicode"

	gotext "github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The embedded fonts of the scripts whose letters join, reorder or stack,
// drawn through a shaper (see shapedFont), in a regular and a bold weight.
var (
	//go:embed fonts/NotoSansArabic-Regular.ttf
	notoArabic []byte
	//go:embed fonts/NotoSansArabic-Bold.ttf
	notoArabicBold []byte
	//go:embed fonts/NotoSansHebrew-Regular.ttf
	notoHebrew []byte
	//go:embed fonts/NotoSansHebrew-Bold.ttf
	notoHebrewBold []byte
	//go:embed fonts/NotoSansDevanagari-Regular.ttf
	notoDevanagari []byte
	//go:embed fonts/NotoSansDevanagari-Bold.ttf
	notoDevanagariBold []byte
	//go:embed fonts/NotoSansThai-Regular.ttf
	notoThai []byte
	//go:embed fonts/NotoSansThai-Bold.ttf
	notoThaiBold []byte
)

// shapedFont is an embedded font for one script whose text must be shaped
// before it is drawn: Arabic letters take the form of their place in the
// word and run right to left, Hebrew runs right to left, and Devanagari
// and Thai place vowel signs and marks around their consonants. The shaper
// (a port of HarfBuzz) turns a run of such text into glyphs and their
// positions; the glyphs are then drawn from their outlines, unhinted.
type shapedFont struct {
	script *unicode.RangeTable
	tag    language.Script
	upem   float64

	// mu guards face and shaper, which keep caches and may not be shared.
	mu     sync.Mutex
	face   *gotext.Face
	shaper shaping.HarfbuzzShaper
}

// shapedFonts are the shaped fonts, parsed once: the regular weight of
// each script, then at boldShaped and after the bold ones in the same
// order.
var shapedFonts = sync.OnceValue(func() []*shapedFont {
	scripts := []struct {
		regular, bold []byte
		script        *unicode.RangeTable
		tag           language.Script
	}{
		{notoArabic, notoArabicBold, unicode.Arabic, language.Arabic},
		{notoHebrew, notoHebrewBold, unicode.Hebrew, language.Hebrew},
		{notoDevanagari, notoDevanagariBold, unicode.Devanagari, language.Devanagari},
		{notoThai, notoThaiBold, unicode.Thai, language.Thai},
	}
	fonts := make([]*shapedFont, 2*len(scripts))
	for i, sc := range scripts {
		for j, ttf := range [][]byte{sc.regular, sc.bold} {
			face, err := gotext.ParseTTF(bytes.NewReader(ttf))
			if err != nil {
				// Compiled into the binary: a build defect.
				panic("render: embedded font: " + err.Error())
			}
			fonts[i+j*len(scripts)] = &shapedFont{script: sc.script, tag: sc.tag, upem: float64(face.Upem()), face: face}
		}
	}
	return fonts
})

// boldShaped is the index in shapedFonts of the first bold font.
const boldShaped = 4

// shapedFontOf returns the index in shapedFonts of the regular font for
// r's script, or -1 for runes of other scripts.
func shapedFontOf(r rune) int {
	if r < 0x0590 || r > 0x0E7F && (r < 0xFB1D || r > 0xFEFF) {
		return -1
	}
	for i, sf := range shapedFonts()[:boldShaped] {
		if unicode.Is(sf.script, r) && sf.has(r) {
			return i
		}
	}
	return -1
}

// shapedWeight returns the index in shapedFonts of the weight of the
// face's text of shaped font i (a regular one).
func (f *Face) shapedWeight(i int) int {
	if f.weight == Bold {
		return i + boldShaped
	}
	return i
}

// has reports whether the font has a glyph for r.
func (sf *shapedFont) has(r rune) bool {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	_, ok := sf.face.NominalGlyph(r)
	return ok
}

// shape lays out text[start:end] at size pixels, right to left when rtl,
// with the rest of text as context.
func (sf *shapedFont) shape(text []rune, start, end int, size float64, rtl bool) []shaping.Glyph {
	in := shaping.Input{
		Text: text, RunStart: start, RunEnd: end,
		Face: sf.face, Size: fixed.Int26_6(math.Round(size * 64)), Script: sf.tag,
		Language: language.NewLanguage("und"),
	}
	in.Direction.SetProgression(progression(rtl))
	sf.mu.Lock()
	defer sf.mu.Unlock()
	out := sf.shaper.Shape(in)
	return append([]shaping.Glyph(nil), out.Glyphs...)
}

// outline returns glyph gid's outline, in font units with y up.
func (sf *shapedFont) outline(gid gotext.GID) []ot.Segment {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	o, ok := sf.face.GlyphDataOutline(gid)
	if !ok {
		return nil
	}
	return o.Segments
}

// shapedKey is a shaped glyph placed at a quarter-pixel offset.
type shapedKey struct {
	font int
	gid  gotext.GID
	fx   fixed.Int26_6
}

// shapedGlyph returns glyph gid of shaped font i rasterised at size f.size
// and horizontal offset fx, kept for the life of the Face while there is
// room.
func (f *Face) shapedGlyph(i int, gid gotext.GID, fx fixed.Int26_6) *glyph {
	key := shapedKey{i, gid, fx}
	if g, ok := f.shaped.get(key); ok {
		return g
	}
	return f.shaped.keep(key, rasterise(shapedFonts()[i].outline(gid), f.size/shapedFonts()[i].upem, fix(fx)))
}

// rasterise draws an outline in font units, scaled by scale and moved right
// by dx pixels, into a coverage mask placed from the dot.
func rasterise(segs []ot.Segment, scale, dx float64) *glyph {
	if len(segs) == 0 {
		return &glyph{mask: image.NewAlpha(image.Rectangle{})}
	}
	pt := func(p ot.SegmentPoint) (float64, float64) {
		return float64(p.X)*scale + dx, -float64(p.Y) * scale
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, s := range segs {
		for _, p := range s.ArgsSlice() {
			x, y := pt(p)
			minX, maxX = min(minX, x), max(maxX, x)
			minY, maxY = min(minY, y), max(maxY, y)
		}
	}
	b := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY)))
	if b.Empty() {
		return &glyph{mask: image.NewAlpha(image.Rectangle{})}
	}
	var z vector.Rasterizer
	z.Reset(b.Dx(), b.Dy())
	at := func(p ot.SegmentPoint) (float32, float32) {
		x, y := pt(p)
		return float32(x - float64(b.Min.X)), float32(y - float64(b.Min.Y))
	}
	open := false
	for _, s := range segs {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			if open {
				z.ClosePath()
			}
			z.MoveTo(at(s.Args[0]))
			open = true
		case ot.SegmentOpLineTo:
			z.LineTo(at(s.Args[0]))
		case ot.SegmentOpQuadTo:
			x1, y1 := at(s.Args[0])
			x2, y2 := at(s.Args[1])
			z.QuadTo(x1, y1, x2, y2)
		case ot.SegmentOpCubeTo:
			x1, y1 := at(s.Args[0])
			x2, y2 := at(s.Args[1])
			x3, y3 := at(s.Args[2])
			z.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	if open {
		z.ClosePath()
	}
	mask := image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy()))
	z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	return &glyph{mask: mask, offset: b.Min}
}

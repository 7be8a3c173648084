package render

import (
	_ "embed"
	"image"
	"math"
	"os"
	"slices"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/math/fixed"
)

// DefaultFallbackFonts returns the font files a Renderer reads from the
// host unless its Options say otherwise: none. The embedded fonts and
// emoji images (see embeddedFonts, shapedFonts and emojis) draw every
// script names are commonly written in, the same on every host; files an
// administrator names in Options.FallbackFonts are tried after them.
func DefaultFallbackFonts() []string { return nil }

// The embedded fallback fonts drawn rune by rune, tried in this order after
// the Go fonts: Droid Sans Fallback for Chinese and Japanese; Lifebot
// Hangul (NanumGothic's Hangul) for Korean, which Droid Sans Fallback
// lacks; and parts of Noto Sans for what decorates names: phonetic and
// small capital letters (ʚ ᴀʙᴄ), punctuation (※), symbols and dingbats
// (★ ♡ ✿ ☾) and the
// mathematical alphabets (𝓕𝓪𝓷𝓬𝔂, 𝕬).
var (
	//go:embed fonts/DroidSansFallbackFull.ttf
	droidSansFallback []byte
	//go:embed fonts/LifebotHangul.ttf
	lifebotHangul []byte
	//go:embed fonts/NotoSans-Subset.ttf
	notoSansSubset []byte
	//go:embed fonts/NotoSansSymbols-Subset.ttf
	notoSymbolsSubset []byte
	//go:embed fonts/NotoSansSymbols2-Subset.ttf
	notoSymbols2Subset []byte
	//go:embed fonts/NotoSansMath-Subset.ttf
	notoMathSubset []byte
)

// embeddedFonts are the embedded fallback fonts, parsed once.
var embeddedFonts = sync.OnceValue(func() []*truetype.Font {
	var fonts []*truetype.Font
	for _, ttf := range [][]byte{droidSansFallback, lifebotHangul, notoSansSubset, notoSymbolsSubset, notoSymbols2Subset, notoMathSubset} {
		ft, err := truetype.Parse(ttf)
		if err != nil {
			// Compiled into the binary: a build defect.
			panic("render: embedded font: " + err.Error())
		}
		fonts = append(fonts, ft)
	}
	return fonts
})

// fontSet is the embedded fallback fonts and a list of fallback font
// files, read and parsed when a rune the Go fonts lack is first drawn.
// Faces made from one set share its fonts.
type fontSet struct {
	loaded func() []loadedFont
	// sight, when set, is told of every label drawn with the set's faces
	// and every icon its boards mark as carrying meaning; only the tests
	// that hold images to a phone's width set it.
	sight *sight
}

// loadedFont is a fallback font and the file it came from.
type loadedFont struct {
	path string
	font *truetype.Font
}

// defaultFonts is the set of NewFace and of a Renderer whose Options name
// no fonts.
var defaultFonts = newFontSet(DefaultFallbackFonts())

func newFontSet(paths []string) *fontSet {
	paths = slices.Clone(paths)
	return &fontSet{loaded: sync.OnceValue(func() []loadedFont {
		var fonts []loadedFont
		for _, p := range paths {
			if ft := fontFile(p); ft != nil {
				fonts = append(fonts, loadedFont{p, ft})
			}
		}
		return fonts
	})}
}

// fonts returns the embedded fallback fonts, then the fonts of the set's
// files that could be read and parsed, in the order given.
func (fs *fontSet) fonts() []*truetype.Font {
	fonts := slices.Clone(embeddedFonts())
	for _, l := range fs.loaded() {
		fonts = append(fonts, l.font)
	}
	return fonts
}

// paths returns the files of the set's fonts that could be read and parsed.
func (fs *fontSet) paths() []string {
	loaded := fs.loaded()
	paths := make([]string, len(loaded))
	for i, l := range loaded {
		paths[i] = l.path
	}
	return paths
}

// face returns the Go font of weight w at size pixels, falling back to the
// set's fonts.
func (fs *fontSet) face(w Weight, size float64) *Face { return newFace(fs, w, size) }

// fontFiles holds each font file read, by path, so that every set naming a
// file shares one parse of it: a CJK font is megabytes.
var fontFiles sync.Map // path → func() *truetype.Font

// fontFile returns the font in the file at path, or nil when the file is
// missing or not a TrueType font (an OpenType font with CFF outlines
// cannot be parsed): the runes it would have drawn get the substitute box.
func fontFile(path string) *truetype.Font {
	load, _ := fontFiles.LoadOrStore(path, sync.OnceValue(func() *truetype.Font {
		ttf, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		ft, err := truetype.Parse(ttf)
		if err != nil {
			return nil
		}
		return ft
	}))
	return load.(func() *truetype.Font)()
}

// substitute returns the glyph drawn for a rune no font has: a box outlined
// as tall as a capital and as wide as advance, less a margin on each side
// so that boxes side by side stay apart.
func substitute(size, capHeight float64, advance fixed.Int26_6) *glyph {
	stroke := max(1, int(math.Round(size/12)))
	margin := max(1, int(math.Round(fix(advance)/8)))
	w := max(2*stroke+1, int(math.Round(fix(advance)))-2*margin)
	h := max(2*stroke+1, int(math.Round(capHeight)))
	mask := image.NewAlpha(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			if x < stroke || x >= w-stroke || y < stroke || y >= h-stroke {
				mask.Pix[mask.PixOffset(x, y)] = 0xFF
			}
		}
	}
	return &glyph{mask: mask, offset: image.Pt(margin, -h), advance: advance}
}

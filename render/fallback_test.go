package render

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/golang/freetype/truetype"
	"github.com/lifebot/lifebot/games/i18n"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// hostFont writes one of the embedded fonts to a file, standing for a font
// an administrator names in Options.FallbackFonts, and returns its path.
func hostFont(tb testing.TB) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "host.ttf")
	if err := os.WriteFile(path, lifebotHangul, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// inkBounds returns the smallest rectangle holding every pixel of im that
// differs from the pixel at its top-left corner, the background.
func inkBounds(im *image.RGBA) image.Rectangle {
	bg := im.RGBAAt(im.Rect.Min.X, im.Rect.Min.Y)
	var ink image.Rectangle
	for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
		for x := im.Rect.Min.X; x < im.Rect.Max.X; x++ {
			if im.RGBAAt(x, y) != bg {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return ink
}

// drawn returns s drawn by f in black on white, w×h pixels, with the
// point (x, y) at anchor a, and the advance Draw returned.
func drawn(f *Face, s string, w, h int, x, y float64, a Anchor) (*image.RGBA, float64) {
	im := image.NewRGBA(image.Rect(0, 0, w, h))
	FillRect(im, im.Rect, color.RGBA{0xFF, 0xFF, 0xFF, 0xFF})
	adv := f.Draw(im, s, x, y, a, color.Black)
	return im, adv
}

// TestFallbackDrawsCJK checks that names in Chinese, Japanese and Korean
// are drawn from the embedded fallback fonts, glyph for glyph as freetype
// draws them.
func TestFallbackDrawsCJK(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		font int // in embeddedFonts
		name string
	}{
		{0, "王小明"},
		{0, "さくら"},
		{1, "김민준"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := defaultFonts.face(Bold, 24)
			for _, r := range c.name {
				if !f.Has(r) {
					t.Errorf("Has(%q) = false", r)
				}
			}
			got, _ := drawn(f, c.name, 160, 40, 10.25, 20, MiddleLeft)
			want := image.NewRGBA(got.Rect)
			FillRect(want, want.Rect, color.RGBA{0xFF, 0xFF, 0xFF, 0xFF})
			ff := truetype.NewFace(embeddedFonts()[c.font], &truetype.Options{Size: 24, Hinting: font.HintingFull})
			d := font.Drawer{Dst: want, Src: image.NewUniform(color.Black), Face: ff,
				Dot: fixed.Point26_6{X: fixed.Int26_6(10.25 * 64), Y: fixed.I(int(20 + f.CapHeight()/2 + 0.5))}}
			d.DrawString(c.name)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%q differs from the fallback font's glyphs drawn by font.Drawer", c.name)
			}
		})
	}
}

// TestMissingRuneDrawsBox checks that a rune no font has, a Phoenician
// letter, is drawn as the substitute, a box outlined where the rune stands,
// a capital wide, with or without fallback fonts from the host.
func TestMissingRuneDrawsBox(t *testing.T) {
	t.Parallel()
	for name, fs := range map[string]*fontSet{"host fonts": newFontSet([]string{hostFont(t)}), "embedded": defaultFonts} {
		t.Run(name, func(t *testing.T) {
			f := fs.face(Bold, 24)
			for _, r := range "𐤀𐤁" {
				if f.Has(r) {
					t.Errorf("a font has %q", r)
				}
			}
			if w, want := f.Measure("𐤀"), f.Measure("H"); w != want {
				t.Errorf("the box is %.2f px wide, want a capital's %.2f", w, want)
			}
			const x, y = 20, 20
			ax, bx := x+f.Measure("A"), x+f.Measure("A𐤀")
			im, _ := drawn(f, "A𐤀B", 160, 40, x, y, MiddleLeft)
			cell := image.Rect(int(ax), 0, int(bx)+1, 40)
			box := inkBounds(im.SubImage(cell).(*image.RGBA))
			if box.Empty() {
				t.Fatalf("no ink between A and B, in %v", cell)
			}
			if h, want := float64(box.Dy()), f.CapHeight(); h < want-1 || h > want+1 {
				t.Errorf("the box is %d px tall, want about a capital's %.1f", box.Dy(), want)
			}
			if box.Dx() < int(f.Measure("H"))/2 {
				t.Errorf("the box is %d px wide, want most of a capital's %.1f", box.Dx(), f.Measure("H"))
			}
			mid := image.Pt((box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
			if c := im.RGBAAt(mid.X, mid.Y); c.R != 0xFF {
				t.Errorf("the box is filled at its centre %v, want it outlined", mid)
			}
			// Every rune stands for itself: two are two boxes.
			two, _ := drawn(f, "𐤀𐤁", 160, 40, x, y, MiddleLeft)
			if w := inkBounds(two).Dx(); w < 2*box.Dx() {
				t.Errorf("two runes inked %d px, want two boxes of %d", w, box.Dx())
			}
		})
	}
}

// TestLatinUnaffectedByFallbacks checks that fallback fonts change no pixel
// of text the Go fonts have.
func TestLatinUnaffectedByFallbacks(t *testing.T) {
	t.Parallel()
	with, without := newFontSet([]string{hostFont(t)}).face(Regular, 19), defaultFonts.face(Regular, 19)
	const s = "Zoë Ångström-Łukasiewicz, Дмитрий −12 … fj"
	a, aw := drawn(with, s, 500, 40, 3.3, 20, MiddleLeft)
	b, bw := drawn(without, s, 500, 40, 3.3, 20, MiddleLeft)
	if aw != bw || !bytes.Equal(a.Pix, b.Pix) {
		t.Errorf("%q is drawn differently with fallback fonts", s)
	}
}

// mixedNames are names in mixed scripts and directions, with runes from
// the Go fonts, from fallback fonts, from shaped fonts, from the emoji
// images and from none.
var mixedNames = []string{"王小明", "Ольга", "さくら🌸", "Ana 😀", "Zoë 王小明 😀 Wo", "김민준 Kim",
	"Omar عمر 🕌", "فاطمة الزهراء", "Noa נועה 42", "प्रिया शर्मा", "น้ำใจ 🐦", "👨‍👩‍👧‍👦 Lee 🇯🇵", "𐤀 Ana"}

// TestMixedScriptLayout checks that measuring agrees with drawing for
// names in mixed scripts: the advance, the ink within it, centring, and
// that a name fitted to a width, ellipsis and all, is never drawn wider.
func TestMixedScriptLayout(t *testing.T) {
	t.Parallel()
	sets := map[string]*fontSet{"embedded": defaultFonts, "host fonts": newFontSet([]string{hostFont(t)})}
	for name, fs := range sets {
		f := fs.face(Bold, 22)
		for _, s := range mixedNames {
			t.Run(name+"/"+s, func(t *testing.T) {
				const x = 10
				im, w := drawn(f, s, 400, 40, x, 20, MiddleLeft)
				if w != f.Measure(s) {
					t.Errorf("Draw advanced %.2f, Measure says %.2f", w, f.Measure(s))
				}
				// The ink lies within the advance, give or take a glyph's
				// overhang.
				if ink := inkBounds(im); ink.Min.X < x-2 || float64(ink.Max.X) > x+w+3 {
					t.Errorf("inked x %d..%d, want within %d..%.0f", ink.Min.X, ink.Max.X, x, x+w)
				}
				centred, _ := drawn(f, s, 400, 40, 200, 20, Centre)
				if ink := inkBounds(centred); float64(ink.Min.X) < 200-w/2-2 || float64(ink.Max.X) > 200+w/2+3 {
					t.Errorf("centred on 200, inked x %d..%d, want within %.0f..%.0f", ink.Min.X, ink.Max.X, 200-w/2, 200+w/2)
				}
				for width := 4.0; width < w+4; width += 3 {
					got := f.Fit(s, width)
					if got != ellipsis && f.Measure(got) > width {
						t.Errorf("Fit(%q, %.0f) = %q, %.1f px wide", s, width, got, f.Measure(got))
					}
					fitted, _ := drawn(f, got, 400, 40, x, 20, MiddleLeft)
					if ink := inkBounds(fitted); got != ellipsis && float64(ink.Max.X) > x+width+3 {
						t.Errorf("Fit(%q, %.0f) = %q inks up to x %d, past %.0f", s, width, got, ink.Max.X, x+width)
					}
				}
			})
		}
	}
}

// TestFallbackFontFiles checks that missing and unreadable font files are
// passed over rather than failing, that a Renderer reports the files it
// uses, and that each file is parsed once however many sets name it.
func TestFallbackFontFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.ttf")
	good := filepath.Join(dir, "go.ttf")
	for path, data := range map[string][]byte{junk: []byte("not a font"), good: goregular.TTF} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := NewRendererWith(Options{FallbackFonts: []string{filepath.Join(dir, "missing.ttf"), junk, good}})
	if got := r.FallbackFonts(); !slices.Equal(got, []string{good}) {
		t.Errorf("FallbackFonts() = %q, want only %q", got, good)
	}
	data, err := r.Board(overOfFour(), []string{"王小明", "Ольга", "さくら🌸", "Ana 😀"}, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	decode(t, data)
	if got := NewRendererWith(Options{FallbackFonts: []string{}}).FallbackFonts(); len(got) != 0 {
		t.Errorf("with an empty list, FallbackFonts() = %q, want none", got)
	}
	a, b := newFontSet([]string{good}).fonts(), newFontSet([]string{junk, good}).fonts()
	if n := len(embeddedFonts()) + 1; len(a) != n || len(b) != n || a[n-1] != b[n-1] {
		t.Errorf("two sets naming one file hold %d and %d fonts, want the embedded ones and one font shared", len(a), len(b))
	}
}

// TestScriptsGolden draws a board whose players' names are in Chinese,
// Cyrillic, Japanese with an emoji, and Latin with an emoji, with the
// embedded fonts alone.
func TestScriptsGolden(t *testing.T) {
	t.Parallel()
	r := NewRenderer()
	data, err := r.Board(overOfFour(), []string{"王小明", "Ольга", "さくら🌸", "Ana 😀"}, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "thatslife_over4_scripts", data)
}

// BenchmarkDrawName compares drawing names in mixed scripts, with emoji
// and in a shaped script with a Latin one.
func BenchmarkDrawName(b *testing.B) {
	f := defaultFonts.face(Bold, 25)
	for _, c := range []struct{ name, s string }{
		{"latin", "Maximilian Alexander"},
		{"mixed", "王小明 Ольга さくら🌸"},
		{"emoji", "👨‍👩‍👧‍👦 Lee 👍🏽 🇯🇵"},
		{"arabic", "فاطمة الزهراء"},
	} {
		b.Run(c.name, func(b *testing.B) {
			im := image.NewRGBA(image.Rect(0, 0, 400, 40))
			f.Draw(im, c.s, 4, 20, MiddleLeft, color.White)
			for b.Loop() {
				f.Draw(im, f.Fit(c.s, 300), 4, 20, MiddleLeft, color.White)
			}
		})
	}
}

package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/thatslife"
)

func TestFit(t *testing.T) {
	t.Parallel()
	f := NewFace(Bold, 24)
	cases := []struct {
		name string
		in   string
		max  float64
	}{
		{"fits", "Ada", 200},
		{"long", "Maximilian Alexander von Hohenzollern", 150},
		{"no room", "Grace", 1},
		{"accents", "Zoë Ångström-Łukasiewicz", 120},
		{"huge", strings.Repeat("W", 100000), 300},
		{"invalid UTF-8", "ab\xff\xfecd efgh ijkl", 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := f.Fit(c.in, c.max)
			if f.Measure(c.in) <= c.max {
				if got != c.in {
					t.Errorf("Fit(%q) = %q, want it unchanged", c.in, got)
				}
				return
			}
			if !strings.HasSuffix(got, ellipsis) {
				t.Errorf("Fit(%q) = %q, want an ellipsis at the end", c.in, got)
			}
			if !strings.HasPrefix(c.in, strings.TrimSuffix(got, ellipsis)) {
				t.Errorf("Fit(%q) = %q, want a prefix of the input", c.in, got)
			}
			if w := f.Measure(got); w > c.max && got != ellipsis {
				t.Errorf("Fit(%q) = %q is %.1f px wide, want at most %.1f", c.in, got, w, c.max)
			}
		})
	}
}

func TestMeasureMatchesDrawing(t *testing.T) {
	t.Parallel()
	f := NewFace(Bold, 30)
	for _, s := range []string{"+12", "−10", "Jürgen", "That's Life!", "WAVE"} {
		im := image.NewRGBA(image.Rect(0, 0, 400, 60))
		w := f.Draw(im, s, 10, 30, MiddleLeft, color.Black)
		if w != f.Measure(s) {
			t.Errorf("Draw(%q) advanced %.2f, Measure says %.2f", s, w, f.Measure(s))
		}
		// The ink must lie within the measured advance, give or take the
		// overhang of the last glyph.
		minX, maxX := 400, -1
		for y := range 60 {
			for x := range 400 {
				if im.RGBAAt(x, y).A > 0 {
					minX, maxX = min(minX, x), max(maxX, x)
				}
			}
		}
		if maxX < 0 || minX < 8 || float64(maxX) > 10+w+3 {
			t.Errorf("%q inked x %d..%d, want within 10..%.0f", s, minX, maxX, 10+w)
		}
	}
}

func TestClean(t *testing.T) {
	t.Parallel()
	// Without host fonts: the embedded fonts and emoji images decide what
	// Clean keeps.
	f := newFontSet([]string{}).face(Regular, 20)
	cases := []struct{ in, want string }{
		{"Ada", "Ada"},
		{"  Zoë   Ångström ", "Zoë Ångström"},
		{"🎲 Mia 🌸", "🎲 Mia 🌸"},
		{"Chen 陈", "Chen 陈"},
		{"さくら🌸", "さくら🌸"},
		{"👨\u200d👩\u200d👧 Kim", "👨\u200d👩\u200d👧 Kim"},
		{"👍🏽👍🏻", "👍🏽👍🏻"},
		{"❤\ufe0f\u200d🔥", "❤\ufe0f\u200d🔥"},
		{"🇯🇵🇫🇷 🇩", "🇯🇵🇫🇷 🇩"},
		{"1\ufe0f\u20e3", "1\ufe0f\u20e3"},
		{"𐤀\u200d𐤁 Kim", "𐤀 Kim"},
		{"a\u200bb\u202ec\ufe0f", "abc"},
		{"\u200d\u200b\ufe0f", ""},
		{"tab\tand\nnewline", "tab and newline"},
		{"Дмитрий Ωμέγα", "Дмитрий Ωμέγα"},
		{"", ""},
	}
	for _, c := range cases {
		if got := f.Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFitFace(t *testing.T) {
	t.Parallel()
	big, small := NewFace(Bold, 40), NewFace(Bold, 12)
	if got := FitFace("−3", 200, big, small); got != big {
		t.Errorf("short label: got the %v px face, want the 40 px one", got.Size())
	}
	if got := FitFace("−123456789", 60, big, small); got != small {
		t.Errorf("long label: got the %v px face, want the 12 px one", got.Size())
	}
}

// TestFaceConcurrent draws with one Face from many goroutines, which fill
// its caches of glyphs, layouts and emoji images at once; run with -race
// it shows the borrowed font.Faces and the shapers are never shared.
func TestFaceConcurrent(t *testing.T) {
	t.Parallel()
	texts := []string{"Grace −7 …", "Ana 👨‍👩‍👧‍👦 👍🏽", "فاطمة الزهراء", "प्रिया 🇯🇵", "王小明 김민준"}
	lone := NewFace(Bold, 22)
	want := make([]*image.RGBA, len(texts))
	for i, s := range texts {
		want[i] = image.NewRGBA(image.Rect(0, 0, 300, 40))
		lone.Draw(want[i], s, 4, 20, MiddleLeft, color.White)
	}
	f := NewFace(Bold, 22)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for n := range 20 {
				i := (g + n) % len(texts)
				im := image.NewRGBA(want[i].Rect)
				f.Draw(im, texts[i], 4, 20, MiddleLeft, color.White)
				if string(im.Pix) != string(want[i].Pix) {
					t.Errorf("a concurrent draw of %q differs from a lone one", texts[i])
					return
				}
				_ = f.Fit("Maximilian Alexander", 90)
				_ = f.Fit(texts[i], 60)
			}
		})
	}
	wg.Wait()
}

func TestEncodePNG(t *testing.T) {
	t.Parallel()
	im := image.NewRGBA(image.Rect(0, 0, 64, 32))
	for i := range im.Pix {
		im.Pix[i] = uint8(i * 7)
		if i%4 == 3 {
			im.Pix[i] = 0xFF
		}
	}
	for range 3 { // the second and third calls reuse pooled buffers
		data, err := EncodePNG(im)
		if err != nil {
			t.Fatal(err)
		}
		got := decode(t, data)
		if got.Bounds() != im.Bounds() || string(got.Pix) != string(im.Pix) {
			t.Fatal("decoded image differs from the encoded one")
		}
	}
}

// TestPalette checks that the player colours stay apart for everyone: each
// has its own mark, and the six box colours stay distinct in simulated
// protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes,
// 2009, full severity), measured as CIE76 ΔE.
func TestPalette(t *testing.T) {
	t.Parallel()
	marks := map[Mark]int{}
	for i := range PlayerColours {
		if j, dup := marks[Player(i).Mark]; dup {
			t.Errorf("colours %d and %d share mark %d", j, i, Player(i).Mark)
		}
		marks[Player(i).Mark] = i
	}
	if Player(-1) != Player(PlayerColours-1) || Player(PlayerColours) != Player(0) {
		t.Error("colours outside the palette do not wrap around")
	}
	vision := map[string][3][3]float64{
		"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	const boxColours = 6
	for name, m := range vision {
		var lab [boxColours][3]float64
		for i := range boxColours {
			lab[i] = toLab(simulate(m, Player(i).Fill))
		}
		for i := range boxColours {
			for j := range i {
				if d := dist(lab[i], lab[j]); d < 20 {
					t.Errorf("%s: colours %d and %d are ΔE %.1f apart, want at least 20", name, j, i, d)
				}
			}
		}
	}
}

func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func simulate(m [3][3]float64, c color.RGBA) [3]float64 {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var out [3]float64
	for i := range 3 {
		for j := range 3 {
			out[i] += m[i][j] * in[j]
		}
		out[i] = math.Min(math.Max(out[i], 0), 1)
	}
	return out
}

func toLab(c [3]float64) [3]float64 {
	x := (0.4124*c[0] + 0.3576*c[1] + 0.1805*c[2]) / 0.9505
	y := 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	z := (0.0193*c[0] + 0.1192*c[1] + 0.9505*c[2]) / 1.089
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func dist(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

func TestSigned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   int
		want string
	}{{12, "+12"}, {-3, "−3"}, {0, "0"}, {math.MinInt64, "−9223372036854775808"}}
	for _, c := range cases {
		if got := signed(c.in); got != c.want {
			t.Errorf("signed(%d) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBoardDispatchesOnViewType(t *testing.T) {
	t.Parallel()
	r := shared()
	if _, err := r.Board(struct{}{}, nil, i18n.English); err == nil {
		t.Fatal("Board accepted a view type it cannot draw")
	}
	png, err := r.Board(thatslife.View{Players: []thatslife.PlayerView{{}, {Colour: 1}}}, []string{"Ada", "Ben"}, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("Board returned %d bytes that are not a PNG", len(png))
	}
}

func TestSeatName(t *testing.T) {
	t.Parallel()
	f := NewFace(Bold, 20)
	names := []string{"Ada", "🦊", "", "\u200b"}
	for seat, want := range []string{"Ada", "🦊", "Player 3", "Player 4", "Player 5"} {
		if got := f.SeatName(english, names, seat); got != want {
			t.Errorf("SeatName(%d) = %q, want %q", seat, got, want)
		}
	}
	if got := f.SeatNames(english, names, 5); len(got) != 5 || got[4] != "Player 5" {
		t.Errorf("SeatNames = %q, want five names", got)
	}
}

// golden is an image of testdata: the view drawn by Board with names, w×h
// pixels in English, kept as testdata/<name>.png.
type golden struct {
	name  string
	view  func() any
	names []string
	w, h  int
}

func (g golden) draw(r *Renderer) ([]byte, error) { return g.drawIn(r, i18n.English) }

// drawIn draws g's view with the renderer's words in lang.
func (g golden) drawIn(r *Renderer, lang i18n.Lang) ([]byte, error) {
	return r.Board(g.view(), g.names, lang)
}

// shared is one renderer for the tests that need one, warm caches or not;
// the tests of the caches, of a lone render and of the renders' turns
// make their own.
var shared = sync.OnceValue(NewRenderer)

// drawnGolden is a golden image drawn by the shared renderer, as a PNG and
// decoded.
type drawnGolden struct {
	png []byte
	im  *image.RGBA
}

// drawings keeps each golden as the shared renderer drew it: the golden
// tests, the concurrent tests and the palette's check compare with the
// same drawing, which the race detector makes costly to draw again.
var drawings struct {
	sync.Mutex
	byName map[string]drawnGolden
}

// goldenDrawing returns g as the shared renderer draws it, drawing it once.
func goldenDrawing(t testing.TB, g golden) drawnGolden {
	t.Helper()
	drawings.Lock()
	d, ok := drawings.byName[g.name]
	drawings.Unlock()
	if ok {
		return d
	}
	data, err := g.draw(shared())
	if err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	d = drawnGolden{png: data, im: decode(t, data)}
	drawings.Lock()
	defer drawings.Unlock()
	if drawings.byName == nil {
		drawings.byName = map[string]drawnGolden{}
	}
	drawings.byName[g.name] = d
	return d
}

// goldens lists the golden images of every game.
func goldens() []golden {
	return slices.Concat(thatsLifeGoldens(), lifeGoldens(), lagomGoldens(), yodoGoldens(), alifeGoldens())
}

// checkConcurrent draws every golden at once, twice over, on one
// Renderer; run with -race it shows the caches and pools are shared
// safely, and each image must match the same one drawn alone.
func checkConcurrent(t *testing.T, gs []golden) {
	t.Helper()
	want := make([]*image.RGBA, len(gs))
	for i, g := range gs {
		want[i] = goldenDrawing(t, g).im
	}
	const rounds = 2
	r := NewRenderer()
	var wg sync.WaitGroup
	errs := make(chan error, rounds*len(gs))
	for round := range rounds {
		for i, g := range gs {
			wg.Go(func() {
				data, err := g.draw(r)
				if err == nil {
					var got *image.RGBA
					if got, err = decodePNG(data); err == nil && !bytes.Equal(got.Pix, want[i].Pix) {
						err = fmt.Errorf("pixels differ from a lone render")
					}
				}
				if err != nil {
					errs <- fmt.Errorf("round %d, %s: %w", round, g.name, err)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// checkGoldens draws each image and compares it with its golden by
// decoded pixels; -update rewrites the goldens instead.
func checkGoldens(t *testing.T, gs []golden) {
	for _, g := range gs {
		t.Run(g.name, func(t *testing.T) {
			d := goldenDrawing(t, g)
			data := d.png
			if len(data) > 1<<20 {
				t.Errorf("PNG is %d bytes, want under 1 MiB", len(data))
			}
			if b := d.im.Bounds(); b.Dx() != g.w || b.Dy() != g.h {
				t.Fatalf("image is %v, want %dx%d", b, g.w, g.h)
			}
			checkGolden(t, g.name, data)
		})
	}
}

func checkGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	got, golden := decode(t, data), decode(t, want)
	d := compareImages(got, golden)
	var fault string
	switch {
	case d.changed > 0:
		fault = fmt.Sprintf("%d pixels differ from %s by more than %d levels, within %v; the worst, at %v, is %s and was %s",
			d.changed, path, edgeShift, d.bounds, d.worst, hex(got.RGBAAt(d.worst.X, d.worst.Y)), hex(golden.RGBAAt(d.worst.X, d.worst.Y)))
	case float64(d.shifted) > maxShifted*float64(len(got.Pix)/4):
		fault = fmt.Sprintf("%d pixels (%.3f%%) differ from %s, by %d levels at most, more than the %.2f%% that edge shading may move",
			d.shifted, 100*float64(d.shifted)/float64(len(got.Pix)/4), path, d.most, 100*maxShifted)
	default:
		return
	}
	failed := filepath.Join("testdata", "failed", name+".png")
	marked := filepath.Join("testdata", "failed", name+".diff.png")
	if err := os.MkdirAll(filepath.Dir(failed), 0o755); err != nil {
		t.Fatal(err)
	}
	diff, err := EncodePNG(d.marked)
	if err != nil {
		t.Fatal(err)
	}
	for file, content := range map[string][]byte{failed: data, marked: diff} {
		if err := os.WriteFile(file, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Errorf("%s; got written to %s, differences marked in %s", fault, failed, marked)
}

// Goldens are compared by decoded pixels, not by bytes. On the machine that
// wrote them they are equal. Elsewhere floating-point rasterisation may
// round differently in the last bit (arm64 fuses multiplies and adds, amd64
// does not), moving an anti-aliased edge pixel by a level or two, and now
// and then into the neighbouring palette shade: on arm64, 33 pixels of
// thatslife_mid6 by up to 14 levels, along one edge of a mark. So a pixel
// may differ by up to edgeShift levels, and at most maxShifted of the
// pixels may differ at all. Text and the colours of marks, cards and
// panels stand further apart than edgeShift from what they are drawn on
// and from each other: a wrong digit or two swapped player colours fail.
const (
	edgeShift  = 64
	maxShifted = 0.0005
)

// imageDiff is how an image differs from its golden.
type imageDiff struct {
	shifted int             // pixels that differ at all
	most    int             // the largest difference of a channel, in levels
	changed int             // pixels that differ by more than edgeShift
	bounds  image.Rectangle // around the changed pixels
	worst   image.Point     // the pixel that differs most
	marked  *image.RGBA     // the golden, dimmed, with differing pixels marked
}

func compareImages(got, golden *image.RGBA) imageDiff {
	d := imageDiff{marked: image.NewRGBA(golden.Rect)}
	if got.Rect != golden.Rect {
		d.shifted, d.changed, d.bounds = 1, 1, golden.Rect.Union(got.Rect)
		return d
	}
	for y := range golden.Rect.Dy() {
		for x := range golden.Rect.Dx() {
			a, b := got.RGBAAt(x, y), golden.RGBAAt(x, y)
			diff := max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B))
			mark := color.RGBA{b.R / 4, b.G / 4, b.B / 4, 0xFF}
			switch {
			case diff > edgeShift:
				mark = color.RGBA{0xFF, 0, 0xFF, 0xFF}
				d.changed++
				d.bounds = d.bounds.Union(image.Rect(x, y, x+1, y+1))
			case diff > 0:
				mark = color.RGBA{0xFF, 0xFF, 0, 0xFF}
			}
			if diff > 0 {
				d.shifted++
			}
			if diff > d.most {
				d.most, d.worst = diff, image.Pt(x, y)
			}
			d.marked.SetRGBA(x, y, mark)
		}
	}
	return d
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

// benchmarkBoard measures drawing and encoding one view, and reports the
// PNG's size.
func benchmarkBoard(b *testing.B, v any, names []string) {
	r := NewRenderer()
	if _, err := r.Board(v, names, i18n.English); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var size int
	for b.Loop() {
		data, err := r.Board(v, names, i18n.English)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

// TestBlitMatchesDraw checks Blit against draw.Draw with draw.Over, for a
// sprite of opaque, clear and partly covered pixels placed inside the
// image, across its edges and off it.
func TestBlitMatchesDraw(t *testing.T) {
	t.Parallel()
	sprite := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for i := 0; i < len(sprite.Pix); i += 4 {
		a := [...]uint8{0, 0xFF, 0xFF, 0xFF, 1, 40, 128, 254}[(i/4*7)%8]
		c := color.RGBA{uint8(i * 3), uint8(i * 5), uint8(i * 11), 0xFF}
		sprite.Pix[i] = uint8(uint32(c.R) * uint32(a) / 255)
		sprite.Pix[i+1] = uint8(uint32(c.G) * uint32(a) / 255)
		sprite.Pix[i+2] = uint8(uint32(c.B) * uint32(a) / 255)
		sprite.Pix[i+3] = a
	}
	for _, at := range []image.Point{{5, 7}, {-10, -4}, {50, 30}, {-37, 0}, {100, 100}} {
		want := image.NewRGBA(image.Rect(0, 0, 64, 40))
		for i := range want.Pix {
			want.Pix[i] = uint8(i * 13)
		}
		got := image.NewRGBA(want.Rect)
		copy(got.Pix, want.Pix)
		r := sprite.Bounds().Add(at)
		draw.Draw(want, r, sprite, image.Point{}, draw.Over)
		Blit(got, sprite, at.X, at.Y)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("Blit at %v differs from draw.Draw", at)
		}
	}
}

// TestDrawMatchesDrawer checks Face.Draw, with its kept glyphs and its own
// compositing, against font.Drawer drawing with a freetype face, for
// opaque and translucent colours, at quarter-pixel offsets and across the
// image's edges.
func TestDrawMatchesDrawer(t *testing.T) {
	t.Parallel()
	f := NewFace(Bold, 21)
	ff := truetype.NewFace(Bold.font(), &truetype.Options{Size: 21, Hinting: font.HintingFull})
	for _, c := range []color.RGBA{rgb(textMain), rgb(inkDark), rgba(gold, 120)} {
		for _, x := range []float64{3, 10.2, 10.26, 10.5, 10.74, -20, 150} {
			want := image.NewRGBA(image.Rect(0, 0, 200, 40))
			FillRect(want, want.Rect, rgb(rowFill))
			got := image.NewRGBA(want.Rect)
			copy(got.Pix, want.Pix)
			const s = "Zoë −12 …fj"
			f.Draw(got, s, x, 20, MiddleLeft, c)
			d := font.Drawer{Dst: want, Src: image.NewUniform(c), Face: ff,
				Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.I(int(math.Floor(20 + f.CapHeight()/2 + 0.5)))}}
			d.DrawString(s)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%q in %v at x=%v differs from font.Drawer", s, c, x)
			}
		}
	}
}

// TestBoxMatchesFills checks Box.Draw, which fills its edge as bands,
// against filling the edge under the whole box, for boxes roomy, thin and
// smaller than their edge.
func TestBoxMatchesFills(t *testing.T) {
	t.Parallel()
	b := NewBox(6, 3, rgb(rowActive), rgb(accent), rgb(table))
	for _, r := range []image.Rectangle{image.Rect(5, 5, 60, 40), image.Rect(2, 3, 15, 16), image.Rect(10, 10, 14, 30), image.Rect(-5, -5, 20, 20)} {
		got := image.NewRGBA(image.Rect(0, 0, 64, 48))
		FillRect(got, got.Rect, rgb(table))
		want := image.NewRGBA(got.Rect)
		copy(want.Pix, got.Pix)
		b.Draw(got, r)
		FillRect(want, r, b.edge)
		FillRect(want, r.Inset(b.line), b.fill)
		n := b.radius
		for _, c := range [4]struct{ from, to image.Point }{
			{image.Pt(0, 0), r.Min},
			{image.Pt(n+1, 0), image.Pt(r.Max.X-n, r.Min.Y)},
			{image.Pt(0, n+1), image.Pt(r.Min.X, r.Max.Y-n)},
			{image.Pt(n+1, n+1), image.Pt(r.Max.X-n, r.Max.Y-n)},
		} {
			draw.Draw(want, image.Rectangle{c.to, c.to.Add(image.Pt(n, n))}, b.corners, c.from, draw.Src)
		}
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("box %v differs from filling edge then inside", r)
		}
	}
}

// TestSpriteCache checks that a sprite is drawn once per key, and that
// past maxSprites keys sprites are drawn at each use instead of kept.
func TestSpriteCache(t *testing.T) {
	t.Parallel()
	var c spriteCache
	drawn := 0
	draw := func() *image.RGBA { drawn++; return image.NewRGBA(image.Rect(0, 0, 1, 1)) }
	first := c.get("a", draw)
	if again := c.get("a", draw); again != first || drawn != 1 {
		t.Fatalf("a second get drew again (%d draws) or returned another sprite", drawn)
	}
	for i := range 3 * maxSprites {
		c.get(i, draw)
	}
	if n := c.kept.Load(); n > maxSprites {
		t.Errorf("kept %d sprites, want at most %d", n, maxSprites)
	}
	drawn = 0
	c.get(-1, draw)
	c.get(-1, draw)
	if drawn != 2 {
		t.Errorf("past the bound a key was drawn %d times in two gets, want 2", drawn)
	}
}

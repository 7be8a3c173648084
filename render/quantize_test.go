package render

import (
	"cmp"
	"flag"
	"fmt"
	"go/format"
	"image"
	"image/color"
	"os"
	"slices"
	"strings"
	"testing"
)

var relearn = flag.Bool("shades", false, "learn the palette's shades from the golden views and rewrite shades.go")

// goldenFrames draws every golden view, before it is reduced to the
// palette.
func goldenFrames(t testing.TB) ([]golden, []*image.RGBA) {
	t.Helper()
	r := shared()
	gs := goldens()
	frames := make([]*image.RGBA, len(gs))
	for i, g := range gs {
		background, paint, err := r.painter(g.view(), g.names, english)
		if err != nil {
			t.Fatal(err)
		}
		im := image.NewRGBA(background.rect)
		background.paint(im)
		paint(im)
		frames[i] = im
	}
	return gs, frames
}

// reduce returns im's palette indices as the encoder writes them: PNG
// scanlines, each row led by its filter byte.
func reduce(im *image.RGBA) []byte {
	var ws workspace
	ws.encodeBoard(nil, im)
	return ws.scan
}

// TestShades rewrites shades.go under -shades with the shades that best
// stand, together with the house colours, for the colours of the golden
// views. Run it after changing how boards are drawn, then -update the
// goldens:
//
//	go test ./render -run TestShades -shades
//	go test ./render -update
func TestShades(t *testing.T) {
	t.Parallel()
	if !*relearn {
		t.Skip("run with -shades to learn shades.go anew")
	}
	_, frames := goldenFrames(t)
	house := houseColours()
	learned := learnShades(frames, house, 256-len(house))
	var b strings.Builder
	b.WriteString(`package render

// shades are the palette's in-between colours: the ones that, with the
// house colours, best stand for the anti-aliased edges and blends of the
// golden views, weighted by how many pixels show them (k-means, seeded
// with the commonest). TestShades finds them anew under -shades.
var shades = [...]uint32{
`)
	for i, c := range learned {
		fmt.Fprintf(&b, "0x%02X%02X%02X,", c.R, c.G, c.B)
		if i%8 == 7 {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("shades.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// learnShades returns k colours that, with house, best stand for the
// colours of frames. Colours that cover a flat area of some frame are kept
// as they are; the rest come from weighted k-means over the colours left,
// seeded with the commonest of them.
func learnShades(frames []*image.RGBA, house []color.RGBA, k int) []color.RGBA {
	type weighed struct {
		c color.RGBA
		n int
	}
	kept := make(map[uint32]bool, len(house))
	for _, c := range house {
		kept[key666(c.R, c.G, c.B)] = true
	}
	count := map[color.RGBA]int{}
	var flat []color.RGBA
	for _, im := range frames {
		inFrame := map[color.RGBA]int{}
		for i := 0; i < len(im.Pix); i += 4 {
			c := color.RGBA{im.Pix[i], im.Pix[i+1], im.Pix[i+2], 0xFF}
			if !kept[key666(c.R, c.G, c.B)] {
				inFrame[c]++
			}
		}
		for c, n := range inFrame {
			count[c] += n
			if n >= flatArea && !slices.Contains(flat, c) {
				flat = append(flat, c)
			}
		}
	}
	byCount := func(a, b color.RGBA) int {
		if c := cmp.Compare(count[b], count[a]); c != 0 {
			return c
		}
		return cmp.Compare(rgbOf(a), rgbOf(b))
	}
	slices.SortFunc(flat, byCount)
	var fixed []color.RGBA
	for _, c := range flat {
		if len(fixed) < k && !kept[key666(c.R, c.G, c.B)] {
			kept[key666(c.R, c.G, c.B)] = true
			fixed = append(fixed, c)
		}
	}
	var colours []weighed
	for c, n := range count {
		colours = append(colours, weighed{c, n})
	}
	slices.SortFunc(colours, func(a, b weighed) int { return byCount(a.c, b.c) })

	// Seeds: the commonest colours, each a few levels from those before.
	centres := slices.Clone(fixed)
	for _, w := range colours {
		if len(centres) == k {
			break
		}
		if !slices.ContainsFunc(centres, func(c color.RGBA) bool { return distance(c, w.c) < 3*4*4 }) {
			centres = append(centres, w.c)
		}
	}
	for range 30 {
		sums := make([][4]int, len(centres))
		for _, w := range colours {
			s := &sums[nearest(centres, w.c)]
			s[0] += int(w.c.R) * w.n
			s[1] += int(w.c.G) * w.n
			s[2] += int(w.c.B) * w.n
			s[3] += w.n
		}
		for i, s := range sums[len(fixed):] {
			if n := s[3]; n > 0 {
				centres[len(fixed)+i] = color.RGBA{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] + n/2) / n), 0xFF}
			}
		}
	}
	slices.SortFunc(centres, func(a, b color.RGBA) int { return cmp.Compare(rgbOf(a), rgbOf(b)) })
	return centres
}

func rgbOf(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// TestPaletteOnGoldens reduces every golden view to the palette, as an
// image is before encoding, and checks that the colours of its flat areas
// come out as drawn and its anti-aliased edges close to it: a colour
// added to a board and missing from the palette shows here.
func TestPaletteOnGoldens(t *testing.T) {
	t.Parallel()
	p := housePalette()
	gs, frames := goldenFrames(t)
	for i, im := range frames {
		t.Run(gs[i].name, func(t *testing.T) {
			w, h := im.Rect.Dx(), im.Rect.Dy()
			scan := reduce(im)
			area := map[color.RGBA]int{}
			moved := map[color.RGBA]int{}
			far, sum := 0, 0
			for y := range h {
				for x := range w {
					a, b := im.RGBAAt(x, y), p.colours[scan[y*(w+1)+1+x]]
					d := max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B))
					// Only a pixel of a uniform 2×2 block counts toward a
					// flat area: text-heavy images repeat their edge shades
					// hundreds of times without one flat pixel among them.
					if x+1 < w && y+1 < h && im.RGBAAt(x+1, y) == a && im.RGBAAt(x, y+1) == a && im.RGBAAt(x+1, y+1) == a {
						area[a]++
					}
					moved[a] = d
					sum += d
					if d > farMove {
						far++
					}
				}
			}
			for c, n := range area {
				if n >= flatArea && moved[c] > flatMove {
					t.Errorf("flat colour %02X%02X%02X (%d pixels) moved by %d levels, want at most %d", c.R, c.G, c.B, n, moved[c], flatMove)
				}
			}
			if mean := float64(sum) / float64(w*h); mean > maxMeanMove {
				t.Errorf("pixels moved by %.3f levels on average, want at most %.2f", mean, maxMeanMove)
			}
			if share := float64(far) / float64(w*h); share > maxFarShare {
				t.Errorf("%.3f%% of pixels moved by more than %d levels, want at most %.2f%%", 100*share, farMove, 100*maxFarShare)
			}
		})
	}
}

// The bounds of TestPaletteOnGoldens.
const (
	flatArea    = 400    // flat pixels of one colour that make a flat area
	flatMove    = 3      // how far a flat area's colour may move
	maxMeanMove = 0.5    // the mean move of a pixel, in levels
	farMove     = 24     // a move this large shows on an edge
	maxFarShare = 0.0025 // the share of pixels that may move that far
)

// TestQuantize checks that a board reduced to the house palette keeps
// every house colour exactly, moves anti-aliased edges only a little, and
// gives each pixel its colour's index.
func TestQuantize(t *testing.T) {
	t.Parallel()
	p := housePalette()
	if len(p.colours) > 256 {
		t.Fatalf("palette has %d colours, want at most 256", len(p.colours))
	}
	for _, c := range houseColours() {
		if got := p.colours[p.lookup(c.R, c.G, c.B)]; got != c {
			t.Errorf("house colour %v became %v", c, got)
		}
	}
	im := image.NewRGBA(image.Rect(0, 0, 200, 100))
	FillRect(im, im.Bounds(), rgb(table))
	FillRect(im, image.Rect(20, 20, 120, 80), rgb(0xFBE1DE))
	face := NewFace(Bold, 30)
	face.Draw(im, "−10 +8", 24, 50, MiddleLeft, rgb(0xB42318))
	face.Draw(im, "Ada", 130, 30, MiddleLeft, rgb(textMain))
	scan := reduce(im)
	worst := 0
	for y := range 100 {
		for x := range 200 {
			a, b := im.RGBAAt(x, y), p.colours[scan[y*201+1+x]]
			worst = max(worst, absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B))
			if got := p.lookup(a.R, a.G, a.B); scan[y*201+1+x] != got {
				t.Fatalf("pixel (%d,%d) quantized to %d, its colour looks up %d", x, y, scan[y*201+1+x], got)
			}
		}
	}
	if worst > 32 {
		t.Errorf("an anti-aliased pixel moved by %d levels, want at most 32", worst)
	}
}

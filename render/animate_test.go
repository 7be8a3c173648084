package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"
)

// boardFrames draws n frames the way a game's boards change: a table with
// cards in the house colours, one of which is moved or recoloured from one
// frame to the next, and a soft gradient strip that never changes. Every
// third frame repeats the one before, as a turn that changed nothing
// shown would.
func boardFrames(n, w, h int, seed uint64) []image.Image {
	rng := rand.New(rand.NewPCG(seed, 0))
	type card struct {
		at     image.Point
		colour color.RGBA
	}
	cards := make([]card, 12)
	for i := range cards {
		cards[i] = card{image.Pt(rng.IntN(w-w/8), rng.IntN(h-h/6)), Player(i).Fill}
	}
	frames := make([]image.Image, n)
	for f := range frames {
		if f > 0 && f%3 != 0 {
			c := &cards[rng.IntN(len(cards))]
			c.at = image.Pt(rng.IntN(w-w/8), rng.IntN(h-h/6))
			c.colour = Player(rng.IntN(PlayerColours)).Fill
		}
		im := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(im, im.Rect, image.NewUniform(rgb(table)), image.Point{}, draw.Src)
		for x := range w {
			// Colours off the palette: quantised, not kept exactly.
			shade := color.RGBA{uint8(40 + 100*x/w), 60, uint8(140 - 100*x/w), 0xFF}
			for y := h - h/10; y < h; y++ {
				im.SetRGBA(x, y, shade)
			}
		}
		for _, c := range cards {
			r := image.Rectangle{c.at, c.at.Add(image.Pt(w/8, h/6))}
			draw.Draw(im, r, image.NewUniform(rgb(cardEdge)), image.Point{}, draw.Src)
			draw.Draw(im, r.Inset(2), image.NewUniform(c.colour), image.Point{}, draw.Src)
		}
		frames[f] = im
	}
	return frames
}

// noiseFrames are frames no compressor can shrink: every pixel a random
// palette colour.
func noiseFrames(n, w, h int, seed uint64) []image.Image {
	rng := rand.New(rand.NewPCG(seed, 1))
	pal := housePalette().colours
	frames := make([]image.Image, n)
	for f := range frames {
		im := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < len(im.Pix); i += 4 {
			c := pal[rng.IntN(len(pal))]
			im.Pix[i], im.Pix[i+1], im.Pix[i+2], im.Pix[i+3] = c.R, c.G, c.B, 0xFF
		}
		frames[f] = im
	}
	return frames
}

func decodeGIF(t *testing.T, data []byte) *gif.GIF {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the animation does not decode: %v", err)
	}
	return g
}

// composite plays a GIF whose frames all keep what was drawn before them
// (disposal none), returning the picture after each frame.
func composite(t *testing.T, g *gif.GIF) []*image.RGBA {
	t.Helper()
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for i, fr := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d has disposal %d, want none", i, g.Disposal[i])
		}
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		snap := image.NewRGBA(canvas.Rect)
		copy(snap.Pix, canvas.Pix)
		out = append(out, snap)
	}
	return out
}

// quantised is frame as the GIF's palette stands for it.
func quantised(frame image.Image) *image.RGBA {
	p, gc := housePalette(), gifPalette()
	b := frame.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			r, g, bl, _ := frame.At(b.Min.X+x, b.Min.Y+y).RGBA()
			out.SetRGBA(x, y, p.colours[gc.remap[p.lookup(uint8(r>>8), uint8(g>>8), uint8(bl>>8))]])
		}
	}
	return out
}

// samePixels reports the first pixel in which two images differ.
func samePixels(got, want *image.RGBA) (image.Point, bool) {
	for y := range want.Rect.Dy() {
		for x := range want.Rect.Dx() {
			if got.RGBAAt(x, y) != want.RGBAAt(x, y) {
				return image.Pt(x, y), false
			}
		}
	}
	return image.Point{}, true
}

// diffBox is the smallest rectangle holding every pixel in which two
// images differ.
func diffBox(a, b *image.RGBA) image.Rectangle {
	var box image.Rectangle
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

func TestAnimateTimesFramesAndLoopsForever(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		frames   int
		duration time.Duration
		want     int // frames kept
		sum      int // hundredths of a second in all
	}{
		{frames: 1, want: 1, sum: 400},
		{frames: 2, want: 2, sum: 200 + 400},   // one step, held at most 2 s
		{frames: 8, want: 8, sum: 7*200 + 400}, // 26 s over 7 steps: each held 2 s
		{frames: 60, want: 60, sum: 3000},      // 26 s over 59 steps, 0.44 s each
		{frames: 174, want: 174, sum: 3000},    // just room for 0.15 s a step
		{frames: 400, want: 174, sum: 3000},    // more than fit: an even sample
		{frames: 30, duration: 10 * time.Second, want: 30, sum: 1000},
	} {
		frames := boardFrames(tc.frames, 64, 36, uint64(tc.frames))
		data, err := Animate(frames, AnimateOptions{Duration: tc.duration})
		if err != nil {
			t.Fatalf("%d frames: %v", tc.frames, err)
		}
		g := decodeGIF(t, data)
		if len(g.Image) != tc.want {
			t.Errorf("%d frames: got %d frames, want %d", tc.frames, len(g.Image), tc.want)
		}
		// A single frame is a still picture: GIF writes no loop for it.
		if g.LoopCount != 0 && tc.want > 1 {
			t.Errorf("%d frames: loop count %d, want 0 (forever)", tc.frames, g.LoopCount)
		}
		sum := 0
		for i, d := range g.Delay {
			sum += d
			if last := i == len(g.Delay)-1; last && d != 400 {
				t.Errorf("%d frames: the last frame is held %d/100 s, want 4 s", tc.frames, d)
			} else if !last && (d < 15 || d > 200) {
				t.Errorf("%d frames: frame %d is held %d/100 s, outside 0.15–2 s", tc.frames, i, d)
			}
		}
		if sum != tc.sum {
			t.Errorf("%d frames: the animation lasts %d/100 s, want %d", tc.frames, sum, tc.sum)
		}
		if len(data) > defaultAnimateBytes {
			t.Errorf("%d frames: %d bytes, over the default bound", tc.frames, len(data))
		}
		// The sample keeps the last frame: the animation ends on it.
		pics := composite(t, g)
		if at, ok := samePixels(pics[len(pics)-1], quantised(frames[len(frames)-1])); !ok {
			t.Errorf("%d frames: the animation does not end on the last frame; first difference at %v", tc.frames, at)
		}
	}
}

func TestAnimateScalesDownToMaxWidthKeepingAspect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		w, h, max    int
		wantW, wantH int
	}{
		{1440, 810, 0, 720, 405},
		{300, 200, 100, 100, 67},
		{320, 180, 0, 320, 180}, // narrower than the bound: never enlarged
	} {
		data, err := Animate(boardFrames(3, tc.w, tc.h, 1), AnimateOptions{MaxWidth: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		g := decodeGIF(t, data)
		if g.Config.Width != tc.wantW || g.Config.Height != tc.wantH {
			t.Errorf("%d×%d with MaxWidth %d: got %d×%d, want %d×%d", tc.w, tc.h, tc.max, g.Config.Width, g.Config.Height, tc.wantW, tc.wantH)
		}
		if b := g.Image[0].Bounds(); b != image.Rect(0, 0, tc.wantW, tc.wantH) {
			t.Errorf("%d×%d: the first frame covers %v, want the whole canvas", tc.w, tc.h, b)
		}
	}
}

// Playing the stored rectangles one over the other gives back every frame,
// as the palette stands for it; each stores only the rectangle that
// changed.
func TestAnimateStoresOnlyChangesAndPlaysBackEveryFrame(t *testing.T) {
	t.Parallel()
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	frames := boardFrames(20, 320, 200, seed)
	data, err := Animate(frames, AnimateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := decodeGIF(t, data)
	if len(g.Image) != len(frames) {
		t.Fatalf("got %d frames, want %d", len(g.Image), len(frames))
	}
	for i, pic := range composite(t, g) {
		want := quantised(frames[i])
		if at, ok := samePixels(pic, want); !ok {
			t.Fatalf("frame %d played back differs at %v: got %v, want %v (the original is %v)", i, at, pic.RGBAAt(at.X, at.Y), want.RGBAAt(at.X, at.Y), frames[i].At(at.X, at.Y))
		}
		if i == 0 {
			continue
		}
		stored, moved := g.Image[i].Bounds(), diffBox(quantised(frames[i-1]), want)
		switch {
		case moved.Empty() && stored.Dx()*stored.Dy() != 1:
			t.Errorf("frame %d repeats the one before but stores %v", i, stored)
		case !moved.Empty() && stored != moved:
			t.Errorf("frame %d stores %v, but what changed is %v", i, stored, moved)
		}
	}
	// Flat house colours come back exactly; only the gradient moves.
	first := composite(t, g)[0]
	for y := range 200 - 200/10 {
		for x := range 320 {
			if got, want := first.RGBAAt(x, y), frames[0].(*image.RGBA).RGBAAt(x, y); got != want {
				t.Fatalf("a house colour changed at (%d,%d): got %v, want %v", x, y, got, want)
			}
		}
	}
}

// Frames scaled down are scaled again only where they changed: played
// back, each is the whole frame scaled and quantised.
func TestAnimateScalesChangesAsTheWholeFrame(t *testing.T) {
	t.Parallel()
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	frames := boardFrames(12, 640, 360, seed)
	data, err := Animate(frames, AnimateOptions{MaxWidth: 360})
	if err != nil {
		t.Fatal(err)
	}
	g := decodeGIF(t, data)
	for i, pic := range composite(t, g) {
		whole := image.NewRGBA(image.Rect(0, 0, 360, 203))
		xdraw.BiLinear.Scale(whole, whole.Rect, frames[i], frames[i].Bounds(), xdraw.Src, nil)
		want := quantised(whole)
		if at, ok := samePixels(pic, want); !ok {
			t.Fatalf("frame %d played back differs from the whole frame scaled at %v: got %v, want %v", i, at, pic.RGBAAt(at.X, at.Y), want.RGBAAt(at.X, at.Y))
		}
	}
}

func TestAnimateKeepsUnderMaxBytes(t *testing.T) {
	t.Parallel()
	frames := noiseFrames(30, 160, 120, 3)
	unbounded, err := Animate(frames, AnimateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{len(unbounded) / 4, 12_000, 2_000} {
		data, err := Animate(frames, AnimateOptions{MaxBytes: limit})
		if err != nil {
			t.Fatalf("MaxBytes %d: %v", limit, err)
		}
		if len(data) > limit {
			t.Fatalf("MaxBytes %d: got %d bytes", limit, len(data))
		}
		g := decodeGIF(t, data)
		if len(g.Image) < 2 || len(g.Image) >= len(frames) {
			t.Errorf("MaxBytes %d: kept %d of %d frames, want fewer but at least two", limit, len(g.Image), len(frames))
		}
		if g.Delay[len(g.Delay)-1] != 400 {
			t.Errorf("MaxBytes %d: the last frame is held %d/100 s, want 4 s", limit, g.Delay[len(g.Delay)-1])
		}
		if g.Config.Width == 160 {
			pics := composite(t, g)
			for i, want := range []image.Image{frames[0], frames[len(frames)-1]} {
				if _, ok := samePixels(pics[i*(len(pics)-1)], quantised(want)); !ok {
					t.Errorf("MaxBytes %d: the first and last frames are not kept", limit)
				}
			}
		}
	}
	if data, err := Animate(frames, AnimateOptions{MaxBytes: 500}); err == nil {
		t.Fatalf("MaxBytes 500: got %d bytes and no error, but the palette alone takes more", len(data))
	}
}

func TestAnimateRefusesNoFrames(t *testing.T) {
	t.Parallel()
	if _, err := Animate(nil, AnimateOptions{}); err == nil {
		t.Fatal("no frames animated without an error")
	}
}

func BenchmarkAnimate(b *testing.B) {
	frames := boardFrames(60, 1200, 800, 1)
	var size int
	for b.Loop() {
		data, err := Animate(frames, AnimateOptions{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "gif-bytes")
}

package render

import (
	"bytes"
	"compress/flate"
	"image"
	"io"
	"math/rand/v2"
	"testing"
)

// checkEncodeBoard encodes im and checks that image/png decodes it to the
// palette colour of each pixel.
func checkEncodeBoard(t *testing.T, ws *workspace, im *image.RGBA) {
	t.Helper()
	got, err := decodePNG(ws.encodeBoard(nil, im))
	if err != nil {
		t.Fatalf("decoding a %v board: %v", im.Rect, err)
	}
	if got.Rect != im.Rect {
		t.Fatalf("decoded %v, want %v", got.Rect, im.Rect)
	}
	p := housePalette()
	for y := range im.Rect.Dy() {
		for x := range im.Rect.Dx() {
			c := im.RGBAAt(x, y)
			if want := p.colours[p.lookup(c.R, c.G, c.B)]; got.RGBAAt(x, y) != want {
				t.Fatalf("pixel (%d,%d) of a %v board decoded as %v, want %v", x, y, im.Rect, got.RGBAAt(x, y), want)
			}
		}
	}
}

// boardCases are frames that reach every path of encodeBoard: one pixel,
// widths that end inside a chunk, noise that matches nothing, rows that
// repeat whole or in part, runs longer than a match, and more tokens than
// a block holds.
func boardCases() map[string]*image.RGBA {
	rng := rand.New(rand.NewPCG(1, 2))
	house := houseColours()
	paint := func(w, h int, colour func(x, y int) uint32) *image.RGBA {
		im := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				v := colour(x, y)
				i := im.PixOffset(x, y)
				im.Pix[i], im.Pix[i+1], im.Pix[i+2], im.Pix[i+3] = byte(v>>16), byte(v>>8), byte(v), 0xFF
			}
		}
		return im
	}
	noise := func(x, y int) uint32 { return rng.Uint32() }
	return map[string]*image.RGBA{
		"one pixel":  paint(1, 1, noise),
		"one column": paint(1, 40, func(x, y int) uint32 { return uint32(y / 7 * 0x010203) }),
		"noise":      paint(300, 200, noise),
		"house noise": paint(257, 190, func(x, y int) uint32 {
			c := house[rng.IntN(len(house))]
			return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B)
		}),
		"flat": paint(700, 50, func(x, y int) uint32 { return table }),
		"bands and dots": paint(333, 120, func(x, y int) uint32 {
			switch {
			case (x*7+y*3)%97 == 0:
				return rng.Uint32()
			case y%11 == 5:
				return textMain
			}
			return uint32(x/40) * 0x101010
		}),
		"rows repeat in part": paint(130, 90, func(x, y int) uint32 {
			if x > 64+y%40 {
				return uint32(x * y)
			}
			return rowFill
		}),
	}
}

func TestEncodeBoard(t *testing.T) {
	t.Parallel()
	var ws workspace
	for name, im := range boardCases() {
		t.Run(name, func(t *testing.T) {
			for range 2 { // the second time reuses the workspace
				checkEncodeBoard(t, &ws, im)
			}
		})
	}
}

// TestEncodeBoardCompresses checks that the runs and repeated rows a board
// is made of become matches: flat bands must shrink to a small fraction of
// their pixels.
func TestEncodeBoardCompresses(t *testing.T) {
	t.Parallel()
	const width, height = PhoneWidth, 1000
	im := image.NewRGBA(image.Rect(0, 0, width, height))
	for x := range width {
		FillRect(im, image.Rect(x, 0, x+1, height), houseColours()[x/100])
	}
	var ws workspace
	if n := len(ws.encodeBoard(nil, im)); n > width*height/100 {
		t.Errorf("flat bands encoded to %d bytes, want at most %d", n, width*height/100)
	}
}

func FuzzEncodeBoard(f *testing.F) {
	f.Add(uint8(3), []byte("ab\x00cabcab\xff\xfe\xfd"))
	f.Add(uint8(40), bytes.Repeat([]byte{1, 2, 3, 4, 1, 2, 3, 4, 9}, 300))
	var ws workspace
	f.Fuzz(func(t *testing.T, width uint8, pixels []byte) {
		w := max(int(width), 1)
		h := len(pixels) / 3 / w
		if h == 0 {
			return
		}
		im := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range w * h {
			// Few distinct values, so that runs and repeated rows happen.
			im.Pix[4*i], im.Pix[4*i+1], im.Pix[4*i+2], im.Pix[4*i+3] = pixels[3*i]&0xC0, pixels[3*i+1]&0xC0, pixels[3*i+2], 0xFF
		}
		checkEncodeBoard(t, &ws, im)
	})
}

// deflateCases are inputs that reach every path of the deflater: empty and
// one-byte input, runs longer than a match, rows that repeat, noise that
// matches nothing, and more tokens than one block holds.
func deflateCases() map[string]struct {
	data   []byte
	stride int
} {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 100000)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	rows := make([]byte, 0, 300*101)
	for y := range 300 {
		rows = append(rows, 0)
		for x := range 100 {
			c := byte(x / 10)
			if y%7 == 3 && x%13 == 0 {
				c = byte(rng.Uint32())
			}
			rows = append(rows, c)
		}
	}
	return map[string]struct {
		data   []byte
		stride int
	}{
		"empty":   {nil, 8},
		"one":     {[]byte{7}, 8},
		"two":     {[]byte{7, 7}, 8},
		"run":     {bytes.Repeat([]byte{9}, 5000), 100},
		"rows":    {rows, 101},
		"noise":   {noise, 1000},
		"stride1": {bytes.Repeat([]byte{1, 2, 3}, 100), 1},
		"wide":    {bytes.Repeat(append(bytes.Repeat([]byte{4}, 40000), 5), 3), 40001},
	}
}

func TestDeflateRoundTrip(t *testing.T) {
	t.Parallel()
	var d deflater
	for name, c := range deflateCases() {
		t.Run(name, func(t *testing.T) {
			for range 2 { // the second time reuses the deflater's buffers
				got := inflate(t, d.compress(nil, c.data, c.stride))
				if !bytes.Equal(got, c.data) {
					t.Fatalf("round trip gave %d bytes, want the %d put in", len(got), len(c.data))
				}
			}
		})
	}
}

func FuzzDeflate(f *testing.F) {
	for _, c := range deflateCases() {
		if len(c.data) < 1<<12 {
			f.Add(c.data, uint16(c.stride))
		}
	}
	var d deflater
	f.Fuzz(func(t *testing.T, data []byte, stride uint16) {
		got := inflate(t, d.compress(nil, data, max(int(stride), 1)))
		if !bytes.Equal(got, data) {
			t.Fatalf("round trip gave %d bytes, want the %d put in", len(got), len(data))
		}
	})
}

// inflate decodes a raw deflate stream with the standard library.
func inflate(t testing.TB, data []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	return out
}

// TestHuffmanLengths checks the codes for counts that would make the
// optimal code deeper than deflate allows: symbol i counted fib(i) times.
func TestHuffmanLengths(t *testing.T) {
	t.Parallel()
	freq := make([]uint32, 286)
	a, b := uint32(1), uint32(1)
	for i := range 30 {
		freq[i] = a
		a, b = b, a+b
	}
	freq[200] = 1
	var hb huffBuilder
	var h huffman
	for _, limit := range []uint8{15, 7} {
		hb.lengths(freq, &h, limit)
		kraft := 0.0
		for s, f := range freq {
			l := h.size[s]
			if (f > 0) != (l > 0) {
				t.Fatalf("limit %d: symbol %d counted %d has length %d", limit, s, f, l)
			}
			if l > limit {
				t.Fatalf("limit %d: symbol %d has length %d", limit, s, l)
			}
			if l > 0 {
				kraft += 1 / float64(uint(1)<<l)
			}
		}
		if kraft != 1 {
			t.Errorf("limit %d: lengths sum to %v in Kraft's inequality, want a complete code (1)", limit, kraft)
		}
	}
}

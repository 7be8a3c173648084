package render

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"image"
	"image/png"
	"math"
	"sync"
	"unicode/utf8"

	xdraw "golang.org/x/image/draw"
)

// twemojiPack holds the Twemoji images, 64 pixels square, with an index by
// code point sequence; render/internal/emojipack describes the format and
// makes it.
//
//go:embed fonts/twemoji.pack
var twemojiPack []byte

// emojiSet is the index of twemojiPack, read once.
type emojiSet struct {
	byKey map[string]int // sequence without U+FE0F → entry
	spans [][2]uint32    // entry → offset and length of its PNG in blob
	blob  []byte
	// first holds every rune that begins a sequence, so that a rune
	// can be ruled out without building a key.
	first map[rune]bool
}

var emojis = sync.OnceValue(func() *emojiSet {
	p := twemojiPack
	bad := func() { panic("render: embedded emoji pack is malformed") }
	if len(p) < 8 || string(p[:4]) != "EMJ1" {
		bad()
	}
	n := int(binary.LittleEndian.Uint32(p[4:]))
	e := &emojiSet{byKey: make(map[string]int, n), spans: make([][2]uint32, n), first: map[rune]bool{}}
	at := 8
	for i := range n {
		if at+2 > len(p) {
			bad()
		}
		kl := int(binary.LittleEndian.Uint16(p[at:]))
		at += 2
		if at+kl+8 > len(p) {
			bad()
		}
		key := string(p[at : at+kl])
		at += kl
		e.spans[i] = [2]uint32{binary.LittleEndian.Uint32(p[at:]), binary.LittleEndian.Uint32(p[at+4:])}
		at += 8
		e.byKey[key] = i
		r, _ := utf8.DecodeRuneInString(key)
		e.first[r] = true
	}
	e.blob = p[at:]
	return e
})

// lookup returns the entry of the sequence seq (without U+FE0F), or -1.
func (e *emojiSet) lookup(seq []rune) int {
	if len(seq) == 0 || !e.first[seq[0]] {
		return -1
	}
	if i, ok := e.byKey[string(seq)]; ok {
		return i
	}
	return -1
}

// has reports whether r alone is an emoji with an image.
func (e *emojiSet) has(r rune) bool {
	if !e.first[r] {
		return false
	}
	var key [utf8.UTFMax]byte
	_, ok := e.byKey[string(utf8.AppendRune(key[:0], r))]
	return ok
}

// decode returns the image of entry i at its full 64 pixels.
func (e *emojiSet) decode(i int) image.Image {
	s := e.spans[i]
	im, err := png.Decode(bytes.NewReader(e.blob[s[0] : s[0]+s[1]]))
	if err != nil {
		panic("render: embedded emoji image: " + err.Error())
	}
	return im
}

// emojiMetrics says how an emoji sits in text of a face: a square of side
// pixels, its middle level with the middle of the capitals, with pad pixels
// of room on either side.
func (f *Face) emojiMetrics() (side, pad int) {
	return max(1, int(math.Round(f.size))), max(1, int(math.Round(f.size/16)))
}

// emojiAdvance is how far an emoji moves the dot.
func (f *Face) emojiAdvance() int {
	side, pad := f.emojiMetrics()
	return side + 2*pad
}

// maxEmojiImages bounds the emoji images one Face keeps scaled.
const maxEmojiImages = 256

// emojiImage returns entry i scaled to the face's emoji side, premultiplied,
// kept for the life of the Face while there is room. Catmull-Rom keeps the
// flat colours and sharp outlines of the artwork when shrinking it.
func (f *Face) emojiImage(i int) *image.RGBA {
	if im, ok := f.emojiImages.get(i); ok {
		return im
	}
	side, _ := f.emojiMetrics()
	src := emojis().decode(i)
	im := image.NewRGBA(image.Rect(0, 0, side, side))
	xdraw.CatmullRom.Scale(im, im.Rect, src, src.Bounds(), xdraw.Src, nil)
	ditherToPalette(im, housePalette())
	return f.emojiImages.keep(i, im)
}

// ditherToPalette replaces the opaque pixels of im with colours of p, so
// that the encoder, which maps every pixel to its nearest palette colour,
// keeps them as they are: the nearest colour where it is close enough,
// otherwise one that carries the pixel's error on to its opaque neighbours
// (Floyd–Steinberg). The palette is made for the boards' colours: mapped
// pixel by pixel, an emoji's skin tones and greens would each move to one
// nearby colour (a medium-dark skin tone to a grey brown, 35 levels off),
// where a mix of two shows the right colour at text size. Edge pixels,
// partly transparent, are left to be blended with what lies under them.
func ditherToPalette(im *image.RGBA, p *palette) {
	w, h := im.Rect.Dx(), im.Rect.Dy()
	// The error carried to this row and the next, three channels a pixel,
	// in 1/16 levels.
	cur, next := make([]int32, 3*(w+2)), make([]int32, 3*(w+2))
	for y := range h {
		for x := range w {
			px := im.Pix[im.PixOffset(x, y):][:4:4]
			if px[3] != 0xFF {
				continue
			}
			near := p.colours[p.lookup(px[0], px[1], px[2])]
			if max(absDiff(px[0], near.R), absDiff(px[1], near.G), absDiff(px[2], near.B)) <= closeEnough {
				// Near enough as it is: kept flat.
				px[0], px[1], px[2] = near.R, near.G, near.B
				continue
			}
			var want [3]int32
			for c := range 3 {
				want[c] = min(max(int32(px[c])+cur[3*(x+1)+c]/16, 0), 255)
			}
			got := p.colours[p.lookup(uint8(want[0]), uint8(want[1]), uint8(want[2]))]
			px[0], px[1], px[2] = got.R, got.G, got.B
			for c, v := range [3]uint8{got.R, got.G, got.B} {
				e := want[c] - int32(v)
				if x+1 < w && opaqueAt(im, x+1, y) {
					cur[3*(x+2)+c] += 7 * e
				}
				if y+1 < h {
					if x > 0 && opaqueAt(im, x-1, y+1) {
						next[3*x+c] += 3 * e
					}
					if opaqueAt(im, x, y+1) {
						next[3*(x+1)+c] += 5 * e
					}
					if x+1 < w && opaqueAt(im, x+1, y+1) {
						next[3*(x+2)+c] += e
					}
				}
			}
		}
		cur, next = next, cur
		clear(next)
	}
}

func opaqueAt(im *image.RGBA, x, y int) bool { return im.Pix[im.PixOffset(x, y)+3] == 0xFF }

// absDiff is how many levels apart two channel values are.
func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// closeEnough is how many levels off its nearest palette colour an emoji's
// pixel may be and still be drawn in it, flat, rather than dithered: whites,
// greys and the colours the boards share with Twemoji stay flat, and the
// few levels they move average out over an emoji.
const closeEnough = 8

// The runes that shape emoji sequences.
const (
	zeroWidthJoiner    = '\u200d'
	zeroWidthNonJoiner = '\u200c'
	textPresentation   = '\ufe0e'
	emojiPresentation  = '\ufe0f'
	keycapMark         = '\u20e3'
	cancelTag          = '\U000E007F'
)

// isSkinTone reports whether r is one of the emoji modifiers that set the
// skin tone of the emoji before them.
func isSkinTone(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

// isRegionalIndicator reports whether r is one of the letters that, in
// pairs, spell a country's flag.
func isRegionalIndicator(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// isTag reports whether r is one of the tag characters that spell a
// subdivision's flag after a black flag (England, Scotland, Wales).
func isTag(r rune) bool { return r >= 0xE0020 && r <= 0xE007F }

// isKeycapBase reports whether r can stand on a keycap (#️⃣, 1️⃣).
func isKeycapBase(r rune) bool { return r == '#' || r == '*' || r >= '0' && r <= '9' }

// isEmojiDefault reports whether r is shown as an emoji even without
// variation selector 16: Unicode's Emoji_Presentation characters. Below
// U+1F000 they are the few listed; above it, where no text font of the
// package has glyphs, every emoji is.
func isEmojiDefault(r rune) bool {
	if r >= 0x1F000 {
		return true
	}
	for _, span := range emojiDefaultBMP {
		if r < span[0] {
			return false
		}
		if r <= span[1] {
			return true
		}
	}
	return false
}

// emojiDefaultBMP are the Emoji_Presentation characters below U+1F000.
var emojiDefaultBMP = [...][2]rune{
	{0x231A, 0x231B}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0}, {0x23F3, 0x23F3},
	{0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x267F, 0x267F},
	{0x2693, 0x2693}, {0x26A1, 0x26A1}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE},
	{0x26C4, 0x26C5}, {0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA},
	{0x26F2, 0x26F3}, {0x26F5, 0x26F5}, {0x26FA, 0x26FA}, {0x26FD, 0x26FD},
	{0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728}, {0x274C, 0x274C},
	{0x274E, 0x274E}, {0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797},
	{0x27B0, 0x27B0}, {0x27BF, 0x27BF}, {0x2B1B, 0x2B1C}, {0x2B50, 0x2B50},
	{0x2B55, 0x2B55},
}

// emojiRun is one emoji as text spells it: the runes s[start:end] drawn as
// image entry, or, where a sequence has no image of its own, as the
// images of its parts in turn.
type emojiRun struct {
	start, end int // rune indexes
	images     []int
}

// emojiAt reads the emoji sequence that starts at rs[i], if one does
// there, as Discord reads it: flags of two regional indicators, keycaps,
// a base with its presentation selector, skin tone or subdivision tags, and
// such emoji joined by zero-width joiners. hasText says whether a text font
// has a rune, for characters that are text unless asked to be emoji. A
// joined sequence without its own image is drawn as its parts; a flag
// without one as its two letters, which are text.
func (f *Face) emojiAt(rs []rune, i int, hasText func(rune) bool) (emojiRun, bool) {
	e := emojis()
	r := rs[i]
	next := func(j int) rune {
		if j < len(rs) {
			return rs[j]
		}
		return -1
	}
	switch {
	case isRegionalIndicator(r):
		if isRegionalIndicator(next(i + 1)) {
			if img := e.lookup(rs[i : i+2]); img >= 0 {
				return emojiRun{i, i + 2, []int{img}}, true
			}
		}
		return emojiRun{}, false
	case isKeycapBase(r):
		j := i + 1
		if next(j) == emojiPresentation {
			j++
		}
		if next(j) != keycapMark {
			return emojiRun{}, false
		}
		if img := e.lookup([]rune{r, keycapMark}); img >= 0 {
			return emojiRun{i, j + 1, []int{img}}, true
		}
		return emojiRun{}, false
	case !e.first[r]:
		return emojiRun{}, false
	}
	// One emoji with what modifies it, from rs[j]; returns its end, its
	// key and whether it asked to be an emoji.
	element := func(j int) (end int, key []rune, asked, text bool) {
		key = []rune{rs[j]}
		end = j + 1
		switch next(end) {
		case emojiPresentation:
			asked = true
			end++
		case textPresentation:
			text = true
			end++
		}
		if isSkinTone(next(end)) {
			key = append(key, rs[end])
			asked = true
			end++
		}
		if isTag(next(end)) {
			k := end
			for isTag(next(k)) && rs[k] != cancelTag {
				k++
			}
			if next(k) == cancelTag {
				key = append(key, rs[end:k+1]...)
				asked = true
				end = k + 1
			}
		}
		return end, key, asked, text
	}
	end, key, asked, text := element(i)
	parts := [][]rune{key}
	whole := append([]rune(nil), key...)
	for next(end) == zeroWidthJoiner && end+1 < len(rs) && e.first[rs[end+1]] {
		var k []rune
		end, k, _, _ = element(end + 1)
		parts = append(parts, k)
		whole = append(append(whole, zeroWidthJoiner), k...)
		asked = true
	}
	if !asked && (text || !isEmojiDefault(r)) && hasText(r) {
		return emojiRun{}, false
	}
	if img := e.lookup(whole); img >= 0 {
		return emojiRun{i, end, []int{img}}, true
	}
	var images []int
	for _, k := range parts {
		if img := e.lookup(k); img >= 0 {
			images = append(images, img)
			continue
		}
		// A tone or a tag the base does not take: the base, then a
		// tone's swatch.
		if img := e.lookup(k[:1]); img >= 0 {
			images = append(images, img)
		}
		if len(k) > 1 {
			if img := e.lookup(k[1:2]); img >= 0 {
				images = append(images, img)
			}
		}
	}
	if len(images) == 0 {
		return emojiRun{}, false
	}
	return emojiRun{i, end, images}, true
}

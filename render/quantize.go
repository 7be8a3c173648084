package render

import (
	"image/color"
	"sync"
	"sync/atomic"

	"github.com/lifebot/lifebot/games/thatslife"
)

// palette is the one set of at most 256 colours every board is encoded
// with.
//
// A paletted PNG is a quarter of the data of an RGBA one, which is what
// makes encoding cheap. Boards are drawn from a known set of colours — the
// house colours — so the palette holds each of them exactly, and the flat
// blends the boards make of them (shadows, veils over cards). Anti-aliased
// edges and text need in-between shades: the rest of the palette is a
// uniform colour cube for them, close enough that an edge pixel moves by
// a few levels at most. Since the palette never changes, mapping a colour
// is a table look-up, with no per-image histogram.
type palette struct {
	colours []color.RGBA
	plte    []byte // the PNG PLTE chunk, length, type and CRC included
	// opaque holds each colour as the four bytes of an RGBA pixel, read
	// as a little-endian word, for sprites kept in the palette.
	opaque [256]uint32

	// index maps a colour's top 6 bits of red, green and blue to its
	// palette index plus one. Entries are filled the first time a colour of
	// theirs is met, 0 until then: a board meets a few thousand of the 2¹⁸,
	// so filling them all up front would waste a large part of a second.
	index [1 << 18]atomic.Uint32
}

var housePalette = sync.OnceValue(newPalette)

func newPalette() *palette {
	p := &palette{colours: houseColours()}
	for i, c := range p.colours {
		// A house colour owns its bucket, so it is always kept exactly; the
		// shades that share the bucket move to it by at most 3 levels.
		if k := key666(c.R, c.G, c.B); p.index[k].Load() == 0 {
			p.index[k].Store(uint32(i) + 1)
		}
	}
	for _, h := range shades[:min(len(shades), 256-len(p.colours))] {
		p.colours = append(p.colours, rgb(h))
	}
	p.plte = appendPLTE(nil, p.colours)
	for i, c := range p.colours {
		p.opaque[i] = uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | 0xFF<<24
	}
	return p
}

func key666(r, g, b uint8) uint32 {
	return uint32(r>>2)<<12 | uint32(g>>2)<<6 | uint32(b>>2)
}

// houseColours lists every colour the boards are drawn in, and the flat
// blends they make, without repeats. A colour added to a board belongs
// here too: TestPaletteKeepsFlatColours fails on a golden whose flat areas
// come out in a colour the palette lacks.
func houseColours() []color.RGBA {
	var cs []color.RGBA
	for _, h := range [...]uint32{
		table, tableInset, tableLine, rowFill, rowActive, textMain, textSoft, inkDark,
		gold, goldDeep, goldTint, accent, goodSoft, badSoft, white, black, fresh,
		pawnFill, pawnEdge,
		cardFace, cardEdge, suitRed, suitDark, jokerFace, jokerInk, backFill, backPattern, backRim, barGain, barLoss,
	} {
		cs = append(cs, rgb(h))
	}
	for i := range PlayerColours {
		cs = append(cs, Player(i).Fill, Player(i).Ink)
	}
	for k := thatslife.Start; k <= thatslife.Finish+1; k++ {
		st := styleOf(k)
		cs = append(cs, st.fill, st.edge, st.ink)
	}
	lagomCard := make([]color.RGBA, 0, len(lagomColours))
	for _, h := range lagomColours {
		lagomCard = append(lagomCard, rgb(h))
	}
	cs = append(cs, lagomCard...)

	// Card shadows are up to three layers of translucent black on the table.
	shade := rgb(table)
	for range 3 {
		shade = over(shade, rgba(black, 40))
		cs = append(cs, shade)
	}
	// Lagom veils cards: the inactive half of every played card, and, less
	// often, a card discarded, a side a seat cannot pay for, a symbol set
	// by sunset.
	for _, c := range lagomCard {
		cs = append(cs, over(c, rgba(lgInactive, 190)))
	}
	for _, veil := range [...]color.RGBA{rgba(rowFill, 150), rgba(table, 150), rgba(lgCardFace, 170)} {
		for _, c := range lagomCard[:lagomSurfaces] {
			cs = append(cs, over(c, veil))
		}
	}

	seen := make(map[color.RGBA]bool, len(cs))
	out := cs[:0]
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// over composites src, premultiplied, over an opaque dst as draw.Over does.
func over(dst, src color.RGBA) color.RGBA {
	a := 0xFFFF - uint32(src.A)*0x101
	mix := func(d, s uint8) uint8 { return uint8((uint32(d)*0x101*a/0xFFFF + uint32(s)*0x101) >> 8) }
	return color.RGBA{mix(dst.R, src.R), mix(dst.G, src.G), mix(dst.B, src.B), 0xFF}
}

// lookup returns the palette index for an opaque colour.
func (p *palette) lookup(r, g, b uint8) uint8 {
	if i := p.index[key666(r, g, b)].Load(); i != 0 {
		return uint8(i - 1)
	}
	return p.fill(r, g, b)
}

// fill finds the palette index of a colour's bucket, the first time one of
// its colours is met, and records it. Concurrent first look-ups compute
// the same value, so whichever store lands is right.
func (p *palette) fill(r, g, b uint8) uint8 {
	// The bucket's centre stands for all its colours.
	i := nearest(p.colours, color.RGBA{r&^3 | 2, g&^3 | 2, b&^3 | 2, 0xFF})
	p.index[key666(r, g, b)].Store(uint32(i) + 1)
	return i
}

// nearest returns the index of the palette colour closest to c.
func nearest(pal []color.RGBA, c color.RGBA) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		if d := distance(p, c); d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// distance is how far apart two colours look, roughly: squared, weighting
// green most and blue least as the eye does.
func distance(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

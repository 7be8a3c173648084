package render

import (
	"encoding/binary"
	"image"
)

// packed is a sprite kept as the encoder will see it: each pixel's house
// palette index and its coverage, two bytes where RGBA takes four. The
// sprites a kit keeps by the hundred, every card face of every size, are
// most of a bot's memory; boards are reduced to the house palette when
// they are encoded, so a face kept in it looks the same on the board.
type packed struct {
	rect  image.Rectangle
	index []uint8
	alpha []uint8
}

// pack keeps im, premultiplied RGBA, as a packed sprite.
func pack(im *image.RGBA) *packed {
	w, h := im.Rect.Dx(), im.Rect.Dy()
	p := &packed{rect: image.Rect(0, 0, w, h), index: make([]uint8, w*h), alpha: make([]uint8, w*h)}
	pal := housePalette()
	for y := range h {
		row := im.Pix[im.PixOffset(im.Rect.Min.X, im.Rect.Min.Y+y):][:4*w]
		for x := range w {
			px := row[4*x : 4*x+4 : 4*x+4]
			a := px[3]
			p.alpha[y*w+x] = a
			if a == 0 {
				continue
			}
			un := func(v uint8) uint8 { return uint8(min(255, (uint32(v)*255+uint32(a)/2)/uint32(a))) }
			p.index[y*w+x] = pal.lookup(un(px[0]), un(px[1]), un(px[2]))
		}
	}
	return p
}

// blitTo composites p over dst with its top-left corner at (x, y), as
// Blit does an RGBA sprite.
func (p *packed) blitTo(dst *image.RGBA, x, y int) {
	at := p.rect.Add(image.Pt(x, y))
	r := at.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	opaque := &housePalette().opaque
	colours := housePalette().colours
	w := p.rect.Dx()
	for py := r.Min.Y; py < r.Max.Y; py++ {
		src := (py-at.Min.Y)*w + r.Min.X - at.Min.X
		d := dst.Pix[dst.PixOffset(r.Min.X, py):][:4*r.Dx()]
		index := p.index[src : src+r.Dx()]
		for i, a := range p.alpha[src : src+r.Dx()] {
			switch a {
			case 0xFF:
				binary.LittleEndian.PutUint32(d[4*i:], opaque[index[i]])
				continue
			case 0:
				continue
			}
			c := colours[index[i]]
			q := d[4*i : 4*i+4 : 4*i+4]
			a, keep := uint32(a), 255-uint32(a)
			q[0] = uint8((uint32(c.R)*a + uint32(q[0])*keep + 127) / 255)
			q[1] = uint8((uint32(c.G)*a + uint32(q[1])*keep + 127) / 255)
			q[2] = uint8((uint32(c.B)*a + uint32(q[2])*keep + 127) / 255)
			q[3] = uint8(a + (uint32(q[3])*keep+127)/255)
		}
	}
}

package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// quantizer reduces an opaque board to at most 256 colours.
//
// A paletted PNG is a quarter of the data of an RGBA one and image/png
// skips its per-row filter search for it; together that cuts encoding a
// board from about 30 ms to a few. Boards are flat colours with anti-aliased
// edges, so the 256 most used colours keep every flat colour exact and only
// the rarest edge shades move to their nearest neighbour.
//
// Colours are bucketed by their top 5, 6 and 5 bits of red, green and
// blue; a bucket's colour is the mean of its pixels, which for a flat
// colour is that colour (the sums fit in uint32 up to 16 million pixels).
// A quantizer holds about 1 MiB of tables and is not safe for concurrent
// use: renderers pool them.
type quantizer struct {
	count [1 << 16]uint32
	sum   [1 << 16][3]uint32
	index [1 << 16]uint8
	keys  []uint16 // buckets in use, so that resetting touches only those
}

// key565 is the bucket of an RGBA pixel; its alpha is ignored, since
// boards are opaque.
func key565(p [4]uint8) uint16 {
	return uint16(p[0]>>3)<<11 | uint16(p[1]>>2)<<5 | uint16(p[2]>>3)
}

// quantize fills dst, which must have src's bounds, with src reduced to at
// most 256 colours. src is taken as opaque.
func (q *quantizer) quantize(dst *image.Paletted, src *image.RGBA) {
	b := src.Bounds()
	if b.Empty() {
		return
	}
	// Runs of one colour are the common case, so each pass handles a run
	// once instead of every pixel.
	add := func(p [4]uint8, n uint32) {
		k := key565(p)
		if q.count[k] == 0 {
			q.keys = append(q.keys, k)
		}
		q.count[k] += n
		s := &q.sum[k]
		s[0] += uint32(p[0]) * n
		s[1] += uint32(p[1]) * n
		s[2] += uint32(p[2]) * n
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := src.Pix[src.PixOffset(b.Min.X, y):src.PixOffset(b.Max.X, y)]
		run, n := [4]uint8(row), uint32(0)
		for i := 0; i < len(row); i += 4 {
			if p := [4]uint8(row[i : i+4]); p != run {
				add(run, n)
				run, n = p, 0
			}
			n++
		}
		add(run, n)
	}

	slices.SortFunc(q.keys, func(a, b uint16) int {
		if c := cmp.Compare(q.count[b], q.count[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	mean := func(k uint16) color.RGBA {
		n, s := q.count[k], q.sum[k]
		return color.RGBA{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] + n/2) / n), 0xFF}
	}
	kept := min(len(q.keys), 256)
	pal := make([]color.RGBA, kept)
	dst.Palette = dst.Palette[:0]
	for i, k := range q.keys[:kept] {
		pal[i] = mean(k)
		q.index[k] = uint8(i)
		dst.Palette = append(dst.Palette, pal[i])
	}
	for _, k := range q.keys[kept:] {
		q.index[k] = nearest(pal, mean(k))
	}

	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := src.Pix[src.PixOffset(b.Min.X, y):src.PixOffset(b.Max.X, y)]
		out := dst.Pix[dst.PixOffset(b.Min.X, y):]
		prev := [4]uint8(row)
		idx := q.index[key565(prev)]
		for i := 0; i < len(row); i += 4 {
			if p := [4]uint8(row[i : i+4]); p != prev {
				prev = p
				idx = q.index[key565(p)]
			}
			out[i/4] = idx
		}
	}

	for _, k := range q.keys {
		q.count[k] = 0
		q.sum[k] = [3]uint32{}
	}
	q.keys = q.keys[:0]
}

// nearest returns the index of the palette colour closest to c, weighting
// green most and blue least as the eye does.
func nearest(pal []color.RGBA, c color.RGBA) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		dr, dg, db := int(p.R)-int(c.R), int(p.G)-int(c.G), int(p.B)-int(c.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

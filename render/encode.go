package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
)

// encodeBoard appends to dst the PNG of im, an opaque frame, reduced to the
// house palette, using ws for working memory. image/png would copy the
// pixels into rows of its own and compress them with a general-purpose
// deflate; boards need neither.
func (ws *workspace) encodeBoard(dst []byte, im *image.RGBA) []byte {
	w, h := im.Rect.Dx(), im.Rect.Dy()
	stride := w + 1 // a row of indices led by its PNG filter byte, 0 for none
	ws.scan = resize(ws.scan, stride*h)
	scan := ws.scan

	dst = append(dst, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per pixel, paletted
	dst = appendChunk(dst, "IHDR", ihdr[:])
	p := housePalette()
	dst = append(dst, p.plte...)
	idat := len(dst)
	dst = append(dst, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	dst = append(dst, 0x78, 0x01) // zlib: deflate, 32 KiB window, fastest

	sum := newAdler()
	p.quantize(scan, im, &sum)
	dst = ws.deflater.compress(dst, scan, stride)
	dst = binary.BigEndian.AppendUint32(dst, sum.sum())
	binary.BigEndian.PutUint32(dst[idat:], uint32(len(dst)-idat-8))
	dst = binary.BigEndian.AppendUint32(dst, crc32.ChecksumIEEE(dst[idat+4:]))
	return appendChunk(dst, "IEND", nil)
}

// quantChunk is how many pixels quantize compares with the row above at
// once.
const quantChunk = 32

// quantize writes im's pixels as palette indices into scan, as PNG
// scanlines: each row led by its filter byte, 0 for none. It adds each
// row to sum while the row is still in cache. im is taken as opaque.
func (p *palette) quantize(scan []byte, im *image.RGBA, sum *adler) {
	w := im.Rect.Dx()
	for y := range im.Rect.Dy() {
		row := im.Pix[y*im.Stride:][:4*w]
		line := scan[y*(w+1):][:w+1]
		line[0] = 0
		out := line[1:]
		if y == 0 {
			p.quantizeSpan(out, row)
			sum.write(line)
			continue
		}
		// Most of a board repeats the row above: where it does, so do
		// the indices, and comparing and copying memory is far cheaper
		// than looking at each pixel.
		above := im.Pix[(y-1)*im.Stride:][:4*w]
		outAbove := scan[(y-1)*(w+1)+1:][:w]
		for x := 0; x < w; x += quantChunk {
			end := min(x+quantChunk, w)
			if bytes.Equal(row[4*x:4*end], above[4*x:4*end]) {
				copy(out[x:end], outAbove[x:end])
				continue
			}
			p.quantizeSpan(out[x:end], row[4*x:4*end])
		}
		sum.write(line)
	}
}

// quantizeSpan writes the indices of the pixels in row to out. It looks
// up every pixel, which costs less than comparing each with the one before
// to look up only new colours: at an edge every comparison fails, and
// each failure is a mispredicted branch.
func (p *palette) quantizeSpan(out, row []byte) {
	for x := range out {
		px := binary.LittleEndian.Uint32(row[4*x:])
		// lookup, written out: the call would cost as much as the rest of
		// the loop.
		i := p.index[px>>2&0x3F<<12|px>>10&0x3F<<6|px>>18&0x3F].Load()
		if i == 0 {
			i = uint32(p.fill(uint8(px), uint8(px>>8), uint8(px>>16))) + 1
		}
		out[x] = uint8(i - 1)
	}
}

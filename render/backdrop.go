package render

import (
	"image"
	"sync"
)

// backdrop is an image's unchanging ground, drawn once and kept for every
// image of its kind: the table, its legend, the panels that never move.
// Most of its rows are the bare table or repeat another row, so it keeps
// each distinct row once: a 600×1000 backdrop is a few hundred kilobytes
// instead of 2.4 MB, and every kind of image a bot draws keeps one.
type backdrop struct {
	rect image.Rectangle
	rows [][]byte // each row's pixels, shared between equal rows
}

// compact keeps im as a backdrop. im is not used after.
func compact(im *image.RGBA) *backdrop {
	b := &backdrop{rect: image.Rect(0, 0, im.Rect.Dx(), im.Rect.Dy()), rows: make([][]byte, im.Rect.Dy())}
	seen := map[string][]byte{}
	w := 4 * im.Rect.Dx()
	for y := range b.rows {
		row := im.Pix[im.PixOffset(im.Rect.Min.X, im.Rect.Min.Y+y):][:w]
		kept, ok := seen[string(row)]
		if !ok {
			kept = append([]byte(nil), row...)
			seen[string(kept)] = kept
		}
		b.rows[y] = kept
	}
	return b
}

// paint sets im, which must be the backdrop's size, to the backdrop.
func (b *backdrop) paint(im *image.RGBA) {
	for y, row := range b.rows {
		copy(im.Pix[y*im.Stride:], row)
	}
}

// backdropCache keeps the backdrops of a game's images by what sets them
// apart (a height, a seat count), drawing each once.
type backdropCache struct{ kept sync.Map }

func (c *backdropCache) get(key any, draw func() *image.RGBA) *backdrop {
	if b, ok := c.kept.Load(key); ok {
		return b.(*backdrop)
	}
	b, _ := c.kept.LoadOrStore(key, compact(draw()))
	return b.(*backdrop)
}

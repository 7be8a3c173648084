package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
)

// Sprite returns a transparent w×h image with paint applied to it. Boards
// draw their unchanging parts — card faces, tokens, dice — as sprites once
// and composite them, which is far cheaper than rasterising paths anew.
func Sprite(w, h int, paint func(dc *gg.Context)) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, w, h))
	paint(gg.NewContextForRGBA(im))
	return im
}

// spriteCache keeps sprites drawn while rendering — a count on a chip, a
// token of one size — by what they show, so each is rasterised once: gg
// costs far more than compositing. It keeps at most maxSprites, past which
// sprites are drawn at each use, so that views of absurd numbers cannot
// grow it.
type spriteCache struct {
	sprites sync.Map // key → *image.RGBA
	kept    atomic.Int32
}

const maxSprites = 256

// get returns the sprite for key, drawing it the first time.
func (c *spriteCache) get(key any, draw func() *image.RGBA) *image.RGBA {
	if im, ok := c.sprites.Load(key); ok {
		return im.(*image.RGBA)
	}
	im := draw()
	if c.kept.Load() < maxSprites {
		if kept, loaded := c.sprites.LoadOrStore(key, im); loaded {
			return kept.(*image.RGBA)
		}
		c.kept.Add(1)
	}
	return im
}

// centredSprite returns a sprite with room for a w×h shape and a pixel
// around it, paint receiving its centre; BlitCentred puts that centre
// where the shape belongs.
func centredSprite(w, h float64, paint func(dc *gg.Context, cx, cy float64)) *image.RGBA {
	sw, sh := int(math.Ceil(w))+2, int(math.Ceil(h))+2
	return Sprite(sw, sh, func(dc *gg.Context) { paint(dc, float64(sw)/2, float64(sh)/2) })
}

// Blit composites src over dst with src's top-left corner at (x, y). It
// gives the pixels draw.Draw does with draw.Over, several times faster on
// sprites: their opaque pixels are copied and their transparent ones
// skipped, leaving the arithmetic to the anti-aliased edges.
func Blit(dst, src *image.RGBA, x, y int) {
	r := src.Bounds()
	dr := r.Sub(r.Min).Add(image.Pt(x, y)).Intersect(dst.Bounds())
	if dr.Empty() {
		return
	}
	if &dst.Pix[0] == &src.Pix[0] {
		// The same image: draw.Draw orders the work so that it reads
		// nothing it has already written.
		draw.Draw(dst, dr, src, r.Min.Add(dr.Min.Sub(image.Pt(x, y))), draw.Over)
		return
	}
	sp := r.Min.Add(dr.Min.Sub(image.Pt(x, y)))
	n := 4 * dr.Dx()
	for row := range dr.Dy() {
		d := dst.Pix[dst.PixOffset(dr.Min.X, dr.Min.Y+row):][:n]
		s := src.Pix[src.PixOffset(sp.X, sp.Y+row):][:n]
		blendRow(d, s)
	}
}

// alphas masks the alpha bytes of two RGBA pixels.
const alphas = 0xFF000000_FF000000

// blendRow composites the pixels of s over those of d as draw.Over does.
func blendRow(d, s []byte) {
	for i := 0; i < len(s); {
		switch s[i+3] {
		case 0xFF:
			// Two pixels to a comparison: the run is most of a sprite.
			j := i + 4
			for j+8 <= len(s) && binary.LittleEndian.Uint64(s[j:])&alphas == alphas {
				j += 8
			}
			for j < len(s) && s[j+3] == 0xFF {
				j += 4
			}
			copy(d[i:j], s[i:j])
			i = j
		case 0:
			j := i + 4
			for j+8 <= len(s) && binary.LittleEndian.Uint64(s[j:])&alphas == 0 {
				j += 8
			}
			i = j
		default:
			const m = 0xFFFF
			sa := uint32(s[i+3]) * 0x101
			a := (m - sa) * 0x101
			for c := range 4 {
				d[i+c] = uint8((uint32(d[i+c])*a/m + uint32(s[i+c])*0x101) >> 8)
			}
			i += 4
		}
	}
}

// Paste copies src onto dst with its top-left corner at (x, y), replacing
// what was there: for opaque sprites it is a plain memory copy, several
// times faster than Blit.
func Paste(dst, src *image.RGBA, x, y int) {
	r := src.Bounds()
	draw.Draw(dst, r.Sub(r.Min).Add(image.Pt(x, y)), src, r.Min, draw.Src)
}

// BlitCentred composites src over dst centred on (cx, cy).
func BlitCentred(dst, src *image.RGBA, cx, cy float64) {
	r := src.Bounds()
	Blit(dst, src, int(math.Round(cx-float64(r.Dx())/2)), int(math.Round(cy-float64(r.Dy())/2)))
}

// FillRect paints an axis-aligned rectangle. For large areas it is much
// faster than a gg path, which rasterises every pixel's coverage; an opaque
// colour is written without blending at all.
func FillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	op := draw.Over
	if c.A == 0xFF {
		op = draw.Src
	}
	draw.Draw(dst, r, image.NewUniform(c), image.Point{}, op)
}

// Box is a style of rounded, edged rectangle on a known background, for
// panels and rows. It is drawn by slicing: the four corners come from a
// small sprite rendered once, the straight parts are filled rectangles. That
// is many times faster than rasterising a large rounded path per board, and
// the result is the same, since straight edges on whole pixels need no
// anti-aliasing.
type Box struct {
	corners          *image.RGBA // a (2r+1)-pixel square box: its four quadrants are the corners
	radius, line     int
	fill, edge, back color.RGBA
}

// NewBox returns a box style with corner radius and an edge line pixels
// wide (0 for none), lying on background back.
func NewBox(radius, line int, fill, edge, back color.RGBA) *Box {
	side := 2*radius + 1
	corners := Sprite(side, side, func(dc *gg.Context) {
		FillRect(dc.Image().(*image.RGBA), image.Rect(0, 0, side, side), back)
		RoundedCard(dc, 0, 0, float64(side), float64(side), float64(radius), fill, edge, float64(line))
	})
	return &Box{corners, radius, line, fill, edge, back}
}

// Draw draws the box filling r, which should be at least 2·radius+1 pixels
// each way.
func (b *Box) Draw(dst *image.RGBA, r image.Rectangle) {
	// Panels cover much of a board: the edge is filled as four bands
	// around the fill rather than under it, so no pixel is written twice.
	in := r.Inset(b.line)
	switch {
	case in.Empty():
		FillRect(dst, r, b.edge)
	case in != r:
		FillRect(dst, image.Rectangle{r.Min, image.Pt(r.Max.X, in.Min.Y)}, b.edge)
		FillRect(dst, image.Rectangle{image.Pt(r.Min.X, in.Max.Y), r.Max}, b.edge)
		FillRect(dst, image.Rectangle{image.Pt(r.Min.X, in.Min.Y), image.Pt(in.Min.X, in.Max.Y)}, b.edge)
		FillRect(dst, image.Rectangle{image.Pt(in.Max.X, in.Min.Y), image.Pt(r.Max.X, in.Max.Y)}, b.edge)
		fallthrough
	default:
		FillRect(dst, in, b.fill)
	}
	n := b.radius
	for _, c := range [4]struct{ from, to image.Point }{
		{image.Pt(0, 0), r.Min},
		{image.Pt(n+1, 0), image.Pt(r.Max.X-n, r.Min.Y)},
		{image.Pt(0, n+1), image.Pt(r.Min.X, r.Max.Y-n)},
		{image.Pt(n+1, n+1), image.Pt(r.Max.X-n, r.Max.Y-n)},
	} {
		draw.Draw(dst, image.Rectangle{c.to, c.to.Add(image.Pt(n, n))}, b.corners, c.from, draw.Src)
	}
}

// RoundedCard draws a card: a rounded rectangle filled with fill and, when
// line is wider than zero, edged inside its bounds with edge.
func RoundedCard(dc *gg.Context, x, y, w, h, radius float64, fill, edge color.Color, line float64) {
	if line > 0 {
		dc.DrawRoundedRectangle(x, y, w, h, radius)
		dc.SetColor(edge)
		dc.Fill()
		x, y, w, h = x+line, y+line, w-2*line, h-2*line
		radius = math.Max(radius-line, 0)
	}
	dc.DrawRoundedRectangle(x, y, w, h, radius)
	dc.SetColor(fill)
	dc.Fill()
}

// CardShadow draws the soft drop shadow of a card at (x, y, w, h) as a few
// widening translucent layers, since gg has no blur.
func CardShadow(dc *gg.Context, x, y, w, h, radius float64) {
	for i := 3; i >= 1; i-- {
		g := float64(i)
		dc.DrawRoundedRectangle(x-g+1, y-g+3, w+2*g-2, h+2*g-2, radius+g)
		dc.SetColor(rgba(black, 40))
		dc.Fill()
	}
}

// MarkPath adds the outline of mark m, fitted to a size×size square centred
// on (cx, cy), to dc's path.
func MarkPath(dc *gg.Context, m Mark, cx, cy, size float64) {
	h := size / 2
	switch m {
	case Square:
		s := size * 0.86
		dc.DrawRoundedRectangle(cx-s/2, cy-s/2, s, s, size*0.12)
	case TriangleUp, TriangleDown:
		// The triangle is fitted by its bounding box, so its centroid sits a
		// quarter radius off the centre, towards its wide side.
		r := size * 0.6
		dir := 1.0
		if m == TriangleDown {
			dir = -1
		}
		oy := cy + dir*r/4
		dc.MoveTo(cx, oy-dir*r)
		dc.LineTo(cx+r*math.Sqrt(3)/2, oy+dir*r/2)
		dc.LineTo(cx-r*math.Sqrt(3)/2, oy+dir*r/2)
		dc.ClosePath()
	case Diamond:
		d := h * 1.1
		dc.MoveTo(cx, cy-d)
		dc.LineTo(cx+d, cy)
		dc.LineTo(cx, cy+d)
		dc.LineTo(cx-d, cy)
		dc.ClosePath()
	case Hexagon:
		dc.DrawRegularPolygon(6, cx, cy, h*1.04, 0)
	case Star:
		StarPath(dc, cx, cy+h*0.08, h*1.12)
	case Cross:
		a, b := h*0.34, h*0.95
		dc.MoveTo(cx-a, cy-b)
		dc.LineTo(cx+a, cy-b)
		dc.LineTo(cx+a, cy-a)
		dc.LineTo(cx+b, cy-a)
		dc.LineTo(cx+b, cy+a)
		dc.LineTo(cx+a, cy+a)
		dc.LineTo(cx+a, cy+b)
		dc.LineTo(cx-a, cy+b)
		dc.LineTo(cx-a, cy+a)
		dc.LineTo(cx-b, cy+a)
		dc.LineTo(cx-b, cy-a)
		dc.LineTo(cx-a, cy-a)
		dc.ClosePath()
	default:
		dc.DrawCircle(cx, cy, h*0.96)
	}
	dc.NewSubPath()
}

// MarkCentre is the centroid of mark m as drawn by MarkPath at (cx, cy):
// where a label inside it looks centred, and the point about which it is
// scaled for rings of even width. Triangles and the star sit off the centre
// of their box.
func MarkCentre(m Mark, cx, cy, size float64) (float64, float64) {
	switch m {
	case TriangleUp:
		return cx, cy + size*0.15
	case TriangleDown:
		return cx, cy - size*0.15
	case Star:
		return cx, cy + size*0.04
	}
	return cx, cy
}

// StarPath adds a five-pointed star of outer radius r, point up, to dc's
// path.
func StarPath(dc *gg.Context, cx, cy, r float64) {
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		x, y := cx+rr*math.Cos(a), cy+rr*math.Sin(a)
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
		}
	}
	dc.ClosePath()
	dc.NewSubPath()
}

// Token draws player colour p's piece: its mark in its colour inside a
// white ring and a thin dark rim, so that it stands out on light cards and
// on the dark table alike.
func Token(dc *gg.Context, p int, cx, cy, size float64) {
	st := Player(p)
	ox, oy := MarkCentre(st.Mark, cx, cy, size)
	// The rings keep one width at every size, so small tokens keep their
	// colour; the layers are scaled about the centroid, so triangles get
	// rings as even as circles do.
	for _, layer := range [...]struct {
		inset float64
		c     color.Color
	}{
		{0, rgb(inkDark)},
		{1.2, rgb(white)},
		{3.4, st.Fill},
	} {
		f := (size - 2*layer.inset*markRingScale(st.Mark)) / size
		dc.Push()
		dc.ScaleAbout(f, f, ox, oy)
		MarkPath(dc, st.Mark, cx, cy, size)
		dc.Pop()
		dc.SetColor(layer.c)
		dc.Fill()
	}
}

// markRingScale converts a ring's width into how much a mark's size must
// shrink to leave it: a triangle's sides are closer to its centroid than
// its box edges are, so it must shrink faster than a circle.
func markRingScale(m Mark) float64 {
	switch m {
	case TriangleUp, TriangleDown:
		return 1.7
	case Star:
		return 2.2
	case Diamond:
		return 1.3
	}
	return 1
}

// HollowToken draws the outline of mark m in colour c: a piece that is not
// there (yet), as in "two of three figures home". The outline is filled as
// a ring between two marks rather than stroked, because gg drops the short
// segments of small stroked curves and skews little shapes.
func HollowToken(dc *gg.Context, m Mark, c color.Color, cx, cy, size float64) {
	line := math.Max(size*0.12, 1.5)
	MarkPath(dc, m, cx, cy, size)
	MarkPath(dc, m, cx, cy, size-2*line*1.4)
	dc.SetFillRuleEvenOdd()
	dc.SetColor(c)
	dc.Fill()
	dc.SetFillRuleWinding()
}

// Pip draws player colour p's mark small, for counts shown as a row of
// marks on the table: filled in the player's colour inside a light rim (so
// that black shows on the dark table) when present, an outline in rim when
// not.
func Pip(dc *gg.Context, p int, present bool, rim color.Color, cx, cy, size float64) {
	st := Player(p)
	if !present {
		HollowToken(dc, st.Mark, rim, cx, cy, size)
		return
	}
	MarkPath(dc, st.Mark, cx, cy, size)
	dc.SetColor(rim)
	dc.Fill()
	MarkPath(dc, st.Mark, cx, cy, size-math.Max(size*0.12, 1.5)*2)
	dc.SetColor(st.Fill)
	dc.Fill()
}

// Pawn draws a neutral piece — head, body and foot — for pieces that belong
// to nobody, so they cannot be mistaken for any player's mark.
func Pawn(dc *gg.Context, cx, cy, size float64, fill, edge color.Color) {
	s := size
	outline := func() {
		dc.DrawCircle(cx, cy-s*0.25, s*0.17)
		dc.NewSubPath()
		dc.MoveTo(cx-s*0.11, cy-s*0.12)
		dc.LineTo(cx+s*0.11, cy-s*0.12)
		dc.LineTo(cx+s*0.25, cy+s*0.30)
		dc.LineTo(cx-s*0.25, cy+s*0.30)
		dc.ClosePath()
		dc.NewSubPath()
		dc.DrawEllipse(cx, cy+s*0.34, s*0.36, s*0.11)
	}
	outline()
	dc.SetColor(edge)
	dc.SetLineWidth(math.Max(s*0.1, 2))
	dc.SetLineJoinRound()
	dc.Stroke()
	outline()
	dc.SetColor(fill)
	dc.Fill()
}

// Die draws a die face of side size with its top-left corner at (x, y),
// with pips for 1 to 6. Other values leave the face blank and report false,
// so the caller can write the number instead.
func Die(dc *gg.Context, x, y, size float64, n int) bool {
	RoundedCard(dc, x, y, size, size, size*0.18, rgb(white), rgb(inkDark), math.Max(size*0.04, 1.5))
	if n < 1 || n > 6 {
		return false
	}
	// Pip positions on a 3×3 grid, numbered row by row from 0.
	pips := [7][]int{
		1: {4},
		2: {2, 6},
		3: {2, 4, 6},
		4: {0, 2, 6, 8},
		5: {0, 2, 4, 6, 8},
		6: {0, 2, 3, 5, 6, 8},
	}
	step := size * 0.27
	for _, p := range pips[n] {
		px := x + size/2 + float64(p%3-1)*step
		py := y + size/2 + float64(p/3-1)*step
		dc.DrawCircle(px, py, size*0.09)
	}
	dc.SetColor(rgb(inkDark))
	dc.Fill()
	return true
}

// Playing-card suits are drawn as paths rather than font glyphs: a path
// fills exactly the size asked for and sits exactly on its centre, while
// the glyphs' sizes and side bearings vary by suit, which shows on a card.

// HeartPath adds a heart fitted to a size×size square centred on (cx, cy)
// to dc's path.
func HeartPath(dc *gg.Context, cx, cy, size float64) {
	s := size
	dc.MoveTo(cx, cy-0.27*s)
	dc.CubicTo(cx-0.04*s, cy-0.5*s, cx-0.5*s, cy-0.55*s, cx-0.5*s, cy-0.17*s)
	dc.CubicTo(cx-0.5*s, cy+0.1*s, cx-0.18*s, cy+0.25*s, cx, cy+0.47*s)
	dc.CubicTo(cx+0.18*s, cy+0.25*s, cx+0.5*s, cy+0.1*s, cx+0.5*s, cy-0.17*s)
	dc.CubicTo(cx+0.5*s, cy-0.55*s, cx+0.04*s, cy-0.5*s, cx, cy-0.27*s)
	dc.ClosePath()
	dc.NewSubPath()
}

// DiamondPath adds a card diamond, narrower than it is tall, to dc's path.
func DiamondPath(dc *gg.Context, cx, cy, size float64) {
	h, w := size*0.5, size*0.37
	dc.MoveTo(cx, cy-h)
	dc.QuadraticTo(cx+w*0.45, cy-h*0.45, cx+w, cy)
	dc.QuadraticTo(cx+w*0.45, cy+h*0.45, cx, cy+h)
	dc.QuadraticTo(cx-w*0.45, cy+h*0.45, cx-w, cy)
	dc.QuadraticTo(cx-w*0.45, cy-h*0.45, cx, cy-h)
	dc.ClosePath()
	dc.NewSubPath()
}

// FillClub fills a club in colour c. A club is three lobes and a stem,
// filled one by one: as one path their overlaps would cancel out.
func FillClub(dc *gg.Context, cx, cy, size float64, c color.Color) {
	s := size
	dc.SetColor(c)
	r := 0.215 * s
	for _, p := range [3][2]float64{{0, -0.26}, {-0.25, 0.06}, {0.25, 0.06}} {
		dc.DrawCircle(cx+p[0]*s, cy+p[1]*s, r)
		dc.Fill()
	}
	dc.DrawCircle(cx, cy-0.02*s, r*0.6)
	dc.Fill()
	stem(dc, cx, cy, s)
}

// FillSpade fills a spade in colour c: an upturned heart and a stem.
func FillSpade(dc *gg.Context, cx, cy, size float64, c color.Color) {
	s := size
	dc.SetColor(c)
	dc.MoveTo(cx, cy-0.5*s)
	dc.CubicTo(cx+0.16*s, cy-0.3*s, cx+0.5*s, cy-0.12*s, cx+0.5*s, cy+0.1*s)
	dc.CubicTo(cx+0.5*s, cy+0.42*s, cx+0.08*s, cy+0.42*s, cx, cy+0.2*s)
	dc.CubicTo(cx-0.08*s, cy+0.42*s, cx-0.5*s, cy+0.42*s, cx-0.5*s, cy+0.1*s)
	dc.CubicTo(cx-0.5*s, cy-0.12*s, cx-0.16*s, cy-0.3*s, cx, cy-0.5*s)
	dc.ClosePath()
	dc.Fill()
	stem(dc, cx, cy, s)
}

// stem fills the flared stem of a club or spade in the current colour.
func stem(dc *gg.Context, cx, cy, s float64) {
	dc.MoveTo(cx-0.05*s, cy+0.05*s)
	dc.LineTo(cx+0.05*s, cy+0.05*s)
	dc.QuadraticTo(cx+0.07*s, cy+0.38*s, cx+0.22*s, cy+0.5*s)
	dc.LineTo(cx-0.22*s, cy+0.5*s)
	dc.QuadraticTo(cx-0.07*s, cy+0.38*s, cx-0.05*s, cy+0.05*s)
	dc.ClosePath()
	dc.Fill()
}

// CheckMark strokes a tick of the given size centred on (cx, cy): "done",
// for which the embedded fonts have no glyph.
func CheckMark(dc *gg.Context, cx, cy, size float64, c color.Color) {
	s := size
	dc.SetColor(c)
	dc.SetLineWidth(math.Max(s*0.16, 2))
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.MoveTo(cx-0.38*s, cy+0.02*s)
	dc.LineTo(cx-0.12*s, cy+0.3*s)
	dc.LineTo(cx+0.4*s, cy-0.3*s)
	dc.Stroke()
}

// panelBoxes are the seat panels and status boxes the table games share:
// a plain panel, one for the seat that must act, one for winners, and the
// status box with its game-over form.
type panelBoxes struct {
	panel, active, winner, status, over *Box
}

func newPanelBoxes() panelBoxes {
	return panelBoxes{
		panel:  NewBox(12, 0, rgb(rowFill), rgb(rowFill), rgb(table)),
		active: NewBox(12, 3, rgb(rowActive), rgb(accent), rgb(table)),
		winner: NewBox(12, 3, rgb(goldTint), rgb(gold), rgb(table)),
		status: NewBox(14, 2, rgb(rowFill), rgb(tableLine), rgb(table)),
		over:   NewBox(14, 3, rgb(goldTint), rgb(gold), rgb(table)),
	}
}

// plainBackdrop is an empty table w×h pixels.
func plainBackdrop(w, h int) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, w, h))
	FillRect(im, im.Bounds(), rgb(table))
	return im
}

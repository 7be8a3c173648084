package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
)

// Lagom is drawn twice: the table for the channel (LagomTable, in
// lagomtable.go) and each player's own image for their DM (LagomHand, in
// lagomhand.go). This file holds what both draw: the seven symbols, card
// faces, cards as played into a tableau, and the wording of steps.

// LagomHandWidth and LagomHandHeight are the size of a private Lagom
// image: a little taller than a Life hand, since a Lagom card shows four
// quadrants and, on a play, four orientations of the revealed card.
const (
	LagomHandWidth  = 1000
	LagomHandHeight = 560
)

// lgSize is one size of Lagom card. Each is drawn for itself, not scaled,
// so that symbols and titles stay crisp.
type lgSize int

const (
	lgHand lgSize = iota // a hand in a DM
	lgXL                 // tableaux of two or three seats
	lgL                  // the orientations in a DM; tableaux of 5–6 seats
	lgM                  // tableaux of four seats
	lgS                  // a revealed card beside a tableau; small hands
	lgXS                 // passed and received cards
	lgTiny               // more seats than the game has
	lgSizes
)

// lgSpec is how a card of one size is laid out: a title bar on top of a
// square of four quadrants, each q pixels a side.
type lgSpec struct{ q, bar int }

func (s lgSize) spec() lgSpec {
	q := [lgSizes]int{75, 64, 56, 48, 40, 32, 24}[max(0, min(int(s), int(lgSizes)-1))]
	return lgSpec{q, max(14, int(math.Round(float64(q)*0.4)))}
}

func (sp lgSpec) w() int { return 2 * sp.q }
func (sp lgSpec) h() int { return sp.bar + 2*sp.q }

// The colours of Lagom cards and symbols. Every symbol has its own hue and
// its own shape; the three costs stand on a pale red disc in a red ring, so
// that a side's price reads before its symbols do.
const (
	lgCardFace   = 0xFBF7EE
	lgCardEdge   = 0x8C7F6A
	lgBarFill    = 0x3E5A4C // a card's title bar: calm green, the game's colour
	lgBarInk     = 0xF6F1E4
	lgQuadLine   = 0xD8CFBF
	lgInactive   = 0xC9CDD3 // the two quadrants of a played card that do not count
	lgCostDisc   = 0xFFE1DC
	lgCostRing   = 0xC8102E
	lgHealth     = 0xD7263D
	lgBroken     = 0x7B3FA6
	lgCopper     = 0xC77B30
	lgCopperRim  = 0x7A4210
	lgGold       = 0xF2C230
	lgGoldRim    = 0x8A5A00
	lgPeople     = 0xE0529C
	lgPeopleBack = 0xA8326E
	lgSun        = 0xF57C00
	lgPurpose    = 0x2B59C3
	lgSunsetSky  = 0x26335A
	lgSunsetSun  = 0xFF8C42
	lgUnknown    = 0x8795A1
)

// lagomColours are the colours of Lagom's cards, the first lagomSurfaces
// of them the large areas that veils cover.
var lagomColours = [...]uint32{
	lgCardFace, lgBarFill, lgInactive, lgCardEdge, lgQuadLine, lgBarInk,
	lgCostDisc, lgCostRing, lgHealth, lgBroken, lgCopper, lgCopperRim, lgGold, lgGoldRim,
	lgPeople, lgPeopleBack, lgSun, lgPurpose, lgSunsetSky, lgSunsetSun, lgUnknown,
}

const lagomSurfaces = 6

// isCost reports whether s is one of the three costs.
func isCost(s lagom.Symbol) bool {
	return s == lagom.LoseHealth || s == lagom.LoseRelationship || s == lagom.SpendWealth
}

// symbolName is how the legend and the DM name a symbol, short enough to
// sit under an icon.
func symbolName(s lagom.Symbol) string {
	switch s {
	case lagom.LoseHealth:
		return "−1 health"
	case lagom.LoseRelationship:
		return "lose a bond"
	case lagom.SpendWealth:
		return "−3 coins"
	case lagom.Wealth:
		return "invest"
	case lagom.Relationship:
		return "bond"
	case lagom.Leisure:
		return "leisure"
	case lagom.Purpose:
		return "purpose"
	}
	return "?"
}

// drawSymbol draws symbol s fitted to a size×size square centred on
// (cx, cy). A symbol outside the seven draws as a grey ring with a dot, so
// a malformed card still shows that something is there.
func drawSymbol(dc *gg.Context, s lagom.Symbol, cx, cy, size float64) {
	g := size
	if isCost(s) {
		dc.DrawCircle(cx, cy, g*0.49)
		dc.SetColor(rgb(lgCostRing))
		dc.Fill()
		dc.DrawCircle(cx, cy, g*0.49-math.Max(g*0.085, 1.5))
		dc.SetColor(rgb(lgCostDisc))
		dc.Fill()
		g *= 0.7
	}
	switch s {
	case lagom.LoseHealth:
		HeartPath(dc, cx, cy+g*0.03, g*0.95)
		dc.SetColor(rgb(lgHealth))
		dc.Fill()
		bar(dc, cx, cy-g*0.02, g*0.48, math.Max(g*0.13, 1.5), rgb(white))
	case lagom.LoseRelationship:
		drawBrokenLink(dc, cx, cy, g)
	case lagom.SpendWealth:
		coin(dc, cx, cy, g*0.4, rgb(lgCopper), rgb(lgCopperRim))
		bar(dc, cx, cy, g*0.4, math.Max(g*0.12, 1.5), rgb(lgCopperRim))
	case lagom.Wealth:
		drawCoinStack(dc, cx, cy, g)
	case lagom.Relationship:
		drawPeople(dc, cx, cy, g)
	case lagom.Leisure:
		drawSun(dc, cx, cy, g)
	case lagom.Purpose:
		drawCompass(dc, cx, cy, g)
	default:
		dc.DrawCircle(cx, cy, g*0.4)
		dc.DrawCircle(cx, cy, g*0.4-math.Max(g*0.1, 1.5))
		dc.SetFillRuleEvenOdd()
		dc.SetColor(rgb(lgUnknown))
		dc.Fill()
		dc.SetFillRuleWinding()
		dc.DrawCircle(cx, cy, g*0.1)
		dc.Fill()
	}
}

// bar fills a horizontal bar of width w and height h centred on (cx, cy):
// the minus of the costs.
func bar(dc *gg.Context, cx, cy, w, h float64, c color.Color) {
	dc.DrawRoundedRectangle(cx-w/2, cy-h/2, w, h, h/3)
	dc.SetColor(c)
	dc.Fill()
}

// coin fills a coin of radius r with a rim.
func coin(dc *gg.Context, cx, cy, r float64, fill, rim color.Color) {
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(rim)
	dc.Fill()
	dc.DrawCircle(cx, cy, r-math.Max(r*0.16, 1.2))
	dc.SetColor(fill)
	dc.Fill()
}

// drawCoinStack draws Wealth: three coins seen from the side, stacked.
func drawCoinStack(dc *gg.Context, cx, cy, g float64) {
	w, h := g*0.78, g*0.2
	line := math.Max(g*0.05, 1.2)
	for i := range 3 {
		y := cy + g*0.2 - float64(i)*g*0.2 - h/2
		x := cx - w/2 + float64(i%2)*g*0.06 - g*0.03
		dc.DrawRoundedRectangle(x, y, w, h, h/2)
		dc.SetColor(rgb(lgGoldRim))
		dc.Fill()
		dc.DrawRoundedRectangle(x+line, y+line, w-2*line, h-2*line, (h-2*line)/2)
		dc.SetColor(rgb(lgGold))
		dc.Fill()
	}
	// A coin face on top, so that the stack reads as coins, not bars.
	coin(dc, cx+g*0.03, cy-g*0.27, g*0.2, rgb(lgGold), rgb(lgGoldRim))
}

// drawPeople draws Relationship: two people side by side, the second a
// shade darker behind the first.
func drawPeople(dc *gg.Context, cx, cy, g float64) {
	person := func(x float64, c color.Color, outline bool) {
		if outline {
			dc.DrawCircle(x, cy-g*0.2, g*0.17)
			dc.DrawRoundedRectangle(x-g*0.25, cy+g*0.0, g*0.5, g*0.42, g*0.2)
			dc.SetColor(rgb(lgCardFace))
			dc.Fill()
		}
		dc.DrawCircle(x, cy-g*0.2, g*0.13)
		dc.DrawRoundedRectangle(x-g*0.21, cy+g*0.04, g*0.42, g*0.36, g*0.17)
		dc.SetColor(c)
		dc.Fill()
	}
	person(cx+g*0.17, rgb(lgPeopleBack), false)
	person(cx-g*0.15, rgb(lgPeople), true)
}

// drawSun draws Leisure: a sun with eight rays.
func drawSun(dc *gg.Context, cx, cy, g float64) {
	dc.SetColor(rgb(lgSun))
	for i := range 8 {
		a := float64(i) * math.Pi / 4
		ca, sa := math.Cos(a), math.Sin(a)
		px, py := -sa, ca
		r0, r1, wd := g*0.29, g*0.47, g*0.07
		dc.MoveTo(cx+ca*r0+px*wd, cy+sa*r0+py*wd)
		dc.LineTo(cx+ca*r1, cy+sa*r1)
		dc.LineTo(cx+ca*r0-px*wd, cy+sa*r0-py*wd)
		dc.ClosePath()
	}
	dc.Fill()
	dc.DrawCircle(cx, cy, g*0.24)
	dc.Fill()
}

// drawCompass draws Purpose: a four-pointed compass star in a ring.
func drawCompass(dc *gg.Context, cx, cy, g float64) {
	dc.DrawCircle(cx, cy, g*0.34)
	dc.DrawCircle(cx, cy, g*0.34-math.Max(g*0.06, 1.2))
	dc.SetFillRuleEvenOdd()
	dc.SetColor(rgb(lgPurpose))
	dc.Fill()
	dc.SetFillRuleWinding()
	for i := range 8 {
		r := g * 0.5
		if i%2 == 1 {
			r = g * 0.12
		}
		a := -math.Pi/2 + float64(i)*math.Pi/4
		if i == 0 {
			dc.MoveTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
		} else {
			dc.LineTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
		}
	}
	dc.ClosePath()
	dc.Fill()
	dc.DrawCircle(cx, cy, g*0.06)
	dc.SetColor(rgb(white))
	dc.Fill()
}

// drawBrokenLink draws the loss of a Relationship: a chain link broken in
// two, its halves pulled apart across a crack.
func drawBrokenLink(dc *gg.Context, cx, cy, g float64) {
	dc.Push()
	dc.RotateAbout(-math.Pi/4, cx, cy)
	lw := math.Max(g*0.12, 1.5)
	for _, dir := range [2]float64{-1, 1} {
		x0 := cx + dir*g*0.1
		x1 := cx + dir*g*0.5
		left, right := math.Min(x0, x1), math.Max(x0, x1)
		h := g * 0.34
		dc.DrawRoundedRectangle(left, cy-h/2, right-left, h, h/2)
		dc.DrawRoundedRectangle(left+lw, cy-h/2+lw, right-left-2*lw, h-2*lw, h/2-lw)
	}
	dc.SetFillRuleEvenOdd()
	dc.SetColor(rgb(lgBroken))
	dc.Fill()
	dc.SetFillRuleWinding()
	dc.Pop()
	// The crack: two short strokes across the gap.
	dc.SetColor(rgb(lgCostRing))
	dc.SetLineWidth(math.Max(g*0.06, 1.2))
	dc.SetLineCapRound()
	dc.DrawLine(cx-g*0.2, cy-g*0.2, cx-g*0.06, cy-g*0.06)
	dc.DrawLine(cx+g*0.06, cy+g*0.06, cx+g*0.2, cy+g*0.2)
	dc.Stroke()
}

// drawSunsetBadge draws the sunset token: a sun half set behind the
// horizon on a night-blue disc.
func drawSunsetBadge(dc *gg.Context, cx, cy, size float64) {
	r := size / 2
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(rgb(white))
	dc.Fill()
	dc.DrawCircle(cx, cy, r-math.Max(size*0.07, 1))
	dc.SetColor(rgb(lgSunsetSky))
	dc.Fill()
	dc.DrawArc(cx, cy+r*0.12, r*0.48, math.Pi, 2*math.Pi)
	dc.ClosePath()
	dc.SetColor(rgb(lgSunsetSun))
	dc.Fill()
	dc.SetColor(rgb(white))
	dc.SetLineWidth(math.Max(size*0.07, 1))
	dc.DrawLine(cx-r*0.72, cy+r*0.22, cx+r*0.72, cy+r*0.22)
	dc.Stroke()
}

// symbolPlaces returns where the symbols of one quadrant go: n symbols in
// the q×q cell with its top-left corner at (x, y), as centres and a size.
// Two symbols stand side by side, the second a little lower, so that both
// keep as much size as the cell allows. towardX and towardY (−1 or +1)
// push single symbols away from the centre of the card, where the reward
// coin sits.
func symbolPlaces(n int, x, y, q, towardX, towardY float64) (centres [][2]float64, size float64) {
	switch {
	case n <= 0:
		return nil, 0
	case n == 1:
		s := q * 0.66
		return [][2]float64{{x + q/2 + towardX*q*0.05, y + q/2 + towardY*q*0.05}}, s
	}
	s := q * 0.46
	out := make([][2]float64, n)
	for i := range out {
		// More than two symbols (no real card has them) share the cell in
		// a row, smaller.
		if n > 2 {
			s = q * 0.9 / float64(n)
			out[i] = [2]float64{x + q*0.05 + s*(float64(i)+0.5), y + q/2}
			continue
		}
		out[i] = [2]float64{x + q*(0.27+0.46*float64(i)), y + q*(0.38+0.24*float64(i))}
	}
	return out, s
}

// quadCorner is the top-left corner of quadrant position p (TL, TR, BR,
// BL) in a card body whose top-left corner is (x, y), and the direction
// away from the card's centre.
func quadCorner(p int, x, y, q float64) (qx, qy, dx, dy float64) {
	switch p {
	case lagom.TR:
		return x + q, y, 1, -1
	case lagom.BR:
		return x + q, y + q, 1, 1
	case lagom.BL:
		return x, y + q, -1, 1
	}
	return x, y, -1, -1
}

// rotated returns the original quadrant shown at position p of a card
// played with side s facing left. Turning a card so that its top edge faces
// left moves every quadrant one place anticlockwise; each further side is
// one more turn.
func rotated(p int, s lagom.Side) int { return ((p+int(s))%4 + 4) % 4 }

// validSide reports whether s is one of the four sides.
func validSide(s lagom.Side) bool { return s >= lagom.Left && s <= lagom.Bottom }

// sideName is a side as the buttons name it.
func sideName(s lagom.Side) string {
	switch s {
	case lagom.Left:
		return "left"
	case lagom.Top:
		return "top"
	case lagom.Right:
		return "right"
	case lagom.Bottom:
		return "bottom"
	}
	return "?"
}

// activeSymbols returns the symbols side s of c makes count, in TL, TR,
// BR, BL order as Played.Symbols lists them.
func activeSymbols(c lagom.Card, s lagom.Side) []lagom.Symbol {
	a, b := rotated(lagom.TL, s), rotated(lagom.BL, s)
	first, second := min(a, b), max(a, b)
	return slices.Concat(c.Quads[first], c.Quads[second])
}

// lgFaceKey names a cached card sprite: a card's face when played is
// false, else the card as played on side.
type lgFaceKey struct {
	id     int
	size   lgSize
	played bool
	side   lagom.Side
}

// lgCached is a cached sprite with the card it shows, so that a view that
// reuses an id for another card never gets the wrong face.
type lgCached struct {
	card lagom.Card
	im   *image.RGBA
}

// lgMaxCachedID bounds the ids whose faces are kept: the deck is a fixed
// set of about ninety cards, and faces of ids outside it are drawn each
// time, so that a malformed view cannot grow the cache.
const lgMaxCachedID = 1000

// lagomKit is everything the Lagom images reuse, built once per Renderer;
// card faces and sprites are added as they are first met.
type lagomKit struct {
	table, hand *image.RGBA // backgrounds
	faces       sync.Map    // lgFaceKey → lgCached

	titles  [lgSizes]*Face
	rewards [lgSizes]*Face
	chips   [lgSizes]*Face // coin counts on investments

	back                   [lgSizes]*image.RGBA
	pips                   [PlayerColours]*image.RGBA     // next to a seat's name
	pickRing, pickTag      *image.RGBA                    // around and under a sealed pick
	sprites                spriteCache                    // sunset tokens and coin chips
	icons                  [lagom.Purpose + 1]*image.RGBA // legend and stat icons
	heart, coinIcon, cards *image.RGBA
	decided, deciding      *image.RGBA

	panelBoxes
	out, slot *Box

	name, big, huge, stat, label, small, body, caption, prompt, rank, tag, footer, footerTitle *Face
}

const (
	lgPip     = 18 // a seat's mark beside its name
	lgIcon    = 26 // a legend or stat icon
	lgBadge   = 30 // decided / deciding
	lgFooterY = 680
)

func newLagomKit(fonts *fontSet) *lagomKit {
	k := &lagomKit{
		name:        fonts.face(Bold, 22),
		big:         fonts.face(Bold, 40),
		huge:        fonts.face(Bold, 52),
		stat:        fonts.face(Bold, 21),
		label:       fonts.face(Bold, 15),
		small:       fonts.face(Regular, 17),
		body:        fonts.face(Regular, 19),
		caption:     fonts.face(Regular, 20),
		prompt:      fonts.face(Bold, 28),
		rank:        fonts.face(Bold, 26),
		tag:         fonts.face(Bold, 14),
		footer:      fonts.face(Regular, 17),
		footerTitle: fonts.face(Bold, 18),
	}
	for s := range lgSizes {
		sp := s.spec()
		k.titles[s] = fonts.face(Bold, math.Round(float64(sp.bar)*0.62))
		k.rewards[s] = fonts.face(Bold, math.Max(10, math.Round(float64(sp.q)*0.3)))
		k.chips[s] = fonts.face(Bold, math.Max(11, math.Round(float64(sp.q)*0.26)))
		k.back[s] = drawLagomBack(s)
	}
	for sym := range lagom.Purpose + 1 {
		k.icons[sym] = Sprite(lgIcon, lgIcon, func(dc *gg.Context) { drawSymbol(dc, sym, lgIcon/2, lgIcon/2, lgIcon) })
	}
	k.heart = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		HeartPath(dc, lgIcon/2, lgIcon/2+1, lgIcon*0.9)
		dc.SetColor(rgb(lgHealth))
		dc.Fill()
	})
	k.coinIcon = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		coin(dc, lgIcon/2, lgIcon/2, lgIcon*0.42, rgb(lgGold), rgb(lgGoldRim))
	})
	k.cards = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		for i, x := range [2]float64{3, 9} {
			RoundedCard(dc, x, 3+float64(1-i)*2, 13, 19, 2.5, rgb(lgBarFill), rgb(lgBarInk), 1.5)
		}
	})
	k.decided = Sprite(lgBadge, lgBadge, func(dc *gg.Context) {
		c := float64(lgBadge) / 2
		dc.DrawCircle(c, c, c-1)
		dc.SetColor(rgb(goodSoft))
		dc.Fill()
		CheckMark(dc, c, c+1, lgBadge*0.5, rgb(inkDark))
	})
	k.deciding = Sprite(lgBadge, lgBadge, func(dc *gg.Context) {
		c := float64(lgBadge) / 2
		dc.DrawCircle(c, c, c-2)
		dc.SetColor(rgb(accent))
		dc.SetLineWidth(2)
		dc.SetDash(4, 3)
		dc.Stroke()
		dc.SetDash()
		for i := -1; i <= 1; i++ {
			dc.DrawCircle(c+float64(i)*6.5, c, 2.2)
		}
		dc.Fill()
	})
	for p := range PlayerColours {
		k.pips[p] = tokenSprite(lgPip, func(dc *gg.Context, c float64) { Pip(dc, p, true, rgb(textMain), c, c, lgPip) })
	}
	hs := lgHand.spec()
	k.pickRing = Sprite(hs.w()+10, hs.h()+10, func(dc *gg.Context) {
		RoundedCard(dc, 0, 0, float64(hs.w()+10), float64(hs.h()+10), float64(hs.q)*0.2, rgb(accent), nil, 0)
	})
	tagW := k.label.Measure(pickText) + 18
	k.pickTag = centredSprite(tagW, 24, func(dc *gg.Context, cx, cy float64) {
		RoundedCard(dc, cx-tagW/2, cy-12, tagW, 24, 12, rgb(accent), nil, 0)
		k.label.Draw(dc.Image().(*image.RGBA), pickText, cx, cy, Centre, rgb(inkDark))
	})
	k.panelBoxes = newPanelBoxes()
	k.out = NewBox(12, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.slot = NewBox(8, 2, rgb(tableInset), rgb(tableLine), rgb(rowFill))
	k.table = tableBackdrop(lgFooterY)
	k.hand = plainBackdrop(LagomHandWidth, LagomHandHeight)
	return k
}

// drawLagomBack draws a card back: the game's green with a ring of four
// quadrants, the shape every face shares.
func drawLagomBack(s lgSize) *image.RGBA {
	sp := s.spec()
	return Sprite(sp.w(), sp.h(), func(dc *gg.Context) {
		w, h := float64(sp.w()), float64(sp.h())
		RoundedCard(dc, 0, 0, w, h, float64(sp.q)*0.14, rgb(lgBarFill), rgb(lgBarInk), math.Max(2, w*0.03))
		r := w * 0.3
		for p := range 4 {
			a := float64(p) * math.Pi / 2
			dc.DrawArc(w/2, h/2, r, a+0.15, a+math.Pi/2-0.15)
			dc.SetColor(rgb(lgBarInk))
			dc.SetLineWidth(math.Max(w*0.05, 2))
			dc.Stroke()
		}
	})
}

// face returns the sprite of card c at size s: its face, or with played
// set the card as played on side.
func (k *lagomKit) face(c lagom.Card, s lgSize, played bool, side lagom.Side) *image.RGBA {
	draw := func() *image.RGBA {
		if played {
			return k.drawPlayed(c, s, side)
		}
		return k.drawFace(c, s)
	}
	if c.ID < 0 || c.ID >= lgMaxCachedID || (played && !validSide(side)) {
		return draw()
	}
	key := lgFaceKey{c.ID, s, played, side}
	if !played {
		key.side = lagom.Left
	}
	if v, ok := k.faces.Load(key); ok {
		if got := v.(lgCached); sameCard(got.card, c) {
			return got.im
		}
		return draw()
	}
	v, _ := k.faces.LoadOrStore(key, lgCached{cloneCard(c), draw()})
	if got := v.(lgCached); sameCard(got.card, c) {
		return got.im
	}
	return draw()
}

func sameCard(a, b lagom.Card) bool {
	if a.ID != b.ID || a.Title != b.Title || a.Reward != b.Reward {
		return false
	}
	for q := range a.Quads {
		if !slices.Equal(a.Quads[q], b.Quads[q]) {
			return false
		}
	}
	return true
}

// cloneCard copies c with its own quadrant slices, so that a cached face
// keeps the card it was drawn from even if the caller's view changes.
func cloneCard(c lagom.Card) lagom.Card {
	for q := range c.Quads {
		c.Quads[q] = slices.Clone(c.Quads[q])
	}
	return c
}

// drawCardBase draws the parts every card shares: the rounded face, the
// title bar and the quadrant lines. The title starts at titleX.
func (k *lagomKit) drawCardBase(dc *gg.Context, c lagom.Card, s lgSize, titleX float64) {
	sp := s.spec()
	w, h := float64(sp.w()), float64(sp.h())
	q, top := float64(sp.q), float64(sp.bar)
	radius := q * 0.14
	line := math.Max(1.5, q*0.03)
	RoundedCard(dc, 0, 0, w, h, radius, rgb(lgCardFace), rgb(lgCardEdge), line)
	dc.DrawRoundedRectangle(line, line, w-2*line, top+radius, radius-line)
	dc.Clip()
	dc.DrawRectangle(0, 0, w, top)
	dc.SetColor(rgb(lgBarFill))
	dc.Fill()
	dc.ResetClip()
	f := k.titles[s]
	title := f.Clean(c.Title)
	if title == "" {
		title = "Card " + strconv.Itoa(c.ID)
	}
	im := dc.Image().(*image.RGBA)
	f.Draw(im, f.Fit(title, w-titleX-line-3), titleX, top/2+0.5, MiddleLeft, rgb(lgBarInk))
	dc.SetColor(rgb(lgQuadLine))
	dc.SetLineWidth(1)
	dc.DrawLine(q, top+3, q, h-3)
	dc.DrawLine(3, top+q, w-3, top+q)
	dc.Stroke()
}

// drawQuadrant draws the symbols of one quadrant into the cell at position
// p of a card body starting at (0, top).
func drawQuadrant(dc *gg.Context, syms []lagom.Symbol, p int, top, q float64) {
	qx, qy, dx, dy := quadCorner(p, 0, top, q)
	centres, size := symbolPlaces(len(syms), qx, qy, q, dx, dy)
	for i, c := range centres {
		drawSymbol(dc, syms[i], c[0], c[1], size)
	}
}

// drawFace draws card c as it is held: four quadrants around the discard
// reward, a coin in the centre.
func (k *lagomKit) drawFace(c lagom.Card, s lgSize) *image.RGBA {
	sp := s.spec()
	return Sprite(sp.w(), sp.h(), func(dc *gg.Context) {
		q, top := float64(sp.q), float64(sp.bar)
		k.drawCardBase(dc, c, s, math.Max(5, q*0.1))
		for p := range 4 {
			drawQuadrant(dc, c.Quads[p], p, top, q)
		}
		cx, cy := q, top+q
		r := q * 0.19
		if c.Reward > 0 {
			coin(dc, cx, cy, r, rgb(lgGold), rgb(lgGoldRim))
			k.rewards[s].Draw(dc.Image().(*image.RGBA), "+"+strconv.Itoa(c.Reward), cx, cy, Centre, rgb(inkDark))
			return
		}
		// No reward: an empty coin, so that the centre still says
		// "discarding pays nothing" rather than looking unfinished.
		dc.DrawCircle(cx, cy, r*0.7)
		dc.SetColor(rgb(lgCardFace))
		dc.FillPreserve()
		dc.SetColor(rgb(lgQuadLine))
		dc.SetLineWidth(math.Max(1.5, r*0.12))
		dc.Stroke()
	})
}

// lgRoundTagW is the room a played card's title bar leaves on its left
// for the round the card was played in, written at each render.
func lgRoundTagW(s lgSize) float64 { return math.Round(float64(s.spec().bar) * 1.7) }

// drawPlayed draws card c as played with side facing left: the quadrants
// turned with it, so the two that count stand in the left column, on white;
// the right column, which never counts, is greyed. Symbols stay upright, so
// that they read at a glance whatever the side.
func (k *lagomKit) drawPlayed(c lagom.Card, s lgSize, side lagom.Side) *image.RGBA {
	sp := s.spec()
	return Sprite(sp.w(), sp.h(), func(dc *gg.Context) {
		q, top, h := float64(sp.q), float64(sp.bar), float64(sp.h())
		k.drawCardBase(dc, c, s, lgRoundTagW(s))
		line := math.Max(1.5, q*0.03)
		dc.DrawRectangle(q+1, top, q-1-line, h-top-line)
		dc.SetColor(rgb(lgInactive))
		dc.Fill()
		for p := range 4 {
			drawQuadrant(dc, c.Quads[rotated(p, side)], p, top, q)
		}
		// The inactive column is veiled after its symbols are drawn, so
		// that they show as the faded half of the card.
		dc.DrawRectangle(q+1, top, q-1-line, h-top-line)
		dc.SetColor(rgba(lgInactive, 190))
		dc.Fill()
		// A stripe down the left edge marks the side that counts.
		dc.DrawRectangle(line, top, math.Max(3, q*0.07), h-top-line-q*0.1)
		dc.SetColor(rgb(lgBarFill))
		dc.Fill()
	})
}

// activePlace returns where symbol i of p.Symbols is drawn on p's played
// sprite at size s, and its size; ok is false when the symbol is not on
// the card (a malformed view).
func activePlace(p lagom.Played, i int, s lgSize) (cx, cy, size float64, ok bool) {
	sp := s.spec()
	q, top := float64(sp.q), float64(sp.bar)
	a, b := rotated(lagom.TL, p.Side), rotated(lagom.BL, p.Side)
	first, second := min(a, b), max(a, b)
	orig, j := first, i
	if j >= len(p.Card.Quads[first]) {
		orig, j = second, j-len(p.Card.Quads[first])
	}
	if j < 0 || j >= len(p.Card.Quads[orig]) {
		return 0, 0, 0, false
	}
	pos := lagom.TL
	if orig == b {
		pos = lagom.BL
	}
	qx, qy, dx, dy := quadCorner(pos, 0, top, q)
	centres, sz := symbolPlaces(len(p.Card.Quads[orig]), qx, qy, q, dx, dy)
	return centres[j][0], centres[j][1], sz, true
}

// drawPlayedCard draws a tableau card at (x, y) with what changes as the
// game goes on: the round it was played in, sunset tokens over sunset
// symbols and coin counts on investments.
func (k *lagomKit) drawPlayedCard(im *image.RGBA, p lagom.Played, s lgSize, x, y int) {
	side := p.Side
	if !validSide(side) {
		side = lagom.Left
	}
	Blit(im, k.face(p.Card, s, true, side), x, y)
	sp := s.spec()
	f := k.titles[s]
	f.Draw(im, "R"+strconv.Itoa(p.Round), float64(x)+math.Max(5, float64(sp.q)*0.1), float64(y)+float64(sp.bar)/2+0.5, MiddleLeft, rgb(lgGold))
	for i := range p.Symbols {
		cx, cy, size, ok := activePlace(p, i, s)
		if !ok {
			continue
		}
		cx, cy = cx+float64(x), cy+float64(y)
		if i < len(p.Sunset) && p.Sunset[i] {
			k.sunset(im, cx, cy, size)
			continue
		}
		if i < len(p.Stacks) && p.Stacks[i] > 0 {
			k.stackChip(im, s, p.Stacks[i], cx+size*0.3, cy-size*0.32)
		}
	}
}

// sunset veils a symbol and sets the sunset token on it.
func (k *lagomKit) sunset(im *image.RGBA, cx, cy, size float64) {
	token := k.sprites.get(sunsetKey(size), func() *image.RGBA {
		return centredSprite(size*1.04, size*1.04, func(dc *gg.Context, cx, cy float64) {
			dc.DrawCircle(cx, cy, size*0.52)
			dc.SetColor(rgba(lgCardFace, 170))
			dc.Fill()
			drawSunsetBadge(dc, cx+size*0.16, cy+size*0.16, size*0.62)
		})
	})
	BlitCentred(im, token, cx, cy)
}

// sunsetKey and coinChipKey name the sprites of lagomKit.sprites.
type (
	sunsetKey   float64
	coinChipKey struct {
		size lgSize
		text string
	}
)

// stackChip writes the coins invested on a Wealth symbol as a gold chip.
func (k *lagomKit) stackChip(im *image.RGBA, s lgSize, n int, cx, cy float64) {
	f := k.chips[s]
	text := strconv.Itoa(n)
	if n > 999 {
		text = "999+"
	}
	chip := k.sprites.get(coinChipKey{s, text}, func() *image.RGBA {
		h := f.CapHeight() + 8
		w := math.Max(h, f.Measure(text)+8)
		return centredSprite(w, h, func(dc *gg.Context, cx, cy float64) {
			RoundedCard(dc, cx-w/2, cy-h/2, w, h, h/2, rgb(lgGold), rgb(lgGoldRim), 1.5)
			f.Draw(dc.Image().(*image.RGBA), text, cx, cy, Centre, rgb(inkDark))
		})
	})
	BlitCentred(im, chip, cx, cy)
}

// tableauStep is how far apart the left edges of tableau cards are: half a
// card, so that each card covers the right half of the one before, as the
// rulebook lays a tableau.
func tableauStep(s lgSize) int { return s.spec().q }

// drawTableau draws a tableau from (x, y) within room pixels, oldest on
// the left. When it is too long, the oldest cards give way to a count at
// the left; the newest are what a table most wants to see.
func (k *lagomKit) drawTableau(im *image.RGBA, cards []lagom.Played, s lgSize, x, y, room int, round int) {
	sp := s.spec()
	step := tableauStep(s)
	fits := 0
	if room >= sp.w() {
		fits = 1 + (room-sp.w())/step
	}
	shown := cards
	if len(cards) > fits {
		more := "+" + strconv.Itoa(len(cards))
		// The count takes the place of some cards.
		gap := int(k.stat.Measure(more)) + 14
		fits = 0
		if room-gap >= sp.w() {
			fits = 1 + (room-gap-sp.w())/step
		}
		shown = cards[len(cards)-fits:]
		hidden := len(cards) - fits
		k.stat.Draw(im, "+"+strconv.Itoa(hidden), float64(x), float64(y+sp.h()/2)-10, MiddleLeft, rgb(textMain))
		k.tag.Draw(im, "older", float64(x), float64(y+sp.h()/2)+12, MiddleLeft, rgb(textSoft))
		x += gap
	}
	for i, p := range shown {
		cx := x + i*step
		k.drawPlayedCard(im, p, s, cx, y)
		if p.Round == round && round > 0 && i == len(shown)-1 {
			FillRect(im, image.Rect(cx+6, y+sp.h()+3, cx+sp.w()-6, y+sp.h()+6), rgb(gold))
		}
	}
}

// lagomRanks returns each seat's final rank: the result's, or by
// fulfilment when the result does not cover every seat.
func lagomRanks(v lagom.View) []int {
	if len(v.Result.Rank) == len(v.Seats) {
		return v.Result.Rank
	}
	f := make([]int, len(v.Seats))
	for i, s := range v.Seats {
		f[i] = s.Fulfilment
	}
	return games.RankByScore(f)
}

// lagomActive reports whether seat still has to answer the current step.
func lagomActive(v lagom.View, seat int) bool {
	return seat >= 0 && seat < len(v.Seats) && slices.Contains(v.Active, games.Seat(seat)) && !v.Seats[seat].Decided
}

// sealed reports whether the current step is answered in secret, so that
// the table shows who has answered and nothing of what.
func sealed(step string) bool { return step == "draw" || step == "pick" || step == "play" }

// invested is the coins a seat has invested in stacks still growing.
func invested(sv lagom.SeatView) int {
	n := 0
	for _, p := range sv.Tableau {
		for i := range p.Symbols {
			if i < len(p.Stacks) && (i >= len(p.Sunset) || !p.Sunset[i]) {
				n = satAdd(n, max(p.Stacks[i], 0))
			}
		}
	}
	return n
}

// satAdd adds without wrapping, so absurd views still sum to something
// sensible.
func satAdd(a, b int) int {
	if b > 0 && a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// number writes n with a real minus sign.
func number(n int) string {
	if n < 0 {
		return signed(n)
	}
	return strconv.Itoa(n)
}

// revealedState is what a seat's revealed card has become this round.
func revealedState(v lagom.View, sv lagom.SeatView) string {
	switch {
	case sv.Revealed == nil:
		return ""
	case sv.Discarded:
		return "discarded"
	case len(sv.Tableau) > 0 && sv.Tableau[len(sv.Tableau)-1].Card.ID == sv.Revealed.ID && sv.Tableau[len(sv.Tableau)-1].Round == v.Round:
		return "played"
	}
	return "revealed"
}

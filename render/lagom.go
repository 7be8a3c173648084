package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
)

// Lagom is drawn twice: the table for the channel (LagomTable, in
// lagomtable.go) and each player's own image for their DM (LagomHand, in
// lagomhand.go). This file holds what both draw: the seven symbols, card
// faces, the strips a tableau shows of its cards, and the state of a
// seat.

// LagomHandHeight is the height of a private Lagom image, PhoneWidth
// wide: one size for every seat and step, so that a seat's images line up.
const LagomHandHeight = 946

// Card sizes, in pixels of a quadrant's side. A face shows a whole card
// with its title; a strip shows only the column a played card makes
// count, which is all a tableau needs: the other column never scores.
const (
	lgFaceQ       = 64 // hands, the revealed card, the cards to pass
	lgTableStripQ = 48 // tableaux on the table and in a hand
	lgSideStripQ  = 64 // the four ways to play the revealed card
	lgStripBar    = 8  // the green band atop a strip
	lgTitleLines  = 2
)

// lgFaceW, lgFaceBar and lgFaceH are the size of a face: a title bar of
// two lines over a square of four quadrants.
const (
	lgFaceW   = 2 * lgFaceQ
	lgFaceBar = 46
	lgFaceH   = lgFaceBar + 2*lgFaceQ
)

// The colours of Lagom cards and symbols. Every symbol has its own hue and
// its own outline, so that none depends on colour alone; the three costs
// each carry the same minus badge, so that a side's price reads before
// its gains do.
const (
	lgCardFace   = 0xFBF7EE
	lgCardEdge   = 0x8C7F6A
	lgBarFill    = 0x3E5A4C // a card's title bar: calm green, the game's colour
	lgBarInk     = 0xF6F1E4
	lgQuadLine   = 0xD8CFBF
	lgInactive   = 0xC9CDD3 // a veil whose shades the house palette keeps (quantize.go)
	lgCostDisc   = 0xFFE1DC // kept in the house palette, which its shades were made with
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

// symbolName is a symbol as the buttons and the log name it, in say's
// language, so that the legend under a board speaks their words.
func symbolName(say i18n.Printer, s lagom.Symbol) string { return say.Say(s.Name()) }

// drawSymbol draws symbol s fitted to a size×size square centred on
// (cx, cy). A symbol outside the seven draws as a grey ring with a dot, so
// a malformed card still shows that something is there.
//
// The three costs differ by outline, not by colour alone, so that they
// stay apart for a player who cannot tell red from green: Lose Health is
// a heart, Lose Relationship a broken chain link and Spend Wealth a pile
// of three coins. Each carries the same minus badge at its upper right.
func drawSymbol(dc *gg.Context, s lagom.Symbol, cx, cy, size float64) {
	g := size
	switch s {
	case lagom.LoseHealth:
		HeartPath(dc, cx, cy+g*0.02, g*0.98)
		dc.SetColor(rgb(lgHealth))
		dc.Fill()
	case lagom.LoseRelationship:
		drawBrokenLink(dc, cx, cy, g)
	case lagom.SpendWealth:
		drawCoinPile(dc, cx, cy, g)
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
	if isCost(s) {
		minusBadge(dc, cx+g*0.3, cy-g*0.3, g*0.2)
	}
}

// minusBadge draws the mark every cost carries: a white minus on a dark
// disc ringed in white, radius r.
func minusBadge(dc *gg.Context, cx, cy, r float64) {
	coin(dc, cx, cy, r, rgb(inkDark), rgb(white))
	bar(dc, cx, cy, r*1.2, math.Max(r*0.34, 1.5), rgb(white))
}

// drawCoinPile draws Spend Wealth: three copper coins, two below and one
// on top, the three coins it costs. Their rims are thick and dark, so
// that where the heart of Lose Health is one flat shape the pile is three
// rings.
func drawCoinPile(dc *gg.Context, cx, cy, g float64) {
	r := g * 0.21
	for _, c := range [3][2]float64{{-0.28, 0.24}, {0.28, 0.24}, {-0.1, -0.22}} {
		x, y := cx+c[0]*g, cy+c[1]*g
		dc.DrawCircle(x, y, r)
		dc.SetColor(rgb(lgCopperRim))
		dc.Fill()
		dc.DrawCircle(x, y, r*0.62)
		dc.SetColor(rgb(lgCopper))
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
	dc.RotateAbout(math.Pi/4, cx, cy)
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
	dc.DrawLine(cx-g*0.2, cy+g*0.2, cx-g*0.06, cy+g*0.06)
	dc.DrawLine(cx+g*0.06, cy-g*0.06, cx+g*0.16, cy-g*0.16)
	dc.Stroke()
}

// drawSunsetBadge draws the sunset token: a sun half set behind the
// horizon on a night-blue disc.
func drawSunsetBadge(dc *gg.Context, cx, cy, size float64) {
	r := size / 2
	coin(dc, cx, cy, r, rgb(lgSunsetSky), rgb(white))
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
// keep as much size as the cell allows. towardX and towardY (−1, 0 or +1)
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

// sideName is a side as the buttons name it, in say's words.
func sideName(say i18n.Printer, s lagom.Side) string {
	switch s {
	case lagom.Left:
		return say.T("lagom.side.left")
	case lagom.Top:
		return say.T("lagom.side.top")
	case lagom.Right:
		return say.T("lagom.side.right")
	case lagom.Bottom:
		return say.T("lagom.side.bottom")
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

// lgFaceKey names a cached card sprite: a card's face when strip is 0,
// its title in lang, else the column that side makes count, strip pixels
// a quadrant, veiled when the seat cannot pay for it.
type lgFaceKey struct {
	id     int
	strip  int
	side   lagom.Side
	veiled bool
	lang   i18n.Lang
}

// lgCached is a cached sprite with the card it shows, so that a view that
// reuses an id for another card never gets the wrong face.
type lgCached struct {
	card lagom.Card
	im   *packed
}

// lgMaxCachedID bounds the ids whose faces are kept: the deck is a fixed
// set of about ninety cards, and faces of ids outside it are drawn each
// time, so that a malformed view cannot grow the cache.
const lgMaxCachedID = 1000

// lagomKit is everything the Lagom images reuse, built once per Renderer;
// card faces and sprites are added as they are first met.
type lagomKit struct {
	fonts *fontSet
	frame *frameKit

	faces   sync.Map      // lgFaceKey → lgCached
	tables  backdropCache // table backgrounds, by height
	hand    *backdrop     // the private image's background
	sprites spriteCache   // sunset tokens and coin chips

	// symbols are the legend's icons of the seven symbols, named by the
	// game's words; sunset and investment those of the tokens on them.
	symbols            []*image.RGBA
	sunset, investment *image.RGBA

	back, heart, coinIcon, cards *image.RGBA

	panelBoxes
	out, slot *Box

	title, reward, chip, name, big, huge, stat, label, body, prompt *Face
}

const (
	lgIcon      = minIcon // a stat or legend icon
	lgBackW     = 40      // the card back of a sealed pick on the table
	lgBackH     = 54
	lgStripGap  = 8       // between the strips of a tableau
	lgPickLift  = 10      // how far the sealed pick stands out of the hand
	lgSeatToken = minIcon // a seat's token beside its name
)

func newLagomKit(fonts *fontSet) *lagomKit {
	k := &lagomKit{
		fonts:  fonts,
		frame:  newFrameKit(fonts),
		title:  fonts.face(Bold, minText),
		reward: fonts.face(Bold, 19),
		chip:   fonts.face(Bold, minText),
		name:   fonts.face(Bold, 20),
		big:    fonts.face(Bold, 36),
		huge:   fonts.face(Bold, 48),
		stat:   fonts.face(Bold, 19),
		label:  fonts.face(Bold, minText),
		body:   fonts.face(Regular, minText),
		prompt: fonts.face(Bold, 23),
	}
	k.heart = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		HeartPath(dc, lgIcon/2, lgIcon/2+1, lgIcon*0.9)
		dc.SetColor(rgb(lgHealth))
		dc.Fill()
	})
	k.coinIcon = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		coin(dc, lgIcon/2, lgIcon/2, lgIcon*0.44, rgb(lgGold), rgb(lgGoldRim))
	})
	k.cards = Sprite(lgIcon, lgIcon, func(dc *gg.Context) {
		for i, x := range [2]float64{2, 8} {
			RoundedCard(dc, x, 2+float64(1-i)*2, 12, 17, 2.5, rgb(lgBarFill), rgb(lgBarInk), 1.5)
		}
	})
	k.back = Sprite(lgBackW, lgBackH, func(dc *gg.Context) {
		w, h := float64(lgBackW), float64(lgBackH)
		RoundedCard(dc, 0, 0, w, h, 6, rgb(lgBarFill), rgb(lgBarInk), 2)
		for p := range 4 {
			a := float64(p) * math.Pi / 2
			dc.DrawArc(w/2, h/2, w*0.28, a+0.15, a+math.Pi/2-0.15)
			dc.SetColor(rgb(lgBarInk))
			dc.SetLineWidth(2.5)
			dc.Stroke()
		}
	})
	for sym := range lagom.Purpose + 1 {
		k.symbols = append(k.symbols, Sprite(lgIcon, lgIcon, func(dc *gg.Context) { drawSymbol(dc, sym, lgIcon/2, lgIcon/2, lgIcon) }))
	}
	k.sunset, k.investment = k.sunsetToken(lgIcon), k.chipSprite("1")
	k.panelBoxes = newPanelBoxes()
	k.out = NewBox(12, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.slot = NewBox(8, 2, rgb(tableInset), rgb(tableLine), rgb(rowFill))
	k.hand = compact(plainBackdrop(PhoneWidth, LagomHandHeight))
	return k
}

// legend names the symbols of every Lagom image as the buttons and the
// log do, in say's language: the seven symbols in the game's words, the
// tokens on them in the renderer's.
func (k *lagomKit) legend(say i18n.Printer) []legendItem {
	items := make([]legendItem, 0, len(k.symbols)+2)
	for sym, icon := range k.symbols {
		items = append(items, legendItem{icon, symbolName(say, lagom.Symbol(sym))})
	}
	return append(items,
		legendItem{k.sunset, say.T("lagom.legend.sunset")},
		legendItem{k.investment, say.T("lagom.legend.investment")})
}

// legendHeight is the height of the legend in say's words.
func (k *lagomKit) legendHeight(say i18n.Printer) int {
	return k.frame.legendHeight(k.legend(say), PhoneWidth)
}

// tableBackground is the table's background for n seats, with room for
// the legend in say's words.
func (k *lagomKit) tableBackground(n int, say i18n.Printer) *backdrop {
	h := k.tableHeight(n, say)
	return k.tables.get(h, func() *image.RGBA { return plainBackdrop(PhoneWidth, h) })
}

// face returns the sprite of card c's face, titled in say's words; a
// card without a title is numbered, and not kept.
func (k *lagomKit) face(c lagom.Card, say i18n.Printer) *packed {
	if k.title.Clean(c.Title) == "" {
		return pack(k.drawFace(c, say))
	}
	return k.cached(lgFaceKey{c.ID, 0, lagom.Left, false, say.Lang()}, c, func() *image.RGBA { return k.drawFace(c, say) })
}

// strip returns the sprite of the column of card c that side makes
// count, q pixels a quadrant.
func (k *lagomKit) strip(c lagom.Card, q int, side lagom.Side) *packed {
	return k.cached(lgFaceKey{c.ID, q, side, false, ""}, c, func() *image.RGBA { return k.drawStrip(c, side, q) })
}

// veiledStrip is the strip of c on side, q pixels a quadrant, dimmed as a
// side the seat cannot pay for.
func (k *lagomKit) veiledStrip(c lagom.Card, side lagom.Side, q int) *packed {
	return k.cached(lgFaceKey{c.ID, q, side, true, ""}, c, func() *image.RGBA {
		im := image.NewRGBA(image.Rect(0, 0, q, lgStripBar+2*q))
		k.strip(c, q, side).blitTo(im, 0, 0)
		FillRect(im, im.Rect, rgba(table, 150))
		return im
	})
}

// cached returns the sprite key names for card c, drawing it with draw
// when it is not kept yet or when key's id was kept for another card.
func (k *lagomKit) cached(key lgFaceKey, c lagom.Card, draw func() *image.RGBA) *packed {
	if c.ID < 0 || c.ID >= lgMaxCachedID || (key.strip > 0 && !validSide(key.side)) {
		return pack(draw())
	}
	if v, ok := k.faces.Load(key); ok {
		if got := v.(lgCached); sameCard(got.card, c) {
			return got.im
		}
		return pack(draw())
	}
	v, _ := k.faces.LoadOrStore(key, lgCached{cloneCard(c), pack(draw())})
	if got := v.(lgCached); sameCard(got.card, c) {
		return got.im
	}
	return pack(draw())
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

// cardTitle is c's title as a card shows it: in say's words, cleaned,
// or its number when it has none.
func (k *lagomKit) cardTitle(c lagom.Card, say i18n.Printer) string {
	if t := k.title.Clean(say.Say(c.Name())); t != "" {
		return t
	}
	return say.T("common.card", "id", c.ID)
}

// titleLines wraps a title into at most lgTitleLines lines of width,
// the last cut short with an ellipsis when the title needs more.
func (k *lagomKit) titleLines(title string, width float64) []string {
	lines := k.title.Wrap(k.hyphenate(title, width), width)
	if len(lines) > lgTitleLines {
		lines = lines[:lgTitleLines]
		lines[lgTitleLines-1] = k.title.Fit(lines[lgTitleLines-1]+" …", width)
	}
	return lines
}

// hyphenate breaks each word of title wider than width into pieces that
// fit, each but the last ending in a hyphen, so that a long compound
// (German has many) turns the line instead of being cut short. A piece
// ends, where it can, after a hyphen the word has or before a consonant
// that opens a syllable ("Klassen-treffen"), else wherever it must.
func (k *lagomKit) hyphenate(title string, width float64) string {
	words := strings.Fields(title)
	for i, w := range words {
		var pieces []string
		for runes := []rune(w); len(runes) > 1 && k.title.Measure(w) > width; runes = []rune(w) {
			cut, hyphen, syllable := 1, 0, 0
			for cut+1 < len(runes) && k.title.Measure(string(runes[:cut+1])+"-") <= width {
				cut++
				switch {
				case runes[cut-1] == '-':
					hyphen = cut
				case syllableStarts(runes, cut):
					syllable = cut
				}
			}
			if hyphen > 0 {
				cut = hyphen
			} else if syllable > 0 {
				cut = syllable
			}
			piece := string(runes[:cut])
			if !strings.HasSuffix(piece, "-") {
				piece += "-"
			}
			pieces = append(pieces, piece)
			w = string(runes[cut:])
		}
		words[i] = strings.Join(append(pieces, w), " ")
	}
	return strings.Join(words, " ")
}

// syllableStarts reports whether a word may turn its line before
// runes[at]: a consonant followed by a vowel, that splits no "ch", "sh",
// "ph" or "th" and leaves at least two letters before and three after.
func syllableStarts(runes []rune, at int) bool {
	if at < 2 || len(runes)-at < 3 {
		return false
	}
	c := runes[at]
	if !unicode.IsLetter(c) || isVowel(c) || !isVowel(runes[at+1]) {
		return false
	}
	return c != 'h' || !strings.ContainsRune("cspt", unicode.ToLower(runes[at-1]))
}

// isVowel reports whether r is a vowel of the languages the cards speak.
func isVowel(r rune) bool {
	return strings.ContainsRune("aeiouyäöüáàâãéèêëíìîïóòôõúùûœæ", unicode.ToLower(r))
}

// cardBody draws what faces and strips share: the rounded card, a green
// bar bar pixels tall across its top, and a line between its rows of
// quadrants.
func cardBody(dc *gg.Context, w, h, bar, q float64) {
	radius := q * 0.14
	line := math.Max(1.5, q*0.03)
	RoundedCard(dc, 0, 0, w, h, radius, rgb(lgCardFace), rgb(lgCardEdge), line)
	dc.DrawRoundedRectangle(line, line, w-2*line, bar+radius, radius-line)
	dc.Clip()
	dc.DrawRectangle(0, 0, w, bar)
	dc.SetColor(rgb(lgBarFill))
	dc.Fill()
	dc.ResetClip()
	dc.SetColor(rgb(lgQuadLine))
	dc.SetLineWidth(1)
	dc.DrawLine(3, bar+q, w-3, bar+q)
	dc.Stroke()
}

// drawQuadrant draws the symbols of one quadrant into the q×q cell at
// (x, y), single symbols pushed toward (towardX, towardY).
func (k *lagomKit) drawQuadrant(dc *gg.Context, syms []lagom.Symbol, x, y, q, towardX, towardY float64) {
	centres, size := symbolPlaces(len(syms), x, y, q, towardX, towardY)
	for i, c := range centres {
		drawSymbol(dc, syms[i], c[0], c[1], size)
		k.fonts.icon(syms[i].String(), size)
	}
}

// drawFace draws card c as it is held: its title in full on two lines,
// and four quadrants around the discard reward, a coin in the centre.
func (k *lagomKit) drawFace(c lagom.Card, say i18n.Printer) *image.RGBA {
	return Sprite(lgFaceW, lgFaceH, func(dc *gg.Context) {
		q, top := float64(lgFaceQ), float64(lgFaceBar)
		cardBody(dc, lgFaceW, lgFaceH, top, q)
		dc.SetColor(rgb(lgQuadLine))
		dc.DrawLine(q, top+3, q, lgFaceH-3)
		dc.Stroke()
		im := dc.Image().(*image.RGBA)
		lines := k.titleLines(k.cardTitle(c, say), lgFaceW-10)
		lineH := 19.0
		y := top/2 - float64(len(lines)-1)*lineH/2
		for i, l := range lines {
			k.title.Draw(im, l, lgFaceW/2, y+float64(i)*lineH, Centre, rgb(lgBarInk))
		}
		for p := range 4 {
			qx, qy, dx, dy := quadCorner(p, 0, top, q)
			k.drawQuadrant(dc, c.Quads[p], qx, qy, q, dx, dy)
		}
		cx, cy := q, top+q
		r := q * 0.22
		if c.Reward > 0 {
			coin(dc, cx, cy, r, rgb(lgGold), rgb(lgGoldRim))
			k.reward.Draw(im, "+"+strconv.Itoa(c.Reward), cx, cy, Centre, rgb(inkDark))
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

// drawStrip draws the column of card c that side makes count: the two
// quadrants played facing left, one above the other, q pixels a side. The
// other column never scores, so a tableau leaves it out.
func (k *lagomKit) drawStrip(c lagom.Card, side lagom.Side, q int) *image.RGBA {
	w, h := q, lgStripBar+2*q
	return Sprite(w, h, func(dc *gg.Context) {
		fq := float64(q)
		cardBody(dc, float64(w), float64(h), lgStripBar, fq)
		for i, p := range [2]int{lagom.TL, lagom.BL} {
			k.drawQuadrant(dc, c.Quads[rotated(p, side)], 0, lgStripBar+float64(i)*fq, fq, 0, 0)
		}
	})
}

// stripPlace returns where symbol i of p.Symbols is drawn on p's strip of
// q pixels a quadrant, and its size; ok is false when the symbol is not on
// the card (a malformed view).
func stripPlace(p lagom.Played, i, q int) (cx, cy, size float64, ok bool) {
	a, b := rotated(lagom.TL, p.Side), rotated(lagom.BL, p.Side)
	first, second := min(a, b), max(a, b)
	orig, j := first, i
	if j >= len(p.Card.Quads[first]) {
		orig, j = second, j-len(p.Card.Quads[first])
	}
	if j < 0 || j >= len(p.Card.Quads[orig]) {
		return 0, 0, 0, false
	}
	row := 0.0
	if orig == b {
		row = 1
	}
	fq := float64(q)
	centres, sz := symbolPlaces(len(p.Card.Quads[orig]), 0, lgStripBar+row*fq, fq, 0, 0)
	return centres[j][0], centres[j][1], sz, true
}

// drawPlayedCard draws a tableau card's strip at (x, y) with what changes
// as the game goes on: sunset tokens over sunset symbols and coin counts
// on investments.
func (k *lagomKit) drawPlayedCard(im *image.RGBA, p lagom.Played, q, x, y int) {
	if !validSide(p.Side) {
		p.Side = lagom.Left
	}
	k.strip(p.Card, q, p.Side).blitTo(im, x, y)
	for i := range p.Symbols {
		cx, cy, size, ok := stripPlace(p, i, q)
		if !ok {
			continue
		}
		cx, cy = cx+float64(x), cy+float64(y)
		if i < len(p.Sunset) && p.Sunset[i] {
			BlitCentred(im, k.sunsetToken(size), cx+size*0.12, cy+size*0.12)
			k.fonts.icon("sunset", size)
			continue
		}
		if i < len(p.Stacks) && p.Stacks[i] > 0 {
			text := strconv.Itoa(p.Stacks[i])
			if p.Stacks[i] > 999 {
				text = "999+"
			}
			chip := k.chipSprite(text)
			BlitCentred(im, chip, math.Min(cx+size*0.3, float64(x+q)-float64(chip.Rect.Dx())/2+4), cy-size*0.3)
		}
	}
}

// sunsetToken is the token set on a sunset symbol, size pixels: a veil
// over the symbol and the sunset badge on it.
func (k *lagomKit) sunsetToken(size float64) *image.RGBA {
	return k.sprites.get(sunsetKey(size), func() *image.RGBA {
		return centredSprite(size*1.1, size*1.1, func(dc *gg.Context, cx, cy float64) {
			dc.DrawCircle(cx, cy, size*0.55)
			dc.SetColor(rgba(lgCardFace, 170))
			dc.Fill()
			drawSunsetBadge(dc, cx, cy, size)
		})
	})
}

// sunsetKey and coinChipKey name the sprites of lagomKit.sprites.
type (
	sunsetKey   float64
	coinChipKey string
)

// chipSprite is the gold chip that writes the coins invested on a Wealth
// symbol.
func (k *lagomKit) chipSprite(text string) *image.RGBA {
	return k.sprites.get(coinChipKey(text), func() *image.RGBA {
		f := k.chip
		h := f.CapHeight() + 9
		w := math.Max(h, f.Measure(text)+9)
		return centredSprite(w, h, func(dc *gg.Context, cx, cy float64) {
			RoundedCard(dc, cx-w/2, cy-h/2, w, h, h/2, rgb(lgGold), rgb(lgGoldRim), 1.5)
			f.Draw(dc.Image().(*image.RGBA), text, cx, cy, Centre, rgb(inkDark))
		})
	})
}

// drawTableau draws a tableau as strips from (x, y) within room pixels,
// oldest on the left, and outlines those played in round fresh. When it
// is too long, the oldest cards give way to a count at the left, said in
// say's words; the newest are what a table most wants to see.
func (k *lagomKit) drawTableau(im *image.RGBA, cards []lagom.Played, q, x, y, room, fresh int, say i18n.Printer) {
	step := q + lgStripGap
	h := lgStripBar + 2*q
	fits := func(room int) int {
		if room < q {
			return 0
		}
		return 1 + (room-q)/step
	}
	shown := cards
	if n := fits(room); len(cards) > n {
		more, older := "+"+strconv.Itoa(len(cards)), say.T("lagom.older")
		gap := int(math.Max(k.stat.Measure(more), k.body.Measure(older))) + 10
		n = fits(room - gap)
		shown = cards[len(cards)-n:]
		cy := float64(y + h/2)
		k.stat.Draw(im, "+"+strconv.Itoa(len(cards)-n), float64(x), cy-11, MiddleLeft, rgb(textMain))
		k.body.Draw(im, older, float64(x), cy+12, MiddleLeft, rgb(textSoft))
		x += gap
	}
	for i, p := range shown {
		cx := x + i*step
		k.drawPlayedCard(im, p, q, cx, y)
		if p.Round == fresh {
			markFresh(im, image.Rect(cx, y, cx+q, y+h))
		}
	}
}

// freshRound is the round whose plays the last moves made: this round's
// once cards are being played, else the last round's; none at the end,
// where the scores are the picture.
func freshRound(v lagom.View) int {
	switch {
	case v.Over || v.Step == "over":
		return math.MinInt
	case v.Step == "play":
		return v.Round
	case v.Round <= 0:
		return math.MinInt
	}
	return v.Round - 1
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

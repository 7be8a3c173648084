package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/alife"
)

// A Life is drawn three ways: the board for the channel (alifeboard.go),
// each seat's hand for its DM (alifehand.go) and any seat's whole life
// board, open to all and posted at the end as the finished life
// (alifelife.go). This file holds what they share: the symbols of the ten
// resources and of the other gains and costs, card faces, compact tableau
// chips, and the wording of phases and steps.
//
// Every resource has a colour and a two-letter code. A life symbol (what a
// seat can do) is a disc filled with the resource's colour; a scoring
// symbol (what matters to it) is a grey rounded square with the same
// letters, colourless as on the cards of the game. Shape and letters carry
// the meaning, so nothing rests on colour alone. All colours are house
// colours of the palette.

// alNumRes is the number of resources.
const alNumRes = 10

// alRes is how one resource is drawn.
type alRes struct {
	code      string
	name      string
	fill, ink uint32
}

var alResources = [alNumRes]alRes{
	{"Sp", "Sports", 0xD7263D, white},
	{"Ed", "Education", 0x1F62C4, white},
	{"Ar", "Art", 0xB05FC4, white},
	{"Fa", "Fame", 0x2A2A2A, white},
	{"Ex", "Experience", 0x7A4210, white},
	{"St", "Strength", 0xEE7B10, 0x1D1D1D},
	{"Kn", "Knowledge", 0x63C3F0, 0x1D1D1D},
	{"Cr", "Creativity", 0xE0529C, white},
	{"Jo", "Joy", 0xF7E04A, 0x1D1D1D},
	{"Co", "Community", 0x009E73, white},
}

// The other colours of A Life, all of them house colours.
const (
	alScoreFill = 0xC9D1D9 // a scoring symbol: colourless
	alScoreEdge = 0x6B7785
	alCardFace  = cardFace
	alCardEdge  = cardEdge
	alDevBand   = 0xE8EEF5 // the development half of a card
	alHeart     = 0xD7263D
	alCross     = 0xC8102E // losses, discards
	alCoin      = 0xF2C230
	alCoinRim   = 0x8A5A00
	alDeck      = 0x2F5D9E // "draw a card"
	alDeckRim   = 0xE8EEF5
	alBabyHead  = 0xFFE1DC
	alBabyWrap  = 0x63C3F0
	alMuted     = 0x6B7785 // text on cards that matters less
)

// alPhases are the five phases of a life: name and the colour of their
// cards' title bars, backs and board columns.
var alPhases = [5]struct {
	name string
	fill uint32
}{
	{"Childhood", 0x2F9E5B},
	{"Youth", 0x2F5D9E},
	{"Adulthood", 0x6B2FA3},
	{"Middle age", 0xB0544C},
	{"Old age", 0x50657A},
}

// alPhaseName names phase p (1–5), or "" for one outside the game.
func alPhaseName(p int) string {
	if p < 1 || p > len(alPhases) {
		return ""
	}
	return alPhases[p-1].name
}

// alPhaseFill is phase p's colour; phases outside the game are grey.
func alPhaseFill(p int) color.RGBA {
	if p < 1 || p > len(alPhases) {
		return rgb(alScoreEdge)
	}
	return rgb(alPhases[p-1].fill)
}

// The kinds of item a card area or cost shows.
type alKind int

const (
	alScoring   alKind = iota // a scoring symbol
	alLife                    // a life symbol
	alLose                    // a life symbol taken away
	alMoney                   // money gained
	alDraw                    // cards to draw
	alHeartLoss               // hearts lost
	alBaby                    // a baby
	alNeed                    // a life value to show (cost)
	alPay                     // money to pay (cost)
	alDiscard                 // hand cards to discard (cost)
	alHeartCost               // hearts to pay (cost)
)

// alItem is one thing an area gives or a cost asks: a kind, the resource
// for symbols, and how many.
type alItem struct {
	kind alKind
	res  int
	n    int
}

// areaItems lists what an area gives, in the order the cards are read:
// scoring symbols, life symbols, money, draws, losses, hearts, babies.
func areaItems(a alife.Area) []alItem {
	var out []alItem
	for r := range alNumRes {
		if n := a.Scoring[r]; n > 0 {
			out = append(out, alItem{alScoring, r, n})
		}
	}
	for r := range alNumRes {
		if n := a.Life[r]; n > 0 {
			out = append(out, alItem{alLife, r, n})
		}
	}
	if a.Money > 0 {
		out = append(out, alItem{alMoney, 0, a.Money})
	}
	if a.Draw > 0 {
		out = append(out, alItem{alDraw, 0, a.Draw})
	}
	for r := range alNumRes {
		if n := a.Lose[r]; n > 0 {
			out = append(out, alItem{alLose, r, n})
		}
	}
	if a.Hearts > 0 {
		out = append(out, alItem{alHeartLoss, 0, a.Hearts})
	}
	if a.Babies > 0 {
		out = append(out, alItem{alBaby, 0, a.Babies})
	}
	return out
}

// productColour is how a resource's product reads: plain when it scores,
// soft when it is nothing yet, warning when it costs points.
func productColour(p int) color.RGBA {
	switch {
	case p < 0:
		return rgb(badSoft)
	case p == 0:
		return rgb(textSoft)
	}
	return rgb(textMain)
}

// costItems lists what a cost option asks.
func costItems(c alife.Cost) []alItem {
	var out []alItem
	for r := range alNumRes {
		if n := c.Need[r]; n > 0 {
			out = append(out, alItem{alNeed, r, n})
		}
	}
	if c.Money > 0 {
		out = append(out, alItem{alPay, 0, c.Money})
	}
	if c.Discard > 0 {
		out = append(out, alItem{alDiscard, 0, c.Discard})
	}
	if c.Hearts > 0 {
		out = append(out, alItem{alHeartCost, 0, c.Hearts})
	}
	return out
}

// alGlyphs are the faces symbols are lettered with at one size.
type alGlyphs struct {
	size         float64
	letters, num *Face
}

func newAlGlyphs(fonts *fontSet, size float64) alGlyphs {
	return alGlyphs{size, fonts.face(Bold, math.Round(size*0.5)), fonts.face(Bold, math.Round(size*0.56))}
}

// repeats reports whether an item is drawn once per symbol (a card shows
// two Art symbols as two) rather than once with its number.
func (it alItem) repeats() bool {
	switch it.kind {
	case alScoring, alLife, alLose, alBaby:
		return true
	}
	return false
}

// itemWidth is the width of one drawing of an item at glyph size g.
func (it alItem) width(g alGlyphs) float64 {
	s := g.size
	switch it.kind {
	case alNeed:
		return s + 2 + g.num.Measure("≥"+strconv.Itoa(it.n))
	case alMoney, alPay:
		return math.Max(s, g.num.Measure(strconv.Itoa(it.n))+8)
	case alDraw, alDiscard:
		return s * 0.82
	}
	return s
}

// itemsWidth is the width of a row of items, copies and gaps included;
// with compact set each repeated item is drawn once, its count after it.
func itemsWidth(items []alItem, g alGlyphs, compact bool) float64 {
	gap := math.Round(g.size * 0.16)
	w := 0.0
	for _, it := range items {
		n := 1
		if it.repeats() {
			n = max(min(it.n, 9), 1)
			if compact && n > 1 {
				w += g.size + 1 + g.num.Measure("×"+strconv.Itoa(n)) + gap
				continue
			}
		}
		w += float64(n) * (it.width(g) + gap)
	}
	return math.Max(w-gap, 0)
}

// drawItems draws a row of items from x, centred on cy, at most maxW
// wide: copies of each symbol while they fit, a count after one symbol
// when they do not, and what still does not fit cut off after an
// ellipsis. It returns the width drawn.
func drawItems(dc *gg.Context, items []alItem, g alGlyphs, x, cy, maxW float64) float64 {
	compact := itemsWidth(items, g, false) > maxW
	gap := math.Round(g.size * 0.16)
	im := dc.Image().(*image.RGBA)
	x0 := x
	for i, it := range items {
		n, count := 1, 0
		if it.repeats() {
			n = max(min(it.n, 9), 1)
			if compact && n > 1 {
				n, count = 1, max(it.n, 1)
			}
		}
		w := it.width(g)
		need := float64(n)*(w+gap) - gap
		if count > 0 {
			need += 1 + g.num.Measure("×"+strconv.Itoa(count))
		}
		rest := len(items) - i - 1
		room := maxW - (x - x0)
		if need > room || (rest > 0 && need+gap+g.num.Measure(ellipsis) > room && itemsWidth(items[i:], g, true) > room) {
			g.num.Draw(im, ellipsis, x, cy, MiddleLeft, rgb(alMuted))
			return x - x0 + g.num.Measure(ellipsis)
		}
		for range n {
			drawItem(dc, it, g, x, cy)
			x += w + gap
		}
		if count > 0 {
			x -= gap
			x += 1 + g.num.Draw(im, "×"+strconv.Itoa(min(count, 99)), x+1, cy, MiddleLeft, rgb(inkDark)) + gap
		}
	}
	return math.Max(x-x0-gap, 0)
}

// drawItem draws one item with its left edge at x, centred on cy.
func drawItem(dc *gg.Context, it alItem, g alGlyphs, x, cy float64) {
	s := g.size
	im := dc.Image().(*image.RGBA)
	cx := x + s/2
	switch it.kind {
	case alScoring:
		drawResource(dc, g, it.res, false, cx, cy)
	case alLife:
		drawResource(dc, g, it.res, true, cx, cy)
	case alLose:
		drawResource(dc, g, it.res, true, cx, cy)
		// The loss: a red bar struck across the symbol, edged in white.
		dc.Push()
		dc.RotateAbout(-math.Pi/4, cx, cy)
		h := math.Max(s*0.16, 2.5)
		dc.DrawRoundedRectangle(cx-s*0.62, cy-h/2-1.2, s*1.24, h+2.4, h/2)
		dc.SetColor(rgb(white))
		dc.Fill()
		dc.DrawRoundedRectangle(cx-s*0.6, cy-h/2, s*1.2, h, h/2)
		dc.SetColor(rgb(alCross))
		dc.Fill()
		dc.Pop()
	case alNeed:
		drawResource(dc, g, it.res, true, cx, cy)
		g.num.Draw(im, "≥"+strconv.Itoa(it.n), x+s+2, cy, MiddleLeft, rgb(inkDark))
	case alMoney, alPay:
		w := it.width(g)
		dc.DrawRoundedRectangle(x, cy-s/2, w, s, s/2)
		dc.SetColor(rgb(alCoinRim))
		dc.Fill()
		line := math.Max(s*0.09, 1.5)
		dc.DrawRoundedRectangle(x+line, cy-s/2+line, w-2*line, s-2*line, s/2-line)
		dc.SetColor(rgb(alCoin))
		dc.Fill()
		g.num.Draw(im, strconv.Itoa(min(it.n, 99)), x+w/2, cy, Centre, rgb(inkDark))
	case alDraw, alDiscard:
		w := it.width(g)
		fill, sign := rgb(alDeck), "+"
		if it.kind == alDiscard {
			fill, sign = rgb(alCross), "−"
		}
		RoundedCard(dc, x, cy-s/2, w, s, s*0.14, fill, rgb(alDeckRim), math.Max(s*0.07, 1.2))
		g.letters.Draw(im, sign+strconv.Itoa(min(it.n, 9)), x+w/2, cy, Centre, rgb(white))
	case alHeartLoss, alHeartCost:
		HeartPath(dc, cx, cy+s*0.02, s*1.02)
		dc.SetColor(rgb(alHeart))
		dc.Fill()
		g.letters.Draw(im, "−"+strconv.Itoa(min(it.n, 9)), cx, cy-s*0.06, Centre, rgb(white))
	case alBaby:
		drawBaby(dc, cx, cy, s)
	}
}

// drawResource draws resource r's symbol, life (a coloured disc) or
// scoring (a grey square), lettered with its code.
func drawResource(dc *gg.Context, g alGlyphs, r int, life bool, cx, cy float64) {
	s := g.size
	res := alRes{"?", "?", alScoreEdge, white}
	if r >= 0 && r < alNumRes {
		res = alResources[r]
	}
	im := dc.Image().(*image.RGBA)
	line := math.Max(s*0.07, 1.2)
	if life {
		dc.DrawCircle(cx, cy, s/2)
		dc.SetColor(rgb(inkDark))
		dc.Fill()
		dc.DrawCircle(cx, cy, s/2-line)
		dc.SetColor(rgb(res.fill))
		dc.Fill()
		g.letters.Draw(im, res.code, cx, cy, Centre, rgb(res.ink))
		return
	}
	side := s * 0.9
	RoundedCard(dc, cx-side/2, cy-side/2, side, side, s*0.2, rgb(alScoreFill), rgb(alScoreEdge), line)
	g.letters.Draw(im, res.code, cx, cy, Centre, rgb(inkDark))
}

// drawBaby draws a baby: a round head above a swaddled body.
func drawBaby(dc *gg.Context, cx, cy, s float64) {
	line := math.Max(s*0.07, 1.2)
	dc.DrawRoundedRectangle(cx-s*0.3, cy-s*0.08, s*0.6, s*0.56, s*0.22)
	dc.SetColor(rgb(inkDark))
	dc.Fill()
	dc.DrawRoundedRectangle(cx-s*0.3+line, cy-s*0.08+line, s*0.6-2*line, s*0.56-2*line, s*0.22-line)
	dc.SetColor(rgb(alBabyWrap))
	dc.Fill()
	dc.DrawCircle(cx, cy-s*0.22, s*0.24)
	dc.SetColor(rgb(inkDark))
	dc.Fill()
	dc.DrawCircle(cx, cy-s*0.22, s*0.24-line)
	dc.SetColor(rgb(alBabyHead))
	dc.Fill()
}

// The sizes of card faces.
const (
	alCardW = 232
	alCardH = 132
)

// alFaceKey names a cached card sprite: a face, or a tableau chip with
// its development shown or not and marked as a child's card or not.
type alFaceKey struct {
	id        int
	chip      bool
	developed bool
	child     bool
}

// alCached is a cached sprite with the card it shows, so that a view that
// reuses an id for another card never gets the wrong face.
type alCached struct {
	card alife.Card
	im   *image.RGBA
}

// alMaxCachedID bounds the ids whose faces are kept: the deck is a fixed
// set of 226 cards.
const alMaxCachedID = 1000

func sameAlifeCard(a, b alife.Card) bool {
	return a.ID == b.ID && a.Phase == b.Phase && a.Title == b.Title && a.Base == b.Base && a.Dev == b.Dev && slices.Equal(a.Costs, b.Costs)
}

// alifeKit is everything the A Life images reuse, built once per
// Renderer; card faces and chips are added as they are first met.
type alifeKit struct {
	board, plain *image.RGBA // backgrounds: the board with its spaces, and a bare table
	faces        sync.Map    // alFaceKey → alCached

	cardG, chipG, rowG, bigG alGlyphs // symbols on cards, on chips, in text rows, in the legend and tracks

	life, scoring                               [alNumRes]*image.RGBA // row-sized resource symbols
	lifeBig                                     [alNumRes]*image.RGBA // tracks-sized
	scoringBig                                  [alNumRes]*image.RGBA
	tokens                                      [PlayerColours]*image.RGBA // marker stacks
	hollow                                      [PlayerColours]*image.RGBA // a dead seat's stack
	pips                                        [PlayerColours]*image.RGBA // beside names
	ring                                        *image.RGBA                // around the stack of a seat acting now
	heart, heartOff, coin, hand, baby, startTag *image.RGBA
	backs                                       [5]*image.RGBA // card backs by phase, for hands
	devTick                                     *image.RGBA    // a developed card
	friends                                     *image.RGBA    // befriended by others

	panelBoxes
	out, slot, section, playable *Box

	title, titleSmall, titleTiny, chipTitle, name, big, huge, stat, label, small, body, caption, prompt, rank, footer, footerTitle, num *Face
}

func newAlifeKit(fonts *fontSet) *alifeKit {
	k := &alifeKit{
		title:       fonts.face(Bold, 14),
		titleSmall:  fonts.face(Bold, 12),
		titleTiny:   fonts.face(Bold, 11),
		chipTitle:   fonts.face(Bold, 12),
		name:        fonts.face(Bold, 19),
		big:         fonts.face(Bold, 30),
		huge:        fonts.face(Bold, 54),
		stat:        fonts.face(Bold, 17),
		label:       fonts.face(Bold, 13),
		small:       fonts.face(Regular, 13),
		body:        fonts.face(Regular, 16),
		caption:     fonts.face(Regular, 18),
		prompt:      fonts.face(Bold, 24),
		rank:        fonts.face(Bold, 24),
		footer:      fonts.face(Regular, 15),
		footerTitle: fonts.face(Bold, 18),
		num:         fonts.face(Bold, 14),
		cardG:       newAlGlyphs(fonts, 22),
		chipG:       newAlGlyphs(fonts, 17),
		rowG:        newAlGlyphs(fonts, 18),
		bigG:        newAlGlyphs(fonts, 24),
	}
	for r := range alNumRes {
		k.life[r] = alSymbolSprite(k.rowG, alItem{alLife, r, 1})
		k.scoring[r] = alSymbolSprite(k.rowG, alItem{alScoring, r, 1})
		k.lifeBig[r] = alSymbolSprite(k.bigG, alItem{alLife, r, 1})
		k.scoringBig[r] = alSymbolSprite(k.bigG, alItem{alScoring, r, 1})
	}
	const tok = 22
	for p := range PlayerColours {
		k.tokens[p] = tokenSprite(tok, func(dc *gg.Context, c float64) { Token(dc, p, c, c, tok) })
		k.hollow[p] = tokenSprite(tok, func(dc *gg.Context, c float64) { HollowToken(dc, Player(p).Mark, rgb(textSoft), c, c, tok) })
		k.pips[p] = tokenSprite(18, func(dc *gg.Context, c float64) { Pip(dc, p, true, rgb(textMain), c, c, 18) })
	}
	k.ring = tokenSprite(tok+8, func(dc *gg.Context, c float64) {
		dc.DrawCircle(c, c, tok/2+3)
		dc.SetColor(rgb(accent))
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	k.heart = Sprite(20, 20, func(dc *gg.Context) {
		HeartPath(dc, 10, 10.5, 18)
		dc.SetColor(rgb(alHeart))
		dc.Fill()
	})
	k.heartOff = Sprite(20, 20, func(dc *gg.Context) {
		HeartPath(dc, 10, 10.5, 18)
		HeartPath(dc, 10, 10.8, 12)
		dc.SetFillRuleEvenOdd()
		dc.SetColor(rgb(tableLine))
		dc.Fill()
	})
	k.coin = Sprite(20, 20, func(dc *gg.Context) {
		coin(dc, 10, 10, 8.5, rgb(alCoin), rgb(alCoinRim))
	})
	k.hand = Sprite(22, 22, func(dc *gg.Context) {
		for i, x := range [2]float64{2, 8} {
			RoundedCard(dc, x, 2+float64(1-i)*2, 12, 17, 2.5, rgb(alDeck), rgb(alDeckRim), 1.5)
		}
	})
	k.baby = Sprite(20, 20, func(dc *gg.Context) { drawBaby(dc, 10, 10, 19) })
	for p := range k.backs {
		// Square-cornered, so that it is drawn in flat colours only.
		k.backs[p] = Sprite(11, 16, func(dc *gg.Context) {
			im := dc.Image().(*image.RGBA)
			FillRect(im, im.Rect, rgb(alDeckRim))
			FillRect(im, im.Rect.Inset(1), alPhaseFill(p+1))
		})
	}
	k.devTick = Sprite(18, 18, func(dc *gg.Context) {
		dc.DrawCircle(9, 9, 8.5)
		dc.SetColor(rgb(gold))
		dc.Fill()
		CheckMark(dc, 9, 9.5, 11, rgb(inkDark))
	})
	k.friends = Sprite(18, 18, func(dc *gg.Context) {
		for i, x := range [2]float64{11.5, 6.5} {
			c := rgb(alMuted)
			if i == 1 {
				c = rgb(alDeck)
			}
			dc.DrawCircle(x, 5.5, 3.2)
			dc.DrawRoundedRectangle(x-5, 9.5, 10, 8, 3.5)
			dc.SetColor(c)
			dc.Fill()
		}
	})
	tagW := k.label.Measure("START") + 12
	k.startTag = centredSprite(tagW, 18, func(dc *gg.Context, cx, cy float64) {
		RoundedCard(dc, cx-tagW/2, cy-9, tagW, 18, 9, rgb(gold), nil, 0)
		k.label.Draw(dc.Image().(*image.RGBA), "START", cx, cy, Centre, rgb(inkDark))
	})
	k.panelBoxes = newPanelBoxes()
	k.out = NewBox(12, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.slot = NewBox(10, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.section = NewBox(10, 1, rgb(tableInset), rgb(tableLine), rgb(table))
	k.playable = NewBox(12, 3, rgb(rowActive), rgb(accent), rgb(table))
	k.board = k.drawBoardBackdrop()
	k.plain = tableBackdrop(abFooterY)
	return k
}

// alSymbolSprite draws one item alone, for compositing on the table: a
// life symbol gets a light halo, so that dark ones (Fame) show on it.
func alSymbolSprite(g alGlyphs, it alItem) *image.RGBA {
	w := it.width(g)
	return centredSprite(w+2, g.size+2, func(dc *gg.Context, cx, cy float64) {
		if it.kind == alLife {
			dc.DrawCircle(cx, cy, g.size/2+1)
			dc.SetColor(rgb(textSoft))
			dc.Fill()
		}
		drawItem(dc, it, g, cx-w/2, cy)
	})
}

// resSprite returns resource r's symbol from set, or nil for a resource
// outside the game.
func resSprite(set *[alNumRes]*image.RGBA, r int) *image.RGBA {
	if r < 0 || r >= alNumRes {
		return nil
	}
	return set[r]
}

// cached returns the sprite under key for card c, drawing it the first
// time; ids outside the deck are drawn each time.
func (k *alifeKit) cached(key alFaceKey, c alife.Card, draw func() *image.RGBA) *image.RGBA {
	if c.ID < 0 || c.ID >= alMaxCachedID {
		return draw()
	}
	if v, ok := k.faces.Load(key); ok {
		if got := v.(alCached); sameAlifeCard(got.card, c) {
			return got.im
		}
		return draw()
	}
	c.Costs = slices.Clone(c.Costs)
	v, _ := k.faces.LoadOrStore(key, alCached{c, draw()})
	if got := v.(alCached); sameAlifeCard(got.card, c) {
		return got.im
	}
	return draw()
}

// face returns card c's full face, alCardW×alCardH.
func (k *alifeKit) face(c alife.Card) *image.RGBA {
	return k.cached(alFaceKey{id: c.ID}, c, func() *image.RGBA { return k.drawFace(c) })
}

// cardTitle is the drawable title of c.
func cardTitle(f *Face, c alife.Card) string {
	if t := f.Clean(c.Title); t != "" {
		return t
	}
	return "Card " + strconv.Itoa(c.ID)
}

// drawFace draws a card as its owner reads it: the phase and title under
// a band of the phase's colour; the base area, gained when the card is
// played; and on a pale band, the development: its cost options, then
// what developing gives.
func (k *alifeKit) drawFace(c alife.Card) *image.RGBA {
	return Sprite(alCardW, alCardH, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		w, h := float64(alCardW), float64(alCardH)
		const radius, line = 8.0, 1.5
		RoundedCard(dc, 0, 0, w, h, radius, rgb(alCardFace), rgb(alCardEdge), line)
		// A band of the phase's colour along the top, rounded with the
		// card, and the development band at the bottom. The title is
		// dark on the face: light text on the band's colours would need
		// blends the palette lacks.
		// The bands stop at whole pixels inside the edge, so that they
		// make no blends with it.
		dc.DrawRoundedRectangle(2, 2, w-4, h-4, radius-2)
		dc.Clip()
		dc.DrawRectangle(0, 0, w, 7)
		dc.SetColor(alPhaseFill(c.Phase))
		dc.Fill()
		dc.DrawRectangle(0, 70, w, h)
		dc.SetColor(rgb(alDevBand))
		dc.Fill()
		dc.ResetClip()
		dc.DrawLine(line, 70, w-line, 70)
		dc.SetColor(rgb(alCardEdge))
		dc.SetLineWidth(1)
		dc.Stroke()

		// Phase number in a disc of its colour, then the title, shrunk to
		// fit.
		const ty = 17.5
		dc.DrawCircle(16, ty, 9)
		dc.SetColor(alPhaseFill(c.Phase))
		dc.Fill()
		k.label.Draw(im, phaseDigit(c.Phase), 16, ty, Centre, rgb(white))
		tx := 31.0
		room := w - tx - 8
		title := cardTitle(k.title, c)
		f := FitFace(title, room, k.title, k.titleSmall, k.titleTiny)
		f.Draw(im, f.Fit(title, room), tx, ty, MiddleLeft, rgb(inkDark))

		// The base area.
		base := areaItems(c.Base)
		if len(base) == 0 {
			k.small.Draw(im, "nothing", 10, 47, MiddleLeft, rgb(alMuted))
		} else {
			drawItems(dc, base, k.cardG, 10, 47, w-20)
		}

		// The development: cost options, "or" between two; then its gains.
		x := 10.0
		cy := 86.0
		k.titleTiny.Draw(im, "COST", x, cy, MiddleLeft, rgb(alMuted))
		x += 38
		for i, cost := range c.Costs {
			if i > 0 {
				x += 4 + k.small.Draw(im, "or", x+4, cy, MiddleLeft, rgb(alMuted)) + 6
			}
			items := costItems(cost)
			if len(items) == 0 {
				x += k.small.Draw(im, "free", x, cy, MiddleLeft, rgb(inkDark)) + 4
				continue
			}
			x += drawItems(dc, items, k.cardG, x, cy, w-8-x) + 4
		}
		if len(c.Costs) == 0 {
			k.small.Draw(im, "cannot develop", x, cy, MiddleLeft, rgb(alMuted))
		}
		cy = 114
		k.titleTiny.Draw(im, "GAIN", 10, cy, MiddleLeft, rgb(alMuted))
		dev := areaItems(c.Dev)
		if len(dev) == 0 {
			k.small.Draw(im, "nothing", 48, cy, MiddleLeft, rgb(alMuted))
		} else {
			drawItems(dc, dev, k.cardG, 48, cy, w-56)
		}
	})
}

// phaseDigit writes a phase for a small badge.
func phaseDigit(p int) string {
	if p < 1 || p > 9 {
		return "?"
	}
	return strconv.Itoa(p)
}

// The sizes of tableau chips: a line of title and a row of symbols, a
// second title line for a long title, and a row of development gains for
// a developed card.
const (
	alChipW    = 154
	alChipH    = 44
	alChipLine = 14 // a second title line
	alChipDevH = 20 // the development's row
)

// chip returns the tableau chip of a played card: a stripe of its phase's
// colour, its title and its base symbols; a developed card adds a gold
// tick and its development's gains, a child's card a baby. Its height
// varies with the title and the development.
func (k *alifeKit) chip(p alife.PlayedView) *image.RGBA {
	dev := p.Developed && !p.Child
	return k.cached(alFaceKey{id: p.Card.ID, chip: true, developed: dev, child: p.Child}, p.Card, func() *image.RGBA {
		return k.drawChip(p.Card, dev, p.Child)
	})
}

func (k *alifeKit) drawChip(c alife.Card, dev, child bool) *image.RGBA {
	const x = 14.0
	right := float64(alChipW) - 6
	if dev {
		right -= 20
	}
	if child {
		right -= 21
	}
	f := k.chipTitle
	title := cardTitle(f, c)
	lines := []string{title}
	if f.Measure(title) > right-x {
		lines = f.Wrap(title, right-x)
		if len(lines) > 2 {
			lines[1] = f.Fit(lines[1]+" "+lines[2], right-x)
			lines = lines[:2]
		}
	}
	h := alChipH + alChipLine*(len(lines)-1)
	if dev {
		h += alChipDevH
	}
	return Sprite(alChipW, h, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		w, hh := float64(alChipW), float64(h)
		edge := rgb(alCardEdge)
		if dev {
			edge = rgb(gold)
		}
		RoundedCard(dc, 0, 0, w, hh, 6, rgb(alCardFace), edge, 1.5)
		FillRect(im, image.Rect(3, 4, 9, h-4), alPhaseFill(c.Phase))
		r := w - 6
		if dev {
			Blit(im, k.devTick, int(r)-18, 3)
			r -= 20
		}
		if child {
			Blit(im, k.baby, int(r)-19, 2)
		}
		for i, l := range lines {
			f.Draw(im, l, x, 12+float64(i*alChipLine), MiddleLeft, rgb(inkDark))
		}
		y := 31 + float64(alChipLine*(len(lines)-1))
		base := c.Base
		if child {
			// A child's card gives its parent no babies (RULINGS 3.3.18).
			base.Babies = 0
		}
		drawItems(dc, areaItems(base), k.chipG, x, y, w-x-6)
		if dev {
			dc.DrawLine(x, y+12.5, w-6, y+12.5)
			dc.SetColor(rgb(alDevBand))
			dc.SetLineWidth(1)
			dc.Stroke()
			k.titleTiny.Draw(im, "+", x, y+22, MiddleLeft, rgb(goldDeep))
			drawItems(dc, areaItems(c.Dev), k.chipG, x+10, y+22, w-x-16)
		}
	})
}

// alStepText says what a seat is doing at its own step.
func alStepText(step string) string {
	switch step {
	case "card":
		return "choosing a card"
	case "stand":
		return "choosing where to stand"
	case "draw":
		return "drawing"
	case "action":
		return "choosing an action"
	}
	return ""
}

// alProducts are a seat's ten products, scoring × life, which sum to its
// score.
func alProducts(sv alife.SeatView) (out [alNumRes]int) {
	for r := range alNumRes {
		out[r] = sv.Scoring[r] * sv.Life[r]
	}
	return out
}

// alActing reports whether seat must decide now.
func alActing(acting []int, seat int) bool { return slices.Contains(acting, seat) }

// seatNames are the drawable names of at least n seats.
func (k *alifeKit) seatNames(names []string, n int) []string { return k.name.SeatNames(names, n) }

// products draws the ten products of a seat's tracks in a row of cells
// from x, each cell w wide: the resource's life symbol, scoring × life
// below, and the product beside it.
func (k *alifeKit) drawProducts(im *image.RGBA, sv alife.SeatView, x, y float64, w float64) {
	for r := range alNumRes {
		cx := x + float64(r)*w
		BlitCentred(im, k.life[r], cx+11, y+10)
		p := sv.Scoring[r] * sv.Life[r]
		c := rgb(textMain)
		switch {
		case p < 0:
			c = rgb(badSoft)
		case p == 0:
			c = rgb(textSoft)
		}
		k.stat.Draw(im, k.stat.Fit(number(p), w-26), cx+23, y+10, MiddleLeft, c)
		k.small.Draw(im, k.small.Fit(number(sv.Scoring[r])+"×"+number(sv.Life[r]), w-4), cx+1, y+30, MiddleLeft, rgb(textSoft))
	}
}

// hearts draws a seat's hearts of three from x, centred on cy, and
// returns the width drawn.
func (k *alifeKit) drawHearts(im *image.RGBA, n int, x, cy float64) float64 {
	total := max(3, min(n, 9))
	for i := range total {
		h := k.heartOff
		if i < n {
			h = k.heart
		}
		BlitCentred(im, h, x+10+float64(i)*19, cy)
	}
	return float64(total) * 19
}

// drawMoney draws a coin and the money from x, and returns the width.
func (k *alifeKit) drawMoney(im *image.RGBA, n int, x, cy float64) float64 {
	BlitCentred(im, k.coin, x+10, cy)
	return 24 + k.stat.Draw(im, k.stat.Fit(number(n), 60), x+24, cy, MiddleLeft, rgb(textMain))
}

// drawHandMix draws a hand's size and its cards' phases, as their backs
// show: a back of each phase's colour with how many.
func (k *alifeKit) drawHandMix(im *image.RGBA, size int, mix [5]int, x, cy float64) float64 {
	x0 := x
	BlitCentred(im, k.hand, x+11, cy)
	x += 24
	x += k.stat.Draw(im, k.stat.Fit(number(size), 50), x, cy, MiddleLeft, rgb(textMain)) + 8
	for p, n := range mix {
		if n <= 0 {
			continue
		}
		BlitCentred(im, k.backs[p], x+6, cy)
		x += 14
		x += k.small.Draw(im, strconv.Itoa(min(n, 99)), x, cy, MiddleLeft, rgb(textSoft)) + 6
	}
	return x - x0
}

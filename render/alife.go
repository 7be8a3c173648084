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
	"github.com/lifebot/lifebot/games/i18n"
)

// A Life is drawn three ways: the board for the channel (alifeboard.go),
// each seat's hand for its DM (alifehand.go) and any seat's whole life
// board, open to all and posted at the end as the finished life
// (alifelife.go). This file holds what they share: the symbols of the ten
// resources and of the other gains and costs, card faces, one-line cards
// for a tableau, the legend, and the wording of phases and steps.
//
// Every resource has a colour and a two-letter code, which the legend at
// the foot of the board and the hand spells out. A life symbol (what a
// seat can do) is a disc filled with the resource's colour; a scoring
// symbol (what matters to it) is a grey rounded square with the same
// letters, colourless as on the cards of the game. Shape and letters carry
// the meaning, so nothing rests on colour alone. All colours are house
// colours of the palette. Symbols are alSym pixels across and lettered at
// minText, so that a phone in chat shows them whole.

// alNumRes is the number of resources.
const alNumRes = 10

// alRes is how one resource is drawn: its code, the game's in every
// language, and the catalog key of its name.
type alRes struct {
	code      string
	name      string
	fill, ink uint32
}

var alResources = [alNumRes]alRes{
	{"Sp", "alife.resource.sports", 0xD7263D, white},
	{"Ed", "alife.resource.education", 0x1F62C4, white},
	{"Ar", "alife.resource.art", 0xB05FC4, white},
	{"Fa", "alife.resource.fame", 0x2A2A2A, white},
	{"Ex", "alife.resource.experience", 0x7A4210, white},
	{"St", "alife.resource.strength", 0xEE7B10, 0x1D1D1D},
	{"Kn", "alife.resource.knowledge", 0x63C3F0, 0x1D1D1D},
	{"Cr", "alife.resource.creativity", 0xE0529C, white},
	{"Jo", "alife.resource.joy", 0xF7E04A, 0x1D1D1D},
	{"Co", "alife.resource.community", 0x009E73, white},
}

// resourceName names resource r in say's words.
func resourceName(say i18n.Printer, r int) string { return say.T(alResources[r].name) }

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

// alPhases are the five phases of a life: the catalog key of their name
// and the colour of their cards' title bars, backs and board columns.
var alPhases = [5]struct {
	name string
	fill uint32
}{
	{"alife.phase.childhood", 0x2F9E5B},
	{"alife.phase.youth", 0x2F5D9E},
	{"alife.phase.adulthood", 0x6B2FA3},
	{"alife.phase.middle_age", 0xB0544C},
	{"alife.phase.old_age", 0x50657A},
}

// alPhaseName names phase p (1–5) in say's words, or "" for one outside
// the game.
func alPhaseName(say i18n.Printer, p int) string {
	if p < 1 || p > len(alPhases) {
		return ""
	}
	return say.T(alPhases[p-1].name)
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

// alSym is the size of a symbol on a card: its letters are minText.
const alSym = 30

// alGlyphs are the faces symbols are lettered with, and where they tell
// what they drew.
type alGlyphs struct {
	size         float64
	letters, num *Face
	fonts        *fontSet
	// rim is the edge of a life symbol: dark on a card, light on the
	// table, so that dark ones (Fame) show on it.
	rim uint32
}

func newAlGlyphs(fonts *fontSet) alGlyphs {
	return alGlyphs{alSym, fonts.face(Bold, minText), fonts.face(Bold, 18), fonts, inkDark}
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

// width is the width of one drawing of an item at glyph size g.
func (it alItem) width(g alGlyphs) float64 {
	s := g.size
	switch it.kind {
	case alNeed:
		return s + 2 + g.num.Measure("≥"+strconv.Itoa(it.n))
	case alMoney, alPay:
		return math.Max(s, g.num.Measure(strconv.Itoa(it.n))+10)
	case alDraw, alDiscard:
		return s * 0.82
	}
	return s
}

// itemsWidth is the width of a row of items, copies and gaps included;
// with compact set each repeated item is drawn once, its count after it.
func itemsWidth(items []alItem, g alGlyphs, compact bool) float64 {
	gap := math.Round(g.size * 0.12)
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
	gap := math.Round(g.size * 0.12)
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

// alKindNames say what each kind of item is, as the legend words it.
var alKindNames = [...]string{
	alScoring: "matters", alLife: "can do", alLose: "lose", alMoney: "money",
	alDraw: "draw", alHeartLoss: "heart", alBaby: "baby", alNeed: "can do",
	alPay: "money", alDiscard: "discard", alHeartCost: "heart",
}

// drawItem draws one item with its left edge at x, centred on cy.
func drawItem(dc *gg.Context, it alItem, g alGlyphs, x, cy float64) {
	s := g.size
	im := dc.Image().(*image.RGBA)
	cx := x + s/2
	g.fonts.icon(alKindNames[it.kind], s)
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
		h := math.Max(s*0.14, 2.5)
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
		line := math.Max(s*0.08, 1.5)
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
		RoundedCard(dc, x, cy-s/2, w, s, s*0.14, fill, rgb(alDeckRim), math.Max(s*0.06, 1.2))
		g.letters.Draw(im, sign+strconv.Itoa(min(it.n, 9)), x+w/2, cy, Centre, rgb(white))
	case alHeartLoss, alHeartCost:
		HeartPath(dc, cx, cy+s*0.02, s*1.04)
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
	line := math.Max(s*0.06, 1.2)
	if life {
		dc.DrawCircle(cx, cy, s/2)
		dc.SetColor(rgb(g.rim))
		dc.Fill()
		dc.DrawCircle(cx, cy, s/2-line)
		dc.SetColor(rgb(res.fill))
		dc.Fill()
		g.letters.Draw(im, res.code, cx, cy, Centre, rgb(res.ink))
		return
	}
	side := s * 0.94
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

// The sizes of card faces: two side by side fill a hand's row.
const (
	alCardW = 272
	alCardH = 104
	// alLineW and alLineH are a one-line card of a tableau, two to a row.
	alLineW = 282
	alLineH = 32
)

// alFaceKey names a cached card sprite: a face, a one-line card with room
// for marks at its right, or the title tile of a card in the next column,
// in the language of its words: a card's title is a message of the game's
// catalog.
type alFaceKey struct {
	id         int
	line, tile bool
	marks      int
	lang       i18n.Lang
}

// alCached is a cached sprite with the card it shows, so that a view that
// reuses an id for another card never gets the wrong face.
type alCached struct {
	card alife.Card
	im   *packed
}

// alMaxCachedID bounds the ids whose faces are kept: the deck is a fixed
// set of 226 cards.
const alMaxCachedID = 1000

func sameAlifeCard(a, b alife.Card) bool {
	return a.ID == b.ID && a.Phase == b.Phase && a.Title == b.Title && a.Base == b.Base && a.Dev == b.Dev && slices.Equal(a.Costs, b.Costs)
}

// alifeKit is everything the A Life images reuse, built once per
// Renderer; card faces are added as they are first met, backdrops as a
// seat count first needs one.
type alifeKit struct {
	fonts *fontSet
	frame *frameKit
	faces sync.Map // alFaceKey → alCached

	g alGlyphs // symbols on cards and in rows

	life, scoring                     [alNumRes]*image.RGBA // resource symbols with a halo, for the table
	tokens, hollow                    [PlayerColours]*image.RGBA
	heart, heartOff, coin, hand, baby *image.RGBA
	devTick, friends, develop         *image.RGBA
	backs                             [5]*image.RGBA // card backs by phase, lettered with it
	startTags                         spriteCache    // the start marker, by language

	// The legends hold the keys of their words (worded).
	legend, lifeLegend []legendItem

	backdrops backdropCache // by alBackdrop

	panelBoxes
	out, slot, section, next *Box

	title, titleSmall, label, body, stat, name, big, huge, rowNum *Face
}

// alMaxSeats is the most seats a board has room for.
const alMaxSeats = 4

func newAlifeKit(fonts *fontSet) *alifeKit {
	k := &alifeKit{
		fonts:      fonts,
		frame:      newFrameKit(fonts),
		g:          newAlGlyphs(fonts),
		title:      fonts.face(Bold, 19),
		titleSmall: fonts.face(Bold, minText),
		label:      fonts.face(Bold, minText),
		body:       fonts.face(Regular, minText),
		stat:       fonts.face(Bold, 20),
		name:       fonts.face(Bold, 20),
		big:        fonts.face(Bold, 30),
		huge:       fonts.face(Bold, 46),
		rowNum:     fonts.face(Bold, 26),
	}
	for r := range alNumRes {
		k.life[r] = alSymbolSprite(k.g, alItem{alLife, r, 1})
		k.scoring[r] = alSymbolSprite(k.g, alItem{alScoring, r, 1})
	}
	const tok = minIcon
	for p := range PlayerColours {
		k.tokens[p] = tokenSprite(tok, func(dc *gg.Context, c float64) { Token(dc, p, c, c, tok) })
		k.hollow[p] = tokenSprite(tok, func(dc *gg.Context, c float64) { HollowToken(dc, Player(p).Mark, rgb(textSoft), c, c, tok) })
	}
	const ic = minIcon
	k.heart = Sprite(ic, ic, func(dc *gg.Context) {
		HeartPath(dc, ic/2, ic/2+0.5, ic-1)
		dc.SetColor(rgb(alHeart))
		dc.Fill()
	})
	k.heartOff = Sprite(ic, ic, func(dc *gg.Context) {
		HeartPath(dc, ic/2, ic/2+0.5, ic-1)
		HeartPath(dc, ic/2, ic/2+0.8, ic-8)
		dc.SetFillRuleEvenOdd()
		dc.SetColor(rgb(tableLine))
		dc.Fill()
	})
	k.coin = Sprite(ic, ic, func(dc *gg.Context) {
		coin(dc, ic/2, ic/2, ic/2-1, rgb(alCoin), rgb(alCoinRim))
	})
	k.hand = Sprite(ic+2, ic, func(dc *gg.Context) {
		for i, x := range [2]float64{1, 9} {
			RoundedCard(dc, x, 1+float64(1-i)*2, 13, 19, 2.5, rgb(alDeck), rgb(alDeckRim), 1.5)
		}
	})
	k.baby = Sprite(ic, ic, func(dc *gg.Context) { drawBaby(dc, ic/2, ic/2, ic-1) })
	for p := range k.backs {
		// Square-cornered, so that it is drawn in flat colours only.
		k.backs[p] = Sprite(ic, 28, func(dc *gg.Context) {
			im := dc.Image().(*image.RGBA)
			FillRect(im, im.Rect, rgb(alDeckRim))
			FillRect(im, im.Rect.Inset(2), alPhaseFill(p+1))
			k.label.Draw(im, phaseDigit(p+1), ic/2, 14, Centre, rgb(white))
		})
	}
	k.devTick = Sprite(ic, ic, func(dc *gg.Context) {
		dc.DrawCircle(ic/2, ic/2, ic/2-0.5)
		dc.SetColor(rgb(gold))
		dc.Fill()
		CheckMark(dc, ic/2, ic/2+0.5, 14, rgb(inkDark))
	})
	k.friends = Sprite(ic, ic, func(dc *gg.Context) {
		for i, x := range [2]float64{14.5, 7.5} {
			c := rgb(textSoft)
			if i == 1 {
				c = rgb(alBabyWrap)
			}
			dc.DrawCircle(x, 6.5, 4)
			dc.DrawRoundedRectangle(x-6.5, 11.5, 13, 10, 4.5)
			dc.SetColor(c)
			dc.Fill()
		}
	})
	k.develop = Sprite(40, alSym, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		FillRect(im, im.Rect, rgb(alDevBand))
		alArrow(dc, 8, 32, alSym/2)
	})
	k.panelBoxes = newPanelBoxes()
	k.out = NewBox(12, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.slot = NewBox(10, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.section = NewBox(10, 1, rgb(tableInset), rgb(tableLine), rgb(table))
	k.next = NewBox(8, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	k.legend = k.cardLegend()
	k.lifeLegend = k.tableauLegend()
	return k
}

// The backdrops of A Life's images, each with its legend in a language:
// the board of a number of seats, running or over, the hand and the life
// board.
const (
	alBoardBack = iota
	alFinalBack
	alHandBack
	alLifeBack
)

// alBackdrop names one of a kit's backdrops.
type alBackdrop struct {
	kind, seats int
	lang        i18n.Lang
}

// backdrop returns the backdrop of kind for seats in say's words, drawing
// it the first time.
func (k *alifeKit) backdrop(kind, seats int, say i18n.Printer) *backdrop {
	return k.backdrops.get(alBackdrop{kind, seats, say.Lang()}, func() *image.RGBA {
		switch kind {
		case alBoardBack:
			return k.drawBoardBackdrop(seats, say)
		case alFinalBack:
			return k.legendBackdrop(k.boardHeight(seats, say), worded(say, k.legend))
		case alHandBack:
			return k.handBackdrop(say)
		}
		return k.legendBackdrop(alLifeHeight, worded(say, k.lifeLegend))
	})
}

// startTag is the marker of the seat that starts, lettered in say's
// words.
func (k *alifeKit) startTag(say i18n.Printer) *image.RGBA {
	return k.startTags.get(say.Lang(), func() *image.RGBA {
		word := say.T("alife.start")
		tagW := k.label.Measure(word) + 12
		return centredSprite(tagW, minIcon, func(dc *gg.Context, cx, cy float64) {
			RoundedCard(dc, cx-tagW/2, cy-minIcon/2, tagW, minIcon, minIcon/2, rgb(gold), nil, 0)
			k.label.Draw(dc.Image().(*image.RGBA), word, cx, cy, Centre, rgb(inkDark))
		})
	})
}

// alArrow draws the arrow of a development, from its cost to its gain,
// from x0 to x1 on cy.
func alArrow(dc *gg.Context, x0, x1, cy float64) {
	dc.SetColor(rgb(alMuted))
	dc.SetLineWidth(3)
	dc.DrawLine(x0, cy, x1-6, cy)
	dc.Stroke()
	dc.MoveTo(x1, cy)
	dc.LineTo(x1-9, cy-7)
	dc.LineTo(x1-9, cy+7)
	dc.ClosePath()
	dc.Fill()
}

// cardLegend is the key to the symbols of cards: what each kind of
// symbol means, in the words of the buttons and the log, and the ten
// resources by their codes.
func (k *alifeKit) cardLegend() []legendItem {
	item := func(it alItem) *image.RGBA { return alSymbolSprite(k.g, it) }
	items := []legendItem{
		{item(alItem{alScoring, 0, 1}), "alife.legend.matters"},
		{item(alItem{alLife, 0, 1}), "alife.legend.can_do"},
		{item(alItem{alLose, 0, 1}), "alife.legend.lose"},
		{item(alItem{alMoney, 0, 1}), "alife.legend.money"},
		{item(alItem{alDraw, 0, 1}), "alife.legend.draw"},
		{item(alItem{alDiscard, 0, 1}), "alife.legend.discard"},
		{item(alItem{alHeartLoss, 0, 1}), "alife.legend.heart"},
		{item(alItem{alBaby, 0, 1}), "alife.legend.baby"},
		{k.develop, "alife.legend.develop"},
	}
	for r := range alNumRes {
		items = append(items, legendItem{k.life[r], alResources[r].name})
	}
	return items
}

// tableauLegend is the key to a life board's marks.
func (k *alifeKit) tableauLegend() []legendItem {
	return []legendItem{
		{k.devTick, "alife.legend.developed"},
		{k.baby, "alife.legend.childs_card"},
		{k.friends, "alife.legend.befriended"},
		{k.heart, "alife.legend.hearts"},
		{k.coin, "alife.legend.money"},
		{k.hand, "alife.legend.cards_in_hand"},
	}
}

// legendBackdrop is an empty table h pixels tall with legend drawn at
// its foot.
func (k *alifeKit) legendBackdrop(h int, legend []legendItem) *image.RGBA {
	im := plainBackdrop(PhoneWidth, h)
	k.frame.drawLegend(im, legend)
	return im
}

// alSymbolSprite draws one item alone, for compositing on the table: a
// life symbol's rim is light, so that dark ones (Fame) show on it.
func alSymbolSprite(g alGlyphs, it alItem) *image.RGBA {
	w := it.width(g)
	g.rim = textSoft
	return centredSprite(w, g.size, func(dc *gg.Context, cx, cy float64) {
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
func (k *alifeKit) cached(key alFaceKey, c alife.Card, draw func() *image.RGBA) *packed {
	if c.ID < 0 || c.ID >= alMaxCachedID {
		return pack(draw())
	}
	if v, ok := k.faces.Load(key); ok {
		if got := v.(alCached); sameAlifeCard(got.card, c) {
			return got.im
		}
		return pack(draw())
	}
	c.Costs = slices.Clone(c.Costs)
	v, _ := k.faces.LoadOrStore(key, alCached{c, pack(draw())})
	if got := v.(alCached); sameAlifeCard(got.card, c) {
		return got.im
	}
	return pack(draw())
}

// face returns card c's full face, alCardW×alCardH, its words in say's
// language.
func (k *alifeKit) face(c alife.Card, say i18n.Printer) *packed {
	key := alFaceKey{id: c.ID, lang: say.Lang()}
	return k.cached(key, c, func() *image.RGBA { return k.drawFace(c, say) })
}

// cardTitle is the drawable title of c in say's words, or its number.
func cardTitle(f *Face, c alife.Card, say i18n.Printer) string {
	if t := f.Clean(say.Say(c.Title)); t != "" {
		return t
	}
	return say.T("common.card", "id", c.ID)
}

// drawFace draws a card as its owner reads it: the phase and title under
// a band of the phase's colour; the base area, gained when the card is
// played; and on a pale band, the development: its cost options, an
// arrow, and what developing gives.
func (k *alifeKit) drawFace(c alife.Card, say i18n.Printer) *image.RGBA {
	return Sprite(alCardW, alCardH, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		w, h := float64(alCardW), float64(alCardH)
		const radius, line, band = 8.0, 2.0, 70.0
		RoundedCard(dc, 0, 0, w, h, radius, rgb(alCardFace), rgb(alCardEdge), line)
		// A band of the phase's colour along the top and the development
		// band at the bottom, inside whole pixels of the edge so that
		// they make no blends with it. The title is dark on the face:
		// light text on the band's colours would need blends the palette
		// lacks.
		dc.DrawRoundedRectangle(2, 2, w-4, h-4, radius-2)
		dc.Clip()
		dc.DrawRectangle(0, 0, w, 6)
		dc.SetColor(alPhaseFill(c.Phase))
		dc.Fill()
		dc.DrawRectangle(0, band, w, h)
		dc.SetColor(rgb(alDevBand))
		dc.Fill()
		dc.ResetClip()
		FillRect(im, image.Rect(int(line), band, alCardW-int(line), band+1), rgb(alCardEdge))

		// Phase number in a disc of its colour, then the title, shrunk to
		// fit.
		const ty = 21.0
		dc.DrawCircle(17, ty, 12)
		dc.SetColor(alPhaseFill(c.Phase))
		dc.Fill()
		k.label.Draw(im, phaseDigit(c.Phase), 17, ty, Centre, rgb(white))
		tx := 35.0
		room := w - tx - 8
		title := cardTitle(k.title, c, say)
		f := FitFace(title, room, k.title, k.titleSmall)
		f.Draw(im, f.Fit(title, room), tx, ty, MiddleLeft, rgb(inkDark))

		// The base area.
		const by = 52.0
		if base := areaItems(c.Base); len(base) == 0 {
			k.body.Draw(im, say.T("alife.card.nothing"), 10, by, MiddleLeft, rgb(alMuted))
		} else {
			drawItems(dc, base, k.g, 8, by, w-16)
		}

		// The development: cost options, "or" between two; an arrow; its
		// gains.
		x, cy := 8.0, (band+h)/2
		if len(c.Costs) == 0 {
			k.body.Draw(im, say.T("alife.card.no_development"), x, cy, MiddleLeft, rgb(alMuted))
			return
		}
		for i, cost := range c.Costs {
			if i > 0 {
				x += 3 + k.body.Draw(im, say.T("alife.card.or"), x+3, cy, MiddleLeft, rgb(alMuted)) + 5
			}
			items := costItems(cost)
			if len(items) == 0 {
				x += k.body.Draw(im, say.T("alife.card.free"), x, cy, MiddleLeft, rgb(inkDark)) + 2
				continue
			}
			x += drawItems(dc, items, k.g, x, cy, w*0.55-x) + 2
		}
		alArrow(dc, x+2, x+22, cy)
		x += 28
		if dev := areaItems(c.Dev); len(dev) == 0 {
			k.body.Draw(im, k.body.Fit(say.T("alife.card.nothing"), w-6-x), x, cy, MiddleLeft, rgb(alMuted))
		} else {
			drawItems(dc, dev, k.g, x, cy, w-6-x)
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

// cardLine returns a played card as one line of a tableau: a disc of its
// phase's colour with its number, and its title, ending marks pixels
// before the right edge to leave room for marks drawn there.
func (k *alifeKit) cardLine(c alife.Card, marks int, say i18n.Printer) *packed {
	key := alFaceKey{id: c.ID, line: true, marks: marks, lang: say.Lang()}
	return k.cached(key, c, func() *image.RGBA {
		return Sprite(alLineW, alLineH, func(dc *gg.Context) {
			im := dc.Image().(*image.RGBA)
			RoundedCard(dc, 0, 0, alLineW, alLineH, 6, rgb(alCardFace), rgb(alCardEdge), 2)
			const cy = alLineH / 2
			dc.DrawCircle(16, cy, 11)
			dc.SetColor(alPhaseFill(c.Phase))
			dc.Fill()
			k.label.Draw(im, phaseDigit(c.Phase), 16, cy, Centre, rgb(white))
			room := float64(alLineW - 34 - 8 - marks)
			title := cardTitle(k.titleSmall, c, say)
			k.titleSmall.Draw(im, k.titleSmall.Fit(title, room), 34, cy, MiddleLeft, rgb(inkDark))
		})
	})
}

// alStepText says what a seat is doing at its own step, in say's words.
func alStepText(say i18n.Printer, step string) string {
	switch step {
	case "card":
		return say.T("alife.doing.card")
	case "stand":
		return say.T("alife.doing.stand")
	case "draw":
		return say.T("alife.doing.draw")
	case "action":
		return say.T("alife.doing.action")
	case "pay":
		return say.T("alife.doing.pay")
	case "chosen":
		return say.T("alife.doing.chosen")
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

// alStage is the stage a header names: the round of fifteen and its
// phase, or the step that stands for it, in say's words.
func alStage(say i18n.Printer, step string, round, phase int) string {
	switch step {
	case "over":
		return say.T("frame.game_over")
	case "start":
		return say.T("alife.stage.start")
	}
	s := say.T("alife.stage.round", "round", number(round), "rounds", 15)
	if step == "child" {
		return s + " · " + say.T("alife.stage.children")
	}
	if n := alPhaseName(say, phase); n != "" {
		s += " · " + n
	}
	return s
}

// alHeader is the shared header of a view: whose turn, or who won.
func alHeader(v alife.View, private bool, say i18n.Printer) header {
	h := header{Game: say.T("game.alife"), Stage: alStage(say, v.Step, v.Round, v.Phase), Over: alOver(v), Private: private, Viewer: v.Seat}
	for _, s := range v.Acting {
		if s >= 0 && s < len(v.Seats) {
			h.Turn = append(h.Turn, seatMark{s, s})
		}
	}
	for s, rk := range v.Rank {
		if rk == 1 && s < len(v.Seats) {
			h.Winners = append(h.Winners, seatMark{s, s})
		}
	}
	if h.Over && len(h.Winners) == 0 {
		h.Over, h.Note = false, say.T("frame.game_over")
	}
	return h
}

// alOver reports whether the game has ended.
func alOver(v alife.View) bool { return v.Step == "over" }

// drawHearts draws a seat's hearts of three from x, centred on cy, and
// returns the width drawn.
func (k *alifeKit) drawHearts(im *image.RGBA, n int, x, cy float64) float64 {
	total := max(3, min(n, 9))
	for i := range total {
		h := k.heartOff
		if i < n {
			h = k.heart
		}
		BlitCentred(im, h, x+minIcon/2+float64(i)*(minIcon+1), cy)
	}
	k.fonts.icon("heart", minIcon)
	return float64(total) * (minIcon + 1)
}

// drawMoney draws a coin and the money from x, and returns the width.
func (k *alifeKit) drawMoney(im *image.RGBA, n int, x, cy float64) float64 {
	BlitCentred(im, k.coin, x+minIcon/2, cy)
	k.fonts.icon("money", minIcon)
	return minIcon + 4 + k.stat.Draw(im, k.stat.Fit(number(n), 60), x+minIcon+4, cy, MiddleLeft, rgb(textMain))
}

// drawCount draws an icon and a count from x, and returns the width.
func (k *alifeKit) drawCount(im *image.RGBA, icon *image.RGBA, what string, n int, x, cy float64) float64 {
	iw := float64(icon.Rect.Dx())
	BlitCentred(im, icon, x+iw/2, cy)
	k.fonts.icon(what, minIcon)
	return iw + 4 + k.stat.Draw(im, k.stat.Fit(number(n), 50), x+iw+4, cy, MiddleLeft, rgb(textMain))
}

// drawHandMix draws a hand's size and its cards' phases, as their backs
// show: a back of each phase, lettered with it, and how many.
func (k *alifeKit) drawHandMix(im *image.RGBA, size int, mix [5]int, x, cy float64) float64 {
	x0 := x
	x += k.drawCount(im, k.hand, "cards in hand", size, x, cy) + 8
	for p, n := range mix {
		if n <= 0 {
			continue
		}
		BlitCentred(im, k.backs[p], x+minIcon/2, cy)
		k.fonts.icon("card back", minIcon)
		x += minIcon + 2
		x += k.body.Draw(im, "×"+strconv.Itoa(min(n, 99)), x, cy, MiddleLeft, rgb(textSoft)) + 6
	}
	return x - x0
}

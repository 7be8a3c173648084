package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/thatslife"
)

// The board of That's Life!, one column for a phone: the shared header;
// the course as a serpentine of cards, left to right then right to left,
// so that consecutive cards stay neighbours; a row per player in seat
// order; the legend at the foot. Once the game is over the course steps
// aside for the ranking: each player's score, large, and the cards that
// made it.
const (
	tlCols    = 7
	tlRows    = 5
	tlSlots   = tlCols * tlRows // 35: the full course of 34 cards fits, Start taking two
	tlSlotW   = 81
	tlSlotH   = 95
	tlCardW   = 75
	tlWideW   = tlSlotW + tlCardW // Start, over the first two slots
	tlCardH   = 89
	tlCourseX = (PhoneWidth - tlCols*tlSlotW + tlSlotW - tlCardW) / 2
	tlCourseY = headerH + 10
	tlRadius  = 9
	tlPad     = 4 // room around a card sprite for its shadow

	// Where pieces stand on a card: below its value, or below the label
	// of Start and Finish, down to tlPiecesBottom.
	tlPiecesTop    = 31
	tlEndPiecesTop = 23
	tlPiecesBottom = 87

	tlPanelTop   = tlCourseY + (tlRows-1)*tlSlotH + tlCardH + 10
	tlRowGap     = 4
	tlRowShort   = 57 // a player's row with one line of cards (4 to 6 seats)
	tlRowTall    = 90 // with two lines of cards (2 and 3 seats)
	tlLineStep   = 29 // between lines of cards
	tlChipW      = 38
	tlChipH      = 26
	tlTokenSize  = 24 // a player's token in their row
	tlDieSize    = 30
	tlPipSize    = minIcon
	tlBadgeH     = 17
	tlBigChipW   = 52
	tlBigChipH   = 34
	tlBigStep    = tlBigChipH + 7 // between lines of big chips
	tlOverRowMax = 200
	tlOverName   = 60 // the line of a finished row's name and score
)

// tlSeats is how many player rows a board of n seats is laid out for:
// every game seats 2 to 6, and a stranger view is drawn in that frame.
func tlSeats(n int) int { return min(max(n, 2), 6) }

// tlRowHeight is the height of a player's row on a running board.
func tlRowHeight(seats int) int {
	if tlSeats(seats) <= 3 {
		return tlRowTall
	}
	return tlRowShort
}

// tokenTier is one size of piece on a card: the more stacks share a card,
// the smaller they are drawn.
type tokenTier struct {
	size   float64
	perRow int
	rows   int
	tokens [PlayerColours]*image.RGBA
	pawn   *image.RGBA
}

func newTier(size float64, perRow, rows int) tokenTier {
	t := tokenTier{size: size, perRow: perRow, rows: rows}
	for p := range t.tokens {
		t.tokens[p] = tokenSprite(size, func(dc *gg.Context, c float64) { Token(dc, p, c, c, size) })
	}
	t.pawn = guardSprite(size)
	return t
}

func guardSprite(size float64) *image.RGBA {
	return tokenSprite(size, func(dc *gg.Context, c float64) {
		Pawn(dc, c, c, size, rgb(pawnFill), rgb(pawnEdge))
	})
}

// The guards' pawns: pale grey, unlike any player colour.
const (
	pawnFill = 0xD9E0E7
	pawnEdge = 0x3A4652
)

// cardKey names a card face. Faces depend on what a card shows, not on its
// id: the two −3 cards of runs A and B look alike, as on the table, and
// differ by the mark printed on them (marked) while both lie on the
// course, as the buttons name them "A−3" and "B−3".
type cardKey struct {
	kind     thatslife.Kind
	value    int
	recycled bool
	marked   bool
	wide     bool
}

// chipKey names a collected card as a row shows it: locked when no fortune
// may turn it, turned when a fortune did ("★→−6").
type chipKey struct {
	kind   thatslife.Kind
	value  int
	locked bool
	turned bool
	big    bool // on the finished board
}

// chipSize is the size of a chip of a row: big on the finished board, and
// wider when it shows a turned card.
func chipSize(key chipKey) (w, h int) {
	w, h = tlChipW, tlChipH
	if key.big {
		w, h = tlBigChipW, tlBigChipH
	}
	if key.turned {
		w += h + 12
	}
	return w, h
}

// thatsLifeKit is everything a That's Life! board reuses. It is built once
// per Renderer and only read afterwards, but for its sprite caches, which
// are safe for concurrent use, so renders share it freely.
type thatsLifeKit struct {
	*frameKit
	panelBoxes
	cards       map[cardKey]*image.RGBA
	chips       map[chipKey]*image.RGBA
	backgrounds backdropCache // by height
	badges      spriteCache   // counts of a stack, by text
	tiers       []tokenTier   // largest first
	wideTiers   []tokenTier   // on the wide Start
	rowTokens   [PlayerColours]*image.RGBA
	overTokens  [PlayerColours]*image.RGBA
	pips        [PlayerColours]*image.RGBA // a figure home
	hollow      [PlayerColours]*image.RGBA // a figure still on the course
	dice        [7]*image.RGBA             // dice[0] is a blank face
	home        *image.RGBA                // the finish flag before a row's figures
	// The legends hold the keys of their words (worded).
	legend     []legendItem
	overLegend []legendItem
	lockLegend legendItem

	value, small, name, score *Face
	bigName, bigScore, rank   *Face
	bigChip                   *Face
}

func newThatsLifeKit(fonts *fontSet) *thatsLifeKit {
	k := &thatsLifeKit{
		frameKit:   newFrameKit(fonts),
		panelBoxes: newPanelBoxes(),
		value:      fonts.face(Bold, 25),
		small:      fonts.face(Bold, minText),
		name:       fonts.face(Bold, 20),
		score:      fonts.face(Bold, 24),
		bigName:    fonts.face(Bold, 26),
		bigScore:   fonts.face(Bold, 40),
		rank:       fonts.face(Bold, 26),
		bigChip:    fonts.face(Bold, 23),
	}
	k.tiers = []tokenTier{newTier(30, 2, 1), newTier(25, 2, 2), newTier(minIcon, 3, 2)}
	k.wideTiers = []tokenTier{newTier(30, 4, 1), newTier(28, 3, 2), newTier(minIcon, 4, 2)}
	for p := range PlayerColours {
		k.rowTokens[p] = tokenSprite(tlTokenSize, func(dc *gg.Context, c float64) { Token(dc, p, c, c, tlTokenSize) })
		k.overTokens[p] = tokenSprite(32, func(dc *gg.Context, c float64) { Token(dc, p, c, c, 32) })
		k.pips[p] = tokenSprite(tlPipSize, func(dc *gg.Context, c float64) { Pip(dc, p, true, rgb(textMain), c, c, tlPipSize) })
		k.hollow[p] = tokenSprite(tlPipSize, func(dc *gg.Context, c float64) { Pip(dc, p, false, rgb(textSoft), c, c, tlPipSize) })
	}
	k.home = homeFlag()
	for n := range k.dice {
		k.dice[n] = Sprite(tlDieSize+4, tlDieSize+4, func(dc *gg.Context) { Die(dc, 2, 2, tlDieSize, n) })
	}

	// The standard deck, start and finish, in every look a real game can
	// give them. Anything else is drawn when met, not cached, so a
	// malformed view cannot grow the cache.
	k.cards = make(map[cardKey]*image.RGBA)
	k.chips = make(map[chipKey]*image.RGBA)
	start := cardKey{kind: thatslife.Start, wide: true}
	k.cards[start] = k.drawCard(start)
	for _, c := range standardFaces() {
		for _, b := range []bool{false, true} {
			for _, marked := range []bool{false, true} {
				key := cardKey{c.Kind, c.Value, b, marked, false}
				k.cards[key] = k.drawCard(key)
			}
			for _, big := range []bool{false, true} {
				key := chipKey{c.Kind, c.Value, b, false, big}
				k.chips[key] = k.drawChip(key)
				if c.Kind == thatslife.Minus && !b {
					key.turned = true
					k.chips[key] = k.drawChip(key)
				}
			}
		}
	}

	// The legend names each symbol with the word the buttons, the log and
	// the rules use: "Guard ★ → +8", "moved a guard", "Recycled to the end
	// of the course", "has every figure home", "each ★ turns one of your
	// minus cards", "no fortune can turn it".
	star := centredSprite(legendIcon, legendIcon, func(dc *gg.Context, cx, cy float64) {
		StarPath(dc, cx, cy, legendIcon/2)
		dc.SetColor(rgb(gold))
		dc.Fill()
	})
	recycled := centredSprite(legendIcon, legendIcon, func(dc *gg.Context, cx, cy float64) {
		recycleMark(dc, cx, cy, legendIcon/2-1, rgb(textSoft))
	})
	k.legend = []legendItem{
		{k.token(int(thatslife.Red), legendIcon), "thatslife.legend.figure"},
		{guardSprite(legendIcon), "thatslife.legend.guard"},
		{star, "thatslife.legend.fortune"},
		{recycled, "thatslife.legend.recycled"},
		{k.home, "thatslife.legend.home"},
	}
	k.overLegend = []legendItem{
		{k.chips[chipKey{thatslife.Minus, -6, false, true, false}], "thatslife.legend.turned"},
	}
	k.lockLegend = legendItem{k.chips[chipKey{thatslife.Minus, -5, true, false, false}], "thatslife.legend.locked"}
	return k
}

// standardFaces lists one card of each distinct face.
func standardFaces() []thatslife.Card {
	cs := []thatslife.Card{{Kind: thatslife.Start}, {Kind: thatslife.Finish}, {Kind: thatslife.Fortune}}
	for v := 1; v <= 10; v++ {
		cs = append(cs, thatslife.Card{Kind: thatslife.Minus, Value: -v})
		if v <= 8 {
			cs = append(cs, thatslife.Card{Kind: thatslife.Plus, Value: v})
		}
	}
	return cs
}

// tokenSprite draws a square sprite a little larger than a token of the
// given size, paint receiving the sprite's centre.
func tokenSprite(size float64, paint func(dc *gg.Context, centre float64)) *image.RGBA {
	side := int(math.Ceil(size)) + 4
	return Sprite(side, side, func(dc *gg.Context) { paint(dc, float64(side)/2) })
}

type cardStyle struct{ fill, edge, ink color.RGBA }

// styleOf colours a card by kind: minus red, plus green, fortune gold, the
// ends slate. Values are printed in a deep shade of the card's own hue, so
// the sign is read twice, by colour and by glyph.
func styleOf(k thatslife.Kind) cardStyle {
	switch k {
	case thatslife.Minus:
		return cardStyle{rgb(0xFBE1DE), rgb(0xD9534F), rgb(0xB42318)}
	case thatslife.Plus:
		return cardStyle{rgb(0xDCF2E3), rgb(0x2F9E5B), rgb(0x146C38)}
	case thatslife.Fortune:
		return cardStyle{rgb(0xF6D36B), rgb(0xA87B00), rgb(goldDeep)}
	case thatslife.Start:
		return cardStyle{rgb(0x50657A), rgb(textSoft), rgb(white)}
	case thatslife.Finish:
		return cardStyle{rgb(0x28323C), rgb(textSoft), rgb(white)}
	}
	return cardStyle{rgb(0xC9D1D9), rgb(0x6B7785), rgb(inkDark)}
}

// faceLabel is the sign a card shows, as the buttons write it: its value,
// or ★ for a fortune, which is drawn as a star. Start and Finish show a
// word instead, written per board in its language (drawEndWord), and a
// card of a kind no game deals shows nothing.
func faceLabel(kind thatslife.Kind, value int) string {
	switch kind {
	case thatslife.Minus, thatslife.Plus, thatslife.Fortune:
		return thatslife.Card{Kind: kind, Value: value}.Label()
	}
	return ""
}

// drawCard draws a card face with its shadow: the mark printed on a
// marked card, the word of Start and Finish (drawEndWord) and the pieces
// are added per board, so that boards of every language share the
// sprites. Cards always lie on the bare table, so the sprite is drawn on
// the table colour and opaque, and can be pasted.
func (k *thatsLifeKit) drawCard(key cardKey) *image.RGBA {
	cw := cardWidth(key.wide)
	return Sprite(cw+2*tlPad, tlCardH+2*tlPad, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		FillRect(im, im.Bounds(), rgb(table))
		x, y, w, h := float64(tlPad), float64(tlPad), float64(cw), float64(tlCardH)
		st := styleOf(key.kind)
		CardShadow(dc, x, y, w, h, tlRadius)
		RoundedCard(dc, x, y, w, h, tlRadius, st.fill, st.edge, 2.5)
		// A marked card leaves its left for the mark.
		cx, vy := x+w/2, y+16
		anchor := Centre
		if key.marked {
			cx, anchor = x+w-6, MiddleRight
		}
		switch key.kind {
		case thatslife.Fortune:
			if key.marked {
				cx -= 12
			}
			StarPath(dc, cx, vy+1, 13)
			dc.SetColor(st.ink)
			dc.Fill()
		case thatslife.Finish:
			// A chequered band, the finish line everyone knows.
			const sq = 6
			n := int(w-12) / sq
			left, top := int(x+(w-float64(n*sq))/2), int(y+5)
			for i := range n {
				for j := range 2 {
					if (i+j)%2 == 0 {
						FillRect(im, image.Rect(left+i*sq, top+j*sq, left+(i+1)*sq, top+(j+1)*sq), rgb(white))
					}
				}
			}
		case thatslife.Minus, thatslife.Plus:
			s := faceLabel(key.kind, key.value)
			room := w - 10
			if key.marked {
				room = w - 36
			}
			f := FitFace(s, room, k.value, k.small)
			f.Draw(im, f.Fit(s, room), cx, vy, anchor, st.ink)
		}
		if key.recycled {
			recycleMark(dc, x+w-14, y+h-14, minIcon/2-1, st.edge)
		}
	})
}

// drawEndWord writes the word of Start, at the top of its card, or of
// Finish, under its chequered band, in say's language on the card at x, y.
func (k *thatsLifeKit) drawEndWord(im *image.RGBA, kind thatslife.Kind, x, y int, wide bool, say i18n.Printer) {
	cx, cy := float64(x)+float64(cardWidth(wide))/2, float64(y+13)
	if kind == thatslife.Finish {
		cy = float64(y + tlCardH - 13)
	}
	k.small.Draw(im, say.Say(thatslife.Card{Kind: kind}.Label()), cx, cy, Centre, styleOf(kind).ink)
}

// homeFlag is a chequered square, the Finish card's band: it stands before
// a player's figures, filled when home.
func homeFlag() *image.RGBA {
	const side, sq = minIcon, minIcon / 4
	return Sprite(side, side, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		FillRect(im, im.Bounds(), rgb(textMain))
		for i := range 4 {
			for j := range 4 {
				c := rgb(white)
				if (i+j)%2 == 1 {
					c = rgb(inkDark)
				}
				FillRect(im, image.Rect(1+i*sq, 1+j*sq, 1+(i+1)*sq, 1+(j+1)*sq), c)
			}
		}
	})
}

// cardWidth is the width of a card on the course: Start, wide, holds every
// seat's figures side by side.
func cardWidth(wide bool) int {
	if wide {
		return tlWideW
	}
	return tlCardW
}

// recycleMark draws a circular arrow, ⟳: a card sent back to the end of
// the course once (variant 3).
func recycleMark(dc *gg.Context, cx, cy, r float64, c color.Color) {
	dc.SetColor(c)
	dc.SetLineWidth(3)
	dc.DrawArc(cx, cy, r, -math.Pi/2+0.5, 1.5*math.Pi-0.2)
	dc.Stroke()
	tip := -math.Pi/2 + 0.5
	tx, ty := cx+r*math.Cos(tip), cy+r*math.Sin(tip)
	dc.MoveTo(tx+5, ty-4)
	dc.LineTo(tx-4, ty-5)
	dc.LineTo(tx+1, ty+5)
	dc.ClosePath()
	dc.Fill()
}

// drawChip draws a collected card as it sits in a player's row. A locked
// chip, one no fortune may turn (variant 5), has a dark rim; a turned one
// is a minus card a fortune made count for its owner, drawn gold as the
// log writes it, "★→−6".
func (k *thatsLifeKit) drawChip(key chipKey) *image.RGBA {
	iw, ih := chipSize(key)
	w, h := float64(iw), float64(ih)
	face, star := k.small, float64(minIcon)
	if key.big {
		face, star = k.bigChip, h-6
	}
	return Sprite(iw, ih, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		st := styleOf(key.kind)
		edge, line := st.edge, 1.5
		switch {
		case key.locked:
			edge, line = rgb(inkDark), 3.5
		case key.turned:
			st = styleOf(thatslife.Fortune)
			edge = st.edge
		}
		RoundedCard(dc, 0.5, 0.5, w-1, h-1, 6, st.fill, edge, line)
		if key.kind == thatslife.Fortune {
			StarPath(dc, w/2, h/2+1, star/2)
			dc.SetColor(st.ink)
			dc.Fill()
			return
		}
		s := faceLabel(key.kind, key.value)
		if !key.turned {
			face.Draw(im, s, w/2, h/2, Centre, st.ink)
			return
		}
		// The star is drawn, not written: the Go fonts have no ★.
		s = "→" + s
		left := (w - star - 2 - face.Measure(s)) / 2
		StarPath(dc, left+star/2, h/2, star/2)
		dc.SetColor(st.ink)
		dc.Fill()
		face.Draw(im, s, left+star+2, h/2, MiddleLeft, st.ink)
	})
}

// background is the bare table of a board h pixels tall.
func (k *thatsLifeKit) background(h int) *backdrop {
	return k.backgrounds.get(h, func() *image.RGBA { return plainBackdrop(PhoneWidth, h) })
}

// thatsLifeHeight is the height of a board of seats with its legend in
// say's words: it depends on nothing a move changes, so that a game's
// boards line up in its replay.
func (k *thatsLifeKit) thatsLifeHeight(seats int, say i18n.Printer) int {
	n := tlSeats(seats)
	rows := n*tlRowHeight(n) + (n-1)*tlRowGap
	return tlPanelTop + rows + 10 + k.legendHeight(worded(say, k.legend), PhoneWidth)
}

// ThatsLife draws a That's Life! board as a PNG PhoneWidth pixels wide,
// its height set by the number of seats: the header with whose turn it is
// or who won; the course, each card with the pieces on it; one row per
// player with their token, name, figures home, score and collected cards;
// and the legend. What the last move changed is outlined. Once the game is
// over the ranking takes the course's place. names[seat] is a player's
// display name; missing or undrawable names become "Player n". The
// board's own words are in lang.
//
// Views that no game produces — no spots, unknown colours, absurd numbers —
// still draw without failing.
func (r *Renderer) ThatsLife(v thatslife.View, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.paintThatsLife(v, names, words().In(lang)))
}

func (r *Renderer) paintThatsLife(v thatslife.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	k := r.thatsLife()
	return k.background(k.thatsLifeHeight(len(v.Players), say)), func(im *image.RGBA) {
		ranks := tlRanks(v)
		k.drawHeader(im, k.header(v, ranks, say), names, say)
		if v.Over {
			k.drawRanking(im, v, names, ranks, say)
			return
		}
		k.drawCourse(im, v, say)
		k.drawPlayers(im, v, names, say)
		k.drawLegend(im, worded(say, k.legend))
	}, nil
}

// tlRanks is each seat's place once the game is over: the result's, or
// one worked out from the scores when the view lacks it.
func tlRanks(v thatslife.View) []int {
	if !v.Over {
		return nil
	}
	if len(v.Result.Rank) == len(v.Players) {
		return v.Result.Rank
	}
	scores := make([]int, len(v.Players))
	for i, p := range v.Players {
		scores[i] = p.Score
	}
	return games.RankByScore(scores)
}

func (k *thatsLifeKit) header(v thatslife.View, ranks []int, say i18n.Printer) header {
	h := header{Game: say.T("game.thatslife"), Over: v.Over}
	if v.Over {
		h.Stage = say.T("thatslife.final_scores")
		for s, rk := range ranks {
			if rk == 1 {
				h.Winners = append(h.Winners, seatMark{s, seatColour(v, s)})
			}
		}
		if len(h.Winners) == 0 {
			// A view with nobody seated has nobody to name.
			h.Over, h.Note = false, say.T("frame.game_over")
		}
		return h
	}
	h.Stage = say.T("thatslife.cards_left", "n", max(len(v.Spots)-2, 0))
	if t := int(v.Turn); t >= 0 && t < len(v.Players) {
		h.Turn = []seatMark{{t, seatColour(v, t)}}
	}
	return h
}

// slot returns the top-left corner of the card in serpentine slot i.
func slot(i int) (x, y int) {
	row, col := i/tlCols, i%tlCols
	if row%2 == 1 {
		col = tlCols - 1 - col
	}
	return tlCourseX + col*tlSlotW, tlCourseY + row*tlSlotH
}

// courseSlots lists the spots drawn, in order: the first, Start, takes the
// first two slots (courseSlot), wide enough for every seat's figures. A
// real course has at most 34 cards and always fits; a longer one keeps its
// ends and loses its middle, marked by an elision card (-1), rather than
// spilling off the board.
func courseSlots(n int) (spots []int, elided int) {
	const room = tlSlots - 1
	if n <= room {
		spots = make([]int, n)
		for i := range spots {
			spots[i] = i
		}
		return spots, 0
	}
	spots = make([]int, 0, room)
	for i := range room - 2 {
		spots = append(spots, i)
	}
	spots = append(spots, -1, n-1)
	return spots, n - (room - 1)
}

// courseSlot is the slot of the i-th card drawn: Start covers slots 0
// and 1.
func courseSlot(i int) int {
	if i == 0 {
		return 0
	}
	return i + 1
}

// repeated reports, for each spot, whether another spot on the course shows
// the same face: the buttons then name it with its mark, "A−3", and the
// card carries that mark.
func repeated(spots []thatslife.Spot) []bool {
	type face struct {
		kind  thatslife.Kind
		value int
	}
	count := make(map[face]int, len(spots))
	for _, sp := range spots {
		count[face{sp.Card.Kind, sp.Card.Value}]++
	}
	out := make([]bool, len(spots))
	for i, sp := range spots {
		out[i] = count[face{sp.Card.Kind, sp.Card.Value}] > 1
	}
	return out
}

func (k *thatsLifeKit) drawCourse(im *image.RGBA, v thatslife.View, say i18n.Printer) {
	spots, elided := courseSlots(len(v.Spots))
	if len(spots) == 0 {
		return
	}
	// A track joins each card to the next across the gap between them,
	// showing the way where the serpentine turns.
	for i := 1; i < len(spots); i++ {
		ax, ay := slot(courseSlot(i) - 1)
		bx, by := slot(courseSlot(i))
		const half = 4
		var r image.Rectangle
		switch {
		case ay != by:
			cx := ax + tlCardW/2
			r = image.Rect(cx-half, ay+tlCardH, cx+half, by)
		case ax < bx:
			cy := ay + tlCardH/2
			r = image.Rect(ax+tlCardW, cy-half, bx, cy+half)
		default:
			cy := ay + tlCardH/2
			r = image.Rect(bx+tlCardW, cy-half, ax, cy+half)
		}
		FillRect(im, r, rgb(tableLine))
	}
	twins := repeated(v.Spots)
	var fresh image.Rectangle
	for i, s := range spots {
		x, y := slot(courseSlot(i))
		if s < 0 {
			k.drawElision(im, x, y, elided, say)
			continue
		}
		sp := v.Spots[s]
		edge := sp.Card.Kind == thatslife.Start || sp.Card.Kind == thatslife.Finish
		key := cardKey{sp.Card.Kind, sp.Card.Value, sp.Recycled, twins[s] && !edge, i == 0}
		face := k.cards[key]
		if face == nil {
			face = k.drawCard(key)
		}
		Paste(im, face, x-tlPad, y-tlPad)
		if edge {
			k.drawEndWord(im, sp.Card.Kind, x, y, key.wide, say)
		}
		if key.marked {
			k.small.Draw(im, sp.Card.Mark(), float64(x+6), float64(y+16), MiddleLeft, styleOf(sp.Card.Kind).edge)
		}
		if sp.Recycled {
			k.fonts.icon("recycled", minIcon)
		}
		if sp.Card.Kind == thatslife.Fortune {
			k.fonts.icon("fortune", 26)
		}
		k.drawPieces(im, v, sp, x, y, key.wide)
		if v.Last != nil && sp.Card.ID != "" && sp.Card.ID == v.Last.To {
			fresh = image.Rect(x, y, x+cardWidth(key.wide), y+tlCardH)
		}
	}
	if !fresh.Empty() {
		markFresh(im, fresh)
	}
}

func (k *thatsLifeKit) drawElision(im *image.RGBA, x, y, n int, say i18n.Printer) {
	r := image.Rect(x, y, x+tlCardW, y+tlCardH)
	FillRect(im, r, rgb(tableInset))
	k.small.Draw(im, "+"+strconv.Itoa(n), float64(x+tlCardW/2), float64(y+tlCardH/2-12), Centre, rgb(textSoft))
	k.small.Draw(im, say.T("thatslife.more"), float64(x+tlCardW/2), float64(y+tlCardH/2+12), Centre, rgb(textSoft))
}

// piece is one stack on a card: the guards, or one seat's figures.
type piece struct {
	seat  int // -1 for guards
	count int
}

func (k *thatsLifeKit) drawPieces(im *image.RGBA, v thatslife.View, sp thatslife.Spot, x, y int, wide bool) {
	var ps []piece
	if sp.Guards > 0 {
		ps = append(ps, piece{-1, sp.Guards})
	}
	for seat, n := range sp.Figures {
		if n > 0 {
			ps = append(ps, piece{seat, n})
		}
	}
	if len(ps) == 0 {
		return
	}
	areaTop := tlPiecesTop
	if sp.Card.Kind == thatslife.Start || sp.Card.Kind == thatslife.Finish {
		areaTop = tlEndPiecesTop
	}
	tiers, w := k.tiers, cardWidth(wide)
	if wide {
		tiers = k.wideTiers
	}
	tier := tiers[len(tiers)-1]
	for _, t := range tiers {
		if len(ps) <= t.perRow*t.rows {
			tier = t
			break
		}
	}
	// Past the smallest tier's room the last place says how many more.
	more := 0
	if capacity := tier.perRow * tier.rows; len(ps) > capacity {
		more = len(ps) - (capacity - 1)
		ps = ps[:capacity-1]
	}
	places := len(ps)
	if more > 0 {
		places++
	}
	rows := (places + tier.perRow - 1) / tier.perRow
	step := float64(w-4) / float64(tier.perRow)
	rowStep := float64(tlPiecesBottom-areaTop) / float64(tier.rows)
	top := float64(y) + float64(areaTop+tlPiecesBottom)/2 - rowStep*float64(rows-1)/2
	for i := range places {
		row, col := i/tier.perRow, i%tier.perRow
		inRow := min(tier.perRow, places-row*tier.perRow)
		cx := float64(x) + float64(w)/2 + (float64(col)-float64(inRow-1)/2)*step
		cy := top + float64(row)*rowStep
		if i == len(ps) {
			k.small.Draw(im, "+"+strconv.Itoa(more), cx, cy, Centre, styleOf(sp.Card.Kind).ink)
			continue
		}
		p := ps[i]
		if p.seat < 0 {
			BlitCentred(im, tier.pawn, cx, cy)
			k.fonts.icon("guard", tier.size)
		} else {
			BlitCentred(im, tier.tokens[paletteIndex(seatColour(v, p.seat))], cx, cy)
			k.fonts.icon("figure", tier.size)
		}
		if p.count > 1 {
			k.countBadge(im, p.count, cx+tier.size*0.42, cy-tier.size*0.36)
		}
	}
}

// countBadge draws a number in a dark pill at the shoulder of a stack.
// Every stack counts the same way; a number inside the marks would not fit
// the triangles.
func (k *thatsLifeKit) countBadge(im *image.RGBA, n int, cx, cy float64) {
	s := strconv.Itoa(n)
	if n > 99 {
		// More pieces than the box holds: say "many" without covering the card.
		s = "99+"
	}
	badge := k.badges.get(s, func() *image.RGBA {
		w := math.Max(k.small.Measure(s)+6, tlBadgeH)
		return centredSprite(w, tlBadgeH, func(dc *gg.Context, cx, cy float64) {
			dc.DrawRoundedRectangle(cx-w/2, cy-tlBadgeH/2, w, tlBadgeH, tlBadgeH/2)
			dc.SetColor(rgb(inkDark))
			dc.Fill()
			k.small.Draw(dc.Image().(*image.RGBA), s, cx, cy, Centre, rgb(white))
		})
	})
	k.fonts.sight.sawText(s, k.small.size)
	BlitCentred(im, badge, cx, cy)
}

// seatColour is the palette colour of a seat: its player's colour when the
// view has one, else the seat number.
func seatColour(v thatslife.View, seat int) int {
	if seat >= 0 && seat < len(v.Players) {
		return int(v.Players[seat].Colour)
	}
	return seat
}

// signed writes a score as players read it: "+12", "−3", "0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.FormatUint(uint64(-int64(n)), 10)
	}
	return "0"
}

// drawPlayers draws a row per seat, in seat order so that nobody's row
// moves while the game runs.
func (k *thatsLifeKit) drawPlayers(im *image.RGBA, v thatslife.View, names []string, say i18n.Printer) {
	rowH := tlRowHeight(len(v.Players))
	for seat := range min(len(v.Players), tlSeats(len(v.Players))) {
		top := tlPanelTop + seat*(rowH+tlRowGap)
		k.drawPlayer(im, v, seat, k.name.SeatName(say, names, seat), top, rowH, say)
	}
}

// drawPlayer draws one player's row: token, name, figures home and score
// on the first line, with the arrow and the die for the player to play;
// the cards they collected below.
func (k *thatsLifeKit) drawPlayer(im *image.RGBA, v thatslife.View, seat int, name string, top, h int, say i18n.Printer) {
	p := v.Players[seat]
	colour := paletteIndex(int(p.Colour))
	box := image.Rect(frameMargin, top, PhoneWidth-frameMargin, top+h)
	toPlay := seat == int(v.Turn)
	if toPlay {
		k.active.Draw(im, box)
	} else {
		k.panel.Draw(im, box)
	}
	line := float64(top + 17)
	left, right := float64(box.Min.X+10), float64(box.Max.X-10)
	if toPlay {
		k.drawArrow(im, left+turnArrow/2, line)
		left += turnArrow + 6
	}
	BlitCentred(im, k.rowTokens[colour], left+tlTokenSize/2, line)
	k.fonts.icon("player token", tlTokenSize)
	left += tlTokenSize + 8

	score := signed(p.Score)
	right -= k.score.Draw(im, k.score.Fit(score, 80), right, line, MiddleRight, scoreColour(p.Score)) + 12
	right = k.drawHome(im, p, colour, right, line)
	if toPlay && v.Roll != 0 {
		right = k.drawDie(im, v.Roll, right, line)
	}
	k.name.Draw(im, k.name.Fit(name, right-left), left, line, MiddleLeft, rgb(textMain))

	if len(p.Collected) == 0 {
		k.small.Draw(im, say.T("common.no_cards_yet"), float64(box.Min.X+12), float64(top+43), MiddleLeft, rgb(textSoft))
		return
	}
	lines := 1 + (h-56)/tlLineStep
	k.drawChips(im, v, collection(p, false), box.Min.X+10, top+43, box.Max.X-10, lines, tlLineStep)
}

// drawHome draws a player's figures, filled when home and hollow while on
// the way, ending at right; it returns where they begin.
func (k *thatsLifeKit) drawHome(im *image.RGBA, p thatslife.PlayerView, colour int, right, cy float64) float64 {
	if p.Figures > 0 && p.Figures <= 6 {
		for i := p.Figures - 1; i >= 0; i-- {
			pip := k.hollow[colour]
			if i < p.Home {
				pip = k.pips[colour]
			}
			BlitCentred(im, pip, right-tlPipSize/2, cy)
			right -= tlPipSize + 3
		}
		k.fonts.icon("figures home", tlPipSize)
	} else if p.Figures != 0 {
		s := strconv.Itoa(p.Home) + "/" + strconv.Itoa(p.Figures)
		right -= k.small.Draw(im, s, right, cy, MiddleRight, rgb(textSoft)) + 6
	}
	if p.Figures == 0 {
		return right
	}
	BlitCentred(im, k.home, right-minIcon/2-2, cy)
	k.fonts.icon("home", minIcon)
	return right - minIcon - 14
}

// drawDie draws the roll of the player to play ending at right; it returns
// where it begins.
func (k *thatsLifeKit) drawDie(im *image.RGBA, roll int, right, cy float64) float64 {
	x := right - tlDieSize
	if roll >= 1 && roll <= 6 {
		BlitCentred(im, k.dice[roll], x+tlDieSize/2, cy)
	} else {
		BlitCentred(im, k.dice[0], x+tlDieSize/2, cy)
		s := strconv.Itoa(roll)
		k.small.Draw(im, k.small.Fit(s, tlDieSize+20), x+tlDieSize/2, cy, Centre, rgb(inkDark))
	}
	k.fonts.icon("die", tlDieSize)
	return x - 12
}

// chip is one collected card as a row shows it.
type chip struct {
	key chipKey
	ids []string // the cards it stands for: two when a fortune turned a minus card
}

// collection lists a player's cards as their row shows them: while the
// game runs, in the order taken; once it is over, as the score counts
// them and the log writes them: plus cards, minus cards turned by a
// fortune (★→−6), fortunes left, minus cards, the card no fortune turns.
func collection(p thatslife.PlayerView, final bool) []chip {
	locked := make(map[string]bool, len(p.Unconvertible))
	for _, id := range p.Unconvertible {
		locked[id] = true
	}
	var all, plus, stars, minus, kept []chip
	for _, c := range p.Collected {
		ch := chip{chipKey{c.Kind, c.Value, locked[c.ID], false, final}, []string{c.ID}}
		all = append(all, ch)
		switch {
		case ch.key.locked:
			kept = append(kept, ch)
		case c.Kind == thatslife.Fortune:
			stars = append(stars, ch)
		case c.Kind == thatslife.Minus:
			minus = append(minus, ch)
		default:
			plus = append(plus, ch)
		}
	}
	if !final {
		return all
	}
	// Largest first; each fortune turns the largest minus card left.
	byValue := func(a, b chip) int { return b.key.value - a.key.value }
	slices.SortStableFunc(plus, byValue)
	slices.SortStableFunc(minus, func(a, b chip) int { return byValue(b, a) })
	turned := min(len(stars), len(minus))
	out := plus
	for i := range turned {
		m := minus[i]
		m.key.turned = true
		m.ids = append(m.ids, stars[i].ids...)
		out = append(out, m)
	}
	out = append(out, stars[turned:]...)
	out = append(out, minus[turned:]...)
	return append(out, kept...)
}

// chipPlace is where a chip goes in a row: its left edge and its line.
type chipPlace struct{ x, line int }

// layChips places chips in lines from left to right, at most lines of
// them; the last place of the last line is kept for the count of the chips
// that do not fit. It returns the places of the chips that fit.
func layChips(chips []chip, left, right, lines int) []chipPlace {
	places := make([]chipPlace, 0, len(chips))
	x, line := left, 0
	for i, c := range chips {
		w, h := chipSize(c.key)
		need := w
		if i < len(chips)-1 && line == lines-1 {
			need += tlChipW
		}
		if x+need > right {
			if line == lines-1 {
				return places
			}
			line++
			x = left
		}
		places = append(places, chipPlace{x, line})
		x += w + 3 + (h-tlChipH)/4
	}
	return places
}

// chipLines is how many lines chips take from left to right.
func chipLines(chips []chip, left, right int) int {
	places := layChips(chips, left, right, len(chips))
	if len(places) == 0 {
		return 0
	}
	return places[len(places)-1].line + 1
}

// drawChips draws chips in at most lines lines from left to right, the
// first centred on cy, step apart; the last place counts any that do not
// fit. The card the last move took is outlined.
func (k *thatsLifeKit) drawChips(im *image.RGBA, v thatslife.View, chips []chip, left, cy, right, lines, step int) {
	if lines <= 0 {
		return
	}
	took := ""
	if v.Last != nil {
		took = v.Last.Took
	}
	places := layChips(chips, left, right, lines)
	for i, pl := range places {
		c := chips[i]
		face := k.chips[c.key]
		if face == nil {
			face = k.drawChip(c.key)
		}
		w, h := face.Rect.Dx(), face.Rect.Dy()
		y := cy + pl.line*step - h/2
		Blit(im, face, pl.x, y)
		size := k.small.size
		if c.key.big {
			size = k.bigChip.size
		}
		k.fonts.sight.sawText(faceLabel(c.key.kind, c.key.value), size)
		if c.key.kind == thatslife.Fortune || c.key.turned {
			k.fonts.icon("fortune", minIcon)
		}
		if took != "" && slices.Contains(c.ids, took) {
			markFresh(im, image.Rect(pl.x, y, pl.x+w, y+h))
		}
	}
	if n := len(places); n < len(chips) {
		x := left
		if n > 0 {
			w, _ := chipSize(chips[n-1].key)
			x = places[n-1].x + w + 4
		}
		k.small.Draw(im, "+"+strconv.Itoa(len(chips)-n), float64(x+4), float64(cy+(lines-1)*step), MiddleLeft, rgb(textSoft))
	}
}

// drawRanking draws the finished game: a row per player from first to
// last, with their place, token, name and score, large, and the cards that
// made the score as the score counts them; below them the cards nobody
// took; then the legend of the score's symbols.
func (k *thatsLifeKit) drawRanking(im *image.RGBA, v thatslife.View, names []string, ranks []int, say i18n.Printer) {
	legend := k.overLegend
	for _, p := range v.Players {
		if len(p.Unconvertible) > 0 {
			legend = append(slices.Clip(legend), k.lockLegend)
			break
		}
	}
	legend = worded(say, legend)
	k.drawLegend(im, legend)
	n := len(v.Players)
	if n == 0 {
		return
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return ranks[a] - ranks[b] })
	bottom := im.Rect.Dy() - k.legendHeight(legend, PhoneWidth) - 10
	shown := min(n, tlSeats(n))
	rowH := min(tlOverRowMax, (bottom-tlCourseY-(shown-1)*tlRowGap)/shown)

	// Every row gives its cards as many lines as the fullest needs, as far
	// as the rows' height allows, and centres its content.
	left, right := frameMargin+12, PhoneWidth-frameMargin-12
	hands := make([][]chip, shown)
	lines := 1
	for i, seat := range order[:shown] {
		hands[i] = collection(v.Players[seat], true)
		lines = max(lines, chipLines(hands[i], left, right))
	}
	lines = max(1, min(lines, (rowH-tlOverName-10)/tlBigStep))
	pad := max(0, (rowH-tlOverName-lines*tlBigStep)/2)
	for i, seat := range order[:shown] {
		top := tlCourseY + i*(rowH+tlRowGap)
		k.drawFinalRow(im, v, seat, k.bigName.SeatName(say, names, seat), ranks[seat], hands[i], top, rowH, pad, lines, say)
	}
	k.drawLeftOver(im, v, tlCourseY+shown*(rowH+tlRowGap)+6, bottom, say)
}

func (k *thatsLifeKit) drawFinalRow(im *image.RGBA, v thatslife.View, seat int, name string, rank int, chips []chip, top, h, pad, lines int, say i18n.Printer) {
	p := v.Players[seat]
	colour := paletteIndex(int(p.Colour))
	box := image.Rect(frameMargin, top, PhoneWidth-frameMargin, top+h)
	if rank == 1 {
		k.winner.Draw(im, box)
	} else {
		k.panel.Draw(im, box)
	}
	line := float64(top + pad + tlOverName/2)
	left, right := float64(box.Min.X+12), float64(box.Max.X-14)
	rc := rgb(textSoft)
	if rank == 1 {
		rc = rgb(gold)
	}
	k.rank.Draw(im, strconv.Itoa(rank), left+8, line, Centre, rc)
	left += 30
	BlitCentred(im, k.overTokens[colour], left+16, line)
	k.fonts.icon("player token", 32)
	left += 32 + 10
	score := signed(p.Score)
	right -= k.bigScore.Draw(im, k.bigScore.Fit(score, 140), right, line, MiddleRight, scoreColour(p.Score)) + 16
	k.bigName.Draw(im, k.bigName.Fit(name, right-left), left, line, MiddleLeft, rgb(textMain))
	cy := top + pad + tlOverName + tlBigStep/2 - 4
	if len(chips) == 0 {
		k.small.Draw(im, say.T("thatslife.no_cards"), float64(box.Min.X+12), float64(cy), MiddleLeft, rgb(textSoft))
		return
	}
	k.drawChips(im, v, chips, box.Min.X+12, cy, box.Max.X-12, lines, tlBigStep)
}

// drawLeftOver draws, where the ranking leaves room between top and
// bottom, the cards left on the course, which nobody took.
func (k *thatsLifeKit) drawLeftOver(im *image.RGBA, v thatslife.View, top, bottom int, say i18n.Printer) {
	var chips []chip
	for _, sp := range v.Spots {
		if c := sp.Card; c.Kind != thatslife.Start && c.Kind != thatslife.Finish {
			chips = append(chips, chip{chipKey{c.Kind, c.Value, false, false, true}, []string{c.ID}})
		}
	}
	lines := (bottom - top - 30) / tlBigStep
	if len(chips) == 0 || lines < 1 {
		return
	}
	left, right := frameMargin+12, PhoneWidth-frameMargin-12
	k.small.Draw(im, say.T("thatslife.left_over"), float64(left), float64(top+12), MiddleLeft, rgb(textSoft))
	k.drawChips(im, v, chips, left, top+30+tlBigChipH/2, right, lines, tlBigStep)
}

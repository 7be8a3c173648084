package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
)

// The board of That's Life! The course runs as a serpentine of cards on the
// left — left to right, then right to left — so that consecutive cards stay
// neighbours; the players sit in a panel on the right, and a footer names
// the game and its variants.
//
// Sizes are chosen for a phone, where Discord shows the image about 400
// pixels wide (a scale of 0.31): card values are 40 px, about 12 px there.
const (
	tlCols    = 7
	tlRows    = 5
	tlSlots   = tlCols * tlRows // 35: the full course of 34 cards fits
	tlCourseX = 12
	tlCourseY = 12
	tlSlotW   = 124
	tlSlotH   = 134
	tlCardW   = 112
	tlCardH   = 122
	tlRadius  = 12
	tlPad     = 6 // room around a card sprite for its shadow

	// Where tokens stand on a card: below its value, or below the label of
	// Start and Finish, which have more to hold.
	tlTokenTop    = 60
	tlEndTokenTop = 50
	tlTokenBottom = 118

	tlPanelX   = 892
	tlPanelW   = Width - 10 - tlPanelX
	tlStatusH  = 112
	tlRowsTop  = tlCourseY + tlStatusH + 12
	tlRowsEnd  = tlCourseY + (tlRows-1)*tlSlotH + tlCardH
	tlRowGap   = 8
	tlRowMaxH  = 128
	tlFooterY  = 684
	tlDieSize  = 80
	tlChipW    = 32
	tlChipH    = 26
	tlChipStep = tlChipW + 4
	tlPipSize  = 18
	tlMarkSize = 30
)

// tokenTier is one size of token on a card, with its sprites: the more
// pieces share a card, the smaller they are drawn.
type tokenTier struct {
	size     float64
	perRow   int
	capacity int // pieces that fit on a card: one or two rows
	tokens   [PlayerColours]*image.RGBA
	pawn     *image.RGBA
}

func newTier(size float64, perRow, rows int) tokenTier {
	t := tokenTier{size: size, perRow: perRow, capacity: perRow * rows}
	for p := range t.tokens {
		t.tokens[p] = tokenSprite(size, func(dc *gg.Context, c float64) { Token(dc, p, c, c, size) })
	}
	t.pawn = tokenSprite(size, func(dc *gg.Context, c float64) {
		Pawn(dc, c, c, size, rgb(pawnFill), rgb(pawnEdge))
	})
	return t
}

// The guards' pawns: pale grey, unlike any player colour.
const (
	pawnFill = 0xD9E0E7
	pawnEdge = 0x3A4652
)

// cardKey names a card face. Faces depend on what a card shows, not on its
// id: the two −3 cards of runs A and B look alike, as on the table.
type cardKey struct {
	kind     thatslife.Kind
	value    int
	recycled bool
}

type chipKey struct {
	kind   thatslife.Kind
	value  int
	locked bool
}

// thatsLifeKit is everything a That's Life! board reuses. It is built once
// per Renderer and only read afterwards, but for its sprite cache, which is
// safe for concurrent use, so renders share it freely.
type thatsLifeKit struct {
	background *image.RGBA
	cards      map[cardKey]*image.RGBA
	chips      map[chipKey]*image.RGBA
	cardTiers  []tokenTier                // on route cards, largest first
	endTiers   []tokenTier                // on Start and Finish
	marks      [PlayerColours]*image.RGBA // next to a player's name
	pips       [PlayerColours]*image.RGBA // a figure home
	hollow     [PlayerColours]*image.RGBA // a figure still on the course
	dice       [7]*image.RGBA             // dice[0] is a blank face
	winStar    *image.RGBA                // beside the winners
	badges     spriteCache                // counts of a stack, by text

	statusBox, overBox, rowBox, winnerBox *Box
	turnBoxes                             [PlayerColours]*Box // edged in the colour of the player to move

	position, endLabel, badge, chip, chipSmall *Face
	values                                     []*Face
	name, score, label, status, body, rank     *Face
	dieNumber, footerTitle, footer             *Face
}

func newThatsLifeKit(fonts *fontSet) *thatsLifeKit {
	k := &thatsLifeKit{
		position:    fonts.face(Bold, 15),
		endLabel:    fonts.face(Bold, 21),
		badge:       fonts.face(Bold, 13),
		chip:        fonts.face(Bold, 15),
		chipSmall:   fonts.face(Bold, 11),
		values:      []*Face{fonts.face(Bold, 40), fonts.face(Bold, 32), fonts.face(Bold, 24), fonts.face(Bold, 16)},
		name:        fonts.face(Bold, 25),
		score:       fonts.face(Bold, 30),
		label:       fonts.face(Bold, 15),
		status:      fonts.face(Bold, 28),
		body:        fonts.face(Regular, 18),
		rank:        fonts.face(Bold, 22),
		dieNumber:   fonts.face(Bold, 34),
		footerTitle: fonts.face(Bold, 18),
		footer:      fonts.face(Regular, 18),
	}
	k.cardTiers = []tokenTier{newTier(38, 2, 1), newTier(30, 3, 1), newTier(26, 3, 2), newTier(22, 4, 2), newTier(20, 5, 2)}
	k.endTiers = []tokenTier{newTier(40, 2, 1), newTier(32, 2, 2), newTier(28, 3, 2), newTier(22, 4, 2), newTier(20, 5, 2)}
	for p := range PlayerColours {
		k.marks[p] = tokenSprite(tlMarkSize, func(dc *gg.Context, c float64) { Token(dc, p, c, c, tlMarkSize) })
		k.pips[p] = tokenSprite(tlPipSize, func(dc *gg.Context, c float64) { Pip(dc, p, true, rgb(textMain), c, c, tlPipSize) })
		k.hollow[p] = tokenSprite(tlPipSize, func(dc *gg.Context, c float64) { Pip(dc, p, false, rgb(textSoft), c, c, tlPipSize) })
	}
	k.statusBox = NewBox(14, 2, rgb(rowFill), rgb(tableLine), rgb(table))
	k.overBox = NewBox(14, 3, rgb(goldTint), rgb(gold), rgb(table))
	k.rowBox = NewBox(12, 0, rgb(rowFill), rgb(rowFill), rgb(table))
	k.winnerBox = NewBox(12, 2, rgb(goldTint), rgb(gold), rgb(table))
	for p := range PlayerColours {
		k.turnBoxes[p] = NewBox(12, 3, rgb(rowActive), Player(p).Fill, rgb(table))
	}
	k.winStar = centredSprite(64, 64, func(dc *gg.Context, cx, cy float64) {
		StarPath(dc, cx, cy, 32)
		dc.SetColor(rgb(gold))
		dc.Fill()
	})
	for n := range k.dice {
		k.dice[n] = Sprite(tlDieSize+4, tlDieSize+4, func(dc *gg.Context) { Die(dc, 2, 2, tlDieSize, n) })
	}

	// The standard deck, start and finish, plain and recycled: every face a
	// real game can show. Anything else is drawn when met, not cached, so a
	// malformed view cannot grow the cache.
	k.cards = make(map[cardKey]*image.RGBA)
	k.chips = make(map[chipKey]*image.RGBA)
	for _, c := range standardFaces() {
		for _, b := range []bool{false, true} {
			k.cards[cardKey{c.Kind, c.Value, b}] = k.drawCard(c, b)
			k.chips[chipKey{c.Kind, c.Value, b}] = k.drawChip(c, b)
		}
	}
	k.background = k.drawBackground()
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

// drawCard draws a card face with its shadow: the position number and the
// pieces are added per board. Cards always lie on the bare table, so the
// sprite is drawn on the table colour and opaque, and can be pasted.
func (k *thatsLifeKit) drawCard(c thatslife.Card, recycled bool) *image.RGBA {
	return Sprite(tlCardW+2*tlPad, tlCardH+2*tlPad, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		FillRect(im, im.Bounds(), rgb(table))
		x, y, w, h := float64(tlPad), float64(tlPad), float64(tlCardW), float64(tlCardH)
		st := styleOf(c.Kind)
		CardShadow(dc, x, y, w, h, tlRadius)
		RoundedCard(dc, x, y, w, h, tlRadius, st.fill, st.edge, 3)
		cx, vy := x+w/2, y+38
		switch c.Kind {
		case thatslife.Fortune:
			StarPath(dc, cx, vy+2, 25)
			dc.SetColor(st.ink)
			dc.Fill()
		case thatslife.Start:
			k.endLabel.Draw(im, "START", cx, y+24, Centre, st.ink)
		case thatslife.Finish:
			// A chequered band, the finish line everyone knows.
			const sq = 7
			n := int(w-16) / sq
			left, top := int(x+(w-float64(n*sq))/2), int(y+9)
			for i := range n {
				for j := range 2 {
					if (i+j)%2 == 0 {
						FillRect(im, image.Rect(left+i*sq, top+j*sq, left+(i+1)*sq, top+(j+1)*sq), rgb(white))
					}
				}
			}
			k.endLabel.Draw(im, "FINISH", cx, y+39, Centre, st.ink)
		default:
			s := c.Label()
			FitFace(s, w-12, k.values...).Draw(im, s, cx, vy, Centre, st.ink)
		}
		if recycled {
			recycleMark(dc, x+w-16, y+16, 7, st.edge)
		}
	})
}

// recycleMark draws a small circular arrow: a card sent back to the end of
// the course once (variant 3).
func recycleMark(dc *gg.Context, cx, cy, r float64, c color.Color) {
	dc.SetColor(c)
	dc.SetLineWidth(2.5)
	dc.DrawArc(cx, cy, r, -math.Pi/2+0.5, 1.5*math.Pi-0.2)
	dc.Stroke()
	tip := -math.Pi/2 + 0.5
	tx, ty := cx+r*math.Cos(tip), cy+r*math.Sin(tip)
	dc.MoveTo(tx+4, ty-3)
	dc.LineTo(tx-3, ty-4)
	dc.LineTo(tx+1, ty+4)
	dc.ClosePath()
	dc.Fill()
}

// drawChip draws a collected card as it sits in a player's row. A locked
// chip, one no fortune may turn (variant 5), has a dark rim.
func (k *thatsLifeKit) drawChip(c thatslife.Card, locked bool) *image.RGBA {
	return Sprite(tlChipW, tlChipH, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		st := styleOf(c.Kind)
		edge, line := st.edge, 1.5
		if locked {
			edge, line = rgb(inkDark), 3
		}
		RoundedCard(dc, 0, 0, tlChipW, tlChipH, 6, st.fill, edge, line)
		if c.Kind == thatslife.Fortune {
			StarPath(dc, tlChipW/2, tlChipH/2+1, 9)
			dc.SetColor(st.ink)
			dc.Fill()
			return
		}
		s := c.Label()
		FitFace(s, tlChipW-6, k.chip, k.chipSmall).Draw(im, s, tlChipW/2, tlChipH/2, Centre, st.ink)
	})
}

func (k *thatsLifeKit) drawBackground() *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, Width, Height))
	FillRect(im, im.Bounds(), rgb(table))
	FillRect(im, image.Rect(0, tlFooterY, Width, Height), rgb(tableInset))
	FillRect(im, image.Rect(0, tlFooterY, Width, tlFooterY+1), rgb(tableLine))
	return im
}

// ThatsLife draws a That's Life! board as a 1280×720 PNG: the course, each
// card with its position and the pieces on it; a panel with the player to
// move and the die, or the final ranking; one row per player with their
// mark, name, score, figures home and collected cards; and a footer with
// the variants in play. names[seat] is a player's display name; missing or
// undrawable names become "Player n".
//
// Views that no game produces — no spots, unknown colours, absurd numbers —
// still draw without failing.
func (r *Renderer) ThatsLife(v thatslife.View, names []string) ([]byte, error) {
	return r.render(r.paintThatsLife(v, names))
}

func (r *Renderer) paintThatsLife(v thatslife.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	k := r.thatsLife()
	return k.background, func(im *image.RGBA) {
		k.drawCourse(im, v)
		k.drawPanel(im, v, names)
		k.drawFooter(im, v)
	}, nil
}

// slot returns the top-left corner of the card in serpentine slot i.
func slot(i int) (x, y int) {
	row, col := i/tlCols, i%tlCols
	if row%2 == 1 {
		col = tlCols - 1 - col
	}
	return tlCourseX + col*tlSlotW + (tlSlotW-tlCardW)/2, tlCourseY + row*tlSlotH
}

// courseSlots pairs each spot drawn with its slot. A real course has at
// most 34 cards and always fits; a longer one keeps its ends and loses its
// middle, marked by an elision card, rather than spilling off the board.
func courseSlots(n int) (spots []int, elided int) {
	if n <= tlSlots {
		spots = make([]int, n)
		for i := range spots {
			spots[i] = i
		}
		return spots, 0
	}
	spots = make([]int, 0, tlSlots)
	for i := range tlSlots - 2 {
		spots = append(spots, i)
	}
	spots = append(spots, -1, n-1)
	return spots, n - (tlSlots - 1)
}

func (k *thatsLifeKit) drawCourse(im *image.RGBA, v thatslife.View) {
	spots, elided := courseSlots(len(v.Spots))
	if len(spots) == 0 {
		return
	}
	for i, s := range spots {
		x, y := slot(i)
		if s < 0 {
			k.drawElision(im, x, y, elided)
			continue
		}
		sp := v.Spots[s]
		face := k.cards[cardKey{sp.Card.Kind, sp.Card.Value, sp.Recycled}]
		if face == nil {
			face = k.drawCard(sp.Card, sp.Recycled)
		}
		Paste(im, face, x-tlPad, y-tlPad)
		if sp.Card.Kind != thatslife.Start && sp.Card.Kind != thatslife.Finish {
			k.position.Draw(im, strconv.Itoa(s), float64(x+9), float64(y+9), TopLeft, styleOf(sp.Card.Kind).edge)
		}
		k.drawPieces(im, v, sp, x, y)
	}
	// A track joins each card to the next across the gap between them,
	// showing the way where the serpentine turns.
	for i := 1; i < len(spots); i++ {
		ax, ay := slot(i - 1)
		bx, by := slot(i)
		const half = 7
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
}

func (k *thatsLifeKit) drawElision(im *image.RGBA, x, y, n int) {
	r := image.Rect(x, y, x+tlCardW, y+tlCardH)
	FillRect(im, r, rgb(tableInset))
	k.label.Draw(im, "+"+strconv.Itoa(n), float64(x+tlCardW/2), float64(y+tlCardH/2-12), Centre, rgb(textSoft))
	k.label.Draw(im, "more", float64(x+tlCardW/2), float64(y+tlCardH/2+12), Centre, rgb(textSoft))
}

// piece is one stack on a card: the guards, or one seat's figures.
type piece struct {
	seat  int // -1 for guards
	count int
}

func (k *thatsLifeKit) drawPieces(im *image.RGBA, v thatslife.View, sp thatslife.Spot, x, y int) {
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
	tiers, areaTop := k.cardTiers, tlTokenTop
	if sp.Card.Kind == thatslife.Start || sp.Card.Kind == thatslife.Finish {
		tiers, areaTop = k.endTiers, tlEndTokenTop
	}
	t := len(tiers) - 1
	for i, tier := range tiers {
		if len(ps) <= tier.capacity {
			t = i
			break
		}
	}
	tier := tiers[t]
	// Past the smallest tier's capacity the last place says how many more.
	more := 0
	if len(ps) > tier.capacity {
		more = len(ps) - (tier.capacity - 1)
		ps = ps[:tier.capacity-1]
	}
	slots := len(ps)
	if more > 0 {
		slots++
	}
	rows := (slots + tier.perRow - 1) / tier.perRow
	step := math.Min(tier.size+6, float64(tlCardW-8)/float64(tier.perRow))
	rowStep := tier.size + 2
	top := float64(y) + float64(areaTop+tlTokenBottom)/2 - rowStep*float64(rows-1)/2
	for i := range slots {
		row, col := i/tier.perRow, i%tier.perRow
		inRow := min(tier.perRow, slots-row*tier.perRow)
		cx := float64(x) + tlCardW/2 + (float64(col)-float64(inRow-1)/2)*step
		cy := top + float64(row)*rowStep
		if i == len(ps) {
			k.badge.Draw(im, "+"+strconv.Itoa(more), cx, cy, Centre, styleOf(sp.Card.Kind).ink)
			continue
		}
		p := ps[i]
		if p.seat < 0 {
			BlitCentred(im, tier.pawn, cx, cy)
		} else {
			BlitCentred(im, tier.tokens[paletteIndex(seatColour(v, p.seat))], cx, cy)
		}
		if p.count > 1 {
			k.countBadge(im, p.count, cx+tier.size*0.32, cy-tier.size*0.32)
		}
	}
}

// countBadge draws a number in a small dark disc at the shoulder of a
// stack. Every stack counts the same way; a number inside the marks would
// not fit the triangles.
func (k *thatsLifeKit) countBadge(im *image.RGBA, n int, cx, cy float64) {
	s := strconv.Itoa(n)
	if n > 99 {
		// More pieces than the box holds: say "many" without covering the card.
		s = "99+"
	}
	badge := k.badges.get(s, func() *image.RGBA {
		w := math.Max(k.badge.Measure(s)+7, 17)
		return centredSprite(w, 17, func(dc *gg.Context, cx, cy float64) {
			dc.DrawRoundedRectangle(cx-w/2, cy-8.5, w, 17, 8.5)
			dc.SetColor(rgb(inkDark))
			dc.Fill()
			k.badge.Draw(dc.Image().(*image.RGBA), s, cx, cy, Centre, rgb(white))
		})
	})
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

func (k *thatsLifeKit) drawPanel(im *image.RGBA, v thatslife.View, names []string) {
	n := len(v.Players)
	ranks := v.Result.Rank
	if v.Over && len(ranks) != n {
		scores := make([]int, n)
		for i, p := range v.Players {
			scores[i] = p.Score
		}
		ranks = games.RankByScore(scores)
	}
	k.drawStatus(im, v, names, ranks)
	if n == 0 {
		return
	}

	// While the game runs rows keep seat order, so nobody's row moves; once
	// it is over they show the ranking.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if v.Over {
		slices.SortStableFunc(order, func(a, b int) int { return ranks[a] - ranks[b] })
	}
	rowH := min(tlRowMaxH, (tlRowsEnd-tlRowsTop-tlRowGap*(n-1))/n)
	if rowH < 26 {
		// More players than any game seats: draw what fits.
		rowH = 26
	}
	for i, seat := range order {
		top := tlRowsTop + i*(rowH+tlRowGap)
		if top+rowH > tlRowsEnd {
			break
		}
		rank := 0
		if v.Over {
			rank = ranks[seat]
		}
		k.drawPlayer(im, v, seat, k.name.SeatName(names, seat), top, rowH, rank)
	}
}

func (k *thatsLifeKit) drawStatus(im *image.RGBA, v thatslife.View, names []string, ranks []int) {
	x, y, w, h := float64(tlPanelX), float64(tlCourseY), float64(tlPanelW), float64(tlStatusH)
	box := image.Rect(tlPanelX, tlCourseY, tlPanelX+tlPanelW, tlCourseY+tlStatusH)
	textX := x + 18
	if v.Over {
		k.overBox.Draw(im, box)
		var winners []int
		for s, rk := range ranks {
			if rk == 1 && s < len(v.Players) {
				winners = append(winners, s)
			}
		}
		label := "GAME OVER"
		switch {
		case len(winners) == 1:
			label = "GAME OVER · WINNER"
		case len(winners) > 1:
			label = "GAME OVER · SHARED WIN"
		}
		k.label.Draw(im, label, textX, y+18, TopLeft, rgb(gold))
		// The winners' marks, then their names as far as they fit.
		lineX, lineY := textX, y+70
		var shown []string
		for _, s := range winners {
			if lineX+tlMarkSize > x+w-90 {
				break
			}
			BlitCentred(im, k.marks[paletteIndex(seatColour(v, s))], lineX+tlMarkSize/2, lineY)
			lineX += tlMarkSize + 6
			shown = append(shown, k.name.SeatName(names, s))
		}
		line := strings.Join(shown, " & ")
		maxW := x + w - 90 - lineX - 4
		f := FitFace(line, maxW, k.status, k.name, k.body)
		f.Draw(im, f.Fit(line, maxW), lineX+4, lineY, MiddleLeft, rgb(textMain))
		BlitCentred(im, k.winStar, x+w-48, y+h/2+2)
		return
	}
	k.statusBox.Draw(im, box)
	k.label.Draw(im, "TO MOVE", textX, y+18, TopLeft, rgb(textSoft))
	seat := int(v.Turn)
	if seat < 0 || seat >= len(v.Players) {
		k.status.Draw(im, "—", textX, y+62, MiddleLeft, rgb(textMain))
		return
	}
	BlitCentred(im, k.marks[paletteIndex(seatColour(v, seat))], textX+tlMarkSize/2, y+62)
	nameX := textX + tlMarkSize + 10
	maxW := x + w - tlDieSize - 28 - nameX
	k.status.Draw(im, k.status.Fit(k.name.SeatName(names, seat), maxW), nameX, y+62, MiddleLeft, rgb(textMain))
	if v.Roll != 0 {
		k.body.Draw(im, "rolled "+strconv.Itoa(v.Roll), nameX, y+94, MiddleLeft, rgb(textSoft))
		dx, dy := x+w-tlDieSize-18, y+(h-tlDieSize)/2
		if v.Roll >= 1 && v.Roll <= 6 {
			Blit(im, k.dice[v.Roll], int(dx)-2, int(dy)-2)
		} else {
			Blit(im, k.dice[0], int(dx)-2, int(dy)-2)
			s := strconv.Itoa(v.Roll)
			FitFace(s, tlDieSize-10, k.dieNumber, k.label).Draw(im, s, dx+tlDieSize/2, dy+tlDieSize/2, Centre, rgb(inkDark))
		}
	}
}

// drawPlayer draws one player's row: mark, name and score on the first
// line; collected cards below, and figures home under the score. rank is 0
// while the game runs.
func (k *thatsLifeKit) drawPlayer(im *image.RGBA, v thatslife.View, seat int, name string, top, h, rank int) {
	p := v.Players[seat]
	x, y, w := float64(tlPanelX), float64(top), float64(tlPanelW)
	colour := paletteIndex(int(p.Colour))
	box := image.Rect(tlPanelX, top, tlPanelX+tlPanelW, top+h)
	switch {
	case rank == 1:
		k.winnerBox.Draw(im, box)
	case !v.Over && seat == int(v.Turn):
		k.turnBoxes[colour].Draw(im, box)
	default:
		k.rowBox.Draw(im, box)
	}

	line1 := y + min(26, float64(h)/2)
	left := x + 14
	if rank > 0 {
		c := rgb(textSoft)
		if rank == 1 {
			c = rgb(gold)
		}
		k.rank.Draw(im, strconv.Itoa(rank), left+8, line1, Centre, c)
		left += 26
	}
	BlitCentred(im, k.marks[colour], left+tlMarkSize/2, line1)
	nameX := left + tlMarkSize + 10

	score := signed(p.Score)
	sc := rgb(textMain)
	switch {
	case p.Score > 0:
		sc = rgb(goodSoft)
	case p.Score < 0:
		sc = rgb(badSoft)
	}
	const maxScoreW = 120
	sf := FitFace(score, maxScoreW, k.score, k.label)
	scoreW := sf.Draw(im, sf.Fit(score, maxScoreW), x+w-14, line1, MiddleRight, sc)
	k.name.Draw(im, k.name.Fit(name, x+w-14-scoreW-16-nameX), nameX, line1, MiddleLeft, rgb(textMain))

	if h < 60 {
		return
	}
	// Figures home: a filled mark per figure home, a hollow one per figure
	// on the way, under the score.
	line2 := y + 62
	right := x + w - 14
	if p.Figures > 0 && p.Figures <= 6 {
		for i := range p.Figures {
			pip := k.hollow[colour]
			if i < p.Home {
				pip = k.pips[colour]
			}
			BlitCentred(im, pip, right-float64(p.Figures-1-i)*(tlPipSize+4)-tlPipSize/2, line2)
		}
		right -= float64(p.Figures)*(tlPipSize+4) + 2
	} else if p.Figures != 0 {
		s := strconv.Itoa(p.Home) + "/" + strconv.Itoa(p.Figures)
		right -= k.label.Draw(im, s, right, line2, MiddleRight, rgb(textSoft)) + 6
	}
	if p.Figures != 0 {
		right -= k.label.Draw(im, "home", right, line2, MiddleRight, rgb(textSoft)) + 12
	}

	// Collected cards, in the order taken: the first line beside the home
	// marks, further lines, when the row is tall enough, across its width.
	// The last place counts any that do not fit.
	cards := p.Collected
	if len(cards) == 0 {
		k.label.Draw(im, "no cards yet", nameX, line2, MiddleLeft, rgb(textSoft))
		return
	}
	const lineStep = tlChipH + 6
	first := max(0, int(right-nameX+4)/tlChipStep)
	rest := int(x+w-14-nameX+4) / tlChipStep
	lines := max(1, (h-8-tlChipH/2-62)/lineStep+1)
	if rest <= 0 {
		return
	}
	capacity := first + (lines-1)*rest
	place := func(i int) (float64, float64) {
		line, col := 0, i
		if i >= first {
			line, col = 1+(i-first)/rest, (i-first)%rest
		}
		return nameX + float64(col*tlChipStep), line2 + float64(line*lineStep)
	}
	more := 0
	if len(cards) > capacity {
		more = len(cards) - max(capacity-1, 0)
		cards = cards[:max(capacity-1, 0)]
	}
	locked := make(map[string]bool, len(p.Unconvertible))
	for _, id := range p.Unconvertible {
		locked[id] = true
	}
	for i, c := range cards {
		cx, cy := place(i)
		chip := k.chips[chipKey{c.Kind, c.Value, locked[c.ID]}]
		if chip == nil {
			chip = k.drawChip(c, locked[c.ID])
		}
		Blit(im, chip, int(cx), int(cy)-tlChipH/2)
	}
	if more > 0 && capacity > 0 {
		cx, cy := place(len(cards))
		k.label.Draw(im, "+"+strconv.Itoa(more), cx+tlChipW/2, cy, Centre, rgb(textSoft))
	}
}

func (k *thatsLifeKit) drawFooter(im *image.RGBA, v thatslife.View) {
	drawFooterText(im, k.footerTitle, k.footer, "That's Life!", v.Options, float64(tlFooterY+Height)/2, Width-16)
}

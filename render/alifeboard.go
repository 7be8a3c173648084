package render

import (
	"cmp"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
)

// The A Life board for the channel, one column for a phone: the shared
// header; the live part of the board, its four rows numbered as the
// buttons name them ("Start on row 2"), each with the marker space this
// round's stacks stand on, the card of this round's column it reaches,
// the space behind it and the title of the next column's card; a panel
// per seat with its score, hearts, money and hand (size and the phases
// its backs show); and the legend. Hands are private: the board never
// draws a hand card, and refuses a view that carries one. At the end the
// rows give way to the final ranks.
const (
	abLabelY   = headerH + 15 // column labels
	abRowTop   = headerH + 30 // top of the first row
	abRowPitch = alCardH + 4
	abRowX     = 20 // centre of the row numbers
	abMarkSide = 48
	abMarkA    = 58 // centre of the spaces before this round's cards
	abCardA    = 108
	abMarkB    = abCardA + alCardW + 14 + abMarkSide/2
	abNextX    = abMarkB + abMarkSide/2 + 14
	abNextW    = PhoneWidth - frameMargin - abNextX
	abSeatTop  = abRowTop + 4*abRowPitch + 4
	abSeatH    = 60
	abSeatGap  = 6
)

// abRowY is the centre of board row r.
func abRowY(r int) float64 { return float64(abRowTop + r*abRowPitch + alCardH/2) }

// abSeats is how many seat panels a board of n seats has room for.
func abSeats(n int) int { return max(1, min(n, alMaxSeats)) }

// boardHeight is the height of the board of n seats with its legend in
// say's words: fixed by the seats, so that every board of a game, and
// every frame of its replay, is the same size.
func (k *alifeKit) boardHeight(n int, say i18n.Printer) int {
	return abSeatTop + abSeats(n)*(abSeatH+abSeatGap) + k.frame.legendHeight(worded(say, k.legend), PhoneWidth)
}

// drawBoardBackdrop draws the unchanging board of n seats: the row
// numbers, marker spaces, the bars from each to the cards it reaches
// (RULINGS 3.2: the slot in the next column on its own row and the rows
// beside it), empty card slots and the legend, in say's words.
func (k *alifeKit) drawBoardBackdrop(n int, say i18n.Printer) *image.RGBA {
	im := k.legendBackdrop(k.boardHeight(n, say), worded(say, k.legend))
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(rgb(tableLine))
	dc.SetLineWidth(2)
	for _, m := range [2][2]float64{{abMarkA, abCardA}, {abMarkB, abNextX}} {
		for r := range 4 {
			for _, d := range [3]int{-1, 0, 1} {
				if r+d < 0 || r+d > 3 {
					continue
				}
				dc.DrawLine(m[0]+abMarkSide/2, abRowY(r), m[1]+2, abRowY(r+d)-float64(d)*30)
			}
		}
	}
	dc.Stroke()
	k.label.Draw(im, k.label.Fit(say.T("alife.row"), abCardA-8), 4, abLabelY, MiddleLeft, rgb(textSoft))
	for r := range 4 {
		cy := int(abRowY(r))
		k.rowNum.Draw(im, strconv.Itoa(r+1), abRowX, float64(cy), Centre, rgb(textMain))
		for _, mx := range [2]int{abMarkA, abMarkB} {
			k.slot.Draw(im, image.Rect(mx-abMarkSide/2, cy-abMarkSide/2, mx+abMarkSide/2, cy+abMarkSide/2))
		}
		k.slot.Draw(im, image.Rect(abCardA, cy-alCardH/2, abCardA+alCardW, cy+alCardH/2))
		k.slot.Draw(im, image.Rect(abNextX, cy-alCardH/2, abNextX+abNextW, cy+alCardH/2))
	}
	return im
}

func (r *Renderer) paintAlifeBoard(v alife.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Hand != nil || v.Children != nil || v.Kept != nil || v.Draws != 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.alife()
	n := abSeats(len(v.Seats))
	if alOver(v) {
		// At the end the board gives way to the final ranks.
		return k.backdrop(alFinalBack, n, say), func(im *image.RGBA) {
			k.frame.drawHeader(im, alHeader(v, false, say), names, say)
			k.drawFinalRanks(im, v, names, say)
		}, nil
	}
	return k.backdrop(alBoardBack, n, say), func(im *image.RGBA) {
		k.frame.drawHeader(im, alHeader(v, false, say), names, say)
		k.drawColumns(im, v, say)
		k.drawStacks(im, v)
		k.drawBoardSeats(im, v, names, say)
		k.markLast(im, v)
	}, nil
}

// drawFinalRanks fills the board with the seats by final rank, large:
// rank, name, the three resources that scored most, and the score.
func (k *alifeKit) drawFinalRanks(im *image.RGBA, v alife.View, names []string, say i18n.Printer) {
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	rankOf := func(s int) int {
		if s < len(v.Rank) && v.Rank[s] > 0 {
			return v.Rank[s]
		}
		return math.MaxInt
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rankOf(a), rankOf(b)) })
	n := abSeats(len(order))
	if len(order) == 0 {
		return
	}
	order = order[:n]
	const gap = 10
	top, bottom := headerH+frameMargin, abSeatTop+n*(abSeatH+abSeatGap)-abSeatGap
	h := min(280, (bottom-top-(n-1)*gap)/n)
	x0, x1 := frameMargin, PhoneWidth-frameMargin
	for i, s := range order {
		y := top + i*(h+gap)
		r := image.Rect(x0, y, x1, y+h)
		sv := v.Seats[s]
		rank := rankOf(s)
		c := rgb(textMain)
		if rank == 1 {
			k.winner.Draw(im, r)
			c = rgb(gold)
		} else {
			k.panel.Draw(im, r)
		}
		// Rank and score on the first line, the name under them, the
		// resources that scored most under it, spread over the panel.
		step := float64(h) / 4
		y1, y2, y3 := float64(y)+step*0.9, float64(y)+step*2.1, float64(y)+step*3.15
		rankText := "–"
		if rank != math.MaxInt {
			rankText = ordinal(say, rank)
		}
		k.huge.Draw(im, k.huge.Fit(rankText, 140), float64(x0+16), y1, MiddleLeft, c)
		sw := k.huge.Draw(im, k.huge.Fit(number(sv.Score), 200), float64(x1-16), y1, MiddleRight, c)
		k.body.Draw(im, say.T("alife.points"), float64(x1-16)-sw-10, y1+10, MiddleRight, rgb(textSoft))
		x := float64(x0 + 16)
		BlitCentred(im, k.tokens[paletteIndex(s)], x+minIcon/2, y2)
		k.fonts.icon("player token", minIcon)
		x += minIcon + 10
		k.big.Draw(im, k.big.Fit(k.big.SeatName(say, names, s), float64(x1-16)-x), x, y2, MiddleLeft, rgb(textMain))
		x = float64(x0 + 16)
		if sv.Dead {
			x += k.label.Draw(im, say.T("alife.died_early"), x, y3, MiddleLeft, rgb(badSoft)) + 14
		}
		best := alProducts(sv)
		idx := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(best[b], best[a]) })
		for _, r := range idx[:3] {
			if best[r] <= 0 {
				break
			}
			text := resourceName(say, r) + " " + strconv.Itoa(best[r])
			if x+alSym+6+k.body.Measure(text) > float64(x1-16) {
				break
			}
			BlitCentred(im, k.life[r], x+alSym/2, y3)
			x += alSym + 6
			x += k.body.Draw(im, text, x, y3, MiddleLeft, rgb(textMain)) + 16
		}
	}
}

// drawColumns draws the two live card columns: a label with the column
// above each, this round's cards in full and the next column's titles.
func (k *alifeKit) drawColumns(im *image.RGBA, v alife.View, say i18n.Printer) {
	for i, col := range v.Columns {
		if i > 1 {
			break
		}
		ph := (col.Column + 2) / 3
		x, w, c := abCardA, alCardW, rgb(textMain)
		label := say.T("alife.column", "column", number(col.Column))
		if i == 1 {
			x, w, c = abNextX, abNextW, rgb(textSoft)
		} else if v.Step != "start" {
			label += " · " + say.T("alife.this_round")
		}
		lx := x
		if lw := int(math.Ceil(k.label.Measure(label))); i == 1 && lw > w-10 {
			// A long label of the next column reaches back over the
			// marker spaces, which have none.
			lx = max(abMarkB-abMarkSide/2, x+w-10-lw)
		}
		FillRect(im, image.Rect(lx, abLabelY-9, lx+5, abLabelY+9), alPhaseFill(ph))
		k.label.Draw(im, k.label.Fit(label, float64(x+w-lx-10)), float64(lx+10), abLabelY, MiddleLeft, c)
		for r, card := range col.Cards {
			if r >= 4 {
				break
			}
			cy := abRowY(r)
			if card == nil {
				k.body.Draw(im, k.body.Fit(say.T("alife.empty"), float64(w)), float64(x+w/2), cy, Centre, rgb(textSoft))
				continue
			}
			if i == 0 {
				k.face(*card, say).blitTo(im, x, int(cy)-alCardH/2)
				k.fonts.icon("card symbol", alSym)
			} else {
				k.tile(*card, say).blitTo(im, x, int(cy)-alCardH/2)
			}
		}
	}
	if len(v.Columns) == 1 {
		for i, line := range strings.Split(say.T("alife.last_column"), "\n") {
			k.body.Draw(im, k.body.Fit(line, abNextW), float64(abNextX+abNextW/2), abRowY(0)-10+float64(22*i), Centre, rgb(textSoft))
		}
	}
}

// tile returns the next column's card c as its title alone, wrapped,
// under a band of its phase's colour: enough to plan where to stand.
func (k *alifeKit) tile(c alife.Card, say i18n.Printer) *packed {
	key := alFaceKey{id: c.ID, tile: true, lang: say.Lang()}
	return k.cached(key, c, func() *image.RGBA {
		return Sprite(abNextW, alCardH, func(dc *gg.Context) {
			im := dc.Image().(*image.RGBA)
			w, h := float64(abNextW), float64(alCardH)
			RoundedCard(dc, 0, 0, w, h, 8, rgb(alCardFace), rgb(alCardEdge), 2)
			dc.DrawRoundedRectangle(2, 2, w-4, h-4, 6)
			dc.Clip()
			dc.DrawRectangle(0, 0, w, 6)
			dc.SetColor(alPhaseFill(c.Phase))
			dc.Fill()
			dc.ResetClip()
			f := k.titleSmall
			lines := f.Wrap(breakCompounds(f, cardTitle(f, c, say), w-14), w-14)
			if len(lines) > 4 {
				lines[3] = f.Fit(lines[3]+" "+lines[4], w-14)
				lines = lines[:4]
			}
			y := 8 + (h-8)/2 - float64(len(lines)-1)*21/2
			for i, l := range lines {
				f.Draw(im, l, 8, y+float64(i*21), MiddleLeft, rgb(inkDark))
			}
		})
	})
}

// stackSpace is the board space a seat's stack stands on: which of the
// two marker columns and the row, or ok false when it stands on neither.
func stackSpace(v alife.View, sv alife.SeatView) (m, row int, ok bool) {
	first := 1
	if len(v.Columns) > 0 {
		first = v.Columns[0].Column
	}
	switch {
	case sv.Row < 0 || sv.Row > 3:
		return 0, 0, false
	case sv.Col == first-1:
		return 0, sv.Row, true
	case sv.Col == first:
		return 1, sv.Row, true
	}
	return 0, 0, false
}

// spaceRect is the marker space m (0 before this round's cards, 1 behind
// them) of row r.
func spaceRect(m, r int) image.Rectangle {
	cx, cy := [2]int{abMarkA, abMarkB}[m], int(abRowY(r))
	return image.Rect(cx-abMarkSide/2, cy-abMarkSide/2, cx+abMarkSide/2, cy+abMarkSide/2)
}

// drawStacks sets each seat's marker stack on its space, centred when
// alone, side by side or in a square where several share one; a dead
// seat's stack is an outline.
func (k *alifeKit) drawStacks(im *image.RGBA, v alife.View) {
	var count, placed [2][4]int
	for _, sv := range v.Seats {
		if m, row, ok := stackSpace(v, sv); ok {
			count[m][row]++
		}
	}
	for s, sv := range v.Seats {
		m, row, ok := stackSpace(v, sv)
		if !ok {
			continue
		}
		i := placed[m][row]
		placed[m][row]++
		var dx, dy float64
		switch n := count[m][row]; {
		case n == 2:
			dx = float64(2*i-1) * 12
		case n > 2:
			dx, dy = float64(2*(i%2)-1)*12, float64(2*(i/2%2)-1)*12
		}
		c := spaceRect(m, row).Min.Add(image.Pt(abMarkSide/2, abMarkSide/2))
		t := k.tokens[paletteIndex(s)]
		if sv.Dead {
			t = k.hollow[paletteIndex(s)]
		}
		BlitCentred(im, t, float64(c.X)+dx, float64(c.Y)+dy)
		k.fonts.icon("player token", minIcon)
	}
}

// seatRect is seat s's panel.
func seatRect(s int) image.Rectangle {
	y := abSeatTop + s*(abSeatH+abSeatGap)
	return image.Rect(frameMargin, y, PhoneWidth-frameMargin, y+abSeatH)
}

func (k *alifeKit) drawBoardSeats(im *image.RGBA, v alife.View, names []string, say i18n.Printer) {
	if len(v.Seats) == 0 {
		k.body.Draw(im, say.T("alife.no_players"), PhoneWidth/2, float64(abSeatTop+abSeatH/2), Centre, rgb(textSoft))
		return
	}
	for s := range v.Seats[:abSeats(len(v.Seats))] {
		k.drawBoardSeat(im, v, names, s, seatRect(s), say)
	}
}

// drawBoardSeat draws one seat's panel: on the first line the arrow if it
// acts, its token, name, the start marker and its score; on the second
// its hearts, money, hand, children and what it is doing.
func (k *alifeKit) drawBoardSeat(im *image.RGBA, v alife.View, names []string, s int, r image.Rectangle, say i18n.Printer) {
	sv := v.Seats[s]
	acting := alActing(v.Acting, s)
	switch {
	case sv.Dead:
		k.out.Draw(im, r)
	case acting:
		k.active.Draw(im, r)
	default:
		k.panel.Draw(im, r)
	}
	x, right := float64(r.Min.X+12), float64(r.Max.X-12)
	y1, y2 := float64(r.Min.Y)+18, float64(r.Min.Y)+44
	if acting {
		k.frame.drawArrow(im, x+turnArrow/2, y1)
		x += turnArrow + 6
	}
	t := k.tokens[paletteIndex(s)]
	if sv.Dead {
		t = k.hollow[paletteIndex(s)]
	}
	BlitCentred(im, t, x+minIcon/2, y1)
	k.fonts.icon("player token", minIcon)
	nx := x + minIcon + 8
	sw := k.big.Draw(im, k.big.Fit(number(sv.Score), 110), right, y1+4, MiddleRight, scoreColour(sv.Score))
	nameRight := right - sw - 14
	var tag *image.RGBA
	tagW := 0.0
	if s == v.Start {
		tag = k.startTag(say)
		tagW = float64(tag.Rect.Dx()) + 8
	}
	dead := say.T("alife.died")
	deadW := 0.0
	if sv.Dead {
		deadW = k.label.Measure(dead) + 10
	}
	x2 := float64(r.Min.X + 12)
	x2 += k.drawHearts(im, sv.Hearts, x2, y2) + 12
	x2 += k.drawMoney(im, sv.Money, x2, y2) + 12
	x2 += k.drawHandMix(im, sv.HandSize, sv.HandPhases, x2, y2) + 6
	if sv.Children > 0 {
		x2 += k.drawCount(im, k.baby, "children", sv.Children, x2, y2) + 10
	}
	status, sc := alStepText(say, sv.Step), rgb(textSoft)
	switch {
	case v.Step == "child" && acting:
		status = say.T("alife.doing.child")
	case v.Step == "start" && acting:
		status = say.T("alife.doing.start")
	case v.Step == "start" && sv.Col < 0:
		status = say.T("alife.doing.unplaced")
	}
	if acting {
		sc = rgb(textMain)
	}
	// What the seat is doing ends the second line; where its words need
	// more room than that line leaves, it ends the first, before the
	// score, and the name gives way to it.
	if room := right - x2; status != "" && room > 60 && k.body.Measure(status) <= room {
		k.body.Draw(im, status, right, y2, MiddleRight, sc)
	} else if status != "" {
		nameRight -= k.body.Draw(im, k.body.Fit(status, nameRight-nx-tagW-deadW-60), nameRight, y1, MiddleRight, sc) + 12
	}

	nameC := rgb(textMain)
	if sv.Dead {
		nameC = rgb(textSoft)
	}
	name := k.name.SeatName(say, names, s)
	nx += k.name.Draw(im, k.name.Fit(name, nameRight-nx-tagW-deadW), nx, y1, MiddleLeft, nameC) + 8
	if tag != nil {
		BlitCentred(im, tag, nx+float64(tag.Rect.Dx())/2, y1)
		nx += tagW
	}
	if sv.Dead {
		k.label.Draw(im, dead, nx, y1, MiddleLeft, rgb(badSoft))
	}
}

// markLast outlines what the last move changed: the space a stack moved
// to, with the card dealt in place of one taken; for any other move, or
// once the round it was made in has passed, the panel of the seat that
// made it.
func (k *alifeKit) markLast(im *image.RGBA, v alife.View) {
	l := v.Last
	if l == nil || l.Seat < 0 || l.Seat >= abSeats(len(v.Seats)) {
		return
	}
	switch l.Move {
	case "start", "take", "stand":
		if m, row, ok := stackSpace(v, alife.SeatView{Col: l.Col, Row: l.Row}); ok {
			markFresh(im, spaceRect(m, row))
			if l.Move == "take" && m == 1 {
				cy := int(abRowY(row))
				markFresh(im, image.Rect(abCardA, cy-alCardH/2, abCardA+alCardW, cy+alCardH/2))
			}
			return
		}
	}
	markFresh(im, seatRect(l.Seat))
}

// breakCompounds lets a word too wide for width break after its hyphens,
// as a long German compound ("Möbel-Bausatz") is broken by hand.
func breakCompounds(f *Face, title string, width float64) string {
	words := strings.Fields(title)
	for i, word := range words {
		if f.Measure(word) > width && strings.Contains(strings.Trim(word, "-"), "-") {
			words[i] = strings.ReplaceAll(word, "-", "- ")
		}
	}
	return strings.Join(words, " ")
}

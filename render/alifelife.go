package render

import (
	"image"
	"math"
	"strconv"

	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
)

// A seat's life board, open to all and shared at the game's end as the
// picture of a finished life, one column for a phone: the shared header,
// with the stage and whose life it is, or that it won; the seat's score,
// large, its hearts, money, hand and the symbols it was born with; its
// twenty tracks as a table, each resource's name written out, with the
// products that make the score; the cards it lived, phase by phase, each
// a line with its title, a developed card ticked and a child's card with
// a baby, and how many seats befriended it; the cards it befriended; and
// the legend of those marks.
const (
	alSumY      = headerH + 42 // the score, hearts, money, hand, baby card
	alTrackTop  = headerH + 90
	alTrackRow  = 36
	alTrackHead = 30
	alTracksH   = alTrackHead + 5*alTrackRow + 10
	alLivedTop  = alTrackTop + alTracksH + 10
	alLinePitch = alLineH + 6
	// alLifeHeight is the height of every life board.
	alLifeHeight = 1000
)

func (r *Renderer) paintAlifeLife(v alife.LifeBoardView, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	k := r.alife()
	return k.backdrop(alLifeBack, 0, say), func(im *image.RGBA) { k.drawLife(im, v, names, say) }, nil
}

// alifeLifeHeader is the header of seat's life board: the winner's star once
// it won, else whose life it is.
func (k *alifeKit) alifeLifeHeader(v alife.LifeBoardView, name string, say i18n.Printer) header {
	step := "round"
	if v.Over {
		step = "over"
	}
	h := header{Game: say.T("game.alife_life"), Stage: alStage(say, step, v.Round, v.Phase)}
	if v.Over && v.Rank == 1 {
		h.Over, h.Winners = true, []seatMark{{v.Seat, v.Seat}}
		return h
	}
	rest := ""
	if v.Over && v.Rank > 0 {
		rest = ordinal(say, v.Rank)
		if v.Seats > 0 {
			rest = say.T("alife.rank_of", "rank", rest, "seats", v.Seats)
		}
		rest = " · " + rest
	}
	h.Note = k.frame.namedNote(say, "alife.life_of", name, rest)
	return h
}

func (k *alifeKit) drawLife(im *image.RGBA, v alife.LifeBoardView, names []string, say i18n.Printer) {
	name := k.name.SeatName(say, names, v.Seat)
	k.frame.drawHeader(im, k.alifeLifeHeader(v, name, say), names, say)
	k.drawLifeSummary(im, v, say)
	k.drawLifeTracks(im, v.Life, say)
	bottom := im.Rect.Dy() - k.frame.legendHeight(worded(say, k.lifeLegend), PhoneWidth) - 6
	top := k.drawLived(im, v.Life, alLivedTop, bottom, say)
	k.drawBefriended(im, v.Life.Befriended, top, bottom, say)
}

// drawLifeSummary draws the seat's hearts, money, hand and the baby card
// it was born with, and its score, large, at the right.
func (k *alifeKit) drawLifeSummary(im *image.RGBA, v alife.LifeBoardView, say i18n.Printer) {
	sv := v.Life
	x, right := float64(frameMargin), float64(PhoneWidth-frameMargin)
	cy := float64(alSumY)
	c := scoreColour(sv.Score)
	label := say.T("alife.score")
	if v.Over {
		label = say.T("alife.final_score")
		if v.Rank == 1 {
			c = rgb(gold)
		}
	}
	sw := k.huge.Draw(im, k.huge.Fit(number(sv.Score), 160), right, cy+2, MiddleRight, c)
	// The label starts under the score, or ends at the margin where it
	// would run off the image.
	lx := right - sw
	if lw := k.body.Measure(label); lx+lw > PhoneWidth {
		lx = right - lw
	}
	k.body.Draw(im, label, lx, cy+34, MiddleLeft, rgb(textSoft))
	right = lx - 12
	y1, y2 := cy-16, cy+18
	x += k.drawHearts(im, sv.Hearts, x, y1) + 14
	x += k.drawMoney(im, sv.Money, x, y1) + 14
	k.drawCount(im, k.hand, "cards in hand", sv.HandSize, x, y1)
	x = frameMargin
	if sv.Dead {
		k.label.Draw(im, k.label.Fit(say.T("alife.died_scored"), right-x), x, y2, MiddleLeft, rgb(badSoft))
		return
	}
	// The baby card: the symbols a life starts with.
	x += k.body.Draw(im, say.T("alife.born_with"), x, y2, MiddleLeft, rgb(textSoft)) + 8
	for _, it := range k.babyItems(sv.Baby) {
		set := &k.scoring
		if it.kind == alLife {
			set = &k.life
		}
		for range min(it.n, 4) {
			if x+alSym > right {
				return
			}
			if s := resSprite(set, it.res); s != nil {
				BlitCentred(im, s, x+alSym/2, y2)
				k.fonts.icon(alKindNames[it.kind], alSym)
			}
			x += alSym + 3
		}
	}
}

// babyItems lists a baby card's symbols.
func (k *alifeKit) babyItems(a alife.Area) []alItem {
	var out []alItem
	for _, it := range areaItems(a) {
		if it.kind == alScoring || it.kind == alLife {
			out = append(out, it)
		}
	}
	return out
}

// drawLifeTracks draws the tracks as a table in two columns of five: a
// row per resource with its symbol and name, scoring × life, and their
// product; the score is the sum, written above.
func (k *alifeKit) drawLifeTracks(im *image.RGBA, sv alife.SeatView, say i18n.Printer) {
	x0, w := frameMargin, PhoneWidth-2*frameMargin
	k.section.Draw(im, image.Rect(x0, alTrackTop, x0+w, alTrackTop+alTracksH))
	k.body.Draw(im, k.body.Fit(say.T("alife.tracks"), float64(w-24)), float64(x0+12), float64(alTrackTop+alTrackHead/2+2), MiddleLeft, rgb(textSoft))
	cw := w / 2
	type track struct {
		name, scoring, life, product string
		room                         float64 // for the name, before the numbers move
	}
	var tracks [alNumRes]track
	// Each column's numbers move right as far as its longest name needs
	// and its products leave room: a name is cut only where they do not.
	var shift [2]float64
	for c := range shift {
		need, slack := 0.0, math.Inf(1)
		for r := c * 5; r < c*5+5; r++ {
			t := track{
				name:    resourceName(say, r),
				scoring: k.body.Fit(number(sv.Scoring[r]), 30),
				life:    k.body.Fit(number(sv.Life[r]), 30),
				product: k.stat.Fit(number(sv.Scoring[r]*sv.Life[r]), 60),
			}
			t.room = max(92, 168-44-k.body.Measure(t.scoring)-6)
			tracks[r] = t
			need = max(need, k.body.Measure(t.name)-t.room)
			slack = min(slack, float64(cw-14-186-10)-k.stat.Measure(t.product)-k.body.Measure(t.life))
		}
		shift[c] = max(0, min(need, slack))
	}
	for r, t := range tracks {
		cx := x0 + (r/5)*cw
		cy := float64(alTrackTop+alTrackHead+(r%5)*alTrackRow) + alTrackRow/2
		if r%2 == 0 {
			FillRect(im, image.Rect(cx+6, int(cy)-alTrackRow/2+1, cx+cw-6, int(cy)+alTrackRow/2-1), rgb(rowFill))
		}
		BlitCentred(im, k.life[r], float64(cx+8)+alSym/2, cy)
		dx := shift[r/5]
		k.body.Draw(im, k.body.Fit(t.name, t.room+dx), float64(cx+44), cy, MiddleLeft, rgb(textMain))
		lc := rgb(textMain)
		if sv.Life[r] < 0 {
			lc = rgb(badSoft)
		}
		k.body.Draw(im, t.scoring, float64(cx+168)+dx, cy, MiddleRight, rgb(textMain))
		k.body.Draw(im, "×", float64(cx+177)+dx, cy, Centre, rgb(textSoft))
		k.body.Draw(im, t.life, float64(cx+186)+dx, cy, MiddleLeft, lc)
		k.stat.Draw(im, t.product, float64(cx+cw-14), cy, MiddleRight, productColour(sv.Scoring[r]*sv.Life[r]))
	}
	k.fonts.icon("can do", alSym)
}

// drawLived draws the cards lived, in phase order: one line each, two to
// a row, while they fit above bottom. It returns where the next section
// starts.
func (k *alifeKit) drawLived(im *image.RGBA, sv alife.SeatView, top, bottom int, say i18n.Printer) int {
	var lived []alife.PlayedView
	for _, col := range sv.Tableau {
		lived = append(lived, col...)
	}
	k.label.Draw(im, say.T("alife.lived", "n", len(lived)), frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textMain))
	top += ahLabelH
	if len(lived) == 0 {
		k.body.Draw(im, say.T("alife.none_lived"), frameMargin, float64(top+alLineH/2), MiddleLeft, rgb(textSoft))
		return top + alLinePitch
	}
	return k.drawLines(im, len(lived), top, bottom, say, func(i, x, y int) {
		pv := lived[i]
		marks := 0
		if pv.Child || pv.Developed {
			marks += minIcon + 4
		}
		if pv.Friends > 0 {
			marks += minIcon + 4 + int(k.label.Measure(strconv.Itoa(min(pv.Friends, 99))))
		}
		k.cardLine(pv.Card, marks, say).blitTo(im, x, y)
		mx := float64(x + alLineW - 6 - minIcon/2)
		cy := float64(y + alLineH/2)
		switch {
		case pv.Child:
			BlitCentred(im, k.baby, mx, cy)
			k.fonts.icon("child's card", minIcon)
			mx -= minIcon + 4
		case pv.Developed:
			BlitCentred(im, k.devTick, mx, cy)
			k.fonts.icon("developed", minIcon)
			mx -= minIcon + 4
		}
		if pv.Friends > 0 {
			k.friendsBadge(im, pv.Friends, mx+minIcon/2, cy)
		}
	})
}

// drawLines places n one-line cards two to a row from top, left column
// first, while rows fit above bottom; when not all fit, the last place
// says how many more there are, in say's words. It returns where the next
// section starts.
func (k *alifeKit) drawLines(im *image.RGBA, n, top, bottom int, say i18n.Printer, draw func(i, x, y int)) int {
	rows := max(1, min((bottom-top+alLinePitch-alLineH)/alLinePitch, (n+1)/2))
	shown := n
	if shown > 2*rows {
		shown = 2*rows - 1
	}
	at := func(i int) (int, int) {
		return frameMargin + (i/rows)*(alLineW+(PhoneWidth-2*frameMargin-2*alLineW)), top + (i%rows)*alLinePitch
	}
	for i := range shown {
		x, y := at(i)
		draw(i, x, y)
	}
	if shown < n {
		x, y := at(shown)
		k.slot.Draw(im, image.Rect(x, y, x+alLineW, y+alLineH))
		k.label.Draw(im, k.label.Fit(say.T("alife.more_lines", "n", n-shown), alLineW-24), float64(x+12), float64(y+alLineH/2), MiddleLeft, rgb(textMain))
	}
	return top + rows*alLinePitch
}

// drawBefriended draws the cards the seat befriended, where there is room.
func (k *alifeKit) drawBefriended(im *image.RGBA, cards []alife.Card, top, bottom int, say i18n.Printer) {
	top += 4
	if top+ahLabelH+alLineH > bottom {
		return
	}
	label := say.T("alife.befriended", "n", len(cards))
	if len(cards) == 0 {
		label = say.T("alife.no_friends")
	}
	k.label.Draw(im, label, frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textMain))
	if len(cards) == 0 {
		return
	}
	k.drawLines(im, len(cards), top+ahLabelH, bottom, say, func(i, x, y int) {
		k.cardLine(cards[i], 0, say).blitTo(im, x, y)
	})
}

// friendsBadge writes, centred on cy and ending at right, how many seats
// befriended a card.
func (k *alifeKit) friendsBadge(im *image.RGBA, n int, right, cy float64) {
	text := strconv.Itoa(min(n, 99))
	w := k.label.Measure(text)
	k.label.Draw(im, text, right, cy, MiddleRight, rgb(inkDark))
	BlitCentred(im, k.friends, right-w-2-minIcon/2, cy)
	k.fonts.icon("befriended by others", minIcon)
}

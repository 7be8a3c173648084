package render

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games/alife"
)

// The private A Life image, sent to one seat by DM: a header with what
// the game asks of it, its hearts, money and score; its ten tracks, since
// development costs ask for life values; the child pairs to keep one of,
// when there are any; and its hand, the cards of the current phase first
// and outlined, since only they can be played. Cards of other phases stay
// in hand as fodder for costs that discard.
const (
	ahHeadTop  = 10
	ahHeadH    = 62
	ahTrackTop = ahHeadTop + ahHeadH + 8
	ahTrackH   = 58
	ahMainTop  = ahTrackTop + ahTrackH + 10
	ahCols     = 5
	ahGapX     = (Width - 2*abMargin - ahCols*alCardW) / (ahCols - 1)
	ahLabelH   = 24
	ahRowPitch = alCardH + 16
)

func (r *Renderer) paintAlifeHand(v alife.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.alife()
	return k.plain, func(im *image.RGBA) { k.drawHand(im, v, names) }, nil
}

// handPrompt says, to the seat, what the game asks of it now.
func (k *alifeKit) handPrompt(v alife.View, sv alife.SeatView) string {
	acting := alActing(v.Acting, v.Seat)
	switch {
	case alOver(v):
		if v.Seat < len(v.Rank) {
			if v.Rank[v.Seat] == 1 {
				return "Your life is lived: you win!"
			}
			return "Your life is lived: " + ordinal(v.Rank[v.Seat]) + " place"
		}
		return "Game over"
	case sv.Dead:
		return "Your life has ended"
	case len(v.Children) > 0 && acting:
		return "Keep one card for your child"
	case v.Step == "start" && acting:
		return "Place your stack on a start space"
	case !acting:
		return "Waiting for the others"
	}
	switch sv.Step {
	case "card":
		return "Take a card from the board or play one"
	case "stand":
		return "Choose where to stand"
	case "draw":
		if v.Draws > 1 {
			return "Draw " + strconv.Itoa(v.Draws) + " cards: choose each deck"
		}
		return "Draw a card: choose the deck"
	case "action":
		return "Develop, befriend or take resources"
	}
	return "Your move"
}

func (k *alifeKit) drawHand(im *image.RGBA, v alife.View, names []string) {
	var sv alife.SeatView
	if v.Seat < len(v.Seats) {
		sv = v.Seats[v.Seat]
	}
	seatNames := k.seatNames(names, max(len(v.Seats), v.Seat+1))
	k.drawHandHeader(im, v, sv, seatNames)
	k.drawTracks(im, sv, abMargin, ahTrackTop, Width-2*abMargin, ahTrackH)
	top := ahMainTop
	if len(v.Children) > 0 {
		top = k.drawChildren(im, v.Children, top)
	}
	top = k.drawHandCards(im, v, top)
	k.drawPhaseTableau(im, v, sv, top)
	k.drawLegend(im, "A Life · your hand")
}

func (k *alifeKit) drawHandHeader(im *image.RGBA, v alife.View, sv alife.SeatView, names []string) {
	r := image.Rect(abMargin, ahHeadTop, Width-abMargin, ahHeadTop+ahHeadH)
	acting := alActing(v.Acting, v.Seat) && !alOver(v)
	switch {
	case alOver(v):
		k.over.Draw(im, r)
	case acting:
		k.active.Draw(im, r)
	default:
		k.status.Draw(im, r)
	}
	x, right := float64(r.Min.X)+16, float64(r.Max.X)-16
	y1, y2 := float64(r.Min.Y)+22, float64(r.Min.Y)+47

	// The score at the right end, largest; hearts and money left of it.
	sw := k.big.Draw(im, k.big.Fit(number(sv.Score), 110), right, float64(r.Min.Y+r.Max.Y)/2, MiddleRight, scoreColour(sv.Score))
	right -= sw + 6
	right -= k.small.Draw(im, "score", right, float64(r.Min.Y+r.Max.Y)/2+3, MiddleRight, rgb(textSoft)) + 24
	mw := k.stat.Measure(number(sv.Money)) + 24
	k.drawMoney(im, sv.Money, right-mw, y1)
	hw := float64(max(3, min(sv.Hearts, 9))) * 19
	k.drawHearts(im, sv.Hearts, right-mw-hw-14, y1)
	statsLeft := right - mw - hw - 24

	BlitCentred(im, k.pips[paletteIndex(v.Seat)], x+9, y1)
	k.prompt.Draw(im, k.prompt.Fit(k.handPrompt(v, sv), statsLeft-x-24), x+24, y1, MiddleLeft, rgb(textMain))
	head, sub := roundText(v.Round, v.Phase)
	line := head + " · " + sub
	if v.Step == "start" {
		line = "Round 1 begins"
	}
	if v.Draws > 0 {
		line += " · " + strconv.Itoa(v.Draws) + " to draw"
	}
	if v.Seat < len(names) {
		line = names[v.Seat] + " · " + line
	}
	k.small.Draw(im, k.small.Fit(line, statsLeft-x-24), x+24, y2, MiddleLeft, rgb(textSoft))
}

// drawTracks draws a seat's twenty tracks as ten cells across w: the
// scoring value by its grey symbol, the life value by its coloured one,
// and their product, the resource's part of the score.
func (k *alifeKit) drawTracks(im *image.RGBA, sv alife.SeatView, x, y, w, h int) {
	k.section.Draw(im, image.Rect(x, y, x+w, y+h))
	cw := float64(w-16) / alNumRes
	cy := float64(y) + float64(h)/2
	for r := range alNumRes {
		cx := float64(x+8) + float64(r)*cw
		if r > 0 {
			FillRect(im, image.Rect(int(cx), y+8, int(cx)+1, y+h-8), rgb(tableLine))
		}
		BlitCentred(im, k.scoring[r], cx+14, cy-12)
		k.label.Draw(im, k.label.Fit(number(sv.Scoring[r]), 26), cx+26, cy-12, MiddleLeft, rgb(textMain))
		BlitCentred(im, k.life[r], cx+14, cy+12)
		lc := rgb(textMain)
		if sv.Life[r] < 0 {
			lc = rgb(badSoft)
		}
		k.label.Draw(im, k.label.Fit(number(sv.Life[r]), 26), cx+26, cy+12, MiddleLeft, lc)
		p := sv.Scoring[r] * sv.Life[r]
		k.stat.Draw(im, k.stat.Fit("="+number(p), cw-58), cx+cw-8, cy, MiddleRight, productColour(p))
	}
}

// drawChildren draws the first child pair, large, to keep one of, and
// how many pairs follow it; it returns where the hand starts below.
func (k *alifeKit) drawChildren(im *image.RGBA, pairs [][2]alife.Card, top int) int {
	k.label.Draw(im, "YOUR CHILD'S CARD: KEEP ONE", abMargin+4, float64(top+8), MiddleLeft, rgb(accent))
	y := top + ahLabelH
	x := abMargin
	pair := pairs[0]
	for i, c := range pair {
		cx := x + i*(alCardW+70)
		k.playable.Draw(im, image.Rect(cx-4, y-4, cx+alCardW+4, y+alCardH+4))
		Blit(im, k.face(c), cx, y)
		if i == 0 {
			k.caption.Draw(im, "or", float64(cx+alCardW+35), float64(y+alCardH/2), Centre, rgb(textMain))
		}
	}
	nx := float64(x + 2*alCardW + 70 + 24)
	ny := float64(y + 20)
	lines := []string{
		"The card you keep joins this phase's column as your",
		"child's: you gain its top half but its babies and",
		"cards to draw are the child's. It is never developed.",
	}
	if len(pairs) > 1 {
		lines = append(lines, strconv.Itoa(len(pairs)-1)+" more pair"+plural(len(pairs)-1)+" after this one.")
	}
	for i, l := range lines {
		k.body.Draw(im, l, nx, ny+float64(i)*24, MiddleLeft, rgb(textSoft))
	}
	return y + alCardH + 14
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// drawHandCards draws the hand from top down: the current phase's cards
// first and outlined, as they alone can be played; then the rest by phase.
// It returns where the space below the hand starts.
func (k *alifeKit) drawHandCards(im *image.RGBA, v alife.View, top int) int {
	order := make([]int, len(v.Hand))
	for i := range order {
		order[i] = i
	}
	// Cards of the current phase can be played; during the children's
	// step, which ends a phase, those of the phase that comes next.
	phase, when := v.Phase, "playable now"
	if v.Step == "child" {
		phase, when = v.Phase+1, "playable from next round"
	}
	playable := func(c alife.Card) bool { return c.Phase == phase }
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := playable(v.Hand[a]), playable(v.Hand[b])
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return v.Hand[a].Phase - v.Hand[b].Phase
	})
	n := 0
	for _, c := range v.Hand {
		if playable(c) {
			n++
		}
	}
	head := "YOUR HAND · " + strconv.Itoa(len(v.Hand)) + " CARD" + upperPlural(len(v.Hand))
	hx := float64(abMargin+4) + k.label.Draw(im, head, abMargin+4, float64(top+8), MiddleLeft, rgb(textMain)) + 16
	note := "none of phase " + number(phase) + ": nothing to play from hand"
	switch {
	case alOver(v):
		note = ""
	case n > 0:
		note = "outlined: phase " + number(phase) + ", " + when + " · the others stay in hand to pay discard costs"
	}
	k.small.Draw(im, k.small.Fit(note, Width-abMargin-hx), hx, float64(top+8), MiddleLeft, rgb(textSoft))
	if len(v.Hand) == 0 {
		k.small.Draw(im, "no cards in hand", abMargin+4, float64(top+ahLabelH+10), MiddleLeft, rgb(textSoft))
		return top + ahLabelH + 30
	}
	y0 := top + ahLabelH
	rows := max(min((abFooterY-8-y0+16)/ahRowPitch, (len(v.Hand)+ahCols-1)/ahCols), 1)
	fit := rows * ahCols
	shown := order
	if len(order) > fit {
		shown = order[:fit-1]
	}
	for i, hi := range shown {
		c := v.Hand[hi]
		x := abMargin + (i%ahCols)*(alCardW+ahGapX)
		y := y0 + (i/ahCols)*ahRowPitch
		if playable(c) && !alOver(v) {
			k.playable.Draw(im, image.Rect(x-4, y-4, x+alCardW+4, y+alCardH+4))
		}
		Blit(im, k.face(c), x, y)
	}
	if len(order) > fit {
		i := fit - 1
		x := abMargin + (i%ahCols)*(alCardW+ahGapX)
		y := y0 + (i/ahCols)*ahRowPitch
		k.slot.Draw(im, image.Rect(x, y, x+alCardW, y+alCardH))
		k.big.Draw(im, "+"+strconv.Itoa(len(order)-fit+1), float64(x+alCardW/2), float64(y+alCardH/2-10), Centre, rgb(textMain))
		k.small.Draw(im, "more cards", float64(x+alCardW/2), float64(y+alCardH/2+18), Centre, rgb(textSoft))
	}
	return y0 + rows*ahRowPitch
}

// drawPhaseTableau draws, where the hand leaves room, the cards the seat
// has lived this phase: those it may develop in its action, a developed
// one framed in gold and a child's card with a baby.
func (k *alifeKit) drawPhaseTableau(im *image.RGBA, v alife.View, sv alife.SeatView, top int) {
	if v.Phase < 1 || v.Phase > 5 || alOver(v) {
		return
	}
	y0 := top + ahLabelH
	if y0+alCardH > abFooterY-6 {
		return
	}
	cards := sv.Tableau[v.Phase-1]
	head := "LIVED THIS PHASE · " + strings.ToUpper(alPhaseName(v.Phase))
	hx := float64(abMargin+4) + k.label.Draw(im, head, abMargin+4, float64(top+8), MiddleLeft, rgb(textMain)) + 16
	note := "what you develop in your action comes from here"
	if len(cards) == 0 {
		note = "no cards yet"
	}
	k.small.Draw(im, k.small.Fit(note, Width-abMargin-hx), hx, float64(top+8), MiddleLeft, rgb(textSoft))
	for i, pv := range cards {
		if i >= ahCols {
			break
		}
		x := abMargin + i*(alCardW+ahGapX)
		if pv.Developed && !pv.Child {
			k.winner.Draw(im, image.Rect(x-4, y0-4, x+alCardW+4, y0+alCardH+4))
		}
		Blit(im, k.face(pv.Card), x, y0)
		// The marks sit at the right of the base area, which its symbols
		// leave free.
		mx := x + alCardW - 16
		switch {
		case pv.Child:
			BlitCentred(im, k.baby, float64(mx), float64(y0+48))
			mx -= 24
		case pv.Developed:
			BlitCentred(im, k.devTick, float64(mx), float64(y0+48))
			mx -= 24
		}
		if pv.Friends > 0 {
			k.friendsBadge(im, pv.Friends, mx+8, y0+57)
		}
	}
}

func upperPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "S"
}

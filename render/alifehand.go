package render

import (
	"image"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
)

// The private A Life image, sent to one seat by DM, one column for a
// phone: the shared header ("Your turn" when the seat must act); its
// hearts, money and score, and what the game asks of it; its twenty
// tracks, since development costs ask for life values, each resource's
// scoring value in a blank scoring square under its life symbol; the child pair to
// keep one of and the cards already kept for children, when there are
// any; its hand, the cards it can play now first, as only they can be
// played, then those kept for costs that discard; where room is left,
// the cards it lived this phase, which it develops from; and the legend.
const (
	ahStripY   = headerH + 22 // hearts, money, score
	ahPromptY  = headerH + 56
	ahTrackTop = headerH + 74
	ahTrackH   = 78
	ahMainTop  = ahTrackTop + ahTrackH + 8
	ahGapX     = PhoneWidth - 2*frameMargin - 2*alCardW
	ahLabelH   = 28
	ahRowPitch = alCardH + 8
)

// handHeight is the height of every hand: room for three labelled
// sections, four rows of cards in all (a child pair, the cards to play,
// two rows kept for discards), and the legend in say's words.
func (k *alifeKit) handHeight(say i18n.Printer) int {
	return ahMainTop + 3*ahLabelH + 4*ahRowPitch + 6 + k.frame.legendHeight(worded(say, k.legend), PhoneWidth)
}

func (r *Renderer) paintAlifeHand(v alife.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.alife()
	return k.backdrop(alHandBack, 0, say), func(im *image.RGBA) { k.drawHand(im, v, names, say) }, nil
}

// handPrompt says, to the seat, what the game asks of it now, in say's
// words.
func (k *alifeKit) handPrompt(v alife.View, sv alife.SeatView, say i18n.Printer) string {
	acting := alActing(v.Acting, v.Seat)
	switch {
	case alOver(v):
		if v.Seat < len(v.Rank) {
			if v.Rank[v.Seat] == 1 {
				return say.T("alife.ask.won")
			}
			return say.T("alife.ask.placed", "rank", ordinal(say, v.Rank[v.Seat]))
		}
		return say.T("frame.game_over")
	case sv.Dead:
		return say.T("alife.ask.died")
	case len(v.Children) > 0 && acting:
		return say.T("alife.ask.child")
	case v.Step == "start" && acting:
		return say.T("alife.ask.start")
	case !acting:
		return say.T("common.waiting_others")
	}
	switch sv.Step {
	case "card":
		return say.T("alife.ask.card")
	case "stand":
		return say.T("alife.ask.stand")
	case "draw":
		return say.T("alife.ask.draw", "n", max(v.Draws, 1))
	case "action":
		return say.T("alife.ask.action")
	}
	return say.T("common.your_move")
}

func (k *alifeKit) drawHand(im *image.RGBA, v alife.View, names []string, say i18n.Printer) {
	var sv alife.SeatView
	if v.Seat < len(v.Seats) {
		sv = v.Seats[v.Seat]
	}
	k.frame.drawHeader(im, alHeader(v, true, say), names, say)
	k.drawHandStrip(im, v, sv, say)
	k.drawTracks(im, sv)
	bottom := im.Rect.Dy() - k.frame.legendHeight(worded(say, k.legend), PhoneWidth) - 6
	top := ahMainTop
	if len(v.Children) > 0 {
		top = k.drawChildren(im, v.Children, top, say)
	}
	if len(v.Kept) > 0 {
		top = k.drawCardSection(im, say.T("alife.kept"), v.Kept, top, bottom, k.keptMark, say)
	}
	top = k.drawHandCards(im, v, top, bottom, say)
	k.drawPhaseTableau(im, v, sv, top, bottom, say)
}

// drawHandStrip draws the seat's hearts, money, cards still to draw and
// score, and under them what the game asks of it.
func (k *alifeKit) drawHandStrip(im *image.RGBA, v alife.View, sv alife.SeatView, say i18n.Printer) {
	x, right := float64(frameMargin), float64(PhoneWidth-frameMargin)
	cy := float64(ahStripY)
	BlitCentred(im, k.tokens[paletteIndex(v.Seat)], x+minIcon/2, cy)
	k.fonts.icon("player token", minIcon)
	x += minIcon + 12
	x += k.drawHearts(im, sv.Hearts, x, cy) + 14
	x += k.drawMoney(im, sv.Money, x, cy) + 14
	if v.Draws > 0 {
		x += k.drawCount(im, k.hand, "cards to draw", v.Draws, x, cy) + 4
		k.body.Draw(im, say.T("alife.to_draw"), x, cy, MiddleLeft, rgb(textSoft))
	}
	sw := k.big.Draw(im, k.big.Fit(number(sv.Score), 110), right, cy+2, MiddleRight, scoreColour(sv.Score))
	k.body.Draw(im, say.T("alife.score"), right-sw-8, cy+3, MiddleRight, rgb(textSoft))
	k.label.Draw(im, k.label.Fit(k.handPrompt(v, sv, say), right-frameMargin), frameMargin, ahPromptY, MiddleLeft, rgb(textMain))
}

// The tracks of a hand: ten cells across a light panel, each with the
// resource's life symbol and life value above, and under it a scoring
// square, blank, with the scoring value written in it.
const (
	ahTrackX = frameMargin
	ahTrackW = PhoneWidth - 2*frameMargin
	ahCellW  = float64(ahTrackW-8) / alNumRes
)

// ahTrackCell is the left of cell r and the centre of its two rows, life
// above and scoring below.
func ahTrackCell(r int) (x float64, cy [2]float64) {
	x = float64(ahTrackX+4) + float64(r)*ahCellW
	return x, [2]float64{ahTrackTop + ahTrackH/4, ahTrackTop + 3*ahTrackH/4}
}

// handBackdrop is the hand's table: the legend at its foot, in say's
// words, and the tracks' panel with the symbols of their cells, which
// never change.
func (k *alifeKit) handBackdrop(say i18n.Printer) *image.RGBA {
	im := k.legendBackdrop(k.handHeight(say), worded(say, k.legend))
	dc := gg.NewContextForRGBA(im)
	RoundedCard(dc, ahTrackX, ahTrackTop, ahTrackW, ahTrackH, 10, rgb(alDevBand), rgb(alCardEdge), 2)
	for r := range alNumRes {
		x, cy := ahTrackCell(r)
		if r > 0 {
			FillRect(im, image.Rect(int(x), ahTrackTop+8, int(x)+1, ahTrackTop+ahTrackH-8), rgb(alCardEdge))
		}
		drawItem(dc, alItem{alLife, r, 1}, k.g, x+2, cy[0])
		side := math.Round(alSym * 0.94)
		RoundedCard(dc, math.Round(x+2+(alSym-side)/2), math.Round(cy[1]-side/2), side, side, 6, rgb(alScoreFill), rgb(alScoreEdge), 2)
	}
	return im
}

// drawTracks writes a seat's twenty track values: each life value beside
// its symbol, each scoring value in its square.
func (k *alifeKit) drawTracks(im *image.RGBA, sv alife.SeatView) {
	for r := range alNumRes {
		x, cy := ahTrackCell(r)
		c := rgb(inkDark)
		if sv.Life[r] < 0 {
			c = rgb(alCross)
		}
		k.label.Draw(im, k.label.Fit(number(sv.Life[r]), ahCellW-alSym-5), x+alSym+4, cy[0], MiddleLeft, c)
		k.label.Draw(im, k.label.Fit(number(sv.Scoring[r]), ahCellW-4), x+2+alSym/2, cy[1], Centre, rgb(inkDark))
	}
	k.fonts.icon("can do", alSym)
}

// drawChildren draws the first child pair to keep one of, and how many
// pairs follow it; it returns where the next section starts.
func (k *alifeKit) drawChildren(im *image.RGBA, pairs [][2]alife.Card, top int, say i18n.Printer) int {
	label := say.T("alife.child_pair")
	if len(pairs) > 1 {
		label += " · " + say.T("alife.more_pairs", "n", len(pairs)-1)
	}
	k.label.Draw(im, k.label.Fit(label, PhoneWidth-2*frameMargin), frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textMain))
	y := top + ahLabelH
	for i, c := range pairs[0] {
		x := frameMargin + i*(alCardW+ahGapX)
		k.face(c, say).blitTo(im, x, y)
		k.fonts.icon("card symbol", alSym)
	}
	k.body.Draw(im, say.T("alife.card.or"), PhoneWidth/2, float64(y+alCardH/2), Centre, rgb(textMain))
	return y + ahRowPitch
}

// drawCardSection draws a labelled section of card faces, two to a row,
// from top while rows fit above bottom; the last place says how many
// more there are when not all fit. mark draws what sets card i apart. It
// returns where the next section starts.
func (k *alifeKit) drawCardSection(im *image.RGBA, label string, cards []alife.Card, top, bottom int, mark func(im *image.RGBA, i, x, y int), say i18n.Printer) int {
	if top+ahLabelH+alCardH > bottom {
		return top
	}
	k.label.Draw(im, k.label.Fit(label, PhoneWidth-2*frameMargin), frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textMain))
	y0 := top + ahLabelH
	rows := max(1, min((bottom-y0+ahRowPitch-alCardH)/ahRowPitch, (len(cards)+1)/2))
	shown := len(cards)
	if shown > 2*rows {
		shown = 2*rows - 1
	}
	for i, c := range cards[:shown] {
		x, y := frameMargin+(i%2)*(alCardW+ahGapX), y0+(i/2)*ahRowPitch
		k.face(c, say).blitTo(im, x, y)
		k.fonts.icon("card symbol", alSym)
		if mark != nil {
			mark(im, i, x, y)
		}
	}
	if shown < len(cards) {
		x, y := frameMargin+(shown%2)*(alCardW+ahGapX), y0+(shown/2)*ahRowPitch
		k.slot.Draw(im, image.Rect(x, y, x+alCardW, y+alCardH))
		k.big.Draw(im, "+"+strconv.Itoa(len(cards)-shown), float64(x+alCardW/2), float64(y+alCardH/2-12), Centre, rgb(textMain))
		k.body.Draw(im, k.body.Fit(say.T("alife.more_cards"), alCardW-8), float64(x+alCardW/2), float64(y+alCardH/2+18), Centre, rgb(textSoft))
	}
	return y0 + rows*ahRowPitch
}

// keptMark marks a card kept for a child with a baby.
func (k *alifeKit) keptMark(im *image.RGBA, _, x, y int) {
	BlitCentred(im, k.baby, float64(x+alCardW-20), alMarkY(y))
	k.fonts.icon("child's card", minIcon)
}

// alMarkY is where a mark on a card face whose top is y is centred: at the
// right of its base row, which its symbols seldom fill.
func alMarkY(y int) float64 { return float64(y + 52) }

// drawHandCards draws the hand: the cards that can be played now, then
// the rest, kept for costs that discard. It returns where the space
// below starts.
func (k *alifeKit) drawHandCards(im *image.RGBA, v alife.View, top, bottom int, say i18n.Printer) int {
	// Cards of the current phase can be played; during the children's
	// step, which ends a phase, those of the phase that comes next.
	phase, when := v.Phase, say.T("alife.hand.now")
	if v.Step == "child" {
		phase, when = v.Phase+1, say.T("alife.hand.next_round")
	}
	var now, later []alife.Card
	for _, c := range v.Hand {
		if c.Phase == phase && !alOver(v) {
			now = append(now, c)
		} else {
			later = append(later, c)
		}
	}
	slices.SortStableFunc(later, func(a, b alife.Card) int { return a.Phase - b.Phase })
	if len(v.Hand) == 0 {
		k.label.Draw(im, say.T("alife.hand.empty"), frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textSoft))
		return top + ahLabelH
	}
	if len(now) > 0 {
		top = k.drawCardSection(im, when+" · "+say.T("alife.hand.phase", "phase", number(phase)), now, top, bottom, nil, say)
	}
	if len(later) > 0 {
		label := say.T("alife.hand.for_discards")
		if len(now) == 0 {
			label = say.T("alife.hand.none_now", "phase", number(phase))
		}
		if alOver(v) {
			label = say.T("alife.hand.over")
		}
		top = k.drawCardSection(im, label, later, top, bottom, nil, say)
	}
	return top
}

// drawPhaseTableau draws, where the hand leaves room, the cards the seat
// has lived this phase, those it may develop in its action: a developed
// one with a gold tick and a child's card with a baby.
func (k *alifeKit) drawPhaseTableau(im *image.RGBA, v alife.View, sv alife.SeatView, top, bottom int, say i18n.Printer) {
	if v.Phase < 1 || v.Phase > 5 || alOver(v) {
		return
	}
	played := sv.Tableau[v.Phase-1]
	cards := make([]alife.Card, len(played))
	for i, pv := range played {
		cards[i] = pv.Card
	}
	if len(cards) == 0 {
		if top+ahLabelH <= bottom {
			k.label.Draw(im, say.T("alife.hand.none_lived"), frameMargin, float64(top+ahLabelH/2), MiddleLeft, rgb(textSoft))
		}
		return
	}
	k.drawCardSection(im, say.T("alife.hand.lived"), cards, top, bottom, func(im *image.RGBA, i, x, y int) {
		pv := played[i]
		mx := float64(x + alCardW - 20)
		switch {
		case pv.Child:
			BlitCentred(im, k.baby, mx, alMarkY(y))
			k.fonts.icon("child's card", minIcon)
		case pv.Developed:
			BlitCentred(im, k.devTick, mx, alMarkY(y))
			k.fonts.icon("developed", minIcon)
		}
	}, say)
}

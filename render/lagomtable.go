package render

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
)

// The Lagom table, PhoneWidth wide: the shared header (round, step, deck,
// and who the table still waits for), then one row per seat — its name
// and numbers, its tableau as the strips that count, and where its sealed
// answer or revealed card stands — and the legend of the symbols at the
// foot. Its height depends only on the number of seats. At the end the
// rows, ranked, give the tableaux's room to the scores.
const (
	lgtRowH  = 126 // one seat's row
	lgtGap   = 8   // between rows
	lgtPad   = 10  // inside a row
	lgtStatW = 160 // the column of a seat's name and numbers
	lgtSlotW = 104 // the sealed answer or revealed card, right of a tableau
	lgtTop   = headerH + 10
	lgtMaxH  = 1000
)

// tableHeight is the height of the table of n seats: a row each, at
// least one, under the header and over the legend in say's words, never
// taller than lgtMaxH.
func (k *lagomKit) tableHeight(n int, say i18n.Printer) int {
	rows := max(n, 1)
	legendH := k.legendHeight(say)
	if rows > (lgtMaxH-lgtTop-10-legendH+lgtGap)/(lgtRowH+lgtGap) {
		return lgtMaxH
	}
	return lgtTop + rows*lgtRowH + (rows-1)*lgtGap + 10 + legendH
}

// LagomTable draws the public table of Lagom as a PNG for the channel,
// PhoneWidth wide and as tall as its seats need. names[seat] is a
// player's display name; missing or undrawable names become "Player n".
// The table's own words are in lang.
//
// The table shows only public material: it refuses, with
// ErrPrivateInPublic, a view that carries a hand, a pick, a passed or
// received card or private notes. Views no game produces — no seats, long
// tableaux, absurd numbers — still draw.
func (r *Renderer) LagomTable(v lagom.View, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.paintLagomTable(v, names, words().In(lang)))
}

func (r *Renderer) paintLagomTable(v lagom.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Hand != nil || v.Picked != nil || v.Passed != nil || v.Received != nil || len(v.Notes) > 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.lagom()
	return k.tableBackground(len(v.Seats), say), func(im *image.RGBA) {
		k.frame.drawHeader(im, k.header(v, say), names, say)
		k.drawTableSeats(im, v, names, say)
		k.frame.drawLegend(im, k.legend(say))
	}, nil
}

// stepWords names a step as the header's stage does, in say's words.
func stepWords(say i18n.Printer, step string) string {
	switch step {
	case "draw":
		return say.T("lagom.step.draw")
	case "pick":
		return say.T("lagom.step.pick")
	case "play":
		return say.T("lagom.step.play")
	case "over":
		return say.T("lagom.step.over")
	}
	return step
}

// header is the shared header of every Lagom image: the round and step,
// the deck, and the seats still to answer, or the winners.
func (k *lagomKit) header(v lagom.View, say i18n.Printer) header {
	over := v.Over || v.Step == "over"
	var parts []string
	if v.Round > 0 {
		parts = append(parts, say.T("lagom.round", "round", number(v.Round)))
	}
	if w := stepWords(say, v.Step); w != "" {
		parts = append(parts, w)
	}
	if !over {
		parts = append(parts, say.T("lagom.deck", "deck", number(v.DeckSize)))
	}
	stage := strings.Join(parts, " · ")
	h := header{Game: say.T("game.lagom"), Stage: k.frame.stage.Fit(stage, 400), Over: over, Private: v.Seat >= 0, Viewer: int(v.Seat)}
	for s := range v.Seats {
		if lagomActive(v, s) {
			h.Turn = append(h.Turn, seatMark{s, s})
		}
	}
	if h.Over {
		for s, r := range lagomRanks(v) {
			if r == 1 {
				h.Winners = append(h.Winners, seatMark{s, s})
			}
		}
	}
	if !h.Over && len(h.Turn) == 0 && len(v.Seats) > 0 {
		h.Note = say.T("lagom.all_answered")
	}
	return h
}

func (k *lagomKit) drawTableSeats(im *image.RGBA, v lagom.View, names []string, say i18n.Printer) {
	n := len(v.Seats)
	if n == 0 {
		k.name.Draw(im, say.T("common.no_players"), PhoneWidth/2, lgtTop+lgtRowH/2, Centre, rgb(textSoft))
		return
	}
	over := v.Over || v.Step == "over"
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var rk []int
	if over {
		// At the end rows show the ranking; until then they keep seat
		// order, so nobody's row moves between images.
		rk = lagomRanks(v)
		slices.SortStableFunc(order, func(a, b int) int { return rk[a] - rk[b] })
	}
	bottom := im.Rect.Dy() - k.legendHeight(say) - 10
	for i, seat := range order {
		y := lgtTop + i*(lgtRowH+lgtGap)
		if y+lgtRowH > bottom {
			break
		}
		r := image.Rect(frameMargin, y, PhoneWidth-frameMargin, y+lgtRowH)
		if over {
			k.drawFinalSeat(im, v, names, seat, rk[seat], r, say)
			continue
		}
		k.drawTableSeat(im, v, names, seat, r, say)
	}
}

// drawSeatName draws a seat's token and name from x along the line cy,
// after the turn arrow when the seat must still answer, within right.
func (k *lagomKit) drawSeatName(im *image.RGBA, say i18n.Printer, names []string, seat int, active bool, x, cy, right float64) {
	if active {
		k.frame.drawArrow(im, x+turnArrow/2, cy)
		x += turnArrow + 4
	}
	BlitCentred(im, k.frame.token(seat, lgSeatToken), x+lgSeatToken/2, cy)
	k.fonts.icon("player token", lgSeatToken)
	x += lgSeatToken + 6
	name := k.name.SeatName(say, names, seat)
	k.name.Draw(im, k.name.Fit(name, right-x), x, cy, MiddleLeft, rgb(textMain))
}

// drawTableSeat draws one seat's row while the game goes on.
func (k *lagomKit) drawTableSeat(im *image.RGBA, v lagom.View, names []string, seat int, r image.Rectangle, say i18n.Printer) {
	sv := v.Seats[seat]
	active := lagomActive(v, seat)
	switch {
	case active:
		k.active.Draw(im, r)
	case sv.Out:
		k.out.Draw(im, r)
	default:
		k.panel.Draw(im, r)
	}
	x := float64(r.Min.X + lgtPad)
	right := x + lgtStatW
	top := float64(r.Min.Y)
	k.drawSeatName(im, say, names, seat, active, x, top+20, right)

	// Fulfilment, the score, largest; what the last scoring added beside it.
	fw := k.big.Draw(im, k.big.Fit(number(sv.Fulfilment), lgtStatW-50), x, top+60, MiddleLeft, scoreColour(sv.Fulfilment))
	if last := signed(sv.Scored); x+fw+8+k.stat.Measure(last) <= right {
		c := rgb(textSoft)
		if sv.Scored > 0 {
			c = rgb(goodSoft)
		}
		k.stat.Draw(im, last, x+fw+8, top+64, MiddleLeft, c)
	}
	k.drawStats(im, sv, x, top+100, right)

	slotX := r.Max.X - lgtPad - lgtSlotW
	k.drawSeatSlot(im, v, sv, image.Rect(slotX, r.Min.Y+lgtPad, slotX+lgtSlotW, r.Max.Y-lgtPad), say)
	tx := int(right) + 8
	q := lgTableStripQ
	y := r.Min.Y + (r.Dy()-lgStripBar-2*q)/2
	if len(sv.Tableau) == 0 {
		k.body.Draw(im, say.T("common.no_cards_yet"), float64(tx), float64(r.Min.Y+r.Max.Y)/2, MiddleLeft, rgb(textSoft))
		return
	}
	k.drawTableau(im, sv.Tableau, q, tx, y, slotX-12-tx, freshRound(v), say)
}

// drawStats draws health, purse and hand on the line cy from x, each an
// icon and a number, within right.
func (k *lagomKit) drawStats(im *image.RGBA, sv lagom.SeatView, x, cy, right float64) {
	stats := [3]struct {
		icon *image.RGBA
		what string
		n    int
	}{{k.heart, "health", sv.Health}, {k.coinIcon, "coins", sv.Coins}, {k.cards, "cards in hand", sv.HandSize}}
	share := (right - x) / 3
	for i, s := range stats {
		sx := x + float64(i)*share
		BlitCentred(im, s.icon, sx+lgIcon/2, cy)
		k.fonts.icon(s.what, lgIcon)
		k.stat.Draw(im, k.stat.Fit(number(s.n), share-lgIcon-6), sx+lgIcon+3, cy, MiddleLeft, rgb(textMain))
	}
}

// drawSeatSlot draws in r where a seat stands this round: in a sealed
// step whether it has answered (never what), and after the reveal the
// title of the card it picked and what became of it.
func (k *lagomKit) drawSeatSlot(im *image.RGBA, v lagom.View, sv lagom.SeatView, r image.Rectangle, say i18n.Printer) {
	cx := float64(r.Min.X+r.Max.X) / 2
	cy := float64(r.Min.Y+r.Max.Y) / 2
	// Lines of words centred in r: a card's title in bold, then what
	// became of it, on as many lines as it takes.
	words := func(title []string, what string, c color.RGBA) {
		lines := slices.Concat(title, k.body.Wrap(what, float64(r.Dx())))
		y := cy - float64(len(lines)-1)*10
		for i, l := range lines {
			f, ink := k.title, rgb(textMain)
			if i >= len(title) {
				f, ink = k.body, c
			}
			f.Draw(im, f.Fit(l, float64(r.Dx())), cx, y+float64(i)*20, Centre, ink)
		}
	}
	state := revealedState(v, sv)
	switch {
	case sv.Out:
		k.out.Draw(im, r)
		// The first line in the title's place, as a card's title stands.
		lines := strings.Split(say.T("lagom.slot.out"), "\n")
		words(lines[:len(lines)-1], lines[len(lines)-1], rgb(textSoft))
	case state != "":
		lines := k.titleLines(k.cardTitle(*sv.Revealed, say), float64(r.Dx()))
		word, c := say.T("lagom.slot.deciding"), rgb(textMain)
		switch {
		case state == "discarded":
			word, c = say.T("lagom.slot.discarded", "reward", signed(max(sv.Revealed.Reward, 0))), rgb(lgGold)
		case state == "played":
			word, c = say.T("lagom.slot.played"), rgb(textSoft)
		case sv.Decided:
			word, c = say.T("lagom.slot.done"), rgb(goodSoft)
		}
		words(lines, word, c)
		if state == "discarded" && v.Step == "play" {
			markFresh(im, r.Inset(4))
		}
	case v.Step == "pick" && sv.Decided:
		BlitCentred(im, k.back, cx, cy-12)
		k.fonts.icon("picked card", lgBackW)
		k.body.Draw(im, k.body.Fit(say.T("lagom.slot.picked"), float64(r.Dx())), cx, cy+float64(lgBackH)/2+2, Centre, rgb(goodSoft))
	case sealed(v.Step):
		k.slot.Draw(im, image.Rect(int(cx)-lgBackW/2, int(cy)-12-lgBackH/2, int(cx)+lgBackW/2, int(cy)-12+lgBackH/2))
		word, c := say.T("lagom.slot.waiting"), rgb(textSoft)
		switch {
		case sv.Decided:
			word, c = say.T("lagom.slot.done"), rgb(goodSoft)
		case v.Step == "pick":
			word = say.T("lagom.slot.picking")
		case v.Step == "draw":
			word = say.T("lagom.slot.drawing")
		}
		k.body.Draw(im, k.body.Fit(word, float64(r.Dx())), cx, cy+float64(lgBackH)/2+2, Centre, c)
	}
}

// drawFinalSeat draws one seat's row at the end: its rank, its name and
// its fulfilment large, and the result's breakdown for it.
func (k *lagomKit) drawFinalSeat(im *image.RGBA, v lagom.View, names []string, seat, rank int, r image.Rectangle, say i18n.Printer) {
	if rank == 1 {
		k.winner.Draw(im, r)
	} else {
		k.panel.Draw(im, r)
	}
	x := float64(r.Min.X + lgtPad)
	top := float64(r.Min.Y)
	c := rgb(textSoft)
	if rank == 1 {
		c = rgb(gold)
	}
	k.huge.Draw(im, k.huge.Fit(strconv.Itoa(rank), 50), x+24, top+float64(r.Dy())/2, Centre, c)
	x += 58
	right := x + 190
	k.drawSeatName(im, say, names, seat, false, x, top+24, right)
	fw := k.huge.Draw(im, k.huge.Fit(k.finalScore(v, seat), 130), x, top+76, MiddleLeft, scoreColour(v.Seats[seat].Fulfilment))
	k.body.Draw(im, k.body.Fit(say.T("lagom.fulfilment"), right+12-x-fw-8), x+fw+8, top+86, MiddleLeft, rgb(textSoft))

	if seat >= len(v.Result.Detail) || strings.TrimSpace(v.Result.Detail[seat]) == "" {
		return
	}
	dx := right + 12
	width := float64(r.Max.X-lgtPad) - dx
	lines := k.body.Wrap(k.body.Clean(say.Say(v.Result.Detail[seat])), width)
	const lineH = 21
	fit := (r.Dy() - 2*lgtPad) / lineH
	if len(lines) > fit {
		lines = lines[:fit]
		lines[fit-1] = k.body.Fit(lines[fit-1]+" …", width)
	}
	y := float64(r.Min.Y+r.Max.Y)/2 - float64(len(lines)-1)*lineH/2
	for i, l := range lines {
		k.body.Draw(im, l, dx, y+float64(i)*lineH, MiddleLeft, rgb(textMain))
	}
}

// finalScore is a seat's fulfilment as the result writes it, or as the
// seat's view holds it when the result does not cover the seat.
func (k *lagomKit) finalScore(v lagom.View, seat int) string {
	if seat < len(v.Result.Scores) {
		return v.Result.ScoreText(games.Seat(seat))
	}
	return number(v.Seats[seat].Fulfilment)
}

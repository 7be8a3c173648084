package render

import (
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
)

// The Lagom table: a header with the round, the step and who the table
// still waits for; one panel per seat, each a column of numbers (name,
// fulfilment, health, purse, hand) beside the seat's tableau and, on the
// right, where its sealed answer or revealed card stands; a footer with the
// game's options and a legend of the seven symbols.
//
// Up to four seats get one full-width row each, since a tableau grows to
// the right all game; five and six seats share two columns. On a phone,
// where Discord shows the image about 400 pixels wide, fulfilment (40 px)
// and symbols (30 px and more on cards of up to four seats) stay readable.
const (
	ltMargin  = 12
	ltHeadTop = 10
	ltHeadH   = 54
	ltSeatTop = ltHeadTop + ltHeadH + 8
	ltSeatEnd = lgFooterY - 8
	ltGap     = 8
	ltInset   = 12
	ltSlotW   = 104 // the sealed answer or revealed card, right of a tableau
	ltOverW   = 230 // the result's detail, right of a tableau at the end
)

// LagomTable draws the public table of Lagom as a 1280×720 PNG for the
// channel. names[seat] is a player's display name; missing or undrawable
// names become "Player n".
//
// The table shows only public material: it refuses, with
// ErrPrivateInPublic, a view that carries a hand, a pick, a passed or
// received card or private notes. Views no game produces — no seats, long
// tableaux, absurd numbers — still draw.
func (r *Renderer) LagomTable(v lagom.View, names []string) ([]byte, error) {
	return r.render(r.paintLagomTable(v, names))
}

func (r *Renderer) paintLagomTable(v lagom.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Hand != nil || v.Picked != nil || v.Passed != nil || v.Received != nil || len(v.Notes) > 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.lagom()
	return k.table, func(im *image.RGBA) {
		k.drawTableHeader(im, v, names)
		k.drawTableSeats(im, v, names)
		k.drawTableFooter(im, v)
	}, nil
}

// stepText says what a step asks of the table.
func stepText(step string) string {
	switch step {
	case "draw":
		return "extra draws & liquidations"
	case "pick":
		return "everyone picks a card"
	case "play":
		return "play or discard, and pass"
	case "over":
		return "game over"
	}
	return step
}

// waitingFor lists the seats the step still waits for.
func (k *lagomKit) waitingFor(v lagom.View, names []string) []string {
	var out []string
	for s := range v.Seats {
		if lagomActive(v, s) {
			out = append(out, k.name.SeatName(names, s))
		}
	}
	return out
}

func (k *lagomKit) drawTableHeader(im *image.RGBA, v lagom.View, names []string) {
	box := image.Rect(ltMargin, ltHeadTop, Width-ltMargin, ltHeadTop+ltHeadH)
	over := v.Over || v.Step == "over"
	if over {
		k.over.Draw(im, box)
	} else {
		k.status.Draw(im, box)
	}
	x, cy := float64(box.Min.X)+18, float64(box.Min.Y+box.Max.Y)/2
	right := float64(box.Max.X) - 18

	// The deck, at the right end: a back and its count.
	count := number(v.DeckSize)
	right -= k.stat.Draw(im, k.stat.Fit(count, 90), right, cy, MiddleRight, rgb(textMain)) + 6
	BlitCentred(im, k.cards, right-lgIcon/2, cy)
	right -= lgIcon + 8
	right -= k.small.Draw(im, "deck", right, cy, MiddleRight, rgb(textSoft)) + 24

	if over {
		x += k.prompt.Draw(im, "Game over", x, cy, MiddleLeft, rgb(gold)) + 18
		k.caption.Draw(im, k.caption.Fit(k.overText(v, names), right-x), x, cy, MiddleLeft, rgb(textMain))
		return
	}
	head := "Round " + number(v.Round)
	if v.Round <= 0 {
		head = "Lagom"
	}
	x += k.prompt.Draw(im, k.prompt.Fit(head, 240), x, cy, MiddleLeft, rgb(textMain)) + 14
	x += k.caption.Draw(im, stepText(v.Step), x, cy, MiddleLeft, rgb(textSoft)) + 24
	if !sealed(v.Step) {
		return
	}
	wait := k.waitingFor(v, names)
	text, c := "everyone has answered", rgb(goodSoft)
	if len(wait) > 0 {
		text, c = "waiting for "+strings.Join(wait, ", "), rgb(accent)
	}
	FillRect(im, image.Rect(int(x)-12, int(cy)-12, int(x)-10, int(cy)+12), rgb(tableLine))
	k.caption.Draw(im, k.caption.Fit(text, right-x), x, cy, MiddleLeft, c)
}

// overText names the winners and their fulfilment.
func (k *lagomKit) overText(v lagom.View, names []string) string {
	rk := lagomRanks(v)
	var ws []string
	best := -1
	for s, r := range rk {
		if r == 1 {
			ws = append(ws, k.name.SeatName(names, s))
			best = s
		}
	}
	switch {
	case best < 0:
		return ""
	case len(ws) > 1:
		return strings.Join(ws, " & ") + " share the win with " + k.finalScore(v, best) + " fulfilment"
	}
	return ws[0] + " wins with " + k.finalScore(v, best) + " fulfilment"
}

// finalScore is a seat's fulfilment as the result writes it, or as the
// seat's view holds it when the result does not cover the seat.
func (k *lagomKit) finalScore(v lagom.View, seat int) string {
	if seat < len(v.Result.Scores) {
		return v.Result.ScoreText(games.Seat(seat))
	}
	return number(v.Seats[seat].Fulfilment)
}

func (k *lagomKit) drawTableSeats(im *image.RGBA, v lagom.View, names []string) {
	n := len(v.Seats)
	if n == 0 {
		k.caption.Draw(im, "No players at the table", Width/2, (ltSeatTop+ltSeatEnd)/2, Centre, rgb(textSoft))
		return
	}
	over := v.Over || v.Step == "over"
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var rk []int
	if over {
		// At the end panels show the ranking; until then they keep seat
		// order, so nobody's panel moves between images.
		rk = lagomRanks(v)
		slices.SortStableFunc(order, func(a, b int) int { return rk[a] - rk[b] })
	}
	cols := 1
	if n > 4 {
		cols = 2
	}
	rows := (n + cols - 1) / cols
	pw := (Width - 2*ltMargin - (cols-1)*ltGap) / cols
	ph := (ltSeatEnd - ltSeatTop - (rows-1)*ltGap) / rows
	if ph < 64 {
		// More seats than the game has: draw what fits.
		ph = 64
	}
	for i, seat := range order {
		col, row := i/rows, i%rows
		x, y := ltMargin+col*(pw+ltGap), ltSeatTop+row*(ph+ltGap)
		if y+ph > ltSeatEnd {
			continue
		}
		rank := 0
		if over {
			rank = rk[seat]
		}
		k.drawTableSeat(im, v, names, seat, image.Rect(x, y, x+pw, y+ph), rank, cols)
	}
}

// playedSize is the largest tableau card that fits a panel h pixels tall;
// panels of two columns stop at the size that keeps five cards in view.
func playedSize(h, cols int) lgSize {
	first := lgHand
	if cols > 1 {
		first = lgL
	}
	for s := first; s < lgTiny; s++ {
		if s.spec().h()+2*ltInset+4 <= h {
			return s
		}
	}
	return lgTiny
}

// drawTableSeat draws one seat's panel.
func (k *lagomKit) drawTableSeat(im *image.RGBA, v lagom.View, names []string, seat int, r image.Rectangle, rank, cols int) {
	sv := v.Seats[seat]
	over := v.Over || v.Step == "over"
	switch {
	case rank == 1:
		k.winner.Draw(im, r)
	case !over && lagomActive(v, seat):
		k.active.Draw(im, r)
	case sv.Out:
		k.out.Draw(im, r)
	default:
		k.panel.Draw(im, r)
	}
	statW := 206
	if cols > 1 {
		statW = 182
	}
	k.drawSeatStats(im, v, sv, names, seat, r, statW, rank)

	right := r.Max.X - ltInset
	switch {
	case over:
		right = k.drawSeatDetail(im, v, seat, r)
	case sv.Out:
		right = k.drawOutTag(im, r)
	case sealed(v.Step) || sv.Revealed != nil:
		right = k.drawSeatSlot(im, v, sv, r)
	}
	x := r.Min.X + statW
	s := playedSize(r.Dy(), cols)
	sp := s.spec()
	y := r.Min.Y + (r.Dy()-sp.h()-4)/2
	if len(sv.Tableau) == 0 {
		k.caption.Draw(im, "no cards played yet", float64(x), float64(r.Min.Y+r.Max.Y)/2, MiddleLeft, rgb(textSoft))
		return
	}
	k.drawTableau(im, sv.Tableau, s, x, y, right-x-8, v.Round)
}

// drawSeatStats draws the column of a seat's numbers: rank and name,
// fulfilment, health, purse and hand.
func (k *lagomKit) drawSeatStats(im *image.RGBA, v lagom.View, sv lagom.SeatView, names []string, seat int, r image.Rectangle, statW, rank int) {
	x := float64(r.Min.X + ltInset)
	width := float64(statW - ltInset - 12)
	h := float64(r.Dy())
	// Four lines share the panel's height, spread out on tall panels.
	lineY := func(i int) float64 {
		fr := [4]float64{0.17, 0.43, 0.67, 0.87}
		if h < 120 {
			fr = [4]float64{0.2, 0.55, 0.85, 2}
		}
		return float64(r.Min.Y) + fr[i]*h
	}
	nx := x
	if rank > 0 {
		c := rgb(textSoft)
		if rank == 1 {
			c = rgb(gold)
		}
		nx += k.rank.Draw(im, strconv.Itoa(rank), nx, lineY(0), MiddleLeft, c) + 8
	}
	BlitCentred(im, k.pips[paletteIndex(seat)], nx+lgPip/2, lineY(0))
	nx += 24
	name := k.name.SeatName(names, seat)
	k.name.Draw(im, k.name.Fit(name, x+width-nx), nx, lineY(0), MiddleLeft, rgb(textMain))

	// Fulfilment, the score, largest; what the last scoring added beside it.
	ful := number(sv.Fulfilment)
	fw := k.big.Draw(im, k.big.Fit(ful, width-60), x, lineY(1), MiddleLeft, scoreColour(sv.Fulfilment))
	last := signed(sv.Scored)
	lastC := rgb(textSoft)
	if sv.Scored > 0 {
		lastC = rgb(goodSoft)
	}
	if fw+k.stat.Measure(last)+8 <= width {
		k.stat.Draw(im, last, x+fw+8, lineY(1)-8, MiddleLeft, lastC)
		k.tag.Draw(im, "last round", x+fw+8, lineY(1)+12, MiddleLeft, rgb(textSoft))
	}
	if lineY(2) > float64(r.Max.Y)-10 {
		return
	}
	// Health, with a bar: three are paid every round, and a seat that
	// cannot pay them is out.
	BlitCentred(im, k.heart, x+lgIcon/2, lineY(2))
	hx := x + lgIcon + 6
	hw := k.stat.Draw(im, k.stat.Fit(number(sv.Health), 70), hx, lineY(2), MiddleLeft, rgb(textMain))
	bx := int(hx + math.Max(hw, 28) + 8)
	bw := int(x+width) - bx
	if bw > 20 {
		by := int(lineY(2)) - 4
		FillRect(im, image.Rect(bx, by, bx+bw, by+8), rgb(tableLine))
		full := max(30, sv.Health)
		fill := int(math.Round(float64(bw) * float64(max(sv.Health, 0)) / float64(full)))
		c := rgb(lgHealth)
		if sv.Health < 3 {
			c = rgb(badSoft)
		}
		FillRect(im, image.Rect(bx, by, bx+fill, by+8), c)
	}
	if lineY(3) > float64(r.Max.Y)-8 {
		return
	}
	// The purse, what grows in investments, and the hand.
	BlitCentred(im, k.coinIcon, x+lgIcon/2, lineY(3))
	cx := x + lgIcon + 6
	cx += k.stat.Draw(im, k.stat.Fit(number(sv.Coins), 60), cx, lineY(3), MiddleLeft, rgb(textMain)) + 5
	// The hand comes first: investments are written only where room is
	// left beside it.
	hand := number(sv.HandSize)
	hwid := k.stat.Measure(hand)
	if inv := invested(sv); inv > 0 {
		text := "+" + strconv.Itoa(inv) + " inv."
		if cx+k.small.Measure(text)+lgIcon+hwid+14 <= x+width {
			cx += k.small.Draw(im, text, cx, lineY(3)+1, MiddleLeft, rgb(lgGold)) + 4
		}
	}
	if cx+lgIcon+hwid+8 <= x+width {
		k.stat.Draw(im, hand, x+width, lineY(3), MiddleRight, rgb(textMain))
		BlitCentred(im, k.cards, x+width-hwid-4-lgIcon/2, lineY(3))
	}
}

// drawOutTag marks a seat whose journey is over and returns where the
// tableau must stop.
func (k *lagomKit) drawOutTag(im *image.RGBA, r image.Rectangle) int {
	x := float64(r.Max.X - ltInset - ltSlotW/2)
	cy := float64(r.Min.Y+r.Max.Y) / 2
	k.label.Draw(im, "JOURNEY", x, cy-11, Centre, rgb(textSoft))
	k.label.Draw(im, "OVER", x, cy+11, Centre, rgb(textSoft))
	return r.Max.X - ltInset - ltSlotW - 4
}

// drawSeatSlot draws, right of a tableau, where a seat stands in a sealed
// step: answered or not (never what), and after the reveal the card it
// picked and what became of it. It returns where the tableau must stop.
func (k *lagomKit) drawSeatSlot(im *image.RGBA, v lagom.View, sv lagom.SeatView, r image.Rectangle) int {
	left := r.Max.X - ltInset - ltSlotW
	cx := float64(left + ltSlotW/2)
	s := lgS
	for s < lgTiny && s.spec().h()+30 > r.Dy()-8 {
		s++
	}
	sp := s.spec()
	top := r.Min.Y + (r.Dy()-sp.h()-24)/2
	capY := float64(top+sp.h()) + 14
	cardX := int(cx) - sp.w()/2
	switch state := revealedState(v, sv); {
	case sv.Revealed != nil && state != "played":
		Blit(im, k.face(*sv.Revealed, s, false, lagom.Left), cardX, top)
		text, c := state, rgb(textSoft)
		if state == "discarded" {
			text, c = "discarded "+signed(max(sv.Revealed.Reward, 0)), rgb(lgGold)
			FillRect(im, image.Rect(cardX, top, cardX+sp.w(), top+sp.h()), rgba(rowFill, 150))
		}
		k.tag.Draw(im, k.tag.Fit(text, ltSlotW), cx, capY, Centre, c)
	case state == "played":
		k.tag.Draw(im, "played", cx, float64(r.Min.Y+r.Max.Y)/2, Centre, rgb(textSoft))
	case v.Step == "pick" && sv.Decided:
		Blit(im, k.back[s], cardX, top)
		k.tag.Draw(im, "picked", cx, capY, Centre, rgb(goodSoft))
	default:
		k.slot.Draw(im, image.Rect(cardX, top, cardX+sp.w(), top+sp.h()))
		text, c := "waiting", rgb(textSoft)
		if sv.Decided {
			text, c = "done", rgb(goodSoft)
		} else if v.Step == "pick" {
			text, c = "picking…", rgb(accent)
		} else if sealed(v.Step) {
			text, c = "deciding…", rgb(accent)
		}
		k.tag.Draw(im, text, cx, capY, Centre, c)
	}
	if !sealed(v.Step) {
		return left - 4
	}
	// The badge stands left of the slot, clear of the card's title.
	badge := k.deciding
	if sv.Decided {
		badge = k.decided
	}
	BlitCentred(im, badge, float64(left-lgBadge/2), float64(top+sp.h()/2))
	return left - lgBadge - 6
}

// drawSeatDetail writes, at the end, the result's breakdown for a seat
// right of its tableau, and returns where the tableau must stop.
func (k *lagomKit) drawSeatDetail(im *image.RGBA, v lagom.View, seat int, r image.Rectangle) int {
	if seat >= len(v.Result.Detail) || strings.TrimSpace(v.Result.Detail[seat]) == "" {
		return r.Max.X - ltInset
	}
	left := r.Max.X - ltInset - ltOverW
	lines := k.small.Wrap(k.small.Clean(v.Result.Detail[seat]), ltOverW)
	const lineH = 22
	fit := max((r.Dy()-16)/lineH, 1)
	if len(lines) > fit {
		lines = lines[:fit]
		lines[fit-1] = k.small.Fit(lines[fit-1]+" …", ltOverW)
	}
	y := float64(r.Min.Y+r.Max.Y)/2 - float64(len(lines)-1)*lineH/2
	for i, l := range lines {
		k.small.Draw(im, l, float64(left), y+float64(i)*lineH, MiddleLeft, rgb(textMain))
	}
	return left - 8
}

func (k *lagomKit) drawTableFooter(im *image.RGBA, v lagom.View) {
	y := float64(lgFooterY+Height) / 2
	legendX := k.drawLegend(im, Width-14, y)
	drawFooterText(im, k.footerTitle, k.footer, "Lagom", v.Options, y, legendX-20)
}

// drawLegend draws the seven symbols with their names, ending at right,
// and returns where it starts.
func (k *lagomKit) drawLegend(im *image.RGBA, right, cy float64) float64 {
	width := 0.0
	for s := range lagom.Purpose + 1 {
		width += lgIcon + 4 + k.footer.Measure(symbolName(s)) + 14
	}
	x := right - width + 14
	start := x
	for s := range lagom.Purpose + 1 {
		BlitCentred(im, k.icons[s], x+lgIcon/2, cy)
		x += lgIcon + 4
		x += k.footer.Draw(im, symbolName(s), x, cy, MiddleLeft, rgb(textMain)) + 14
	}
	return start
}

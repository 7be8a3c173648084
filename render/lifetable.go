package render

import (
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/life"
)

// The Life table: on the left a column with what the game waits for, the
// turned card large, the deck and the discard; on the right one panel per
// seat, in one column for up to three seats and two columns beyond, so that
// eight seats still get panels wide enough for four suits of cards; a
// footer names the game and its options.
//
// Sizes are chosen for a phone, where Discord shows the image about 400
// pixels wide (a scale of 0.31): totals are 30 px and card ranks 21 px or
// more, 7 to 10 px there.
const (
	lfColX    = 12
	lfColW    = 276
	lfSeatsX  = lfColX + lfColW + 12
	lfSeatsW  = Width - 12 - lfSeatsX
	lfTop     = 12
	lfBottom  = lfFooterY - 12
	lfGap     = 8
	lfStatusH = 128
	lfInset   = 14 // text and cards inside a panel keep this far from its edge
)

// LifeTable draws the public table of Life, the card game, as a 1280×720
// PNG for the channel. names[seat] is a player's display name; missing or
// undrawable names become "Player n".
//
// The table shows only public material: it refuses, with
// ErrPrivateInPublic, a view that carries a hand or private notes. Views no
// game produces — no seats, dozens of cards, absurd totals — still draw.
func (r *Renderer) LifeTable(v life.View, names []string) ([]byte, error) {
	return r.render(r.paintLifeTable(v, names))
}

func (r *Renderer) paintLifeTable(v life.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Hand != nil || len(v.Notes) > 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.life()
	return k.table, func(im *image.RGBA) {
		k.drawColumn(im, v, names)
		k.drawSeats(im, v, names)
		k.drawFooter(im, v)
	}, nil
}

// status says in two lines who the game waits for and for what.
func (k *lifeKit) tableStatus(v life.View, names []string) (who, what string) {
	name := func(s games.Seat) string {
		if s < 0 || int(s) >= len(v.Seats) {
			return "—"
		}
		return k.name.SeatName(names, int(s))
	}
	turned := ""
	if v.Turned != nil {
		turned = v.Turned.Suit.Symbol()
	}
	switch {
	case v.Over || v.Step == "over":
		var ws []string
		for s, rk := range ranks(v) {
			if rk == 1 {
				ws = append(ws, k.name.SeatName(names, s))
			}
		}
		if len(ws) == 0 {
			return "Game over", ""
		}
		best := slices.Index(ranks(v), 1)
		if len(ws) > 1 {
			return strings.Join(ws, " & "), "share the win on " + totalText(v, best)
		}
		return ws[0], "wins with " + totalText(v, best)
	case v.Step == "suit":
		chosen := 0
		for _, s := range v.Seats {
			if s.Chosen || s.SuitShown {
				chosen++
			}
		}
		return "Choosing suits", strconv.Itoa(chosen) + " of " + strconv.Itoa(len(v.Seats)) + " chosen"
	case v.Step == "joker":
		return name(v.Turn), "joker, or turn a card?"
	case v.Step == "lay" && turned == life.Spades.Symbol():
		return name(v.Turn), "must lay every " + turned
	case v.Step == "lay" && turned != "":
		return name(v.Turn), "may lay " + turned + " cards"
	case v.Step == "steal":
		return name(v.Turn), "may steal a card"
	case v.Step == "react" && len(v.Active) > 0:
		return name(v.Active[0]), "may steal from " + name(v.Turn)
	}
	return name(v.Turn), "to play"
}

func (k *lifeKit) drawColumn(im *image.RGBA, v life.View, names []string) {
	x, w := float64(lfColX), float64(lfColW)
	box := image.Rect(lfColX, lfTop, lfColX+lfColW, lfTop+lfStatusH)
	head, headColour := "HAND "+strconv.Itoa(v.HandNo)+" · TO "+strconv.Itoa(target(v)), rgb(textSoft)
	if v.HandNo <= 0 {
		head = "TARGET " + strconv.Itoa(target(v))
	}
	if v.Over {
		k.over.Draw(im, box)
		head, headColour = "GAME OVER", rgb(gold)
	} else {
		k.status.Draw(im, box)
	}
	k.label.Draw(im, head, x+16, lfTop+18, TopLeft, headColour)
	who, what := k.tableStatus(v, names)
	f := FitFace(who, w-32, k.prompt, k.name, k.stat)
	f.Draw(im, f.Fit(who, w-32), x+16, lfTop+64, MiddleLeft, rgb(textMain))
	k.caption.Draw(im, k.caption.Fit(what, w-32), x+16, lfTop+102, MiddleLeft, rgb(textSoft))

	// The turned card, large: what everyone acts on.
	cx := x + w/2
	tsp := cardTurned.spec()
	top := float64(lfTop + lfStatusH + 40)
	k.label.Draw(im, "TURNED CARD", cx, top-12, BaseCentre, rgb(textSoft))
	tx := int(cx) - tsp.w/2
	if v.Turned != nil {
		Blit(im, k.face(*v.Turned, cardTurned), tx, int(top))
	} else {
		k.slot.Draw(im, image.Rect(tx, int(top), tx+tsp.w, int(top)+tsp.h))
		k.caption.Draw(im, "none", cx, top+float64(tsp.h)/2, Centre, rgb(textSoft))
	}

	// The deck as a short stack with its count, and the discard's top.
	bsp := cardBig.spec()
	top += float64(tsp.h) + 50
	deckX, discX := int(x)+30, int(x+w)-30-bsp.w
	k.label.Draw(im, "DECK", float64(deckX+bsp.w/2), top-12, BaseCentre, rgb(textSoft))
	k.label.Draw(im, "DISCARD", float64(discX+bsp.w/2), top-12, BaseCentre, rgb(textSoft))
	layers := min(max(v.DeckSize, 0), 3)
	for i := range layers {
		Blit(im, k.backs[cardBig], deckX+2*(layers-1-i), int(top)+2*(layers-1-i))
	}
	if layers == 0 {
		k.slot.Draw(im, image.Rect(deckX, int(top), deckX+bsp.w, int(top)+bsp.h))
	}
	count := strconv.Itoa(v.DeckSize)
	FitFace(count, float64(bsp.w), k.total, k.stat).Draw(im, count, float64(deckX+bsp.w/2), top+float64(bsp.h)+26, Centre, rgb(textMain))
	if v.DiscardTop != nil {
		Blit(im, k.face(*v.DiscardTop, cardBig), discX, int(top))
	} else {
		k.slot.Draw(im, image.Rect(discX, int(top), discX+bsp.w, int(top)+bsp.h))
	}
}

func (k *lifeKit) drawSeats(im *image.RGBA, v life.View, names []string) {
	n := len(v.Seats)
	if n == 0 {
		k.caption.Draw(im, "No players at the table", lfSeatsX+lfSeatsW/2, (lfTop+lfBottom)/2, Centre, rgb(textSoft))
		return
	}
	// While the game runs panels keep seat order, so nobody's panel moves;
	// once it is over they show the ranking.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var rk []int
	if v.Over {
		rk = ranks(v)
		slices.SortStableFunc(order, func(a, b int) int { return rk[a] - rk[b] })
	}
	fortunes := v.Over && slices.ContainsFunc(v.Fortune, func(s string) bool { return strings.TrimSpace(s) != "" })
	cols := 2
	if n <= 3 || fortunes {
		// A reading is a sentence: it needs the full width.
		cols = 1
	}
	rows := (n + cols - 1) / cols
	pw := (lfSeatsW - (cols-1)*lfGap) / cols
	ph := (lfBottom - lfTop - (rows-1)*lfGap) / rows
	if ph < 48 {
		// More seats than any game has: draw what fits.
		ph = 48
	}
	for i, seat := range order {
		col, row := i%cols, i/cols
		if cols == 2 && !v.Over {
			// Seats run down the left column, then down the right, so
			// that turn order reads as it does around a table.
			col, row = i/rows, i%rows
		}
		x, y := lfSeatsX+col*(pw+lfGap), lfTop+row*(ph+lfGap)
		if y+ph > lfBottom {
			continue
		}
		rank := 0
		if v.Over {
			rank = rk[seat]
		}
		fortune := ""
		if fortunes && seat < len(v.Fortune) {
			fortune = v.Fortune[seat]
		}
		k.drawSeat(im, v, names, seat, image.Rect(x, y, x+pw, y+ph), rank, fortunes, fortune)
	}
}

// drawSeat draws one seat's panel: its suit, name, markers and total on
// the first line; a bar of the total against the target; the hand, bank
// and hand score; then the face-up cards, or at the end the seat's fortune.
func (k *lifeKit) drawSeat(im *image.RGBA, v life.View, names []string, seat int, r image.Rectangle, rank int, fortunes bool, fortune string) {
	sv := v.Seats[seat]
	switch {
	case rank == 1:
		k.winner.Draw(im, r)
	case !v.Over && isActive(v, seat):
		k.active.Draw(im, r)
	default:
		k.panel.Draw(im, r)
	}
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	roomy := h >= 190
	hy := y + 24
	if roomy {
		hy = y + 28
	}
	left, right := x+lfInset, x+w-lfInset
	if rank > 0 {
		c := rgb(textSoft)
		if rank == 1 {
			c = rgb(gold)
		}
		left += k.rank.Draw(im, strconv.Itoa(rank), left, hy, MiddleLeft, c) + 10
	}
	badge, caption := k.choosing, "choosing…"
	switch {
	case sv.SuitShown && sv.Suit >= life.Hearts && sv.Suit < life.NoSuit:
		badge, caption = k.badges[sv.Suit], ""
	case sv.SuitShown:
		caption = "no suit"
	case sv.Chosen:
		badge, caption = k.chosen, "chosen"
	}
	BlitCentred(im, badge, left+lfBadge/2, hy)
	left += lfBadge + 10

	// The right end, from the edge in: total of target, turn tag, dealer.
	right -= k.totalOf.Draw(im, "/"+strconv.Itoa(target(v)), right, hy+4, MiddleRight, rgb(textSoft)) + 3
	total := totalText(v, seat)
	tf := FitFace(total, 130, k.total, k.stat)
	right -= tf.Draw(im, tf.Fit(total, 130), right, hy, MiddleRight, scoreColour(sv.Total2)) + 12
	if !v.Over && v.Step != "suit" && int(v.Turn) == seat {
		tw := float64(k.turnTag.Rect.Dx())
		BlitCentred(im, k.turnTag, right-tw/2, hy)
		right -= tw + 8
	}
	if sv.Dealer {
		BlitCentred(im, k.dealer, right-lfDealer/2, hy)
		right -= lfDealer + 10
	}
	capW := 0.0
	if caption != "" {
		capW = math.Min(k.caption.Measure(caption), 110)
	}
	name := k.name.SeatName(names, seat)
	nameW := k.name.Draw(im, k.name.Fit(name, right-left-capW-10), left, hy, MiddleLeft, rgb(textMain))
	if caption != "" {
		k.caption.Draw(im, k.caption.Fit(caption, capW), left+nameW+10, hy+1, MiddleLeft, rgb(textSoft))
	}

	// The bar, with this hand's score shown ahead of the total.
	hy0 := hy - y
	by, barH := int(y+hy0+18), 8
	if roomy {
		by, barH = int(y+hy0+20), 10
	}
	progress(im, int(x)+lfInset, by, int(w)-2*lfInset, barH, sv.Total2, pending(v, sv), target(v))

	sy := float64(by+barH) + 18
	if roomy {
		sy += 2
	}
	if fortunes {
		k.drawFortune(im, fortune, x+lfInset, sy-8, w-2*lfInset, y+h-8)
		return
	}
	k.drawStats(im, v, sv, x+lfInset, sy, x+w-lfInset)
	top := sy + 16
	size := cardSmall
	for _, s := range [...]cardSize{cardBig, cardTable} {
		if top+float64(s.spec().h) <= y+h-10 {
			size = s
			break
		}
	}
	if top+float64(size.spec().h) > y+h-4 {
		return
	}
	k.drawFaceUp(im, sv.FaceUp, x+lfInset, top, w-2*lfInset, size)
}

// drawStats draws the line under a seat's bar: its hand as card backs with
// a count, its bank as a stack with count and value, and on the right what
// its table scores this hand (or scored last hand, between hands).
func (k *lifeKit) drawStats(im *image.RGBA, v life.View, sv life.SeatView, x, cy, right float64) {
	mini := cardMini.spec()
	top := int(cy) - mini.h/2
	backs := min(max(sv.HandSize, 0), 5)
	for i := range backs {
		Blit(im, k.backs[cardMini], int(x)+i*5, top)
	}
	if backs > 0 {
		x += float64(mini.w+(backs-1)*5) + 6
	}
	x += k.stat.Draw(im, strconv.Itoa(sv.HandSize), x, cy, MiddleLeft, rgb(textMain)) + 5
	x += k.small.Draw(im, "in hand", x, cy, MiddleLeft, rgb(textSoft)) + 18

	label, n := handScore(v, sv)
	score := signedHalf(n)
	sw := k.stat.Draw(im, score, right, cy, MiddleRight, scoreColour(n))
	lw := k.small.Draw(im, label, right-sw-6, cy, MiddleRight, rgb(textSoft))
	limit := right - sw - lw - 6 - 14

	layers := min(len(sv.Bank), 3)
	if x+float64(mini.w+3*layers)+90 > limit {
		return
	}
	for i := range layers {
		Blit(im, k.backs[cardMini], int(x)+3*(layers-1-i), top-2*(layers-1-i)+2)
	}
	if layers > 0 {
		x += float64(mini.w+3*(layers-1)) + 6
	}
	x += k.stat.Draw(im, strconv.Itoa(len(sv.Bank)), x, cy, MiddleLeft, rgb(textMain)) + 5
	x += k.small.Draw(im, "banked", x, cy, MiddleLeft, rgb(textSoft)) + 6
	if len(sv.Bank) > 0 {
		val := signedHalf(bankValue(sv))
		k.stat.Draw(im, k.stat.Fit(val, limit-x), x, cy, MiddleLeft, scoreColour(bankValue(sv)))
	}
}

// drawFaceUp draws face-up cards in suit groups from (x, top), within
// room pixels: overlapped within a group so that each shows its index,
// spaced between groups. When even the tightest fan does not fit, the
// groups run together and the last place counts the cards left out.
func (k *lifeKit) drawFaceUp(im *image.RGBA, cards []life.Card, x, top, room float64, size cardSize) {
	if len(cards) == 0 {
		return
	}
	sp := size.spec()
	w := float64(sp.w)
	groups := suitGroups(cards)
	idx := k.indexWidth(size)
	const groupGap = 14
	width := func(step float64) float64 {
		total := float64(len(groups)-1) * groupGap
		for _, g := range groups {
			total += w + float64(len(g)-1)*step
		}
		return total
	}
	step := idx + 8
	if width(step) > room {
		extra := float64(len(cards) - len(groups))
		step = (room - width(0)) / extra
	}
	if step >= idx-2 {
		for _, g := range groups {
			for i, c := range g {
				Blit(im, k.face(c, size), int(x+float64(i)*step), int(top))
			}
			x += w + float64(len(g)-1)*step + groupGap
		}
		return
	}
	all := slices.Concat(groups...)
	more := k.stat.Measure("+" + strconv.Itoa(len(all)))
	step, shown := fan(len(all), sp.w, room-more-8, 0, idx-2)
	if shown < len(all) {
		all = all[:shown]
	}
	for i, c := range all {
		Blit(im, k.face(c, size), int(x+float64(i)*step), int(top))
	}
	if left := len(cards) - len(all); left > 0 {
		end := x + w + float64(max(len(all)-1, 0))*step
		if len(all) == 0 {
			end = x
		}
		k.stat.Draw(im, "+"+strconv.Itoa(left), end+8, top+float64(sp.h)/2, MiddleLeft, rgb(textSoft))
	}
}

// drawFortune draws a seat's fortune reading, wrapped, down to bottom.
func (k *lifeKit) drawFortune(im *image.RGBA, text string, x, top, width, bottom float64) {
	lines := k.body.Wrap(k.body.Clean(text), width)
	const lineH = 25
	for i, line := range lines {
		y := top + float64(i)*lineH
		if y+lineH > bottom && i < len(lines)-1 {
			// The last line that fits says the reading goes on.
			k.body.Draw(im, k.body.Fit(line+" …", width), x, y, TopLeft, rgb(textMain))
			return
		}
		if y+k.body.CapHeight() > bottom {
			return
		}
		k.body.Draw(im, line, x, y, TopLeft, rgb(textMain))
	}
}

func (k *lifeKit) drawFooter(im *image.RGBA, v life.View) {
	drawFooterText(im, k.footerTitle, k.footer, "Life, the card game", v.Options, float64(lfFooterY+Height)/2, Width-16)
}

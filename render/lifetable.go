package render

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
)

// The Life table, one column PhoneWidth wide: the shared header; a strip
// with the turned card, the deck, the discard and what the game waits
// for; one row per seat; the legend. Its height depends only on the
// number of seats, so the frames of a replay line up.
//
// A seat's row says on its first line who it is (token, suit, name,
// dealer) and where it stands (total of target); on its second line its
// hand and bank as card backs with counts, its face-up cards as one chip per suit, and what its
// table scores this hand. Face-up cards of one suit never reach 10, so
// they are number cards from 2 to 9: a chip "♥ 2 3 4" shows them whole
// where overlapped cards would hide their suits.
const (
	ltStripH = 140 // the strip under the header
	ltRowH   = 72  // a seat's row
	ltRowGap = 6
	ltPad    = 10 // text and cards inside a row keep this far from its edge
	ltMaxRow = 8  // seats drawn: the most a game has
	ltMinRow = 2
	ltCardX  = frameMargin
	ltStatus = frameMargin + 3*(76+12) // where the strip's words start
)

// LifeTable draws the public table of Life, the card game, as a PNG
// PhoneWidth wide for the channel. names[seat] is a player's display name;
// missing or undrawable names become "Player n". The table's own words
// are in lang.
//
// The table shows only public material: it refuses, with
// ErrPrivateInPublic, a view that carries a hand or private notes. Views no
// game produces — no seats, dozens of cards, absurd totals — still draw.
func (r *Renderer) LifeTable(v life.View, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.paintLifeTable(v, names, words().In(lang)))
}

func (r *Renderer) paintLifeTable(v life.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Hand != nil || v.FreshHand != nil || len(v.Notes) > 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.life()
	rows := min(max(len(v.Seats), ltMinRow), ltMaxRow)
	return k.tableBackdrop(rows, say), func(im *image.RGBA) {
		k.drawHeader(im, lifeHeader(v, false, say), names, say)
		top := headerH
		if v.Over {
			k.drawWinners(im, v, names, top, say)
		} else {
			k.drawStrip(im, v, names, top, say)
		}
		k.drawSeats(im, v, names, top+ltStripH, say)
	}, nil
}

// tableHeight is the height of a table of rows seats, with its legend in
// say's words.
func (k *lifeKit) tableHeight(rows int, say i18n.Printer) int {
	return headerH + ltStripH + rows*(ltRowH+ltRowGap) + ltRowGap + k.legendHeight(k.tableLegend(say), PhoneWidth)
}

// tableLegend names the table's symbols with the words of the buttons
// and the log: cards "in hand", "banked", a hand's score, the dealer and
// what the last move changed.
func (k *lifeKit) tableLegend(say i18n.Printer) []legendItem {
	return worded(say, []legendItem{
		{k.backs[cardMini], "life.legend.in_hand"},
		{k.bank, "life.banked"},
		{k.gain, "life.this_hand"},
		{k.dealer, "life.legend.dealer"},
		{k.freshKey, "life.legend.last_move"},
	})
}

// lifeBackdrop names a backdrop of the Life images: the table of rows
// seats or the hand, with its legend in lang.
type lifeBackdrop struct {
	hand bool
	rows int
	lang i18n.Lang
}

// tableBackdrop is the empty table of rows seats with its legend.
func (k *lifeKit) tableBackdrop(rows int, say i18n.Printer) *backdrop {
	return k.backdrops.get(lifeBackdrop{false, rows, say.Lang()}, func() *image.RGBA {
		im := plainBackdrop(PhoneWidth, k.tableHeight(rows, say))
		k.drawLegend(im, k.tableLegend(say))
		return im
	})
}

// lifeHeader is the shared header of a Life image: the hand and target,
// and the seats that must act, or the winners.
func lifeHeader(v life.View, private bool, say i18n.Printer) header {
	h := header{Game: say.T("game.life"), Over: v.Over, Private: private, Viewer: int(v.Seat)}
	h.Stage = say.T("life.stage.target", "target", target(v))
	if v.HandNo > 0 {
		h.Stage = say.T("life.stage.hand", "hand", v.HandNo, "target", target(v))
	}
	for _, s := range v.Active {
		if s >= 0 && int(s) < len(v.Seats) {
			h.Turn = append(h.Turn, seatMark{int(s), int(s)})
		}
	}
	if v.Over {
		for s, rk := range ranks(v) {
			if rk == 1 {
				h.Winners = append(h.Winners, seatMark{s, s})
			}
		}
	}
	return h
}

// waitsFor says what the game waits for in say's words for the buttons
// and the log, after the name of the seat that must act: "may lay hearts
// ♥"; viewer is the seat reading it, if any. The step before a turn is
// "turn" to the table, which never learns that the seat holds a joker.
func waitsFor(say i18n.Printer, v life.View, viewer games.Seat, name func(games.Seat) string) string {
	switch {
	case v.Step == "suit":
		chosen := 0
		for _, s := range v.Seats {
			if s.Chosen || s.SuitShown {
				chosen++
			}
		}
		return say.T("life.waits.suits", "chosen", chosen, "seats", len(v.Seats))
	case v.Step == "lay" && v.Turned != nil:
		return say.T("life.waits.lay", "card", v.Turned.Label(), "suit", v.Turned.Suit.Name(), "symbol", v.Turned.Suit.Symbol())
	case v.Step == "steal":
		return say.T("life.waits.steal")
	case v.Step == "react" && v.Turn == viewer:
		return say.T("life.waits.react_you")
	case v.Step == "react":
		return say.T("life.waits.react", "name", name(v.Turn))
	}
	return say.T("life.waits.turn")
}

// drawStrip draws the cards everyone acts on, the turned card, the deck
// and the discard, beside who must act and what they may do.
func (k *lifeKit) drawStrip(im *image.RGBA, v life.View, names []string, top int, say i18n.Printer) {
	FillRect(im, image.Rect(0, top+ltStripH-1, PhoneWidth, top+ltStripH), rgb(tableLine))
	sp := cardBig.spec()
	labelY, cardY := float64(top+16), top+28
	x := ltCardX
	for i, label := range [...]string{"life.turned", "life.deck", "life.discard"} {
		cx := float64(x + sp.w/2)
		k.small.Draw(im, k.small.Fit(say.T(label), float64(sp.w+10)), cx, labelY, Centre, rgb(textSoft))
		r := image.Rect(x, cardY, x+sp.w, cardY+sp.h)
		switch {
		case i == 0 && v.Turned != nil:
			k.face(*v.Turned, cardBig, say).blitTo(im, x, cardY)
			k.fonts.icon("suit", sp.pipSize)
			if v.Step == "lay" {
				// A card waiting to be laid was turned by the last move.
				markFresh(im, r)
			}
		case i == 1 && v.DeckSize > 0:
			Blit(im, k.backs[cardBig], x, cardY)
			n := strconv.Itoa(v.DeckSize)
			w := k.prompt.Measure(n) + 12
			FillRect(im, image.Rect(int(cx-w/2), cardY+sp.h/2-15, int(cx+w/2), cardY+sp.h/2+15), rgb(inkDark))
			k.prompt.Draw(im, n, cx, float64(cardY+sp.h/2), Centre, rgb(white))
		case i == 2 && v.DiscardTop != nil:
			k.face(*v.DiscardTop, cardBig, say).blitTo(im, x, cardY)
		default:
			k.slot.Draw(im, r)
		}
		x += sp.w + 12
	}

	name := func(s games.Seat) string {
		if s < 0 || int(s) >= len(v.Seats) {
			return "—"
		}
		return k.prompt.SeatName(say, names, int(s))
	}
	width := float64(PhoneWidth - frameMargin - ltStatus)
	y := float64(top + 40)
	if v.Step != "suit" && len(v.Active) > 0 {
		who := v.Active[0]
		k.drawArrow(im, ltStatus+turnArrow/2, y)
		nx := float64(ltStatus + turnArrow + 6)
		k.prompt.Draw(im, k.prompt.Fit(name(who), width-turnArrow-6), nx, y, MiddleLeft, rgb(textMain))
		y += 30
	}
	doing := waitsFor(say, v, games.Observer, name)
	for i, line := range k.body.Wrap(doing, width) {
		if i == 3 {
			k.fonts.sight.sawCut(doing)
			break
		}
		k.body.Draw(im, line, ltStatus, y+float64(i)*25, MiddleLeft, rgb(textSoft))
	}
}

// drawWinners fills the strip of a finished game with the winners and
// their score: the picture to keep.
func (k *lifeKit) drawWinners(im *image.RGBA, v life.View, names []string, top int, say i18n.Printer) {
	box := image.Rect(frameMargin, top+10, PhoneWidth-frameMargin, top+ltStripH-8)
	k.over.Draw(im, box)
	winners := lifeHeader(v, false, say).Winners
	var ws []string
	for _, w := range winners {
		ws = append(ws, k.big.SeatName(say, names, w.Seat))
	}
	cy := float64(box.Min.Y + box.Dy()/2)
	x := float64(box.Min.X + 20)
	BlitCentred(im, k.star, x+turnArrow/2, cy-18)
	k.fonts.icon("winner", turnArrow)
	x += turnArrow + 12
	width := float64(box.Max.X-20) - x
	title := say.T("frame.game_over")
	if len(ws) > 0 {
		title = strings.Join(ws, " & ")
	}
	f := FitFace(title, width, k.big, k.prompt)
	f.Draw(im, f.Fit(title, width), x, cy-18, MiddleLeft, rgb(gold))
	if len(ws) > 0 {
		best := winners[0].Seat
		line := say.T("life.over.first", "total", totalText(v, best), "target", target(v))
		if len(ws) > 1 {
			line = say.T("life.over.share", "total", totalText(v, best))
		}
		if v.HandNo > 0 {
			line = say.T("life.over.hands", "line", line, "n", v.HandNo)
		}
		k.body.Draw(im, k.body.Fit(line, width), x, cy+22, MiddleLeft, rgb(textMain))
	}
}

func (k *lifeKit) drawSeats(im *image.RGBA, v life.View, names []string, top int, say i18n.Printer) {
	n := len(v.Seats)
	if n == 0 {
		k.body.Draw(im, say.T("common.no_players"), PhoneWidth/2, float64(top+ltRowH), Centre, rgb(textSoft))
		return
	}
	// While the game runs rows keep seat order, so nobody's row moves;
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
	// A deal moves every hand: outlining them all would say nothing.
	handsMoved := 0
	for _, s := range v.Seats {
		if s.HandMoved {
			handsMoved++
		}
	}
	outlineHands := handsMoved < n
	for i, seat := range order[:min(n, ltMaxRow)] {
		y := top + ltRowGap + i*(ltRowH+ltRowGap)
		r := image.Rect(frameMargin, y, PhoneWidth-frameMargin, y+ltRowH)
		if v.Over {
			k.drawFinalRow(im, v, names, seat, rk[seat], r, say)
			continue
		}
		k.drawSeat(im, v, names, seat, r, outlineHands, say)
	}
}

// seatLine draws the first line of a seat's row: the arrow when it must
// act, its token, its suit and its name from x, and its dealer button
// and total ending at right. It returns where the name starts.
func (k *lifeKit) seatLine(im *image.RGBA, v life.View, names []string, seat int, x, right, cy float64, active bool, totalFace *Face, say i18n.Printer) float64 {
	sv := v.Seats[seat]
	if active {
		k.drawArrow(im, x+turnArrow/2, cy)
	}
	x += turnArrow + 4
	BlitCentred(im, k.token(seat, minIcon), x+minIcon/2, cy)
	k.fonts.icon("player token", minIcon)
	x += minIcon + 6
	badge := k.choosing
	switch {
	case sv.SuitShown && sv.Suit >= life.Hearts && sv.Suit < life.NoSuit:
		badge = k.badges[sv.Suit]
		k.fonts.icon("suit", minIcon)
	case sv.SuitShown:
		badge = nil
	case sv.Chosen:
		badge = k.chosen
	}
	if badge != nil {
		BlitCentred(im, badge, x+lfBadge/2, cy)
	}
	x += lfBadge + 8

	right -= k.totalOf.Draw(im, "/"+strconv.Itoa(target(v)), right, cy+4, MiddleRight, rgb(textSoft)) + 2
	total := totalText(v, seat)
	tf := FitFace(total, 120, totalFace, k.stat)
	right -= tf.Draw(im, tf.Fit(total, 120), right, cy, MiddleRight, scoreColour(sv.Total2)) + 10
	if sv.Dealer {
		BlitCentred(im, k.dealer, right-lfDealer/2, cy)
		right -= lfDealer + 8
	}
	name := k.name.SeatName(say, names, seat)
	k.name.Draw(im, k.name.Fit(name, right-x), x, cy, MiddleLeft, rgb(textMain))
	return x
}

// drawSeat draws one seat's row while a hand is played or suits are
// chosen.
func (k *lifeKit) drawSeat(im *image.RGBA, v life.View, names []string, seat int, r image.Rectangle, outlineHands bool, say i18n.Printer) {
	sv := v.Seats[seat]
	active := isActive(v, seat)
	if active {
		k.active.Draw(im, r)
	} else {
		k.panel.Draw(im, r)
	}
	x, right := float64(r.Min.X+ltPad), float64(r.Max.X-ltPad)
	cy := float64(r.Min.Y + 21)
	k.seatLine(im, v, names, seat, x, right, cy, active, k.total, say)

	cy = float64(r.Min.Y + 52)
	mini := cardMini.spec()
	hx := int(x)
	Blit(im, k.backs[cardMini], hx, int(cy)-mini.h/2)
	end := float64(hx+mini.w+4) + k.stat.Draw(im, strconv.Itoa(sv.HandSize), float64(hx+mini.w+4), cy, MiddleLeft, rgb(textMain))
	if outlineHands && sv.HandMoved {
		markFresh(im, image.Rect(hx, int(cy)-mini.h/2, int(end)+1, int(cy)+mini.h/2))
	}
	bx := int(end) + 10
	Blit(im, k.bank, bx, int(cy)-k.bank.Rect.Dy()/2)
	end = float64(bx+k.bank.Rect.Dx()+4) + k.stat.Draw(im, strconv.Itoa(len(sv.Bank)), float64(bx+k.bank.Rect.Dx()+4), cy, MiddleLeft, rgb(textMain))
	if hasFresh(sv.Bank, sv.Fresh) {
		markFresh(im, image.Rect(bx, int(cy)-mini.h/2, int(end)+1, int(cy)+mini.h/2))
	}

	last, score := handScore(v, sv)
	sw := k.stat.Draw(im, signedHalf(score), right, cy, MiddleRight, scoreColour(score))
	if last {
		// Between hands the score is the last hand's, and says so.
		sw += 6 + k.small.Draw(im, handScoreWord(say, last), right-sw-6, cy, MiddleRight, rgb(textSoft))
	}
	k.drawChips(im, sv.FaceUp, sv.Fresh, end+14, cy, right-sw-10)
}

// drawFinalRow draws one seat's row once the game is over: its rank and
// total, large, and its fortune when the game reads them, else what it
// scored in the last hand.
func (k *lifeKit) drawFinalRow(im *image.RGBA, v life.View, names []string, seat, rank int, r image.Rectangle, say i18n.Printer) {
	sv := v.Seats[seat]
	if rank == 1 {
		k.winner.Draw(im, r)
	} else {
		k.panel.Draw(im, r)
	}
	x, right := float64(r.Min.X+ltPad), float64(r.Max.X-ltPad)
	cy := float64(r.Min.Y + 21)
	c := rgb(textSoft)
	if rank == 1 {
		c = rgb(gold)
	}
	k.rank.Draw(im, strconv.Itoa(rank), x+turnArrow/2, cy, Centre, c)
	nameX := k.seatLine(im, v, names, seat, x, right, cy, false, k.total, say)

	fortune := ""
	if seat < len(v.Fortune) {
		fortune = strings.TrimSpace(say.Say(v.Fortune[seat]))
	}
	if fortune == "" {
		_, last := handScore(v, sv)
		y := float64(r.Min.Y + 52)
		w := k.small.Draw(im, say.T("life.last_hand"), nameX, y, MiddleLeft, rgb(textSoft)) + 6
		k.stat.Draw(im, signedHalf(last), nameX+w, y, MiddleLeft, scoreColour(last))
		return
	}
	lines := k.small.Wrap(k.small.Clean(fortune), right-nameX)
	for i, line := range lines {
		if i == 1 && len(lines) > 2 {
			line = k.small.Fit(line+" …", right-nameX)
		}
		k.small.Draw(im, line, nameX, float64(r.Min.Y+42+i*19), MiddleLeft, rgb(textMain))
		if i == 1 {
			break
		}
	}
}

// hasFresh reports whether any of cards is among fresh, by id.
func hasFresh(cards, fresh []life.Card) bool {
	return slices.ContainsFunc(cards, func(c life.Card) bool {
		return slices.ContainsFunc(fresh, func(f life.Card) bool { return f.ID == c.ID })
	})
}

// drawChips draws face-up cards as one chip per suit from x, centred on
// cy, within right; a chip that holds a card the last move laid is
// outlined. Chips that do not fit give way to a count of the cards left
// out.
func (k *lifeKit) drawChips(im *image.RGBA, cards, fresh []life.Card, x, cy, right float64) {
	const gap = 6
	groups := suitGroups(cards)
	chips := make([]*image.RGBA, len(groups))
	whole := 0.0
	for i, g := range groups {
		chips[i] = k.chip(g)
		whole += float64(chips[i].Rect.Dx() + gap)
	}
	room := right - x + gap
	if whole > room {
		room -= k.stat.Measure("+"+strconv.Itoa(len(cards))) + gap
	}
	for i, chip := range chips {
		w := chip.Rect.Dx()
		if float64(w+gap) > room {
			left := 0
			for _, g := range groups[i:] {
				left += len(g)
			}
			k.stat.Draw(im, "+"+strconv.Itoa(left), x, cy, MiddleLeft, rgb(textSoft))
			return
		}
		room -= float64(w + gap)
		top := int(cy) - lfChipH/2
		Blit(im, chip, int(x), top)
		if groupOf(groups[i][0]) != life.NoSuit {
			k.fonts.icon("suit", minIcon)
		}
		if hasFresh(groups[i], fresh) {
			markFresh(im, image.Rect(int(x), top, int(x)+w, top+lfChipH))
		}
		x += float64(w + gap)
	}
}

// chip returns the chip of one suit's face-up cards: the suit's pip and
// the ranks in its colour on a card-white ground; jokers, which no table
// holds, as a star each.
func (k *lifeKit) chip(g []life.Card) *image.RGBA {
	const pad, gap, space = 5, 3, 7
	suit := groupOf(g[0])
	ranks := make([]string, 0, len(g))
	for _, c := range g {
		if c.Rank != life.Joker {
			ranks = append(ranks, rankLabel(c.Rank))
		}
	}
	key := strconv.Itoa(int(suit)) + strconv.Itoa(len(g)) + strings.Join(ranks, " ")
	return k.chips.get(key, func() *image.RGBA {
		w := pad + minIcon + gap - space + pad
		for _, r := range ranks {
			w += space + int(k.chipRank.Measure(r)+0.5)
		}
		return Sprite(w, lfChipH, func(dc *gg.Context) {
			RoundedCard(dc, 0.5, 0.5, float64(w)-1, lfChipH-1, 6, rgb(cardFace), rgb(cardEdge), 1.5)
			if suit == life.NoSuit {
				StarPath(dc, pad+minIcon/2, lfChipH/2, minIcon/2)
				dc.SetColor(rgb(jokerInk))
				dc.Fill()
			}
			suitPip(dc, suit, pad+minIcon/2, lfChipH/2, minIcon)
			x := float64(pad + minIcon + gap - space)
			for _, r := range ranks {
				x += space + k.chipRank.Draw(dc.Image().(*image.RGBA), r, x+space, lfChipH/2, MiddleLeft, suitColour(suit))
			}
		})
	})
}

package render

import (
	"errors"
	"image"
	"strconv"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
)

// The private hand image of Life, sent to one player by DM, one column
// PhoneWidth wide and always as tall: the shared header ("Your turn"); a
// box with what the game asks of them in the buttons' words, their suit
// and their total; their hand as large cards; their table (the turned
// card, their face-up chips, their bank); their latest private notes; the
// legend.
const (
	lhAskTop   = headerH + 8
	lhAskH     = 78
	lhHandTop  = lhAskTop + lhAskH + 50 // the top of the hand's cards
	lhLift     = 14                     // how far the cards that may be laid stand out
	lhRowStep  = 72                     // between the two rows of a long hand
	lhTableTop = lhHandTop + 172
	lhTableH   = 136
	lhNotesTop = lhTableTop + lhTableH + 10
	lhNoteH    = 24
	lhNotes    = 3 // note lines shown: the message beside the image has them all
	lhInset    = 12
)

// errNoSeat refuses a view that belongs to nobody: only a seat's own view
// has a hand to draw.
var errNoSeat = errors.New("render: a private image needs a seat's own view, not the public one")

// LifeHand draws one seat's private view of Life, the card game, as a PNG
// PhoneWidth wide for a DM: the seat's hand sorted by suit and rank, its
// chosen suit, its own table and score, the turned card, what the game asks
// of it and its private notes, with {n} in notes replaced by names[n], and
// its own words in lang. It draws nothing of any other seat's hand; a view
// without a seat (games.Observer) is refused.
func (r *Renderer) LifeHand(v life.View, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.paintLifeHand(v, names, words().In(lang)))
}

func (r *Renderer) paintLifeHand(v life.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.life()
	return k.handBackdrop(say), func(im *image.RGBA) {
		seat := int(v.Seat)
		var sv life.SeatView
		if seat < len(v.Seats) {
			sv = v.Seats[seat]
		}
		k.drawHeader(im, lifeHeader(v, true, say), names, say)
		k.drawAsk(im, v, sv, names, say)
		k.drawHandCards(im, v, say)
		k.drawHandTable(im, v, sv, say)
		drawNotes(im, say, k.small, k.small, say.SayAll(v.Notes), k.name.SeatNames(say, names, len(v.Seats)),
			frameMargin+4, lhNotesTop, PhoneWidth-2*frameMargin-8, lhNotesTop+lhNotes*lhNoteH, lhNoteH)
	}, nil
}

// handLegend names the hand image's symbols: the cards that may be laid
// stand out, and the last move is outlined.
func (k *lifeKit) handLegend(say i18n.Printer) []legendItem {
	return worded(say, []legendItem{
		{k.bank, "life.banked"},
		{k.gain, "life.this_hand"},
		{k.freshKey, "life.legend.last_move"},
	})
}

func (k *lifeKit) handBackdrop(say i18n.Printer) *backdrop {
	return k.backdrops.get(lifeBackdrop{true, 0, say.Lang()}, func() *image.RGBA {
		items := k.handLegend(say)
		h := lhNotesTop + lhNotes*lhNoteH + 12 + k.legendHeight(items, PhoneWidth)
		im := plainBackdrop(PhoneWidth, h)
		k.drawLegend(im, items)
		return im
	})
}

// handPrompt says, to the player, what the game asks of them now in the
// words of their buttons, or whom it waits for, in say's language.
func (k *lifeKit) handPrompt(v life.View, names []string, say i18n.Printer) string {
	seat := int(v.Seat)
	active := isActive(v, seat)
	name := func(s games.Seat) string {
		if s < 0 || int(s) >= len(v.Seats) {
			return say.T("life.someone")
		}
		return k.prompt.SeatName(say, names, int(s))
	}
	switch {
	case v.Over || v.Step == "over":
		rk := ranks(v)
		switch {
		case seat >= len(rk):
			return say.T("life.ask.over")
		case rk[seat] == 1 && len(v.Result.Winners()) > 1:
			return say.T("common.you_share")
		case rk[seat] == 1:
			return say.T("common.you_win")
		}
		return say.T("common.you_finished", "rank", ordinal(say, rk[seat]))
	case v.Step == "suit" && active:
		return say.T("life.ask.suit", "hand", v.HandNo)
	case v.Step == "suit":
		return say.T("life.ask.suit_chosen")
	case !active && len(v.Active) > 0:
		// What the table says of the seat to play.
		return say.T("life.ask.other", "name", name(v.Active[0]), "does", waitsFor(say, v, v.Seat, name))
	case !active && v.Turn == v.Seat:
		return say.T("life.ask.waiting_you")
	case !active:
		return say.T("life.ask.waiting", "name", name(v.Turn))
	case v.Step == "joker":
		return say.T("life.ask.joker")
	case v.Step == "lay" && v.Turned != nil:
		return say.T("life.ask.lay", "suit", v.Turned.Suit.Name(), "symbol", v.Turned.Suit.Symbol())
	case v.Step == "steal":
		return say.T("life.ask.steal")
	case v.Step == "take":
		return say.T("life.ask.take")
	case v.Step == "pos":
		return say.T("life.ask.pos")
	case v.Step == "react":
		return say.T("life.ask.react", "name", name(v.Turn))
	}
	return say.T("frame.your_turn")
}

// drawAsk draws the box under the header: what the game asks, the seat's
// suit and its total.
func (k *lifeKit) drawAsk(im *image.RGBA, v life.View, sv life.SeatView, names []string, say i18n.Printer) {
	seat := int(v.Seat)
	r := image.Rect(frameMargin, lhAskTop, PhoneWidth-frameMargin, lhAskTop+lhAskH)
	active := !v.Over && isActive(v, seat)
	if active {
		k.active.Draw(im, r)
	} else {
		k.panel.Draw(im, r)
	}
	x, right := float64(r.Min.X+lhInset), float64(r.Max.X-lhInset)
	y1, y2 := float64(r.Min.Y+24), float64(r.Min.Y+56)

	right -= k.totalOf.Draw(im, "/"+strconv.Itoa(target(v)), right, y1+4, MiddleRight, rgb(textSoft)) + 2
	total := "0"
	if seat < len(v.Seats) {
		total = totalText(v, seat)
	}
	tf := FitFace(total, 110, k.total, k.stat)
	right -= tf.Draw(im, tf.Fit(total, 110), right, y1, MiddleRight, scoreColour(sv.Total2)) + 12
	last, n := handScore(v, sv)
	sw := k.stat.Draw(im, signedHalf(n), float64(r.Max.X-lhInset), y2, MiddleRight, scoreColour(n))
	lw := k.small.Draw(im, handScoreWord(say, last), float64(r.Max.X-lhInset)-sw-6, y2, MiddleRight, rgb(textSoft))

	if active {
		k.drawArrow(im, x+turnArrow/2, y1)
		x += turnArrow + 6
	}
	p := k.handPrompt(v, names, say)
	pf := FitFace(p, right-x, k.prompt, k.name, k.stat)
	pf.Draw(im, pf.Fit(p, right-x), x, y1, MiddleLeft, rgb(textMain))

	x = float64(r.Min.X + lhInset)
	badge, suit := k.choosing, say.T("life.suit.not_chosen")
	switch {
	case sv.SuitShown && sv.Suit >= life.Hearts && sv.Suit < life.NoSuit:
		badge, suit = k.badges[sv.Suit], say.T("life.suit.yours", "suit", sv.Suit.Name())
		if sv.Suit == life.Spades {
			suit = say.T("life.suit.spades")
		}
		k.fonts.icon("suit", minIcon)
	case sv.Chosen:
		badge, suit = k.chosen, say.T("life.suit.chosen")
	}
	BlitCentred(im, badge, x+lfBadge/2, y2)
	x += lfBadge + 8
	if sv.Dealer {
		suit += " · " + say.T("life.suit.you_deal")
	}
	limit := float64(r.Max.X-lhInset) - sw - lw - 18
	k.small.Draw(im, k.small.Fit(suit, limit-x), x, y2, MiddleLeft, rgb(textSoft))
}

func (k *lifeKit) drawHandCards(im *image.RGBA, v life.View, say i18n.Printer) {
	room := float64(PhoneWidth - 2*frameMargin)
	cards := sortedCards(v.Hand)
	k.small.Draw(im, say.T("common.your_hand", "n", len(cards)), frameMargin+2, lhHandTop-lhLift-20, MiddleLeft, rgb(textSoft))
	sp := cardHand.spec()
	if len(cards) == 0 {
		k.slot.Draw(im, image.Rect(frameMargin, lhHandTop, PhoneWidth-frameMargin, lhHandTop+sp.h))
		empty := say.T("common.no_cards_in_hand")
		if v.Step == "suit" {
			empty = say.T("life.dealt_later")
		}
		k.body.Draw(im, empty, PhoneWidth/2, lhHandTop+float64(sp.h)/2, Centre, rgb(textSoft))
		return
	}
	// On a lay the cards of the turned suit stand out: they are the
	// choice the player is asked to make.
	lift := life.NoSuit
	if v.Step == "lay" && !v.Over && isActive(v, int(v.Seat)) && v.Turned != nil {
		lift = v.Turned.Suit
	}
	place := func(c life.Card, size cardSize, x, y int) {
		if lift != life.NoSuit && c.Suit == lift && !c.IsJoker() {
			y -= lhLift
		}
		k.face(c, size, say).blitTo(im, x, y)
		if !c.IsJoker() {
			k.fonts.icon("suit", size.spec().pipSize)
		}
		if hasFresh([]life.Card{c}, v.FreshHand) {
			// The card's index is what shows of it in a fan.
			w := int(k.indexWidth(size))
			markFresh(im, image.Rect(x, y, x+w, y+size.spec().h))
		}
	}
	step, shown := fan(len(cards), sp.w, room, 8, k.indexWidth(cardHand)+4)
	if shown == len(cards) {
		width := float64(sp.w) + float64(max(shown-1, 0))*step
		x := float64(frameMargin) + (room-width)/2
		for i, c := range cards {
			place(c, cardHand, int(x+float64(i)*step), lhHandTop)
		}
		return
	}
	// A hand too long for one row of large cards goes in two rows of
	// smaller ones, the second over the lower part of the first, so that
	// every index still shows.
	bsp := cardBig.spec()
	minStep := k.indexWidth(cardBig) + 2
	half := (len(cards) + 1) / 2
	for row, part := range [2][]life.Card{cards[:half], cards[half:]} {
		more := 0.0
		if _, all := fan(len(part), bsp.w, room, 8, minStep); row == 1 && all < len(part) {
			more = k.prompt.Measure("+"+strconv.Itoa(len(cards))) + 12
		}
		step, shown := fan(len(part), bsp.w, room-more, 8, minStep)
		y := lhHandTop - lhLift + row*lhRowStep
		for i, c := range part[:shown] {
			place(c, cardBig, frameMargin+int(float64(i)*step), y)
		}
		if left := len(cards) - half - shown; row == 1 && left > 0 {
			end := float64(frameMargin+bsp.w) + float64(max(shown-1, 0))*step
			k.prompt.Draw(im, "+"+strconv.Itoa(left), end+12, float64(y+bsp.h/2), MiddleLeft, rgb(textSoft))
		}
	}
}

// drawHandTable draws the turned card beside the seat's own table: its
// face-up chips, its bank and its total's bar.
func (k *lifeKit) drawHandTable(im *image.RGBA, v life.View, sv life.SeatView, say i18n.Printer) {
	r := image.Rect(frameMargin, lhTableTop, PhoneWidth-frameMargin, lhTableTop+lhTableH)
	k.panel.Draw(im, r)
	sp := cardBig.spec()
	x := r.Min.X + lhInset
	k.small.Draw(im, k.small.Fit(say.T("life.turned"), float64(sp.w+16)), float64(x+sp.w/2), float64(r.Min.Y+16), Centre, rgb(textSoft))
	cardY := r.Min.Y + 26
	if v.Turned != nil {
		k.face(*v.Turned, cardBig, say).blitTo(im, x, cardY)
		k.fonts.icon("suit", sp.pipSize)
		if v.Step == "lay" {
			markFresh(im, image.Rect(x, cardY, x+sp.w, cardY+sp.h))
		}
	} else {
		k.slotOnPanel(im, x, cardY, sp.w, sp.h)
	}
	left, right := float64(x+sp.w+18), float64(r.Max.X-lhInset)
	k.small.Draw(im, say.T("life.your_table"), left, float64(r.Min.Y+16), MiddleLeft, rgb(textSoft))
	cy := float64(r.Min.Y + 50)
	if len(sv.FaceUp) == 0 {
		k.small.Draw(im, say.T("life.no_face_up"), left, cy, MiddleLeft, rgb(textSoft))
	} else {
		k.drawChips(im, sv.FaceUp, sv.Fresh, left, cy, right)
	}
	cy += 42
	bx := int(left)
	Blit(im, k.bank, bx, int(cy)-k.bank.Rect.Dy()/2)
	end := float64(bx+k.bank.Rect.Dx()+6) + k.stat.Draw(im, strconv.Itoa(len(sv.Bank)), float64(bx+k.bank.Rect.Dx()+6), cy, MiddleLeft, rgb(textMain))
	if hasFresh(sv.Bank, sv.Fresh) {
		markFresh(im, image.Rect(bx, int(cy)-k.bank.Rect.Dy()/2, int(end)+1, int(cy)+k.bank.Rect.Dy()/2))
	}
	end += 6 + k.small.Draw(im, say.T("life.banked"), end+6, cy, MiddleLeft, rgb(textSoft))
	if len(sv.Bank) > 0 {
		val := signedHalf(bankValue(sv))
		k.stat.Draw(im, k.stat.Fit(val, right-end-8), end+8, cy, MiddleLeft, scoreColour(bankValue(sv)))
	}
	progress(im, int(left), r.Max.Y-14, int(right-left), 5, sv.Total2, pending(v, sv), target(v))
}

// slotOnPanel marks an empty place for a card inside a panel.
func (k *lifeKit) slotOnPanel(im *image.RGBA, x, y, w, h int) {
	r := image.Rect(x, y, x+w, y+h)
	FillRect(im, r, rgb(tableLine))
	FillRect(im, r.Inset(2), rgb(rowFill))
}

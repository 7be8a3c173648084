package render

import (
	"errors"
	"image"
	"strconv"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/life"
)

// The private hand image of Life, sent to one player by DM: a header with
// what the game asks of them and their total; their hand as a row of large
// cards; and below it the turned card, their own table and their private
// notes.
const (
	lhMargin   = 16
	lhHeaderH  = 78
	lhHandTop  = 140
	lhLift     = 14 // how far the cards that may be laid stand out
	lhBoxesTop = 300
	lhBoxesEnd = HandHeight - 14
	lhTurnedW  = 222
	lhTableW   = 356
)

// errNoSeat refuses a view that belongs to nobody: only a seat's own view
// has a hand to draw.
var errNoSeat = errors.New("render: a private image needs a seat's own view, not the public one")

// LifeHand draws one seat's private view of Life, the card game, as a
// 1000×520 PNG for a DM: the seat's hand sorted by suit and rank, its
// chosen suit, its own table and score, the turned card, what the game asks
// of it and its private notes, with {n} in notes replaced by names[n].
// It draws nothing of any other seat's hand; a view without a seat
// (games.Observer) is refused.
func (r *Renderer) LifeHand(v life.View, names []string) ([]byte, error) {
	return r.render(r.paintLifeHand(v, names))
}

func (r *Renderer) paintLifeHand(v life.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.life()
	return k.hand, func(im *image.RGBA) {
		seat := int(v.Seat)
		var sv life.SeatView
		if seat < len(v.Seats) {
			sv = v.Seats[seat]
		}
		k.drawHandHeader(im, v, sv, names)
		k.drawHandCards(im, v)
		k.drawHandTurned(im, v)
		k.drawHandTable(im, v, sv)
		k.drawNotes(im, v, names)
	}, nil
}

// ordinal writes 1 as "1st", 2 as "2nd" and so on.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// prompt says, to the player, what the game asks of them now or whom it
// waits for.
func (k *lifeKit) handPrompt(v life.View, names []string) string {
	seat := int(v.Seat)
	active := isActive(v, seat)
	name := func(s games.Seat) string {
		if s < 0 || int(s) >= len(v.Seats) {
			return "another player"
		}
		return k.name.SeatName(names, int(s))
	}
	turned := ""
	if v.Turned != nil {
		turned = v.Turned.Suit.Symbol()
	}
	switch {
	case v.Over || v.Step == "over":
		rk := ranks(v)
		switch {
		case seat >= len(rk):
			return "Game over"
		case rk[seat] == 1 && len(v.Result.Winners()) > 1:
			return "Game over: you share the win!"
		case rk[seat] == 1:
			return "Game over: you win!"
		}
		return "Game over: you finished " + ordinal(rk[seat])
	case v.Step == "suit" && active:
		return "Choose your suit for hand " + strconv.Itoa(v.HandNo)
	case v.Step == "suit":
		return "Suit chosen: waiting for the others"
	case !active && v.Step == "react" && len(v.Active) > 0:
		return "Waiting: " + name(v.Active[0]) + " may steal from " + name(v.Turn)
	case !active:
		return "Waiting for " + name(v.Turn)
	case v.Step == "joker":
		return "Play a joker, or turn the top card"
	case v.Step == "lay" && turned == life.Spades.Symbol():
		return "Lay every " + turned + " you hold"
	case v.Step == "lay" && turned != "":
		return "Lay any " + turned + " cards, or none"
	case v.Step == "steal":
		return "Steal a card? Pick a player, or skip"
	case v.Step == "react":
		return "Steal a card from " + name(v.Turn) + "?"
	}
	return "Your move"
}

func (k *lifeKit) drawHandHeader(im *image.RGBA, v life.View, sv life.SeatView, names []string) {
	seat := int(v.Seat)
	r := image.Rect(lhMargin, 14, HandWidth-lhMargin, 14+lhHeaderH)
	if !v.Over && isActive(v, seat) {
		k.active.Draw(im, r)
	} else {
		k.status.Draw(im, r)
	}
	x, right := float64(r.Min.X)+18, float64(r.Max.X)-18
	y1, y2 := float64(r.Min.Y)+28, float64(r.Min.Y)+58

	badge, suit := k.choosing, "suit not chosen yet"
	switch {
	case sv.SuitShown && sv.Suit >= life.Hearts && sv.Suit < life.NoSuit:
		badge, suit = k.badges[sv.Suit], "your suit: "+sv.Suit.String()
		if sv.Suit == life.Spades {
			suit += " (half, negative)"
		} else {
			suit += " (double)"
		}
	case sv.Chosen:
		badge, suit = k.chosen, "suit chosen"
	}
	BlitCentred(im, badge, x+lfBadge/2, y1)

	right -= k.totalOf.Draw(im, "/"+strconv.Itoa(target(v)), right, y1+4, MiddleRight, rgb(textSoft)) + 3
	total := "0"
	if seat < len(v.Seats) {
		total = totalText(v, seat)
	}
	tf := FitFace(total, 130, k.total, k.stat)
	tf.Draw(im, tf.Fit(total, 130), right, y1, MiddleRight, scoreColour(sv.Total2))
	label, n := handScore(v, sv)
	sw := k.stat.Draw(im, signedHalf(n), float64(r.Max.X)-18, y2, MiddleRight, scoreColour(n))
	hw := k.caption.Draw(im, label, float64(r.Max.X)-18-sw-7, y2, MiddleRight, rgb(textSoft))
	limit := float64(r.Max.X) - 18 - sw - hw - 30

	px := x + lfBadge + 12
	p := k.handPrompt(v, names)
	pf := FitFace(p, limit-px, k.prompt, k.name)
	pf.Draw(im, pf.Fit(p, right-140-px), px, y1, MiddleLeft, rgb(textMain))
	line := k.name.SeatName(names, seat)
	if v.HandNo > 0 {
		line += " · hand " + strconv.Itoa(v.HandNo)
	}
	if sv.Dealer {
		line += " · you deal"
	}
	line += " · " + suit
	k.caption.Draw(im, k.caption.Fit(line, limit-px), px, y2, MiddleLeft, rgb(textSoft))
}

func (k *lifeKit) drawHandCards(im *image.RGBA, v life.View) {
	room := float64(HandWidth - 2*lhMargin)
	cards := sortedCards(v.Hand)
	label := "YOUR HAND · " + strconv.Itoa(len(cards)) + " CARDS"
	if len(cards) == 1 {
		label = "YOUR HAND · 1 CARD"
	}
	k.label.Draw(im, label, lhMargin+2, lhHandTop-lhLift-8, BaseLeft, rgb(textSoft))
	sp := cardHand.spec()
	if len(cards) == 0 {
		k.slot.Draw(im, image.Rect(lhMargin, lhHandTop, HandWidth-lhMargin, lhHandTop+sp.h))
		k.caption.Draw(im, "No cards in your hand", HandWidth/2, lhHandTop+float64(sp.h)/2, Centre, rgb(textSoft))
		return
	}
	// On a lay the cards of the turned suit stand out: they are the
	// choice the player is asked to make.
	lift := life.NoSuit
	if v.Step == "lay" && !v.Over && isActive(v, int(v.Seat)) && v.Turned != nil {
		lift = v.Turned.Suit
	}
	step, shown := fan(len(cards), sp.w, room, 12, k.indexWidth(cardHand)+4)
	if shown == len(cards) {
		width := float64(sp.w) + float64(max(shown-1, 0))*step
		x := float64(lhMargin) + (room-width)/2
		for i, c := range cards {
			y := lhHandTop
			if lift != life.NoSuit && c.Suit == lift && !c.IsJoker() {
				y -= lhLift
			}
			Blit(im, k.face(c, cardHand), int(x+float64(i)*step), y)
		}
		return
	}
	// A hand too long for one row of large cards goes in two rows of
	// smaller ones, the second over the lower half of the first, so that
	// every index still shows.
	bsp := cardBig.spec()
	top := lhHandTop - lhLift
	rowStep := (lhBoxesTop - 14 - top - bsp.h)
	half := (len(cards) + 1) / 2
	for row, part := range [2][]life.Card{cards[:half], cards[half:]} {
		more := 0.0
		if row == 1 {
			more = k.prompt.Measure("+"+strconv.Itoa(len(cards))) + 12
		}
		step, shown := fan(len(part), bsp.w, room-more, 8, k.indexWidth(cardBig)+2)
		y := top + row*rowStep
		for i, c := range part[:shown] {
			Blit(im, k.face(c, cardBig), lhMargin+int(float64(i)*step), y)
		}
		if left := len(cards) - half - shown; row == 1 && left > 0 {
			end := float64(lhMargin+bsp.w) + float64(max(shown-1, 0))*step
			k.prompt.Draw(im, "+"+strconv.Itoa(left), end+12, float64(y+bsp.h/2), MiddleLeft, rgb(textSoft))
		}
	}
}

// box draws one of the three boxes under the hand, with its label.
func (k *lifeKit) box(im *image.RGBA, x, w int, label string) (left, top float64) {
	k.panel.Draw(im, image.Rect(x, lhBoxesTop, x+w, lhBoxesEnd))
	k.label.Draw(im, label, float64(x+lfInset), lhBoxesTop+14, TopLeft, rgb(textSoft))
	return float64(x + lfInset), lhBoxesTop + 40
}

func (k *lifeKit) drawHandTurned(im *image.RGBA, v life.View) {
	x, top := k.box(im, lhMargin, lhTurnedW, "TURNED CARD")
	bsp, ssp := cardBig.spec(), cardSmall.spec()
	if v.Turned != nil {
		Blit(im, k.face(*v.Turned, cardBig), int(x), int(top))
	} else {
		k.slotOnPanel(im, int(x), int(top), bsp.w, bsp.h)
	}
	cx := x + float64(bsp.w) + 16
	k.label.Draw(im, "DECK", cx, top+2, TopLeft, rgb(textSoft))
	k.stat.Draw(im, strconv.Itoa(v.DeckSize), cx, top+34, MiddleLeft, rgb(textMain))
	k.label.Draw(im, "DISCARD", cx, top+62, TopLeft, rgb(textSoft))
	if v.DiscardTop != nil {
		Blit(im, k.face(*v.DiscardTop, cardSmall), int(cx), int(top)+84)
	} else {
		k.slotOnPanel(im, int(cx), int(top)+84, ssp.w, ssp.h)
	}
}

// slotOnPanel marks an empty place for a card inside a panel.
func (k *lifeKit) slotOnPanel(im *image.RGBA, x, y, w, h int) {
	r := image.Rect(x, y, x+w, y+h)
	FillRect(im, r, rgb(tableLine))
	FillRect(im, r.Inset(2), rgb(rowFill))
}

func (k *lifeKit) drawHandTable(im *image.RGBA, v life.View, sv life.SeatView) {
	bx := lhMargin + lhTurnedW + 10
	x, top := k.box(im, bx, lhTableW, "YOUR TABLE")
	right := float64(bx+lhTableW) - lfInset
	cy := top + 12
	mini := cardMini.spec()
	layers := min(len(sv.Bank), 3)
	for i := range layers {
		Blit(im, k.backs[cardMini], int(x)+3*(layers-1-i), int(cy)-mini.h/2-2*(layers-1-i)+2)
	}
	if layers > 0 {
		x += float64(mini.w+3*(layers-1)) + 6
	}
	x += k.stat.Draw(im, strconv.Itoa(len(sv.Bank)), x, cy, MiddleLeft, rgb(textMain)) + 5
	x += k.caption.Draw(im, "banked face down", x, cy, MiddleLeft, rgb(textSoft)) + 8
	if len(sv.Bank) > 0 {
		val := signedHalf(bankValue(sv))
		k.stat.Draw(im, k.stat.Fit("= "+val, right-x), x, cy, MiddleLeft, scoreColour(bankValue(sv)))
	}
	left := float64(bx + lfInset)
	progress(im, int(left), int(top)+32, int(right-left), 10, sv.Total2, pending(v, sv), target(v))
	ftop := top + 58
	if len(sv.FaceUp) == 0 {
		k.caption.Draw(im, "no face-up cards", left, ftop+20, MiddleLeft, rgb(textSoft))
		return
	}
	k.drawFaceUp(im, sv.FaceUp, left, ftop, right-left, cardTable)
}

func (k *lifeKit) drawNotes(im *image.RGBA, v life.View, names []string) {
	bx := lhMargin + lhTurnedW + 10 + lhTableW + 10
	w := HandWidth - lhMargin - bx
	x, top := k.box(im, bx, w, "NOTES")
	width := float64(w - 2*lfInset)
	drawNotes(im, k.body, k.caption, v.Notes, k.name.SeatNames(names, len(v.Seats)), x, top, width, lhBoxesEnd-10, 25)
}

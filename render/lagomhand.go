package render

import (
	"image"
	"math"
	"strconv"

	"github.com/lifebot/lifebot/games/lagom"
)

// The private Lagom image, sent to one player by DM: a header with what
// the game asks of them and their health, purse and fulfilment; then the
// choice at hand, large — the hand to pick from, or on a play the revealed
// card with its four orientations; and below, their tableau, the hand to
// pass from (or the cards passed and received) and their notes.
const (
	lmMargin  = 16
	lmHeadTop = 12
	lmHeadH   = 80
	lmMainTop = 142 // top of the large cards
	lmLift    = 14  // how far the sealed pick stands out of the hand
	lmBoxTop  = 360
	lmBoxEnd  = LagomHandHeight - 12
	lmTabW    = 430
	lmMidW    = 250
)

// LagomHand draws one seat's private view of Lagom as a 1000×560 PNG for a
// DM: its hand with its sealed pick, on a play the revealed card in each of
// its four orientations, its health, purse, investments and fulfilment, its
// tableau, the cards it passed and received, and its notes with {n}
// replaced by names[n]. A view without a seat (games.Observer) is refused.
func (r *Renderer) LagomHand(v lagom.View, names []string) ([]byte, error) {
	return r.render(r.paintLagomHand(v, names))
}

func (r *Renderer) paintLagomHand(v lagom.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.lagom()
	return k.hand, func(im *image.RGBA) { k.drawHand(im, v, names) }, nil
}

func (k *lagomKit) drawHand(im *image.RGBA, v lagom.View, names []string) {
	seat := int(v.Seat)
	var sv lagom.SeatView
	if seat < len(v.Seats) {
		sv = v.Seats[seat]
	}
	k.drawHandHeader(im, v, sv, names)
	revealed := sv.Revealed
	if revealed == nil && v.Step == "play" {
		revealed = v.Picked
	}
	play := v.Step == "play" && !v.Over && revealed != nil && revealedState(v, sv) != "played" && !sv.Discarded
	if play {
		k.drawOrientations(im, v, sv, *revealed)
	} else {
		k.drawBigHand(im, v)
	}
	k.drawOwnTableau(im, v, sv)
	if play {
		k.drawSmallHand(im, v)
	} else {
		k.drawPassed(im, v)
	}
	k.drawLagomNotes(im, v, names)
}

// handPrompt says, to the player, what the game asks of them now.
func (k *lagomKit) handPrompt(v lagom.View, sv lagom.SeatView) string {
	seat := int(v.Seat)
	waiting := !lagomActive(v, seat)
	switch {
	case v.Over || v.Step == "over":
		rk := lagomRanks(v)
		switch {
		case seat >= len(rk):
			return "Game over"
		case rk[seat] == 1 && len(v.Result.Winners()) > 1:
			return "Game over: you share the win!"
		case rk[seat] == 1:
			return "Game over: you win!"
		}
		return "Game over: you finished " + ordinal(rk[seat])
	case sv.Out:
		return "Your journey is over"
	case waiting && v.Step == "pick" && v.Picked != nil:
		return "Picked: waiting for the others"
	case waiting && sealed(v.Step):
		return "Done: waiting for the others"
	case waiting:
		return "Waiting for the others"
	case v.Step == "draw":
		return "Extra draw for 5 coins, or liquidate?"
	case v.Step == "pick":
		return "Pick a card to play this round"
	case v.Step == "play":
		return "Choose a side or discard; pass a card"
	}
	return "Your move"
}

func (k *lagomKit) drawHandHeader(im *image.RGBA, v lagom.View, sv lagom.SeatView, names []string) {
	seat := int(v.Seat)
	r := image.Rect(lmMargin, lmHeadTop, LagomHandWidth-lmMargin, lmHeadTop+lmHeadH)
	switch {
	case v.Over:
		k.over.Draw(im, r)
	case lagomActive(v, seat):
		k.active.Draw(im, r)
	default:
		k.status.Draw(im, r)
	}
	x, right := float64(r.Min.X)+18, float64(r.Max.X)-18
	y1, y2 := float64(r.Min.Y)+28, float64(r.Min.Y)+58

	// Fulfilment at the right end, largest; health and purse left of it.
	ful := number(sv.Fulfilment)
	tagW := k.tag.Measure("FULFILMENT")
	fw := k.big.Draw(im, k.big.Fit(ful, 120), right, y1+2, MiddleRight, scoreColour(sv.Fulfilment))
	k.tag.Draw(im, "FULFILMENT", right-math.Max(fw, tagW)/2, y2+6, Centre, rgb(textSoft))
	right -= math.Max(fw, tagW) + 24
	statRight := right
	hw := k.stat.Draw(im, k.stat.Fit(number(sv.Health), 60), right, y1, MiddleRight, rgb(textMain))
	BlitCentred(im, k.heart, right-hw-6-lgIcon/2, y1)
	coins := number(sv.Coins)
	if inv := invested(sv); inv > 0 {
		coins += " +" + strconv.Itoa(inv)
	}
	cw := k.stat.Draw(im, k.stat.Fit(coins, 110), right, y2, MiddleRight, rgb(textMain))
	BlitCentred(im, k.coinIcon, right-cw-6-lgIcon/2, y2)
	right = statRight - math.Max(hw, cw) - lgIcon - 24

	p := k.handPrompt(v, sv)
	pf := FitFace(p, right-x, k.prompt, k.name)
	pf.Draw(im, pf.Fit(p, right-x), x, y1, MiddleLeft, rgb(textMain))
	line := k.name.SeatName(names, seat)
	if v.Round > 0 {
		line += " · round " + number(v.Round)
	}
	if inv := invested(sv); inv > 0 {
		line += " · " + strconv.Itoa(inv) + " coins invested"
	}
	line += " · deck " + number(v.DeckSize)
	k.caption.Draw(im, k.caption.Fit(line, right-x), x, y2, MiddleLeft, rgb(textSoft))
}

// drawBigHand draws the hand as large cards, the sealed pick lifted and
// ringed. A pick the view no longer lists in the hand is drawn first.
func (k *lagomKit) drawBigHand(im *image.RGBA, v lagom.View) {
	cards := v.Hand
	picked := -1
	if v.Picked != nil {
		picked = indexCard(cards, *v.Picked)
		if picked < 0 {
			cards = append([]lagom.Card{*v.Picked}, cards...)
			picked = 0
		}
	}
	label := "YOUR HAND · " + strconv.Itoa(len(v.Hand)) + " CARDS"
	if len(v.Hand) == 1 {
		label = "YOUR HAND · 1 CARD"
	}
	k.label.Draw(im, label, lmMargin+2, lmMainTop-lmLift-10, BaseLeft, rgb(textSoft))
	room := float64(LagomHandWidth - 2*lmMargin)
	sp := lgHand.spec()
	if len(cards) == 0 {
		r := image.Rect(lmMargin, lmMainTop, LagomHandWidth-lmMargin, lmMainTop+sp.h())
		FillRect(im, r, rgb(tableLine))
		FillRect(im, r.Inset(2), rgb(tableInset))
		k.caption.Draw(im, "No cards in your hand", LagomHandWidth/2, float64(lmMainTop+sp.h()/2), Centre, rgb(textSoft))
		return
	}
	// A long hand is fanned so that each card still shows its left column
	// of quadrants.
	step, shown := fan(len(cards), sp.w(), room, 18, float64(sp.q)+6)
	width := float64(sp.w()) + float64(max(shown-1, 0))*step
	x := float64(lmMargin) + math.Max(0, (room-width)/2)
	for i, c := range cards[:shown] {
		y := lmMainTop
		cx := int(x + float64(i)*step)
		if i == picked {
			y -= lmLift
			Blit(im, k.pickRing, cx-5, y-5)
		}
		Blit(im, k.face(c, lgHand, false, lagom.Left), cx, y)
		if i == picked {
			BlitCentred(im, k.pickTag, float64(cx+sp.w()/2), float64(y+sp.h())+18)
		}
	}
	if left := len(cards) - shown; left > 0 {
		k.prompt.Draw(im, "+"+strconv.Itoa(left), x+width+12, float64(lmMainTop+sp.h()/2), MiddleLeft, rgb(textSoft))
	}
}

// pickText labels the sealed pick under its card.
const pickText = "YOUR PICK"

// indexCard returns the index of c in cards by id, or −1.
func indexCard(cards []lagom.Card, c lagom.Card) int {
	for i, h := range cards {
		if h.ID == c.ID {
			return i
		}
	}
	return -1
}

// payable reports whether the seat can pay the costs of side s of c, by
// RULINGS 5.2 rule 12: health for each Lose Health, three coins (purse and
// investments it may liquidate) for each Spend Wealth, and an active
// Relationship already in the tableau for each Lose Relationship.
func payable(sv lagom.SeatView, c lagom.Card, s lagom.Side) bool {
	var health, coins, bonds int
	for _, sym := range activeSymbols(c, s) {
		switch sym {
		case lagom.LoseHealth:
			health++
		case lagom.SpendWealth:
			coins += 3
		case lagom.LoseRelationship:
			bonds++
		}
	}
	active := 0
	for _, p := range sv.Tableau {
		for i, sym := range p.Symbols {
			if sym == lagom.Relationship && (i >= len(p.Sunset) || !p.Sunset[i]) {
				active++
			}
		}
	}
	return sv.Health >= health && satAdd(max(sv.Coins, 0), invested(sv)) >= coins && active >= bonds
}

// drawOrientations draws the revealed card as held, then as played on
// each of its four sides, so that a player on a phone sees what each side
// gives and costs before pressing its button.
func (k *lagomKit) drawOrientations(im *image.RGBA, v lagom.View, sv lagom.SeatView, c lagom.Card) {
	hs := lgHand.spec()
	top := lmMainTop - 4
	k.label.Draw(im, "YOUR CARD", lmMargin+2, float64(top)-14, BaseLeft, rgb(textSoft))
	Blit(im, k.face(c, lgHand, false, lagom.Left), lmMargin, top)
	reward := "discard: no reward"
	if c.Reward > 0 {
		reward = "discard: +" + strconv.Itoa(c.Reward) + " coins"
	}
	k.small.Draw(im, reward, float64(lmMargin+hs.w()/2), float64(top+hs.h())+18, Centre, rgb(lgGold))

	s := lgXL
	sp := s.spec()
	x0 := lmMargin + hs.w() + 36
	gap := (LagomHandWidth - lmMargin - x0 - 4*sp.w()) / 4
	k.label.Draw(im, "PLAY IT WITH THIS SIDE FACING LEFT", float64(x0), float64(top)-14, BaseLeft, rgb(textSoft))
	y := top + (hs.h()-sp.h())/2 - 10
	for side := lagom.Left; side <= lagom.Bottom; side++ {
		x := x0 + int(side)*(sp.w()+gap)
		ok := payable(sv, c, side)
		Blit(im, k.face(c, s, true, side), x, y)
		cx := float64(x + sp.w()/2)
		k.stat.Draw(im, sideName(side), cx, float64(y+sp.h())+20, Centre, rgb(textMain))
		if !ok {
			FillRect(im, image.Rect(x, y, x+sp.w(), y+sp.h()), rgba(table, 150))
			k.tag.Draw(im, "CAN'T PAY", cx, float64(y+sp.h())+44, Centre, rgb(badSoft))
		}
	}
}

// box draws one of the boxes along the bottom, with its label.
func (k *lagomKit) box(im *image.RGBA, x, w int, label string) (left, top float64) {
	k.panel.Draw(im, image.Rect(x, lmBoxTop, x+w, lmBoxEnd))
	k.label.Draw(im, label, float64(x+ltInset), lmBoxTop+14, TopLeft, rgb(textSoft))
	return float64(x + ltInset), lmBoxTop + 40
}

func (k *lagomKit) drawOwnTableau(im *image.RGBA, v lagom.View, sv lagom.SeatView) {
	label := "YOUR TABLEAU · " + strconv.Itoa(len(sv.Tableau))
	x, top := k.box(im, lmMargin, lmTabW, label)
	if len(sv.Tableau) == 0 {
		k.caption.Draw(im, "no cards played yet", x, top+20, MiddleLeft, rgb(textSoft))
		return
	}
	k.drawTableau(im, sv.Tableau, lgM, int(x), int(top), lmTabW-2*ltInset, v.Round)
}

// drawSmallHand draws the hand left after the pick, to choose the card to
// pass from.
func (k *lagomKit) drawSmallHand(im *image.RGBA, v lagom.View) {
	bx := lmMargin + lmTabW + 10
	x, top := k.box(im, bx, lmMidW, "YOUR HAND · PASS ONE")
	k.drawCardRow(im, v.Hand, x, top+6, float64(lmMidW-2*ltInset), "no cards to pass")
}

// drawCardRow draws cards as small faces in a row from (x, top) within
// room pixels, fanned when they do not fit.
func (k *lagomKit) drawCardRow(im *image.RGBA, cards []lagom.Card, x, top, room float64, empty string) {
	if len(cards) == 0 {
		k.caption.Draw(im, empty, x, top+20, MiddleLeft, rgb(textSoft))
		return
	}
	sp := lgXS.spec()
	more := k.stat.Measure("+"+strconv.Itoa(len(cards))) + 8
	step, shown := fan(len(cards), sp.w(), room, 8, float64(sp.q)*0.6)
	if shown < len(cards) {
		step, shown = fan(len(cards), sp.w(), room-more, 8, float64(sp.q)*0.6)
	}
	for i, c := range cards[:shown] {
		Blit(im, k.face(c, lgXS, false, lagom.Left), int(x+float64(i)*step), int(top))
	}
	if left := len(cards) - shown; left > 0 {
		end := x + float64(sp.w()) + float64(max(shown-1, 0))*step
		if shown == 0 {
			end = x
		}
		k.stat.Draw(im, "+"+strconv.Itoa(left), end+8, top+float64(sp.h())/2, MiddleLeft, rgb(textSoft))
	}
}

// drawPassed draws the card the seat passed and the one it received this
// round, which only giver and receiver know.
func (k *lagomKit) drawPassed(im *image.RGBA, v lagom.View) {
	bx := lmMargin + lmTabW + 10
	x, top := k.box(im, bx, lmMidW, "PASSED · RECEIVED")
	sp := lgXS.spec()
	colW := float64(lmMidW-2*ltInset) / 2
	for i, c := range [2]*lagom.Card{v.Passed, v.Received} {
		cx := x + float64(i)*colW
		caption := [2]string{"you passed", "you received"}[i]
		k.small.Draw(im, caption, cx, top+6, MiddleLeft, rgb(textSoft))
		y := int(top) + 22
		if c == nil {
			r := image.Rect(int(cx), y, int(cx)+sp.w(), y+sp.h())
			FillRect(im, r, rgb(tableLine))
			FillRect(im, r.Inset(2), rgb(rowFill))
			k.small.Draw(im, "none", cx+float64(sp.w())/2, float64(y+sp.h()/2), Centre, rgb(textSoft))
			continue
		}
		Blit(im, k.face(*c, lgXS, false, lagom.Left), int(cx), y)
	}
}

func (k *lagomKit) drawLagomNotes(im *image.RGBA, v lagom.View, names []string) {
	bx := lmMargin + lmTabW + 10 + lmMidW + 10
	w := LagomHandWidth - lmMargin - bx
	x, top := k.box(im, bx, w, "NOTES")
	width := float64(w - 2*ltInset)
	drawNotes(im, k.body, k.caption, v.Notes, k.name.SeatNames(names, len(v.Seats)), x, top, width, lmBoxEnd-8, 24)
}

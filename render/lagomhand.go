package render

import (
	"image"
	"slices"
	"strconv"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
)

// The private Lagom image, sent to one player by DM, PhoneWidth wide: the
// shared header; the seat's own numbers; what the game asks of it, in
// words; the choice at hand, large — the hand to pick from, or on a play
// the revealed card, the column each side would make count, and the hand
// to pass from; its tableau; what it passed and received; its notes; and
// the legend at the foot.
const (
	lghStatsY   = headerH + 25 // the line of the seat's own numbers
	lghPromptY  = 152          // what the game asks
	lghMainTop  = 176          // the caption over the large cards
	lghCardsTop = lghMainTop + 24
	lghRowStep  = lgFaceH + 30 // between rows of a long hand
	lghPerRow   = 4
	lghCardGap  = (PhoneWidth - 2*frameMargin - lghPerRow*lgFaceW) / (lghPerRow - 1)
	lghPassTop  = lghCardsTop + lgFaceH + 38 // the caption over the cards to pass
	lghTabTop   = 626                        // the caption over the tableau
	lghSwapY    = lghTabTop + 24 + lgStripBar + 2*lgTableStripQ + 20
	lghNotesTop = lghSwapY + 16
	lghLineH    = 22
)

// LagomHand draws one seat's private view of Lagom as a PNG for a DM,
// PhoneWidth × LagomHandHeight: its hand with its sealed pick, on a play
// the revealed card and what each of its four sides would make count, its
// health, purse, investments and fulfilment, its tableau, the cards it
// passed and received, and its notes with {n} replaced by names[n], its
// own words in lang. A view without a seat (games.Observer) is refused.
func (r *Renderer) LagomHand(v lagom.View, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.paintLagomHand(v, names, words().In(lang)))
}

func (r *Renderer) paintLagomHand(v lagom.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	if v.Seat < 0 {
		return nil, nil, errNoSeat
	}
	k := r.lagom()
	return k.hand, func(im *image.RGBA) { k.drawHand(im, v, names, say) }, nil
}

func (k *lagomKit) drawHand(im *image.RGBA, v lagom.View, names []string, say i18n.Printer) {
	seat := int(v.Seat)
	var sv lagom.SeatView
	if seat < len(v.Seats) {
		sv = v.Seats[seat]
	}
	k.frame.drawHeader(im, k.header(v, say), names, say)
	k.drawOwnStats(im, sv, names, seat, say)
	p := k.handPrompt(v, sv, say)
	pf := FitFace(p, PhoneWidth-2*frameMargin, k.prompt, k.name)
	pf.Draw(im, pf.Fit(p, PhoneWidth-2*frameMargin), frameMargin, lghPromptY, MiddleLeft, rgb(textMain))

	revealed := sv.Revealed
	if revealed == nil && v.Step == "play" {
		revealed = v.Picked
	}
	switch {
	case v.Over || v.Step == "over":
		k.drawRanking(im, v, names, say)
	case v.Step == "play" && revealed != nil && revealedState(v, sv) != "played" && !sv.Discarded:
		k.drawSides(im, sv, *revealed, say)
		k.caption(im, say.T("lagom.then_pass"), frameMargin, lghPassTop)
		k.drawFaces(im, v.Hand, -1, -1, lghPassTop+24, 1, say.T("lagom.none_to_pass"), say)
	default:
		k.drawBigHand(im, v, say)
	}
	k.drawOwnTableau(im, v, sv, say)
	k.drawSwap(im, v, say)
	legend := k.legend(say)
	bottom := float64(LagomHandHeight - k.frame.legendHeight(legend, PhoneWidth) - 6)
	drawNotes(im, say, k.body, k.body, k.notes(v.Notes, names, len(v.Seats), say), nil, frameMargin, lghNotesTop, PhoneWidth-2*frameMargin, bottom, lghLineH)
	k.frame.drawLegend(im, legend)
}

// notes are the seat's notes as it reads them: the players' names put in
// first, so that a name is drawn as typed, then said in say's language.
func (k *lagomKit) notes(notes, names []string, seats int, say i18n.Printer) []string {
	seatNames := k.name.SeatNames(say, names, seats)
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = say.Say(games.FormatSeats(n, seatNames))
	}
	return out
}

// caption writes the title of a part of the private image, its top at y.
func (k *lagomKit) caption(im *image.RGBA, text string, x, y float64) {
	k.label.Draw(im, text, x, y, TopLeft, rgb(textSoft))
}

// handPrompt says, to the player, what the game asks of them now, in
// say's words.
func (k *lagomKit) handPrompt(v lagom.View, sv lagom.SeatView, say i18n.Printer) string {
	seat := int(v.Seat)
	waiting := !lagomActive(v, seat)
	switch {
	case v.Over || v.Step == "over":
		rk := lagomRanks(v)
		switch {
		case seat >= len(rk):
			return say.T("frame.game_over")
		case rk[seat] == 1 && len(v.Result.Winners()) > 1:
			return say.T("common.you_share")
		case rk[seat] == 1:
			return say.T("common.you_win")
		}
		return say.T("common.you_finished", "rank", ordinal(say, rk[seat]))
	case sv.Out:
		return say.T("lagom.ask.out")
	case waiting && v.Step == "pick" && v.Picked != nil:
		return say.T("lagom.ask.picked")
	case waiting && sealed(v.Step):
		return say.T("lagom.ask.done")
	case waiting:
		return say.T("common.waiting_others")
	case v.Step == "draw":
		return say.T("lagom.ask.draw")
	case v.Step == "pick":
		return say.T("lagom.ask.pick")
	case v.Step == "play" && (sv.Discarded || revealedState(v, sv) == "played"):
		return say.T("lagom.ask.pass")
	case v.Step == "play":
		return say.T("lagom.ask.play")
	}
	return say.T("common.your_move")
}

// drawOwnStats draws the seat's line of numbers under the header: its
// token and name, then health, purse with what is invested, and
// fulfilment, largest, at the right.
func (k *lagomKit) drawOwnStats(im *image.RGBA, sv lagom.SeatView, names []string, seat int, say i18n.Printer) {
	FillRect(im, image.Rect(0, headerH, PhoneWidth, headerH+50), rgb(tableInset))
	y := float64(lghStatsY)
	right := float64(PhoneWidth - frameMargin)
	right -= k.body.Draw(im, say.T("lagom.fulfilment"), right, y+4, MiddleRight, rgb(textSoft)) + 6
	right -= k.big.Draw(im, k.big.Fit(number(sv.Fulfilment), 110), right, y, MiddleRight, scoreColour(sv.Fulfilment)) + 20
	if inv := invested(sv); inv > 0 {
		right -= k.body.Draw(im, say.T("lagom.invested", "n", inv), right, y+1, MiddleRight, rgb(lgGold)) + 6
	}
	right -= k.stat.Draw(im, k.stat.Fit(number(sv.Coins), 70), right, y, MiddleRight, rgb(textMain)) + 3
	BlitCentred(im, k.coinIcon, right-lgIcon/2, y)
	k.fonts.icon("coins", lgIcon)
	right -= lgIcon + 16
	right -= k.stat.Draw(im, k.stat.Fit(number(sv.Health), 70), right, y, MiddleRight, rgb(textMain)) + 3
	BlitCentred(im, k.heart, right-lgIcon/2, y)
	k.fonts.icon("health", lgIcon)
	right -= lgIcon + 16
	k.drawSeatName(im, say, names, seat, false, frameMargin, y, right)
}

// drawBigHand draws the hand as large cards, the sealed pick lifted and
// outlined as what the seat's last move chose. A pick the view no longer
// lists in the hand is drawn first.
func (k *lagomKit) drawBigHand(im *image.RGBA, v lagom.View, say i18n.Printer) {
	cards := v.Hand
	picked := -1
	if v.Picked != nil {
		picked = indexCard(cards, *v.Picked)
		if picked < 0 {
			cards = append([]lagom.Card{*v.Picked}, cards...)
			picked = 0
		}
	}
	k.caption(im, say.T("common.your_hand", "n", len(v.Hand)), frameMargin, lghMainTop)
	received := -1
	if v.Received != nil && picked < 0 {
		received = indexCard(cards, *v.Received)
	}
	k.drawFaces(im, cards, picked, received, lghCardsTop+lgPickLift, 2, say.T("common.no_cards_in_hand"), say)
}

// drawFaces draws cards as faces from top in at most rows rows of
// lghPerRow, the card at picked lifted and outlined with its tag under it,
// the one at received outlined; a count stands for cards that do not fit.
// Without cards it says empty.
func (k *lagomKit) drawFaces(im *image.RGBA, cards []lagom.Card, picked, received, top, rows int, empty string, say i18n.Printer) {
	if len(cards) == 0 {
		r := image.Rect(frameMargin, top, PhoneWidth-frameMargin, top+lgFaceH)
		k.slot.Draw(im, r)
		k.name.Draw(im, empty, PhoneWidth/2, float64(top+lgFaceH/2), Centre, rgb(textSoft))
		return
	}
	shown := min(len(cards), rows*lghPerRow)
	if shown < len(cards) {
		shown--
	}
	for i, c := range cards[:shown] {
		x := frameMargin + (i%lghPerRow)*(lgFaceW+lghCardGap)
		y := top + (i/lghPerRow)*lghRowStep
		face := image.Rect(x, y, x+lgFaceW, y+lgFaceH)
		switch i {
		case picked:
			face = face.Sub(image.Pt(0, lgPickLift))
			k.body.Draw(im, k.body.Fit(say.T("lagom.your_pick"), lgFaceW+lghCardGap), float64(x+lgFaceW/2), float64(face.Max.Y)+17, Centre, rgb(textMain))
			markFresh(im, face)
		case received:
			k.body.Draw(im, k.body.Fit(say.T("lagom.received"), lgFaceW+lghCardGap), float64(x+lgFaceW/2), float64(face.Max.Y)+17, Centre, rgb(textSoft))
			markFresh(im, face)
		}
		k.face(c, say).blitTo(im, face.Min.X, face.Min.Y)
	}
	if left := len(cards) - shown; left > 0 {
		i := shown
		x := frameMargin + (i%lghPerRow)*(lgFaceW+lghCardGap)
		y := top + (i/lghPerRow)*lghRowStep
		k.slot.Draw(im, image.Rect(x, y, x+lgFaceW, y+lgFaceH))
		k.big.Draw(im, "+"+strconv.Itoa(left), float64(x+lgFaceW/2), float64(y+lgFaceH/2), Centre, rgb(textSoft))
	}
}

// drawRanking draws, once the game is over, every seat by rank with its
// fulfilment, the winners in gold, where the hand stood: the result is
// the picture.
func (k *lagomKit) drawRanking(im *image.RGBA, v lagom.View, names []string, say i18n.Printer) {
	k.caption(im, say.T("lagom.final_fulfilment"), frameMargin, lghMainTop)
	rk := lagomRanks(v)
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rk[a] - rk[b] })
	const rowH = 56
	for i, seat := range order {
		y := lghCardsTop + i*(rowH+8)
		if y+rowH > lghTabTop-10 {
			break
		}
		r := image.Rect(frameMargin, y, PhoneWidth-frameMargin, y+rowH)
		c := rgb(textSoft)
		if rk[seat] == 1 {
			k.winner.Draw(im, r)
			c = rgb(gold)
		} else {
			k.panel.Draw(im, r)
		}
		cy := float64(y + rowH/2)
		k.big.Draw(im, strconv.Itoa(rk[seat]), frameMargin+30, cy, Centre, c)
		score := k.big.Fit(k.finalScore(v, seat), 140)
		sw := k.big.Draw(im, score, float64(r.Max.X-16), cy, MiddleRight, scoreColour(v.Seats[seat].Fulfilment))
		k.drawSeatName(im, say, names, seat, false, frameMargin+60, cy, float64(r.Max.X)-16-sw-16)
	}
}

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

// drawSides draws the revealed card as held, with what discarding it
// pays, and beside it the column each of its four sides would make
// count, named as the buttons name the sides, so that a player on a phone
// sees what each side gives and costs before pressing its button.
func (k *lagomKit) drawSides(im *image.RGBA, sv lagom.SeatView, c lagom.Card, say i18n.Printer) {
	k.caption(im, say.T("lagom.your_card"), frameMargin, lghMainTop)
	k.face(c, say).blitTo(im, frameMargin, lghCardsTop)
	reward := say.T("lagom.discard_nothing")
	if c.Reward > 0 {
		reward = say.T("lagom.discard_reward", "n", c.Reward)
	}
	if room := float64(lgFaceW + 26); k.body.Measure(reward) <= room {
		k.body.Draw(im, reward, frameMargin+lgFaceW/2, lghCardsTop+lgFaceH+16, Centre, rgb(lgGold))
	} else {
		// Under the card, or where words run longer, on from its left
		// edge under the sides, whose words end above.
		k.body.Draw(im, k.body.Fit(reward, PhoneWidth-2*frameMargin), frameMargin, lghCardsTop+lgFaceH+16, MiddleLeft, rgb(lgGold))
	}

	q := lgSideStripQ
	x0 := frameMargin + lgFaceW + 28
	gap := (PhoneWidth - frameMargin - x0 - 4*q) / 3
	k.caption(im, say.T("lagom.play_facing"), float64(x0), lghMainTop)
	y := lghCardsTop
	h := lgStripBar + 2*q
	for side := lagom.Left; side <= lagom.Bottom; side++ {
		x := x0 + int(side)*(q+gap)
		cx := float64(x + q/2)
		k.stat.Draw(im, k.stat.Fit(sideName(say, side), float64(q+gap)), cx, float64(y+h)+16, Centre, rgb(textMain))
		if !payable(sv, c, side) {
			k.veiledStrip(c, side, q).blitTo(im, x, y)
			k.body.Draw(im, k.body.Fit(say.T("lagom.cannot_pay"), float64(q+gap)), cx, float64(y+h)+38, Centre, rgb(badSoft))
			continue
		}
		k.strip(c, q, side).blitTo(im, x, y)
	}
}

func (k *lagomKit) drawOwnTableau(im *image.RGBA, v lagom.View, sv lagom.SeatView, say i18n.Printer) {
	k.caption(im, say.T("lagom.your_tableau", "n", len(sv.Tableau)), frameMargin, lghTabTop)
	top := lghTabTop + 24
	if len(sv.Tableau) == 0 {
		k.body.Draw(im, say.T("common.no_cards_yet"), frameMargin, float64(top+30), MiddleLeft, rgb(textSoft))
		return
	}
	k.drawTableau(im, sv.Tableau, lgTableStripQ, frameMargin, top, PhoneWidth-2*frameMargin, freshRound(v), say)
}

// drawSwap writes the cards the seat passed and received this round,
// which only giver and receiver know.
func (k *lagomKit) drawSwap(im *image.RGBA, v lagom.View, say i18n.Printer) {
	title := func(c *lagom.Card) string {
		if c == nil {
			return say.T("lagom.swap.none")
		}
		return k.cardTitle(*c, say)
	}
	x := float64(frameMargin)
	half := float64(PhoneWidth-2*frameMargin) / 2
	for i, c := range [2]*lagom.Card{v.Passed, v.Received} {
		lx := x + float64(i)*half
		lx += k.body.Draw(im, say.T([2]string{"lagom.swap.passed", "lagom.swap.received"}[i])+" ", lx, lghSwapY, MiddleLeft, rgb(textSoft))
		k.title.Draw(im, k.title.Fit(title(c), x+float64(i+1)*half-lx-8), lx, lghSwapY, MiddleLeft, rgb(textMain))
	}
}

package render

import (
	"cmp"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/alife"
)

// The A Life board for the channel: a header with the round, the phase,
// the start marker and who acts now; on the left the live part of the
// board — the marker spaces this round's stacks stand on, the bars to the
// cards they reach, this round's card column, the marker spaces behind it
// and the next column; on the right a panel per seat with its hearts,
// money, hand (size and the phases its backs show), the cards it has lived
// by phase, and the ten products that make its score. Hands are private:
// the board never draws a hand card, and refuses a view that carries one.
const (
	abMargin   = 12
	abHeadTop  = 10
	abHeadH    = 50
	abFooterY  = 684
	abColTop   = 72 // column labels
	abRowTop   = 90 // top of the first card row
	abRowPitch = 148
	abMarkA    = 44  // centre of the marker column before this round's cards
	abCardA    = 100 // left of this round's cards
	abMarkB    = abCardA + alCardW + 40
	abCardB    = abMarkB + 64
	abMarkSide = 56
	abPanelX   = abCardB + alCardW + 14
	abPanelTop = abHeadTop + abHeadH + 8
	abPanelEnd = abFooterY - 8
)

// abRowY is the centre of board row r.
func abRowY(r int) float64 { return float64(abRowTop + r*abRowPitch + alCardH/2) }

// drawBoardBackdrop draws the unchanging board: marker spaces, the bars
// from each to the cards it reaches (RULINGS 3.2: the slot in the next
// column on its own row and the rows beside it), and empty card slots.
func (k *alifeKit) drawBoardBackdrop() *image.RGBA {
	im := tableBackdrop(abFooterY)
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(rgb(tableLine))
	dc.SetLineWidth(2)
	for _, m := range [2][2]float64{{abMarkA, abCardA}, {abMarkB, abCardB}} {
		for r := range 4 {
			for _, d := range [3]int{-1, 0, 1} {
				if r+d < 0 || r+d > 3 {
					continue
				}
				dc.DrawLine(m[0]+abMarkSide/2, abRowY(r), m[1]+2, abRowY(r+d)+float64(d)*-18)
			}
		}
	}
	dc.Stroke()
	for r := range 4 {
		cy := int(abRowY(r))
		for _, mx := range [2]int{abMarkA, abMarkB} {
			k.slot.Draw(im, image.Rect(mx-abMarkSide/2, cy-abMarkSide/2, mx+abMarkSide/2, cy+abMarkSide/2))
		}
		for _, cx := range [2]int{abCardA, abCardB} {
			k.slot.Draw(im, image.Rect(cx, cy-alCardH/2, cx+alCardW, cy+alCardH/2))
		}
	}
	return im
}

func (r *Renderer) paintAlifeBoard(v alife.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	if v.Hand != nil || v.Children != nil || v.Draws != 0 {
		return nil, nil, ErrPrivateInPublic
	}
	k := r.alife()
	if alOver(v) {
		// At the end the board gives way to the final ranks.
		return k.plain, func(im *image.RGBA) {
			seatNames := k.seatNames(names, len(v.Seats))
			k.drawBoardHeader(im, v, seatNames)
			k.drawFinalRanks(im, v, seatNames)
			k.drawBoardSeats(im, v, seatNames)
			k.drawLegend(im, "A Life")
		}, nil
	}
	return k.board, func(im *image.RGBA) {
		seatNames := k.seatNames(names, len(v.Seats))
		k.drawBoardHeader(im, v, seatNames)
		k.drawColumns(im, v)
		k.drawStacks(im, v)
		k.drawBoardSeats(im, v, seatNames)
		k.drawLegend(im, "A Life")
	}, nil
}

// drawFinalRanks lists the seats by final rank, large, where the board
// was: rank, name, the three resources that scored most, and the score.
func (k *alifeKit) drawFinalRanks(im *image.RGBA, v alife.View, names []string) {
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	rankOf := func(s int) int {
		if s < len(v.Rank) && v.Rank[s] > 0 {
			return v.Rank[s]
		}
		return math.MaxInt
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rankOf(a), rankOf(b)) })
	x0, x1 := abMargin, abPanelX-12
	top := abPanelTop
	k.label.Draw(im, "FINAL RANKS", float64(x0+4), float64(top+10), MiddleLeft, rgb(textSoft))
	top += 24
	n := len(order)
	if n == 0 {
		return
	}
	const gap = 8
	h := min(150, (abPanelEnd-top-(n-1)*gap)/n)
	h = max(h, 96)
	for i, s := range order {
		y := top + i*(h+gap)
		if y+h > abPanelEnd {
			break
		}
		r := image.Rect(x0, y, x1, y+h)
		sv := v.Seats[s]
		rank := rankOf(s)
		if rank == 1 {
			k.winner.Draw(im, r)
		} else {
			k.panel.Draw(im, r)
		}
		cy := float64(y) + float64(h)/2
		c := rgb(textMain)
		if rank == 1 {
			c = rgb(gold)
		}
		x := float64(x0 + 18)
		rankText := "–"
		if rank != math.MaxInt {
			rankText = ordinal(rank)
		}
		x += k.huge.Draw(im, k.huge.Fit(rankText, 120), x, cy, MiddleLeft, c) + 18
		sw := k.huge.Draw(im, k.huge.Fit(number(sv.Score), 150), float64(x1-18), cy, MiddleRight, c)
		right := float64(x1-18) - sw - 16
		BlitCentred(im, k.pips[paletteIndex(s)], x+9, cy-16)
		k.prompt.Draw(im, k.prompt.Fit(names[s], right-x-24), x+24, cy-16, MiddleLeft, rgb(textMain))
		// The resources that scored most, best first.
		best := alProducts(sv)
		idx := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(best[b], best[a]) })
		bx := x
		if sv.Dead {
			bx += k.label.Draw(im, "LIFE ENDED EARLY", bx, cy+18, MiddleLeft, rgb(badSoft)) + 14
		}
		for _, r := range idx[:3] {
			if best[r] <= 0 {
				break
			}
			text := alResources[r].name + " " + strconv.Itoa(best[r])
			if bx+22+k.body.Measure(text) > right {
				break
			}
			BlitCentred(im, k.life[r], bx+9, cy+18)
			bx += 22
			bx += k.body.Draw(im, text, bx, cy+18, MiddleLeft, rgb(textSoft)) + 16
		}
	}
}

// alOver reports whether the game has ended.
func alOver(v alife.View) bool { return v.Step == "over" }

// winnersText names the winners and their score.
func (k *alifeKit) winnersText(v alife.View, names []string) string {
	var ws []string
	best := -1
	for s, rk := range v.Rank {
		if rk == 1 && s < len(v.Seats) {
			ws = append(ws, names[s])
			best = s
		}
	}
	switch {
	case best < 0:
		return ""
	case len(ws) > 1:
		return strings.Join(ws, " & ") + " share the win with " + number(v.Seats[best].Score)
	}
	return ws[0] + " wins with " + number(v.Seats[best].Score)
}

// roundText is the round and phase, as a header writes them.
func roundText(round, phase int) (head, sub string) {
	head = "Round " + number(round) + " of 15"
	sub = "Phase " + number(phase)
	if n := alPhaseName(phase); n != "" {
		sub += " · " + n
	}
	return head, sub
}

func (k *alifeKit) drawBoardHeader(im *image.RGBA, v alife.View, names []string) {
	box := image.Rect(abMargin, abHeadTop, Width-abMargin, abHeadTop+abHeadH)
	over := alOver(v)
	if over {
		k.over.Draw(im, box)
	} else {
		k.status.Draw(im, box)
	}
	x, cy := float64(box.Min.X)+16, float64(box.Min.Y+box.Max.Y)/2
	right := float64(box.Max.X) - 16
	if over {
		x += k.prompt.Draw(im, "Game over", x, cy, MiddleLeft, rgb(gold)) + 16
		k.caption.Draw(im, k.caption.Fit(k.winnersText(v, names), right-x), x, cy, MiddleLeft, rgb(textMain))
		return
	}
	head, sub := roundText(v.Round, v.Phase)
	switch v.Step {
	case "start":
		head, sub = "A new life", "each seat places its stack"
	case "child":
		sub = "children: keeping one card of each pair"
	}
	x += k.prompt.Draw(im, k.prompt.Fit(head, 260), x, cy, MiddleLeft, rgb(textMain)) + 14
	if v.Phase >= 1 && v.Phase <= 5 && v.Step != "start" {
		FillRect(im, image.Rect(int(x), int(cy)-9, int(x)+6, int(cy)+9), alPhaseFill(v.Phase))
		x += 12
	}
	x += k.caption.Draw(im, k.caption.Fit(sub, 420), x, cy, MiddleLeft, rgb(textSoft)) + 22

	// The start marker at the right end, who acts now left of it.
	if v.Start >= 0 && v.Start < len(names) {
		name := k.body.Fit(names[v.Start], 150)
		right -= k.body.Draw(im, name, right, cy, MiddleRight, rgb(textMain)) + 4
		BlitCentred(im, k.pips[paletteIndex(v.Start)], right-9, cy)
		right -= 22
		tag := k.startTag.Bounds().Dx()
		BlitCentred(im, k.startTag, right-float64(tag)/2, cy)
		right -= float64(tag) + 18
	}
	var acting []string
	for _, s := range v.Acting {
		if s >= 0 && s < len(names) {
			acting = append(acting, names[s])
		}
	}
	if len(acting) > 0 && right > x+80 {
		FillRect(im, image.Rect(int(x)-12, int(cy)-12, int(x)-10, int(cy)+12), rgb(tableLine))
		k.caption.Draw(im, k.caption.Fit("now: "+strings.Join(acting, ", "), right-x), x, cy, MiddleLeft, rgb(accent))
	}
}

// drawColumns draws the two live card columns: a label with the column,
// its phase and its part in the round above each, and the cards.
func (k *alifeKit) drawColumns(im *image.RGBA, v alife.View) {
	xs := [2]int{abCardA, abCardB}
	for i, col := range v.Columns {
		if i >= len(xs) {
			break
		}
		x := float64(xs[i])
		ph := (col.Column + 2) / 3
		FillRect(im, image.Rect(xs[i], abColTop-7, xs[i]+5, abColTop+7), alPhaseFill(ph))
		label := "Column " + number(col.Column)
		lw := k.label.Draw(im, label, x+10, abColTop, MiddleLeft, rgb(textMain))
		part := "this round"
		if i == 1 {
			part = "next round"
		}
		if v.Step == "start" || v.Round <= 0 {
			part = "round " + strconv.Itoa(col.Column)
		}
		if n := alPhaseName(ph); n != "" {
			part = n + " · " + part
		}
		k.small.Draw(im, k.small.Fit(part, alCardW-lw-16), x+lw+16, abColTop, MiddleLeft, rgb(textSoft))
		for r, c := range col.Cards {
			if r >= 4 {
				break
			}
			top := int(abRowY(r)) - alCardH/2
			if c == nil {
				k.small.Draw(im, "empty", x+alCardW/2, abRowY(r), Centre, rgb(textSoft))
				continue
			}
			Blit(im, k.face(*c), xs[i], top)
		}
	}
	if len(v.Columns) == 1 {
		k.small.Draw(im, "the last column", float64(abCardB+alCardW/2), abRowY(0), Centre, rgb(textSoft))
	}
}

// drawStacks sets each seat's marker stack on its space: the marker
// column before this round's cards, or behind them once it has chosen. A
// seat acting now has a ring; a dead seat's stack is an outline.
func (k *alifeKit) drawStacks(im *image.RGBA, v alife.View) {
	first := 1
	if len(v.Columns) > 0 {
		first = v.Columns[0].Column
	}
	// How many stacks already stand on each space, to set them side by
	// side.
	var count [2][4]int
	offsets := [4][2]float64{{-13, -13}, {13, -13}, {-13, 13}, {13, 13}}
	for s, sv := range v.Seats {
		var m int
		switch sv.Col {
		case first - 1:
			m = 0
		case first:
			m = 1
		default:
			continue
		}
		if sv.Row < 0 || sv.Row > 3 {
			continue
		}
		n := count[m][sv.Row]
		count[m][sv.Row]++
		o := offsets[n%4]
		cx := float64([2]int{abMarkA, abMarkB}[m]) + o[0]
		cy := abRowY(sv.Row) + o[1]
		if alActing(v.Acting, s) && !sv.Dead {
			BlitCentred(im, k.ring, cx, cy)
		}
		t := k.tokens[paletteIndex(s)]
		if sv.Dead {
			t = k.hollow[paletteIndex(s)]
		}
		BlitCentred(im, t, cx, cy)
	}
}

func (k *alifeKit) drawBoardSeats(im *image.RGBA, v alife.View, names []string) {
	n := len(v.Seats)
	x0, x1 := abPanelX, Width-abMargin
	if n == 0 {
		k.caption.Draw(im, "No players", float64(x0+x1)/2, float64(abPanelTop+abPanelEnd)/2, Centre, rgb(textSoft))
		return
	}
	const gap = 8
	h := (abPanelEnd - abPanelTop - (n-1)*gap) / n
	if h < 140 {
		// More seats than the game has: draw those that fit.
		h = 140
	}
	for s := range v.Seats {
		y := abPanelTop + s*(h+gap)
		if y+h > abPanelEnd {
			break
		}
		k.drawBoardSeat(im, v, names, s, image.Rect(x0, y, x1, y+h))
	}
}

// drawBoardSeat draws one seat's panel.
func (k *alifeKit) drawBoardSeat(im *image.RGBA, v alife.View, names []string, s int, r image.Rectangle) {
	sv := v.Seats[s]
	over := alOver(v)
	rank := 0
	if over && s < len(v.Rank) {
		rank = v.Rank[s]
	}
	acting := !over && alActing(v.Acting, s)
	switch {
	case rank == 1:
		k.winner.Draw(im, r)
	case sv.Dead:
		k.out.Draw(im, r)
	case acting:
		k.active.Draw(im, r)
	default:
		k.panel.Draw(im, r)
	}
	// Spread the four lines over a tall panel; keep them close in a short
	// one.
	extra := float64(max(r.Dy()-142, 0)) / 4
	x := float64(r.Min.X + 14)
	right := float64(r.Max.X - 14)
	y1 := float64(r.Min.Y) + 22 + extra*0.5
	y2 := y1 + 28 + extra*0.5
	y3 := y2 + 24 + extra*0.5
	y4 := y3 + 18 + extra*0.5

	// Name line: rank, mark, name, start and death tags; the score right.
	nx := x
	if rank > 0 {
		c := rgb(textSoft)
		if rank == 1 {
			c = rgb(gold)
		}
		nx += k.rank.Draw(im, ordinal(rank), nx, y1, MiddleLeft, c) + 10
	}
	BlitCentred(im, k.pips[paletteIndex(s)], nx+9, y1)
	nx += 24
	score := number(sv.Score)
	sw := k.big.Draw(im, k.big.Fit(score, 110), right, y1+2, MiddleRight, scoreColour(sv.Score))
	lw := k.small.Draw(im, "score", right-sw-8, y1+4, MiddleRight, rgb(textSoft))
	nameRight := right - sw - lw - 24
	var tags []*image.RGBA
	if s == v.Start && !over {
		tags = append(tags, k.startTag)
	}
	tagW := 0.0
	for _, t := range tags {
		tagW += float64(t.Bounds().Dx()) + 8
	}
	deadW := 0.0
	if sv.Dead {
		deadW = k.label.Measure("LIFE ENDED") + 12
	}
	nameC := rgb(textMain)
	if sv.Dead {
		nameC = rgb(textSoft)
	}
	nx += k.name.Draw(im, k.name.Fit(names[s], nameRight-nx-tagW-deadW), nx, y1, MiddleLeft, nameC) + 10
	for _, t := range tags {
		BlitCentred(im, t, nx+float64(t.Bounds().Dx())/2, y1)
		nx += float64(t.Bounds().Dx()) + 8
	}
	if sv.Dead {
		k.label.Draw(im, "LIFE ENDED", nx, y1, MiddleLeft, rgb(badSoft))
	}

	// Hearts, money, the hand, and what the seat is doing.
	cx := x + k.drawHearts(im, sv.Hearts, x, y2) + 14
	cx += k.drawMoney(im, sv.Money, cx, y2) + 16
	cx += k.drawHandMix(im, sv.HandSize, sv.HandPhases, cx, y2) + 10
	status, sc := alStepText(sv.Step), rgb(accent)
	switch {
	case over:
		status = ""
	case v.Step == "child" && acting:
		status = "keeping a child's card"
	case v.Step == "start" && acting:
		status = "placing the stack"
	case v.Step == "start" && sv.Col < 0:
		status, sc = "stack not placed", rgb(textSoft)
	case !acting && status != "":
		sc = rgb(textSoft)
	}
	if status != "" && right-cx > 40 {
		k.small.Draw(im, k.small.Fit(status, right-cx), right, y2, MiddleRight, sc)
	}

	// The life so far: cards lived in each phase, developed, children.
	lx := x + k.small.Draw(im, "lived", x, y3, MiddleLeft, rgb(textSoft)) + 6
	dev := 0
	for p, col := range sv.Tableau {
		BlitCentred(im, k.backs[p], lx+6, y3)
		lx += 14
		c := rgb(textMain)
		if len(col) == 0 {
			c = rgb(textSoft)
		}
		lx += k.label.Draw(im, strconv.Itoa(min(len(col), 99)), lx, y3, MiddleLeft, c) + 9
		for _, pv := range col {
			if pv.Developed {
				dev++
			}
		}
	}
	lx += 6
	lx += k.small.Draw(im, "developed", lx, y3, MiddleLeft, rgb(textSoft)) + 5
	lx += k.label.Draw(im, strconv.Itoa(dev), lx, y3, MiddleLeft, rgb(textMain)) + 14
	if sv.Children > 0 {
		BlitCentred(im, k.baby, lx+9, y3)
		lx += 21
		lx += k.label.Draw(im, strconv.Itoa(sv.Children), lx, y3, MiddleLeft, rgb(textMain)) + 14
	}
	if len(sv.Befriended) > 0 && right-lx > 90 {
		k.small.Draw(im, "befriended "+strconv.Itoa(len(sv.Befriended)), lx, y3, MiddleLeft, rgb(textSoft))
	}

	// The ten products, the score's parts.
	if y4+38 <= float64(r.Max.Y) {
		k.drawProducts(im, sv, x-2, y4, (right-x+4)/alNumRes)
	}
}

// drawLegend writes the footer: the game's name and a key to the
// symbols, the ten resources by their life symbols.
func (k *alifeKit) drawLegend(im *image.RGBA, title string) {
	y := float64(abFooterY+Height) / 2
	x := 16 + k.footerTitle.Draw(im, title, 16, y, MiddleLeft, rgb(textSoft)) + 14
	FillRect(im, image.Rect(int(x), int(y)-9, int(x)+2, int(y)+9), rgb(tableLine))
	x += 14
	BlitCentred(im, k.scoring[0], x+9, y)
	x += 20
	x += k.footer.Draw(im, "matters", x, y, MiddleLeft, rgb(textSoft)) + 8
	BlitCentred(im, k.life[0], x+9, y)
	x += 20
	x += k.footer.Draw(im, "can do", x, y, MiddleLeft, rgb(textSoft)) + 10
	FillRect(im, image.Rect(int(x), int(y)-9, int(x)+2, int(y)+9), rgb(tableLine))
	x += 12
	for r := range alNumRes {
		BlitCentred(im, k.life[r], x+9, y)
		x += 21
		x += k.footer.Draw(im, alResources[r].name, x, y, MiddleLeft, rgb(textMain)) + 10
	}
}

package render

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/yodo"
)

// You Only Die Once is drawn three ways: the board in the channel while
// Philip's memories are contested, each seat's hand in its DM, and, once
// his heart has stopped, the life story in the board's place: every
// memory with the fates that won it and how it is remembered.
//
// A fate is drawn as its colour in its own shape (fate i takes Mark i), so
// a card's fates read without telling colours apart; each seat's panel
// shows its fate's shape beside its name, as the key. The fates' colours
// are player colours of the house palette, and the rest of the drawing
// keeps to house colours too.
const (
	ydMargin   = 16
	ydHeaderH  = 58
	ydTileW    = (Width - 2*ydMargin - 5*ydTileGap) / 6
	ydTileGap  = 8
	ydTileH    = 236
	ydRow1     = 66
	ydRow2     = ydRow1 + ydTileH + 8
	ydSeatsTop = ydRow2 + ydTileH + 10
	ydFooterY  = 684
	ydBadge    = 30 // a fate's shape on a card
	ydSmall    = 20 // a fate's shape in text rows
	ydCardW    = 116
	ydCardH    = 104
)

type yodoKit struct {
	board, hand        *image.RGBA
	badges, smalls     [6]*image.RGBA
	heart              *image.RGBA
	title, name, body  *Face
	small, big, prompt *Face
	label, footer      *Face
	footerTitle, line  *Face
	cardBox, tileBox   *Box
	setBox, activeBox  *Box
	seatBox, winBox    *Box
}

// fateColour reads "#rrggbb"; anything else is drawn grey.
func fateColour(hex string) color.RGBA {
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		return rgb(textSoft)
	}
	return rgb(uint32(n))
}

func newYodoKit(fonts *fontSet) *yodoKit {
	k := &yodoKit{
		title: fonts.face(Bold, 17), name: fonts.face(Bold, 20), body: fonts.face(Regular, 17),
		small: fonts.face(Regular, 15), big: fonts.face(Bold, 30), prompt: fonts.face(Bold, 24),
		label: fonts.face(Bold, 14), footer: fonts.face(Regular, 17), footerTitle: fonts.face(Bold, 18),
		line:      fonts.face(Regular, 16),
		cardBox:   NewBox(8, 2, rgb(cardFace), rgb(cardEdge), rgb(tableInset)),
		tileBox:   NewBox(10, 1, rgb(tableInset), rgb(tableLine), rgb(table)),
		setBox:    NewBox(10, 2, rgb(goldTint), rgb(gold), rgb(table)),
		activeBox: NewBox(10, 2, rgb(rowActive), rgb(accent), rgb(table)),
		seatBox:   NewBox(8, 1, rgb(rowFill), rgb(tableLine), rgb(table)),
		winBox:    NewBox(8, 2, rgb(goldTint), rgb(gold), rgb(table)),
	}
	for f, fate := range yodo.Fates() {
		c := fateColour(fate.Colour)
		k.badges[f] = fateBadge(Mark(f), c, ydBadge)
		k.smalls[f] = fateBadge(Mark(f), c, ydSmall)
	}
	k.heart = Sprite(26, 26, func(dc *gg.Context) {
		HeartPath(dc, 13, 14, 22)
		dc.SetColor(rgb(suitRed))
		dc.Fill()
	})
	k.board = tableBackdrop(ydFooterY)
	k.hand = plainBackdrop(HandWidth, HandHeight)
	return k
}

// fateBadge draws a fate's shape in its colour with a dark rim.
func fateBadge(m Mark, c color.RGBA, size int) *image.RGBA {
	return Sprite(size, size, func(dc *gg.Context) {
		s := float64(size)
		MarkPath(dc, m, s/2, s/2, s*0.86)
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(rgb(inkDark))
		dc.SetLineWidth(1.5)
		dc.Stroke()
	})
}

// badge returns a fate's sprite, or nil for a fate the kit does not know.
func (k *yodoKit) badge(set [6]*image.RGBA, f int) *image.RGBA {
	if f < 0 || f >= len(set) {
		return nil
	}
	return set[f]
}

func (r *Renderer) paintYodo(v yodo.View, names []string) (*image.RGBA, func(*image.RGBA), error) {
	k := r.yodo()
	if v.Seat >= 0 {
		return k.hand, func(im *image.RGBA) { k.drawHand(im, v, names) }, nil
	}
	if len(v.Hand) > 0 || len(v.Notes) > 0 || v.Taken >= 0 {
		return nil, nil, ErrPrivateInPublic
	}
	if v.Over {
		return k.board, func(im *image.RGBA) { k.drawStory(im, v, names) }, nil
	}
	return k.board, func(im *image.RGBA) { k.drawBoard(im, v, names) }, nil
}

// drawCard draws a card showing fates, centred on (cx, cy).
func (k *yodoKit) drawCard(im *image.RGBA, fates []int, cx, cy, w, h int) {
	k.cardBox.Draw(im, image.Rect(cx-w/2, cy-h/2, cx+w/2, cy+h/2))
	n := len(fates)
	for i, f := range fates {
		b := k.badge(k.badges, f)
		if b == nil {
			continue
		}
		x := float64(cx) + (float64(i)-float64(n-1)/2)*float64(ydBadge+6)
		BlitCentred(im, b, x, float64(cy))
	}
}

func (k *yodoKit) drawBoard(im *image.RGBA, v yodo.View, names []string) {
	seatNames := k.name.SeatNames(names, len(v.Seats))
	head := fmt.Sprintf("Philip's memories: %d of %d set", v.Locked, len(v.Board))
	k.prompt.Draw(im, head, ydMargin, ydHeaderH/2+4, MiddleLeft, rgb(textMain))
	if v.Turn >= 0 && v.Turn < len(seatNames) {
		k.name.Draw(im, k.name.Fit(seatNames[v.Turn]+" to play", 520), Width-ydMargin, ydHeaderH/2+4, MiddleRight, rgb(accent))
	}
	for i, e := range v.Board {
		x := ydMargin + (i%6)*(ydTileW+ydTileGap)
		y := ydRow1
		if i >= 6 {
			y = ydRow2
		}
		k.drawTile(im, i, e, x, y)
	}
	k.drawSeats(im, v, seatNames, ydSeatsTop)
	drawFooterText(im, k.footerTitle, k.footer, "You Only Die Once", k.footerNote(v), float64(ydFooterY+(Height-ydFooterY)/2), Width-ydMargin)
}

func (k *yodoKit) footerNote(v yodo.View) string {
	note := "a heartbeat sets the memory nearest death first"
	if v.HiddenScores {
		note += " · scores hidden until the story"
	}
	return note
}

// frame is the box a memory is drawn in: gold once set, lit when the next
// heartbeat sets it.
func (k *yodoKit) frame(e yodo.EventView) *Box {
	switch {
	case e.Locked:
		return k.setBox
	case e.Next:
		return k.activeBox
	}
	return k.tileBox
}

// drawTile draws memory i: its place in life and title, its top card and
// how many lie beneath, and whether it is set or is the next to be.
func (k *yodoKit) drawTile(im *image.RGBA, i int, e yodo.EventView, x, y int) {
	k.frame(e).Draw(im, image.Rect(x, y, x+ydTileW, y+ydTileH))
	k.label.Draw(im, strconv.Itoa(i+1), float64(x+12), float64(y+18), MiddleLeft, rgb(textSoft))
	if e.Next {
		BlitCentred(im, k.heart, float64(x+ydTileW-20), float64(y+18))
	}
	for j, line := range k.title.Wrap(k.title.Clean(e.Title), ydTileW-24) {
		if j == 2 {
			break
		}
		k.title.Draw(im, line, float64(x+12), float64(y+42+j*21), MiddleLeft, rgb(textMain))
	}
	cx, cy := x+ydTileW/2, y+140
	switch {
	case len(e.Stack) > 0:
		k.drawCard(im, e.Stack[len(e.Stack)-1], cx, cy, ydCardW, ydCardH)
	case e.Locked:
		k.body.Draw(im, "forgotten", float64(cx), float64(cy), Centre, rgb(textSoft))
	default:
		k.small.Draw(im, "empty", float64(cx), float64(cy), Centre, rgb(textSoft))
	}
	status := ""
	switch {
	case e.Locked && len(e.Stack) > 0 && e.Points > 0:
		status = fmt.Sprintf("set · +%d each", e.Points)
		if len(e.Stack[0]) == 1 {
			status = fmt.Sprintf("set · +%d", e.Points)
		}
	case e.Locked:
		status = "set"
	case len(e.Stack) > 1:
		status = fmt.Sprintf("%d cards deep", len(e.Stack))
	}
	if status != "" {
		c := rgb(textSoft)
		if e.Locked {
			c = rgb(gold)
		}
		k.small.Draw(im, status, float64(cx), float64(y+ydTileH-18), Centre, c)
	}
}

// drawSeats draws a panel per seat: name, fate and its shape, cards in
// hand and deck, and points.
func (k *yodoKit) drawSeats(im *image.RGBA, v yodo.View, names []string, top int) {
	n := len(v.Seats)
	if n == 0 {
		return
	}
	w := (Width - 2*ydMargin - (n-1)*ydTileGap) / n
	for s, sv := range v.Seats {
		x := ydMargin + s*(w+ydTileGap)
		r := image.Rect(x, top, x+w, ydFooterY-10)
		switch {
		case containsInt(v.Winners, s):
			k.winBox.Draw(im, r)
		case s == v.Turn:
			k.activeBox.Draw(im, r)
		default:
			k.seatBox.Draw(im, r)
		}
		if b := k.badge(k.badges, sv.Fate); b != nil {
			BlitCentred(im, b, float64(x+24), float64(top+26))
		}
		k.name.Draw(im, k.name.Fit(names[s], float64(w-56)), float64(x+46), float64(top+26), MiddleLeft, rgb(textMain))
		fate := ""
		if sv.Fate >= 0 && sv.Fate < len(v.Fates) {
			fate = v.Fates[sv.Fate].Name
		}
		k.body.Draw(im, k.body.Fit(fate, float64(w-24)), float64(x+12), float64(top+56), MiddleLeft, rgb(textSoft))
		k.small.Draw(im, fmt.Sprintf("hand %d · deck %d", sv.Hand, sv.Deck), float64(x+12), float64(top+82), MiddleLeft, rgb(textSoft))
		score := "?"
		if sv.Score >= 0 {
			score = strconv.Itoa(sv.Score)
		}
		k.big.Draw(im, score, float64(x+w-14), float64(top+64), MiddleRight, rgb(textMain))
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// drawStory draws the finished life: each memory in life order with the
// fates that won it and the first sentence of how it is remembered, then
// the seats' totals and the winner's epilogue.
func (k *yodoKit) drawStory(im *image.RGBA, v yodo.View, names []string) {
	seatNames := k.name.SeatNames(names, len(v.Seats))
	k.prompt.Draw(im, "The life of Philip, as the fates remembered it", ydMargin, ydHeaderH/2+4, MiddleLeft, rgb(textMain))
	const rowH, top = 38, 62
	for i, sl := range v.Story {
		y := top + i*rowH
		if i > 0 {
			FillRect(im, image.Rect(ydMargin, y, Width-ydMargin, y+1), rgb(tableLine))
		}
		mid := float64(y + rowH/2)
		k.label.Draw(im, strconv.Itoa(i+1), ydMargin+10, mid, MiddleLeft, rgb(textSoft))
		k.title.Draw(im, k.title.Fit(k.title.Clean(sl.Title), 190), ydMargin+38, mid, MiddleLeft, rgb(textMain))
		bx := ydMargin + 246
		for j, f := range sl.Fates {
			if b := k.badge(k.smalls, f); b != nil {
				BlitCentred(im, b, float64(bx+j*(ydSmall+4)), mid)
			}
		}
		c := rgb(textSoft)
		if len(sl.Fates) == 0 {
			c = rgb(tableLine)
		}
		lx := float64(ydMargin + 320)
		k.line.Draw(im, k.line.Fit(k.line.Clean(sl.Line), Width-ydMargin-10-lx), lx, mid, MiddleLeft, c)
	}
	seatsTop := top + len(v.Story)*rowH + 8
	n := len(v.Seats)
	if n > 0 {
		w := (Width - 2*ydMargin - (n-1)*ydTileGap) / n
		for s, sv := range v.Seats {
			x := ydMargin + s*(w+ydTileGap)
			r := image.Rect(x, seatsTop, x+w, seatsTop+44)
			if containsInt(v.Winners, s) {
				k.winBox.Draw(im, r)
			} else {
				k.seatBox.Draw(im, r)
			}
			if b := k.badge(k.smalls, sv.Fate); b != nil {
				BlitCentred(im, b, float64(x+18), float64(seatsTop+22))
			}
			k.body.Draw(im, k.body.Fit(seatNames[s], float64(w-80)), float64(x+34), float64(seatsTop+22), MiddleLeft, rgb(textMain))
			k.name.Draw(im, strconv.Itoa(sv.Score), float64(x+w-12), float64(seatsTop+22), MiddleRight, rgb(textMain))
		}
	}
	for i, line := range k.body.Wrap(k.body.Clean(v.Epilogue), Width-2*ydMargin-40) {
		if i == 2 {
			break
		}
		k.body.Draw(im, line, Width/2, float64(seatsTop+72+i*24), Centre, rgb(textMain))
	}
	drawFooterText(im, k.footerTitle, k.footer, "You Only Die Once", "the life story is told in full in the channel", float64(ydFooterY+(Height-ydFooterY)/2), Width-ydMargin)
}

// The hand image: what the seat must do, its fate, its cards with how
// many places each fits, a strip of the board, and its private notes.
const (
	yhCardW   = 180
	yhCardH   = 150
	yhCardTop = 92
	yhStripY  = 300
	yhNotesY  = 412
)

func (k *yodoKit) drawHand(im *image.RGBA, v yodo.View, names []string) {
	seatNames := k.name.SeatNames(names, len(v.Seats))
	seat := v.Seat
	var sv yodo.SeatView
	if seat < len(v.Seats) {
		sv = v.Seats[seat]
	}
	fate := ""
	if sv.Fate >= 0 && sv.Fate < len(v.Fates) {
		fate = v.Fates[sv.Fate].Name
	}
	if b := k.badge(k.badges, sv.Fate); b != nil {
		BlitCentred(im, b, ydMargin+16, 30)
	}
	k.prompt.Draw(im, k.prompt.Fit(k.handPrompt(v, seatNames), HandWidth-260), ydMargin+40, 30, MiddleLeft, rgb(textMain))
	score := "?"
	if sv.Score >= 0 {
		score = strconv.Itoa(sv.Score)
	}
	k.name.Draw(im, "You serve "+fate+" · "+score+" points", HandWidth-ydMargin, 30, MiddleRight, rgb(textSoft))
	k.small.Draw(im, fmt.Sprintf("deck %d · memories set %d of %d", sv.Deck, v.Locked, len(v.Board)), ydMargin+40, 62, MiddleLeft, rgb(textSoft))

	for i, c := range v.Hand {
		cx := ydMargin + yhCardW/2 + 10 + i*(yhCardW+24)
		cy := yhCardTop + yhCardH/2
		if i == v.Taken {
			cy -= 10
			FillRect(im, image.Rect(cx-yhCardW/2-4, cy-yhCardH/2-4, cx+yhCardW/2+4, cy+yhCardH/2+4), rgb(accent))
		}
		k.drawCard(im, c.Fates, cx, cy, yhCardW, yhCardH)
		fits := "nowhere to go"
		switch {
		case c.Places == 1:
			fits = "fits 1 memory"
		case c.Places > 1:
			fits = fmt.Sprintf("fits %d memories", c.Places)
		}
		k.small.Draw(im, fmt.Sprintf("%d · %s", i+1, fits), float64(cx), float64(yhCardTop+yhCardH+20), Centre, rgb(textSoft))
	}

	// The board in a strip, so a seat decides from its DM alone.
	w := (HandWidth - 2*ydMargin - 11*4) / 12
	for i, e := range v.Board {
		x := ydMargin + i*(w+4)
		k.frame(e).Draw(im, image.Rect(x, yhStripY, x+w, yhStripY+84))
		k.label.Draw(im, strconv.Itoa(i+1), float64(x+w/2), float64(yhStripY+14), Centre, rgb(textSoft))
		if len(e.Stack) > 0 {
			top := e.Stack[len(e.Stack)-1]
			for j, f := range top {
				if b := k.badge(k.smalls, f); b != nil {
					BlitCentred(im, b, float64(x+w/2), float64(yhStripY+32+j*(ydSmall+2)))
				}
			}
		}
	}
	k.label.Draw(im, "birth", ydMargin, yhStripY+96, MiddleLeft, rgb(textSoft))
	k.label.Draw(im, "death", HandWidth-ydMargin, yhStripY+96, MiddleRight, rgb(textSoft))

	drawNotes(im, k.body, k.small, v.Notes, seatNames, ydMargin, yhNotesY+10, HandWidth-2*ydMargin, HandHeight-10, 22)
}

func (k *yodoKit) handPrompt(v yodo.View, names []string) string {
	switch {
	case v.Over:
		if containsInt(v.Winners, v.Seat) {
			return "His heart has stopped: your fate wins!"
		}
		return "His heart has stopped"
	case v.Turn != v.Seat && v.Turn >= 0 && v.Turn < len(names):
		return "Waiting for " + names[v.Turn]
	case v.Taken >= 0:
		return "Choose where card " + strconv.Itoa(v.Taken+1) + " goes"
	}
	for _, c := range v.Hand {
		if c.Places > 0 {
			return "Your turn: choose a card to play"
		}
	}
	return "Nothing fits: choose a card to bury"
}

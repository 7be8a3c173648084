package render

import (
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/yodo"
)

// You Only Die Once is drawn three ways, each PhoneWidth wide: the board in
// the channel while Philip's memories are contested, each seat's hand in
// its DM, and, once his heart has stopped, the story in the board's place.
//
// All three draw the twelve memories alike, one row each from birth at the
// top to death at the bottom, and a fate as the emoji its buttons and log
// lines use, named in the legend at the foot. A seat is its player's token,
// in the palette colour of the fate it serves, beside that fate's emoji.
// The story is the board's size, so that a replay's last frame lines up
// with the boards before it.
const (
	ydMemories = 12 // the rows every image has room for
	ydRowH     = 36 // a memory's row on the board and in the hand
	ydRowGap   = 6  // room for the outline of a fresh memory
	ydSeatH    = 38 // a seat's row
	ydSeatGap  = 6
	ydStoryRow = 32 // a memory's row in the story, which outlines none
	ydStoryGap = 2
	ydGapAbove = 10 // between the header and what follows
	ydBlockGap = 14 // between the memories and the seats

	ydRowEmoji  = 24 // a fate on a memory's card
	ydHandEmoji = 30 // a fate on a card in hand
	ydCardW     = 96 // a memory's card
	ydCardH     = 30
	ydHandCardW = 124
	ydHandCardH = 80
	ydHandCards = 4  // cards a hand holds, and the slots drawn for them
	ydHandGap   = 14 // between the slots of the hand's cards
	ydFitsLineH = 18 // a line of what a hand card fits, when it takes two
	ydNoteLines = 2
	ydNoteH     = 24

	// Columns of a memory's row, from its left edge.
	ydColTitle  = 40
	ydColCard   = 262
	ydColHeart  = 378
	ydColStatus = 406
	// Columns of a seat's row.
	ydColToken = 44
	ydColName  = 62
	ydColFate  = 246
	ydColCount = 356
)

// ydLeft and ydRight bound every row.
const (
	ydLeft  = frameMargin
	ydRight = PhoneWidth - frameMargin
)

type yodoKit struct {
	fonts *fontSet
	frame *frameKit
	// emoji holds each fate's emoji drawn once per size and ink.
	emoji      spriteCache
	emojiFaces map[int]*Face
	// table is the empty table of the tallest image: every image's
	// backdrop is its top part.
	table *backdrop
	// fates are the current content's, and fatesLegend their legend,
	// whose words are the messages of the fates' names.
	fates       []yodo.FateView
	fatesLegend []legendItem

	title, name, body *Face
	score, big        *Face
	rowBox, dimBox    *Box
	// Cards drawn on each ground their corners show: a memory's row, a
	// set one, a stepped-back one, and the table under a hand; the ring
	// round the card taken to play.
	cardOnRow, cardOnSet, cardOnDim *Box
	handCard, takenRing             *Box
	setBox, activeBox               *Box
	winBox                          *Box
}

func newYodoKit(fonts *fontSet) *yodoKit {
	k := &yodoKit{
		fonts: fonts,
		frame: newFrameKit(fonts),
		title: fonts.face(Bold, minText), name: fonts.face(Bold, 18),
		body:  fonts.face(Regular, minText),
		score: fonts.face(Bold, 24), big: fonts.face(Bold, 28),
		emojiFaces: map[int]*Face{},
		cardOnRow:  NewBox(6, 1, rgb(cardFace), rgb(cardEdge), rgb(rowFill)),
		cardOnSet:  NewBox(6, 1, rgb(cardFace), rgb(cardEdge), rgb(goldTint)),
		cardOnDim:  NewBox(6, 1, rgb(cardFace), rgb(cardEdge), rgb(table)),
		handCard:   NewBox(8, 1, rgb(cardFace), rgb(cardEdge), rgb(table)),
		takenRing:  NewBox(12, 3, rgb(table), rgb(textMain), rgb(table)),
		rowBox:     NewBox(8, 1, rgb(rowFill), rgb(tableLine), rgb(table)),
		dimBox:     NewBox(8, 1, rgb(table), rgb(tableInset), rgb(table)),
		setBox:     NewBox(8, 1, rgb(goldTint), rgb(gold), rgb(table)),
		activeBox:  NewBox(8, 2, rgb(rowActive), rgb(accent), rgb(table)),
		winBox:     NewBox(8, 2, rgb(goldTint), rgb(gold), rgb(table)),
		table:      compact(plainBackdrop(PhoneWidth, ydMaxHeight)),
	}
	for _, size := range []int{legendIcon, ydRowEmoji, ydHandEmoji} {
		k.emojiFaces[size] = fonts.face(Regular, float64(size))
	}
	k.fates = yodo.Fates()
	k.fatesLegend = k.legendOf(k.fates)
	return k
}

// emojiKey names a fate's emoji at one size, drawn in one ink where the
// emoji is drawn as the substitute box.
type emojiKey struct {
	emoji string
	size  int
	ink   uint32
}

// fateIcon returns emoji, drawn by the text engine at size pixels (one of
// the sizes of emojiFaces), centred in a sprite at least size pixels wide
// and half as tall again, so that a glyph reaching above the capitals or
// below the baseline is not cut. Where the text engine has no glyph for
// it, its substitute box is drawn in ink.
func (k *yodoKit) fateIcon(emoji string, size int, ink uint32) *image.RGBA {
	return k.emoji.get(emojiKey{emoji, size, ink}, func() *image.RGBA {
		f := k.emojiFaces[size]
		w, h := max(int(math.Ceil(f.Measure(emoji))), size), size+size/2
		im := image.NewRGBA(image.Rect(0, 0, w, h))
		f.Draw(im, emoji, float64(w)/2, float64(h)/2, Centre, rgb(ink))
		return im
	})
}

// ydMaxHeight is the tallest any image is drawn: the height of the visual
// language's bound, which only a view the rules never make would reach.
const ydMaxHeight = 1000

// backdrop returns the empty table of an image h pixels tall, at most
// ydMaxHeight: the top of the kit's table, shared rather than copied.
func (k *yodoKit) backdrop(h int) *backdrop {
	h = min(h, ydMaxHeight)
	return &backdrop{rect: image.Rect(0, 0, PhoneWidth, h), rows: k.table.rows[:h]}
}

func (r *Renderer) paintYodo(v yodo.View, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	k := r.yodo()
	if v.Seat >= 0 {
		return k.backdrop(k.handHeight(v, say)), func(im *image.RGBA) { k.drawHand(im, v, names, say) }, nil
	}
	if len(v.Hand) > 0 || len(v.Notes) > 0 || v.Taken >= 0 {
		return nil, nil, ErrPrivateInPublic
	}
	bg := k.backdrop(k.boardHeight(v, say))
	if v.Over {
		return bg, func(im *image.RGBA) { k.drawStory(im, v, names, say) }, nil
	}
	return bg, func(im *image.RGBA) { k.drawBoard(im, v, names, say) }, nil
}

// seatRows is how many seat rows the board has room for: a game's seats,
// within the rules' bounds, so that the height is fixed from the start.
func seatRows(v yodo.View) int { return min(max(len(v.Seats), 2), 6) }

// legend pairs each fate's emoji with its name in say's words, as the
// buttons and the log show them: the current content's legend, kept,
// unless the view's game was dealt other fates.
func (k *yodoKit) legend(v yodo.View, say i18n.Printer) []legendItem {
	keyed := k.fatesLegend
	if !slices.Equal(v.Fates, k.fates) {
		keyed = k.legendOf(v.Fates)
	}
	out := make([]legendItem, len(keyed))
	for i, it := range keyed {
		out[i] = legendItem{it.icon, say.Say(it.word)}
	}
	return out
}

func (k *yodoKit) legendOf(fates []yodo.FateView) []legendItem {
	items := make([]legendItem, len(fates))
	for i, f := range fates {
		items[i] = legendItem{k.fateIcon(f.Emoji, legendIcon, textMain), f.Name}
	}
	return items
}

// memoriesHeight is the height of the memories' rows on the board and in
// the hand.
const memoriesHeight = ydMemories*ydRowH + (ydMemories-1)*ydRowGap

func seatsHeight(n int) int { return n*ydSeatH + (n-1)*ydSeatGap }

// boardHeight is the height of the board and of the story: the header,
// the memories, a row per seat and the legend.
func (k *yodoKit) boardHeight(v yodo.View, say i18n.Printer) int {
	return headerH + ydGapAbove + memoriesHeight + ydBlockGap + seatsHeight(seatRows(v)) + ydBlockGap +
		k.frame.legendHeight(k.legend(v, say), PhoneWidth)
}

// The hand's parts, from the top: the header, the seat's fate, its cards,
// the memories, its notes and the legend.
const (
	yhFateY    = headerH + 24
	yhCardsTop = headerH + 52
	yhLabelY   = yhCardsTop + ydHandCardH + 18
	yhMemories = yhLabelY + 22
	yhNotesTop = yhMemories + memoriesHeight + 12
)

func (k *yodoKit) handHeight(v yodo.View, say i18n.Printer) int {
	return yhNotesTop + ydNoteLines*ydNoteH + 8 + k.frame.legendHeight(k.legend(v, say), PhoneWidth)
}

// fatePalette returns the palette colour whose fill is a fate's colour, so
// that a seat's token wears its fate's colour; a fate of another colour
// takes the palette colour of its own number.
func fatePalette(v yodo.View, f int) int {
	if f < 0 || f >= len(v.Fates) {
		return f
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(v.Fates[f].Colour, "#"), 16, 32)
	if err == nil {
		for c := range PlayerColours {
			if Player(c).Fill == rgb(uint32(n)) {
				return c
			}
		}
	}
	return f
}

// header is the shared header of every yodo image.
func (k *yodoKit) header(v yodo.View, stage string, say i18n.Printer) header {
	h := header{Game: say.T("game.yodo"), Stage: stage, Over: v.Over, Private: v.Seat >= 0, Viewer: v.Seat}
	mark := func(s int) seatMark {
		f := -1
		if s >= 0 && s < len(v.Seats) {
			f = v.Seats[s].Fate
		}
		return seatMark{Seat: s, Colour: fatePalette(v, f)}
	}
	if v.Over {
		for _, w := range v.Winners {
			h.Winners = append(h.Winners, mark(w))
		}
	} else if v.Turn >= 0 && v.Turn < len(v.Seats) {
		h.Turn = []seatMark{mark(v.Turn)}
	}
	return h
}

// stage says how far the heartbeats have come, in say's words.
func (k *yodoKit) stage(v yodo.View, say i18n.Printer) string {
	s := say.T("yodo.stage", "set", v.Locked, "n", len(v.Board))
	if v.HiddenScores && !v.Over {
		s += " · " + say.T("yodo.scores_hidden")
	}
	return s
}

func (k *yodoKit) drawBoard(im *image.RGBA, v yodo.View, names []string, say i18n.Printer) {
	top := k.frame.drawHeader(im, k.header(v, k.stage(v, say), say), names, say) + ydGapAbove
	k.drawMemories(im, v, top, -1, say)
	seatNames := k.name.SeatNames(say, names, len(v.Seats))
	y := top + memoriesHeight + ydBlockGap
	for s := range min(len(v.Seats), seatRows(v)) {
		k.drawSeat(im, v, s, seatNames[s], y+s*(ydSeatH+ydSeatGap), say)
	}
	k.frame.drawLegend(im, k.legend(v, say))
}

// drawMemories draws the memories as rows from top, each outlined when
// the last move changed it. With a card taken from hand (taken ≥ 0), the
// rows it may be played on say so and the others step back.
func (k *yodoKit) drawMemories(im *image.RGBA, v yodo.View, top, taken int, say i18n.Printer) {
	var fits []bool
	if taken >= 0 && taken < len(v.Hand) {
		fits = make([]bool, len(v.Board))
		card := v.Hand[taken].Fates
		for i, e := range v.Board {
			fits[i] = !e.Locked && (len(e.Stack) == 0 || sharesFate(e.Stack[len(e.Stack)-1], card))
		}
	}
	for i, e := range v.Board[:min(len(v.Board), ydMemories)] {
		y := top + i*(ydRowH+ydRowGap)
		r := image.Rect(ydLeft, y, ydRight, y+ydRowH)
		fit, dim := false, false
		if fits != nil {
			fit, dim = fits[i], !fits[i] && !e.Locked
		}
		k.drawMemory(im, v, i, e, r, fit, dim, say)
		if slices.Contains(v.Fresh, i) {
			markFresh(im, r)
		}
	}
}

// sharesFate reports whether two cards show a fate in common: a card may
// cover another only then.
func sharesFate(a, b []int) bool {
	return slices.ContainsFunc(a, func(f int) bool { return slices.Contains(b, f) })
}

// drawMemory draws memory i in r: its place in life, its title, the card
// on top with a sliver for each card beneath, and what it has come to:
// the points its card won once set, the heart on the one the next
// heartbeat sets, "fits here" where the taken card may go.
func (k *yodoKit) drawMemory(im *image.RGBA, v yodo.View, i int, e yodo.EventView, r image.Rectangle, fit, dim bool, say i18n.Printer) {
	box, cardBox, titleInk := k.rowBox, k.cardOnRow, rgb(textMain)
	switch {
	case e.Locked:
		box, cardBox = k.setBox, k.cardOnSet
	case dim:
		box, cardBox, titleInk = k.dimBox, k.cardOnDim, rgb(textSoft)
	}
	box.Draw(im, r)
	x, cy := r.Min.X, float64(r.Min.Y+r.Dy()/2)
	k.body.Draw(im, strconv.Itoa(i+1), float64(x+10), cy, MiddleLeft, rgb(textSoft))
	k.title.Draw(im, k.title.Fit(k.title.Clean(say.Say(e.Title)), ydColCard-ydColTitle-10), float64(x+ydColTitle), cy, MiddleLeft, titleInk)

	ch := min(ydCardH, r.Dy()-4)
	card := image.Rect(x+ydColCard, int(cy)-ch/2, x+ydColCard+ydCardW, int(cy)-ch/2+ch)
	switch {
	case len(e.Stack) > 0:
		for d := min(len(e.Stack)-1, 2); d > 0; d-- {
			cardBox.Draw(im, card.Add(image.Pt(5*d, 0)))
		}
		cardBox.Draw(im, card)
		k.drawFates(im, v, e.Stack[len(e.Stack)-1], ydRowEmoji, float64(card.Min.X+card.Dx()/2), cy, say)
	case e.Locked:
		k.body.Draw(im, k.body.Fit(say.T("yodo.forgotten"), ydCardW-6), float64(card.Min.X+6), cy, MiddleLeft, rgb(textSoft))
	default:
		k.body.Draw(im, k.body.Fit(say.T("yodo.empty"), ydCardW-6), float64(card.Min.X+6), cy, MiddleLeft, rgb(textSoft))
	}

	var status string
	ink := rgb(textMain)
	switch {
	case e.Locked && len(e.Stack) > 0 && e.Points > 0:
		status, ink = "+"+strconv.Itoa(e.Points), rgb(gold)
		if len(e.Stack[len(e.Stack)-1]) > 1 {
			status = say.T("yodo.each", "points", status)
		}
	case e.Locked && len(e.Stack) > 0:
		status, ink = say.T("yodo.set"), rgb(gold)
	case e.Next && fit:
		status = say.T("yodo.next_fits")
	case e.Next:
		status = say.T("yodo.next")
	case fit:
		status = say.T("yodo.fits")
	}
	if e.Next {
		BlitCentred(im, k.fateIcon("💓", ydRowEmoji, textMain), float64(x+ydColHeart+ydRowEmoji/2), cy)
		k.fonts.icon("next heartbeat", ydRowEmoji)
	}
	k.body.Draw(im, k.body.Fit(status, float64(r.Max.X-6-x-ydColStatus)), float64(x+ydColStatus), cy, MiddleLeft, ink)
}

// drawFates draws a card's fates side by side, centred on (cx, cy).
func (k *yodoKit) drawFates(im *image.RGBA, v yodo.View, fates []int, size int, cx, cy float64, say i18n.Printer) {
	icons := make([]*image.RGBA, 0, 3)
	w := 0
	for _, f := range fates {
		if f < 0 || f >= len(v.Fates) {
			continue
		}
		ic := k.fateIcon(v.Fates[f].Emoji, size, inkDark)
		k.fonts.icon(say.Say(v.Fates[f].Name), float64(size))
		icons = append(icons, ic)
		w += ic.Rect.Dx()
	}
	const gap = 4
	x := cx - float64(w+gap*(len(icons)-1))/2
	for _, ic := range icons {
		Blit(im, ic, int(math.Round(x)), int(math.Round(cy-float64(ic.Rect.Dy())/2)))
		x += float64(ic.Rect.Dx() + gap)
	}
}

// drawSeat draws seat s's row at y: the arrow when it is to play, its
// token and name, the fate it serves, its cards in hand and in deck, and
// its points.
func (k *yodoKit) drawSeat(im *image.RGBA, v yodo.View, s int, name string, y int, say i18n.Printer) {
	sv := v.Seats[s]
	r := image.Rect(ydLeft, y, ydRight, y+ydSeatH)
	box := k.rowBox
	if s == v.Turn {
		box = k.activeBox
	}
	box.Draw(im, r)
	cy := float64(y + ydSeatH/2)
	if s == v.Turn {
		k.frame.drawArrow(im, float64(ydLeft+18), cy)
	}
	score := "?"
	if sv.Score >= 0 {
		score = strconv.Itoa(sv.Score)
	}
	sw := k.score.Draw(im, score, float64(ydRight-12), cy, MiddleRight, rgb(textMain))
	k.drawSeatCounts(im, v, s, name, say.T("yodo.hand_deck", "hand", sv.Hand, "deck", sv.Deck), float64(ydRight-12)-sw-8, cy, say)
}

// drawSeatCounts draws, along a seat's row centred on cy, its token and
// name, the fate it serves and counts, which end before right. Counts in
// a language that needs more room than their column take it from the
// fate's, and a fate's name that needs more than its column takes it
// from the player's name, which gives way as names do.
func (k *yodoKit) drawSeatCounts(im *image.RGBA, v yodo.View, s int, name, counts string, right, cy float64, say i18n.Printer) {
	x := float64(ydLeft + ydColCount)
	fate := ""
	if f := v.Seats[s].Fate; f >= 0 && f < len(v.Fates) {
		fate = say.Say(v.Fates[f].Name)
	}
	most := float64(ydColFate - ydColName - 80)
	countsShift := math.Min(math.Max(0, k.body.Measure(counts)-(right-x)), most)
	fateShift := math.Min(math.Max(countsShift, countsShift+k.body.Measure(fate)-ydFateRoom), most)
	k.drawSeatName(im, v, s, name, cy, fateShift)
	if fate != "" {
		k.body.Draw(im, k.body.Fit(fate, ydFateRoom+fateShift-countsShift), float64(ydLeft+ydColFate)-fateShift+legendIcon+6, cy, MiddleLeft, rgb(textSoft))
	}
	k.body.Draw(im, k.body.Fit(counts, right-x+countsShift), x-countsShift, cy, MiddleLeft, rgb(textSoft))
}

// ydFateRoom is the room of a fate's name in a seat's row, between its
// emoji and the counts.
const ydFateRoom = ydColCount - ydColFate - legendIcon - 14

// drawSeatName draws, along a seat's row centred on cy, its token, its
// name and the emoji of the fate it serves, shift pixels left of its
// column.
func (k *yodoKit) drawSeatName(im *image.RGBA, v yodo.View, s int, name string, cy, shift float64) {
	f := v.Seats[s].Fate
	BlitCentred(im, k.frame.token(fatePalette(v, f), minIcon), float64(ydLeft+ydColToken), cy)
	k.fonts.icon("player token", minIcon)
	k.name.Draw(im, k.name.Fit(name, ydColFate-ydColName-10-shift), float64(ydLeft+ydColName), cy, MiddleLeft, rgb(textMain))
	if f >= 0 && f < len(v.Fates) {
		fx := float64(ydLeft+ydColFate) - shift
		BlitCentred(im, k.fateIcon(v.Fates[f].Emoji, legendIcon, textMain), fx+legendIcon/2, cy)
		k.fonts.icon(v.Fates[f].Emoji, legendIcon)
	}
}

// drawStory draws the finished life in the board's place: the seats by
// their points, the winners in gold; every memory with the fates that
// won it and what they scored; and the winner's epilogue when it fits
// whole. The story itself is told in the channel.
func (k *yodoKit) drawStory(im *image.RGBA, v yodo.View, names []string, say i18n.Printer) {
	top := k.frame.drawHeader(im, k.header(v, say.T("yodo.story"), say), names, say) + ydGapAbove
	seatNames := k.name.SeatNames(say, names, len(v.Seats))
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return v.Seats[b].Score - v.Seats[a].Score })
	won := wonMemories(v)
	for row, s := range order[:min(len(order), seatRows(v))] {
		y := top + row*(ydSeatH+ydSeatGap)
		k.drawFinalSeat(im, v, s, seatNames[s], won[s], y, say)
	}

	y := top + seatsHeight(seatRows(v)) + ydBlockGap
	for i, e := range v.Board[:min(len(v.Board), ydMemories)] {
		r := image.Rect(ydLeft, y, ydRight, y+ydStoryRow)
		k.drawMemory(im, v, i, e, r, false, false, say)
		y += ydStoryRow + ydStoryGap
	}

	for i, line := range k.epilogue(v, say) {
		k.body.Draw(im, line, float64(ydLeft+4), float64(y+8+i*ydNoteH+ydNoteH/2), MiddleLeft, rgb(textMain))
	}
	k.frame.drawLegend(im, k.legend(v, say))
}

// epilogueLines is how many lines of the winner's epilogue the story has
// room for, between its memories and the legend: the rows of the story
// are that much shorter than the board's.
const epilogueLines = (memoriesHeight - ydMemories*(ydStoryRow+ydStoryGap) - 8) / ydNoteH

// epilogue returns the lines of the winner's epilogue in say's words, or
// none when it does not fit whole: the channel tells it in full either way.
func (k *yodoKit) epilogue(v yodo.View, say i18n.Printer) []string {
	lines := k.body.Wrap(k.body.Clean(say.Say(v.Epilogue)), ydRight-ydLeft-8)
	if len(lines) > epilogueLines {
		return nil
	}
	return lines
}

// wonMemories counts, per seat, the set memories whose card shows its
// fate, and of those the ones it won alone: what breaks a tie in points.
func wonMemories(v yodo.View) [][2]int {
	won := make([][2]int, len(v.Seats))
	for _, e := range v.Board {
		if !e.Locked || len(e.Stack) == 0 {
			continue
		}
		fates := e.Stack[len(e.Stack)-1]
		for s, sv := range v.Seats {
			if slices.Contains(fates, sv.Fate) {
				won[s][0]++
				if len(fates) == 1 {
					won[s][1]++
				}
			}
		}
	}
	return won
}

// drawFinalSeat draws seat s's row of the finished game at y: a winner's
// in gold with the star, and each with the memories its fate won.
func (k *yodoKit) drawFinalSeat(im *image.RGBA, v yodo.View, s int, name string, won [2]int, y int, say i18n.Printer) {
	r := image.Rect(ydLeft, y, ydRight, y+ydSeatH)
	cy := float64(y + ydSeatH/2)
	if slices.Contains(v.Winners, s) {
		k.winBox.Draw(im, r)
		BlitCentred(im, k.frame.star, float64(ydLeft+18), cy)
		k.fonts.icon("winner", turnArrow)
	} else {
		k.rowBox.Draw(im, r)
	}
	sw := k.big.Draw(im, strconv.Itoa(v.Seats[s].Score), float64(ydRight-12), cy, MiddleRight, rgb(textMain))
	k.drawSeatCounts(im, v, s, name, say.T("yodo.won", "n", won[0], "alone", won[1]), float64(ydRight-12)-sw-8, cy, say)
}

// drawHand draws a seat's own image: the shared header, the fate it
// serves with its points, its cards with how many memories each fits
// (the one taken to play raised and ringed), the memories as on the
// board, its latest notes and the legend.
func (k *yodoKit) drawHand(im *image.RGBA, v yodo.View, names []string, say i18n.Printer) {
	seatNames := k.name.SeatNames(say, names, len(v.Seats))
	k.frame.drawHeader(im, k.header(v, k.stage(v, say), say), names, say)
	if v.Seat < len(v.Seats) {
		sv := v.Seats[v.Seat]
		k.drawServes(im, v, sv, say)
	}

	slot := (ydRight - ydLeft - (ydHandCards-1)*ydHandGap) / ydHandCards
	for i, c := range v.Hand[:min(len(v.Hand), ydHandCards)] {
		cx := ydLeft + slot/2 + i*(slot+ydHandGap)
		card := image.Rect(cx-ydHandCardW/2, yhCardsTop, cx+ydHandCardW/2, yhCardsTop+ydHandCardH)
		if i == v.Taken {
			card = card.Add(image.Pt(0, -6))
			k.takenRing.Draw(im, card.Inset(-6))
		}
		k.handCard.Draw(im, card)
		k.drawFates(im, v, c.Fates, ydHandEmoji, float64(cx), float64(card.Min.Y+card.Dy()/2), say)
		if !v.Over {
			k.drawFits(im, say.Say(yodo.Fits(c.Places)), cx, slot)
		}
	}

	k.drawMemories(im, v, yhMemories, v.Taken, say)
	drawNotes(im, say, k.body, k.body, say.SayAll(v.Notes), seatNames, ydLeft, yhNotesTop, ydRight-ydLeft, yhNotesTop+ydNoteLines*ydNoteH, ydNoteH)
	k.frame.drawLegend(im, k.legend(v, say))
}

// drawFits draws, centred under the hand card at cx, how many memories
// it fits: on one line where the card's slot has room, else on two, which
// a language's longer words may need; never past the image's edges.
func (k *yodoKit) drawFits(im *image.RGBA, text string, cx, slot int) {
	lines := []string{text}
	if k.body.Measure(text) > float64(slot) {
		lines = k.body.Wrap(text, float64(slot+ydHandGap))
	}
	if len(lines) > 2 {
		lines = []string{text}
	}
	for i, line := range lines {
		half := k.body.Measure(line) / 2
		x := math.Max(half, math.Min(float64(cx), float64(im.Rect.Dx())-half))
		y := float64(yhLabelY) + float64(i*2+1-len(lines))*ydFitsLineH/2
		k.body.Draw(im, line, x, y, Centre, rgb(textSoft))
	}
}

// drawServes draws the line under the hand's header: the seat's token,
// the fate it serves, its points and what is left in its deck.
func (k *yodoKit) drawServes(im *image.RGBA, v yodo.View, sv yodo.SeatView, say i18n.Printer) {
	cy := float64(yhFateY)
	BlitCentred(im, k.frame.token(fatePalette(v, sv.Fate), minIcon), float64(ydLeft+minIcon/2), cy)
	k.fonts.icon("player token", minIcon)
	x := float64(ydLeft+minIcon+8) + k.name.Draw(im, say.T("yodo.you_serve")+" ", float64(ydLeft+minIcon+8), cy, MiddleLeft, rgb(textMain))
	if sv.Fate >= 0 && sv.Fate < len(v.Fates) {
		ic := k.fateIcon(v.Fates[sv.Fate].Emoji, legendIcon, textMain)
		BlitCentred(im, ic, x+float64(ic.Rect.Dx())/2, cy)
		fate := say.Say(v.Fates[sv.Fate].Name)
		k.fonts.icon(fate, legendIcon)
		x += float64(ic.Rect.Dx() + 6)
		k.name.Draw(im, fate, x, cy, MiddleLeft, rgb(textMain))
	}
	points := say.T("yodo.points_hidden")
	if sv.Score >= 0 {
		points = say.T("yodo.points", "n", sv.Score)
	}
	k.body.Draw(im, say.T("yodo.points_deck", "points", points, "deck", sv.Deck), ydRight, cy, MiddleRight, rgb(textSoft))
}

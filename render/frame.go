package render

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games/i18n"
)

// PhoneWidth is the width of every image lifebot draws. Discord shows an
// image in chat about 400 px wide on a phone, so an image 600 px wide is
// shown at two thirds of its size: its smallest label must be at least
// minText pixels, and its smallest meaningful icon minIcon, to read as
// 11 px and 14 px there.
const PhoneWidth = 600

const (
	minText = 17
	minIcon = 22
)

// Sizes of the shared frame, in pixels at PhoneWidth.
const (
	frameMargin = 14 // from the image's edges to panels
	headerH     = 84 // the header band
	legendRowH  = 32 // one row of the legend band
	legendPad   = 10 // above and below the legend's rows
	legendIcon  = minIcon
	turnArrow   = minIcon // the "to play" arrow
	freshLine   = 3       // the outline round what the last move changed
)

// fresh is the colour of what the last move changed; it belongs to no
// player and to no card.
const fresh = 0xFF7AC6

// seatMark is a seat and the palette colour its token is drawn in.
type seatMark struct {
	Seat, Colour int
}

// header is the band at the top of every image: which game, where it
// stands, and whose turn it is, or who won.
type header struct {
	Game  string     // the game's name, as the commands spell it
	Stage string     // "Round 3 of 15", "Hand 2 · to 100"
	Turn  []seatMark // the seats that must act now, in seat order
	// Winners are the seats that won, shown instead of Turn once Over.
	Winners []seatMark
	Over    bool
	// Note replaces the turn line when nobody is to play and the game is
	// not over: "Dealing", "Revealing picks".
	Note string
	// Private marks the image of one seat, Viewer: when that seat is to
	// play, the turn line shows only its token and says "Your turn".
	Private bool
	Viewer  int
}

// frameKit draws the parts every game's images share: the header, the
// "to play" arrow, the outline of what changed, and the legend.
type frameKit struct {
	fonts                    *fontSet
	game, stage, turn, words *Face
	arrow                    *image.RGBA
	star                     *image.RGBA
	tokens                   spriteCache
}

func newFrameKit(fonts *fontSet) *frameKit {
	return &frameKit{
		fonts: fonts,
		game:  fonts.face(Bold, 19),
		stage: fonts.face(Medium, 19),
		turn:  fonts.face(Bold, 24),
		words: fonts.face(Regular, minText),
		arrow: centredSprite(turnArrow, turnArrow, func(dc *gg.Context, cx, cy float64) {
			s := float64(turnArrow)
			dc.MoveTo(cx-0.36*s, cy-0.46*s)
			dc.LineTo(cx+0.5*s, cy)
			dc.LineTo(cx-0.36*s, cy+0.46*s)
			dc.ClosePath()
			dc.SetColor(rgb(accent))
			dc.Fill()
		}),
		star: centredSprite(turnArrow, turnArrow, func(dc *gg.Context, cx, cy float64) {
			StarPath(dc, cx, cy, float64(turnArrow)/2)
			dc.SetColor(rgb(gold))
			dc.Fill()
		}),
	}
}

// token returns player colour c's token at size pixels.
func (k *frameKit) token(c int, size int) *image.RGBA {
	return k.tokens.get([2]int{paletteIndex(c), size}, func() *image.RGBA {
		return centredSprite(float64(size), float64(size), func(dc *gg.Context, cx, cy float64) {
			Token(dc, c, cx, cy, float64(size))
		})
	})
}

// drawHeader draws h across the top of im in say's words and returns the
// y below it. The first line names the game and its stage; the second,
// larger, says whose turn it is with the arrow and their tokens, or who
// won with the star.
func (k *frameKit) drawHeader(im *image.RGBA, h header, names []string, say i18n.Printer) int {
	w := im.Rect.Dx()
	FillRect(im, image.Rect(0, 0, w, headerH), rgb(tableInset))
	FillRect(im, image.Rect(0, headerH-1, w, headerH), rgb(tableLine))
	y := 22.0
	right := float64(w - frameMargin)
	if h.Stage != "" {
		right -= k.stage.Draw(im, h.Stage, right, y, MiddleRight, rgb(textMain)) + 16
	}
	k.game.Draw(im, k.game.Fit(h.Game, right-frameMargin), frameMargin, y, MiddleLeft, rgb(textSoft))

	y = 58
	x := float64(frameMargin)
	seats, icon, line, colour := h.Turn, k.arrow, turnWords{"frame.to_play", "frame.to_play_count"}, rgb(accent)
	switch {
	case h.Over:
		seats, icon, colour = h.Winners, k.star, rgb(gold)
		line = turnWords{"frame.wins", "frame.wins_count"}
	case len(seats) == 0:
		if h.Note != "" {
			k.turn.Draw(im, k.turn.Fit(h.Note, float64(w)-x-frameMargin), x, y, MiddleLeft, rgb(textMain))
		}
		return headerH
	}
	yours := !h.Over && h.Private && slices.ContainsFunc(seats, func(s seatMark) bool { return s.Seat == h.Viewer })
	if yours {
		seats = slices.DeleteFunc(slices.Clone(seats), func(s seatMark) bool { return s.Seat != h.Viewer })
	}
	BlitCentred(im, icon, x+turnArrow/2, y)
	k.fonts.icon("turn", turnArrow)
	x += turnArrow + 8
	for _, s := range seats {
		BlitCentred(im, k.token(s.Colour, minIcon), x+minIcon/2, y)
		k.fonts.icon("player token", minIcon)
		x += minIcon + 4
	}
	x += 4
	label := k.turnLine(say, seats, names, line, float64(w)-x-frameMargin)
	if yours {
		label = say.T("frame.your_turn")
	}
	k.turn.Draw(im, label, x, y, MiddleLeft, colour)
	return headerH
}

// namedNote is a note for the header's second line in say's words of
// key, which names a player, followed by rest: the name gives way to the
// words, never the words to the name.
func (k *frameKit) namedNote(say i18n.Printer, key, name, rest string) string {
	room := PhoneWidth - 2*frameMargin - k.turn.Measure(say.T(key, "name", "")+rest)
	return say.T(key, "name", k.turn.Fit(name, room)) + rest
}

// turnWords are the keys of a turn line: the names and what they do
// ("Ada to play", "Ada wins"), and how many do it when no name fits.
type turnWords struct{ names, count string }

// turnLine says what seats do in say's words of line within width: every
// name when they fit, else the first names and how many more, else how
// many.
func (k *frameKit) turnLine(say i18n.Printer, seats []seatMark, names []string, line turnWords, width float64) string {
	all := make([]string, len(seats))
	for i, s := range seats {
		all[i] = k.turn.SeatName(say, names, s.Seat)
	}
	n := len(all)
	if text := say.T(line.names, "names", strings.Join(all, ", "), "n", n); k.turn.Measure(text) <= width {
		return text
	}
	for m := n - 1; m >= 1; m-- {
		text := say.T(line.names, "names", strings.Join(all[:m], ", ")+" +"+strconv.Itoa(n-m), "n", n)
		if k.turn.Measure(text) <= width {
			return text
		}
	}
	if n == 1 {
		rest := k.turn.Measure(say.T(line.names, "names", "", "n", n))
		return say.T(line.names, "names", k.turn.Fit(all[0], width-rest), "n", n)
	}
	return say.T(line.count, "n", n)
}

// drawArrow draws the "to play" arrow centred on (cx, cy): beside the name
// of every seat that must act, on every image.
func (k *frameKit) drawArrow(im *image.RGBA, cx, cy float64) {
	BlitCentred(im, k.arrow, cx, cy)
	k.fonts.icon("turn", turnArrow)
}

// markFresh outlines r, something the last move changed, in the fresh
// colour just outside its edges.
func markFresh(im *image.RGBA, r image.Rectangle) {
	o := r.Inset(-freshLine - 1)
	c := rgb(fresh)
	FillRect(im, image.Rect(o.Min.X, o.Min.Y, o.Max.X, o.Min.Y+freshLine), c)
	FillRect(im, image.Rect(o.Min.X, o.Max.Y-freshLine, o.Max.X, o.Max.Y), c)
	FillRect(im, image.Rect(o.Min.X, o.Min.Y, o.Min.X+freshLine, o.Max.Y), c)
	FillRect(im, image.Rect(o.Max.X-freshLine, o.Min.Y, o.Max.X, o.Max.Y), c)
}

// legendItem is one entry of a legend: a symbol as the image draws it and
// the word the buttons use for it.
type legendItem struct {
	icon *image.RGBA // at most legendIcon tall
	word string
}

// worded returns a kit's legend, whose items hold the catalog keys of
// their words, with the words in say's language.
func worded(say i18n.Printer, keyed []legendItem) []legendItem {
	out := make([]legendItem, len(keyed))
	for i, it := range keyed {
		out[i] = legendItem{it.icon, say.T(it.word)}
	}
	return out
}

// Gaps between the items of a legend: legendGap, or legendGapTight where
// that keeps a legend on one row; an image's height has no room to spare
// for a second row that words a little longer than English's would make.
const (
	legendGap      = 18
	legendGapTight = 10
)

// legendLayout places items in rows across width: each row's items, and
// the gap between items.
func (k *frameKit) legendLayout(items []legendItem, width int) (rows [][]int, gap int) {
	rows = k.legendRows(items, width, legendGap)
	if tight := k.legendRows(items, width, legendGapTight); len(rows) > 1 && len(tight) == 1 {
		return tight, legendGapTight
	}
	return rows, legendGap
}

// legendRows places items in rows across width, gap apart.
func (k *frameKit) legendRows(items []legendItem, width, gap int) [][]int {
	var rows [][]int
	x := 0
	for i, it := range items {
		w := it.icon.Rect.Dx() + 6 + int(k.words.Measure(it.word)+0.5)
		if len(rows) == 0 || x > 0 && x+w > width {
			rows = append(rows, nil)
			x = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], i)
		x += w + gap
	}
	return rows
}

// legendHeight is how tall the legend band of items is on an image width
// pixels wide: the band sits at the bottom of every image that has one.
func (k *frameKit) legendHeight(items []legendItem, width int) int {
	if len(items) == 0 {
		return 0
	}
	rows, _ := k.legendLayout(items, width-2*frameMargin)
	return 2*legendPad + legendRowH*len(rows)
}

// drawLegend draws items in the band at the bottom of im, from
// im's height less legendHeight down.
func (k *frameKit) drawLegend(im *image.RGBA, items []legendItem) {
	w, h := im.Rect.Dx(), im.Rect.Dy()
	top := h - k.legendHeight(items, w)
	if top >= h {
		return
	}
	FillRect(im, image.Rect(0, top, w, h), rgb(tableInset))
	FillRect(im, image.Rect(0, top, w, top+1), rgb(tableLine))
	rows, gap := k.legendLayout(items, w-2*frameMargin)
	for r, row := range rows {
		cy := float64(top + legendPad + r*legendRowH + legendRowH/2)
		x := float64(frameMargin)
		for _, i := range row {
			it := items[i]
			iw := it.icon.Rect.Dx()
			BlitCentred(im, it.icon, x+float64(iw)/2, cy)
			k.fonts.icon(it.word, float64(min(iw, it.icon.Rect.Dy())))
			x += float64(iw) + 6
			x += k.words.Draw(im, it.word, x, cy, MiddleLeft, rgb(textSoft)) + float64(gap)
		}
	}
}

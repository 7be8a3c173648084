package render

import (
	"image"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// drawNotes writes a seat's private notes into a box of a private image,
// with {n} replaced by drawable names, wrapped to width; without notes it
// says so in say's words. The newest lines matter most: when they do not
// all fit above bottom, the oldest give way.
func drawNotes(im *image.RGBA, say i18n.Printer, body, caption *Face, notes, names []string, x, top, width, bottom, lineH float64) {
	var lines []string
	for _, n := range notes {
		lines = append(lines, body.Wrap(body.Clean(games.FormatSeats(n, names)), width)...)
	}
	if len(lines) == 0 {
		caption.Draw(im, say.T("frame.nothing_new"), x, top+8, MiddleLeft, rgb(textSoft))
		return
	}
	if fit := int((bottom - top) / lineH); len(lines) > fit {
		lines = lines[len(lines)-max(fit, 0):]
	}
	for i, line := range lines {
		body.Draw(im, line, x, top+float64(i)*lineH, TopLeft, rgb(textMain))
	}
}

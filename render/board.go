package render

import (
	"fmt"
	"image"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

// Board draws any game's view, public or private, choosing the drawing by
// the view's type. It is the one entry point the bot needs.
//
// A Life (the card game), Lagom or A Life view is drawn as the table when
// it is the public one (games.Observer) and as the seat's private image
// otherwise; an A Life life board is drawn as that seat's whole life.
//
// The renderer's own words (whose turn it is, stages, legends, labels)
// are written in lang, the reader's language: the channel's for a board,
// the player's for their own view. Words the view carries are the game's.
func (r *Renderer) Board(view any, names []string, lang i18n.Lang) ([]byte, error) {
	return r.render(r.painter(view, names, words().In(lang)))
}

// painter returns the background of view's image and what draws view on
// it in say's words, or why view cannot be drawn.
func (r *Renderer) painter(view any, names []string, say i18n.Printer) (*backdrop, func(*image.RGBA), error) {
	switch v := view.(type) {
	case thatslife.View:
		return r.paintThatsLife(v, names, say)
	case life.View:
		if v.Seat == games.Observer {
			return r.paintLifeTable(v, names, say)
		}
		return r.paintLifeHand(v, names, say)
	case lagom.View:
		if v.Seat == games.Observer {
			return r.paintLagomTable(v, names, say)
		}
		return r.paintLagomHand(v, names, say)
	case yodo.View:
		return r.paintYodo(v, names, say)
	case alife.View:
		if v.Seat == int(games.Observer) {
			return r.paintAlifeBoard(v, names, say)
		}
		return r.paintAlifeHand(v, names, say)
	case alife.LifeBoardView:
		return r.paintAlifeLife(v, names, say)
	default:
		return nil, nil, fmt.Errorf("render: no drawing for views of type %T", view)
	}
}

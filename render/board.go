package render

import (
	"fmt"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
)

// Board draws any game's view, public or private, choosing the drawing by
// the view's type. It is the one entry point the bot needs.
//
// A Life or Lagom view is drawn as the table when it is the public one
// (games.Observer) and as the seat's private image otherwise.
func (r *Renderer) Board(view any, names []string) ([]byte, error) {
	switch v := view.(type) {
	case thatslife.View:
		return r.ThatsLife(v, names)
	case life.View:
		if v.Seat == games.Observer {
			return r.LifeTable(v, names)
		}
		return r.LifeHand(v, names)
	case lagom.View:
		if v.Seat == games.Observer {
			return r.LagomTable(v, names)
		}
		return r.LagomHand(v, names)
	default:
		return nil, fmt.Errorf("render: no drawing for views of type %T", view)
	}
}

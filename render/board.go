package render

import (
	"fmt"

	"github.com/lifebot/lifebot/games/thatslife"
)

// Board draws any game's view, public or private, choosing the drawing by
// the view's type. It is the one entry point the bot needs.
func (r *Renderer) Board(view any, names []string) ([]byte, error) {
	switch v := view.(type) {
	case thatslife.View:
		return r.ThatsLife(v, names)
	default:
		return nil, fmt.Errorf("render: no drawing for views of type %T", view)
	}
}

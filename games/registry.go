package games

import (
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games/i18n"
)

// Registry holds the games a program offers, by id. It is a plain value
// built in main, not a global.
type Registry struct {
	byID  map[string]Game
	order []string
}

// NewRegistry registers gs in the given order; duplicate ids panic, since
// that is a programming error caught at start-up.
func NewRegistry(gs ...Game) *Registry {
	r := &Registry{byID: map[string]Game{}}
	for _, g := range gs {
		id := g.Info().ID
		if _, dup := r.byID[id]; dup {
			panic(fmt.Sprintf("games: %q registered twice", id))
		}
		r.byID[id] = g
		r.order = append(r.order, id)
	}
	return r
}

// Get returns the game with id, if registered.
func (r *Registry) Get(id string) (Game, bool) {
	g, ok := r.byID[id]
	return g, ok
}

// IDs lists registered ids in registration order.
func (r *Registry) IDs() []string { return slices.Clone(r.order) }

// Forced returns an active seat that has exactly one legal choice, and that
// choice. Drivers apply such decisions without asking anyone. A subset
// choice is never forced: which subset is still a decision.
func Forced(s State) (Seat, Action, bool) {
	for _, seat := range s.Active() {
		if legal := s.Legal(seat); len(legal) == 1 && legal[0].Pick == nil {
			return seat, legal[0].Action, true
		}
	}
	return 0, Action{}, false
}

// Words joins the catalogs of the registered games that speak through
// one (Speaker) with i18n's own words: everything needed to say what the
// games return. A nil registry has i18n's words alone.
func (r *Registry) Words() (*i18n.Catalog, error) {
	cs := []*i18n.Catalog{i18n.Words()}
	if r == nil {
		return i18n.Join(cs...)
	}
	for _, id := range r.order {
		if sp, ok := r.byID[id].(Speaker); ok {
			cs = append(cs, sp.Words())
		}
	}
	return i18n.Join(cs...)
}

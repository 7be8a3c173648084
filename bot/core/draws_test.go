package core

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/storage"
)

// drawCounter draws each view as its JSON and counts the images drawn.
type drawCounter struct{ drawn atomic.Int64 }

func (r *drawCounter) Board(view any, _ []string, _ i18n.Lang) ([]byte, error) {
	r.drawn.Add(1)
	return json.Marshal(view)
}

// In a four-player Life game played from the living DMs, a decision draws
// only the images whose content it changed: the board when the public
// view changed, a player's DM when their own view did. A DM edited only
// for its words or buttons (whose turn it is, a new decision number)
// keeps its image, and "Show my hand" shows the image the DM has.
func TestADecisionDrawsOnlyTheImagesItChanged(t *testing.T) {
	// On a clock nobody moves the game never goes quiet and leaves the
	// live games, with the images they keep, however slow the machine.
	f, _, _ := clockedFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	counter := &drawCounter{}
	f.svc.cfg.Renderer = counter
	ctx := context.Background()
	players := []Actor{ada, ben, {User: "3", Name: "Cy", Guild: "g", Channel: "c"}, {User: "4", Name: "Dee", Guild: "g", Channel: "c"}}
	board := MessageRef{Channel: "c", ID: "900"}
	f.svc.NewGame(ctx, ada, "life", nil, f.turns, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[len(recs)-1].ID
	for _, p := range players[1:] {
		f.svc.Click(ctx, Click{Actor: p, CustomID: customID{Verb: verbJoin, Game: id}.String(), Message: board.ID}, &responder{})
	}
	f.svc.Click(ctx, Click{Actor: ada, CustomID: customID{Verb: verbStart, Game: id}.String(), Message: board.ID}, &responder{})
	waitIdle(t, f.svc)

	// shown is what each image last showed: the board's view, then each
	// seat's; an image must be drawn again only when it changed.
	views := func() []string {
		rec, tb := f.table(id)
		st := mustState(t, f.svc, rec, tb)
		out := []string{}
		for _, seat := range []games.Seat{games.Observer, 0, 1, 2, 3} {
			v, _ := json.Marshal(st.View(seat))
			out = append(out, string(v))
		}
		return out
	}
	shown := views()
	counter.drawn.Store(0)
	const decisions = 60
	changed, hands, made := 0, 0, 0
	for n := range decisions {
		rec, tb := f.table(id)
		if rec.Status != storage.Playing {
			break
		}
		st := mustState(t, f.svc, rec, tb)
		seat := st.Active()[0]
		who := players[seat]
		if n%5 == 0 {
			r := &responder{}
			f.svc.Click(ctx, Click{Actor: who, CustomID: customID{Verb: verbHand, Game: id}.String(), Message: board.ID}, r)
			if kind, m := r.answer(); kind != "reply" || m == nil || m.Image == nil {
				t.Fatalf("Show my hand was answered %s %+v", kind, m)
			}
			hands++
		}
		f.svc.liveMu.Lock()
		lg := f.svc.live[id]
		f.svc.liveMu.Unlock()
		if lg == nil {
			t.Fatalf("decision %d: game %s is not being delivered", n, id)
		}
		out := lg.ledger()
		dm := out.Players[who.User].View
		if dm.ID == "" {
			t.Fatalf("decision %d: %s has no living DM", n, who.Name)
		}
		click := Click{
			Actor:    Actor{User: who.User, Name: who.Name, Channel: dm.Channel},
			CustomID: customID{Verb: verbMove, Game: id, Move: tb.asked(seat), Action: st.Legal(seat)[0].Action}.String(),
			Message:  dm.ID,
		}
		r := &responder{}
		f.svc.Click(ctx, click, r)
		if kind, m := r.answer(); kind != "update" || m == nil || m.Image == nil {
			t.Fatalf("decision %d: the DM click was answered %s %+v", n, kind, m)
		}
		waitIdle(t, f.svc)
		now := views()
		for i := range now {
			if now[i] != shown[i] {
				changed++
			}
		}
		shown = now
		made++
	}
	drawn := int(counter.drawn.Load())
	t.Logf("%d decisions of a four-player Life game drew %d images, %.2f a decision, %d of which showed a change; %d Show my hand clicks", made, drawn, float64(drawn)/float64(made), changed, hands)
	if drawn != changed {
		t.Errorf("%d decisions drew %d images, want the %d whose content changed", made, drawn, changed)
	}
}

package core

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
)

// langRenderer draws each view as its JSON after the language it was asked
// for, and records the languages each seat's images were drawn in,
// games.Observer's for the board's.
type langRenderer struct {
	mu    sync.Mutex
	drawn map[games.Seat][]i18n.Lang
}

func (r *langRenderer) Board(view any, _ []string, lang i18n.Lang) ([]byte, error) {
	seat := games.Observer
	if v, ok := view.(life.View); ok {
		seat = v.Seat
	}
	r.mu.Lock()
	r.drawn[seat] = append(r.drawn[seat], lang)
	r.mu.Unlock()
	v, err := json.Marshal(view)
	return append([]byte(string(lang)+" "), v...), err
}

// langsOf lists the languages seat's images were drawn in, once each.
func (r *langRenderer) langsOf(seat games.Seat) []i18n.Lang {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Compact(slices.Sorted(slices.Values(r.drawn[seat])))
}

// Every image is drawn in the language of whoever reads it, as the words
// beside it are: the board in its channel's, each player's own view in
// theirs, and Show my hand too, again when the player picks another
// language; the steps of the history in the language of whoever opened
// them.
func TestImagesSpeakTheirReadersLanguage(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	r := &langRenderer{drawn: map[games.Seat][]i18n.Lang{}}
	f.svc.cfg.Renderer = r
	ctx := context.Background()
	host, guest := ada, ben
	host.ServerLocale, guest.ServerLocale, guest.Locale = "fr", "fr", "de"
	f.svc.NoteLocale(guest)
	for deadline := time.Now().Add(5 * time.Second); f.svc.playerPrefs(ctx, guest.User).Seen != "de"; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the German client's language was never kept")
		}
	}

	id, board := f.openBy("life", host, guest)
	for range 6 {
		who, cid := f.legalClick(id)
		if who.User == guest.User {
			who = guest // clicking from the German client
		}
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		waitIdle(t, f.svc)
	}
	for seat, want := range map[games.Seat]i18n.Lang{games.Observer: i18n.French, 0: i18n.English, 1: i18n.German} {
		if got := r.langsOf(seat); !slices.Equal(got, []i18n.Lang{want}) {
			t.Errorf("seat %d's images were drawn in %q, want %s", seat, got, want)
		}
	}

	hand := func(who Actor) string {
		t.Helper()
		rs := &responder{}
		f.svc.Click(ctx, Click{Actor: who, CustomID: customID{Verb: verbHand, Game: id}.String(), Message: board.ID}, rs)
		_, m := rs.answer()
		if m == nil || m.Image == nil {
			t.Fatalf("Show my hand answered %+v", m)
		}
		return string(m.Image.Data)
	}
	if got := hand(guest); !strings.HasPrefix(got, "de ") {
		t.Errorf("the German player's hand is drawn in %q", got[:6])
	}
	f.svc.Notify(ctx, guest, NotifyChange{Language: string(i18n.Spanish)})
	if got := hand(guest); !strings.HasPrefix(got, "es-ES ") {
		t.Errorf("after choosing Spanish, the player's hand is drawn in %q", got[:6])
	}

	logMsg := f.svc.GameLog(ctx, host, id, 0)
	rs := &responder{}
	f.svc.Click(ctx, Click{Actor: host, CustomID: component(t, logMsg, "⏮ History").CustomID, Message: board.ID, Ephemeral: true}, rs)
	if _, m := rs.answer(); m == nil || m.Image == nil || !strings.HasPrefix(string(m.Image.Data), "en-US ") {
		t.Errorf("the history an English player opened shows %+v", m)
	}
}

// A look at a player's own board answers whoever asked, in their
// language, at a table that speaks another.
func TestALookAtABoardIsInTheAskersLanguage(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(alife.Game{})
	f.svc.cfg.Renderer = &langRenderer{drawn: map[games.Seat][]i18n.Lang{}}
	id, board := f.openBy("alife", ada, ben)
	for _, who := range []struct {
		a    Actor
		want string
	}{{ada, "en-US "}, {in(ben, "de"), "de "}, {in(Actor{User: "9", Guild: "g", Channel: "c"}, "fr"), "fr "}} {
		rs := &responder{}
		f.svc.Click(context.Background(), Click{Actor: who.a, CustomID: customID{Verb: verbLook, Game: id}.String(), Values: []string{"1"}, Message: board.ID}, rs)
		if _, m := rs.answer(); m == nil || m.Image == nil || !strings.HasPrefix(string(m.Image.Data), who.want) {
			t.Errorf("%s asked to look and got %+v", who.a.Locale, m)
		}
	}
}

package render

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
)

// TestRendersWaitForTheirTurn starts as many renders as a Renderer allows
// and checks that a render of each kind, by Board and by its own method,
// waits until they finish, and then runs.
func TestRendersWaitForTheirTurn(t *testing.T) {
	t.Parallel()
	r := NewRenderer()
	if n := cap(r.busy); n != runtime.GOMAXPROCS(0) {
		t.Fatalf("%d renders may run at once, want GOMAXPROCS = %d", n, runtime.GOMAXPROCS(0))
	}
	renders := map[string]func() ([]byte, error){
		"ThatsLife":  func() ([]byte, error) { return r.ThatsLife(startOfThree(), nil, i18n.English) },
		"LifeTable":  func() ([]byte, error) { return r.LifeTable(lifeMid3(), nil, i18n.English) },
		"LifeHand":   func() ([]byte, error) { return r.LifeHand(lifeHand7(), nil, i18n.English) },
		"LagomTable": func() ([]byte, error) { return r.LagomTable(lagomMid4(), nil, i18n.English) },
		"LagomHand":  func() ([]byte, error) { return r.LagomHand(lagomHandPlay(), nil, i18n.English) },
	}
	for _, v := range []any{midOfSix(), lifeHandEmpty(), lagomSealed6()} {
		var name string
		switch v.(type) {
		case thatslife.View:
			name = "Board(thatslife)"
		case life.View:
			name = "Board(life)"
		case lagom.View:
			name = "Board(lagom)"
		}
		renders[name] = func() ([]byte, error) { return r.Board(v, nil, i18n.English) }
	}

	// Each game's parts are drawn on its first board, which may take longer
	// than the wait below: draw them first.
	for name, render := range renders {
		if _, err := render(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for range cap(r.busy) {
		r.busy <- struct{}{}
	}
	done := make(chan string, len(renders))
	for name, render := range renders {
		go func() {
			if _, err := render(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			done <- name
		}()
	}
	// A render that does not wait finishes in milliseconds; one that waits
	// never finishes here, however slow the machine.
	select {
	case name := <-done:
		t.Fatalf("%s rendered while GOMAXPROCS renders were running", name)
	case <-time.After(500 * time.Millisecond):
	}
	for range cap(r.busy) {
		<-r.busy
	}
	for range renders {
		<-done
	}
}

// TestRendersReuseWorkspaces checks that renders one after another keep
// one workspace, and renders at once no more than may run.
func TestRendersReuseWorkspaces(t *testing.T) {
	t.Parallel()
	r := NewRenderer()
	for range 3 {
		if _, err := r.LifeHand(lifeHand7(), nil, i18n.English); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(r.idle); n != 1 {
		t.Errorf("%d workspaces after renders one at a time, want 1", n)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := r.LifeHand(lifeHand7(), nil, i18n.English); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := len(r.idle); n > cap(r.busy) {
		t.Errorf("%d workspaces after 20 renders at once, want at most %d", n, cap(r.busy))
	}
}

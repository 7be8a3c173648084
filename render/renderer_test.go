package render

import (
	"runtime"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
)

// TestRendersWaitForASlot takes every slot of a Renderer and checks that a
// render of each kind, by Board and by its own method, waits until one is
// given back, and then runs.
func TestRendersWaitForASlot(t *testing.T) {
	r := NewRenderer()
	if n := cap(r.slots); n != runtime.GOMAXPROCS(0) {
		t.Fatalf("%d slots, want GOMAXPROCS = %d", n, runtime.GOMAXPROCS(0))
	}
	renders := map[string]func() ([]byte, error){
		"ThatsLife":  func() ([]byte, error) { return r.ThatsLife(startOfThree(), nil) },
		"LifeTable":  func() ([]byte, error) { return r.LifeTable(lifeMid3(), nil) },
		"LifeHand":   func() ([]byte, error) { return r.LifeHand(lifeHand7(), nil) },
		"LagomTable": func() ([]byte, error) { return r.LagomTable(lagomMid4(), nil) },
		"LagomHand":  func() ([]byte, error) { return r.LagomHand(lagomHandPlay(), nil) },
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
		renders[name] = func() ([]byte, error) { return r.Board(v, nil) }
	}

	// Each game's parts are drawn on its first board, which may take longer
	// than the wait below: draw them first.
	for name, render := range renders {
		if _, err := render(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var held []*workspace
	for range cap(r.slots) {
		held = append(held, <-r.slots)
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
		t.Fatalf("%s rendered while every slot was taken", name)
	case <-time.After(500 * time.Millisecond):
	}
	for _, ws := range held {
		r.slots <- ws
	}
	for range renders {
		<-done
	}
}

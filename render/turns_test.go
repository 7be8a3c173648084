package render

import (
	"runtime"
	"testing"
)

// waitUntil yields until cond, read under the renderer's turn lock, holds.
func waitUntil(r *Renderer, cond func() bool) {
	for {
		r.turnMu.Lock()
		ok := cond()
		r.turnMu.Unlock()
		if ok {
			return
		}
		runtime.Gosched()
	}
}

// A replay's frame takes its turn only once no board waits for one: a
// board waiting while the renders are busy goes before a frame that asks
// after it, even when the frame could take the next free turn.
func TestBoardsGoBeforeAReplaysFrames(t *testing.T) {
	r := newRenderer(defaultFonts)
	r.busy = make(chan struct{}, 1)
	r.busy <- struct{}{} // a render under way
	order := make(chan string, 2)
	go func() {
		r.take()
		order <- "board"
		r.give()
	}()
	waitUntil(r, func() bool { return r.waiting == 1 })
	go func() {
		r.spare()
		r.busy <- struct{}{}
		order <- "frame"
		r.give()
	}()
	r.give() // the render under way ends
	if first, second := <-order, <-order; first != "board" || second != "frame" {
		t.Fatalf("turns went to the %s, then the %s; want the board first", first, second)
	}
}

// On two cores, a replay's frame leaves a turn free for the next board: it
// waits while a render is under way, and goes once none is.
func TestAReplayLeavesATurnForTheBoards(t *testing.T) {
	r := newRenderer(defaultFonts)
	r.busy = make(chan struct{}, 2)
	r.take() // a board under way
	spared := make(chan struct{})
	go func() {
		r.spare()
		close(spared)
	}()
	// A board asked for now finds the second turn free.
	r.take()
	r.give()
	select {
	case <-spared:
		t.Fatal("a frame went on while a board was drawn and only one turn was free")
	default:
	}
	r.give() // the first board ends
	<-spared
}

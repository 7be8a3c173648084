package render

import (
	"runtime"
	"sync/atomic"
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

// A steady stream of boards slows a replay's frames but never stops them:
// a frame lets framePatience boards go first, then takes its turn.
func TestAFrameIsNotStarvedByBoards(t *testing.T) {
	r := NewRenderer()
	// Every turn but one is held, so a frame must wait for the boards.
	for range max(1, cap(r.busy)-1) {
		r.busy <- struct{}{}
	}
	var turns atomic.Int64
	done := make(chan int64)
	go func() {
		r.spare()
		done <- turns.Load()
	}()
	for {
		select {
		case after := <-done:
			if after < framePatience {
				t.Errorf("the frame went after %d boards, want it to let %d go first", after, framePatience)
			}
			return
		default:
		}
		turns.Add(1)
		r.take()
		r.give()
		// The frame's goroutine may not have begun to wait yet.
		runtime.Gosched()
	}
}

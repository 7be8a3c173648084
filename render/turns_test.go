package render

import (
	"runtime"
	"testing"
)

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
		<-r.busy
	}()
	for waiting := 0; waiting == 0; {
		runtime.Gosched()
		r.waitMu.Lock()
		waiting = r.waiting
		r.waitMu.Unlock()
	}
	yielded := make(chan struct{})
	go func() {
		r.yield()
		close(yielded)
		r.busy <- struct{}{}
		order <- "frame"
		<-r.busy
	}()
	select {
	case <-yielded:
		t.Fatal("a frame went on while a board waited for its turn")
	default:
	}
	<-r.busy // the render under way ends
	if first, second := <-order, <-order; first != "board" || second != "frame" {
		t.Fatalf("turns went to the %s, then the %s; want the board first", first, second)
	}
}

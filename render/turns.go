package render

// Turns. A render runs when it holds one of the busy tokens. Boards take
// theirs in the order they asked; the frames of an animation (see
// Animate) take theirs only when no board is waiting, since a player
// waits for a board and nobody waits for a replay.

// take waits for a board's turn.
func (r *Renderer) take() {
	r.waitMu.Lock()
	if r.waiting == 0 {
		r.noneWaiting = make(chan struct{})
	}
	r.waiting++
	r.waitMu.Unlock()
	r.busy <- struct{}{}
	r.waitMu.Lock()
	r.waiting--
	if r.waiting == 0 {
		close(r.noneWaiting)
	}
	r.waitMu.Unlock()
}

// yield returns once no board is waiting for a turn.
func (r *Renderer) yield() {
	r.waitMu.Lock()
	none := r.noneWaiting
	r.waitMu.Unlock()
	if none != nil {
		<-none
	}
}

package render

// Turns. A render runs when it holds one of the busy tokens. Boards take
// theirs in the order they asked. The frames of an animation (see
// Animate) take theirs only when no board is waiting and, but on one core,
// a turn stays free besides theirs: a player waits for a board and nobody
// waits for a replay, so a board asked for while a replay is made finds a
// turn at once. A frame that has let framePatience boards go first takes
// the next turn whatever waits, so that a steady stream of boards (many
// busy tables) slows a replay down but never stops it.

// take waits for a board's turn.
func (r *Renderer) take() {
	r.turnMu.Lock()
	r.waiting++
	r.turnMu.Unlock()
	r.busy <- struct{}{}
	r.turnMu.Lock()
	r.waiting--
	r.boardTurns++
	r.turnMu.Unlock()
	r.turnFreed.Broadcast()
}

// framePatience is how many boards a frame lets take a turn before it.
const framePatience = 16

// give ends a turn.
func (r *Renderer) give() {
	r.turnMu.Lock()
	<-r.busy
	r.turnMu.Unlock()
	r.turnFreed.Broadcast()
}

// spare returns once a frame may take a turn: no board waits for one, and
// another turn than the frame's would stay free; or framePatience boards
// have taken theirs since the frame began to wait.
func (r *Renderer) spare() {
	r.turnMu.Lock()
	since := r.boardTurns
	for (r.waiting > 0 || len(r.busy) >= max(1, cap(r.busy)-1)) && r.boardTurns-since < framePatience {
		r.turnFreed.Wait()
	}
	r.turnMu.Unlock()
}

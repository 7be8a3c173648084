package core

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Delivery: commit, then deliver.
//
// A change is committed under the game's lock; what it must show is not
// sent there. Each place a game shows itself — the board, the channel's
// pings, each player's DMs — is a lane: one goroutine at a time brings
// that place up to date with the newest committed snapshot, so sends to
// one place keep their order, an older board never lands over a newer
// one, and a board that several moves changed while a send was under way
// is drawn and sent once, as it is now; a board that lags only by who is
// away waits a moment for more such changes (see holdQuiet). Lanes retry
// what fails for a passing reason (a 5xx, a time-out, a 429 after its
// retry_after), a bounded number of times with growing waits; no lane
// waits on another, and no game on another game's trouble.
//
// What reached Discord is kept in the game's ledger and saved with the
// next commit, or soon after by itself. A lane that gives up leaves the
// ledger behind the table, and the next interaction on that game or the
// periodic sweep sends what is missing.

// QuietFor is how long the board waits to show absences and returns
// (Service.Away), which move no piece: however many come within it, the
// board is edited once (see holdQuiet).
const QuietFor = 5 * time.Second

// maxTries bounds the tries of one send; maxWait bounds one wait that a
// 429 asks for.
const (
	maxTries    = 5
	maxWait     = time.Minute
	laneBoard   = "board"
	lanePing    = "ping"
	laneDMs     = "dm:"
	callTimeout = 10 * time.Second
)

// snapshot is one committed version of a game. It is never changed once
// published: lanes read it while the next move is being decided.
type snapshot struct {
	rec  storage.Record // metadata; Data is not used
	t    *table
	st   games.State // nil for a lobby
	info games.Info
	// quiet says the commit only changed who is away (Service.Away): the
	// board may show it late (see holdQuiet).
	quiet bool
	// told is what each decision told the table, for the catch-ups.
	told toldMoves
}

func (sn *snapshot) playing() bool { return sn.rec.Status == storage.Playing && sn.st != nil }

// liveGame is a game this process is delivering.
type liveGame struct {
	id string

	mu   sync.Mutex
	snap *snapshot
	out  ledger
	// base is the ledger as this process last read or saved it: what a
	// merge with another process's ledger starts from (see mergeLedger).
	base  ledger
	lanes map[string]*lane
	// changes counts ledger changes, saved the number saved with a record;
	// urgent and pressing number the last changes of those kinds (see
	// update).
	changes, saved, urgent, pressing int
	flushing                         bool
	// forgotten says the process let go of the game (see flush): a click
	// since then serves it with a new liveGame, and a flush scheduled
	// before must not save or deliver this one's older view.
	forgotten bool
	// hurry shortens a flush's wait when a more urgent change comes.
	hurry chan struct{}
	// loud is the newest Rev published that was not quiet, which the board
	// shows at once; quietDue is when the board shows the quiet changes it
	// lacks, zero when it lacks none (see holdQuiet).
	loud     int
	quietDue time.Time
	// pictures holds the image each place showed last (see draw).
	pictures map[string]picture
}

type lane struct {
	name    string
	answers []*answer
	running bool
	// failed says the lane's last pass gave up on something.
	failed bool
	// wake interrupts a retry's wait when newer work arrives.
	wake chan struct{}
}

// answer is an interaction waiting for its lane to show the change it made.
type answer struct {
	r    Responder
	err  error
	done chan struct{}
}

// liveLocked returns the live game for a record, loading its ledger. The
// caller holds the game's lock. A ledger another process saved since this
// one last did is merged into this process's own.
func (s *Service) liveLocked(id string, t *table) *liveGame {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	lg := s.live[id]
	if lg == nil {
		lg = &liveGame{id: id, out: t.Out.clone(), base: t.Out.clone(), lanes: map[string]*lane{}, hurry: make(chan struct{}, 1)}
		s.live[id] = lg
		return lg
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if s.ownedByOther(t) && !reflect.DeepEqual(t.Out, lg.base) {
		lg.out = mergeLedger(t.Out, lg.base, lg.out)
		lg.base = t.Out.clone()
		if !reflect.DeepEqual(lg.out, t.Out) {
			lg.changes++
		}
	}
	return lg
}

// ledgerForCommit returns the ledger to store with a commit, and the
// change count it covers.
func (lg *liveGame) ledgerForCommit() (ledger, int) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return lg.out.clone(), lg.changes
}

func (lg *liveGame) stored(changes int, out ledger) {
	lg.mu.Lock()
	lg.saved = max(lg.saved, changes)
	lg.base = out.clone()
	lg.mu.Unlock()
}

// update changes the ledger. How soon the change must be saved, when no
// commit carries it first, depends on what a restart that forgot it would
// do (see flushDelayLocked):
//   - pressing: a new board or living DM was sent; forgotten, another
//     would be sent and the first would keep live buttons;
//   - urgent: any other message sent, deleted or refused; forgotten, a
//     ping would go twice or stay behind;
//   - neither: a place shows a newer version; forgotten, it is edited once
//     more.
func (lg *liveGame) update(f func(*ledger)) {
	lg.mu.Lock()
	before := lg.out.refs()
	f(&lg.out)
	lg.changes++
	after := lg.out.refs()
	if !reflect.DeepEqual(before, after) {
		lg.urgent = lg.changes
		if before.Board != after.Board || !sameViews(before, after) {
			lg.pressing = lg.changes
		}
	}
	lg.mu.Unlock()
}

// flushDelayLocked is how long the ledger may wait for a commit to carry
// it before it is saved by itself. The caller holds mu.
func (lg *liveGame) flushDelayLocked() time.Duration {
	switch {
	case lg.pressing > lg.saved:
		return time.Second
	case lg.urgent > lg.saved:
		return 5 * time.Second
	}
	return 30 * time.Second
}

func (lg *liveGame) ledger() ledger {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return lg.out.clone()
}

// publish makes sn the snapshot lanes deliver and starts them. The caller
// holds the game's lock, so snapshots are published in commit order. ans,
// when set, is the interaction to answer on the lane named on.
func (s *Service) publish(lg *liveGame, sn *snapshot, on string, ans *answer) bool {
	if s.heldByOther(sn.t, s.cfg.Clock.Now()) {
		// The process delivering this game shows the change too (see
		// handOver); two delivering at once could land an older view
		// over a newer one.
		return false
	}
	lg.mu.Lock()
	if lg.snap == nil || lg.snap.t.Rev <= sn.t.Rev {
		lg.snap = sn
	}
	switch {
	case !sn.quiet:
		lg.loud = max(lg.loud, sn.t.Rev)
	case lg.quietDue.IsZero():
		lg.quietDue = s.cfg.Clock.Now().Add(QuietFor)
	}
	lg.mu.Unlock()
	s.kick(lg, laneBoard, ans, on)
	s.kick(lg, lanePing, ans, on)
	if sn.info.Private && sn.st != nil {
		for _, u := range append(sn.t.humans(), sn.t.former()...) {
			s.kick(lg, laneDMs+u, ans, on)
		}
	}
	return true
}

// kick starts a lane, or wakes it if it is waiting to retry.
func (s *Service) kick(lg *liveGame, name string, ans *answer, on string) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	l := lg.lanes[name]
	if l == nil {
		l = &lane{name: name, wake: make(chan struct{}, 1)}
		lg.lanes[name] = l
	}
	if ans != nil && on == name {
		l.answers = append(l.answers, ans)
	}
	if l.running {
		select {
		case l.wake <- struct{}{}:
		default:
		}
		return
	}
	l.running = true
	s.work.Add(1)
	go s.runLane(lg, l)
}

func (s *Service) runLane(lg *liveGame, l *lane) {
	defer s.work.Done()
	for {
		s.holdQuiet(lg, l)
		lg.mu.Lock()
		sn, answers := lg.snap, l.answers
		l.answers = nil
		if l.name == laneBoard {
			// This pass shows every quiet change published so far.
			lg.quietDue = time.Time{}
		}
		// A wake from before this pass is already served by it.
		select {
		case <-l.wake:
		default:
		}
		lg.mu.Unlock()
		if !s.holds(lg) {
			s.yieldLane(lg, l, answers)
			return
		}
		ok := s.sync(lg, l, sn, answers)
		lg.mu.Lock()
		l.failed = !ok
		// Another lane may have found every place up to date before this
		// one was kicked for the same change; a failure here must undo
		// that, or the sweep would never send what this place lacks.
		if !ok && lg.out.Synced >= sn.t.Rev {
			lg.out.Synced = sn.t.Rev - 1
			lg.changes++
		}
		// A kick during the pass (the sweep healing, a newer change) asks
		// for another, even after a failure: dropped, it would wait for
		// the next sweep.
		kicked := false
		select {
		case <-l.wake:
			kicked = true
		default:
		}
		if len(l.answers) > 0 || kicked || lg.snap != sn && ok {
			lg.mu.Unlock()
			continue
		}
		l.running = false
		idle, synced := true, true
		for _, o := range lg.lanes {
			idle = idle && !o.running
			synced = synced && !o.failed
		}
		if idle && synced && lg.snap == sn && lg.out.Synced < sn.t.Rev {
			lg.out.Synced = sn.t.Rev
			lg.changes++
		}
		lg.mu.Unlock()
		if idle {
			s.scheduleFlush(lg)
		}
		return
	}
}

// holdQuiet keeps the board lane from showing changes that are all quiet
// until lg.quietDue, QuietFor after the first of them, so that someone
// coming and going again and again costs one edit, not one each. A change
// that is not quiet, a click waiting for the board, or shutdown ends the
// wait at once: the pass then shows the quiet changes too. Where processes
// share the store the board does not wait: the lane would keep the game's
// lease all the while, and a move another process takes would wait with
// it (see lease.go).
func (s *Service) holdQuiet(lg *liveGame, l *lane) {
	if l.name != laneBoard || s.cfg.Shared {
		return
	}
	var timer <-chan time.Time
	for {
		lg.mu.Lock()
		due := lg.quietDue
		quiet := len(l.answers) == 0 && lg.snap != nil && lg.loud <= lg.out.BoardRev && lg.out.BoardRev < lg.snap.t.Rev
		lg.mu.Unlock()
		wait := due.Sub(s.cfg.Clock.Now())
		if !quiet || wait <= 0 {
			return
		}
		if timer == nil {
			timer = s.cfg.Clock.After(wait)
		}
		select {
		case <-l.wake:
		case <-timer:
			return
		case <-s.stop:
			return
		}
	}
}

// yieldLane ends a lane of a game another process now delivers: that
// process shows the newer change, so a click waiting here is only
// acknowledged, and what this one sent is saved by the flush.
func (s *Service) yieldLane(lg *liveGame, l *lane, answers []*answer) {
	for _, a := range answers {
		ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
		a.err = a.r.Ack(ctx)
		cancel()
		close(a.done)
	}
	lg.mu.Lock()
	l.running = false
	pending := len(l.answers) > 0
	lg.mu.Unlock()
	if pending {
		s.kick(lg, l.name, nil, "")
	}
	s.scheduleFlush(lg)
}

// sync brings one lane's place up to date with sn, answering the
// interactions waiting on it first. It reports false when it gave up on
// something.
func (s *Service) sync(lg *liveGame, l *lane, sn *snapshot, answers []*answer) bool {
	defer func() {
		for _, a := range answers {
			close(a.done)
		}
	}()
	switch {
	case l.name == laneBoard:
		return s.syncBoard(lg, l, sn, answers)
	case l.name == lanePing:
		// A finished game's announcement is followed by the rest of its
		// story, then by its replay.
		ok := s.syncPings(lg, l, sn)
		return s.tellStory(lg, l, sn) && s.syncReplay(lg, l, sn) && ok
	default:
		return s.syncDM(lg, l, sn, l.name[len(laneDMs):], answers)
	}
}

// try runs one send, retrying passing failures. A wait between tries ends
// early when the lane gets newer work (superseded reports it: the caller
// starts over from the newest snapshot) or the service stops. Waits on a
// rate limit may outlast the game's lease, so each retry renews it first,
// and gives up if another process took the game over.
func (s *Service) try(lg *liveGame, l *lane, what string, send func(ctx context.Context) error) (err error, superseded bool) {
	game := lg.id
	wait := s.cfg.Backoff
	for n := 1; ; n++ {
		if n > 1 && !s.renew(lg) {
			s.log.Info("delivery left to another process", "what", what, "game", game)
			return errNotHolder, false
		}
		ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
		err = send(ctx)
		cancel()
		var tmp *Temporary
		if err == nil || !errors.As(err, &tmp) || n == maxTries {
			if err != nil {
				s.log.Warn("delivery failed", "what", what, "game", game, "tries", n, "err", err)
			}
			return err, false
		}
		s.log.Debug("delivery will try again", "what", what, "game", game, "tries", n, "err", err)
		d := wait
		if tmp.After > 0 {
			d = min(tmp.After, maxWait)
		}
		wait *= 2
		select {
		case <-time.After(d):
		case <-l.wake:
			return err, true
		case <-s.stop:
			return err, false
		case <-s.ctx.Done():
			return err, false
		}
	}
}

// syncBoard answers the clicks made on the board, then edits the board
// with the bot's token if it still lags: after a failed answer, a click
// made elsewhere, a restart. A board that was deleted is sent anew.
func (s *Service) syncBoard(lg *liveGame, l *lane, sn *snapshot, answers []*answer) bool {
	if out := lg.ledger(); threadPending(sn, out) {
		// The Start click is answered at once with where the game goes: a
		// thread opened from a message takes the message's id.
		pointer := s.threadPointer(s.tableSay(sn.t), sn, out.Board.ID)
		s.answer(answers, func() (*Message, error) { return pointer, nil }, func() bool { return false }, func() {})
		done := s.moveToThread(lg, l, sn, out)
		if lg.ledger().Thread != "" {
			// The pings held back for the thread may go now.
			s.kick(lg, lanePing, nil, "")
		}
		if done || lg.ledger().Thread != noThread {
			return done
		}
		// No thread after all: the lobby message, which now points at
		// none, becomes the board at once.
		answers = nil
	}
	rev := sn.t.Rev
	draw := drawOnce(func() (*Message, error) { return s.boardMessage(sn) })
	s.answer(answers, draw,
		func() bool { return lg.ledger().BoardRev >= rev },
		func() { lg.update(func(o *ledger) { o.BoardRev = max(o.BoardRev, rev) }) })
	out := lg.ledger()
	if out.BoardRev >= rev || out.Board.ID == "" {
		return true
	}
	m, err := draw()
	if err != nil {
		s.log.Error("drawing the board", "game", lg.id, "err", err)
		return false
	}
	err, superseded := s.try(lg, l, "board edit", func(ctx context.Context) error { return s.cfg.Discord.Edit(ctx, out.Board, m) })
	if superseded {
		return true
	}
	if errors.Is(err, ErrGone) {
		var ref MessageRef
		err, superseded = s.try(lg, l, "new board", func(ctx context.Context) (err error) {
			ref, err = s.cfg.Discord.Send(ctx, channelOf(sn.rec, out), m)
			return err
		})
		if err == nil {
			s.log.Info("board replaced", "game", lg.id)
			lg.update(func(o *ledger) { o.Board = ref })
		}
	}
	if err != nil {
		return superseded
	}
	lg.update(func(o *ledger) { o.BoardRev = max(o.BoardRev, rev) })
	return true
}

// drawOnce draws a message on first use only: a pass of a lane sends the
// same message to every place it serves.
func drawOnce(draw func() (*Message, error)) func() (*Message, error) {
	var m *Message
	var err error
	done := false
	return func() (*Message, error) {
		if !done {
			m, err = draw()
			done = true
		}
		return m, err
	}
}

// answer answers the interactions waiting on a lane with its message, or
// with a bare acknowledgement when current says the place shows it already;
// shown records a place brought up to date by an answer.
func (s *Service) answer(answers []*answer, draw func() (*Message, error), current func() bool, shown func()) {
	for _, a := range answers {
		if current() {
			a.err = a.r.Ack(s.ctx)
			continue
		}
		m, err := draw()
		if err != nil {
			a.err = err
			continue
		}
		ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
		a.err = a.r.Update(ctx, m)
		cancel()
		if a.err == nil {
			shown()
		}
	}
}

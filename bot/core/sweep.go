package core

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Sweep does what is due without anyone clicking: what the turn clocks
// have due (reminders, timeouts, the end of a pause), and delivery of what a game's
// places still lack (a board edit lost to an outage, a restart between a
// commit and its delivery). It reads only open games, and a game that
// cannot be read is logged and skipped.
func (s *Service) Sweep(ctx context.Context) {
	// The first sweep reads every open game: records saved before games
	// kept their due time have none. Later ones read what is due.
	f := storage.Filter{OnlyOpen: true}
	if s.sweptAll.Load() {
		f.DueBy = s.cfg.Clock.Now().UTC()
	}
	recs, err := s.listOpen(ctx, f)
	if err == nil {
		s.sweptAll.Store(true)
	}
	if err != nil {
		s.log.Warn("sweeping games", "err", err)
	}
	ticked := 0
	for _, rec := range recs {
		if ctx.Err() != nil {
			return
		}
		if s.sweepOne(ctx, rec.ID) {
			ticked++
		}
	}
	// Games that ended while their last delivery failed are no longer
	// open; the ones this process knows about are retried too.
	for _, lg := range s.liveGames() {
		unlock := s.lock(lg.id)
		lg.mu.Lock()
		behind := !lg.forgotten && lg.snap != nil && lg.out.Synced < lg.snap.t.Rev
		lg.mu.Unlock()
		if behind {
			s.heal(lg)
		}
		unlock()
	}
	if ticked > 0 {
		s.log.Info("turn clocks", "games", ticked)
	}
	s.sendDigests(ctx)
}

// sweepOne does what one game's turn clock has due (see tick), and sends
// what its places lack. It reports whether the clock committed anything.
func (s *Service) sweepOne(ctx context.Context, id string) bool {
	unlock := s.lock(id)
	defer unlock()
	rec, t, ok := s.readGame(ctx, id, "reading a game to sweep")
	if !ok || !rec.Status.Open() {
		return false
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return false
	}
	if s.lobbyExpired(rec, t) {
		s.expireLobby(ctx, rec, t, g)
		return false
	}
	now := s.cfg.Clock.Now().UTC()
	if rec.Status == storage.Playing && (t.Clock == nil || t.Clock.due(now)) {
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			s.log.Error("reading a game to sweep", "game", id, "err", err)
			return false
		}
		// A clock that could not be saved is tried again by the next sweep.
		return s.tick(ctx, s.liveLocked(id, t), rec, t, st, g, now)
	}
	s.deliverOwed(ctx, rec, t)
	return false
}

// readGame reads and decodes a game for a caller that holds its lock;
// doing names the work in the log when the game cannot be read.
func (s *Service) readGame(ctx context.Context, id, doing string) (storage.Record, *table, bool) {
	rec, err := s.store.Get(ctx, id)
	if err != nil {
		return rec, nil, false
	}
	t, err := decodeTable(rec)
	if err != nil {
		s.log.Error(doing, "game", id, "err", err)
		return rec, nil, false
	}
	return rec, t, true
}

// deliverOwed sends what a game's places lack of its stored record, unless
// another live process delivers it; a game whose holder is gone is
// claimed first, so that exactly one process takes it over. The caller
// holds the game's lock.
func (s *Service) deliverOwed(ctx context.Context, rec storage.Record, t *table) {
	s.liveMu.Lock()
	lg := s.live[rec.ID]
	s.liveMu.Unlock()
	out := t.Out
	if lg != nil {
		out = lg.ledger()
	}
	now := s.cfg.Clock.Now().UTC()
	held := out.heldUntil()
	woken := !held.IsZero() && !held.After(now)
	if out.Synced >= t.Rev && !woken || s.heldByOther(t, now) {
		return
	}
	lg = s.liveLocked(rec.ID, t)
	if s.ownedByOther(t) {
		var ok bool
		if rec, ok = s.claim(ctx, lg, rec, t); !ok {
			return
		}
	}
	s.deliverStored(lg, rec, t)
}

// heal starts every lane of a game, to deliver what its places lack; an
// up-to-date lane does nothing. The caller holds the game's lock.
func (s *Service) heal(lg *liveGame) {
	lg.mu.Lock()
	sn := lg.snap
	lg.mu.Unlock()
	if sn == nil {
		return
	}
	s.publish(lg, sn, "", nil)
}

// scheduleFlush saves a game's ledger unless a commit carries it first,
// after a wait that depends on what changed (see liveGame.update): a game
// in play saves its ledger with its moves, not once more per move.
func (s *Service) scheduleFlush(lg *liveGame) {
	lg.mu.Lock()
	if lg.changes <= lg.saved && !s.cfg.Shared {
		lg.mu.Unlock()
		return
	}
	if lg.flushing {
		lg.mu.Unlock()
		select {
		case lg.hurry <- struct{}{}:
		default:
		}
		return
	}
	lg.flushing = true
	select {
	case <-lg.hurry: // left from an earlier wait
	default:
	}
	clock := s.cfg.Clock
	due := clock.Now().Add(s.flushDelayLocked(lg))
	lg.mu.Unlock()
	s.work.Add(1)
	go func() {
		defer s.work.Done()
	wait:
		for {
			select {
			case <-clock.After(due.Sub(clock.Now())):
				break wait
			case <-lg.hurry:
				lg.mu.Lock()
				if sooner := clock.Now().Add(s.flushDelayLocked(lg)); sooner.Before(due) {
					due = sooner
				}
				lg.mu.Unlock()
			case <-s.stop:
				break wait
			}
		}
		lg.mu.Lock()
		lg.flushing = false
		lg.mu.Unlock()
		s.flush(lg)
	}()
}

// flushDelayLocked is how long lg's ledger may wait to be saved. When other
// processes share the store, whatever names a message is saved at once:
// the next click may reach one of them, which must know it. The caller
// holds lg.mu.
func (s *Service) flushDelayLocked(lg *liveGame) time.Duration {
	if s.cfg.Shared {
		return 0
	}
	return lg.flushDelayLocked()
}

// flush saves a game's ledger if it changed since it was last stored, and
// forgets the game once nothing is under way for it.
func (s *Service) flush(lg *liveGame) {
	unlock := s.lock(lg.id)
	defer unlock()
	lg.mu.Lock()
	dirty, forgotten := lg.changes > lg.saved, lg.forgotten
	lg.mu.Unlock()
	if forgotten {
		return
	}
	if s.cfg.Shared {
		if more := s.handOver(lg); more {
			return
		}
	} else if dirty {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		defer cancel()
		rec, err := s.store.Get(ctx, lg.id)
		var t *table
		if err == nil {
			t, err = decodeTable(rec)
		}
		if err == nil {
			_, err = s.save(ctx, lg, rec, t)
		}
		if err != nil {
			s.log.Warn("saving what was delivered", "game", lg.id, "err", err)
			return
		}
	}
	lg.mu.Lock()
	// A game that ended before its places caught up stays known here, for
	// the sweep: it is no longer among the open games it reads.
	idle := lg.changes <= lg.saved && !lg.flushing &&
		(lg.snap == nil || lg.snap.rec.Status.Open() || lg.out.Synced >= lg.snap.t.Rev)
	for _, l := range lg.lanes {
		idle = idle && !l.running
	}
	lg.forgotten = idle
	lg.mu.Unlock()
	if idle {
		s.liveMu.Lock()
		if s.live[lg.id] == lg {
			delete(s.live, lg.id)
		}
		s.liveMu.Unlock()
	}
}

// flushAll saves every ledger that changed, at shutdown.
func (s *Service) flushAll() {
	for _, lg := range s.liveGames() {
		s.flush(lg)
	}
}

// liveGames lists the games this process is delivering.
func (s *Service) liveGames() []*liveGame {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	return slices.Collect(maps.Values(s.live))
}

// standIn decides for an absent seat until its turn is over: while it is
// still the one to act and nobody else has acted in between, as in a game
// whose turn is several decisions (a card, then an action). Waiting a
// whole clock for each of them would hold the table up for days.
func (s *Service) standIn(t *table, st games.State, g games.Game, seat games.Seat) error {
	policy := games.StandinFor(g)
	for range maxAutoSteps {
		a := aiChoice(policy, t, st, seat)
		events, err := st.Apply(seat, a)
		if err != nil {
			// The engine's reason may name a hidden card: it stays out of the log.
			return errors.New("the stand-in's move was refused")
		}
		t.Log = append(t.Log, logEntry{Seat: seat, Action: a.String()})
		t.narrateEvents(events)
		from := len(t.Log)
		if err := s.advance(t, st, g); err != nil {
			return err
		}
		othersActed := slices.ContainsFunc(t.Log[from:], func(e logEntry) bool { return e.Seat != seat })
		if othersActed || !games.IsActive(st, seat) {
			return nil
		}
	}
	return errors.New("the stand-in's turn never ended")
}

package core

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Sweep does what is due without anyone clicking: reminders and AI
// stand-ins for turns that waited too long, and delivery of what a game's
// places still lack (a board edit lost to an outage, a restart between a
// commit and its delivery). It reads only open games, and a game that
// cannot be read is logged and skipped.
func (s *Service) Sweep(ctx context.Context) {
	recs, err := s.listOpen(ctx, storage.Filter{OnlyOpen: true})
	if err != nil {
		s.log.Warn("sweeping games", "err", err)
	}
	reminded := 0
	for _, rec := range recs {
		if ctx.Err() != nil {
			return
		}
		if s.sweepOne(ctx, rec.ID) {
			reminded++
		}
	}
	// Games that ended while their last delivery failed are no longer
	// open; the ones this process knows about are retried too.
	for _, lg := range s.liveGames() {
		lg.mu.Lock()
		behind := lg.snap != nil && lg.out.Synced < lg.snap.t.Rev
		lg.mu.Unlock()
		if behind {
			unlock := s.lock(lg.id)
			s.heal(lg)
			unlock()
		}
	}
	if reminded > 0 {
		s.log.Info("reminders", "games", reminded)
	}
}

// sweepOne reminds or stands in for one game if its turn is due, and
// sends what its places lack. It reports whether a reminder or stand-in
// was committed.
func (s *Service) sweepOne(ctx context.Context, id string) bool {
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	if err != nil || !rec.Status.Open() {
		return false
	}
	t, err := decodeTable(rec)
	if err != nil {
		s.log.Error("reading a game to sweep", "game", id, "err", err)
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
	s.liveMu.Lock()
	lg := s.live[id]
	s.liveMu.Unlock()
	due := rec.Status == storage.Playing && s.cfg.RemindAfter > 0 && !t.TurnFrom.IsZero() &&
		!s.cfg.Clock.Now().Before(t.TurnFrom.Add(time.Duration(t.Reminded+1)*s.cfg.RemindAfter))
	if !due {
		out := t.Out
		if lg != nil {
			out = lg.ledger()
		}
		if out.Synced >= t.Rev {
			return false
		}
	}
	var st games.State
	if rec.Status == storage.Playing {
		if st, err = s.decodeState(rec.Game, t); err != nil {
			s.log.Error("reading a game to sweep", "game", id, "err", err)
			return false
		}
	}
	lg = s.liveLocked(id, t)
	sn := &snapshot{rec: rec, t: t, st: st, info: g.Info()}
	if !due {
		s.publish(lg, sn, "", nil)
		return false
	}
	from := len(t.Log)
	if t.Reminded >= s.cfg.MaxReminders {
		// Reminded enough and still away: the AI decides for them, so the
		// others are not held up for ever.
		for _, seat := range st.Active() {
			if t.Seats[seat].AI || !games.IsActive(st, seat) {
				continue
			}
			t.narrate(fmt.Sprintf("%s was away, so the AI decided for them.", escapeText(t.Seats[seat].Name)))
			if err := s.standIn(t, st, g, seat); err != nil {
				s.log.Error("standing in for an absent player", "game", id, "seat", seat, "err", err)
				return false
			}
		}
		sn, err = s.commit(ctx, lg, rec, t, st, g, from, "")
		if err != nil {
			s.log.Warn("saving a stand-in move", "game", id, "err", err)
			return false
		}
		s.log.Info("stood in for absent players", "game", id)
	} else {
		// Nobody clicked: every active person is reminded. The board shows
		// nothing of it, so a board that was up to date stays so.
		t.Reminded++
		t.Rev++
		lg.update(func(o *ledger) {
			if o.BoardRev == t.Rev-1 {
				o.BoardRev = t.Rev
			}
		})
		stored, err := s.save(ctx, lg, rec, t)
		if err != nil {
			s.log.Warn("saving a reminder", "game", id, "err", err)
			return false
		}
		sn = &snapshot{rec: stored, t: t, st: st, info: g.Info()}
		s.log.Info("reminded", "game", id, "reminder", t.Reminded)
	}
	s.publish(lg, sn, "", nil)
	return true
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
	if lg.changes <= lg.saved {
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
	due := clock.Now().Add(lg.flushDelayLocked())
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
				if sooner := clock.Now().Add(lg.flushDelayLocked()); sooner.Before(due) {
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

// flush saves a game's ledger if it changed since it was last stored, and
// forgets the game once nothing is under way for it.
func (s *Service) flush(lg *liveGame) {
	unlock := s.lock(lg.id)
	defer unlock()
	lg.mu.Lock()
	dirty := lg.changes > lg.saved
	lg.mu.Unlock()
	if dirty {
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
// whole reminder period for each of them would hold the table up for days.
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

package core

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Several processes may serve one store (Config.Shared): any of them may
// take any click, and each runs the sweep. A commit is a compare-and-swap
// on the game's version, so a move is applied once whichever process
// takes it; what needs more is delivery, which calls Discord after the
// commit. A game's deliveries are made by one process at a time, the
// holder of the game's lease, so an older view never lands over a newer
// one. A commit takes the lease, written with it at no cost, unless
// another process holds it: then that process delivers the change too
// (handOver reads the game before letting go), and the committing one
// only acknowledges the click. The holder lets go once every place shows
// the newest change. A lease lapses LeaseFor after the holder's last save
// (a delivery waiting to retry renews it, see try); a process that finds
// a game owing deliveries under a lapsed lease (its holder died) takes it
// over by a compare-and-swap before sending anything.
//
// A process that lost a lease while its lanes ran keeps what they sent:
// it merges the messages it created into the stored ledger (mergeLedger)
// instead of overwriting the new holder's, and its lanes stop at their
// next pass.

// lease names the process that delivers a game's changes, and until when.
type lease struct {
	Owner string    `json:"owner"`
	Until time.Time `json:"until"`
}

// heldByOther reports whether another process delivers the game at now:
// one holding an unexpired lease, and alive (see heartbeat.go).
func (s *Service) heldByOther(t *table, now time.Time) bool {
	return s.cfg.Shared && t.Lease != nil && t.Lease.Owner != s.replica && now.Before(t.Lease.Until) && s.alive(t.Lease.Owner)
}

// ownedByOther reports whether another process committed the game last,
// lapsed lease or not: this process's ledger of the game may be behind.
func (s *Service) ownedByOther(t *table) bool {
	return s.cfg.Shared && t.Lease != nil && t.Lease.Owner != s.replica
}

// takeLease marks t as delivered by this process, for the next save,
// unless another process holds it: that one delivers this change too.
func (s *Service) takeLease(t *table) {
	if s.cfg.Shared && !s.heldByOther(t, s.cfg.Clock.Now()) {
		t.Lease = &lease{Owner: s.replica, Until: s.cfg.Clock.Now().UTC().Add(s.cfg.LeaseFor)}
	}
}

// claim takes the lease of a game that owes deliveries and whose holder
// is gone, so that exactly one process makes them. It reports the record
// as stored, or false when another process got there first or the game
// changed.
func (s *Service) claim(ctx context.Context, lg *liveGame, rec storage.Record, t *table) (storage.Record, bool) {
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		if !errors.Is(err, storage.ErrConflict) {
			s.log.Warn("taking over a game's deliveries", "game", rec.ID, "err", err)
		}
		return rec, false
	}
	return stored, true
}

// handOver saves what this process delivered of a game, when processes
// share the store, and says whether there is more to deliver. The holder
// of the lease delivers what others committed meanwhile (they leave it to
// the holder, see publish) before it lets go; once every place shows the
// newest change it releases the lease, so the next commit, wherever it
// is made, is delivered by the process that made it. A process that lost
// the lease merges what it sent into the stored ledger. Every save is a
// compare-and-swap: a commit landing meanwhile is seen on the next try.
// The caller holds the game's lock.
func (s *Service) handOver(lg *liveGame) (more bool) {
	ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
	defer cancel()
	for tries := 0; ; tries++ {
		rec, err := s.store.Get(ctx, lg.id)
		var t *table
		if err == nil {
			t, err = decodeTable(rec)
		}
		if err != nil {
			s.log.Warn("saving what was delivered", "game", lg.id, "err", err)
			return false
		}
		lg.mu.Lock()
		changes, sn := lg.changes, lg.snap
		busy := false
		for _, l := range lg.lanes {
			busy = busy || l.running
		}
		if busy {
			// The lanes save again when they are done.
			lg.mu.Unlock()
			return false
		}
		if s.ownedByOther(t) {
			if changes <= lg.saved {
				// Nothing of this process's to keep.
				lg.mu.Unlock()
				return false
			}
			t.Out = mergeLedger(t.Out, lg.base, lg.out)
		} else {
			t.Out = lg.out.clone()
		}
		lg.mu.Unlock()
		if !s.ownedByOther(t) {
			if sn != nil && t.Rev > sn.t.Rev || sn == nil && t.Out.Synced < t.Rev {
				// Committed elsewhere while this process delivered, or
				// saved here without being shown yet.
				s.deliverStored(lg, rec, t)
				return true
			}
			s.takeLease(t)
		}
		if t.Lease != nil && t.Lease.Owner == s.replica && t.Out.Synced >= t.Rev {
			t.Lease.Until = s.cfg.Clock.Now().UTC()
		}
		data, err := t.encode()
		if err != nil {
			s.log.Error("saving what was delivered", "game", lg.id, "err", err)
			return false
		}
		rec.Data = data
		rec.Due = s.dueOf(rec, t)
		if _, err = s.store.Put(ctx, rec); err == nil {
			lg.stored(changes, t.Out)
			return false
		}
		if !errors.Is(err, storage.ErrConflict) || tries == 4 {
			s.log.Warn("saving what was delivered", "game", lg.id, "err", err)
			return false
		}
	}
}

// deliverStored publishes the stored version of a game for this process
// to deliver. The caller holds the game's lock.
func (s *Service) deliverStored(lg *liveGame, rec storage.Record, t *table) {
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return
	}
	var st games.State
	if rec.Status == storage.Playing || rec.Status == storage.Over {
		var err error
		if st, err = s.decodeState(rec.Game, t); err != nil {
			s.log.Error("reading a game to deliver", "game", rec.ID, "err", err)
			return
		}
	}
	s.publish(lg, &snapshot{rec: rec, t: t, st: st, info: g.Info()}, "", nil)
}

// errNotHolder stops a delivery that another process took over.
var errNotHolder = errors.New("another process delivers this game now")

// renew extends this process's lease on lg's game, whose deliveries it is
// still making, and reports whether it still holds it: false once another
// process took the game over, or on any doubt.
func (s *Service) renew(lg *liveGame) bool {
	if !s.cfg.Shared {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
	defer cancel()
	for range 5 {
		rec, err := s.store.Get(ctx, lg.id)
		var t *table
		if err == nil {
			t, err = decodeTable(rec)
		}
		if err != nil || t.Lease != nil && t.Lease.Owner != s.replica {
			return false
		}
		t.Lease = &lease{Owner: s.replica, Until: s.cfg.Clock.Now().UTC().Add(s.cfg.LeaseFor)}
		if rec.Data, err = t.encode(); err != nil {
			return false
		}
		rec.Due = s.dueOf(rec, t)
		if _, err = s.store.Put(ctx, rec); err == nil {
			return true
		}
		if !errors.Is(err, storage.ErrConflict) {
			return false
		}
	}
	return false
}

// holds reports whether this process still delivers lg's game: false once
// another process committed a change to it, or on any doubt.
func (s *Service) holds(lg *liveGame) bool {
	if !s.cfg.Shared {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
	defer cancel()
	rec, err := s.store.Get(ctx, lg.id)
	if err != nil {
		return false
	}
	var held struct {
		Lease *lease `json:"lease"`
	}
	if err := json.Unmarshal(rec.Data, &held); err != nil {
		return false
	}
	return held.Lease == nil || held.Lease.Owner == s.replica
}

// mergeLedger combines the stored ledger, written by another process, with
// this process's own, which started from base: what this process changed
// since base is kept where the other left it as base had it, and
// everything else is the other's. The messages this process created are
// thus known to whoever delivers next, and nothing the other recorded is
// lost.
func mergeLedger(stored, base, mine ledger) ledger {
	out := stored.clone()
	out.Board = pick(stored.Board, base.Board, mine.Board)
	out.BoardRev = pick(stored.BoardRev, base.BoardRev, mine.BoardRev)
	out.Synced = min(stored.Synced, mine.Synced)
	out.Ping = pick(stored.Ping, base.Ping, mine.Ping)
	for seat, asked := range mine.Pinged {
		out.pinged(seat, asked, len(mine.Pinged))
	}
	out.Nudged = pick(stored.Nudged, base.Nudged, mine.Nudged)
	out.Announced = stored.Announced || mine.Announced
	out.Told = max(stored.Told, mine.Told)
	out.Replayed = stored.Replayed || mine.Replayed
	out.Thread = pick(stored.Thread, base.Thread, mine.Thread)
	out.Held = pick(stored.Held, base.Held, mine.Held)
	for user, c := range mine.Players {
		var was, now contact
		if b := base.Players[user]; b != nil {
			was = *b
		}
		if o := stored.Players[user]; o != nil {
			now = *o
		}
		merged := out.player(user)
		merged.DM = pick(now.DM, was.DM, c.DM)
		merged.View = pick(now.View, was.View, c.View)
		merged.Shows = pick(now.Shows, was.Shows, c.Shows)
		merged.Ping = pick(now.Ping, was.Ping, c.Ping)
		merged.ClosedAt = pick(now.ClosedAt, was.ClosedAt, c.ClosedAt)
		merged.Told = now.Told || c.Told
		merged.Nudge = pick(now.Nudge, was.Nudge, c.Nudge)
		merged.Held = pick(now.Held, was.Held, c.Held)
	}
	return out
}

// pick is a three-way merge of one value: mine where only mine changed it.
func pick[T comparable](stored, base, mine T) T {
	if mine != base && stored == base {
		return mine
	}
	return stored
}

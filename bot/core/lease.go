package core

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/lifebot/lifebot/storage"
)

// Several processes may serve one store (Config.Shared): any of them may
// take any click, and each runs the sweep. A commit is a compare-and-swap
// on the game's version, so a move is applied once whichever process
// takes it; what needs more is delivery, which calls Discord after the
// commit. A game's deliveries are made by one process at a time: the one
// whose commit last took the game's lease. The lease is written with the
// commit, so taking it costs nothing; it lapses LeaseFor after the
// holder's last save, and a process that finds a game owing deliveries
// under a lapsed lease (its holder died) takes it over by a
// compare-and-swap of its own before sending anything.
//
// A process that loses the lease while its lanes still run keeps what
// they sent: its next save merges the messages it created into the
// stored ledger (mergeLedger) instead of overwriting what the new holder
// wrote, and its lanes stop at their next pass.

// lease names the process that delivers a game's changes, and until when.
type lease struct {
	Owner string    `json:"owner"`
	Until time.Time `json:"until"`
}

// heldByOther reports whether another process delivers the game at now.
func (s *Service) heldByOther(t *table, now time.Time) bool {
	return s.cfg.Shared && t.Lease != nil && t.Lease.Owner != s.replica && now.Before(t.Lease.Until)
}

// ownedByOther reports whether another process committed the game last,
// lapsed lease or not: this process's ledger of the game may be behind.
func (s *Service) ownedByOther(t *table) bool {
	return s.cfg.Shared && t.Lease != nil && t.Lease.Owner != s.replica
}

// takeLease marks t as delivered by this process, for the next save.
func (s *Service) takeLease(t *table) {
	if s.cfg.Shared {
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

// saveLedger saves what this process delivered of a game. A game another
// process committed since is theirs to deliver: what this process sent is
// merged into their ledger, and the lease stays theirs. A merge always
// starts from the ledger this process last read, so it can be made again
// after a conflict or a later change.
func (s *Service) saveLedger(ctx context.Context, lg *liveGame, rec storage.Record, t *table) (storage.Record, error) {
	for tries := 0; ; tries++ {
		if !s.ownedByOther(t) {
			return s.save(ctx, lg, rec, t)
		}
		lg.mu.Lock()
		changes := lg.changes
		t.Out = mergeLedger(t.Out, lg.base, lg.out)
		lg.mu.Unlock()
		data, err := t.encode()
		if err != nil {
			return rec, err
		}
		rec.Data = data
		rec.Due = s.dueOf(rec, t)
		stored, err := s.store.Put(ctx, rec)
		if err == nil {
			lg.mu.Lock()
			lg.saved = max(lg.saved, changes)
			lg.mu.Unlock()
			return stored, nil
		}
		if !errors.Is(err, storage.ErrConflict) || tries == 2 {
			return rec, err
		}
		if rec, err = s.store.Get(ctx, rec.ID); err != nil {
			return rec, err
		}
		if t, err = decodeTable(rec); err != nil {
			return rec, err
		}
	}
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

package core

import (
	"context"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// overCap says why the actor may not open another lobby here, or "" when
// the caps (see caps) leave room now.
func (s *Service) overCap(ctx context.Context, a Actor) string {
	if n := s.cfg.MaxLobbies; n > 0 {
		recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
		if err != nil {
			return s.playerError(s.say(ctx, a), err, "")
		}
		hosted := 0
		for _, rec := range recs {
			if rec.Status != storage.Lobby {
				continue
			}
			if t, err := decodeTable(rec); err == nil && t.Host == a.User {
				hosted++
			}
		}
		if hosted >= n {
			return s.say(ctx, a).T("lobby.cap.host", "n", hosted)
		}
	}
	if n := s.cfg.MaxChannelGames; n > 0 {
		recs, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
		if err != nil {
			return s.playerError(s.say(ctx, a), err, "")
		}
		if len(recs) >= n {
			return s.say(ctx, a).T("lobby.cap.channel", "n", len(recs))
		}
	}
	return ""
}

// caps are the limits a new lobby of a's is created within, counted in
// the commit, so that lobbies opened at once never pass them together.
func (s *Service) caps(a Actor) []storage.Limit {
	var out []storage.Limit
	if n := s.cfg.MaxLobbies; n > 0 {
		out = append(out, storage.Limit{Host: a.User, Max: n})
	}
	if n := s.cfg.MaxChannelGames; n > 0 {
		out = append(out, storage.Limit{Channel: a.Channel, Max: n})
	}
	return out
}

// lobbyExpired reports whether a lobby waited longer than allowed for its
// start. Lobbies from before the opening time was kept count from their
// last change.
func (s *Service) lobbyExpired(rec storage.Record, t *table) bool {
	if rec.Status != storage.Lobby || s.cfg.LobbyExpiry <= 0 {
		return false
	}
	opened := t.Opened
	if opened.IsZero() {
		opened = rec.Updated
	}
	return !s.cfg.Clock.Now().Before(opened.Add(s.cfg.LobbyExpiry))
}

// dueOf is when the sweep next has work for a game (storage.Record.Due):
// a lobby's expiry, its turn clock's next reminder or timeout, or
// deliveries it owes. Owed deliveries are due at once, or, when processes
// share the store, once the lease of the one making them lapses.
func (s *Service) dueOf(rec storage.Record, t *table) time.Time {
	var due time.Time
	sooner := func(at time.Time) {
		if !at.IsZero() && (due.IsZero() || at.Before(due)) {
			due = at
		}
	}
	switch rec.Status {
	case storage.Lobby:
		if s.cfg.LobbyExpiry > 0 {
			opened := t.Opened
			if opened.IsZero() {
				opened = s.cfg.Clock.Now()
			}
			sooner(opened.Add(s.cfg.LobbyExpiry))
		}
	case storage.Playing:
		if t.Clock != nil {
			sooner(t.Clock.next())
		}
		sooner(t.Out.heldUntil())
	}
	if rec.Status.Open() && t.Out.Synced < t.Rev {
		if s.cfg.Shared && t.Lease != nil {
			sooner(t.Lease.Until)
		} else {
			sooner(s.cfg.Clock.Now())
		}
	}
	return due.UTC()
}

// expireLobby closes a lobby nobody started, leaving its message struck
// through with a line saying why. The caller holds the game's lock.
func (s *Service) expireLobby(ctx context.Context, rec storage.Record, t *table, g games.Game) {
	rec.Status = storage.Cancelled
	t.Outcome = s.tableSay(t).T("lobby.expired", "span", SpanWords(s.cfg.LobbyExpiry))
	t.Rev++
	lg := s.liveLocked(rec.ID, t)
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		s.log.Warn("closing an expired lobby", "game", rec.ID, "err", err)
		return
	}
	s.publish(lg, &snapshot{rec: stored, t: t, info: g.Info()}, "", nil)
	s.log.Info("lobby expired", "game", rec.ID)
}

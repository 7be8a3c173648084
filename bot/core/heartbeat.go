package core

import (
	"context"
	"slices"
	"time"

	"github.com/lifebot/lifebot/storage"
)

// When processes share a store, each says it is alive with a heartbeat: a
// mark (storage.Store.Mark) renewed every heartbeatEvery and lasting
// heartbeatLapse. A lease whose holder's heartbeat has lapsed is held by
// nobody, however long it had to run: the holder stopped, and its games pass
// to whichever process comes first, a click on one of them at once, and
// otherwise the survivors, which look for a dead holder's games as soon
// as its heartbeat lapses. A process that stops cleanly lets its heartbeat
// go, so its games pass on at once.
//
// Heartbeats run on the wall clock, not Config.Clock: they say whether a
// process runs, which game time does not tell. A process writes its first
// heartbeat before it serves anything, so every lease it takes is written
// after a heartbeat that another process can read. A holder with no
// heartbeat at all (one long gone, whose mark was removed) is judged by
// its lease alone.
const (
	heartbeatEvery = 500 * time.Millisecond
	heartbeatLapse = 2 * time.Second
)

// heartbeatKey is the key of a process's heartbeat.
func heartbeatKey(replica string) string { return "replica:" + replica }

// beat renews this process's heartbeat, or with until at now lets it go.
func (s *Service) beat(ctx context.Context, until time.Time) {
	ctx, cancel := context.WithTimeout(ctx, heartbeatLapse)
	defer cancel()
	if _, err := s.store.Mark(ctx, heartbeatKey(s.replica), s.replica, time.Now(), until); err != nil {
		s.log.Warn("renewing the heartbeat", "err", err)
	}
}

// startHeartbeat writes the first heartbeat and keeps it going until the
// service stops; each time a process's heartbeat is seen to lapse, the
// games it owed deliveries to are taken over.
func (s *Service) startHeartbeat() {
	if !s.cfg.Shared {
		return
	}
	s.beating.Store(true)
	s.beat(s.ctx, time.Now().Add(heartbeatLapse))
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		tick := time.NewTicker(heartbeatEvery)
		defer tick.Stop()
		var lasting []string
		for {
			select {
			case <-s.stop:
				return
			case <-tick.C:
			}
			s.beat(s.ctx, time.Now().Add(heartbeatLapse))
			ctx, cancel := context.WithTimeout(s.ctx, heartbeatLapse)
			marks, err := s.store.Marks(ctx, heartbeatKey(""))
			cancel()
			if err != nil {
				continue
			}
			now := time.Now()
			beats := map[string]time.Time{}
			var still []string
			for _, m := range marks {
				beats[m.Holder] = m.Until
				if m.Lasts(now) {
					still = append(still, m.Holder)
				}
			}
			s.beatsMu.Lock()
			s.beats = beats
			s.beatsMu.Unlock()
			gone := slices.ContainsFunc(lasting, func(r string) bool { return !slices.Contains(still, r) })
			lasting = still
			if gone {
				s.takeOverOwed()
			}
		}
	}()
}

// alive reports whether the process named replica may be running: false
// only when its heartbeat lapsed. A heartbeat the loop above read as
// lasting answers at once; otherwise the store is asked, as it has what
// was written since. On any doubt the process is taken to be alive:
// taking over a live process's games would have two processes deliver
// them.
func (s *Service) alive(replica string) bool {
	s.beatsMu.Lock()
	until := s.beats[replica]
	s.beatsMu.Unlock()
	if time.Now().Before(until) {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, heartbeatLapse)
	defer cancel()
	marks, err := s.store.Marks(ctx, heartbeatKey(replica))
	if err != nil {
		return true
	}
	m, ok := marks[heartbeatKey(replica)]
	return !ok || m.Lasts(time.Now())
}

// takeOverOwed delivers what the games whose lease may be a dead
// process's still owe: those due by the time a lease taken now would
// lapse (see dueOf). Each is claimed, as the sweep claims one, only when
// its holder is gone.
func (s *Service) takeOverOwed() {
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.SweepEvery)
	defer cancel()
	recs, err := s.listOpen(ctx, storage.Filter{OnlyOpen: true, DueBy: s.cfg.Clock.Now().UTC().Add(s.cfg.LeaseFor)})
	if err != nil {
		s.log.Warn("looking for the games of a stopped process", "err", err)
		return
	}
	for _, rec := range recs {
		if ctx.Err() != nil {
			return
		}
		s.sweepOne(ctx, rec.ID)
	}
}

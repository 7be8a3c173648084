package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/storage"
)

// remindLoop checks for idle turns a few times per reminder period until
// the bot shuts down.
func (b *Bot) remindLoop(s *discordgo.Session) {
	defer b.loops.Done()
	every := max(b.cfg.RemindAfter/4, time.Minute)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(b.ctx, every)
			if n, err := b.RemindIdle(ctx, s); err != nil {
				b.log.Warn("reminding idle players", "err", err, "reminded", n)
			}
			cancel()
		}
	}
}

// RemindIdle pings again the players of every game whose turn has waited
// longer than RemindAfter since it began or since the last reminder, up to
// MaxReminders per turn. It returns how many games it reminded.
func (b *Bot) RemindIdle(ctx context.Context, s *discordgo.Session) (int, error) {
	if b.cfg.RemindAfter <= 0 {
		return 0, nil
	}
	recs, err := b.store.List(ctx, storage.Filter{OnlyOpen: true})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, rec := range recs {
		if rec.Status != storage.Playing {
			continue
		}
		if b.remind(ctx, s, rec.ID) {
			n++
		}
	}
	return n, ctx.Err()
}

func (b *Bot) remind(ctx context.Context, s *discordgo.Session, id string) bool {
	unlock := b.lock(id)
	defer unlock()
	rec, err := b.store.Get(ctx, id)
	if err != nil || rec.Status != storage.Playing {
		return false
	}
	t, err := decodeTable(rec)
	if err != nil {
		b.log.Error("reading a game to remind", "game", id, "err", err)
		return false
	}
	limit := b.cfg.MaxReminders
	if limit <= 0 {
		limit = 3
	}
	due := t.TurnFrom.Add(time.Duration(t.Reminded+1) * b.cfg.RemindAfter)
	if t.TurnFrom.IsZero() || t.Reminded >= limit || b.cfg.Now().Before(due) {
		return false
	}
	st, err := b.decodeState(rec.Game, t)
	if err != nil {
		b.log.Error("reading a game to remind", "game", id, "err", err)
		return false
	}
	t.Reminded++
	// Nobody clicked: every active person is reminded.
	if !b.notify(s, rec, t, b.toPing(t, st.Active(), "")) {
		return false
	}
	if _, err := b.save(ctx, rec, t); err != nil {
		b.log.Warn("saving a reminder", "game", id, "err", err)
		return false
	}
	b.log.Info("reminded", "game", id, "reminder", t.Reminded)
	return true
}

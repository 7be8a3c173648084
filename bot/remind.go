package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
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
// MaxReminders per turn; one period after the last reminder, the AI decides
// for whoever is still away. It returns how many games it acted on.
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
	if t.TurnFrom.IsZero() || b.cfg.Now().Before(due) {
		return false
	}
	st, err := b.decodeState(rec.Game, t)
	if err != nil {
		b.log.Error("reading a game to remind", "game", id, "err", err)
		return false
	}
	if t.Reminded >= limit {
		// Reminded enough and still away: the AI decides for them, so the
		// others are not held up for ever.
		return b.standIn(ctx, s, rec, t, st)
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

// standIn lets the AI take the pending decisions of every person the game
// waits for, then moves on as after a click.
func (b *Bot) standIn(ctx context.Context, s *discordgo.Session, rec storage.Record, t *table, st games.State) bool {
	g, ok := b.games.Get(rec.Game)
	if !ok {
		return false
	}
	from := len(t.Log)
	t.Notes = nil
	ai := g.AI()
	for _, seat := range st.Active() {
		if t.Seats[seat].AI {
			continue
		}
		a := ai.Choose(st, seat, rand.New(rand.NewPCG(t.Seed, uint64(len(t.Log)))))
		events, err := st.Apply(seat, a)
		if err != nil {
			b.log.Error("standing in for an absent player", "game", rec.ID, "seat", seat, "err", errors.Unwrap(err))
			return false
		}
		t.Log = append(t.Log, logEntry{Seat: seat, Action: a.String()})
		t.narrate(fmt.Sprintf("%s was away, so the AI decided for them.", t.Seats[seat].Name))
		t.narrateEvents(events)
	}
	if err := b.advance(t, st, g); err != nil {
		b.log.Error("standing in for an absent player", "game", rec.ID, "err", err)
		return false
	}
	rec, err := b.commit(ctx, rec, t, st, from)
	if err != nil {
		b.log.Warn("saving a stand-in move", "game", rec.ID, "err", err)
		return false
	}
	b.editBoard(ctx, s, rec, t, st)
	b.spread(ctx, s, rec, t, st, -1, "")
	b.log.Info("stood in for absent players", "game", rec.ID)
	return true
}

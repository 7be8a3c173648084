package core

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// maxAway bounds one announced absence; anything longer is more likely a
// typo than a holiday, and each game's cap would cut it anyway.
const maxAway = 8 * 7 * 24 * time.Hour

// AwayChoices are the spans /away offers. Away still reads any span
// ParseSpan does, for clients that show an older command list.
var AwayChoices = []Choice{
	{"12 hours", "12h"}, {"1 day", "1d"}, {"2 days", "2d"}, {"3 days", "3d"}, {"1 week", "1w"}, {"2 weeks", "2w"},
	{"I'm back: run my clocks again", "off"},
}

// Away pauses the actor's turn clocks in every game they play in, for the
// span given ("3d", "12h", "1w"), each game within what its cap still
// allows; "off" or "0" ends a pause early. Each table is told on its
// board. The pause is kept in each game's table rather than per person:
// the cap is per game, each table is told once, and it is saved with the
// same write as the deadlines it moves. A game started during the
// absence does not pause: its table was never told.
func (s *Service) Away(ctx context.Context, a Actor, arg string) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	say := s.say(ctx, a)
	arg = strings.ToLower(strings.TrimSpace(arg))
	var d time.Duration
	if arg != "off" && arg != "back" {
		var err error
		if d, err = ParseSpan(arg); err != nil {
			return Text(say.T("clock.away.unreadable", "span", quote(truncate(arg, 40))))
		}
		if d > maxAway {
			return Text(say.T("clock.away.too_long", "span", spanWords(say, maxAway)))
		}
	}
	recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, ""))
	}
	now := s.cfg.Clock.Now().UTC()
	var lines []string
	changed := 0
	for _, rec := range recs {
		if rec.Status != storage.Playing {
			continue
		}
		line, ok := s.awayIn(ctx, say, rec.ID, a.User, now, d)
		if line != "" {
			lines = append(lines, line)
		}
		if ok {
			changed++
		}
	}
	var head string
	switch {
	case d == 0 && changed == 0:
		head = say.T("clock.away.was_not_away")
	case d == 0:
		head = say.T("clock.away.welcome_back", "n", changed)
	case len(lines) == 0:
		head = say.T("clock.away.no_clock")
	case changed == 0:
		head = say.T("clock.away.none_paused")
	default:
		head = say.T("clock.away.paused", "n", changed, "until", fmt.Sprintf("<t:%d:f>", now.Add(d).Unix()), "cap", spanWords(say, s.cfg.AwayCap))
	}
	if d == 0 {
		return Text(head)
	}
	var sb strings.Builder
	sb.WriteString(head)
	for _, l := range lines {
		if sb.Len()+len(l)+20 > maxContent {
			sb.WriteString("\n" + say.T("board.more"))
			break
		}
		sb.WriteString("\n" + l)
	}
	return Text(sb.String())
}

// awayIn pauses, or with d zero resumes, user's clock in one game. It
// returns a line for the answer, in say's words (empty when there is
// nothing to say), and whether the game changed.
func (s *Service) awayIn(ctx context.Context, say i18n.Printer, id, user string, now time.Time, d time.Duration) (string, bool) {
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	if err != nil || rec.Status != storage.Playing {
		return "", false
	}
	t, err := decodeTable(rec)
	if err != nil {
		s.log.Error("reading a game to pause", "game", id, "err", err)
		return "", false
	}
	seat, ok := t.seatOf(user)
	if !ok {
		return "", false
	}
	c := s.clockOf(t)
	if c.Per == 0 {
		return "", false
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return "", false
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		s.log.Error("reading a game to pause", "game", id, "err", err)
		return "", false
	}
	// A new absence replaces the one under way, which gives back to the
	// cap what it did not use.
	wasAway := c.resume(int(seat), now)
	name, table := escapeText(t.Seats[seat].Name), s.tableSay(t)
	where := say.T("clock.away.where", "id", id, "game", s.GameName(rec.Game), "channel", rec.Channel)
	var line string
	switch {
	case d == 0 && !wasAway:
		return "", false
	case d == 0:
		t.presence(table, name, time.Time{})
	default:
		end := c.pause(int(seat), now, now.Add(d), s.cfg.AwayCap)
		until := fmt.Sprintf("<t:%d:f>", end.Unix())
		switch {
		case !end.After(now) && wasAway:
			t.presence(table, name, time.Time{})
			line = say.T("clock.away.used_up_runs", "where", where)
		case !end.After(now):
			return say.T("clock.away.used_up_keeps", "where", where), false
		case c.Seats[seat].Capped:
			t.presence(table, name, end)
			line = say.T("clock.away.capped", "where", where, "until", until)
		default:
			t.presence(table, name, end)
			line = say.T("clock.away.paused_here", "where", where, "left", spanWords(say, s.cfg.AwayCap-c.Seats[seat].AwayUsed))
		}
	}
	// Deadlines that moved are shown on the board, so it is redrawn, a
	// moment later: a burst of comings and goings is one edit (see
	// holdQuiet).
	t.Rev++
	lg := s.liveLocked(id, t)
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		s.log.Warn("saving an absence", "game", id, "err", err)
		return say.T("clock.away.failed", "where", where, "error", s.playerError(say, err, id)), false
	}
	s.publish(lg, &snapshot{rec: stored, t: t, st: st, info: g.Info(), quiet: true}, "", nil)
	return line, true
}

// presence tells the table, in its words, that the player named name is
// away until a time, or back when until is zero. Only a player's latest
// such line stays among the recent ones: a player who comes and goes
// pushes no move off the board.
func (t *table) presence(say i18n.Printer, name string, until time.Time) {
	back := say.T("clock.presence.back", "name", name)
	// An away line is the text around its time; the name is in one part.
	before, after, _ := strings.Cut(say.T("clock.presence.away", "name", name, "until", "\x00"), "\x00")
	t.Recent = slices.DeleteFunc(t.Recent, func(l string) bool {
		return l == back || len(l) > len(before)+len(after) && strings.HasPrefix(l, before) && strings.HasSuffix(l, after)
	})
	if until.IsZero() {
		t.narrate(back)
		return
	}
	t.narrate(say.T("clock.presence.away", "name", name, "until", fmt.Sprintf("<t:%d:f>", until.Unix())))
}

// plural writes a count of things: "1 game", "3 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

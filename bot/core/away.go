package core

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	arg = strings.ToLower(strings.TrimSpace(arg))
	var d time.Duration
	if arg != "off" && arg != "back" {
		var err error
		if d, err = ParseSpan(arg); err != nil {
			return Text(fmt.Sprintf("I can't read %s: %s; or say `off` when you are back.", quote(truncate(arg, 40)), err))
		}
		if d > maxAway {
			return Text(fmt.Sprintf("That is longer than I can pause for: at most %s.", SpanWords(maxAway)))
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
		line, ok := s.awayIn(ctx, rec.ID, a.User, now, d)
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
		head = "You weren't away in any game with a clock."
	case d == 0:
		head = fmt.Sprintf("Welcome back: your clocks run again in %s.", plural(changed, "game"))
	case len(lines) == 0:
		head = "You play in no game with a clock, so there is nothing to pause."
	case changed == 0:
		head = "None of your clocks could pause:"
	default:
		head = fmt.Sprintf("Your clocks pause in %s until <t:%d:f> at the latest; each game's cap is %s of pause in all:", plural(changed, "game"), now.Add(d).Unix(), SpanWords(s.cfg.AwayCap))
	}
	if d == 0 {
		return Text(head)
	}
	var sb strings.Builder
	sb.WriteString(head)
	for _, l := range lines {
		if sb.Len()+len(l)+20 > maxContent {
			sb.WriteString("\n…and more.")
			break
		}
		sb.WriteString("\n" + l)
	}
	return Text(sb.String())
}

// awayIn pauses, or with d zero resumes, user's clock in one game. It
// returns a line for the answer (empty when there is nothing to say) and
// whether the game changed.
func (s *Service) awayIn(ctx context.Context, id, user string, now time.Time, d time.Duration) (string, bool) {
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
	name := escapeText(t.Seats[seat].Name)
	where := fmt.Sprintf("`%s` **%s** in <#%s>", id, s.GameName(rec.Game), rec.Channel)
	var line string
	switch {
	case d == 0 && !wasAway:
		return "", false
	case d == 0:
		t.presence(name, "back: their clock runs again.")
	default:
		end := c.pause(int(seat), now, now.Add(d), s.cfg.AwayCap)
		left := SpanWords(s.cfg.AwayCap - c.Seats[seat].AwayUsed)
		switch {
		case !end.After(now) && wasAway:
			t.presence(name, "back: their clock runs again.")
			line = fmt.Sprintf("%s: your pause here is used up; your clock runs.", where)
		case !end.After(now):
			return fmt.Sprintf("%s: your pause here is used up; your clock keeps running.", where), false
		case c.Seats[seat].Capped:
			t.presence(name, fmt.Sprintf("away until <t:%d:f>.", end.Unix()))
			line = fmt.Sprintf("%s: paused until <t:%d:f> only, which uses up the cap.", where, end.Unix())
		default:
			t.presence(name, fmt.Sprintf("away until <t:%d:f>.", end.Unix()))
			line = fmt.Sprintf("%s: paused; the cap leaves %s more.", where, left)
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
		return fmt.Sprintf("%s: %s", where, s.playerError(s.userSay(ctx, user), err, id)), false
	}
	s.publish(lg, &snapshot{rec: stored, t: t, st: st, info: g.Info(), quiet: true}, "", nil)
	return line, true
}

// plural writes a count of things: "1 game", "3 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

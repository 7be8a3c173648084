package core

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// digestRetry is how long a digest that could not be sent waits before
// it is tried again.
const digestRetry = 10 * time.Minute

// sendDigests sends the daily digests that are due (prefs.Digest). A
// player's record holds when their next digest is due; the process whose
// write moves it on to the following day sends it, so processes sharing
// the store send each digest once. One that fails for a passing reason
// is due again a little later; a player whose DMs are closed misses
// that day's.
func (s *Service) sendDigests(ctx context.Context) {
	now := s.cfg.Clock.Now().UTC()
	due, err := s.store.Players(ctx, now)
	if err != nil {
		s.log.Warn("reading the digests due", "err", err)
		return
	}
	sent := 0
	for _, rec := range due {
		if ctx.Err() != nil {
			return
		}
		var p prefs
		if err := json.Unmarshal(rec.Data, &p); err != nil {
			s.log.Error("reading a player's settings", "err", err)
			continue
		}
		rec.Due = time.Time{}
		if p.Digest {
			rec.Due = p.nextDigest(now)
		}
		claimed, err := s.store.PutPlayer(ctx, rec)
		if err != nil || !p.Digest {
			continue
		}
		msg, err := s.digest(ctx, rec.ID, p)
		if err != nil || msg == nil {
			continue
		}
		err = s.sendDM(ctx, rec.ID, msg)
		var tmp *Temporary
		if errors.As(err, &tmp) {
			claimed.Due = now.Add(digestRetry)
			if _, err := s.store.PutPlayer(ctx, claimed); err != nil {
				s.log.Warn("putting off a digest", "err", err)
			}
			continue
		}
		if err != nil {
			s.log.Info("a digest could not be sent", "err", err)
			continue
		}
		sent++
	}
	if sent > 0 {
		s.log.Info("digests", "sent", sent)
	}
}

// digest is one player's daily digest: the games waiting for their move,
// as their dashboard lists them, the most urgent first, with the button
// that leads from one to the next. It is nil when no game waits.
func (s *Service) digest(ctx context.Context, user string, p prefs) (*Message, error) {
	// The digest is read in the player's language, as userSay finds it,
	// from the settings already in hand.
	say := s.words.In(p.dmLang())
	mine, err := s.myGames(ctx, Actor{User: user}, say)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, g := range mine {
		if g.waiting && !p.muted(g.rec.ID) {
			lines = append(lines, g.line)
		}
	}
	if len(lines) == 0 {
		return nil, nil
	}
	head := say.T("mine.digest.head", "n", len(lines)) + "\n"
	foot := "\n" + say.T("mine.digest.foot")
	pages := pageLines(lines, maxContent-len(head)-len(foot)-60)
	// Dashboard lines are one line each.
	body := pages[0]
	if more := len(lines) - strings.Count(body, "\n") - 1; more > 0 {
		body += "\n" + say.T("mine.digest.more", "n", more)
	}
	return &Message{Content: head + body + foot, Rows: []Row{{nextButton(say, noGame, false)}}}, nil
}

// sendDM sends m to user's DMs.
func (s *Service) sendDM(ctx context.Context, user string, m *Message) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	ch, err := s.cfg.Discord.DMChannel(ctx, user)
	if err != nil {
		return err
	}
	_, err = s.cfg.Discord.Send(ctx, ch, m)
	return err
}

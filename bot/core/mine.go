package core

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// MyGames lists every open game the actor sits in, in every server, the
// most recently active first, those waiting for them marked. It works in
// a DM with the bot too, and is always answered privately.
func (s *Service) MyGames(ctx context.Context, a Actor) *Message {
	recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
	if err != nil {
		return Text(s.playerError(err, ""))
	}
	sortNewest(recs)
	var yours, others []string
	for _, rec := range recs {
		t, err := decodeTable(rec)
		if err != nil {
			s.log.Error("listing game", "game", rec.ID, "err", err)
			continue
		}
		line, waiting := s.myGameLine(rec, t, a.User)
		if waiting {
			yours = append(yours, line)
		} else {
			others = append(others, line)
		}
	}
	if len(yours)+len(others) == 0 {
		return Text("You're not in any game right now. Open one in a server channel with `/newgame`, or see finished ones with `/log`.")
	}
	var out strings.Builder
	switch len(yours) {
	case 0:
		out.WriteString("**Your games** · none is waiting for you.\n")
	case 1:
		out.WriteString("**Your games** · 1 is waiting for you.\n")
	default:
		fmt.Fprintf(&out, "**Your games** · %d are waiting for you.\n", len(yours))
	}
	lines := append(yours, others...)
	for n, l := range lines {
		if out.Len()+len(l)+1 > maxContent-40 {
			fmt.Fprintf(&out, "…and %d more.", len(lines)-n)
			break
		}
		out.WriteString(l + "\n")
	}
	return Text(out.String())
}

// myGameLine is one game of /mygames, and whether it waits for user.
func (s *Service) myGameLine(rec storage.Record, t *table, user string) (string, bool) {
	name := s.GameName(rec.Game)
	where := ""
	if t.Out.Board.ID != "" {
		where = " · [board](" + JumpLink(rec.Guild, t.Out.Board) + ")"
	} else if rec.Channel != "" {
		where = " · <#" + rec.Channel + ">"
	}
	if rec.Status == storage.Lobby {
		return fmt.Sprintf("🕓 **%s** · lobby, %d joined%s", name, len(t.Seats), where), false
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		return fmt.Sprintf("**%s** · running%s", name, where), false
	}
	seat, seated := t.seatOf(user)
	if seated && games.IsActive(st, seat) {
		return fmt.Sprintf("👉 **%s** · your move%s", name, where), true
	}
	return fmt.Sprintf("▫️ **%s** · waiting for %s%s", name, t.waitingNames(st), where), false
}

// sortNewest orders records by their last activity, newest first.
func sortNewest(recs []storage.Record) {
	slices.SortStableFunc(recs, func(a, b storage.Record) int { return b.Updated.Compare(a.Updated) })
}

// recentClosed is how many of a player's latest games the suggestions
// look through besides the open ones: a suggestion costs the same for a
// player of ten thousand games as for one of ten, and an older game is
// still named by typing its id.
const recentClosed = 50

// GameChoices suggests games for a command's game option as the actor
// types: the games they sit in (with closed set, their recentClosed
// latest ones too), and in a server the open games of the channel they
// type in, most recently active first, filtered by what was typed.
func (s *Service) GameChoices(ctx context.Context, a Actor, typed string, closed bool) []Choice {
	recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
	if err != nil {
		s.log.Warn("suggesting games", "err", err)
		return nil
	}
	if closed {
		latest, err := s.listOpen(ctx, storage.Filter{User: a.User, Last: recentClosed})
		if err != nil {
			s.log.Warn("suggesting games", "err", err)
			return nil
		}
		recs = append(recs, latest...)
	}
	if a.Channel != "" && a.Guild != "" {
		here, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
		if err == nil {
			recs = append(recs, here...)
		}
	}
	sortNewest(recs)
	typed = strings.ToLower(strings.TrimSpace(typed))
	seen := map[string]bool{}
	var out []Choice
	for _, rec := range recs {
		if seen[rec.ID] || a.Guild != "" && rec.Guild != a.Guild && rec.Channel != a.Channel {
			continue
		}
		seen[rec.ID] = true
		t, err := decodeTable(rec)
		if err != nil {
			continue
		}
		name := s.choiceName(rec, t)
		if typed != "" && !strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		out = append(out, Choice{Name: name, Value: rec.ID})
		if len(out) == maxSelectOpt {
			break
		}
	}
	return out
}

// choiceName describes a game in a suggestion list, in at most the 100
// characters Discord shows.
func (s *Service) choiceName(rec storage.Record, t *table) string {
	state := map[storage.Status]string{
		storage.Lobby: "lobby", storage.Playing: "playing", storage.Over: "finished", storage.Cancelled: "abandoned",
	}[rec.Status]
	return truncate(fmt.Sprintf("%s · %s · %s · %s", s.GameName(rec.Game), strings.Join(t.names(), ", "), state, rec.ID), maxOptLabel)
}

package core

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// A finished game's closing announcement carries a Rematch button. The
// first click opens a lobby in the same channel for the same game,
// options and AI seats, hosted by the clicker; the game's record keeps
// that lobby's id, under the game's lock, so clicks at the same moment
// open one lobby, and the players who click later join it. Once that
// lobby is cancelled or started, the next click opens another.

// rematchRow is the Rematch button of a finished game, said by say.
func rematchRow(say i18n.Printer, game string) Row {
	return Row{{Kind: Button, Label: say.T("lobby.rematch.label"), Style: Primary, CustomID: customID{Verb: verbRematch, Game: game}.String()}}
}

// rematch serves a Rematch click under the finished game's lock. The
// rematch lobby's own lock is taken inside it, never the other way round.
func (s *Service) rematch(ctx context.Context, res clicked, c Click, rec storage.Record, t *table, g games.Game) clicked {
	if rec.Status != storage.Over {
		res.refusal = res.say.T("lobby.rematch.not_over")
		return res
	}
	player := t.played(c.User)
	if t.Rematch != "" {
		if m, open := s.joinRematch(ctx, res.say, c, t.Rematch, player); open {
			res.then = func(context.Context) *Message { return m }
			return res
		}
	}
	if !player {
		res.refusal = res.say.T("lobby.rematch.not_a_player")
		return res
	}
	info := g.Info()
	nt := &table{
		V: recordVersion, Game: rec.Game, Host: c.User,
		Seats:   []seat{{User: c.User, Name: c.Name}},
		Options: t.Options, Seed: s.cfg.Seed(), Rev: 1, Opened: s.cfg.Clock.Now(),
		// A game that played in its own thread has its rematch there too.
		Thread: t.Thread && t.Out.Thread == "",
		// Like any new lobby, it speaks the server's language as it is now.
		Lang: string(s.serverLang(c.Actor)),
	}
	if t.Clock != nil {
		nt.Clock = &tableClock{Per: t.Clock.Per, Replace: t.Clock.Replace}
	}
	for _, st := range t.Seats {
		if !st.AI && st.User != c.User {
			nt.Invited = append(nt.Invited, seat{User: st.User, Name: st.Name})
		}
	}
	for _, st := range t.Seats {
		if st.AI && len(nt.Seats)+len(nt.Invited) < info.MaxSeats {
			nt.Seats = append(nt.Seats, seat{AI: true, Name: "🤖 " + aiNames[nt.aiCount()%len(aiNames)]})
		}
	}
	data, err := nt.encode()
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	lobby, err := s.store.Create(ctx, storage.Record{
		Game: rec.Game, Guild: rec.Guild, Channel: rec.Channel, Users: nt.humans(), Status: storage.Lobby, Data: data,
		Due: s.dueOf(storage.Record{Status: storage.Lobby}, nt),
	})
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	t.Rematch = lobby.ID
	if _, err := s.save(ctx, res.lg, rec, t); err != nil {
		s.cancelOrphan(ctx, lobby.ID)
		s.refuse(&res, err, rec.ID)
		return res
	}
	s.log.Info("rematch opened", "game", rec.ID, "lobby", lobby.ID)
	res.then = func(ctx context.Context) *Message { return s.postRematch(ctx, res.say, lobby, nt, info) }
	return res
}

// joinRematch seats a player of the finished game in its rematch lobby
// and answers them, in say's words. open reports false when the lobby was
// cancelled or has started, and a new one is due.
func (s *Service) joinRematch(ctx context.Context, say i18n.Printer, c Click, id string, player bool) (m *Message, open bool) {
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	if err != nil || rec.Status != storage.Lobby {
		return nil, false
	}
	t, err := decodeTable(rec)
	if err != nil {
		return Text(s.playerError(say, err, id)), true
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return Text(s.playerError(say, fmt.Errorf("game kind %q is not registered", rec.Game), id)), true
	}
	lg := s.liveLocked(id, t)
	where := lobbyLink(say, rec, lg.ledger())
	if _, seated := t.seatOf(c.User); seated {
		return Text(say.T("lobby.rematch.already_in", "where", where)), true
	}
	if !player {
		return Text(say.T("lobby.rematch.join_on_lobby", "where", where)), true
	}
	if len(t.Seats) >= g.Info().MaxSeats {
		return Text(say.T("lobby.rematch.full", "where", where)), true
	}
	t.Seats = append(t.Seats, seat{User: c.User, Name: c.Name})
	sn, err := s.commit(ctx, lg, rec, t, nil, g, 0, c.User)
	if err != nil {
		return Text(s.playerError(say, err, id)), true
	}
	s.publish(lg, sn, "", nil)
	return Text(say.T("lobby.rematch.joined", "where", where)), true
}

// lobbyLink points to a lobby's message, or names the lobby while its
// message is still on its way.
func lobbyLink(say i18n.Printer, rec storage.Record, out ledger) string {
	if out.Board.ID == "" {
		return say.T("lobby.rematch.opening", "id", rec.ID, "channel", rec.Channel)
	}
	return JumpLink(rec.Guild, out.Board)
}

// postRematch posts a new rematch lobby in the channel, without holding
// any lock, and records its message as the lobby's board; say answers
// the player who opened it.
func (s *Service) postRematch(ctx context.Context, say i18n.Printer, rec storage.Record, t *table, info games.Info) *Message {
	ref, err := s.cfg.Discord.Send(ctx, rec.Channel, s.lobbyMessage(&snapshot{rec: rec, t: t, info: info}))
	if err != nil {
		s.log.Warn("posting a rematch lobby", "game", rec.ID, "err", err)
		s.cancelOrphan(ctx, rec.ID)
		return Text(say.T("lobby.rematch.post_failed"))
	}
	unlock := s.lock(rec.ID)
	defer unlock()
	rec, err = s.store.Get(ctx, rec.ID)
	if err == nil {
		t, err = decodeTable(rec)
	}
	if err != nil {
		s.log.Error("recording the rematch lobby's message", "game", rec.ID, "err", err)
		return Text(s.playerError(say, err, rec.ID))
	}
	lg := s.liveLocked(rec.ID, t)
	lg.update(func(o *ledger) {
		if o.Board.ID == "" {
			o.Board, o.BoardRev = ref, max(o.BoardRev, 1)
		}
	})
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		s.log.Error("recording the rematch lobby's message", "game", rec.ID, "err", err)
		return Text(s.playerError(say, err, rec.ID))
	}
	// Players who joined while the lobby was being posted are drawn now.
	s.publish(lg, &snapshot{rec: stored, t: t, info: info}, "", nil)
	return Text(say.T("lobby.rematch.opened", "game", s.title(info), "link", JumpLink(rec.Guild, ref)))
}

// invitedLine lists, in a rematch lobby, the last game's players and
// which of them joined, in say's words.
func invitedLine(say i18n.Printer, t *table) string {
	if len(t.Invited) == 0 {
		return ""
	}
	var who []string
	for _, p := range t.Invited {
		if slices.ContainsFunc(t.Seats, func(s seat) bool { return !s.AI && s.User == p.User }) {
			who = append(who, p.Name+" ✅")
		} else {
			who = append(who, say.T("lobby.rematch.invited", "name", p.Name))
		}
	}
	return say.T("lobby.rematch.from_last", "names", strings.Join(who, ", ")) + "\n"
}

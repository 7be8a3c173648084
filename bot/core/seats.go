package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// Players leave a running game and others take their seats: a player
// resigns (/resign), or the host replaces an absent one (/replace) with
// the AI or with whoever takes the seat through an invitation posted in
// the channel. A seat keeps who held it and from which move, so results
// say who played which part.

// stint is one holder's time at a seat: from move From to move To.
type stint struct {
	User string `json:"user,omitempty"` // empty for the AI
	Name string `json:"name"`
	AI   bool   `json:"ai,omitempty"`
	From int    `json:"from,omitempty"`
	To   int    `json:"to"`
	// Left says how the holder left the seat; empty for the AI keeping an
	// open seat until someone took it, and for the holder at the end.
	Left string `json:"left,omitempty"`
}

// How a holder left a seat.
const (
	leftResigned = "resigned"
	leftReplaced = "replaced"
	leftTimedOut = "out of time"
)

// invite is a seat of a running game open to a new player: For names its
// last player, Msg the invitation in the channel.
type invite struct {
	Seat int        `json:"seat"`
	For  string     `json:"for"`
	Msg  MessageRef `json:"msg,omitzero"`
}

// history is who played seat s, in order; the last stint is its holder
// now, up to the moves taken so far. Results and ratings read it.
func (t *table) history(s games.Seat) []stint {
	cur := t.Seats[s]
	return append(slices.Clone(cur.Before), stint{User: cur.User, Name: cur.Name, AI: cur.AI, From: cur.From, To: t.moves()})
}

// aiPlayed reports whether the AI played any part of the game. A game in
// which a player resigned or was replaced is rated as one with an AI seat.
func (t *table) aiPlayed() bool {
	for i := range t.Seats {
		if slices.ContainsFunc(t.history(games.Seat(i)), func(h stint) bool { return h.AI }) {
			return true
		}
	}
	return false
}

// handOver gives seat s to a new holder from this move on; left says how
// its holder until now left it.
func (t *table) handOver(s games.Seat, to seat, left string) {
	cur := t.Seats[s]
	to.Before = append(slices.Clone(cur.Before), stint{User: cur.User, Name: cur.Name, AI: cur.AI, From: cur.From, To: t.moves(), Left: left})
	to.From = t.moves()
	t.Seats[s] = to
}

// playedBy says who played seat s: its name, or each holder in turn, as
// "Ben (resigned at move 40), then the AI". An AI that only kept a seat
// open, without a move, is left out.
func (t *table) playedBy(say i18n.Printer, s games.Seat) string {
	h := t.history(s)
	if len(h) == 1 {
		return escapeText(h[0].Name)
	}
	var parts []string
	for i, st := range h {
		last := i == len(h)-1
		if st.AI && st.From == st.To && !last {
			continue
		}
		who := escapeText(st.Name)
		if st.AI && i > 0 {
			who = say.T("seats.played.ai")
		}
		switch {
		case last:
		case st.Left == leftResigned:
			who = say.T("seats.played.resigned", "name", who, "move", st.To)
		case st.Left == leftReplaced:
			who = say.T("seats.played.replaced", "name", who, "move", st.To)
		case st.Left == leftTimedOut:
			who = say.T("seats.played.timed_out", "name", who, "move", st.To)
		default:
			who = say.T("seats.played.until", "name", who, "move", st.To)
		}
		parts = append(parts, who)
	}
	return strings.Join(parts, say.T("seats.played.then"))
}

// played reports whether user held any seat of the game at any time.
func (t *table) played(user string) bool {
	for i := range t.Seats {
		if slices.ContainsFunc(t.history(games.Seat(i)), func(h stint) bool { return !h.AI && h.User == user }) {
			return true
		}
	}
	return false
}

// former lists the people who held a seat and hold none now: their DMs
// are told they left.
func (t *table) former() []string {
	var out []string
	for _, s := range t.Seats {
		for _, h := range s.Before {
			if _, seated := t.seatOf(h.User); !h.AI && !seated && !slices.Contains(out, h.User) {
				out = append(out, h.User)
			}
		}
	}
	return out
}

// aiStandIn is the seat the AI keeps for a player who left.
func aiStandIn(name string) seat {
	return seat{AI: true, Name: "🤖 " + strings.TrimPrefix(name, "🤖 ")}
}

// seatedGame finds the running game a command is about: the one named by
// id, or the only one in the actor's channel that user plays in. It
// returns a refusal instead, said by say, when there is no such game;
// command ("resign", "replace") picks the refusal's words, which name it
// as the reader's Discord does.
func (s *Service) seatedGame(ctx context.Context, say i18n.Printer, a Actor, id, user, command string) (string, *Message) {
	if id != "" {
		if !validGameID(id) {
			return "", Text(say.T("seats.no_such_id." + command))
		}
		return id, nil
	}
	recs, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
	if err != nil {
		return "", Text(s.playerError(say, err, ""))
	}
	var ids []string
	for _, rec := range recs {
		if rec.Status == storage.Playing && rec.Guild == a.Guild && containsString(rec.Users, user) {
			ids = append(ids, rec.ID)
		}
	}
	switch len(ids) {
	case 0:
		if user == a.User {
			return "", Text(say.T("seats.not_playing_here"))
		}
		return "", Text(say.T("seats.other_not_playing_here", "user", user))
	case 1:
		return ids[0], nil
	}
	return "", Text(truncate(say.T("seats.several_here."+command, "games", "`"+strings.Join(ids, "`, `")+"`"), maxContent))
}

// runningGame loads a game of the actor's server that is being played.
func (s *Service) runningGame(ctx context.Context, say i18n.Printer, a Actor, id string) (storage.Record, *table, *Message) {
	rec, err := s.store.Get(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && rec.Guild != a.Guild {
		return rec, nil, Text(say.T("seats.not_in_server"))
	}
	if err != nil {
		return rec, nil, Text(s.playerError(say, err, id))
	}
	switch rec.Status {
	case storage.Lobby:
		return rec, nil, Text(say.T("seats.not_started", "game", id))
	case storage.Over, storage.Cancelled:
		return rec, nil, Text(say.T("seats.ended", "game", id))
	}
	t, err := decodeTable(rec)
	if err != nil {
		return rec, nil, Text(s.playerError(say, err, id))
	}
	return rec, t, nil
}

// Resign answers a player who wants to leave a running game with a
// button that confirms it: a slip of the keyboard must not cost a seat.
func (s *Service) Resign(ctx context.Context, a Actor, id string) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	say := s.say(ctx, a)
	id, refusal := s.seatedGame(ctx, say, a, id, a.User, "resign")
	if refusal != nil {
		return refusal
	}
	rec, t, refusal := s.runningGame(ctx, say, a, id)
	if refusal != nil {
		return refusal
	}
	seat, ok := t.seatOf(a.User)
	if !ok {
		return Text(say.T("seats.resign.not_playing", "game", id))
	}
	name := s.GameName(rec.Game)
	text := say.T("seats.resign.ask", "game", name, "id", id)
	label := say.T("seats.resign.label", "game", name)
	if len(t.humans()) == 1 {
		text = say.T("seats.resign.ask_last", "game", name, "id", id)
		label = say.T("seats.resign.last.label", "game", name)
	}
	return &Message{Content: text, Private: true, Rows: []Row{{{
		Kind: Button, Style: Danger, Label: truncate(label, maxLabel),
		CustomID: customID{Verb: verbResign, Game: id, Target: seat}.String(),
	}}}}
}

// resign serves the confirmation of /resign: the AI takes the seat and
// plays it at once if it is its turn. The last person resigning ends the
// game, abandoned: the AI playing on alone would give a result nobody
// played for.
func (s *Service) resign(ctx context.Context, res clicked, c Click, cid customID, rec storage.Record, t *table, g games.Game) clicked {
	if rec.Status != storage.Playing {
		res.refusal = res.say.T("seats.resign.ended")
		return res
	}
	seat, ok := t.seatOf(c.User)
	if !ok || seat != cid.Target {
		res.refusal = res.say.T("seats.resign.gone")
		return res
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	name, gameName, tsay := escapeText(t.Seats[seat].Name), s.title(g.Info()), s.tableSay(t)
	from := len(t.Log)
	t.handOver(seat, aiStandIn(name), leftResigned)
	var sn *snapshot
	if len(t.humans()) == 0 {
		rec.Status = storage.Cancelled
		t.Outcome = tsay.T("seats.resign.abandoned", "name", name)
		t.Rev++
		stored, err := s.save(ctx, res.lg, rec, t)
		if err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
		sn = &snapshot{rec: stored, t: t, st: st, info: g.Info()}
		s.log.Info("game abandoned by its last player", "game", rec.ID)
	} else {
		t.narrate(tsay.T("seats.resign.narrate", "name", name))
		if sn, err = s.advanceAndCommit(ctx, res.lg, rec, t, st, g, from, c.User); err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
	}
	res.snap = sn
	res.then = func(context.Context) *Message {
		return Text(res.say.T("seats.resign.done", "game", gameName, "id", rec.ID))
	}
	return res
}

// Replace gives player's seat to the AI or, when newPlayer is set, opens
// it to whoever takes it first through an invitation in the channel, the
// AI keeping it meanwhile. Only the host and the server's admins may.
func (s *Service) Replace(ctx context.Context, a Actor, id, player string, newPlayer bool) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	say := s.say(ctx, a)
	id, refusal := s.seatedGame(ctx, say, a, id, player, "replace")
	if refusal != nil {
		return refusal
	}
	var inv *Message
	var name string
	var rec storage.Record
	var open games.Seat
	refusal = func() *Message {
		unlock := s.lock(id)
		defer unlock()
		var t *table
		var refusal *Message
		if rec, t, refusal = s.runningGame(ctx, say, a, id); refusal != nil {
			return refusal
		}
		if a.User != t.Host && !a.Admin {
			return Text(say.T("seats.replace.not_host"))
		}
		seat, ok := t.seatOf(player)
		if !ok {
			return Text(say.T("seats.replace.not_playing", "user", player, "game", id))
		}
		if len(t.humans()) == 1 {
			return Text(say.T("seats.replace.last", "user", player))
		}
		g, ok := s.games.Get(rec.Game)
		if !ok {
			return Text(s.playerError(say, fmt.Errorf("game kind %q is not registered", rec.Game), id))
		}
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			return Text(s.playerError(say, err, id))
		}
		name, open = escapeText(t.Seats[seat].Name), seat
		from, tsay := len(t.Log), s.tableSay(t)
		t.handOver(seat, aiStandIn(name), leftReplaced)
		if newPlayer {
			t.Invites = append(t.Invites, invite{Seat: int(seat), For: name})
			t.narrate(tsay.T("seats.replace.narrate_open", "by", escapeText(a.Name), "name", name))
			inv = s.invitation(tsay, rec, g.Info(), seat, name)
		} else {
			t.narrate(tsay.T("seats.replace.narrate_ai", "by", escapeText(a.Name), "name", name))
		}
		lg := s.liveLocked(id, t)
		sn, err := s.advanceAndCommit(ctx, lg, rec, t, st, g, from, a.User)
		if err != nil {
			return Text(s.playerError(say, err, id))
		}
		s.publish(lg, sn, "", nil)
		s.log.Info("player replaced", "game", id, "seat", seat, "new_player", newPlayer)
		return nil
	}()
	if refusal != nil {
		return refusal
	}
	if inv == nil {
		return Text(say.T("seats.replace.done_ai", "name", name, "game", id))
	}
	ref, err := s.cfg.Discord.Send(ctx, rec.Channel, inv)
	if err != nil {
		s.log.Warn("posting a seat's invitation", "game", id, "err", err)
		return Text(say.T("seats.replace.invitation_failed", "name", name, "game", id))
	}
	s.recordInvitation(ctx, id, open, ref)
	return Text(say.T("seats.replace.done_open", "name", name, "game", id, "link", JumpLink(rec.Guild, ref)))
}

// invitation is the message, said by say, that offers a seat to a new
// player.
func (s *Service) invitation(say i18n.Printer, rec storage.Record, info games.Info, seat games.Seat, name string) *Message {
	return &Message{
		Content: truncate(say.T("seats.invitation", "name", name, "game", s.title(info), "id", rec.ID), maxContent),
		Rows: []Row{{{
			Kind: Button, Style: Success, Label: say.T("seats.take.label"),
			CustomID: customID{Verb: verbTake, Game: rec.ID, Target: seat}.String(),
		}}},
	}
}

// recordInvitation keeps where the invitation to an open seat was posted.
func (s *Service) recordInvitation(ctx context.Context, id string, seat games.Seat, ref MessageRef) {
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	var t *table
	if err == nil {
		t, err = decodeTable(rec)
	}
	if err != nil {
		s.log.Warn("recording a seat's invitation", "game", id, "err", err)
		return
	}
	i := slices.IndexFunc(t.Invites, func(v invite) bool { return v.Seat == int(seat) })
	if i < 0 {
		// Taken already, by a click on the invitation just posted.
		return
	}
	t.Invites[i].Msg = ref
	_, err = s.save(ctx, s.liveLocked(id, t), rec, t)
	if err != nil {
		s.log.Warn("recording a seat's invitation", "game", id, "err", err)
	}
}

// take serves "Take the seat": the first person not already at the table
// takes the open seat over, with its private view, and the invitation
// closes.
func (s *Service) take(ctx context.Context, res clicked, c Click, cid customID, rec storage.Record, t *table, g games.Game) clicked {
	i := slices.IndexFunc(t.Invites, func(v invite) bool { return v.Seat == int(cid.Target) })
	info := g.Info()
	// The invitation closes in place, in the channel's language; a forged
	// click on the board or a living DM is answered privately, leaving
	// those to their lanes.
	say := s.tableSay(t)
	if res.on != "" {
		say = res.say
	}
	closed := func(text string) func(context.Context) *Message {
		return func(context.Context) *Message {
			return &Message{Content: truncate(say.T("seats.take.closed", "game", s.title(info), "id", rec.ID, "outcome", text), maxContent), Private: res.on != ""}
		}
	}
	if rec.Status != storage.Playing {
		res.then = closed(say.T("seats.take.ended"))
		return res
	}
	if i < 0 {
		res.refusal = res.say.T("seats.take.taken")
		return res
	}
	if _, seated := t.seatOf(c.User); seated {
		res.refusal = res.say.T("seats.take.seated")
		return res
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	inv := t.Invites[i]
	from := len(t.Log)
	t.handOver(cid.Target, seat{User: c.User, Name: c.Name}, "")
	t.Invites = slices.Delete(t.Invites, i, i+1)
	t.narrate(s.tableSay(t).T("seats.take.narrate", "name", escapeText(c.Name), "former", inv.For))
	sn, err := s.advanceAndCommit(ctx, res.lg, rec, t, st, g, from, c.User)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	res.snap = sn
	took := "seats.take.took_board"
	if info.Private {
		took = "seats.take.took_hand"
	}
	res.then = closed(say.T(took, "name", escapeText(c.Name), "former", inv.For))
	return res
}

// finish gives the answer of a click that was finished after its lock:
// a private message as a reply, unless the click came from a private
// message, which it replaces, as any other answer does.
func (s *Service) finish(ctx context.Context, r Responder, m *Message, ephemeral bool) {
	var err error
	if m.Private && !ephemeral {
		err = r.Reply(ctx, m)
	} else {
		err = r.Update(ctx, m)
	}
	if err != nil {
		s.log.Warn("answering a click", "err", err)
	}
}

// syncLeft tells a person who left a game with hidden hands so in their
// living DM, which loses its cards and buttons: the seat is no longer
// theirs to see or play.
func (s *Service) syncLeft(lg *liveGame, l *lane, sn *snapshot, user string) bool {
	c := lg.ledger().Players[user]
	if c == nil || c.View.ID == "" || c.Shows == shownLeft {
		return true
	}
	left := "seats.left_dm.replaced"
	if sn.rec.Status == storage.Cancelled {
		left = "seats.left_dm.abandoned"
	}
	m := &Message{Content: s.userSay(s.ctx, user).T(left, "game", s.title(sn.info), "id", sn.rec.ID, "channel", sn.rec.Channel, "link", JumpLink(sn.rec.Guild, sn.t.Out.Board))}
	err, superseded := s.try(lg, l, "DM of a player who left", func(ctx context.Context) error { return s.cfg.Discord.Edit(ctx, c.View, m) })
	if err != nil && !errors.Is(err, ErrGone) {
		return superseded
	}
	lg.update(func(o *ledger) { o.player(user).Shows = shownLeft })
	if c.Ping.ID != "" {
		err, _ := s.try(lg, l, "old DM ping", func(ctx context.Context) error { return s.cfg.Discord.Delete(ctx, c.Ping) })
		if err == nil || errors.Is(err, ErrGone) {
			lg.update(func(o *ledger) { o.player(user).Ping = MessageRef{} })
		}
	}
	return true
}

// shownLeft marks a living DM that says its player left.
const shownLeft = "left"

package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
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
func (t *table) playedBy(s games.Seat) string {
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
			who = "the AI"
		}
		switch {
		case last:
		case st.Left != "":
			who += fmt.Sprintf(" (%s at move %d)", st.Left, st.To)
		default:
			who += fmt.Sprintf(" (to move %d)", st.To)
		}
		parts = append(parts, who)
	}
	return strings.Join(parts, ", then ")
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
// returns a refusal instead when there is no such game.
func (s *Service) seatedGame(ctx context.Context, a Actor, id, user, command string) (string, *Message) {
	if id != "" {
		if !validGameID(id) {
			return "", Text(fmt.Sprintf("There is no game with that id. Pick one of the suggestions `/%s game:` offers.", command))
		}
		return id, nil
	}
	recs, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
	if err != nil {
		return "", Text(s.playerError(err, ""))
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
			return "", Text("You don't play in a running game in this channel. `/mygames` lists the games you play, with links.")
		}
		return "", Text(fmt.Sprintf("<@%s> doesn't play in a running game in this channel. Name the game with `game:`.", user))
	case 1:
		return ids[0], nil
	}
	return "", Text(truncate(fmt.Sprintf("Several running games here fit: `%s`. Say which with `/%s game:`.", strings.Join(ids, "`, `"), command), maxContent))
}

// runningGame loads a game of the actor's server that is being played.
func (s *Service) runningGame(ctx context.Context, a Actor, id string) (storage.Record, *table, *Message) {
	rec, err := s.store.Get(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && rec.Guild != a.Guild {
		return rec, nil, Text("There is no game with that id in this server. Pick one of the suggestions the command offers for `game:`, or see `/mygames`.")
	}
	if err != nil {
		return rec, nil, Text(s.playerError(err, id))
	}
	switch rec.Status {
	case storage.Lobby:
		return rec, nil, Text(fmt.Sprintf("Game `%s` hasn't started yet: players come and go with the lobby's **Join** and **Leave**.", id))
	case storage.Over, storage.Cancelled:
		return rec, nil, Text(fmt.Sprintf("That game has already ended. `/log game:%s` tells it move by move.", id))
	}
	t, err := decodeTable(rec)
	if err != nil {
		return rec, nil, Text(s.playerError(err, id))
	}
	return rec, t, nil
}

// Resign answers a player who wants to leave a running game with a
// button that confirms it: a slip of the keyboard must not cost a seat.
func (s *Service) Resign(ctx context.Context, a Actor, id string) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	id, refusal := s.seatedGame(ctx, a, id, a.User, "resign")
	if refusal != nil {
		return refusal
	}
	rec, t, refusal := s.runningGame(ctx, a, id)
	if refusal != nil {
		return refusal
	}
	seat, ok := t.seatOf(a.User)
	if !ok {
		return Text(fmt.Sprintf("You don't play in game `%s`.", id))
	}
	name := s.GameName(rec.Game)
	text := fmt.Sprintf("Resign from **%s** `%s`? The AI plays your seat for the rest of the game, and the results say you resigned.", name, id)
	label := fmt.Sprintf("Resign from %s — the AI takes your seat", name)
	if len(t.humans()) == 1 {
		text = fmt.Sprintf("Resign from **%s** `%s`? You're the last person at this table, so the game ends, abandoned.", name, id)
		label = fmt.Sprintf("Resign from %s — the game ends", name)
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
		res.refusal = "This game has ended."
		return res
	}
	seat, ok := t.seatOf(c.User)
	if !ok || seat != cid.Target {
		res.refusal = "You no longer play in this game."
		return res
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	name, gameName := escapeText(t.Seats[seat].Name), g.Info().Name
	from := len(t.Log)
	t.handOver(seat, aiStandIn(name), leftResigned)
	var sn *snapshot
	if len(t.humans()) == 0 {
		rec.Status = storage.Cancelled
		t.Outcome = fmt.Sprintf("Abandoned: %s resigned, and nobody was left to play.", name)
		t.Rev++
		stored, err := s.save(ctx, res.lg, rec, t)
		if err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
		sn = &snapshot{rec: stored, t: t, st: st, info: g.Info()}
		s.log.Info("game abandoned by its last player", "game", rec.ID)
	} else {
		t.narrate(fmt.Sprintf("%s resigned: the AI plays their seat from here.", name))
		if sn, err = s.advanceAndCommit(ctx, res.lg, rec, t, st, g, from, c.User); err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
	}
	res.snap = sn
	res.then = func(context.Context) *Message {
		return Text(fmt.Sprintf("You resigned from **%s** `%s`. Thanks for playing!", gameName, rec.ID))
	}
	return res
}

// Replace gives player's seat to the AI or, when newPlayer is set, opens
// it to whoever takes it first through an invitation in the channel, the
// AI keeping it meanwhile. Only the host and the server's admins may.
func (s *Service) Replace(ctx context.Context, a Actor, id, player string, newPlayer bool) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	id, refusal := s.seatedGame(ctx, a, id, player, "replace")
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
		if rec, t, refusal = s.runningGame(ctx, a, id); refusal != nil {
			return refusal
		}
		if a.User != t.Host && !a.Admin {
			return Text("Only the host or a server admin can replace a player.")
		}
		seat, ok := t.seatOf(player)
		if !ok {
			return Text(fmt.Sprintf("<@%s> doesn't play in game `%s`.", player, id))
		}
		if len(t.humans()) == 1 {
			return Text(fmt.Sprintf("<@%s> is the last person at this table: with nobody to wait for, the AI would play the game out at once. End it with `/abandon` instead.", player))
		}
		g, ok := s.games.Get(rec.Game)
		if !ok {
			return Text(s.playerError(fmt.Errorf("game kind %q is not registered", rec.Game), id))
		}
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			return Text(s.playerError(err, id))
		}
		name, open = escapeText(t.Seats[seat].Name), seat
		from := len(t.Log)
		t.handOver(seat, aiStandIn(name), leftReplaced)
		if newPlayer {
			t.Invites = append(t.Invites, invite{Seat: int(seat), For: name})
			t.narrate(fmt.Sprintf("%s opened %s's seat to a new player; the AI plays it meanwhile.", escapeText(a.Name), name))
			inv = invitation(rec, g.Info(), seat, name)
		} else {
			t.narrate(fmt.Sprintf("%s gave %s's seat to the AI.", escapeText(a.Name), name))
		}
		lg := s.liveLocked(id, t)
		sn, err := s.advanceAndCommit(ctx, lg, rec, t, st, g, from, a.User)
		if err != nil {
			return Text(s.playerError(err, id))
		}
		s.publish(lg, sn, "", nil)
		s.log.Info("player replaced", "game", id, "seat", seat, "new_player", newPlayer)
		return nil
	}()
	if refusal != nil {
		return refusal
	}
	if inv == nil {
		return Text(fmt.Sprintf("%s's seat in game `%s` is played by the AI from now on.", name, id))
	}
	ref, err := s.cfg.Discord.Send(ctx, rec.Channel, inv)
	if err != nil {
		s.log.Warn("posting a seat's invitation", "game", id, "err", err)
		return Text(fmt.Sprintf("%s's seat in game `%s` is played by the AI, but I could not post the invitation to take it over.", name, id))
	}
	s.recordInvitation(ctx, id, open, ref)
	return Text(fmt.Sprintf("%s's seat in game `%s` is open to a new player; the AI plays it meanwhile. The invitation: %s", name, id, JumpLink(rec.Guild, ref)))
}

// invitation is the message that offers a seat to a new player.
func invitation(rec storage.Record, info games.Info, seat games.Seat, name string) *Message {
	return &Message{
		Content: truncate(fmt.Sprintf("🪑 %s's seat in **%s** `%s` is open: the first to click **Take the seat** plays it from here on. The AI plays it meanwhile.", name, info.Name, rec.ID), maxContent),
		Rows: []Row{{{
			Kind: Button, Style: Success, Label: "Take the seat",
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
	// The invitation closes in place; a forged click on the board or a
	// living DM is answered privately, leaving those to their lanes.
	closed := func(text string) func(context.Context) *Message {
		return func(context.Context) *Message {
			return &Message{Content: truncate(fmt.Sprintf("~~A seat in **%s** `%s` was open.~~ %s", info.Name, rec.ID, text), maxContent), Private: res.on != ""}
		}
	}
	if rec.Status != storage.Playing {
		res.then = closed("The game has ended.")
		return res
	}
	if i < 0 {
		res.refusal = "Someone took that seat already."
		return res
	}
	if _, seated := t.seatOf(c.User); seated {
		res.refusal = "You already play a seat in this game: one each."
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
	t.narrate(fmt.Sprintf("%s takes over %s's seat.", escapeText(c.Name), inv.For))
	sn, err := s.advanceAndCommit(ctx, res.lg, rec, t, st, g, from, c.User)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	res.snap = sn
	where := "their moves are on the board"
	if info.Private {
		where = "their cards come in DMs, or with **Show my hand** on the board"
	}
	res.then = closed(fmt.Sprintf("%s took %s's seat: %s.", escapeText(c.Name), inv.For, where))
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
	left := "you left this game, and your seat is played by someone else now."
	if sn.rec.Status == storage.Cancelled {
		left = "you left this game, and it was abandoned."
	}
	m := &Message{Content: fmt.Sprintf("**%s** · game `%s` in <#%s>: %s [board](%s)",
		sn.info.Name, sn.rec.ID, sn.rec.Channel, left, JumpLink(sn.rec.Guild, sn.t.Out.Board))}
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

package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// syncPings keeps the channel's notifications: a new message for whoever
// must now act (edits do not ping), replacing the previous one; the
// reminders; the one-time notice to a player whose DMs are closed, in
// the next ping; and the closing announcement.
func (s *Service) syncPings(lg *liveGame, l *lane, sn *snapshot) bool {
	t := sn.t
	out := lg.ledger()
	if threadPending(sn, out) {
		// The pings go where the game is about to move.
		return false
	}
	ok := true
	var msg *Message
	var seats []games.Seat
	nudge := ""
	switch {
	case sn.rec.Status == storage.Over && !out.Announced:
		msg = s.announcement(sn, out)
	case sn.playing():
		var dmSeats []games.Seat
		var held time.Time
		seats, dmSeats, held = s.whomToPing(sn, out)
		if !held.Equal(out.Held) {
			lg.update(func(o *ledger) { o.Held = held })
		}
		if !s.pingByDM(lg, l, sn, dmSeats) {
			ok = false
		}
		out = lg.ledger()
		nudge = t.nudgesSent(out.Nudged, seats)
		if len(seats) > 0 {
			msg = s.turnPing(sn, seats, out)
		}
	}
	closed := closedDMs(sn, out)
	msg = withClosedDMs(s.tableSay(t), sn, msg, closed)
	stale := sn.rec.Status != storage.Playing && sn.rec.Status != storage.Lobby && out.Ping.ID != ""
	if msg == nil && !stale {
		return ok
	}
	if msg != nil {
		msg.Nonce = postNonce(sn.rec.ID, "ping", t.Rev, nudge, seats, closed)
		var ref MessageRef
		err, superseded := s.try(lg, l, "ping", func(ctx context.Context) (err error) {
			ref, err = s.cfg.Discord.Send(ctx, channelOf(sn.rec, out), msg)
			return err
		})
		if err != nil {
			return ok && superseded
		}
		lg.update(func(o *ledger) {
			o.Ping = ref
			if sn.rec.Status == storage.Over {
				o.Announced, o.Ping = true, MessageRef{}
			}
			if sn.playing() {
				o.Nudged = nudge
			}
			for _, seat := range seats {
				o.pinged(int(seat), t.Asked[seat], len(t.Seats))
			}
			for _, u := range closed {
				o.player(u).Told = true
			}
		})
	}
	// The previous ping goes once its successor is out, so the channel
	// keeps one. A failure here costs only tidiness.
	s.dropOld(lg, l, "old ping", out.Ping, func(o *ledger) *MessageRef { return &o.Ping })
	return ok
}

// syncDM keeps one player's private side: the living DM, edited in place
// as their view changes, and a short new DM when they must act, replacing
// the previous one, so no DM ever holds buttons that are out of date.
// Clicks made on the living DM are answered first.
func (s *Service) syncDM(lg *liveGame, l *lane, sn *snapshot, user string, answers []*answer) bool {
	t := sn.t
	seat, ok := t.seatOf(user)
	if !ok {
		return s.syncLeft(lg, l, sn, user)
	}
	// The player's settings are read once a pass: they choose the DM's
	// language and whether a ping may go now.
	pr := s.playerPrefs(s.ctx, user)
	say := s.words.In(pr.dmLang())
	key := privateKey(sn, seat, say.Lang())
	draw := drawOnce(func() (*Message, error) { return s.privateMessage(sn, seat, say) })
	s.answer(answers, draw,
		func() bool { return false },
		func() { lg.update(func(o *ledger) { o.player(user).Shows = key }) })
	out := lg.ledger()
	c := out.player(user)
	if !c.ClosedAt.IsZero() && s.cfg.Clock.Now().Sub(c.ClosedAt) < s.cfg.DMRetry {
		return true
	}
	if c.View.ID == "" || c.Shows != key {
		m, err := draw()
		if err != nil {
			s.log.Error("drawing a private view", "game", lg.id, "seat", seat, "err", err)
			return false
		}
		ref, fresh, err, superseded := s.sendView(l, lg, c, user, m)
		switch {
		case superseded:
			return true
		case errors.Is(err, ErrDMClosed):
			lg.update(func(o *ledger) { o.player(user).ClosedAt = s.cfg.Clock.Now() })
			s.log.Info("DMs closed", "game", lg.id, "seat", seat)
			s.kick(lg, lanePing, nil, "")
			return true
		case err != nil:
			return false
		}
		lg.update(func(o *ledger) {
			p := o.player(user)
			p.View, p.Shows, p.ClosedAt = ref, key, time.Time{}
			// A new DM notifies by itself: a ping under it would be a
			// second notification for one decision.
			if fresh && sn.playing() && t.awaits(sn.st, seat, o.Pinged) {
				o.pinged(int(seat), t.Asked[seat], len(t.Seats))
			}
		})
		c.View = ref
		out = lg.ledger()
	}

	var ping *Message
	if sn.playing() && t.awaits(sn.st, seat, out.Pinged) && s.mayPingDM(lg, sn, user, c, pr) {
		ping = &Message{Content: say.T("pings.dm.hand", "game", s.title(sn.info), "id", sn.rec.ID, "link", JumpLink("", c.View))}
	}
	if ping == nil && (sn.playing() || c.Ping.ID == "") {
		return true
	}
	if ping != nil {
		var ref MessageRef
		err, superseded := s.try(lg, l, "DM ping", func(ctx context.Context) (err error) {
			ref, err = s.cfg.Discord.Send(ctx, c.View.Channel, ping)
			return err
		})
		if err != nil {
			return superseded
		}
		lg.update(func(o *ledger) {
			o.player(user).Ping = ref
			o.pinged(int(seat), t.Asked[seat], len(t.Seats))
		})
	}
	s.dropOld(lg, l, "old DM ping", c.Ping, func(o *ledger) *MessageRef { return &o.player(user).Ping })
	return true
}

// dropOld deletes a message its successor replaced, and forgets it in the
// ledger's slot unless the slot names another by then. A failure costs
// only tidiness.
func (s *Service) dropOld(lg *liveGame, l *lane, what string, old MessageRef, slot func(*ledger) *MessageRef) {
	if old.ID == "" {
		return
	}
	err, _ := s.try(lg, l, what, func(ctx context.Context) error { return s.cfg.Discord.Delete(ctx, old) })
	if err == nil || errors.Is(err, ErrGone) {
		lg.update(func(o *ledger) {
			if ref := slot(o); *ref == old {
				*ref = MessageRef{}
			}
		})
	}
}

// sendView edits the living DM, or sends it when there is none yet or it
// was deleted; fresh says it was sent anew.
func (s *Service) sendView(l *lane, lg *liveGame, c *contact, user string, m *Message) (ref MessageRef, fresh bool, err error, superseded bool) {
	if c.View.ID != "" {
		err, superseded = s.try(lg, l, "DM edit", func(ctx context.Context) error { return s.cfg.Discord.Edit(ctx, c.View, m) })
		if !errors.Is(err, ErrGone) {
			return c.View, false, err, superseded
		}
	}
	channel := c.DM
	if channel == "" {
		err, superseded = s.try(lg, l, "DM open", func(ctx context.Context) (err error) {
			channel, err = s.cfg.Discord.DMChannel(ctx, user)
			return err
		})
		if err != nil {
			return ref, false, err, superseded
		}
		lg.update(func(o *ledger) { o.player(user).DM = channel })
	}
	err, superseded = s.try(lg, l, "DM", func(ctx context.Context) (err error) {
		ref, err = s.cfg.Discord.Send(ctx, channel, m)
		return err
	})
	return ref, err == nil, err, superseded
}

// turnPing asks seats' players to act, with the reminders of their turn
// clocks that are due and not yet sent.
func (s *Service) turnPing(sn *snapshot, seats []games.Seat, out ledger) *Message {
	say := s.tableSay(sn.t)
	var users, who []string
	for _, seat := range seats {
		u := sn.t.Seats[seat].User
		users = append(users, u)
		who = append(who, "<@"+u+">")
	}
	link := JumpLink(sn.rec.Guild, out.Board)
	content := say.T("pings.turn", "who", strings.Join(who, " "), "game", s.title(sn.info), "id", sn.rec.ID, "link", link)
	if sn.info.Private {
		closed := true
		for _, u := range users {
			c := out.Players[u]
			closed = closed && c != nil && !c.ClosedAt.IsZero()
		}
		if closed {
			content += "\n" + say.T("pings.turn_hand")
		} else {
			content += "\n" + say.T("pings.turn_dm")
		}
	}
	var reminders []string
	for _, seat := range seats {
		if stage := sn.t.unsentReminder(seat, out.Nudged); stage != remindNone {
			reminders = append(reminders, sn.t.reminderLine(say, seat, stage))
		}
	}
	if len(reminders) > 0 {
		content = strings.Join(reminders, "\n") + "\n" + content
	}
	// A game without hidden hands has no DM to tell its player what they
	// missed: the ping that calls one player does.
	if !sn.info.Private && len(seats) == 1 {
		content += "\n" + s.sinceLastMove(s.tableSay(sn.t), sn, seats[0])
	}
	return &Message{Content: truncate(strings.TrimRight(content, "\n"), maxContent), Mentions: users}
}

// closedDMs lists the players whose DMs were found closed and who were
// not told so yet.
func closedDMs(sn *snapshot, out ledger) []string {
	if !sn.info.Private || !sn.playing() {
		return nil
	}
	var users []string
	for _, u := range sn.t.humans() {
		if c := out.Players[u]; c != nil && !c.ClosedAt.IsZero() && !c.Told {
			users = append(users, u)
		}
	}
	return users
}

// withClosedDMs tells the players of users, in the channel's next ping,
// that their DMs are closed, so that the channel takes one message for
// the move: the ping that calls such a player, which the closed DMs bring
// about, is never far.
func withClosedDMs(say i18n.Printer, sn *snapshot, ping *Message, users []string) *Message {
	if len(users) == 0 || ping == nil {
		return ping
	}
	var who []string
	for _, u := range users {
		who = append(who, "<@"+u+">")
	}
	notice := say.T("pings.dms_closed", "who", strings.Join(who, " "), "id", sn.rec.ID)
	ping.Content = truncate(notice+"\n"+ping.Content, maxContent)
	for _, u := range users {
		if !slices.Contains(ping.Mentions, u) {
			ping.Mentions = append(ping.Mentions, u)
		}
	}
	return ping
}

// The end of a game in its channel is its closing announcement, which
// pings everyone at the table with the outcome and the Rematch button,
// carries each seat's finished board (games.Inspector) and begins the
// story the game tells (games.Teller); the rest of the story follows in
// as few messages as its length needs, then the replay. The players'
// notification says the game is over, and takes them to the top of the
// story.

// story returns a finished game's state and its story packed into
// messages, the first of which goes with the announcement: it has room
// for as much as the announcement's words leave, "" when that is none. The
// parts are the same on every pass, so the ledger's Told counts those
// sent.
func (s *Service) story(sn *snapshot) (st games.State, parts []string) {
	st = sn.st
	if st == nil {
		var err error
		if st, err = s.decodeState(sn.rec.Game, sn.t); err != nil {
			s.log.Error("reading a finished game to tell its story", "game", sn.rec.ID, "err", err)
			return nil, nil
		}
	}
	teller, ok := st.(games.Teller)
	if !ok {
		return st, nil
	}
	names, tsay := sn.t.textNames(), s.tableSay(sn.t)
	var paragraphs []string
	for _, p := range teller.Story() {
		paragraphs = append(paragraphs, tsay.Say(games.FormatSeats(p, names)))
	}
	// The announcement's words name the board, which a deleted board's
	// successor may move: room is left for the longest link, so the parts
	// stay the same.
	longest := MessageRef{Channel: strings.Repeat("9", 20), ID: strings.Repeat("9", 20)}
	room := maxContent - runes(s.closingWords(s.tableSay(sn.t), sn, ledger{Board: longest})) - runes("\n\n")
	return st, splitMessage(paragraphs, room, maxContent)
}

// tellStory sends the rest of a finished game's story once its
// announcement, which told the first part, is out: each part once, as the
// ledger counts them. It reports false when a part could not be sent yet.
// A game replayed has told its story: the replay follows it.
func (s *Service) tellStory(lg *liveGame, l *lane, sn *snapshot) bool {
	out := lg.ledger()
	if sn.rec.Status != storage.Over || !out.Announced || out.Replayed {
		return true
	}
	_, parts := s.story(sn)
	for i := max(out.Told, 1); i < len(parts); i++ {
		msg := &Message{Content: parts[i], Nonce: postNonce(sn.rec.ID, "story", i)}
		err, _ := s.try(lg, l, "story", func(ctx context.Context) error {
			_, err := s.cfg.Discord.Send(ctx, channelOf(sn.rec, out), msg)
			return err
		})
		if err != nil {
			return false
		}
		lg.update(func(o *ledger) { o.Told = i + 1 })
	}
	return true
}

// rankWord names a final rank: "1st", "2nd".
func rankWord(say i18n.Printer, rank int) string {
	switch rank {
	case 1:
		return say.T("pings.rank.first")
	case 2:
		return say.T("pings.rank.second")
	case 3:
		return say.T("pings.rank.third")
	}
	return say.T("pings.rank.nth", "rank", rank)
}

// announcement is the closing message: the outcome, the Rematch button,
// the finished boards in the order of the ranks, to keep and share, and
// the story's first part. It pings everyone at the table.
func (s *Service) announcement(sn *snapshot, out ledger) *Message {
	say := s.tableSay(sn.t)
	st, parts := s.story(sn)
	content := s.closingWords(say, sn, out)
	if len(parts) > 0 && parts[0] != "" {
		content += "\n\n" + parts[0]
	}
	m := &Message{Content: content, Mentions: sn.t.humans(), Rows: []Row{rematchRow(s.tableSay(sn.t), sn.rec.ID)}}
	insp, ok := st.(games.Inspector)
	if !ok {
		return m
	}
	res := st.Result()
	order := make([]games.Seat, len(sn.t.Seats))
	for i := range order {
		order[i] = games.Seat(i)
	}
	slices.SortStableFunc(order, func(a, b games.Seat) int { return res.Rank[a] - res.Rank[b] })
	names := sn.t.textNames()
	var boards []*Image
	for _, seat := range order[:min(len(order), maxImages)] {
		png, err := s.draw(sn.rec.ID, placeLook+strconv.Itoa(int(seat)), insp.Inspect(seat), names, say.Lang())
		if err != nil {
			s.log.Error("drawing a finished board", "game", sn.rec.ID, "seat", seat, "err", err)
			continue
		}
		boards = append(boards, &Image{
			Name: fmt.Sprintf("%s-%s-life-%d.png", sn.rec.Game, sn.rec.ID, seat+1),
			Alt: say.T("pings.final_board.alt", "name", sn.t.Seats[seat].Name, "game", s.title(sn.info), "id", sn.rec.ID,
				"rank", rankWord(say, res.Rank[seat]), "score", say.Say(res.ScoreText(seat))),
			Data: png,
		})
	}
	if len(boards) > 0 {
		m.Image, m.More = boards[0], boards[1:]
	}
	return m
}

// closingWords say that the game is over, how it ended and where its
// board is, and call everyone at the table.
func (s *Service) closingWords(say i18n.Printer, sn *snapshot, out ledger) string {
	words := say.T("pings.over", "game", s.title(sn.info), "id", sn.rec.ID, "outcome", sn.t.Outcome, "link", JumpLink(sn.rec.Guild, out.Board))
	for _, u := range sn.t.humans() {
		words += " <@" + u + ">"
	}
	return words
}

// whomToPing sorts the seats a playing game must tell now by how each
// player asked to be told (see prefs): those the channel's ping names,
// and those the ping lane tells by DM instead. Seats whose players are in
// their quiet hours wait; held is when the first of them may be told.
// Hidden hands are pinged by each player's DM lane (syncDM), but for
// reminders and players who asked for the channel.
func (s *Service) whomToPing(sn *snapshot, out ledger) (channel, dm []games.Seat, held time.Time) {
	t := sn.t
	now := s.cfg.Clock.Now()
	for _, seat := range sn.st.Active() {
		p := t.Seats[seat]
		if p.AI {
			continue
		}
		pr := s.playerPrefs(s.ctx, p.User)
		c := out.Players[p.User]
		// Until a DM is refused, DMs are taken to work.
		dmsOpen := c == nil || c.ClosedAt.IsZero()
		dmLane := sn.info.Private && dmsOpen && pr.Pings != pingsChannel
		reminder := t.unsentReminder(seat, out.Nudged) != remindNone
		if !reminder && (dmLane || !t.awaits(sn.st, seat, out.Pinged)) {
			continue
		}
		var latest time.Time
		if due := t.seatDue(seat); !due.IsZero() {
			latest = due.Add(-nearEnd(t.Clock.Per))
		}
		send, wake := pr.when(now, sn.rec.ID, reminder, latest)
		switch {
		case !send:
			held = earliest(held, wake)
		case dmsOpen && pr.Pings == pingsDM:
			dm = append(dm, seat)
		default:
			channel = append(channel, seat)
		}
	}
	return channel, dm, held
}

// mayPingDM reports whether user's DM lane may send a ping now; a ping
// held for their quiet hours notes when it may go.
func (s *Service) mayPingDM(lg *liveGame, sn *snapshot, user string, c *contact, pr prefs) bool {
	if pr.Pings == pingsChannel {
		return false
	}
	send, wake := pr.when(s.cfg.Clock.Now(), sn.rec.ID, false, time.Time{})
	if !wake.Equal(c.Held) {
		lg.update(func(o *ledger) { o.player(user).Held = wake })
	}
	return send
}

// pingByDM tells seats' players by DM what the channel's ping would have
// told them: their turn, with a reminder when one is due, and, in games
// without hidden hands, what happened since their last move. A player
// whose DMs turn out closed is pinged in the channel by the next pass.
func (s *Service) pingByDM(lg *liveGame, l *lane, sn *snapshot, seats []games.Seat) bool {
	t := sn.t
	ok := true
	for _, seat := range seats {
		user := t.Seats[seat].User
		out := lg.ledger()
		c := out.player(user)
		say := s.userSay(s.ctx, user)
		var lines []string
		if stage := t.unsentReminder(seat, out.Nudged); stage != remindNone {
			lines = append(lines, t.reminderLine(say, seat, stage))
		}
		if t.awaits(sn.st, seat, out.Pinged) {
			lines = append(lines, say.T("pings.dm.turn", "game", s.title(sn.info), "id", sn.rec.ID, "link", JumpLink(sn.rec.Guild, out.Board)))
			if !sn.info.Private {
				lines = append(lines, s.sinceLastMove(say, sn, seat))
			}
		}
		msg := &Message{Content: truncate(strings.TrimRight(strings.Join(lines, "\n"), "\n"), maxContent)}
		ref, _, err, superseded := s.sendView(l, lg, &contact{DM: c.DM}, user, msg)
		switch {
		case superseded:
			return ok
		case errors.Is(err, ErrDMClosed):
			lg.update(func(o *ledger) { o.player(user).ClosedAt = s.cfg.Clock.Now() })
			s.kick(lg, lanePing, nil, "")
			continue
		case err != nil:
			ok = false
			continue
		}
		lg.update(func(o *ledger) {
			p := o.player(user)
			p.Nudge, p.ClosedAt = ref, time.Time{}
			o.pinged(int(seat), t.Asked[seat], len(t.Seats))
			o.Nudged = t.nudgesSent(o.Nudged, []games.Seat{seat})
		})
		s.dropOld(lg, l, "old DM nudge", c.Nudge, func(o *ledger) *MessageRef { return &o.player(user).Nudge })
	}
	return ok
}

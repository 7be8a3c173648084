package core

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// NewGame opens a lobby for game in the actor's channel, with the engine's
// options and the table's clock as given, and answers with the lobby
// message, which becomes the board.
func (s *Service) NewGame(ctx context.Context, a Actor, game string, given games.Options, setup Setup, r Responder) {
	s.inflight.Add(1)
	defer s.inflight.Done()
	say := s.say(ctx, a)
	g, ok := s.games.Get(game)
	if !ok {
		s.reply(ctx, r, Text(say.T("board.newgame.soon", "game", s.GameName(game))))
		return
	}
	if a.Guild == "" {
		s.reply(ctx, r, Text(say.T("board.newgame.not_in_dm")))
		return
	}
	info := g.Info()
	resolved, err := games.Resolve(info.Options, given)
	if err != nil {
		s.reply(ctx, r, Text(say.T("board.newgame.cannot_set_up", "game", s.title(info), "reason", truncate(optionProblem(say, info, err), 300))))
		return
	}
	clock, err := s.newClock(setup)
	if err != nil {
		reason := err.Error()
		if errors.Is(err, errSpan) {
			reason = say.T("clock.span_format")
		}
		s.reply(ctx, r, Text(say.T("board.newgame.cannot_set_up", "game", s.title(info), "reason", truncate(reason, 300))))
		return
	}
	t := &table{
		V: recordVersion, Game: game, Host: a.User,
		Seats:   []seat{{User: a.User, Name: a.Name}},
		Options: resolved, Seed: s.cfg.Seed(), Rev: 1, Opened: s.cfg.Clock.Now(), Clock: clock,
		Thread:      setup.Thread == "true" || setup.Thread == "" && s.cfg.Threads != nil && s.cfg.Threads(a.Guild),
		Lang:        string(s.serverLang(a)),
		ThreadAsked: setup.Thread == "true",
	}
	data, err := t.encode()
	if err != nil {
		s.reply(ctx, r, Text(s.playerError(s.say(ctx, a), err, "")))
		return
	}
	rec, err := s.store.Create(ctx, storage.Record{
		Game: game, Guild: a.Guild, Channel: a.Channel, Users: t.humans(), Status: storage.Lobby, Data: data,
		Due: s.dueOf(storage.Record{Status: storage.Lobby}, t),
	}, s.caps(a)...)
	if errors.Is(err, storage.ErrLimit) {
		// The caps are counted in the commit, where lobbies opened at once,
		// here or by another process, are counted together; overCap says
		// which one was reached.
		refusal := s.overCap(ctx, a)
		if refusal == "" {
			refusal = say.T("board.newgame.too_many")
		}
		s.reply(ctx, r, Text(refusal))
		return
	}
	if err != nil {
		s.reply(ctx, r, Text(s.playerError(s.say(ctx, a), err, "")))
		return
	}
	lobby := s.lobbyMessage(&snapshot{rec: rec, t: t, info: info})
	replyErr := r.Reply(ctx, lobby)
	// The lobby becomes the board, so the game needs its message id. A
	// reply that failed may still have landed: ask.
	ref, ids, err := r.Original(ctx)
	if err == nil && !namesGame(ids, rec.ID) {
		// The interaction's message is another game's: its first answer
		// was not this lobby (a copy of an interaction answered before).
		err = errNotThisGame
		replyErr = cmp.Or(replyErr, err)
	}
	if err != nil {
		if replyErr != nil {
			s.log.Warn("opening a lobby", "game", rec.ID, "err", replyErr)
			s.cancelOrphan(ctx, rec.ID)
			return
		}
		// The first click on the lobby names its message instead.
		s.log.Warn("reading the lobby message", "game", rec.ID, "err", err)
		return
	}
	unlock := s.lock(rec.ID)
	defer unlock()
	// Another process may take the first click on the lobby meanwhile: its
	// commit comes first, and the message is recorded in what it stored.
	for tries := 0; ; tries++ {
		rec, err = s.store.Get(ctx, rec.ID)
		if err == nil {
			t, err = decodeTable(rec)
		}
		if err == nil {
			lg := s.liveLocked(rec.ID, t)
			lg.update(func(o *ledger) {
				if o.Board.ID == "" {
					o.Board, o.BoardRev = ref, max(o.BoardRev, 1)
				}
			})
			_, err = s.save(ctx, lg, rec, t)
		}
		if err == nil || !errors.Is(err, storage.ErrConflict) || tries == 2 {
			break
		}
	}
	if err != nil {
		s.log.Error("recording the lobby message", "game", rec.ID, "err", err)
		return
	}
	s.log.Info("lobby opened", "game", rec.ID, "kind", game, "guild", a.Guild)
}

// errNotThisGame is a message that another game's buttons are on.
var errNotThisGame = errors.New("the message belongs to another game")

// namesGame reports whether any of the custom ids is one of game id's.
func namesGame(customIDs []string, id string) bool {
	for _, c := range customIDs {
		if cid, err := parseCustomID(c); err == nil && cid.Game == id {
			return true
		}
	}
	return false
}

// cancelOrphan closes a lobby whose message never reached the channel, so
// it does not linger in /games.
func (s *Service) cancelOrphan(ctx context.Context, id string) {
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	if err != nil {
		return
	}
	rec.Status = storage.Cancelled
	if _, err := s.store.Put(ctx, rec); err != nil {
		s.log.Warn("closing a lobby that was never shown", "game", id, "err", err)
	}
}

// Rules is the short how-to of a game, in the language of a, who asked.
func (s *Service) Rules(ctx context.Context, a Actor, game string) *Message {
	say := s.say(ctx, a)
	g, ok := s.games.Get(game)
	if !ok {
		return Text(say.T("board.rules.soon", "game", truncate(s.GameName(game), 100)))
	}
	info := g.Info()
	return Text(truncate(fmt.Sprintf("## %s\n%s", say.Say(s.title(info)), say.Say(info.Rules)), maxContent))
}

// Games lists the open games of the actor's server that the actor can
// see: those in the channel they asked from, and those they play in.
// Other channels may be private, so they are left out.
func (s *Service) Games(ctx context.Context, a Actor) *Message {
	say := s.say(ctx, a)
	recs, err := s.listOpen(ctx, storage.Filter{Guild: a.Guild, OnlyOpen: true})
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, ""))
	}
	var lines []string
	for _, rec := range recs {
		if rec.Guild != a.Guild || rec.Channel != a.Channel && !containsString(rec.Users, a.User) {
			continue
		}
		t, err := decodeTable(rec)
		if err != nil {
			s.log.Error("listing game", "game", rec.ID, "err", err)
			continue
		}
		state := say.T("board.games.lobby")
		if rec.Status == storage.Playing {
			state = s.waitingOn(say, rec, t)
		}
		line := say.T("board.games.line", "id", rec.ID, "game", s.GameName(rec.Game), "channel", rec.Channel, "n", len(t.Seats), "state", state)
		if t.Out.Board.ID != "" {
			line += say.T("board.games.board_link", "link", JumpLink(rec.Guild, t.Out.Board))
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return Text(say.T("board.games.none"))
	}
	var out strings.Builder
	for _, l := range lines {
		if out.Len()+len(l)+1 > 1900 {
			out.WriteString(say.T("board.more"))
			break
		}
		out.WriteString(l + "\n")
	}
	return Text(out.String())
}

// listOpen lists records; one that cannot be read is logged and left out,
// never allowed to stop the listing for everyone else.
func (s *Service) listOpen(ctx context.Context, f storage.Filter) ([]storage.Record, error) {
	recs, err := s.store.List(ctx, f)
	if errors.Is(err, storage.ErrCorrupt) {
		s.log.Error("some games could not be read", "err", err)
		return recs, nil
	}
	return recs, err
}

func containsString(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// waitingOn says whose move a running game waits for.
func (s *Service) waitingOn(say i18n.Printer, rec storage.Record, t *table) string {
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		return say.T("board.games.running")
	}
	if len(st.Active()) == 0 {
		return say.T("board.games.finished")
	}
	return say.T("board.games.waiting", "names", t.waitingNames(st))
}

// Abandon ends a game without a winner. id may be empty when the actor's
// channel has one open game.
func (s *Service) Abandon(ctx context.Context, a Actor, id string) *Message {
	s.inflight.Add(1)
	defer s.inflight.Done()
	say := s.say(ctx, a)
	if id == "" {
		recs, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
		if err != nil {
			return Text(s.playerError(s.say(ctx, a), err, ""))
		}
		switch len(recs) {
		case 0:
			return Text(say.T("board.abandon.none_here"))
		case 1:
			id = recs[0].ID
		default:
			var ids []string
			for _, rec := range recs {
				ids = append(ids, "`"+rec.ID+"` "+say.Say(s.GameName(rec.Game)))
			}
			return Text(truncate(say.T("board.abandon.several", "games", strings.Join(ids, ", ")), maxContent))
		}
	}
	if !validGameID(id) {
		return Text(say.T("board.abandon.bad_id"))
	}
	unlock := s.lock(id)
	defer unlock()
	rec, err := s.store.Get(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && rec.Guild != a.Guild {
		return Text(say.T("board.abandon.not_here"))
	}
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, id))
	}
	if !rec.Status.Open() {
		return Text(say.T("board.abandon.ended", "id", id))
	}
	t, err := decodeTable(rec)
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, id))
	}
	if a.User != t.Host && !a.Admin {
		return Text(say.T("board.abandon.not_host"))
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return Text(s.playerError(s.say(ctx, a), fmt.Errorf("game kind %q is not registered", rec.Game), id))
	}
	var st games.State
	if rec.Status == storage.Playing {
		if st, err = s.decodeState(rec.Game, t); err != nil {
			return Text(s.playerError(s.say(ctx, a), err, id))
		}
	}
	rec.Status = storage.Cancelled
	t.Outcome = s.tableSay(t).T("board.abandon.outcome", "name", escapeText(a.Name))
	if st != nil {
		t.Result = t.endResult(rec, st.Result(), s.cfg.Clock.Now(), true)
	}
	t.Rev++
	lg := s.liveLocked(id, t)
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, id))
	}
	s.publish(lg, &snapshot{rec: stored, t: t, st: st, info: g.Info()}, "", nil)
	s.log.Info("game abandoned", "game", id)
	return Text(say.T("board.abandon.done", "id", id))
}

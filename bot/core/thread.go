package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// noThread marks, in the ledger, a game that asked for a thread but plays
// on in its channel: the thread could not be made (no permission, the
// lobby message deleted, a channel that has no threads).
const noThread = "-"

// threadRetry is how long the games a server's setting sends to threads
// play on in a channel that could not hold one before it is tried again:
// asking sooner would only be refused, unless an admin gave the bot its
// permissions meanwhile.
const threadRetry = time.Hour

// threadless is why a channel could not hold a game's thread, and when
// that was found.
type threadless struct {
	err error
	at  time.Time
}

// channel is where a game's channel messages go: its thread once it has
// one, else the channel it was opened in.
func channelOf(rec storage.Record, out ledger) string {
	if out.Thread != "" && out.Thread != noThread {
		return out.Thread
	}
	return rec.Channel
}

// threadPending reports whether a game still waits for its thread, which
// holds back what it sends to its channel until then.
func threadPending(sn *snapshot, out ledger) bool {
	return sn.t.Thread && sn.rec.Status != storage.Lobby && out.Thread == "" && out.Board.ID != ""
}

// moveToThread gives a game that just started its own thread, opened
// from the lobby message, and sends the board there; the lobby message
// says where the game went. It reports whether the lane's work here is
// done (false: try again later).
func (s *Service) moveToThread(lg *liveGame, l *lane, sn *snapshot, out ledger) bool {
	lobby := out.Board
	if err := s.knownThreadless(sn); err != nil {
		s.stayInChannel(lg, l, sn, lobby, err, false)
		return false
	}
	name := truncate(fmt.Sprintf("%s · %s", s.tableSay(sn.t).Say(s.title(sn.info)), strings.Join(sn.t.names(), ", ")), 100)
	var thread string
	err, superseded := s.try(lg, l, "thread", func(ctx context.Context) (err error) {
		thread, err = s.cfg.Discord.StartThread(ctx, out.Board, name)
		return err
	})
	if superseded {
		return false
	}
	var tmp *Temporary
	if errors.As(err, &tmp) {
		return false
	}
	if err != nil {
		s.stayInChannel(lg, l, sn, lobby, err, s.threadRefused(sn, err))
		return false
	}
	lg.update(func(o *ledger) { o.Thread, o.Board, o.BoardRev = thread, MessageRef{}, 0 })
	m, err := s.boardMessage(sn)
	if err != nil {
		s.log.Error("drawing the board", "game", lg.id, "err", err)
		return false
	}
	var ref MessageRef
	err, _ = s.try(lg, l, "board in thread", func(ctx context.Context) (err error) {
		ref, err = s.cfg.Discord.Send(ctx, thread, m)
		return err
	})
	if errors.Is(err, ErrForbidden) {
		// Made, but closed to the bot: the game plays on in its channel.
		s.stayInChannel(lg, l, sn, lobby, err, s.threadRefused(sn, err))
		return false
	}
	if err != nil {
		return false
	}
	s.threadlessMu.Lock()
	delete(s.threadless, sn.rec.Channel)
	s.threadlessMu.Unlock()
	lg.update(func(o *ledger) { o.Board, o.BoardRev = ref, max(o.BoardRev, sn.t.Rev) })
	pointer := s.threadPointer(s.tableSay(sn.t), sn, thread)
	if err, _ := s.try(lg, l, "lobby pointer", func(ctx context.Context) error { return s.cfg.Discord.Edit(ctx, lobby, pointer) }); err != nil {
		s.log.Warn("pointing the lobby at the thread", "game", lg.id, "err", err)
	}
	return true
}

// threadPointer is what the lobby message becomes once its game plays in
// thread, said by say.
func (s *Service) threadPointer(say i18n.Printer, sn *snapshot, thread string) *Message {
	return &Message{Content: say.T("lobby.thread.pointer", "game", s.title(sn.info), "id", sn.rec.ID, "names", strings.Join(sn.t.textNames(), ", "), "thread", thread)}
}

// knownThreadless is why the game's channel could not hold a thread
// lately, nil when it could or was not tried since threadRetry. A host
// who asks for a thread has it tried whatever the channel's past.
func (s *Service) knownThreadless(sn *snapshot) error {
	if sn.t.ThreadAsked {
		return nil
	}
	s.threadlessMu.Lock()
	defer s.threadlessMu.Unlock()
	if c, ok := s.threadless[sn.rec.Channel]; ok && s.cfg.Clock.Now().Sub(c.at) < threadRetry {
		return c.err
	}
	return nil
}

// threadRefused records why a game could not have its thread and reports
// whether its channel is told. A host who asked for the thread is always
// told. Where the server's setting asked, a channel that cannot hold
// threads (no permission, a thread itself) is told once, as every game
// there would say the same, and its next games do not ask for a while
// (see knownThreadless); any other failure (the lobby deleted, Discord's
// own trouble) is the log's.
func (s *Service) threadRefused(sn *snapshot, err error) bool {
	if !errors.Is(err, ErrForbidden) && !errors.Is(err, ErrChannelKind) {
		return sn.t.ThreadAsked
	}
	s.threadlessMu.Lock()
	defer s.threadlessMu.Unlock()
	_, known := s.threadless[sn.rec.Channel]
	s.threadless[sn.rec.Channel] = threadless{err: err, at: s.cfg.Clock.Now()}
	return sn.t.ThreadAsked || !known
}

// stayInChannel leaves a game that could not move to a thread in its
// channel, its lobby message becoming the board on the lane's next pass,
// and, if tell says so, tells the channel why, so that nobody waits for a
// thread.
func (s *Service) stayInChannel(lg *liveGame, l *lane, sn *snapshot, lobby MessageRef, err error, tell bool) {
	s.log.Warn("the game stays in its channel", "game", lg.id, "err", err)
	lg.update(func(o *ledger) { o.Thread, o.Board, o.BoardRev = noThread, lobby, 0 })
	if !tell {
		return
	}
	say := s.tableSay(sn.t)
	note := &Message{Content: say.T("lobby.thread.plays_here", "game", s.title(sn.info), "id", sn.rec.ID, "reason", noThreadReason(say, err))}
	if !sn.t.ThreadAsked {
		note.Content = say.T("lobby.thread.games_play_here", "reason", noThreadReason(say, err))
	}
	if err, _ := s.try(lg, l, "no thread note", func(ctx context.Context) error {
		_, err := s.cfg.Discord.Send(ctx, sn.rec.Channel, note)
		return err
	}); err != nil {
		s.log.Warn("saying why the game has no thread", "game", lg.id, "err", err)
	}
}

// noThreadReason says in plain words why a thread could not be made, and
// what an admin can do about it.
func noThreadReason(say i18n.Printer, err error) string {
	switch {
	case errors.Is(err, ErrForbidden):
		return say.T("lobby.thread.forbidden")
	case errors.Is(err, ErrChannelKind):
		return say.T("lobby.thread.channel_kind")
	case errors.Is(err, ErrGone):
		return say.T("lobby.thread.lobby_deleted")
	}
	return say.T("lobby.thread.refused")
}

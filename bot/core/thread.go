package core

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/storage"
)

// noThread marks, in the ledger, a game that asked for a thread but plays
// on in its channel: the thread could not be made (no permission, the
// lobby message deleted, a channel that has no threads).
const noThread = "-"

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
	name := truncate(fmt.Sprintf("%s · %s", sn.info.Name, strings.Join(sn.t.names(), ", ")), 100)
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
	lobby := out.Board
	if err != nil {
		s.stayInChannel(lg, l, sn, lobby, err)
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
		s.stayInChannel(lg, l, sn, lobby, err)
		return false
	}
	if err != nil {
		return false
	}
	lg.update(func(o *ledger) { o.Board, o.BoardRev = ref, max(o.BoardRev, sn.t.Rev) })
	pointer := threadPointer(sn, thread)
	if err, _ := s.try(lg, l, "lobby pointer", func(ctx context.Context) error { return s.cfg.Discord.Edit(ctx, lobby, pointer) }); err != nil {
		s.log.Warn("pointing the lobby at the thread", "game", lg.id, "err", err)
	}
	return true
}

// threadPointer is what the lobby message becomes once its game plays in
// thread.
func threadPointer(sn *snapshot, thread string) *Message {
	return &Message{Content: fmt.Sprintf("**%s** · game `%s` · %s\n▶️ Playing in <#%s>.", sn.info.Name, sn.rec.ID, strings.Join(sn.t.textNames(), ", "), thread)}
}

// stayInChannel leaves a game that could not move to a thread in its
// channel, its lobby message becoming the board on the lane's next pass,
// and tells the channel why, so that nobody waits for a thread.
func (s *Service) stayInChannel(lg *liveGame, l *lane, sn *snapshot, lobby MessageRef, err error) {
	s.log.Warn("the game stays in its channel", "game", lg.id, "err", err)
	lg.update(func(o *ledger) { o.Thread, o.Board, o.BoardRev = noThread, lobby, 0 })
	note := &Message{Content: fmt.Sprintf("🧵 **%s** · game `%s` plays here: %s", sn.info.Name, sn.rec.ID, noThreadReason(err))}
	if err, _ := s.try(lg, l, "no thread note", func(ctx context.Context) error {
		_, err := s.cfg.Discord.Send(ctx, sn.rec.Channel, note)
		return err
	}); err != nil {
		s.log.Warn("saying why the game has no thread", "game", lg.id, "err", err)
	}
}

// noThreadReason says in plain words why a thread could not be made, and
// what an admin can do about it.
func noThreadReason(err error) string {
	switch {
	case errors.Is(err, ErrForbidden):
		return "I may not make a thread or write in one here. A server admin can give me **Create Public Threads** and **Send Messages in Threads** in this channel."
	case errors.Is(err, ErrChannelKind):
		return "this channel cannot hold threads of its own (a thread, or a channel without threads)."
	case errors.Is(err, ErrGone):
		return "the lobby message the thread would open from was deleted."
	}
	return "Discord would not make a thread for it."
}

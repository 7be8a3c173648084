package core

import (
	"context"
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Animator turns boards, PNGs as Renderer draws them, into one animated
// GIF. A Renderer that is also an Animator gives every finished game a
// replay, posted after its closing announcement.
type Animator interface {
	Animate(pngs [][]byte) ([]byte, error)
}

// maxReplayFrames bounds the boards drawn for a replay. A longer game is
// shown by an even sample of its turns: at a third of a second a board,
// more would not fit in the half minute a replay lasts.
const maxReplayFrames = 90

// walk rebuilds the game from its setup and every decision in the log,
// handing visit the state at the start and after each decision, with the
// number of decisions applied.
func (t *table) walk(g games.Game, visit func(n int, st games.State) error) (games.State, error) {
	st, err := g.New(t.config())
	if err != nil {
		return nil, err
	}
	if err := visit(0, st); err != nil {
		return nil, err
	}
	for n, e := range t.Log {
		a, err := games.ParseAction(e.Action)
		if err != nil {
			return nil, fmt.Errorf("decision %d: %w", n+1, err)
		}
		if _, err := st.Apply(e.Seat, a); err != nil {
			return nil, fmt.Errorf("decision %d: %w", n+1, err)
		}
		if err := visit(n+1, st); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// replayMoments lists the moments a replay shows, as numbers of decisions
// taken: the start, each decision after which the seats to act are not
// the ones who acted before it (a turn ended), and the end. Beyond
// maxReplayFrames it keeps an even sample, the start and the end always.
func (t *table) replayMoments(g games.Game) ([]int, error) {
	moments := []int{0}
	var active []games.Seat
	_, err := t.walk(g, func(n int, st games.State) error {
		now := slices.Sorted(slices.Values(st.Active()))
		if n > 0 && !slices.Equal(now, active) {
			moments = append(moments, n)
		}
		active = now
		return nil
	})
	if err != nil {
		return nil, err
	}
	if end := t.moves(); moments[len(moments)-1] != end {
		moments = append(moments, end)
	}
	if n := len(moments); n > maxReplayFrames {
		sample := make([]int, maxReplayFrames)
		for i := range sample {
			sample[i] = moments[i*(n-1)/(maxReplayFrames-1)]
		}
		moments = sample
	}
	return moments, nil
}

// replayBoards draws the public board, as the channel shows it, at each
// moment of the game's replay. The game is walked twice, once to find the
// moments and once to draw them, so that only the boards shown are drawn
// and no view outlives the state it was taken from.
func (s *Service) replayBoards(g games.Game, t *table) ([][]byte, error) {
	moments, err := t.replayMoments(g)
	if err != nil {
		return nil, err
	}
	names := t.names()
	pngs := make([][]byte, 0, len(moments))
	_, err = t.walk(g, func(n int, st games.State) error {
		if len(pngs) == len(moments) || moments[len(pngs)] != n {
			return nil
		}
		if err := s.ctx.Err(); err != nil {
			return err
		}
		png, err := s.cfg.Renderer.Board(st.View(games.Observer), names)
		if err != nil {
			return fmt.Errorf("drawing the board after %d decisions: %w", n, err)
		}
		pngs = append(pngs, png)
		return nil
	})
	return pngs, err
}

// syncReplay posts a finished game's replay after its closing
// announcement, once: the ledger records it. Drawing it takes seconds, so
// it is drawn here, by the lane, never under the game's lock. A replay
// that cannot be drawn is given up rather than tried again, as drawing is
// deterministic; one cut short by shutdown is left for the next delivery.
//
// Replays are drawn one at a time: games often end together, and each
// replay holds every board of its game until it is animated. Drawn all at
// once they would take the renderer from the games still in play, and
// their memory would grow with the number of games ending.
func (s *Service) syncReplay(lg *liveGame, l *lane, sn *snapshot) bool {
	anim, ok := s.cfg.Renderer.(Animator)
	out := lg.ledger()
	if !ok || sn.rec.Status != storage.Over || !out.Announced || out.Replayed {
		return true
	}
	msg, err := s.drawReplay(sn, anim)
	if err == nil && !s.renew(lg) {
		// Another process took the game over while this one drew: it
		// posts the replay.
		return false
	}
	if err != nil {
		if s.ctx.Err() != nil {
			return false
		}
		s.log.Error("drawing the replay", "game", lg.id, "err", err)
		lg.update(func(o *ledger) { o.Replayed = true })
		return true
	}
	msg.Nonce = postNonce(sn.rec.ID, "replay")
	err, _ = s.try(lg, l, "replay", func(ctx context.Context) error {
		_, err := s.cfg.Discord.Send(ctx, channelOf(sn.rec, out), msg)
		return err
	})
	if err != nil {
		return false
	}
	lg.update(func(o *ledger) { o.Replayed = true })
	return true
}

// drawReplay draws a replay once no other is being drawn.
func (s *Service) drawReplay(sn *snapshot, anim Animator) (*Message, error) {
	select {
	case s.replaying <- struct{}{}:
	case <-s.ctx.Done():
		return nil, s.ctx.Err()
	}
	defer func() { <-s.replaying }()
	return s.replayMessage(sn, anim)
}

// replayMessage is a finished game's replay: its board after every turn,
// as one animation.
func (s *Service) replayMessage(sn *snapshot, anim Animator) (*Message, error) {
	g, ok := s.games.Get(sn.rec.Game)
	if !ok {
		return nil, fmt.Errorf("game kind %q is not registered", sn.rec.Game)
	}
	pngs, err := s.replayBoards(g, sn.t)
	if err != nil {
		return nil, fmt.Errorf("replaying game %s: %w", sn.rec.ID, err)
	}
	gif, err := anim.Animate(pngs)
	if err != nil {
		return nil, fmt.Errorf("animating game %s: %w", sn.rec.ID, err)
	}
	return &Message{
		Content: fmt.Sprintf("🎞️ The whole game of **%s** `%s` again, turn by turn.", sn.info.Name, sn.rec.ID),
		Image: &Image{
			Name: fmt.Sprintf("replay-%s.gif", sn.rec.ID),
			Alt:  fmt.Sprintf("An animated replay of %s game %s, now that the game is over: the board at the start and after each turn, %d pictures, with %s", sn.info.Name, sn.rec.ID, len(pngs), seatList(sn.t)),
			Data: gif,
		},
	}, nil
}

package core

import (
	"context"
	"fmt"
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Animator turns boards, PNGs as Renderer draws them, into one animated
// GIF: frames boards, the i-th of which board draws when asked. Boards
// are asked for in order, and again from the first if the animation must
// be made again (smaller), so none need be kept once the next is drawn. A
// Renderer that is also an Animator gives every finished game a replay,
// posted after its closing announcement and story.
type Animator interface {
	Animate(frames int, board func(i int) ([]byte, error)) ([]byte, error)
}

// maxReplayFrames bounds the boards drawn for a replay. A longer game is
// shown by an even sample of its turns: at a third of a second a board,
// more would not fit in the half minute a replay lasts.
const maxReplayFrames = 90

// walk rebuilds the game from its setup and every decision in the log,
// handing visit the state at the start and after each decision, with the
// number of decisions applied.
func (t *table) walk(g games.Game, visit func(n int, st games.State) error) (games.State, error) {
	cfg := t.config()
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	if v, ok := st.(games.Versioned); ok && cfg.Content == "" && len(t.State) > 0 {
		// A record saved before its game named a content version: the
		// saved state knows the version it was dealt from.
		saved, err := g.Decode(t.State)
		if sv, ok := saved.(games.Versioned); err == nil && ok && sv.Content() != v.Content() {
			cfg.Content = sv.Content()
			if st, err = g.New(cfg); err != nil {
				return nil, err
			}
		}
	}
	if err := visit(0, st); err != nil {
		return nil, err
	}
	for n := range t.Log {
		if err := t.decide(st, n); err != nil {
			return nil, err
		}
		if err := visit(n+1, st); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// decide applies the log's decision n to st.
func (t *table) decide(st games.State, n int) error {
	_, err := t.play(st, n)
	return err
}

// play applies the log's decision n to st and returns what it did.
func (t *table) play(st games.State, n int) ([]games.Event, error) {
	e := t.Log[n]
	a, err := games.ParseAction(e.Action)
	if err != nil {
		return nil, fmt.Errorf("decision %d: %w", n+1, err)
	}
	events, err := st.Apply(e.Seat, a)
	if err != nil {
		return nil, fmt.Errorf("decision %d: %w", n+1, err)
	}
	return events, nil
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

// replayBoards returns how many boards a game's replay shows and a
// function drawing the public board, as the channel showed it and in its
// language, at each of its moments. The game is walked once to find the
// moments, then forward again as boards are asked for, from its start
// when an earlier board is asked for: one board and one state are held at
// a time, never the whole film, and no view outlives the state it was
// taken from.
func (s *Service) replayBoards(g games.Game, t *table) (int, func(i int) ([]byte, error), error) {
	moments, err := t.replayMoments(g)
	if err != nil {
		return 0, nil, err
	}
	names, lang := t.names(), s.tableSay(t).Lang()
	var st games.State
	taken := 0
	board := func(i int) ([]byte, error) {
		if err := s.ctx.Err(); err != nil {
			return nil, err
		}
		if st == nil || moments[i] < taken {
			fresh, err := g.New(t.config())
			if err != nil {
				return nil, err
			}
			st, taken = fresh, 0
		}
		for ; taken < moments[i]; taken++ {
			if err := t.decide(st, taken); err != nil {
				return nil, err
			}
		}
		png, err := s.cfg.Renderer.Board(st.View(games.Observer), names, lang)
		if err != nil {
			return nil, fmt.Errorf("drawing the board after %d decisions: %w", taken, err)
		}
		return png, nil
	}
	return len(moments), board, nil
}

// syncReplay posts a finished game's replay after its closing
// announcement and story (the lane tells it first), once: the ledger
// records it. Drawing it takes seconds, so
// it is drawn here, by the lane, never under the game's lock. A replay
// that cannot be drawn is given up rather than tried again, as drawing is
// deterministic; one cut short by shutdown is left for the next delivery.
//
// Replays are drawn one at a time: games often end together, and drawn
// all at once they would take the renderer from the games still in play,
// and their memory would grow with the number of games ending.
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
// as one animation, with words in the game's language, as its channel
// reads them.
func (s *Service) replayMessage(sn *snapshot, anim Animator) (*Message, error) {
	g, ok := s.games.Get(sn.rec.Game)
	if !ok {
		return nil, fmt.Errorf("game kind %q is not registered", sn.rec.Game)
	}
	frames, board, err := s.replayBoards(g, sn.t)
	if err != nil {
		return nil, fmt.Errorf("replaying game %s: %w", sn.rec.ID, err)
	}
	gif, err := anim.Animate(frames, board)
	if err != nil {
		return nil, fmt.Errorf("animating game %s: %w", sn.rec.ID, err)
	}
	say := s.tableSay(sn.t)
	return &Message{
		Content: say.T("log.replay.text", "game", s.title(sn.info), "id", sn.rec.ID),
		Image: &Image{
			Name: fmt.Sprintf("replay-%s.gif", sn.rec.ID),
			Alt:  say.T("log.replay.alt", "game", s.title(sn.info), "id", sn.rec.ID, "n", frames, "players", seatList(sn.t)),
			Data: gif,
		},
		Rows: []Row{{stepsButton(say, sn.rec.ID, sn.t.moves())}},
	}, nil
}

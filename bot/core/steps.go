package core

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// verbSteps steps privately through a game's boards as the channel saw
// them; its move slot holds the number of decisions taken at the board to
// show, and its fourth part names the control that was used.
const verbSteps = "steps"

// The controls of a step-through, numbered in its custom_ids: none opens
// it from a public message, the rest move it in place.
const (
	stepOpen = iota
	stepFirst
	stepBack
	stepForward
	stepLatest
	stepJump // a select menu of nearby moves; the move is the chosen value
	stepControls
)

// stepWindow is how many moves either side of the one shown the jump
// menu offers, besides the first and the latest.
const stepWindow = (maxSelectOpt - 3) / 2

// stepsButton opens a game's boards to step through, at the board drawn
// after moves decisions; its label is in say's language.
func stepsButton(say i18n.Printer, game string, moves int) Component {
	return Component{Kind: Button, Label: say.T("log.steps.open.label"), Style: Secondary, CustomID: customID{Verb: verbSteps, Game: game, Move: moves}.String()}
}

// stepsClick answers a step-through's controls. Opening it always gives a
// new private message, so a /log page or a board it was opened from stays;
// a control on that message turns it in place. Like a log, it reads only a
// committed record and draws outside any lock.
func (s *Service) stepsClick(ctx context.Context, c Click, cid customID, r Responder) {
	m, refusal := s.stepsMessage(ctx, c.Actor, cid)
	if refusal != "" {
		s.reply(ctx, r, Text(refusal))
		return
	}
	if cid.Menu == stepOpen || !c.Ephemeral {
		m.Private = true
		s.reply(ctx, r, m)
		return
	}
	if err := r.Update(ctx, m); err != nil {
		s.log.Warn("stepping through a game", "game", cid.Game, "err", err)
	}
}

// stepsMessage draws the public board of a game after the decisions cid
// asks for, with what they did and the controls to move on, or says why
// it cannot. The game is shown to those who may read its log.
func (s *Service) stepsMessage(ctx context.Context, a Actor, cid customID) (*Message, string) {
	say := s.say(ctx, a)
	rec, t, msg := s.logRecord(ctx, say, a, cid.Game)
	if msg != "" {
		return nil, msg
	}
	if len(t.State) == 0 {
		return nil, say.T("log.steps.not_started", "game", rec.ID)
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return nil, s.playerError(s.say(ctx, a), fmt.Errorf("game kind %q is not registered", rec.Game), rec.ID)
	}
	total, step := t.moves(), cid.Move
	if cid.Menu == stepLatest {
		step = total
	}
	if step > total {
		return nil, say.T("log.steps.no_move", "game", rec.ID, "n", total, "move", step)
	}
	captions, png, err := s.stepBoard(say, g, t, step, stepChoices(step, total))
	if err != nil {
		return nil, s.playerError(s.say(ctx, a), err, rec.ID)
	}
	var sb strings.Builder
	sb.WriteString(say.T("log.steps.head", "game", s.GameName(rec.Game), "id", rec.ID))
	if t.Out.Board.ID != "" {
		sb.WriteString(" · " + say.T("log.board_link", "url", JumpLink(rec.Guild, t.Out.Board)))
	}
	sb.WriteString("\n" + say.T("log.steps.move", "move", step, "of", total, "caption", captions[step]))
	if step == total && t.Outcome != "" {
		sb.WriteString("\n" + t.Outcome)
	}
	at := func(ctl, n int) string {
		return customID{Verb: verbSteps, Game: rec.ID, Move: n, Menu: ctl}.String()
	}
	open := rec.Status.Open()
	rows := []Row{{
		{Kind: Button, Label: say.T("log.steps.first.label"), Style: Secondary, CustomID: at(stepFirst, 0), Disabled: step == 0},
		{Kind: Button, Label: say.T("log.steps.back.label"), Style: Secondary, CustomID: at(stepBack, max(step-1, 0)), Disabled: step == 0},
		{Kind: Button, Label: say.T("log.steps.forward.label"), Style: Secondary, CustomID: at(stepForward, min(step+1, total)), Disabled: step == total},
		// A running game goes on meanwhile: its latest board is worth
		// asking for again.
		{Kind: Button, Label: say.T("log.steps.latest.label"), Style: Secondary, CustomID: at(stepLatest, total), Disabled: step == total && !open},
	}}
	if total > 0 {
		var opts []Option
		for _, n := range stepChoices(step, total) {
			opts = append(opts, Option{Label: truncate(say.T("log.steps.option", "move", n, "caption", captions[n]), maxOptLabel), Value: strconv.Itoa(n)})
		}
		rows = append(rows, Row{{Kind: Select, Placeholder: say.T("log.steps.jump"), Min: 1, Max: 1, Options: opts, CustomID: at(stepJump, step)}})
	}
	return &Message{
		Content: truncate(sb.String(), maxContent),
		Image: &Image{
			Name: fmt.Sprintf("%s-%s-move%d.png", rec.Game, rec.ID, step),
			Alt:  say.T("log.steps.alt", "game", s.GameName(rec.Game), "id", rec.ID, "move", step, "of", total, "players", seatList(t)),
			Data: png,
		},
		Rows: rows,
	}, ""
}

// stepChoices are the moves the jump menu offers when move step of total
// is shown: the start, the latest, and those nearest step.
func stepChoices(step, total int) []int {
	lo, hi := max(step-stepWindow, 0), min(step+stepWindow, total)
	out := []int{}
	if lo > 0 {
		out = append(out, 0)
	}
	for n := lo; n <= hi; n++ {
		out = append(out, n)
	}
	if hi < total {
		out = append(out, total)
	}
	return out
}

// stepBoard rebuilds the game from its start, draws its public board after
// step decisions, and says in words what each of the wanted decisions
// did, from the events everyone saw; the core's own words are in say's
// language. The board is drawn as it is reached, while the state it was
// taken from stands.
func (s *Service) stepBoard(say i18n.Printer, g games.Game, t *table, step int, wanted []int) (map[int]string, []byte, error) {
	st, err := g.New(t.config())
	if err != nil {
		return nil, nil, err
	}
	names := t.textNames()
	captions := map[int]string{0: say.T("log.steps.begins", "players", strings.Join(names, ", "))}
	var png []byte
	draw := func() error {
		png, err = s.cfg.Renderer.Board(st.View(games.Observer), t.names(), say.Lang())
		if err != nil {
			return fmt.Errorf("drawing the board after %d decisions: %w", step, err)
		}
		return nil
	}
	if step == 0 {
		if err := draw(); err != nil {
			return nil, nil, err
		}
	}
	want := map[int]bool{}
	for _, n := range wanted {
		want[n] = true
	}
	for n := range wanted[len(wanted)-1] {
		events, err := t.play(st, n)
		if err != nil {
			return nil, nil, err
		}
		if n+1 == step {
			if err := draw(); err != nil {
				return nil, nil, err
			}
		}
		if !want[n+1] {
			continue
		}
		var said []string
		for _, ev := range events {
			if ev.Public() {
				said = append(said, say.Say(ev.Format(names)))
			}
		}
		if len(said) == 0 {
			said = []string{moved(say, names, t.Log[n].Seat)}
		}
		captions[n+1] = strings.Join(said, " ")
	}
	return captions, png, nil
}

// moved says that a seat took a decision that told nothing in public, or
// that the game did, for a decision no seat took.
func moved(say i18n.Printer, names []string, seat games.Seat) string {
	if seat < 0 || int(seat) >= len(names) {
		return say.T("log.steps.game_moved")
	}
	return say.T("log.steps.moved", "player", names[seat])
}

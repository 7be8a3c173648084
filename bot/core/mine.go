package core

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// Dashboard buttons. A dashboard names no game, so their game slot holds
// noGame; the move slot holds the page to show. The Next button's game
// slot holds the waiting game it showed last, or noGame.
const (
	verbMine = "mine"
	verbNext = "next"
	noGame   = "0"
)

// minePageBudget is what the games of one dashboard page may fill,
// leaving room for its heading within a message.
const minePageBudget = maxContent - 200

// myGame is one open game of a player's dashboard.
type myGame struct {
	rec storage.Record
	// line describes the game; waiting says it waits for the player, due
	// is the deadline of whoever it waits for (zero without a clock), and
	// buttons is the message that holds the player's buttons.
	line    string
	waiting bool
	due     time.Time
	buttons string
}

// MyGames answers /mygames with the first page of the actor's dashboard.
func (s *Service) MyGames(ctx context.Context, a Actor) *Message {
	return s.dashboard(ctx, a, 1)
}

// dashboard lists every open game the actor sits in, in every server:
// those waiting for their move first, the one due soonest first, each
// with a link to the message holding their buttons; then the others, the
// most recently active first. It works in a DM with the bot too, and is
// always answered privately. One read of the player's open games serves
// a page, however many games they play.
func (s *Service) dashboard(ctx context.Context, a Actor, page int) *Message {
	say := s.say(ctx, a)
	mine, err := s.myGames(ctx, a, say)
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, ""))
	}
	if len(mine) == 0 {
		return Text(say.T("mine.none"))
	}
	waiting := 0
	lines := make([]string, len(mine))
	for i, g := range mine {
		lines[i] = g.line
		if g.waiting {
			waiting++
		}
	}
	pages := pageLines(lines, minePageBudget)
	page = max(1, min(page, len(pages)))
	var out strings.Builder
	if waiting == 0 {
		out.WriteString(say.T("mine.head_none"))
	} else {
		out.WriteString(say.T("mine.head", "n", waiting))
	}
	if len(pages) > 1 {
		out.WriteString(say.T("mine.page", "page", page, "pages", len(pages)))
	}
	out.WriteString("\n" + pages[page-1])
	m := Text(out.String())
	row := Row{nextButton(say, noGame, waiting == 0)}
	if len(pages) > 1 {
		at := func(p int) string { return customID{Verb: verbMine, Game: noGame, Move: p}.String() }
		row = append(row,
			Component{Kind: Button, Label: say.T("mine.earlier.label"), Style: Secondary, CustomID: at(max(page-1, 1)), Disabled: page == 1},
			Component{Kind: Button, Label: say.T("mine.later.label"), Style: Secondary, CustomID: at(min(page+1, len(pages))), Disabled: page == len(pages)})
	}
	m.Rows = []Row{row}
	return m
}

// nextButton leads to the waiting game after the one named by after.
func nextButton(say i18n.Printer, after string, disabled bool) Component {
	return Component{Kind: Button, Label: say.T("mine.next.label"), Style: Primary, CustomID: customID{Verb: verbNext, Game: after}.String(), Disabled: disabled}
}

// nextWaiting answers the Next button: a private message linking to the
// buttons of the game waiting for the actor that follows after in the
// dashboard's order, from the first again at the end. It is worked out
// at the click, from the games as they are then: a link button's address
// is fixed when the dashboard is drawn, and a game moved on since would
// still be offered.
func (s *Service) nextWaiting(ctx context.Context, a Actor, after string) *Message {
	say := s.say(ctx, a)
	mine, err := s.myGames(ctx, a, say)
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, ""))
	}
	var waiting []myGame
	for _, g := range mine {
		if g.waiting {
			waiting = append(waiting, g)
		}
	}
	if len(waiting) == 0 {
		return Text(say.T("mine.next_none"))
	}
	n := 0
	if i := slices.IndexFunc(waiting, func(g myGame) bool { return g.rec.ID == after }); i >= 0 {
		n = (i + 1) % len(waiting)
	}
	g := waiting[n]
	m := Text(say.T("mine.next_head", "n", n+1, "of", len(waiting)) + "\n" + g.line)
	m.Rows = []Row{{nextButton(say, g.rec.ID, len(waiting) == 1)}}
	return m
}

// mineClick serves the dashboard's buttons: a page turns in place, Next
// answers with a message of its own. Reading needs no lock: the
// dashboard only reads committed records.
func (s *Service) mineClick(ctx context.Context, c Click, cid customID, r Responder) {
	if cid.Verb == verbNext {
		s.reply(ctx, r, s.nextWaiting(ctx, c.Actor, cid.Game))
		return
	}
	m := s.dashboard(ctx, c.Actor, cid.Move)
	if !c.Ephemeral {
		s.reply(ctx, r, m)
		return
	}
	if err := r.Update(ctx, m); err != nil {
		s.log.Warn("turning a dashboard's page", "err", err)
	}
}

// myGames reads the actor's open games, in the dashboard's order, each
// described in say's language.
func (s *Service) myGames(ctx context.Context, a Actor, say i18n.Printer) ([]myGame, error) {
	recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
	if err != nil {
		return nil, err
	}
	sortNewest(recs)
	out := make([]myGame, 0, len(recs))
	for _, rec := range recs {
		t, err := decodeTable(rec)
		if err != nil {
			s.log.Error("listing game", "game", rec.ID, "err", err)
			continue
		}
		out = append(out, s.myGame(say, rec, t, a))
	}
	slices.SortStableFunc(out, func(x, y myGame) int {
		switch {
		case x.waiting != y.waiting:
			if x.waiting {
				return -1
			}
			return 1
		case !x.waiting || x.due.Equal(y.due):
			return 0
		case x.due.IsZero():
			return 1
		case y.due.IsZero():
			return -1
		}
		return x.due.Compare(y.due)
	})
	return out, nil
}

// myGame describes one game for the dashboard of a: its title and id,
// where it plays, the opponents, whose move it is and until when, its
// last activity and a link to where the player acts. It shows what the
// board shows and nothing of any hand.
func (s *Service) myGame(say i18n.Printer, rec storage.Record, t *table, a Actor) myGame {
	g := myGame{rec: rec}
	if t.Out.Board.ID != "" {
		g.buttons = JumpLink(rec.Guild, t.Out.Board)
	}
	where := "<#" + channelOf(rec, t.Out) + ">"
	switch {
	case rec.Guild == "":
	case rec.Guild == a.Guild:
		where = say.T("mine.here", "channel", where)
	default:
		where = say.T("mine.elsewhere", "channel", where)
	}
	var opponents []string
	for _, st := range t.Seats {
		if st.AI || st.User != a.User {
			opponents = append(opponents, escapeText(st.Name))
		}
	}
	vs := say.T("mine.alone")
	if len(opponents) > 0 {
		vs = say.T("mine.versus", "players", truncate(strings.Join(opponents, ", "), 80))
	}
	head := fmt.Sprintf("**%s** `%s` · %s · %s", say.Say(s.GameName(rec.Game)), rec.ID, where, vs)
	active := " · " + say.T("mine.active", "when", fmt.Sprintf("<t:%d:R>", rec.Updated.Unix()))
	link := func(label string) string {
		if g.buttons == "" {
			return ""
		}
		return " · [" + say.T(label) + "](" + g.buttons + ")"
	}
	if rec.Status == storage.Lobby {
		g.line = fmt.Sprintf("🕓 %s · %s%s%s", head, say.T("mine.lobby", "n", len(t.Seats)), active, link("mine.link.lobby"))
		return g
	}
	acting, err := s.acting(rec, t)
	if err != nil {
		g.line = fmt.Sprintf("▫️ %s · %s%s%s", head, say.T("mine.running"), active, link("mine.link.board"))
		return g
	}
	seat, seated := t.seatOf(a.User)
	g.waiting = seated && slices.Contains(acting, seat)
	var waitingFor []string
	for _, other := range acting {
		waitingFor = append(waitingFor, escapeText(t.Seats[other].Name))
	}
	turn := say.T("mine.waiting_for", "players", strings.Join(waitingFor, ", "))
	if g.waiting {
		turn = say.T("mine.your_move")
		g.due = t.seatDue(seat)
		if kind, ok := s.games.Get(rec.Game); ok && kind.Info().Private {
			if c := t.Out.Players[a.User]; c != nil && c.View.ID != "" && c.ClosedAt.IsZero() {
				g.buttons = JumpLink("", c.View)
			}
		}
	} else {
		for _, other := range acting {
			if d := t.seatDue(other); !d.IsZero() && (g.due.IsZero() || d.Before(g.due)) {
				g.due = d
			}
		}
	}
	if !g.due.IsZero() {
		turn = say.T("mine.due", "turn", turn, "when", fmt.Sprintf("<t:%d:R>", g.due.Unix()))
	}
	label, mark := "mine.link.board", "▫️"
	if g.waiting {
		label, mark = "mine.link.buttons", "👉"
	}
	g.line = fmt.Sprintf("%s %s · %s%s%s", mark, head, turn, active, link(label))
	return g
}

// acting lists the seats a running game waits for. Each commit notes
// them in the table (Choices, see decisions.go), so a dashboard of
// hundreds of games decodes no game's state; a table from before that
// is asked its state.
func (s *Service) acting(rec storage.Record, t *table) ([]games.Seat, error) {
	if len(t.Choices) != len(t.Seats) {
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			return nil, err
		}
		return st.Active(), nil
	}
	var out []games.Seat
	for i, c := range t.Choices {
		if c != "" {
			out = append(out, games.Seat(i))
		}
	}
	return out, nil
}

// seatDue is the deadline of seat's current decision, zero when the table
// has no clock or the seat is a machine's.
func (t *table) seatDue(seat games.Seat) time.Time {
	if t.Clock == nil || int(seat) >= len(t.Clock.Seats) || int(seat) >= len(t.Seats) || t.Seats[seat].AI {
		return time.Time{}
	}
	return t.Clock.Seats[seat].Due
}

// sortNewest orders records by their last activity, newest first.
func sortNewest(recs []storage.Record) {
	slices.SortStableFunc(recs, func(a, b storage.Record) int { return b.Updated.Compare(a.Updated) })
}

// recentClosed is how many of a player's latest games the suggestions
// look through besides the open ones: a suggestion costs the same for a
// player of ten thousand games as for one of ten, and an older game is
// still named by typing its id.
const recentClosed = 50

// GameChoices suggests games for a command's game option as the actor
// types: the games they sit in (with closed set, their recentClosed
// latest ones too), and in a server the open games of the channel they
// type in, most recently active first, filtered by what was typed.
func (s *Service) GameChoices(ctx context.Context, a Actor, typed string, closed bool) []Choice {
	say := s.say(ctx, a)
	recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
	if err != nil {
		s.log.Warn("suggesting games", "err", err)
		return nil
	}
	if closed {
		latest, err := s.listOpen(ctx, storage.Filter{User: a.User, Last: recentClosed})
		if err != nil {
			s.log.Warn("suggesting games", "err", err)
			return nil
		}
		recs = append(recs, latest...)
	}
	if a.Channel != "" && a.Guild != "" {
		here, err := s.listOpen(ctx, storage.Filter{Channel: a.Channel, OnlyOpen: true})
		if err == nil {
			recs = append(recs, here...)
		}
	}
	sortNewest(recs)
	typed = strings.ToLower(strings.TrimSpace(typed))
	seen := map[string]bool{}
	var out []Choice
	for _, rec := range recs {
		if seen[rec.ID] || a.Guild != "" && rec.Guild != a.Guild && rec.Channel != a.Channel {
			continue
		}
		seen[rec.ID] = true
		t, err := decodeTable(rec)
		if err != nil {
			continue
		}
		name := s.choiceName(say, rec, t)
		if typed != "" && !s.suggests(name, rec, typed) {
			continue
		}
		out = append(out, Choice{Name: name, Value: rec.ID})
		if len(out) == maxSelectOpt {
			break
		}
	}
	return out
}

// suggests reports whether a game named name in a suggestion list
// matches what was typed: its name in the reader's language, or the
// game's id or English name, which players of any language may type.
func (s *Service) suggests(name string, rec storage.Record, typed string) bool {
	for _, text := range []string{name, rec.Game, s.words.In(i18n.English).Say(s.GameName(rec.Game))} {
		if strings.Contains(strings.ToLower(text), typed) {
			return true
		}
	}
	return false
}

// choiceName describes a game in a suggestion list, in at most the 100
// characters Discord shows.
func (s *Service) choiceName(say i18n.Printer, rec storage.Record, t *table) string {
	state := say.T(map[storage.Status]string{
		storage.Lobby: "mine.state.lobby", storage.Playing: "mine.state.playing", storage.Over: "mine.state.over", storage.Cancelled: "mine.state.abandoned",
	}[rec.Status])
	return truncate(fmt.Sprintf("%s · %s · %s · %s", say.Say(s.GameName(rec.Game)), strings.Join(t.names(), ", "), state, rec.ID), maxOptLabel)
}

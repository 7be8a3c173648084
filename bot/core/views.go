package core

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// aiNames are given to AI seats in turn; the robot makes them obvious.
var aiNames = []string{"Robin", "Sasha", "Kit", "Noor", "Juno", "Milo", "Wren", "Ezra"}

// boardMessage is what the board message shows for a snapshot: the lobby,
// or the game drawn as the channel sees it with the buttons of the person
// to act, or how it ended.
func (s *Service) boardMessage(sn *snapshot) (*Message, error) {
	say := s.tableSay(sn.t)
	if sn.st == nil {
		if sn.rec.Status == storage.Cancelled {
			return &Message{Content: say.T("board.lobby.cancelled", "game", s.title(sn.info), "id", sn.rec.ID, "outcome", sn.t.Outcome)}, nil
		}
		return s.lobbyMessage(sn), nil
	}
	t, st := sn.t, sn.st
	png, err := s.draw(sn.rec.ID, placeBoard, st.View(games.Observer), t.names(), say.Lang())
	if err != nil {
		return nil, fmt.Errorf("drawing game %s: %w", sn.rec.ID, err)
	}
	var sb strings.Builder
	sb.WriteString(say.T("board.head", "game", s.title(sn.info), "id", sn.rec.ID))
	if d := describe(say, sn.info, t.Options); d != "" {
		fmt.Fprintf(&sb, " · %s", d)
	}
	sb.WriteByte('\n')
	for _, line := range t.Recent {
		fmt.Fprintf(&sb, "> %s\n", say.Say(line))
	}
	var rows []Row
	if t.Outcome != "" {
		sb.WriteString(t.Outcome)
		sb.WriteString("\n" + say.T("board.log_hint", "id", sn.rec.ID))
	} else {
		fmt.Fprintf(&sb, "➡️ %s", say.Say(games.FormatSeats(st.Prompt(), t.mentions())))
		sb.WriteString(s.clockLines(say, t, st))
		if sn.info.Private {
			rows = []Row{{{Kind: Button, Label: say.T("board.show_hand.label"), Style: Secondary, CustomID: customID{Verb: verbHand, Game: sn.rec.ID}.String()}}}
		} else if seat, ok := t.activeHuman(st); ok {
			rows = choiceRows(say, sn, seat)
		}
	}
	// The history sits beside "Show my hand", else in a row of its own
	// after the look menu: a board whose rows are full keeps its choices
	// and its look menu and goes without it, since /log offers it too.
	history := stepsButton(s.tableSay(t), sn.rec.ID, t.moves())
	beside := besideLast(rows, history)
	if _, ok := st.(games.Inspector); ok && len(rows) < maxRows && sn.rec.Status != storage.Cancelled {
		rows = append(rows, lookRow(say, sn))
	}
	if !beside {
		rows = withButton(rows, history)
	}
	return &Message{
		Content: truncate(sb.String(), maxContent),
		Image: &Image{
			Name: fmt.Sprintf("%s-%s-%d.png", sn.rec.Game, sn.rec.ID, t.moves()),
			Alt:  say.T("board.alt", "game", s.title(sn.info), "id", sn.rec.ID, "n", t.moves(), "turn", whoseTurn(say, t, st, games.Observer), "players", seatList(t)),
			Data: png,
		},
		Rows: rows,
	}, nil
}

// withButton adds a button beside the buttons of the last row when it has
// room and holds no choices of a move, else in a row of its own when the
// message has room for one.
func withButton(rows []Row, b Component) []Row {
	if !besideLast(rows, b) && len(rows) < maxRows {
		rows = append(rows, Row{b})
	}
	return rows
}

// besideLast adds a button to the last row, in place, when it has room and
// holds only buttons that are no choices of a move, and says whether it
// did.
func besideLast(rows []Row, b Component) bool {
	n := len(rows)
	if n == 0 || len(rows[n-1]) >= maxRowButtons {
		return false
	}
	for _, c := range rows[n-1] {
		if id, err := parseCustomID(c.CustomID); c.Kind != Button || err != nil || id.Verb == verbMove {
			return false
		}
	}
	rows[n-1] = append(rows[n-1], b)
	return true
}

func seatList(t *table) string {
	return strings.Join(t.names(), ", ")
}

// whoseTurn says, in an image's description, whose decision the game
// waits for, as the message beside it does: a reader who cannot see the
// image learns the same.
func whoseTurn(say i18n.Printer, t *table, st games.State, viewer games.Seat) string {
	if t.Outcome != "" || len(st.Active()) == 0 {
		return say.T("board.turn.over")
	}
	return say.T("board.turn.waiting", "names", t.activeNames(st, func(s games.Seat) string {
		if s == viewer {
			return say.T("board.turn.you")
		}
		return t.Seats[s].Name
	}))
}

func (s *Service) lobbyMessage(sn *snapshot) *Message {
	t, info := sn.t, sn.info
	say := s.tableSay(t)
	var sb strings.Builder
	sb.WriteString(say.T("board.lobby.head", "game", s.title(info), "id", sn.rec.ID, "host", t.Host, "min", info.MinSeats, "max", info.MaxSeats) + "\n")
	if d := describe(say, info, t.Options); d != "" {
		sb.WriteString(say.T("board.lobby.options", "options", d) + "\n")
	}
	sb.WriteString(say.T("board.lobby.clock", "clock", s.clockText(say, t)) + "\n")
	sb.WriteString(say.T("board.lobby.players", "n", len(t.Seats), "max", info.MaxSeats) + "\n")
	for n, s := range t.Seats {
		fmt.Fprintf(&sb, "%d. %s\n", n+1, escapeText(s.Name))
	}
	sb.WriteString(invitedLine(say, t))
	sb.WriteString(say.T("board.lobby.invite"))
	id := func(verb string) string { return customID{Verb: verb, Game: sn.rec.ID}.String() }
	full := len(t.Seats) >= info.MaxSeats
	return &Message{
		Content: truncate(sb.String(), maxContent),
		Rows: []Row{{
			{Kind: Button, Label: say.T("board.lobby.join.label"), Style: Success, CustomID: id(verbJoin), Disabled: full},
			{Kind: Button, Label: say.T("board.lobby.leave.label"), Style: Secondary, CustomID: id(verbLeave)},
			{Kind: Button, Label: say.T("board.lobby.add_ai.label"), Style: Secondary, CustomID: id(verbAddAI), Disabled: full},
			{Kind: Button, Label: say.T("board.lobby.start.label"), Style: Primary, CustomID: id(verbStart)},
			{Kind: Button, Label: say.T("board.lobby.cancel.label"), Style: Danger, CustomID: id(verbCancel)},
		}},
	}
}

// privateMessage draws what one seat alone may see, with the buttons for
// that seat's own decisions: the living DM, or the answer to "Show my
// hand". Both are read by the seat's player alone, in their language.
func (s *Service) privateMessage(sn *snapshot, seat games.Seat, say i18n.Printer) (*Message, error) {
	t, st := sn.t, sn.st
	if st == nil {
		return nil, fmt.Errorf("game %s has no private view before it starts", sn.rec.ID)
	}
	png, err := s.draw(sn.rec.ID, placeSeat+strconv.Itoa(int(seat)), st.View(seat), t.names(), say.Lang())
	if err != nil {
		return nil, fmt.Errorf("drawing seat %d of game %s: %w", seat, sn.rec.ID, err)
	}
	var sb strings.Builder
	sb.WriteString(say.T("board.private.head", "game", s.title(sn.info), "id", sn.rec.ID, "channel", sn.rec.Channel, "link", JumpLink(sn.rec.Guild, sn.t.Out.Board)) + "\n")
	if sn.playing() {
		sb.WriteString(s.sinceLastMove(say, sn, seat))
	}
	for _, note := range t.Notes[int(seat)] {
		fmt.Fprintf(&sb, "🔒 %s\n", say.Say(note))
	}
	var rows []Row
	switch {
	case sn.rec.Status == storage.Cancelled:
		sb.WriteString(say.T("board.private.abandoned", "outcome", t.Outcome))
	case t.Outcome != "":
		sb.WriteString(say.T("board.private.over"))
	case games.IsActive(st, seat):
		fmt.Fprintf(&sb, "➡️ %s", say.Say(games.FormatSeats(promptTo(st, seat), t.textNames())))
		rows = choiceRows(say, sn, seat)
	default:
		sb.WriteString(say.T("board.private.waiting", "names", t.waitingNames(st)))
	}
	return &Message{
		Content: truncate(sb.String(), maxContent),
		Image: &Image{
			Name: fmt.Sprintf("%s-%s-%d-you.png", sn.rec.Game, sn.rec.ID, t.moves()),
			Alt:  say.T("board.private.alt", "game", s.title(sn.info), "id", sn.rec.ID, "n", t.moves(), "name", t.Seats[seat].Name, "turn", whoseTurn(say, t, st, seat)),
			Data: png,
		},
		Rows: rows,
	}, nil
}

// promptTo is what seat's player reads in their own DM: the game's words
// to them when it has them (games.Addresser), else its public prompt.
func promptTo(st games.State, seat games.Seat) string {
	if a, ok := st.(games.Addresser); ok {
		return a.PromptTo(seat)
	}
	return st.Prompt()
}

// lookRow is the menu on the board of a game whose seats have boards of
// their own (games.Inspector): anyone may look at one, privately.
func lookRow(say i18n.Printer, sn *snapshot) Row {
	var opts []Option
	for i, name := range sn.t.names()[:min(len(sn.t.Seats), maxSelectOpt)] {
		opts = append(opts, Option{Label: truncate(name, maxOptLabel), Value: strconv.Itoa(i)})
	}
	return Row{{
		Kind: Select, Placeholder: say.T("board.look.placeholder"), Min: 1, Max: 1, Options: opts,
		CustomID: customID{Verb: verbLook, Game: sn.rec.ID}.String(),
	}}
}

// lookMessage draws one seat's own board as anyone may see it
// (games.Inspector), for whoever asked and in their words: only they
// read the answer.
func (s *Service) lookMessage(sn *snapshot, seat games.Seat, say i18n.Printer) (*Message, error) {
	insp, ok := sn.st.(games.Inspector)
	if !ok {
		return nil, fmt.Errorf("game %s has no boards of its seats to look at", sn.rec.ID)
	}
	png, err := s.draw(sn.rec.ID, placeLook+strconv.Itoa(int(seat)), insp.Inspect(seat), sn.t.names(), say.Lang())
	if err != nil {
		return nil, fmt.Errorf("drawing seat %d's board of game %s: %w", seat, sn.rec.ID, err)
	}
	name := sn.t.Seats[seat].Name
	return &Message{
		Content: truncate(say.T("board.look.head", "game", s.title(sn.info), "id", sn.rec.ID, "name", escapeText(name), "link", JumpLink(sn.rec.Guild, sn.t.Out.Board)), maxContent),
		Image: &Image{
			Name: fmt.Sprintf("%s-%s-%d-seat%d.png", sn.rec.Game, sn.rec.ID, sn.t.moves(), seat+1),
			Alt:  say.T("board.look.alt", "name", name, "game", s.title(sn.info), "id", sn.rec.ID, "n", sn.t.moves(), "turn", whoseTurn(say, sn.t, sn.st, games.Observer)),
			Data: png,
		},
	}, nil
}

// privateKey fingerprints what a seat's private message shows: its view,
// its notes, the state of the game, when it has to act the decision
// number its buttons carry, and the language it is written in.
func privateKey(sn *snapshot, seat games.Seat, lang i18n.Lang) string {
	h := sha256.New()
	if sn.st != nil {
		v, _ := json.Marshal(sn.st.View(seat))
		h.Write(v)
		if games.IsActive(sn.st, seat) {
			fmt.Fprintf(h, "\x00asked %d", sn.t.asked(seat))
		} else {
			fmt.Fprintf(h, "\x00waiting %v", sn.st.Active())
		}
	}
	fmt.Fprintf(h, "\x00%d\x00%s\x00%q\x00%s", sn.rec.Status, sn.t.Outcome, sn.t.Notes[int(seat)], sn.t.Out.Board.ID)
	// The DM opens with what happened since the seat last decided.
	fmt.Fprintf(h, "\x00since %d", sn.t.sinceSeat(seat))
	// A player who changed their language reads the DM in the new one
	// from the next time it is delivered.
	fmt.Fprintf(h, "\x00lang %s", lang)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// choiceRows turns a seat's choices into components: a select menu per
// subset choice (with a button for picking none when that is allowed),
// and buttons for the rest, or select menus when there are more than fit.
func choiceRows(say i18n.Printer, sn *snapshot, seat games.Seat) []Row {
	t, id := sn.t, sn.rec.ID
	asked := t.asked(seat)
	names := t.names()
	label := func(text string) string { return say.Say(games.FormatSeats(text, names)) }
	var rows []Row
	var plain []games.Choice
	for _, c := range sn.st.Legal(seat) {
		if c.Pick == nil {
			plain = append(plain, c)
			continue
		}
		if c.Pick.Min == 0 {
			plain = append(plain, games.Choice{Action: c.Action, Label: say.T("board.pick_none.label", "choice", truncate(label(c.Label), 70))})
		}
		var opts []Option
		for _, it := range c.Pick.Items[:min(len(c.Pick.Items), maxSelectOpt)] {
			opts = append(opts, Option{Label: truncate(label(it.Label), maxOptLabel), Value: strconv.Itoa(it.Arg)})
		}
		lo := max(c.Pick.Min, 1)
		hi := min(c.Pick.Max, len(opts))
		if len(opts) == 0 || lo > hi || len(rows) == maxRows-1 {
			continue
		}
		rows = append(rows, Row{{
			Kind: Select, Placeholder: truncate(label(c.Label), maxHolder),
			CustomID: customID{Verb: verbSubset, Game: id, Move: asked, Action: c.Action}.String(),
			Min:      lo, Max: hi, Options: opts,
		}})
	}
	free := maxRows - len(rows)
	if len(plain) <= 5*free {
		var row Row
		for _, c := range plain {
			row = append(row, Component{
				Kind: Button, Style: Primary,
				Label:    truncate(label(c.Label), maxLabel),
				CustomID: customID{Verb: verbMove, Game: id, Move: asked, Action: c.Action}.String(),
			})
			if len(row) == maxRowButtons {
				rows = append(rows, row)
				row = nil
			}
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
		return rows
	}
	for start, menu := 0, 0; start < len(plain) && len(rows) < maxRows; start, menu = start+maxSelectOpt, menu+1 {
		chunk := plain[start:min(start+maxSelectOpt, len(plain))]
		var opts []Option
		for _, c := range chunk {
			opts = append(opts, Option{Label: truncate(label(c.Label), maxOptLabel), Value: c.Action.String()})
		}
		rows = append(rows, Row{{
			Kind: Select, Placeholder: say.T("board.choose.placeholder"), Min: 1, Max: 1, Options: opts,
			CustomID: customID{Verb: verbPick, Game: id, Move: asked, Menu: menu}.String(),
		}})
	}
	return rows
}

// outcome is the closing line, in say's words: who won and everyone's score.
func outcome(say i18n.Printer, t *table, res games.Result) string {
	order := make([]int, len(t.Seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, c int) int { return res.Rank[a] - res.Rank[c] })
	var winners []string
	for _, w := range res.Winners() {
		winners = append(winners, "**"+t.playedBy(say, w)+"**")
	}
	var sb strings.Builder
	top := say.Say(res.ScoreText(res.Winners()[0]))
	if len(winners) == 1 {
		sb.WriteString(say.T("board.outcome.wins", "winner", winners[0], "score", top))
	} else {
		sb.WriteString(say.T("board.outcome.share", "winners", strings.Join(winners, say.T("board.outcome.and")), "score", top))
	}
	for _, s := range order {
		fmt.Fprintf(&sb, "\n%d. %s: %s", res.Rank[s], t.playedBy(say, games.Seat(s)), say.Say(res.ScoreText(games.Seat(s))))
		if s < len(res.Detail) && res.Detail[s] != "" {
			fmt.Fprintf(&sb, " (%s)", say.Say(res.Detail[s]))
		}
	}
	return sb.String()
}

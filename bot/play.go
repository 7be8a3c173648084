package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// maxAutoSteps bounds the forced and AI decisions taken after one click. It
// is far above any real chain; reaching it means a broken engine, which
// must not hang a handler.
const maxAutoSteps = 5000

func (b *Bot) onComponent(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply) {
	data := i.MessageComponentData()
	cid, err := parseCustomID(data.CustomID)
	if err != nil {
		r.private("That button is not one of mine, or it is too old to use.")
		return
	}
	if cid.Verb == verbPick {
		if len(data.Values) != 1 {
			r.private("Pick exactly one option.")
			return
		}
		a, err := games.ParseAction(data.Values[0])
		if err != nil {
			r.private("That option is not one of mine, or it is too old to use.")
			return
		}
		cid.Verb, cid.Action = verbMove, a
	}
	if cid.Verb == verbSubset {
		for _, v := range data.Values {
			n, err := strconv.Atoi(v)
			if err != nil || strconv.Itoa(n) != v {
				r.private("That option is not one of mine, or it is too old to use.")
				return
			}
			cid.Action.Args = append(cid.Action.Args, n)
		}
	}
	unlock := b.lock(cid.Game)
	defer unlock()
	rec, err := b.store.Get(ctx, cid.Game)
	if err != nil {
		r.private(b.playerError(err, cid.Game))
		return
	}
	t, err := decodeTable(rec)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	switch cid.Verb {
	case verbJoin, verbLeave, verbAddAI, verbStart, verbCancel:
		if rec.Status != storage.Lobby {
			r.private("This lobby is closed.")
			return
		}
		b.onLobby(ctx, s, i, r, rec, t, cid)
	case verbMove, verbSubset:
		b.onMove(ctx, s, i, r, rec, t, cid)
	case verbHand:
		b.onHand(i, r, rec, t)
	default:
		r.private("That button is not one of mine, or it is too old to use.")
	}
}

// start turns a full lobby into a running game on the same message.
func (b *Bot) start(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, g games.Game) {
	st, err := g.New(t.config())
	if err != nil {
		r.private(fmt.Sprintf("Can't start: %s.", err))
		return
	}
	if v, ok := st.(games.Versioned); ok {
		t.Content = v.Content()
	}
	t.narrate(fmt.Sprintf("The game begins: %s.", strings.Join(t.names(), ", ")))
	t.Notes = nil
	if err := b.advance(t, st, g); err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	rec.Status = storage.Playing
	if i.Message != nil {
		t.Board = msgRef{Channel: i.ChannelID, ID: i.Message.ID}
	}
	b.commitAndShow(ctx, s, i, r, rec, t, st, 0)
	b.log.Info("game started", "game", rec.ID, "kind", rec.Game, "seats", len(t.Seats))
}

func (b *Bot) onMove(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, cid customID) {
	switch rec.Status {
	case storage.Lobby:
		r.private("This game hasn't started yet.")
		return
	case storage.Over, storage.Cancelled:
		r.private("This game has ended.")
		return
	}
	user := userOf(i)
	seat, ok := t.seatOf(user.ID)
	if !ok {
		r.private("You're not in this game. Start your own with `/newgame`.")
		return
	}
	g, _ := b.games.Get(rec.Game)
	st, err := b.decodeState(rec.Game, t)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	if !games.IsActive(st, seat) {
		r.private(fmt.Sprintf("It's not your turn: waiting for %s.", b.waitingNames(t, st)))
		return
	}
	if cid.Move != t.asked(seat) {
		r.private("That board is out of date: the game has moved on. Use the buttons on the latest board.")
		return
	}
	action := cid.Action
	if cid.Verb == verbSubset {
		action = orderPicked(st.Legal(seat), action)
	}
	events, err := st.Apply(seat, action)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	from := len(t.Log)
	t.Log = append(t.Log, logEntry{Seat: seat, Action: action.String()})
	t.Notes = nil
	t.narrateEvents(events)
	if err := b.advance(t, st, g); err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	b.commitAndShow(ctx, s, i, r, rec, t, st, from)
	b.log.Debug("move", "game", rec.ID, "seat", seat, "moves", t.moves())
}

// advance applies what nobody needs to be asked about: decisions with a
// single legal choice, and the AI seats' moves. It stops when a person must
// decide or the game is over.
func (b *Bot) advance(t *table, st games.State, g games.Game) error {
	ai := g.AI()
	for range maxAutoSteps {
		if len(st.Active()) == 0 {
			return nil
		}
		seat, a, ok := games.Forced(st)
		if !ok {
			seat, ok = t.activeAI(st)
			if !ok {
				return nil
			}
			// The AI draws from its own generator, seeded from the game and
			// the move number, so replays need only the log.
			a = ai.Choose(st, seat, rand.New(rand.NewPCG(t.Seed, uint64(len(t.Log)))))
		}
		events, err := st.Apply(seat, a)
		if err != nil {
			// Neither the action nor the engine's reason goes into the error:
			// in a game with hidden hands either can name a card, and this
			// error is logged, never shown as a player's mistake.
			return fmt.Errorf("automatic move %d for seat %d refused: %v", len(t.Log), seat, errors.Unwrap(err))
		}
		t.Log = append(t.Log, logEntry{Seat: seat, Action: a.String()})
		t.narrateEvents(events)
	}
	return errors.New("automatic moves did not stop")
}

func (t *table) activeAI(st games.State) (games.Seat, bool) {
	for _, s := range st.Active() {
		if int(s) < len(t.Seats) && t.Seats[s].AI {
			return s, true
		}
	}
	return 0, false
}

// narrateEvents keeps the public events for the board, and the private
// ones as notes for the seats they are addressed to: those never reach the
// channel.
func (t *table) narrateEvents(events []games.Event) {
	names := t.names()
	for _, e := range events {
		if e.Public() {
			t.narrate(e.Format(names))
			continue
		}
		if t.Notes == nil {
			t.Notes = map[int][]string{}
		}
		for _, seat := range e.To {
			t.Notes[int(seat)] = append(t.Notes[int(seat)], e.Format(names))
		}
	}
}

// orderPicked puts the items of a subset action in the order of its
// choice's Items, as the engine expects; a select menu sends them in the
// order they were clicked.
func orderPicked(legal []games.Choice, a games.Action) games.Action {
	for _, c := range legal {
		if c.Pick == nil || c.Action.Kind != a.Kind || len(a.Args) < len(c.Action.Args) {
			continue
		}
		prefix := games.Action{Kind: a.Kind, Args: a.Args[:len(c.Action.Args)]}
		if !prefix.Equal(c.Action) {
			continue
		}
		picked := a.Args[len(c.Action.Args):]
		out := games.Action{Kind: a.Kind, Args: slices.Clone(prefix.Args)}
		for _, it := range c.Pick.Items {
			if slices.Contains(picked, it.Arg) {
				out.Args = append(out.Args, it.Arg)
			}
		}
		if len(out.Args)-len(prefix.Args) == len(picked) {
			return out
		}
	}
	return a
}

func (b *Bot) waitingNames(t *table, st games.State) string {
	var who []string
	for _, s := range st.Active() {
		who = append(who, t.Seats[s].Name)
	}
	return strings.Join(who, ", ")
}

// commitAndShow stores the game and only then shows it: nothing is shown
// that is not on disk. The clicked message is redrawn in place (the board,
// or the clicker's private view when the click came from a DM or a "Show
// my hand" reply, in which case the board is edited separately). Then
// private views go out and whoever must act next is pinged.
//
// from is the log length before this click: every seat that acted since
// faces a new decision, if any.
func (b *Bot) commitAndShow(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, st games.State, from int) {
	rec, err := b.commit(ctx, rec, t, st, from)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	clicker := userOf(i).ID
	var inPlace games.Seat = -1
	onBoard := i.Message == nil || i.Message.ID == t.Board.ID
	if onBoard {
		msg, err := b.boardMessage(rec, t, st)
		if err != nil {
			r.private(b.playerError(err, rec.ID))
			return
		}
		r.update(msg)
	} else {
		seat, _ := t.seatOf(clicker)
		msg, err := b.privateMessage(rec, t, st, seat)
		if err != nil {
			r.private(b.playerError(err, rec.ID))
			return
		}
		r.update(msg)
		inPlace = seat
		b.editBoard(ctx, s, rec, t, st)
	}
	b.spread(ctx, s, rec, t, st, inPlace, clicker)
}

// commit writes the game after a change: its state, who faces a new
// decision, and the outcome once it is over.
func (b *Bot) commit(ctx context.Context, rec storage.Record, t *table, st games.State, from int) (storage.Record, error) {
	state, err := st.MarshalBinary()
	if err != nil {
		return rec, err
	}
	t.State = state
	t.Fresh = t.refreshDecisions(st, t.actedSince(from))
	res := st.Result()
	if res.Over {
		rec.Status = storage.Over
		t.Outcome = b.outcome(t, res)
	} else {
		t.TurnFrom, t.Reminded = b.cfg.Now().UTC(), 0
	}
	return b.save(ctx, rec, t)
}

// spread tells everyone else about a committed change: private views to
// those whose view changed (inPlace was already redrawn by the click),
// then a ping to whoever faces a new decision, leaving out the clicker.
func (b *Bot) spread(ctx context.Context, s *discordgo.Session, rec storage.Record, t *table, st games.State, inPlace games.Seat, clicker string) {
	// What follows only records what was sent (ping ids, DM fingerprints);
	// the game itself is already safe on disk.
	changed := false
	if g, _ := b.games.Get(rec.Game); g.Info().Private {
		changed = b.sendPrivateViews(s, rec, t, st, inPlace)
	}
	if b.notify(s, rec, t, b.toPing(t, t.Fresh, clicker)) || changed {
		if _, err := b.save(ctx, rec, t); err != nil {
			b.log.Warn("saving what was sent", "game", rec.ID, "err", err)
		}
	}
}

// boardMessage draws the game as the channel sees it, with the buttons of
// the seat to act.
func (b *Bot) boardMessage(rec storage.Record, t *table, st games.State) (*discordgo.InteractionResponseData, error) {
	png, err := b.cfg.Renderer.Board(st.View(games.Observer), t.names())
	if err != nil {
		return nil, fmt.Errorf("drawing game %s: %w", rec.ID, err)
	}
	var sb strings.Builder
	g, _ := b.games.Get(rec.Game)
	info := g.Info()
	fmt.Fprintf(&sb, "**%s** · game `%s`", info.Name, rec.ID)
	if d := games.Describe(info.Options, t.Options); d != "" {
		fmt.Fprintf(&sb, " · %s", d)
	}
	sb.WriteByte('\n')
	for _, line := range t.Recent {
		fmt.Fprintf(&sb, "> %s\n", line)
	}
	var components []discordgo.MessageComponent
	if t.Outcome != "" {
		sb.WriteString(t.Outcome)
	} else {
		fmt.Fprintf(&sb, "➡️ %s", games.FormatSeats(st.Prompt(), t.mentions()))
		if info.Private {
			components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Show my hand", Style: discordgo.SecondaryButton, CustomID: customID{Verb: verbHand, Game: rec.ID}.String()},
			}}}
		} else if seat, ok := t.activeHuman(st); ok {
			components = b.choiceComponents(rec, t, seat, st.Legal(seat))
		}
	}
	return imageMessage(sb.String(), components, fmt.Sprintf("%s-%s-%d.png", rec.Game, rec.ID, t.moves()), png), nil
}

// imageMessage is a message that shows one image, replacing any the message
// had, with text that pings nobody: edits never ping anyway, and a new
// board must not ping the whole table.
func imageMessage(content string, components []discordgo.MessageComponent, name string, png []byte) *discordgo.InteractionResponseData {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponseData{
		Content:         truncate(content, 2000),
		Components:      components,
		Files:           []*discordgo.File{pngFile(name, png)},
		Attachments:     keepOnlyUpload(),
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}
}

// maxButtons is what five action rows of five buttons hold; beyond it
// choices go into select menus of up to 25 options each.
const (
	maxButtons   = 25
	maxSelectOpt = 25
	maxRows      = 5
)

// keepOnlyUpload is the "attachments" list of an edit that replaces the
// image: only the new upload, files[0], stays. Without it an edit keeps the
// old files and a board message would pile up images.
func keepOnlyUpload() *[]*discordgo.MessageAttachment {
	return &[]*discordgo.MessageAttachment{{ID: "0"}}
}

func pngFile(name string, png []byte) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(png)}
}

func (t *table) activeHuman(st games.State) (games.Seat, bool) {
	for _, s := range st.Active() {
		if !t.Seats[s].AI {
			return s, true
		}
	}
	return 0, false
}

// choiceComponents turns a seat's choices into components: a select menu
// per subset choice (with a button for picking none when that is allowed),
// and buttons for the rest, or select menus when there are more than fit.
func (b *Bot) choiceComponents(rec storage.Record, t *table, seat games.Seat, choices []games.Choice) []discordgo.MessageComponent {
	asked := t.asked(seat)
	var rows []discordgo.MessageComponent
	var plain []games.Choice
	for _, c := range choices {
		if c.Pick == nil {
			plain = append(plain, c)
			continue
		}
		if c.Pick.Min == 0 {
			plain = append(plain, games.Choice{Action: c.Action, Label: truncate(c.Label, 70) + ": none"})
		}
		var opts []discordgo.SelectMenuOption
		for _, it := range c.Pick.Items[:min(len(c.Pick.Items), maxSelectOpt)] {
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(games.FormatSeats(it.Label, t.names()), 100), Value: strconv.Itoa(it.Arg)})
		}
		lo := max(c.Pick.Min, 1)
		hi := min(c.Pick.Max, len(opts))
		if len(opts) == 0 || lo > hi || len(rows) == maxRows-1 {
			b.log.Error("a subset choice does not fit a select menu", "game", rec.ID, "items", len(c.Pick.Items))
			continue
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, Placeholder: truncate(games.FormatSeats(c.Label, t.names()), 150),
			CustomID:  customID{Verb: verbSubset, Game: rec.ID, Move: asked, Action: c.Action}.String(),
			MinValues: &lo, MaxValues: hi, Options: opts,
		}}})
	}
	free := maxRows - len(rows)
	if len(plain) <= 5*free {
		var row []discordgo.MessageComponent
		for _, c := range plain {
			row = append(row, discordgo.Button{
				Label:    truncate(games.FormatSeats(c.Label, t.names()), 80),
				Style:    discordgo.PrimaryButton,
				CustomID: customID{Verb: verbMove, Game: rec.ID, Move: asked, Action: c.Action}.String(),
			})
			if len(row) == 5 {
				rows = append(rows, discordgo.ActionsRow{Components: row})
				row = nil
			}
		}
		if len(row) > 0 {
			rows = append(rows, discordgo.ActionsRow{Components: row})
		}
		return rows
	}
	for start, menu := 0, 0; start < len(plain) && len(rows) < maxRows; start, menu = start+maxSelectOpt, menu+1 {
		chunk := plain[start:min(start+maxSelectOpt, len(plain))]
		var opts []discordgo.SelectMenuOption
		for _, c := range chunk {
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(games.FormatSeats(c.Label, t.names()), 100), Value: c.Action.String()})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, Placeholder: "Choose your move", Options: opts,
			CustomID: customID{Verb: verbPick, Game: rec.ID, Move: asked, Menu: menu}.String(),
		}}})
	}
	return rows
}

// outcome is the closing line: who won and everyone's score.
func (b *Bot) outcome(t *table, res games.Result) string {
	order := make([]int, len(t.Seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, c int) int { return res.Rank[a] - res.Rank[c] })
	var winners []string
	for _, w := range res.Winners() {
		winners = append(winners, "**"+t.Seats[w].Name+"**")
	}
	var sb strings.Builder
	top := res.ScoreText(res.Winners()[0])
	if len(winners) == 1 {
		fmt.Fprintf(&sb, "🏆 %s wins with %s!", winners[0], top)
	} else {
		fmt.Fprintf(&sb, "🏆 %s share the win with %s!", strings.Join(winners, " and "), top)
	}
	for _, s := range order {
		fmt.Fprintf(&sb, "\n%d. %s: %s", res.Rank[s], t.Seats[s].Name, res.ScoreText(games.Seat(s)))
		if s < len(res.Detail) && res.Detail[s] != "" {
			fmt.Fprintf(&sb, " (%s)", res.Detail[s])
		}
	}
	return sb.String()
}

// toPing lists the people of seats who are to be told it is their move,
// leaving out whoever just clicked (they are looking at the game).
func (b *Bot) toPing(t *table, seats []games.Seat, clicker string) []string {
	var users []string
	for _, seat := range seats {
		if p := t.Seats[seat]; !p.AI && p.User != clicker && !slices.Contains(users, p.User) {
			users = append(users, p.User)
		}
	}
	return users
}

// notify tells people what the new position asks of them. Board edits do
// not ping, so the next player gets a fresh message, and the previous
// reminder is removed to keep the channel tidy. At the end everyone gets
// the result. It reports whether t changed.
func (b *Bot) notify(s *discordgo.Session, rec storage.Record, t *table, users []string) bool {
	old := t.Ping
	var content string
	if rec.Status == storage.Over {
		users = t.humans()
		g, _ := b.games.Get(rec.Game)
		content = fmt.Sprintf("**%s** `%s` is over. %s\n%s", g.Info().Name, rec.ID, t.Outcome, jumpLink(rec.Guild, t.Board))
		for _, u := range users {
			content += " <@" + u + ">"
		}
	} else {
		if len(users) == 0 {
			return false
		}
		var who []string
		for _, u := range users {
			who = append(who, "<@"+u+">")
		}
		content = fmt.Sprintf("%s, your move in **%s** `%s`: %s", strings.Join(who, " "), b.gameName(rec.Game), rec.ID, jumpLink(rec.Guild, t.Board))
		if g, _ := b.games.Get(rec.Game); g.Info().Private {
			content += "\nYour choices are in your DMs, or behind **Show my hand** on the board."
		}
		if t.Reminded > 0 {
			content = "⏰ Reminder: " + content
		}
	}
	m, err := s.ChannelMessageSendComplex(rec.Channel, &discordgo.MessageSend{
		Content:         truncate(content, 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: users},
	})
	if err != nil {
		b.log.Warn("sending turn ping", "game", rec.ID, "err", err)
		return false
	}
	if old.ID != "" {
		if err := s.ChannelMessageDelete(old.Channel, old.ID); err != nil {
			b.log.Debug("deleting old ping", "game", rec.ID, "err", err)
		}
	}
	t.Ping = msgRef{Channel: m.ChannelID, ID: m.ID}
	if rec.Status == storage.Over {
		t.Ping = msgRef{}
	}
	return true
}

package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
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
	case verbMove:
		b.onMove(ctx, s, i, r, rec, t, cid)
	case verbHand:
		b.onHand(i, r, rec, t)
	default:
		r.private("That button is not one of mine, or it is too old to use.")
	}
}

// start turns a full lobby into a running game on the same message.
func (b *Bot) start(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, g games.Game) {
	st, err := g.New(games.Config{Seats: len(t.Seats), Options: t.Options, Seed: t.Seed})
	if err != nil {
		r.private(fmt.Sprintf("Can't start: %s.", err))
		return
	}
	t.narrate(fmt.Sprintf("The game begins: %s.", strings.Join(t.names(), ", ")))
	if err := b.advance(t, st, g); err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	rec.Status = storage.Playing
	if i.Message != nil {
		t.Board = msgRef{Channel: i.ChannelID, ID: i.Message.ID}
	}
	b.commitAndShow(ctx, s, i, r, rec, t, st)
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
	if cid.Move != t.moves() {
		r.private("That board is out of date: the game has moved on. Use the buttons on the latest board.")
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
	events, err := st.Apply(seat, cid.Action)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	t.Log = append(t.Log, logEntry{Seat: seat, Action: cid.Action.String()})
	t.narrateEvents(events)
	if err := b.advance(t, st, g); err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	b.commitAndShow(ctx, s, i, r, rec, t, st)
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

// narrateEvents keeps the public events for the board; private ones never
// reach the channel.
func (t *table) narrateEvents(events []games.Event) {
	names := t.names()
	for _, e := range events {
		if e.Public() {
			t.narrate(e.Format(names))
		}
	}
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
func (b *Bot) commitAndShow(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, st games.State) {
	state, err := st.MarshalBinary()
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	t.State = state
	res := st.Result()
	if res.Over {
		rec.Status = storage.Over
		t.Outcome = b.outcome(t, res)
	} else {
		t.TurnFrom, t.Reminded = b.cfg.Now().UTC(), 0
	}
	rec, err = b.save(ctx, rec, t)
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
	// What follows only records what was sent (ping ids, DM fingerprints);
	// the game itself is already safe on disk.
	changed := false
	if g, _ := b.games.Get(rec.Game); g.Info().Private {
		changed = b.sendPrivateViews(s, rec, t, st, inPlace)
	}
	if b.notify(s, rec, t, st, clicker) || changed {
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
				discordgo.Button{Label: "Show my hand", Style: discordgo.SecondaryButton, CustomID: customID{Verb: verbHand, Game: rec.ID, Move: t.moves()}.String()},
			}}}
		} else if seat, ok := t.activeHuman(st); ok {
			components = b.choiceComponents(rec, t, st.Legal(seat))
		}
	}
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponseData{
		Content:         truncate(sb.String(), 2000),
		Components:      components,
		Files:           []*discordgo.File{pngFile(fmt.Sprintf("%s-%s-%d.png", rec.Game, rec.ID, t.moves()), png)},
		Attachments:     keepOnlyUpload(),
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}, nil
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

// choiceComponents turns a seat's choices into buttons, or into select
// menus when there are more than fit.
func (b *Bot) choiceComponents(rec storage.Record, t *table, choices []games.Choice) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if len(choices) <= maxButtons {
		var row []discordgo.MessageComponent
		for _, c := range choices {
			row = append(row, discordgo.Button{
				Label:    truncate(c.Label, 80),
				Style:    discordgo.PrimaryButton,
				CustomID: customID{Verb: verbMove, Game: rec.ID, Move: t.moves(), Action: c.Action}.String(),
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
	for start := 0; start < len(choices) && len(rows) < maxRows; start += maxSelectOpt {
		chunk := choices[start:min(start+maxSelectOpt, len(choices))]
		var opts []discordgo.SelectMenuOption
		for _, c := range chunk {
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(c.Label, 100), Value: c.Action.String()})
		}
		id := customID{Verb: verbPick, Game: rec.ID, Move: t.moves(), Menu: len(rows)}.String()
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: id, Placeholder: "Choose your move", Options: opts,
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

// notify tells people what the new position asks of them. Board edits do
// not ping, so the next player gets a fresh message, and the previous
// reminder is removed to keep the channel tidy. At the end everyone gets
// the result. It reports whether t changed.
func (b *Bot) notify(s *discordgo.Session, rec storage.Record, t *table, st games.State, clicker string) bool {
	old := t.Ping
	var content string
	var users []string
	if rec.Status == storage.Over {
		users = t.humans()
		g, _ := b.games.Get(rec.Game)
		content = fmt.Sprintf("**%s** `%s` is over. %s\n%s", g.Info().Name, rec.ID, t.Outcome, jumpLink(rec.Guild, t.Board))
		for _, u := range users {
			content += " <@" + u + ">"
		}
	} else {
		for _, seat := range st.Active() {
			if u := t.Seats[seat].User; !t.Seats[seat].AI && u != clicker && !slices.Contains(users, u) {
				users = append(users, u)
			}
		}
		if len(users) == 0 {
			return false
		}
		var who []string
		for _, u := range users {
			who = append(who, "<@"+u+">")
		}
		content = fmt.Sprintf("%s, your move in **%s** `%s`: %s", strings.Join(who, " "), b.gameName(rec.Game), rec.ID, jumpLink(rec.Guild, t.Board))
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

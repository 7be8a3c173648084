package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// catalogue lists every game lifebot will offer, built or not, so the
// commands name all five from the start and answer "coming soon" for the
// ones not yet registered.
var catalogue = []struct{ ID, Name string }{
	{"thatslife", "That's Life!"},
	{"life", "Life, the card game"},
	{"lagom", "Lagom"},
	{"alife", "A Life"},
	{"yodo", "You Only Die Once"},
}

// gameChoices offers the catalogue, then any registered game it lacks.
func (b *Bot) gameChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	known := map[string]bool{}
	for _, g := range catalogue {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: g.Name, Value: g.ID})
		known[g.ID] = true
	}
	for _, id := range b.games.IDs() {
		if !known[id] {
			g, _ := b.games.Get(id)
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: g.Info().Name, Value: id})
		}
	}
	return out
}

func (b *Bot) gameName(id string) string {
	if g, ok := b.games.Get(id); ok {
		return g.Info().Name
	}
	for _, g := range catalogue {
		if g.ID == id {
			return g.Name
		}
	}
	return id
}

// commands is the slash-command set. /newgame carries every registered
// game's options; each is checked against the chosen game when used.
func (b *Bot) commands() []*discordgo.ApplicationCommand {
	gameOpt := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc,
			Required: true, Choices: b.gameChoices(),
		}
	}
	newgame := []*discordgo.ApplicationCommandOption{gameOpt("Which game to set up")}
	seen := map[string]bool{"game": true}
	for _, id := range b.games.IDs() {
		g, _ := b.games.Get(id)
		info := g.Info()
		for _, o := range info.Options {
			if seen[o.Key] {
				continue
			}
			seen[o.Key] = true
			newgame = append(newgame, commandOption(info.Name, o))
		}
	}
	perms := int64(discordgo.PermissionSendMessages)
	noDM := false
	return []*discordgo.ApplicationCommand{
		{Name: "newgame", Description: "Open a lobby for a new game in this channel", Options: newgame, DefaultMemberPermissions: &perms, DMPermission: &noDM},
		{Name: "rules", Description: "How to play a game, in short", Options: []*discordgo.ApplicationCommandOption{gameOpt("Which game")}},
		{Name: "games", Description: "Games running in this server", DMPermission: &noDM},
		{Name: "abandon", Description: "End a game in this channel without a winner (host or admins)", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionString, Name: "id", Description: "Game id, when the channel has more than one",
			}}},
	}
}

func commandOption(gameName string, o games.Option) *discordgo.ApplicationCommandOption {
	desc := o.Help
	if desc == "" {
		desc = o.Name
	}
	desc = truncate(gameName+": "+desc, 100)
	opt := &discordgo.ApplicationCommandOption{Name: o.Key, Description: desc}
	switch o.Kind {
	case games.Bool:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	case games.Enum:
		opt.Type = discordgo.ApplicationCommandOptionString
		for _, c := range o.Choices {
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
		}
	case games.Int:
		opt.Type = discordgo.ApplicationCommandOptionInteger
		lo := float64(o.Min)
		opt.MinValue = &lo
		opt.MaxValue = float64(o.Max)
	}
	return opt
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func (b *Bot) onCommand(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply) {
	data := i.ApplicationCommandData()
	switch data.Name {
	case "newgame":
		b.cmdNewGame(ctx, s, i, r, data.Options)
	case "rules":
		b.cmdRules(r, data.Options)
	case "games":
		b.cmdGames(ctx, i, r)
	case "abandon":
		b.cmdAbandon(ctx, s, i, r, data.Options)
	default:
		r.private("I don't know that command any more.")
	}
}

func optionString(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	for _, o := range opts {
		if o.Name == name {
			switch v := o.Value.(type) {
			case string:
				return v
			case bool:
				return strconv.FormatBool(v)
			case float64:
				return strconv.FormatInt(int64(v), 10)
			}
			return fmt.Sprint(o.Value)
		}
	}
	return ""
}

func (b *Bot) cmdRules(r *reply, opts []*discordgo.ApplicationCommandInteractionDataOption) {
	id := optionString(opts, "game")
	g, ok := b.games.Get(id)
	if !ok {
		r.private(fmt.Sprintf("**%s** is coming soon: its rules arrive with the game.", b.gameName(id)))
		return
	}
	info := g.Info()
	r.private(truncate(fmt.Sprintf("## %s\n%s\n\n%s", info.Name, info.Summary, info.Rules), 2000))
}

func (b *Bot) cmdNewGame(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, opts []*discordgo.ApplicationCommandInteractionDataOption) {
	id := optionString(opts, "game")
	g, ok := b.games.Get(id)
	if !ok {
		r.private(fmt.Sprintf("**%s** is coming soon. Try `/newgame game:thatslife` meanwhile.", b.gameName(id)))
		return
	}
	if i.GuildID == "" {
		r.private("Games are played in a server channel, not in DMs.")
		return
	}
	info := g.Info()
	given := games.Options{}
	for _, o := range opts {
		if o.Name != "game" {
			given[o.Name] = optionString(opts, o.Name)
		}
	}
	resolved, err := games.Resolve(info.Options, given)
	if err != nil {
		r.private(fmt.Sprintf("Can't set up %s: %s.", info.Name, err))
		return
	}
	user := userOf(i)
	t := &table{
		V:       recordVersion,
		Game:    id,
		Host:    user.ID,
		Seats:   []seat{{User: user.ID, Name: displayName(i)}},
		Options: resolved,
		Seed:    b.cfg.Seed(),
	}
	data, err := t.encode()
	if err != nil {
		r.private(b.playerError(err, ""))
		return
	}
	rec, err := b.store.Create(ctx, storage.Record{
		Game: id, Guild: i.GuildID, Channel: i.ChannelID, Users: t.humans(), Status: storage.Lobby, Data: data,
	})
	if err != nil {
		r.private(b.playerError(err, ""))
		return
	}
	unlock := b.lock(rec.ID)
	defer unlock()
	r.message(b.lobbyMessage(rec, t, info))
	// The lobby becomes the board, so the game needs its message id.
	m, err := s.InteractionResponse(i)
	if err != nil {
		b.log.Error("reading lobby message", "game", rec.ID, "err", err)
		return
	}
	t.Board = msgRef{Channel: m.ChannelID, ID: m.ID}
	if _, err := b.save(ctx, rec, t); err != nil {
		b.log.Error("saving lobby message id", "game", rec.ID, "err", err)
	}
	b.log.Info("lobby opened", "game", rec.ID, "kind", id, "guild", i.GuildID)
}

func (b *Bot) cmdGames(ctx context.Context, i *discordgo.Interaction, r *reply) {
	recs, err := b.store.List(ctx, storage.Filter{Guild: i.GuildID, OnlyOpen: true})
	if err != nil {
		r.private(b.playerError(err, ""))
		return
	}
	if len(recs) == 0 {
		r.private("No games are running in this server. Start one with `/newgame`.")
		return
	}
	var lines []string
	for _, rec := range recs {
		t, err := decodeTable(rec)
		if err != nil {
			b.log.Error("listing game", "game", rec.ID, "err", err)
			continue
		}
		state := "lobby, waiting for players"
		if rec.Status == storage.Playing {
			state = b.waitingOn(rec, t)
		}
		line := fmt.Sprintf("`%s` **%s** in <#%s> · %d players · %s", rec.ID, b.gameName(rec.Game), rec.Channel, len(t.Seats), state)
		if t.Board.ID != "" {
			line += " · [board](" + jumpLink(rec.Guild, t.Board) + ")"
		}
		lines = append(lines, line)
	}
	var out strings.Builder
	for _, l := range lines {
		if out.Len()+len(l)+1 > 1900 {
			fmt.Fprintf(&out, "…and more.")
			break
		}
		out.WriteString(l + "\n")
	}
	r.private(out.String())
}

// waitingOn says whose move a running game waits for.
func (b *Bot) waitingOn(rec storage.Record, t *table) string {
	st, err := b.decodeState(rec.Game, t)
	if err != nil {
		return "running"
	}
	var who []string
	for _, s := range st.Active() {
		who = append(who, t.Seats[s].Name)
	}
	if len(who) == 0 {
		return "finished"
	}
	return "waiting for " + strings.Join(who, ", ")
}

func (b *Bot) cmdAbandon(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, opts []*discordgo.ApplicationCommandInteractionDataOption) {
	id := optionString(opts, "id")
	if id == "" {
		recs, err := b.store.List(ctx, storage.Filter{Channel: i.ChannelID, OnlyOpen: true})
		if err != nil {
			r.private(b.playerError(err, ""))
			return
		}
		switch len(recs) {
		case 0:
			r.private("There is no open game in this channel.")
			return
		case 1:
			id = recs[0].ID
		default:
			var ids []string
			for _, rec := range recs {
				ids = append(ids, "`"+rec.ID+"` "+b.gameName(rec.Game))
			}
			r.private("This channel has several open games: " + strings.Join(ids, ", ") + ". Say which with `/abandon id:`.")
			return
		}
	}
	if !validGameID(id) {
		r.private("There is no game with that id.")
		return
	}
	unlock := b.lock(id)
	defer unlock()
	rec, err := b.store.Get(ctx, id)
	if err != nil || rec.Guild != i.GuildID {
		r.private("There is no game with that id in this server.")
		return
	}
	if !rec.Status.Open() {
		r.private("That game has already ended.")
		return
	}
	t, err := decodeTable(rec)
	if err != nil {
		r.private(b.playerError(err, id))
		return
	}
	user := userOf(i)
	if user.ID != t.Host && !isAdmin(i) {
		r.private("Only the host or a server admin can abandon this game.")
		return
	}
	rec.Status = storage.Cancelled
	t.Outcome = fmt.Sprintf("Abandoned by %s.", displayName(i))
	if _, err := b.save(ctx, rec, t); err != nil {
		r.private(b.playerError(err, id))
		return
	}
	if t.Board.ID != "" {
		content := fmt.Sprintf("**%s** · game `%s` · %s", b.gameName(rec.Game), rec.ID, t.Outcome)
		noComponents := []discordgo.MessageComponent{}
		if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: t.Board.ID, Channel: t.Board.Channel, Content: &content, Components: &noComponents,
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		}); err != nil {
			b.log.Warn("editing abandoned board", "game", id, "err", err)
		}
	}
	r.private(fmt.Sprintf("Game `%s` is abandoned.", id))
	b.log.Info("game abandoned", "game", id)
}

func isAdmin(i *discordgo.Interaction) bool {
	if i.Member == nil {
		return false
	}
	p := i.Member.Permissions
	return p&discordgo.PermissionAdministrator != 0 || p&discordgo.PermissionManageGuild != 0
}

// save writes t into rec (compare-and-swap on rec.Version) and returns the
// stored record.
func (b *Bot) save(ctx context.Context, rec storage.Record, t *table) (storage.Record, error) {
	data, err := t.encode()
	if err != nil {
		return rec, err
	}
	rec.Data = data
	rec.Users = t.humans()
	return b.store.Put(ctx, rec)
}

// decodeState restores a running game. A saved state this build cannot
// read (an engine's saved form changed across an upgrade, say) is rebuilt
// from the record's move log, so games in progress survive the upgrade.
func (b *Bot) decodeState(game string, t *table) (games.State, error) {
	g, ok := b.games.Get(game)
	if !ok {
		return nil, fmt.Errorf("game kind %q is not registered", game)
	}
	st, err := g.Decode(t.State)
	if err == nil {
		return st, nil
	}
	st, rerr := t.replay(g)
	if rerr != nil {
		return nil, fmt.Errorf("%w; replaying its %d decisions failed too: %v", err, len(t.Log), rerr)
	}
	b.log.Warn("saved state unreadable, rebuilt from the move log", "kind", game, "decisions", len(t.Log), "err", err)
	return st, nil
}

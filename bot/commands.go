package bot

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/games"
)

// gameChoices offers the catalogue, then any registered game it lacks.
func (b *Bot) gameChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	known := map[string]bool{}
	for _, g := range core.Catalogue {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: g.Name, Value: g.ID})
		known[g.ID] = true
	}
	for _, id := range b.cfg.Games.IDs() {
		if !known[id] {
			g, _ := b.cfg.Games.Get(id)
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: g.Info().Name, Value: id})
		}
	}
	return out
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
	for _, o := range b.commonOptions() {
		newgame, seen[o.Name] = append(newgame, o), true
	}
	for _, id := range b.cfg.Games.IDs() {
		g, _ := b.cfg.Games.Get(id)
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
		awayCommand(),
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

func (b *Bot) onCommand(ctx context.Context, i *discordgo.Interaction, r *reply) {
	data := i.ApplicationCommandData()
	a := actor(i)
	switch data.Name {
	case "newgame":
		given := games.Options{}
		for _, o := range data.Options {
			if o.Name != "game" && !isTurnsOption(o.Name) {
				given[o.Name] = optionString(data.Options, o.Name)
			}
		}
		b.svc.NewGame(ctx, a, optionString(data.Options, "game"), given, turnsOf(data.Options), r)
		return
	case "rules":
		b.answer(ctx, r, b.svc.Rules(optionString(data.Options, "game")))
	case "games":
		b.answer(ctx, r, b.svc.Games(ctx, a))
	case "abandon":
		b.answer(ctx, r, b.svc.Abandon(ctx, a, optionString(data.Options, "id")))
	case "away":
		b.answer(ctx, r, b.svc.Away(ctx, a, optionString(data.Options, "duration")))
	default:
		b.answer(ctx, r, core.Text("I don't know that command any more."))
	}
}

func (b *Bot) answer(ctx context.Context, r *reply, m *core.Message) {
	if err := r.Reply(ctx, m); err != nil {
		b.log.Warn("answering a command", "err", err)
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

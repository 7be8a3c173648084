package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// command is one slash command: how Discord shows it, what it does, and
// how it suggests values while the user types.
type command struct {
	def *discordgo.ApplicationCommand
	// public commands answer in the channel; the rest answer privately.
	public   bool
	run      func(ctx context.Context, i *discordgo.Interaction, r *reply)
	complete func(ctx context.Context, i *discordgo.Interaction, focused *discordgo.ApplicationCommandInteractionDataOption) []core.Choice
}

// Where commands may be used. Games are played in server channels; what
// only concerns the person asking works in a DM with the bot too.
var (
	inServers   = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	anywhere    = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	serverApp   = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	sendMessage = int64(discordgo.PermissionSendMessages)
)

// commandSet lists every command, in the order /help tells them.
func (b *Bot) commandSet() []command {
	gameOpt := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc, Autocomplete: true,
		}
	}
	suggest := func(closed bool) func(context.Context, *discordgo.Interaction, *discordgo.ApplicationCommandInteractionDataOption) []core.Choice {
		return func(ctx context.Context, i *discordgo.Interaction, focused *discordgo.ApplicationCommandInteractionDataOption) []core.Choice {
			typed, _ := focused.Value.(string)
			return b.svc.GameChoices(ctx, actor(i), typed, closed)
		}
	}
	return append([]command{
		{
			def: &discordgo.ApplicationCommand{
				Name: "newgame", Description: "Open a lobby for a new game in this channel",
				Options: b.newgameSubcommands(), DefaultMemberPermissions: &sendMessage, Contexts: inServers, IntegrationTypes: serverApp,
			},
			public: true,
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				sub := i.ApplicationCommandData().Options[0]
				given := games.Options{}
				for _, o := range sub.Options {
					if !isSetupOption(o.Name) {
						given[o.Name] = optionString(sub.Options, o.Name)
					}
				}
				b.svc.NewGame(ctx, actor(i), sub.Name, given, setupOf(sub.Options), r)
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "rules", Description: "How to play a game, in short",
				Options: b.rulesSubcommands(), Contexts: anywhere, IntegrationTypes: serverApp,
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Rules(ctx, actor(i), i.ApplicationCommandData().Options[0].Name))
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "mygames", Description: "Your games in every server, those waiting for you first",
				Contexts: anywhere, IntegrationTypes: serverApp,
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.MyGames(ctx, actor(i)))
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "games", Description: "Games open in this server that you can see",
				Contexts: inServers, IntegrationTypes: serverApp,
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Games(ctx, actor(i)))
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "log", Description: "A game's whole story, move by move, finished games too",
				Contexts: anywhere, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{gameOpt("Which game (your latest if left out)")},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				opts := i.ApplicationCommandData().Options
				b.answer(ctx, r, b.svc.GameLog(ctx, actor(i), optionString(opts, "game"), 0))
			},
			complete: suggest(true),
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "abandon", Description: "End a game without a winner (its host or a server admin)",
				Contexts: inServers, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{gameOpt("Which game (this channel's, if it has one)")},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Abandon(ctx, actor(i), optionString(i.ApplicationCommandData().Options, "game")))
			},
			complete: suggest(false),
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "away", Description: "Pause your turn clocks in all your games while you are away",
				Contexts: anywhere, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{{
					Type: discordgo.ApplicationCommandOptionString, Name: "duration", Required: true,
					Description: "How long you are away, or that you are back early",
					Choices:     optionChoices(core.AwayChoices),
				}},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Away(ctx, actor(i), optionString(i.ApplicationCommandData().Options, "duration")))
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "help", Description: "What this bot does and how to start",
				Contexts: anywhere, IntegrationTypes: serverApp,
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, core.Text(b.helpText(b.say(ctx, i))))
			},
		},
		b.notifyCommand(),
	}, append(b.seatCommands(), b.statsCommands()...)...)
}

// commands is the slash-command set as Discord registers it.
func (b *Bot) commands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range b.commandSet() {
		out = append(out, c.def)
	}
	localize(out, b.words)
	return out
}

// findCommand returns the command an interaction names.
func (b *Bot) findCommand(name string) (command, bool) {
	for _, c := range b.commandSet() {
		if c.def.Name == name {
			return c, true
		}
	}
	return command{}, false
}

// newgameSubcommands offers one subcommand per playable game, each with
// only its own options.
func (b *Bot) newgameSubcommands() []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, id := range b.playable() {
		g, _ := b.cfg.Games.Get(id)
		info := g.Info()
		sub := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: id,
			Description: fmt.Sprintf("For %d–%d players. %s", info.MinSeats, info.MaxSeats, info.Summary),
		}
		for _, o := range info.Options {
			sub.Options = append(sub.Options, commandOption(o))
		}
		sub.Options = append(sub.Options, b.commonOptions()...)
		out = append(out, sub)
	}
	return out
}

// rulesSubcommands offers /rules <game> for every playable game.
func (b *Bot) rulesSubcommands() []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, id := range b.playable() {
		g, _ := b.cfg.Games.Get(id)
		out = append(out, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: id,
			Description: "How to play " + g.Info().Name,
		})
	}
	return out
}

// playable lists the registered games, in the catalogue's order first.
func (b *Bot) playable() []string {
	var out []string
	seen := map[string]bool{}
	for _, g := range core.Catalogue {
		if _, ok := b.cfg.Games.Get(g.ID); ok {
			out = append(out, g.ID)
			seen[g.ID] = true
		}
	}
	for _, id := range b.cfg.Games.IDs() {
		if !seen[id] {
			out = append(out, id)
		}
	}
	return out
}

// helpText explains the bot in a few lines, as say speaks.
func (b *Bot) helpText(say i18n.Printer) string {
	var names []string
	for _, id := range b.playable() {
		name := say.Say(b.svc.GameName(id))
		newgame, _ := say.Lookup(commandKey([]string{"newgame"}, "name"))
		sub, _ := say.Lookup(commandKey([]string{"newgame", id}, "name"))
		names = append(names, fmt.Sprintf("**%s** (`/%s %s`)", name, newgame, sub))
	}
	return strings.Join([]string{
		"## lifebot",
		say.T("bot.help.games", "games", strings.Join(names, ", ")),
		say.T("bot.help.start"),
		say.T("bot.help.play"),
		say.T("bot.help.wait"),
		say.T("bot.help.notify"),
		say.T("bot.help.stats"),
	}, "\n")
}

func commandOption(o games.Option) *discordgo.ApplicationCommandOption {
	desc := o.Help
	if desc == "" {
		desc = o.Name
	}
	opt := &discordgo.ApplicationCommandOption{Name: o.Key, Description: desc}
	switch o.Kind {
	case games.Bool:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	case games.Enum:
		opt.Type = discordgo.ApplicationCommandOptionString
		for _, c := range o.Choices {
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: o.ChoiceName(c), Value: c})
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
	c, ok := b.findCommand(i.ApplicationCommandData().Name)
	if !ok {
		b.answer(ctx, r, core.Text(b.say(ctx, i).T("bot.unknown_command")))
		return
	}
	c.run(ctx, i, r)
}

// onAutocomplete suggests values for the option being typed. Discord
// gives no time to defer here, so suggestions come straight from a
// listing of the store.
func (b *Bot) onAutocomplete(ctx context.Context, i *discordgo.Interaction, t transport) {
	data := i.ApplicationCommandData()
	var choices []*discordgo.ApplicationCommandOptionChoice
	if c, ok := b.findCommand(data.Name); ok && c.complete != nil {
		if focused := focusedOption(data.Options); focused != nil {
			for _, ch := range c.complete(ctx, i, focused) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: ch.Name, Value: ch.Value})
			}
		}
	}
	if err := respondChoices(t, choices); err != nil {
		b.log.Warn("suggesting values", "command", data.Name, "err", redact(err))
	}
}

// focusedOption finds the option the user is typing, at any depth.
func focusedOption(opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o.Focused {
			return o
		}
		if f := focusedOption(o.Options); f != nil {
			return f
		}
	}
	return nil
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

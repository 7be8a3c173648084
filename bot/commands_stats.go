package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// statsCommands are /stats and /leaderboard. Both read one server's
// games, so neither exists outside a server. /stats answers privately, as
// one person's question; /leaderboard answers in the channel, as a table
// to talk about, and its mentions ping nobody.
func (b *Bot) statsCommands() []command {
	// kind names a title (Life, Yodo…), where game: elsewhere names one
	// game played at one table.
	kind := func(desc string, required bool) *discordgo.ApplicationCommandOption {
		opt := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "kind", Description: desc, Required: required,
		}
		for _, id := range b.playable() {
			g, _ := b.cfg.Games.Get(id)
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Info().Name, Value: id})
		}
		return opt
	}
	return []command{
		{
			def: &discordgo.ApplicationCommand{
				Name: "stats", Description: "Games, wins and rating in this server, shown only to you",
				Contexts: inServers, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose stats (yours if left out)"},
					kind("One kind of game only (every kind if left out)", false),
				},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				opts := i.ApplicationCommandData().Options
				b.answer(ctx, r, b.svc.Stats(ctx, actor(i), optionString(opts, "user"), optionString(opts, "kind")))
			},
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "leaderboard", Description: "The best rated players of a game in this server",
				Contexts: inServers, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{kind("Which kind of game", true)},
			},
			public: true,
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Leaderboard(ctx, actor(i), optionString(i.ApplicationCommandData().Options, "kind")))
			},
		},
	}
}

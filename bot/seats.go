package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// seatCommands are the commands by which players leave a running game
// and others take their seats.
func (b *Bot) seatCommands() []command {
	game := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Autocomplete: true,
		Description: "Which game (this channel's, if it has one)",
	}
	suggest := func(ctx context.Context, i *discordgo.Interaction, focused *discordgo.ApplicationCommandInteractionDataOption) []core.Choice {
		typed, _ := focused.Value.(string)
		return b.svc.GameChoices(ctx, actor(i), typed, false)
	}
	return []command{
		{
			def: &discordgo.ApplicationCommand{
				Name: "resign", Description: "Leave a running game; the AI plays your seat",
				Contexts: inServers, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{game},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				b.answer(ctx, r, b.svc.Resign(ctx, actor(i), optionString(i.ApplicationCommandData().Options, "game")))
			},
			complete: suggest,
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "replace", Description: "Give an absent player's seat to the AI or a new player (host or admins)",
				Contexts: inServers, IntegrationTypes: serverApp,
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Who to replace", Required: true},
					{Type: discordgo.ApplicationCommandOptionString, Name: "with", Description: "Who plays the seat from now on", Required: true,
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "The AI", Value: "ai"}, {Name: "A new player, invited in the channel", Value: "player"}}},
					game,
				},
			},
			run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
				opts := i.ApplicationCommandData().Options
				with := optionString(opts, "with")
				b.answer(ctx, r, b.svc.Replace(ctx, actor(i), optionString(opts, "game"), optionString(opts, "player"), with == "player"))
			},
			complete: suggest,
		},
	}
}

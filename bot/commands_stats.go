package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// statsCommands defines /stats and /leaderboard. Both read one server's
// games, so neither exists outside a server.
func (b *Bot) statsCommands() []*discordgo.ApplicationCommand {
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	noDM := false
	game := func(desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc,
			Required: required, Choices: b.gameChoices(),
		}
	}
	return []*discordgo.ApplicationCommand{
		{Name: "stats", Description: "Games, wins and rating in this server, shown only to you", Contexts: guildOnly, DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose stats (yours if left out)"},
				game("One game only (all games if left out)", false),
			}},
		{Name: "leaderboard", Description: "The best rated players of a game in this server", Contexts: guildOnly, DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{game("Which game", true)}},
	}
}

// onStatsCommand serves /stats and /leaderboard; it reports false for any
// other command.
func (b *Bot) onStatsCommand(ctx context.Context, i *discordgo.Interaction, r *reply) bool {
	data := i.ApplicationCommandData()
	switch data.Name {
	case "stats":
		b.answer(ctx, r, b.svc.Stats(ctx, actor(i), optionString(data.Options, "user"), optionString(data.Options, "game")))
	case "leaderboard":
		b.answer(ctx, r, b.svc.Leaderboard(ctx, actor(i), optionString(data.Options, "game")))
	default:
		return false
	}
	return true
}

// answersInPublic says a command's answer is for the whole channel: a new
// lobby, and a leaderboard to talk about. Every other answer is private.
func answersInPublic(command string) bool {
	return command == "newgame" || command == "leaderboard"
}

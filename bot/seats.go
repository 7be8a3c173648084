package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// seatCommands are the commands by which players leave a running game
// and others take their seats.
func seatCommands() []*discordgo.ApplicationCommand {
	noDM := false
	game := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Game id, when the channel has more than one",
	}
	return []*discordgo.ApplicationCommand{
		{Name: "resign", Description: "Leave a running game; the AI plays your seat", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{game}},
		{Name: "replace", Description: "Give an absent player's seat to the AI or a new player (host or admins)", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Who to replace", Required: true},
				{Type: discordgo.ApplicationCommandOptionString, Name: "with", Description: "Who plays the seat from now on", Required: true,
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "AI", Value: "ai"}, {Name: "a new player", Value: "player"}}},
				game,
			}},
	}
}

// onSeatCommand serves the seat commands; it reports false for any other.
func (b *Bot) onSeatCommand(ctx context.Context, i *discordgo.Interaction, r *reply) bool {
	data := i.ApplicationCommandData()
	a := actor(i)
	switch data.Name {
	case "resign":
		b.answer(ctx, r, b.svc.Resign(ctx, a, optionString(data.Options, "game")))
	case "replace":
		with := optionString(data.Options, "with")
		b.answer(ctx, r, b.svc.Replace(ctx, a, optionString(data.Options, "game"), optionString(data.Options, "player"), with == "player"))
	default:
		return false
	}
	return true
}

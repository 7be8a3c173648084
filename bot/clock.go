package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// The options every game offers when it is created: how the table keeps
// time (core.Turns), beside the engine's own options.
const (
	optClock     = "clock"
	optOnTimeout = "on_timeout"
)

// commonOptions are the options of /newgame that every game has.
func (b *Bot) commonOptions() []*discordgo.ApplicationCommandOption {
	choices := func(cs []core.Choice) []*discordgo.ApplicationCommandOptionChoice {
		var out []*discordgo.ApplicationCommandOptionChoice
		for _, c := range cs {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
		}
		return out
	}
	def := "no clock"
	if b.cfg.TurnClock > 0 {
		def = core.SpanWords(b.cfg.TurnClock)
	}
	return []*discordgo.ApplicationCommandOption{
		{
			Type: discordgo.ApplicationCommandOptionString, Name: optClock,
			Description: truncate("Time each player has per move (default: "+def+")", 100),
			Choices:     choices(core.ClockChoices),
		},
		{
			Type: discordgo.ApplicationCommandOptionString, Name: optOnTimeout,
			Description: "When a player's time runs out (default: the AI plays their turn)",
			Choices:     choices(core.TimeoutChoices),
		},
	}
}

func isTurnsOption(name string) bool { return name == optClock || name == optOnTimeout }

// turnsOf reads the common options of a /newgame.
func turnsOf(opts []*discordgo.ApplicationCommandInteractionDataOption) core.Turns {
	return core.Turns{Clock: optionString(opts, optClock), OnTimeout: optionString(opts, optOnTimeout)}
}

// awayCommand announces an absence: usable in a server and in DMs with
// the bot, since a holiday concerns every game at once.
func awayCommand() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name: "away", Description: "Pause your turn clocks in all your games while you are away",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: "duration", Required: true,
			Description: `How long: "12h", "3d", "1w"; "off" when you are back early`,
		}},
	}
}

package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// The options every game offers when it is created: how the table keeps
// time and where it plays (core.Setup), beside the engine's own options.
const (
	optClock     = "clock"
	optOnTimeout = "on_timeout"
	optThread    = "thread"
)

// commonOptions are the options of /newgame that every game has.
func (b *Bot) commonOptions() []*discordgo.ApplicationCommandOption {
	def := "no clock"
	if b.cfg.TurnClock > 0 {
		def = core.SpanWords(b.cfg.TurnClock)
	}
	return []*discordgo.ApplicationCommandOption{
		{
			Type: discordgo.ApplicationCommandOptionString, Name: optClock,
			Description: "Time each player has per move (default: " + def + ")",
			Choices:     optionChoices(core.ClockChoices),
		},
		{
			Type: discordgo.ApplicationCommandOptionString, Name: optOnTimeout,
			Description: "When a player's time runs out (default: the AI plays their turn)",
			Choices:     optionChoices(core.TimeoutChoices),
		},
		{
			Type: discordgo.ApplicationCommandOptionBoolean, Name: optThread,
			Description: "Play in a thread of its own under this channel (default: the server's setting)",
		},
	}
}

// optionChoices offers values named in words as a command option's choices.
func optionChoices(cs []core.Choice) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, c := range cs {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return out
}

func isSetupOption(name string) bool {
	return name == optClock || name == optOnTimeout || name == optThread
}

// setupOf reads the common options of a /newgame.
func setupOf(opts []*discordgo.ApplicationCommandInteractionDataOption) core.Setup {
	return core.Setup{
		Clock: optionString(opts, optClock), OnTimeout: optionString(opts, optOnTimeout),
		Thread: optionString(opts, optThread),
	}
}

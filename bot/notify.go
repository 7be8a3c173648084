package bot

import (
	"context"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// notifyCommand is /notify: how a player is told it is their move, in
// every game and server at once.
func (b *Bot) notifyCommand() command {
	hourOpt := func(name, desc string, required bool) *discordgo.ApplicationCommandOption {
		zero := 0.0
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc, Required: required,
			MinValue: &zero, MaxValue: 23,
		}
	}
	zoneOpt := func(required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "zone", Required: required, Autocomplete: true,
			Description: "Your time zone, such as Europe/Berlin (UTC until you set one)",
		}
	}
	gameOpt := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: true, Autocomplete: true,
		Description: "Which of your games",
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	return command{
		def: &discordgo.ApplicationCommand{
			Name: "notify", Description: "How I tell you it's your move: DMs or mentions, quiet hours, a digest, your language",
			Contexts: anywhere, IntegrationTypes: serverApp,
			Options: []*discordgo.ApplicationCommandOption{
				sub("show", "Show how I tell you it's your move"),
				sub("pings", "Where your turn pings go", &discordgo.ApplicationCommandOption{
					Type: discordgo.ApplicationCommandOptionString, Name: "where", Required: true,
					Description: "A DM, a mention in the game's channel, or as each game decides",
					Choices:     optionChoices(core.PingChoices),
				}),
				sub("quiet", "Hours when pings wait until morning (the same hour twice turns them off)",
					hourOpt("from", "Hour they start, 0 to 23, in your time zone", true),
					hourOpt("to", "Hour they end, 0 to 23, in your time zone", true),
					zoneOpt(false)),
				sub("zone", "The time zone your quiet hours and digest are read in", zoneOpt(true)),
				sub("digest", "One DM a day listing the games waiting for you, instead of pings",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: "on", Required: true,
						Description: "True for a daily digest, false for pings again",
					},
					hourOpt("hour", "Hour it comes, 0 to 23, in your time zone (9 if left out)", false),
					zoneOpt(false)),
				sub("language", "The language I speak to you in: answers, DMs and your cards", &discordgo.ApplicationCommandOption{
					Type: discordgo.ApplicationCommandOptionString, Name: "language", Required: true,
					Description: "One of mine, or your Discord's language",
					Choices:     optionChoices(core.LanguageChoices),
				}),
				sub("mute", "Hear nothing from one game until you unmute it", gameOpt),
				sub("unmute", "Be told of one muted game's turns again", gameOpt),
			},
		},
		run: func(ctx context.Context, i *discordgo.Interaction, r *reply) {
			b.answer(ctx, r, b.svc.Notify(ctx, actor(i), notifyChange(i.ApplicationCommandData().Options[0])))
		},
		complete: func(ctx context.Context, i *discordgo.Interaction, focused *discordgo.ApplicationCommandInteractionDataOption) []core.Choice {
			typed, _ := focused.Value.(string)
			if focused.Name == "zone" {
				return core.ZoneChoices(typed)
			}
			return b.svc.GameChoices(ctx, actor(i), typed, false)
		},
	}
}

// notifyChange reads one /notify subcommand.
func notifyChange(sub *discordgo.ApplicationCommandInteractionDataOption) core.NotifyChange {
	opts := sub.Options
	hour := func(name string) (int, bool) {
		v := optionString(opts, name)
		n, err := strconv.Atoi(v)
		return n, v != "" && err == nil
	}
	c := core.NotifyChange{Zone: optionString(opts, "zone")}
	switch sub.Name {
	case "pings":
		c.Pings = optionString(opts, "where")
	case "quiet":
		c.Quiet = true
		c.QuietFrom, _ = hour("from")
		c.QuietTo, _ = hour("to")
	case "digest":
		on := optionString(opts, "on") == "true"
		c.Digest = &on
		if h, ok := hour("hour"); ok {
			c.DigestHour = &h
		}
	case "language":
		c.Language = optionString(opts, "language")
	case "mute":
		c.Mute = optionString(opts, "game")
	case "unmute":
		c.Unmute = optionString(opts, "game")
	}
	return c
}

package bot

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games/i18n"
)

// answerWords loads the words the bot says itself rather than the core:
// /help and its answers to interactions it cannot hand on. They are kept
// apart from the commands' catalog, whose English file is written from
// the commands. The tests check its files.
var answerWords = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(localeFiles, "answers") })

// say is a printer of the bot's own words for what only i's user reads:
// the language they chose, else their Discord client's.
func (b *Bot) say(ctx context.Context, i *discordgo.Interaction) i18n.Printer {
	return b.answers.In(b.svc.Lang(ctx, actor(i)))
}

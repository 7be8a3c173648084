package core

import (
	"context"
	"embed"

	"github.com/lifebot/lifebot/games/i18n"
)

// localeFiles are the core's words in every language: answers, refusals,
// DMs and notifications.
//
//go:embed locales/*.toml
var localeFiles embed.FS

// coreWords loads the core's catalog; the tests check its files.
func coreWords() *i18n.Catalog { return i18n.MustLoad(localeFiles, "locales") }

// LanguageChoices are the languages a player may pick with /notify, and
// "auto" for their Discord client's.
var LanguageChoices = []Choice{
	{Name: "As my Discord is set", Value: "auto"},
	{Name: "English", Value: string(i18n.English)},
	{Name: "Deutsch", Value: string(i18n.German)},
	{Name: "Français", Value: string(i18n.French)},
	{Name: "Español", Value: string(i18n.Spanish)},
	{Name: "Português do Brasil", Value: string(i18n.Portuguese)},
}

// langOf is the language a player reads their private answers in: the
// one they chose with /notify, else their Discord client's.
func (p prefs) langOf(a Actor) i18n.Lang {
	if p.Lang != "" {
		return i18n.Of(p.Lang)
	}
	return i18n.Of(a.Locale)
}

// say is a printer of the core's words for what only a reads.
func (s *Service) say(ctx context.Context, a Actor) i18n.Printer {
	return s.words.In(s.playerPrefs(ctx, a.User).langOf(a))
}

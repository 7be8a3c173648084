package bot

import (
	"embed"
	"fmt"
	"regexp"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games/i18n"
)

// localeFiles are the bot's words in every language: in locales/ those
// of its slash commands, what Discord shows under each command, option
// and choice; in answers/ those it says itself (see answerWords).
//
//go:embed locales/*.toml answers/*.toml
var localeFiles embed.FS

// commandWords is the commands' catalog, read once; the tests check its
// files.
var commandWords = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(localeFiles, "locales") })

// commandKey is the catalog key of a command, an option or a choice: its
// names from the command down ("cmd.notify.quiet.from"), then what of it
// is said: "name", "desc", or a choice's value and "choice".
func commandKey(path []string, what string) string {
	key := "cmd"
	for _, p := range path {
		key += "." + keyPart(p)
	}
	return key + "." + what
}

var notKeyChars = regexp.MustCompile(`[^a-z0-9_-]+`)

// keyPart makes a name or a choice's value one part of a dotted key.
func keyPart(s string) string { return notKeyChars.ReplaceAllString(s, "_") }

// localize gives each command, option and choice its name and description
// in the catalog's other languages, as Discord shows them to a user whose
// client speaks one; English stays as the code words it. A word the
// catalog lacks in a language is left to English.
func localize(cmds []*discordgo.ApplicationCommand, words *i18n.Catalog) {
	for _, c := range cmds {
		path := []string{c.Name}
		c.NameLocalizations = translations(words, commandKey(path, "name"))
		c.DescriptionLocalizations = translations(words, commandKey(path, "desc"))
		localizeOptions(path, c.Options, words)
	}
}

func localizeOptions(path []string, opts []*discordgo.ApplicationCommandOption, words *i18n.Catalog) {
	for _, o := range opts {
		at := append(path[:len(path):len(path)], o.Name)
		o.NameLocalizations = deref(translations(words, commandKey(at, "name")))
		o.DescriptionLocalizations = deref(translations(words, commandKey(at, "desc")))
		for _, ch := range o.Choices {
			ch.NameLocalizations = deref(translations(words, commandKey(at, keyPart(choiceValue(ch))+".choice")))
		}
		localizeOptions(at, o.Options, words)
	}
}

// translations is key's text in each language but English, by Discord's
// locale; nil when the catalog has none.
func translations(words *i18n.Catalog, key string) *map[discordgo.Locale]string {
	if !words.In(i18n.English).Has(key) {
		return nil
	}
	out := map[discordgo.Locale]string{}
	for _, l := range i18n.Langs[1:] {
		if text, ok := words.In(l).Lookup(key); ok {
			out[discordgo.Locale(l)] = text
		}
	}
	if len(out) == 0 {
		return nil
	}
	return &out
}

func deref(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
	if m == nil {
		return nil
	}
	return *m
}

// choiceValue is a choice's value, a string or a number, as text.
func choiceValue(ch *discordgo.ApplicationCommandOptionChoice) string { return fmt.Sprint(ch.Value) }

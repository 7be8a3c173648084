package life

import (
	"embed"
	"sync"

	"github.com/lifebot/lifebot/games/i18n"
)

// localeFiles are the game's words in every language: its events,
// prompts, labels, refusals and fortunes, and the rules.
//
//go:embed locales
var localeFiles embed.FS

// words is the game's catalog, read once.
var words = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(localeFiles, "locales") })

// Words implements games.Speaker.
func (Game) Words() *i18n.Catalog { return words() }

// suitKeys are the suits' names in the catalog's keys.
var suitKeys = [...]string{"hearts", "diamonds", "clubs", "spades"}

// suitMsg is the message of a suit's name in one of its forms: "suit"
// as a sentence names the suit ("may lay hearts"), "each" for one card
// of it ("every heart"), "title" as a button names it ("Hearts").
func suitMsg(form string, s Suit) string {
	if s < 0 || int(s) >= len(suitKeys) {
		return s.String()
	}
	return i18n.Msg("life." + form + "." + suitKeys[s])
}

// join writes items, messages or literals, as one message that lists
// them with commas.
func join(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return i18n.Msg("life.comma", "a", items[0], "b", join(items[1:]))
}

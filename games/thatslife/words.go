package thatslife

import (
	"embed"
	"sync"

	"github.com/lifebot/lifebot/games/i18n"
)

// locales holds the game's words in every language: its name and rules,
// the buttons, the log, the prompts, the refusals and the words the board
// prints on cards.
//
//go:embed locales
var locales embed.FS

// words is the catalog of locales, read once.
var words = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(locales, "locales") })

// Words implements games.Speaker.
func (Game) Words() *i18n.Catalog { return words() }

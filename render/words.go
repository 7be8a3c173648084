package render

import (
	"embed"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

// localeFiles are the words the renderer writes itself, in every
// language: headers, stages, legends, labels and prompts. Words a game
// gives in its view (card titles, fates, the result) are the game's.
//
//go:embed locales/*.toml
var localeFiles embed.FS

// words is the renderer's catalog with the games' own, read once, so a
// printer says the messages a game's view holds too; the tests check its
// files.
var words = sync.OnceValue(func() *i18n.Catalog {
	own := i18n.MustLoad(localeFiles, "locales")
	played, err := games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}).Words()
	if err != nil {
		panic(err)
	}
	c, err := i18n.Join(own, played)
	if err != nil {
		panic(err)
	}
	return c
})

// ordinal writes a place, "1st", by the ordinal rules of say's language.
func ordinal(say i18n.Printer, n int) string {
	tag := language.Make(string(say.Lang()))
	if say.Lang() == i18n.Pseudo {
		tag = language.English
	}
	form := "other"
	switch plural.Ordinal.MatchPlural(tag, max(n, -n), 0, 0, 0, 0) {
	case plural.One:
		form = "one"
	case plural.Two:
		form = "two"
	case plural.Few:
		form = "few"
	}
	return say.T("ordinal."+form, "n", n)
}

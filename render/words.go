package render

import (
	"embed"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/lifebot/lifebot/games/i18n"
)

// localeFiles are the words the renderer writes itself, in every
// language: headers, stages, legends, labels and prompts. Words a game
// gives in its view (card titles, fates, the result) are the game's.
//
//go:embed locales/*.toml
var localeFiles embed.FS

// words is the renderer's catalog, read once; the tests check its files.
var words = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(localeFiles, "locales") })

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

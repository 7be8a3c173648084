package lagom

import (
	"embed"
	"sync"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games/i18n"
)

// locales holds Lagom's words, one file per language: the rules, events,
// prompts, labels, refusals, the symbols' names and every card's title,
// the retired deck's included.
//
//go:embed locales
var locales embed.FS

// words is Lagom's catalog, read once; the game suite checks its files.
var words = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(locales, "locales") })

// Words implements games.Speaker.
func (Game) Words() *i18n.Catalog { return words() }

// Name is the card's title as players read it: the message of its
// catalog key, which comes from the English title, so that the content
// tables and their hash stay as they are. A card the catalog does not
// know (one a test made up) is named by its title as it is.
func (c Card) Name() string {
	key := "lagom.card." + i18n.Slug(c.Title) + ".title"
	if !words().In(i18n.English).Has(key) {
		return c.Title
	}
	return i18n.Msg(key)
}

// symbolKeys are the catalog keys of the symbols' names, which the boards'
// legend shows too.
var symbolKeys = [...]string{
	LoseHealth: "lagom.symbol.lose_health", LoseRelationship: "lagom.symbol.lose_relationship",
	SpendWealth: "lagom.symbol.spend_wealth", Wealth: "lagom.symbol.wealth",
	Relationship: "lagom.symbol.relationship", Leisure: "lagom.symbol.leisure", Purpose: "lagom.symbol.purpose",
}

// Name is the symbol's name as players read it, a message; "?" for a
// symbol outside the seven.
func (s Symbol) Name() string {
	if s < 0 || int(s) >= len(symbolKeys) {
		return "?"
	}
	return i18n.Msg(symbolKeys[s])
}

// facing is the message of a side as the buttons and the log name it
// after "facing"; sideName is the side on its own, capitalised.
func facing(s Side) string { return sideMsg("lagom.facing.", s) }

func sideName(s Side) string { return sideMsg("lagom.side_name.", s) }

func sideMsg(prefix string, s Side) string {
	if s < 0 || s > Bottom {
		return "?"
	}
	return i18n.Msg(prefix + [...]string{"left", "top", "right", "bottom"}[s])
}

// symbolsKeys list one to four symbols by their count, less one; each
// language keeps its own separator.
var symbolsKeys = [...]string{"", "lagom.symbols.two", "lagom.symbols.three", "lagom.symbols.four"}

// symbolsMsg names the symbols a side activates, "Wealth + Purpose", or
// says it activates nothing. A side shows at most four.
func symbolsMsg(syms []Symbol) string {
	switch n := len(syms); {
	case n == 0:
		return i18n.Msg("lagom.symbols.none")
	case n == 1:
		return syms[0].Name()
	case n <= len(symbolsKeys):
		args := make([]any, 0, 2*n)
		for i, sym := range syms {
			args = append(args, string(rune('a'+i)), sym.Name())
		}
		return i18n.Msg(symbolsKeys[n-1], args...)
	}
	return symbolsMsg(syms[:len(symbolsKeys)])
}

// chain joins items with the two-item message of key, "{a}, {b}", nested
// from the right, so that every language keeps its own separator. One
// item is itself, none is "".
func chain(key string, items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return i18n.Msg(key, "a", items[0], "b", chain(key, items[1:]))
}

// maxLabel is Discord's limit on a button's or a menu option's label.
const maxLabel = 80

// fitted remembers which labels fit, since the same few are asked for at
// every decision.
var fitted sync.Map // label → bool

// fits reports whether label keeps within Discord's limit in every
// language, the pseudo-language included.
func fits(label string) bool {
	if v, ok := fitted.Load(label); ok {
		return v.(bool)
	}
	ok := true
	for _, l := range append([]i18n.Lang{i18n.Pseudo}, i18n.Langs...) {
		if utf8.RuneCountInString(words().In(l).Say(label)) > maxLabel {
			ok = false
			break
		}
	}
	fitted.Store(label, ok)
	return ok
}

// firstFitting returns the first of labels, longest first, that fits in
// every language, or the last.
func firstFitting(labels ...string) string {
	for _, l := range labels[:len(labels)-1] {
		if fits(l) {
			return l
		}
	}
	return labels[len(labels)-1]
}

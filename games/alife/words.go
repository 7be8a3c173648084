package alife

import (
	"embed"
	"strings"
	"sync"

	"github.com/lifebot/lifebot/games/i18n"
)

// locales holds the game's words in every language: its name and rules,
// the buttons, the log, the prompts, the life stories (locales/*.toml),
// and the titles and flavour lines of the life cards (locales/cards).
//
//go:embed locales
var locales embed.FS

// words is the game's catalog, read once.
var words = sync.OnceValue(loadWords)

// loadWords joins the game's words with the cards'; a key in both is a
// programming error, caught by any test that loads the package.
func loadWords() *i18n.Catalog {
	c, err := i18n.Join(i18n.MustLoad(locales, "locales"), i18n.MustLoad(locales, "locales/cards"))
	if err != nil {
		panic(err)
	}
	return c
}

// Words implements games.Speaker.
func (Game) Words() *i18n.Catalog { return words() }

// titleOf is the message of a card's title.
func titleOf(c *Card) string { return cardWords(c.Title)[0] }

// flavourOf is the message of a card's flavour line.
func flavourOf(c *Card) string { return cardWords(c.Title)[1] }

// knownCardWords holds the messages of every card of every content
// version, by English title, written once: views and labels name cards
// at every step.
var knownCardWords = sync.OnceValue(func() map[string][2]string {
	out := map[string][2]string{}
	for _, cs := range cardSets() {
		for _, c := range cs.cards {
			out[c.Title] = writeCardWords(c.Title)
		}
	}
	return out
})

// cardWords are the messages of the title and flavour line of the card
// titled title.
func cardWords(title string) [2]string {
	if w, ok := knownCardWords()[title]; ok {
		return w
	}
	return writeCardWords(title)
}

func writeCardWords(title string) [2]string {
	key := "alife.card." + i18n.Slug(title)
	return [2]string{i18n.Msg(key + ".title"), i18n.Msg(key + ".flavour")}
}

// shown is a card as views carry it: its title and flavour line as
// messages, said in each reader's language.
func shown(c *Card) Card {
	out := *c
	out.Title, out.Flavour = titleOf(c), flavourOf(c)
	return out
}

// name is the message of the resource's name.
func (r Resource) name() string { return i18n.Msg("alife.res." + strings.ToLower(r.String())) }

// joinItems joins the parts of a cost, an area's symbols or a score's
// products as a language lists them on a button: "a, b, c".
func joinItems(parts []string) string { return joinWith("alife.join.items", parts) }

// joinWith joins parts, two at a time, by the message of key: a text of
// {a}, the part, and {b}, the rest.
func joinWith(key string, parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		out = i18n.Msg(key, "a", parts[i], "b", out)
	}
	return out
}

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

// foldAccents spells the accented letters a title may hold as plain ones,
// for its key.
var foldAccents = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n", "ß", "ss",
)

// cardKey is the part of a card's catalog keys its English title makes:
// lowercase, accents folded, every other run of characters but a–z and
// 0–9 one "_", none at either end ("Opening a corner café" is
// "opening_a_corner_cafe"). The title, not the id, names a card in every
// content version, so a retired version's card shares its words with
// the current card of the same title.
func cardKey(title string) string {
	var b strings.Builder
	gap := false
	for _, r := range foldAccents.Replace(strings.ToLower(title)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
			continue
		}
		gap = true
	}
	return b.String()
}

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
	key := "alife.card." + cardKey(title)
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

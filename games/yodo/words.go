package yodo

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lifebot/lifebot/games/i18n"
)

// The game's words live in locales/, one file per language. The content
// tables keep their English, which the content version hashes; a text of
// the content is said through the key its English names (i18n.Slug), so
// every content version that shares a text shares its translations.

//go:embed locales
var localeFiles embed.FS

// catalog is the game's catalog, read once; TestSuite checks its files.
var catalog = sync.OnceValue(func() *i18n.Catalog { return i18n.MustLoad(localeFiles, "locales") })

// Words implements games.Speaker.
func (Game) Words() *i18n.Catalog { return catalog() }

// fateKey is the key of a fate's texts: "yodo.fate.mirth".
func fateKey(f fateText) string { return "yodo.fate." + i18n.Slug(f.Name) }

// memoryKey is the key of a memory's texts: "yodo.memory.a_first_word".
func memoryKey(e eventText) string { return "yodo.memory." + i18n.Slug(e.Title) }

// fateName is fate f's name, as a message.
func (c *content) fateName(f int) string { return i18n.Msg(fateKey(c.fates[f]) + ".title") }

// epilogue is fate f's epilogue, as a message.
func (c *content) epilogue(f int) string { return i18n.Msg(fateKey(c.fates[f]) + ".epilogue") }

// title is memory e's title, as a message.
func (c *content) title(e int) string { return i18n.Msg(memoryKey(c.events[e]) + ".title") }

// line is how fate f remembers memory e, as a message.
func (c *content) line(e, f int) string {
	return i18n.Msg(memoryKey(c.events[e]) + "." + i18n.Slug(c.fates[f].Name))
}

// forgotten is how memory e is told when nobody held it, as a message.
func (c *content) forgotten(e int) string { return i18n.Msg(memoryKey(c.events[e]) + ".forgotten") }

// template is the key of the story's template joining two or three
// fates' lines, by its place in the content's list: its English is the
// template with {A} {B} {C} written {line_a} {line_b} {line_c} and {a} {b}
// {c} written {fate_a} {fate_b} {fate_c}.
func template(fates, i int) string {
	if fates == 3 {
		return fmt.Sprintf("yodo.story.triple.%d", i+1)
	}
	return fmt.Sprintf("yodo.story.pair.%d", i+1)
}

// tagged is a fate as the buttons and the log show it, its emoji before
// its name: "🎈 Mirth".
func (c *content) tagged(f int) string {
	return i18n.Msg("yodo.fate.tagged", "emoji", c.fates[f].Emoji, "fate", c.fateName(f))
}

// joined joins items, each a message, with the text of key ("{a}, {b}"):
// a separator the languages may write alike, unlike a list's "and".
func joined(key string, items []string) string {
	if len(items) == 0 {
		return ""
	}
	out := items[len(items)-1]
	for i := len(items) - 2; i >= 0; i-- {
		out = i18n.Msg(key, "a", items[i], "b", out)
	}
	return out
}

// englishNotes are the notes games saved before the game spoke through
// its catalog wrote, in English, by the keys of the messages they are
// now; the fates' names stand where %s does.
var englishNotes = map[string][2]string{
	"yodo.note.drew":   {"You drew a ", " card."},
	"yodo.note.buried": {"You put your ", " card under your deck."},
}

// spoken turns a seat's note saved in English into the message it is
// now, so that a game saved then is read in its reader's language; a
// note it does not know stays as it was written.
func (c *content) spoken(note string) string {
	for key, around := range englishNotes {
		names, ok := strings.CutPrefix(note, around[0])
		if names, ok = strings.CutSuffix(names, around[1]); !ok {
			continue
		}
		var fs []int
		for _, name := range strings.Split(names, "-") {
			f := slices.IndexFunc(c.fates[:], func(x fateText) bool { return x.Name == name })
			if f < 0 {
				return note
			}
			fs = append(fs, f)
		}
		return i18n.Msg(key, "fates", c.plainNames(fs))
	}
	return note
}

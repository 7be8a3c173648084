package gametest

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// words checks what a game that speaks through a catalog (games.Speaker)
// says: each text once, in every language and the pseudo-language.
type words struct {
	printers []i18n.Printer
	seen     map[string]bool
	said     map[string][]string
}

// newWords returns the checker of g's words, nil for a game without a
// catalog, whose texts are checked as they are.
func newWords(t testing.TB, g games.Game) *words {
	sp, ok := g.(games.Speaker)
	if !ok {
		return nil
	}
	c, err := joinedWords(g.Info().ID, sp)
	if err != nil {
		t.Fatal(err)
	}
	w := &words{seen: map[string]bool{}, said: map[string][]string{}}
	for _, l := range append(append([]i18n.Lang(nil), i18n.Langs...), i18n.Pseudo) {
		w.printers = append(w.printers, c.In(l))
	}
	return w
}

// joined holds each game's catalog joined with i18n's, by game id: every
// playout of a game says its texts with the same words.
var joined sync.Map

func joinedWords(id string, sp games.Speaker) (*i18n.Catalog, error) {
	if c, ok := joined.Load(id); ok {
		return c.(*i18n.Catalog), nil
	}
	c, err := i18n.Join(i18n.Words(), sp.Words())
	if err != nil {
		return nil, err
	}
	joined.Store(id, c)
	return c, nil
}

// unfilled finds a placeholder a text left without its argument.
var unfilled = regexp.MustCompile(`\{[a-z][a-z0-9_]*\}`)

// forms says text in every language, once per text; a text of a game
// without a catalog is its only form.
func (w *words) forms(text string) []string {
	if w == nil {
		return []string{text}
	}
	if out, ok := w.said[text]; ok {
		return out
	}
	out := make([]string, len(w.printers))
	for i, p := range w.printers {
		out[i] = p.Say(text)
	}
	w.said[text] = out
	return out
}

// problems lists what is wrong with text as each language says it: a
// message the catalog lacks, a placeholder left unfilled, and in the
// pseudo-language a word left in English, which skipped the catalog.
func (w *words) problems(what, text string) []string {
	if w == nil || w.seen[text] {
		return nil
	}
	w.seen[text] = true
	var out []string
	for i, said := range w.forms(text) {
		lang := w.printers[i].Lang()
		switch {
		case strings.ContainsRune(said, '⟦'):
			out = append(out, fmt.Sprintf("%s %q says in %s as %q: a message the catalog lacks", what, text, lang, said))
		case unfilled.MatchString(said):
			out = append(out, fmt.Sprintf("%s %q says in %s as %q: a placeholder without its argument", what, text, lang, said))
		case lang == i18n.Pseudo:
			if word := englishWord(said); word != "" {
				out = append(out, fmt.Sprintf("%s %q says %q in the pseudo-language: %q did not come from the catalog", what, text, said, word))
			}
		}
	}
	return out
}

// englishWord returns a word of four letters or more that the
// pseudo-language left in plain ASCII, "" if there is none.
func englishWord(s string) string {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(f) >= 4 && !strings.ContainsFunc(f, func(r rune) bool { return r > unicode.MaxASCII }) {
			return f
		}
	}
	return ""
}

// checkInfoWords checks a speaking game's catalog and the words that
// describe it: "<id>.title" and "<id>.rules" (what /rules shows, which
// Info.Rules names) in every language, within the limits Info's texts
// keep.
func checkInfoWords(t testing.TB, g games.Game) {
	t.Helper()
	sp, ok := g.(games.Speaker)
	if !ok {
		return
	}
	c := sp.Words()
	for _, p := range c.Problems() {
		t.Errorf("catalog: %s", p)
	}
	id := g.Info().ID
	if r := g.Info().Rules; i18n.Key(r) != id+".rules" {
		t.Errorf("Info.Rules is %.40q…, want the message of %s.rules", r, id)
	}
	for _, k := range c.Keys() {
		if !strings.HasPrefix(k, id+".") {
			t.Errorf("catalog key %s does not begin with the game's id %q", k, id)
		}
	}
	for _, l := range append(append([]i18n.Lang(nil), i18n.Langs...), i18n.Pseudo) {
		p := c.In(l)
		for key, limit := range map[string]int{id + ".title": 40, id + ".rules": maxRules} {
			if !p.Has(key) {
				t.Errorf("catalog: no %s", key)
				continue
			}
			if n := utf8.RuneCountInString(p.T(key)); n > limit {
				t.Errorf("%s: %s has %d characters, want at most %d", l, key, n, limit)
			}
		}
	}
}

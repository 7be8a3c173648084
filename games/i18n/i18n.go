// Package i18n holds the words players read, in every language the bot
// speaks, and says them in a reader's language.
//
// A catalog is a set of files, one per language, each a TOML document of
// entries by key: a dotted key names a section and an entry
// ("core.refuse.not_your_turn"). An entry is a text with placeholders in
// braces, "{name}", filled from the arguments of the call that says it,
// or, for a text that counts something, a text per plural form ("one",
// "few", "many", "other") chosen by the argument n. The English file holds
// a note on each entry for translators: where the text shows and what its
// placeholders are. A text missing from a language is said in English.
//
// Nothing here is global: a catalog is loaded from the files a package
// embeds and handed to whoever speaks, so the game engines stay pure.
package i18n

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Lang is a language the bot speaks, named by Discord's locale code.
type Lang string

// The languages of the catalogs, and Pseudo, English made longer and
// accented, which finds text built outside the catalog and labels that do
// not fit.
const (
	English    Lang = "en-US"
	German     Lang = "de"
	French     Lang = "fr"
	Spanish    Lang = "es-ES"
	Portuguese Lang = "pt-BR"
	Pseudo     Lang = "x-pseudo"
)

// Langs are the languages a catalog is complete in, English first.
var Langs = []Lang{English, German, French, Spanish, Portuguese}

// Of reads a locale Discord sends ("de", "es-419", "en-GB"), or a name a
// player chose, as the nearest language spoken; English when none is near.
func Of(locale string) Lang {
	switch l := Lang(locale); {
	case slices.Contains(Langs, l) || l == Pseudo:
		return l
	case strings.HasPrefix(locale, "de"):
		return German
	case strings.HasPrefix(locale, "fr"):
		return French
	case strings.HasPrefix(locale, "es"):
		return Spanish
	case strings.HasPrefix(locale, "pt"):
		return Portuguese
	}
	return English
}

// tag is the language's BCP 47 tag, for its plural rules.
func (l Lang) tag() language.Tag {
	if l == Pseudo {
		return language.English
	}
	return language.Make(string(l))
}

// entry is one text in one language.
type entry struct {
	Note  string `toml:"note"`
	Text  string `toml:"text"`
	One   string `toml:"one"`
	Few   string `toml:"few"`
	Many  string `toml:"many"`
	Other string `toml:"other"`
	// Same says, in a language other than English, that the text is the
	// same as English's on purpose (a name, a word both languages share).
	Same bool `toml:"same"`
}

// counts reports whether the entry has a text per plural form.
func (e entry) counts() bool { return e.Other != "" }

// texts are the entry's texts, for checks that read them all.
func (e entry) texts() []string {
	var out []string
	for _, s := range []string{e.Text, e.One, e.Few, e.Many, e.Other} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Catalog holds entries by language and key.
type Catalog struct {
	langs map[Lang]map[string]entry
}

// Load reads the catalog files of dir in fsys: one per language, named by
// its code ("de.toml"); files of other names are not read. The English
// file is required.
func Load(fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{langs: map[Lang]map[string]entry{}}
	for _, l := range Langs {
		name := path.Join(dir, string(l)+".toml")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			if l == English {
				return nil, fmt.Errorf("i18n: %w", err)
			}
			continue
		}
		entries, err := parse(data)
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		c.langs[l] = entries
	}
	c.langs[Pseudo] = pseudoOf(c.langs[English])
	return c, nil
}

// MustLoad is Load for catalogs built into the binary, whose files the
// tests check: it panics on an error.
func MustLoad(fsys fs.FS, dir string) *Catalog {
	c, err := Load(fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Join returns a catalog holding the entries of all of cs; a key in more
// than one is an error.
func Join(cs ...*Catalog) (*Catalog, error) {
	out := &Catalog{langs: map[Lang]map[string]entry{}}
	for _, c := range cs {
		for l, entries := range c.langs {
			if out.langs[l] == nil {
				out.langs[l] = map[string]entry{}
			}
			for k, e := range entries {
				if _, dup := out.langs[l][k]; dup {
					return nil, fmt.Errorf("i18n: key %s is in two catalogs", k)
				}
				out.langs[l][k] = e
			}
		}
	}
	return out, nil
}

// parse reads one file's entries by their dotted keys.
func parse(data []byte) (map[string]entry, error) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	out := map[string]entry{}
	var walk func(prefix string, t map[string]any) error
	walk = func(prefix string, t map[string]any) error {
		if isEntry(t) {
			var e entry
			for k, v := range t {
				if b, ok := v.(bool); ok && k == "same" {
					e.Same = b
					continue
				}
				s, ok := v.(string)
				if !ok {
					return fmt.Errorf("%s.%s is not a text", prefix, k)
				}
				switch k {
				case "note":
					e.Note = s
				case "text":
					e.Text = s
				case "one":
					e.One = s
				case "few":
					e.Few = s
				case "many":
					e.Many = s
				case "other":
					e.Other = s
				default:
					return fmt.Errorf("%s has a field %q: entries have text, or one and other, and a note", prefix, k)
				}
			}
			if e.Text == "" && e.Other == "" || e.Text != "" && e.counts() {
				return fmt.Errorf("%s needs either text or other", prefix)
			}
			out[prefix] = e
			return nil
		}
		for k, v := range t {
			sub, ok := v.(map[string]any)
			if !ok {
				return fmt.Errorf("%s is not an entry or a section", strings.TrimPrefix(prefix+"."+k, "."))
			}
			if err := walk(strings.TrimPrefix(prefix+"."+k, "."), sub); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk("", doc)
}

// isEntry tells an entry from a section: its values are texts.
func isEntry(t map[string]any) bool {
	for _, v := range t {
		if _, ok := v.(string); ok {
			return true
		}
	}
	return false
}

// Keys lists the catalog's keys, sorted: those of its English file.
func (c *Catalog) Keys() []string {
	var out []string
	for k := range c.langs[English] {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Printer says a catalog's texts in one language.
type Printer struct {
	c    *Catalog
	lang Lang
}

// In returns a printer of the catalog's texts in lang.
func (c *Catalog) In(lang Lang) Printer { return Printer{c: c, lang: lang} }

// Lang is the printer's language.
func (p Printer) Lang() Lang { return p.lang }

// Has reports whether the catalog has key.
func (p Printer) Has(key string) bool {
	_, ok := p.c.langs[English][key]
	return ok
}

// Lookup returns key's text in the printer's language alone, with its
// placeholders unfilled: what a caller that hands texts on (Discord's
// localizations) needs. It reports false where the language lacks it.
func (p Printer) Lookup(key string) (string, bool) {
	e, ok := p.c.langs[p.lang][key]
	if !ok || e.counts() {
		return "", false
	}
	return e.Text, true
}

// T says the text of key with its placeholders filled from args, given as
// name, value pairs: T("core.moves", "n", 3). A text that counts takes
// its form from the argument n. A key the catalog lacks is said as itself,
// which the catalog's tests make sure never ships.
func (p Printer) T(key string, args ...any) string {
	e, ok := p.c.langs[p.lang][key]
	if !ok {
		if e, ok = p.c.langs[English][key]; !ok {
			return key
		}
	}
	text := e.Text
	if e.counts() {
		text = e.form(p.lang, count(args))
	}
	return p.fill(text, args)
}

// count is the argument n of a call, 0 without one.
func count(args []any) int {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == "n" {
			switch v := args[i+1].(type) {
			case int:
				return v
			case int64:
				return int(v)
			case uint64:
				return int(v)
			}
		}
	}
	return 0
}

// form picks the text for n by the language's plural rules; a form the
// entry lacks is said as its "other".
func (e entry) form(l Lang, n int) string {
	abs := max(n, -n)
	var text string
	switch plural.Cardinal.MatchPlural(l.tag(), abs, 0, 0, 0, 0) {
	case plural.One:
		text = e.One
	case plural.Few:
		text = e.Few
	case plural.Many:
		text = e.Many
	}
	if text == "" {
		text = e.Other
	}
	return text
}

var placeholder = regexp.MustCompile(`\{([a-z][a-z0-9_]*)\}`)

// fill puts args into text's placeholders, saying the messages an
// argument holds in the printer's language; a placeholder without an
// argument stays as it is, for the tests to find.
func (p Printer) fill(text string, args []any) string {
	if !strings.Contains(text, "{") {
		return text
	}
	return placeholder.ReplaceAllStringFunc(text, func(ph string) string {
		name := ph[1 : len(ph)-1]
		for i := 0; i+1 < len(args); i += 2 {
			if args[i] == name {
				if l, ok := args[i+1].(literal); ok {
					return string(l)
				}
				return p.sayWhole(format(args[i+1]))
			}
		}
		return ph
	})
}

func format(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

// placeholders lists the names a text fills, sorted, once each.
func placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

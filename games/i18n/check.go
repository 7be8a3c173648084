package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Discord's limits on what a catalog holds, by the last part of a key:
// a ".label" is a button's or a menu option's label, a ".desc" a
// command's, option's or menu option's description, a ".choice" the
// name of a command option's choice, a ".name" a command's or option's
// name.
const (
	maxLabel  = 80
	maxDesc   = 100
	maxChoice = 100
)

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$`)

// word is a run of four letters or more: a text that has one and reads
// as English's is taken for one left untranslated.
var word = regexp.MustCompile(`\pL{4,}`)

// Problems lists what is wrong with a catalog: a key a language lacks or
// has beyond English's, a placeholder one language fills and another does
// not, a text left in English by mistake, a text over Discord's limits
// for its kind, an English entry without a note. A complete catalog has
// none.
func (c *Catalog) Problems() []string {
	var out []string
	en := c.langs[English]
	for _, l := range append(slices.Clone(Langs), Pseudo) {
		entries := c.langs[l]
		if entries == nil {
			out = append(out, fmt.Sprintf("%s: no catalog", l))
			continue
		}
		for _, k := range c.Keys() {
			e, ok := entries[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s: %s is missing", l, k))
				continue
			}
			out = append(out, e.problems(l, k, en[k])...)
		}
		for k := range entries {
			if _, ok := en[k]; !ok {
				out = append(out, fmt.Sprintf("%s: %s is not in English", l, k))
			}
		}
	}
	slices.Sort(out)
	return out
}

// limitOf is the most characters Discord takes in a text of key's kind,
// 0 for no limit.
func limitOf(key string) int {
	switch {
	case strings.HasSuffix(key, ".label"):
		return maxLabel
	case strings.HasSuffix(key, ".desc"):
		return maxDesc
	case strings.HasSuffix(key, ".choice"):
		return maxChoice
	case strings.HasSuffix(key, ".name"):
		return 32
	}
	return 0
}

func (e entry) problems(l Lang, key string, en entry) []string {
	var out []string
	bad := func(format string, args ...any) {
		out = append(out, fmt.Sprintf("%s: %s ", l, key)+fmt.Sprintf(format, args...))
	}
	if l == English && strings.TrimSpace(e.Note) == "" {
		bad("has no note for translators")
	}
	if e.counts() != en.counts() {
		bad("counts where English does not, or the other way round")
		return out
	}
	want := placeholders(strings.Join(en.texts(), " "))
	for _, t := range e.texts() {
		if got := placeholders(t); !slices.Equal(got, want) && !(en.counts() && slices.Equal(got, slices.DeleteFunc(slices.Clone(want), func(s string) bool { return s == "n" }))) {
			bad("fills %v where English fills %v: %q", got, want, t)
		}
		if l != English && l != Pseudo && !e.Same && slices.Contains(en.texts(), t) && word.MatchString(placeholder.ReplaceAllString(t, "")) {
			bad("reads as English: %q (mark it same = true if it is meant to)", t)
		}
		if strings.HasSuffix(key, ".name") && !commandName.MatchString(t) {
			bad("is not a command name (1–32 lowercase letters, digits, - or _): %q", t)
		}
		if limit := limitOf(key); limit > 0 && utf8.RuneCountInString(t) > limit {
			bad("is %d characters, over Discord's %d: %q", utf8.RuneCountInString(t), limit, t)
		}
	}
	return out
}

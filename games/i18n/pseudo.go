package i18n

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// The pseudo-language spells every Latin letter outside ASCII, so text
// that skipped the catalog shows at a glance: a vowel as two accented
// letters (which makes text about 40 % longer, as German and French often
// are), most lowercase consonants as one of the same width (those the
// fonts have no such letter for stay as they are). The spelling reads
// back exactly
// (Unpseudo): no letter it writes stands for two, and none comes up in
// the languages the bot speaks (a vowel's pair nowhere at all).
var (
	pseudoVowels = []string{
		"a", "áà", "e", "éè", "i", "íì", "o", "óò", "u", "úù",
		"A", "ÁÀ", "E", "ÉÈ", "I", "ÍÌ", "O", "ÓÒ", "U", "ÚÙ",
	}
	pseudoConsonants = []string{
		"c", "ĉ", "d", "đ", "g", "ĝ", "h", "ħ", "j", "ĵ", "k", "ķ", "l", "ł", "n", "ņ",
		"r", "ŗ", "s", "ŝ", "t", "ŧ", "w", "ŵ", "y", "ŷ", "z", "ż",
	}
	toPseudo   = strings.NewReplacer(append(slices.Clone(pseudoVowels), pseudoConsonants...)...)
	fromPseudo = strings.NewReplacer(append(swapped(pseudoVowels), swapped(pseudoConsonants)...)...)
)

// pseudoPad pads a pseudo text to 40 % longer than English where its
// vowels did not: a mark a truncation cuts. Unpseudo drops it where it
// follows text, which a separator " · " never does.
const pseudoPad = '·'

// swapped turns old, new pairs round.
func swapped(pairs []string) []string {
	out := make([]string, len(pairs))
	for i := 0; i+1 < len(pairs); i += 2 {
		out[i], out[i+1] = pairs[i+1], pairs[i]
	}
	return out
}

// Unpseudo reads pseudo-language text back as the English it was made
// from, leaving every other text as it is: so a test written against
// English can read what the bot said in the pseudo-language.
func Unpseudo(s string) string {
	s = fromPseudo.Replace(s)
	if !strings.ContainsRune(s, pseudoPad) {
		return s
	}
	var b strings.Builder
	last := ' '
	for _, r := range s {
		if r == pseudoPad && last != ' ' && last != '\n' {
			continue
		}
		b.WriteRune(r)
		last = r
	}
	return b.String()
}

// kept are the parts of a text the pseudo-language leaves as they are:
// placeholders, Discord's mentions and timestamps, code and addresses.
var kept = regexp.MustCompile("\\{[a-z][a-z0-9_]*\\}|<[^<>\\s]+>|`[^`]*`|https?://\\S+")

// pseudoOf builds the pseudo-language from English: each text accented
// and made about 40 % longer by doubling its vowels, as German and French
// often are.
func pseudoOf(en map[string]entry) map[string]entry {
	out := make(map[string]entry, len(en))
	for k, e := range en {
		// A translator keeps within Discord's limits, and a command's name
		// is one word.
		say := func(s string) string {
			p := pseudo(s)
			if strings.HasSuffix(k, ".name") {
				p = longer(s)
			}
			if limit := limitOf(k); limit > 0 && utf8.RuneCountInString(p) > limit {
				p = string([]rune(p)[:limit])
			}
			return p
		}
		out[k] = entry{Text: say(e.Text), One: say(e.One), Few: say(e.Few), Many: say(e.Many), Other: say(e.Other)}
	}
	return out
}

// pseudo is one text in the pseudo-language; empty stays empty.
func pseudo(s string) string {
	if s == "" {
		return ""
	}
	var sb strings.Builder
	last := 0
	for _, m := range kept.FindAllStringIndex(s, -1) {
		sb.WriteString(longer(s[last:m[0]]))
		sb.WriteString(s[m[0]:m[1]])
		last = m[1]
	}
	sb.WriteString(longer(s[last:]))
	// The padding goes before any space the text ends with, where the
	// text is joined to what follows it, so it always follows a letter.
	text := sb.String()
	body := strings.TrimRight(text, " ")
	var pad strings.Builder
	// Placeholders count for nothing: what fills them is padded, or not,
	// on its own.
	for n, m := utf8.RuneCountInString(kept.ReplaceAllString(text, "")), utf8.RuneCountInString(kept.ReplaceAllString(s, "")); n*5 < m*7; n++ {
		pad.WriteRune(pseudoPad)
	}
	return body + pad.String() + text[len(body):]
}

func longer(s string) string { return toPseudo.Replace(s) }

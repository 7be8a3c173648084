package i18n

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// accents spells the Latin letters of the pseudo-language: every one
// readable, every one outside ASCII, so text that skipped the catalog
// shows at a glance.
var accents = strings.NewReplacer(
	"a", "á", "e", "é", "i", "í", "o", "ó", "u", "ú", "y", "ý", "c", "ç", "n", "ñ", "s", "ś", "z", "ž",
	"A", "Á", "E", "É", "I", "Í", "O", "Ó", "U", "Ú", "Y", "Ý", "C", "Ç", "N", "Ñ", "S", "Ś", "Z", "Ž",
)

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
	// Padded to 40 % longer than English, with a mark a truncation cuts.
	for n, m := utf8.RuneCountInString(sb.String()), utf8.RuneCountInString(s); n*5 < m*7; n++ {
		sb.WriteRune('·')
	}
	return sb.String()
}

func longer(s string) string {
	var sb strings.Builder
	for _, r := range s {
		sb.WriteRune(r)
		if strings.ContainsRune("aeiouAEIOU", r) {
			sb.WriteRune(r)
		}
	}
	return accents.Replace(sb.String())
}

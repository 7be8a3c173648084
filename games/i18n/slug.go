package i18n

import "strings"

// foldAccents spells the accented letters an English title may hold as
// plain ones.
var foldAccents = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "ó", "o", "ò", "o", "ô", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "ç", "c", "ñ", "n", "ß", "ss",
)

// Slug is the part of a catalog key a text of a game's content names by
// its English ("Opening a corner café" → "opening_a_corner_cafe"):
// lowercased, accents folded, every other run of characters but a–z and
// 0–9 one "_", none at either end. Content tables keep their English,
// which content versions hash, and name their words by it, so every
// version that shares a text shares its translations.
func Slug(english string) string {
	var b strings.Builder
	gap := false
	for _, r := range foldAccents.Replace(strings.ToLower(english)) {
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

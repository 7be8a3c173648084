package render

import (
	"path/filepath"
	"slices"
	"testing"
	"unicode"

	"github.com/BurntSushi/toml"
	"github.com/lifebot/lifebot/games/i18n"
)

// english is the renderer's words in English, which the goldens are drawn
// in.
var english = words().In(i18n.English)

func TestTheRenderersCatalogIsComplete(t *testing.T) {
	t.Parallel()
	for _, p := range words().Problems() {
		t.Error(p)
	}
}

// Places are written as each language writes them.
func TestOrdinals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang i18n.Lang
		n    int
		want string
	}{
		{i18n.English, 1, "1st"}, {i18n.English, 2, "2nd"}, {i18n.English, 3, "3rd"}, {i18n.English, 4, "4th"},
		{i18n.English, 11, "11th"}, {i18n.English, 12, "12th"}, {i18n.English, 13, "13th"},
		{i18n.English, 21, "21st"}, {i18n.English, 22, "22nd"}, {i18n.English, 103, "103rd"},
		{i18n.German, 1, "1."}, {i18n.German, 2, "2."},
		{i18n.French, 1, "1er"}, {i18n.French, 2, "2e"}, {i18n.French, 21, "21e"},
		{i18n.Spanish, 3, "3.º"}, {i18n.Portuguese, 3, "3º"},
		{i18n.Pseudo, 2, "2ņđ·"},
	} {
		if got := ordinal(words().In(c.lang), c.n); got != c.want {
			t.Errorf("%s: ordinal(%d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// The embedded fonts draw every letter and sign the catalogs of the five
// languages hold, the commands', the core's and the renderer's: whatever
// the bot says in words, an image can say too, with no substitute box.
func TestTheFontsDrawEveryLanguage(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pattern := range []string{"../bot/locales/*.toml", "../bot/core/locales/*/*.toml", "locales/*.toml"} {
		found, err := filepath.Glob(pattern)
		if err != nil || len(found) == 0 {
			t.Fatalf("no catalog files at %s: %v", pattern, err)
		}
		files = append(files, found...)
	}
	fs := newFontSet(nil)
	faces := []*Face{fs.face(Regular, minText), fs.face(Bold, minText)}
	seen := map[rune]bool{}
	for _, file := range files {
		var doc map[string]any
		if _, err := toml.DecodeFile(file, &doc); err != nil {
			t.Fatal(err)
		}
		for _, text := range catalogTexts(doc) {
			for _, r := range text {
				if seen[r] || unicode.IsControl(r) || r == zeroWidthJoiner || r == emojiPresentation {
					continue
				}
				seen[r] = true
				for _, f := range faces {
					if !f.Has(r) {
						t.Errorf("%s: no embedded font draws %q (%U) at %v px", file, r, r, f.Size())
					}
				}
			}
		}
	}
	for _, r := range "äßèçñ¿ã" {
		if !seen[r] {
			t.Errorf("no catalog holds %q: are the catalogs read?", r)
		}
	}
	// And every letter and mark the five languages write, for the words
	// translators will add.
	for _, r := range languageLetters {
		for _, f := range faces {
			if !f.Has(r) {
				t.Errorf("no embedded font draws %q (%U) at %v px", r, r, f.Size())
			}
		}
	}
}

// languageLetters are the letters and signs German, French, Spanish and
// Portuguese write beyond English's.
const languageLetters = "äöüßẞÄÖÜ„“‚‘" + // German
	"àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’" + // French
	"áéíñóúüÁÉÍÑÓÚÜ¿¡ºª" + // Spanish
	"ãâáàçéêíóôõúÃÂÁÀÇÉÊÍÓÔÕÚ" // Portuguese

// catalogTexts lists the texts of a catalog file's entries, the notes for
// translators left out.
func catalogTexts(doc map[string]any) []string {
	var out []string
	for k, v := range doc {
		switch v := v.(type) {
		case string:
			if k != "note" {
				out = append(out, v)
			}
		case map[string]any:
			out = append(out, catalogTexts(v)...)
		}
	}
	return out
}

// A board of each game, and the players' own images of the games with the
// most words, drawn in German, whose words run longest, kept as goldens
// for a person to read: the same views as the English goldens, laid out
// alike, in the words of German players.
func TestGermanGoldens(t *testing.T) {
	t.Parallel()
	de := words().In(i18n.German)
	for _, c := range []struct {
		of string
		h  int
	}{
		{"thatslife_mid6", shared().thatsLife().thatsLifeHeight(6, de)},
		{"life_table_mid3", shared().life().tableHeight(3, de)},
		{"life_hand_seven", shared().life().handBackdrop(de).rect.Dy()},
		{"lagom_table_mid4", shared().lagom().tableHeight(4, de)},
		{"lagom_hand_play", LagomHandHeight},
		{"yodo_board_mid4", yodoHeight4},
		{"yodo_hand_taken4", yodoHandHeight},
		{"alife_board_mid3", alifeTestKit().boardHeight(3, de)},
		{"alife_hand_mid3", alifeTestKit().handHeight(de)},
		{"alife_life_over3", alLifeHeight},
	} {
		i := slices.IndexFunc(goldens(), func(g golden) bool { return g.name == c.of })
		if i < 0 {
			t.Fatalf("no golden %s", c.of)
		}
		g := goldens()[i]
		t.Run(g.name, func(t *testing.T) {
			data, err := g.drawIn(shared(), i18n.German)
			if err != nil {
				t.Fatal(err)
			}
			if b := decode(t, data).Bounds(); b.Dx() != PhoneWidth || b.Dy() != c.h {
				t.Fatalf("image is %v, want %dx%d", b, PhoneWidth, c.h)
			}
			checkGolden(t, g.name+"_de", data)
		})
	}
}

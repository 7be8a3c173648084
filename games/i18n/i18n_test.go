package i18n

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestAPrinterSaysTheReadersLanguage(t *testing.T) {
	c, err := Load(os.DirFS("testdata"), "good")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{English, "game.turn", []any{"name", "Ada"}, "▶ Ada to play"},
		{German, "game.turn", []any{"name", "Ada"}, "▶ Ada ist dran"},
		{English, "game.moves", []any{"n", 1}, "1 move"},
		{English, "game.moves", []any{"n", 0}, "0 moves"},
		{English, "game.moves", []any{"n", 2}, "2 moves"},
		// French counts 0 and 1 as one; Portuguese too.
		{French, "game.moves", []any{"n", 0}, "0 coup"},
		{French, "game.moves", []any{"n", 1}, "1 coup"},
		{French, "game.moves", []any{"n", 2}, "2 coups"},
		{Portuguese, "game.moves", []any{"n", 0}, "0 jogada"},
		{German, "game.moves", []any{"n", 0}, "0 Züge"},
		{Spanish, "game.start.label", nil, "Empezar"},
		// A missing argument stays visible; a missing key says itself.
		{English, "game.turn", nil, "▶ {name} to play"},
		{German, "game.nothing", nil, "game.nothing"},
		{Pseudo, "game.turn", []any{"name", "Ada"}, "▶ Ada ŧóò płáàŷ··"},
	} {
		if got := c.In(tc.lang).T(tc.key, tc.args...); got != tc.want {
			t.Errorf("%s %s %v = %q, want %q", tc.lang, tc.key, tc.args, got, tc.want)
		}
	}
	if p := c.Problems(); len(p) != 0 {
		t.Errorf("a complete catalog has problems:\n%s", strings.Join(p, "\n"))
	}
}

func TestOf(t *testing.T) {
	for locale, want := range map[string]Lang{
		"de": German, "en-GB": English, "en-US": English, "es-419": Spanish, "es-ES": Spanish,
		"pt-BR": Portuguese, "fr": French, "ja": English, "": English, "x-pseudo": Pseudo,
	} {
		if got := Of(locale); got != want {
			t.Errorf("Of(%q) = %s, want %s", locale, got, want)
		}
	}
}

func TestProblemsFindWhatIsWrong(t *testing.T) {
	c, err := Load(os.DirFS("testdata"), "bad")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(c.Problems(), "\n")
	for _, want := range []string{
		"en-US: game.quiet has no note for translators",
		"de: game.moves counts where English does not",
		"de: game.turn fills [player] where English fills [name]",
		`de: game.start.label reads as English: "Start"`,
		"de: game.extra is not in English",
		"fr: no catalog",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "de: game.quiet") {
		t.Errorf("a translated text is reported:\n%s", got)
	}
}

func TestPseudoKeepsWhatMustNotChange(t *testing.T) {
	in := "Hi <@123>, see `/log game:{id}` at https://discord.com/x and <t:5:R>, {name}."
	got := pseudo(in)
	for _, keep := range []string{"<@123>", "`/log game:{id}`", "https://discord.com/x", "<t:5:R>", "{name}"} {
		if !strings.Contains(got, keep) {
			t.Errorf("pseudo(%q) = %q lost %q", in, got, keep)
		}
	}
	plain := "Show my hand and start the game"
	if n, m := len([]rune(pseudo(plain))), len([]rune(plain)); float64(n) < 1.39*float64(m) {
		t.Errorf("pseudo text is %d runes for %d: want it much longer", n, m)
	}
	if slices.Contains([]rune(pseudo(plain)), 'a') {
		t.Errorf("pseudo text keeps plain letters: %q", pseudo(plain))
	}
}

func TestJoinRefusesAKeyTwice(t *testing.T) {
	c, _ := Load(os.DirFS("testdata"), "good")
	if _, err := Join(c, c); err == nil || !strings.Contains(err.Error(), "in two catalogs") {
		t.Errorf("Join of a catalog with itself = %v", err)
	}
}

// A test written against English reads the pseudo-language back exactly,
// names and all.
func TestThePseudoLanguageReadsBack(t *testing.T) {
	c, err := Load(os.DirFS("testdata"), "good")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range c.Keys() {
		args := []any{"name", "Zoë Ñúñez", "n", 2}
		en, ps := c.In(English).T(key, args...), c.In(Pseudo).T(key, args...)
		if ps == en || englishWordIn(ps) {
			t.Errorf("%s reads %q in the pseudo-language", key, ps)
		}
		if got := Unpseudo(ps); got != en {
			t.Errorf("%s: %q reads back as %q, want %q", key, ps, got, en)
		}
	}
	if got := Unpseudo("Ünïcode ⟦x⟧ · café"); got != "Ünïcode ⟦x⟧ · café" {
		t.Errorf("text that is not pseudo reads back as %q", got)
	}
}

// englishWordIn reports a word of four plain ASCII letters or more.
func englishWordIn(s string) bool {
	return regexp.MustCompile(`(^|[^\p{L}])[A-Za-z]{4,}([^\p{L}]|$)`).MatchString(s)
}

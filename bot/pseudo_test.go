package bot_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// inPseudo says the end-to-end tests run in the pseudo-language, as the
// CI's own step runs them (LIFEBOT_TEST_PSEUDO=1): every player's client
// and every server speak it, the tests read what the bot says back into
// English, and every text the bot sends is checked for words that never
// went through a catalog and for labels cut short.
func inPseudo() bool { return os.Getenv("LIFEBOT_TEST_PSEUDO") == "1" }

// pseudoLanguage is the fake's pseudo-language. Texts are only checked
// when every game of reg speaks through a catalog: the test games of this
// package say their own English on purpose.
func pseudoLanguage(reg *games.Registry) discordtest.Language {
	lang := discordtest.Language{Locale: string(i18n.Pseudo), Read: i18n.Unpseudo}
	for _, id := range reg.IDs() {
		if g, _ := reg.Get(id); !isSpeaker(g) {
			return lang
		}
	}
	lang.Check = pseudoProblems
	return lang
}

func isSpeaker(g games.Game) bool {
	_, ok := g.(games.Speaker)
	return ok
}

var (
	// asTyped are parts of a text the pseudo-language leaves alone:
	// mentions, timestamps and custom emoji, code, addresses, time zones.
	asTyped     = regexp.MustCompile("<[^<>\\s]+>|`[^`]*`|https?://\\S+|\\]\\([^)]*\\)|[A-Z][a-z]+/[A-Za-z_/]+")
	placeholder = regexp.MustCompile(`\{[a-z][a-z0-9_]*\}`)
	// testNames are the names the tests and the bot give players and
	// channels, drawn as typed in every language, and the bot's own.
	testNames = strings.NewReplacer("Stranger", "", "stranger", "", "Admin", "", "games", "", "Board", "", "lifebot", "",
		"Robin", "", "Sasha", "", "Noor", "", "Juno", "", "Milo", "", "Wren", "", "Ezra", "")
)

// pseudoProblems is what is wrong with a text the bot said in the
// pseudo-language: a message no catalog said, a placeholder without its
// argument, a word of plain English (which no catalog said either), a
// label cut short.
func pseudoProblems(where discordtest.Where, text string) []string {
	var out []string
	// A select option may summarise a move too long for it (History's
	// steps); a button or a menu's placeholder may not be cut.
	if (where == discordtest.InLabel || where == discordtest.InPlaceholder || where == discordtest.InChoice) && strings.HasSuffix(text, "…") {
		out = append(out, fmt.Sprintf("the %s %q is cut short", where, text))
	}
	if strings.ContainsRune(text, '⟦') {
		out = append(out, fmt.Sprintf("an unsaid message in %q", text))
	}
	if placeholder.MatchString(text) {
		out = append(out, fmt.Sprintf("a placeholder without its argument in %q", text))
	}
	plain := testNames.Replace(asTyped.ReplaceAllString(text, " "))
	for _, w := range strings.FieldsFunc(plain, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) >= 4 && !strings.ContainsFunc(w, func(r rune) bool { return r > unicode.MaxASCII }) {
			out = append(out, fmt.Sprintf("%q is English in %q", w, text))
			break
		}
	}
	return out
}

// The pseudo check finds what skipped the catalog, and only that.
func TestThePseudoCheckFindsEnglish(t *testing.T) {
	say := i18n.Words().In(i18n.Pseudo)
	fine := "🏆 " + say.Say(i18n.List("Ada", "Stranger")) + " · <@12> `/log game:1` [x](https://discord.com/channels/1/2)"
	for _, tc := range []struct {
		where discordtest.Where
		text  string
		bad   bool
	}{
		{discordtest.InContent, fine, false},
		{discordtest.InContent, "Ada rolled a 6", true},
		{discordtest.InContent, "⟦thatslife.event.roll|who=Ada⟧", true},
		{discordtest.InContent, say.T("i18n.list.last"), true},
		{discordtest.InLabel, say.Say(i18n.List("Ada", "Ben")) + "…", true},
		{discordtest.InContent, "… " + say.Say(i18n.List("Ada", "Ben")), false},
	} {
		if got := pseudoProblems(tc.where, tc.text); (len(got) > 0) != tc.bad {
			t.Errorf("the %s %q: problems %q", tc.where, tc.text, got)
		}
	}
}

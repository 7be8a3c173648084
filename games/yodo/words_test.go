package yodo

import (
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Every content version a game may name says its texts through the
// catalog, and in English exactly as its tables hold them: the tables are
// what the version hashes, the catalog what players read.
func TestCatalogSaysEveryContentInItsOwnEnglish(t *testing.T) {
	en := spoken().In(i18n.English)
	check := func(msg, want string) {
		t.Helper()
		if got := en.Say(msg); got != want {
			t.Errorf("%s says %q, want %q", msg, got, want)
		}
	}
	for _, c := range contents {
		for f, x := range c.fates {
			check(c.fateName(f), x.Name)
			check(c.epilogue(f), x.Epilogue)
		}
		for e, x := range c.events {
			check(c.title(e), x.Title)
			check(c.forgotten(e), x.Forgotten)
			for f, l := range x.Lines {
				check(c.line(e, f), l)
			}
		}
		check(i18n.Msg("yodo.story.opening"), c.story.Opening)
		check(i18n.Msg("yodo.story.closing"), c.story.Closing)
		for n, tpls := range map[int][]string{2: c.story.Pairs, 3: c.story.Triples} {
			for i, tpl := range tpls {
				var args []any
				for k := range n {
					l, f := string(rune('a'+k)), string(rune('A'+k))
					args = append(args, "line_"+l, "{"+f+"}", "fate_"+l, "{"+l+"}")
				}
				check(i18n.Msg(template(n, i), args...), tpl)
			}
		}
	}
}

// A German reader reads the game in German: a move, a prompt, a button,
// a memory and the story, with the players' names put in after.
func TestGermanReaderReadsGerman(t *testing.T) {
	s := play(t, games.Config{Seats: 2, Seed: 5}, Game{}.AI())
	names := []string{"Ada", "Ben"}
	de := func(text string) string { return games.FormatSeats(say(i18n.German, text), names) }
	for text, want := range map[string]string{
		s.c.title(0):                 "Das erste Wort",
		i18n.Msg("yodo.prompt.card"): "Wähle eine Karte zum Ausspielen.",
		s.c.fateName(1):              "Wehmut",
		Fits(3):                      "passt auf 3 Erinnerungen",
		i18n.Msg("yodo.event.buried", "who", games.SeatRef(1)): "Ben konnte nirgends spielen und hat eine Karte unter den eigenen Stapel gelegt.",
	} {
		if got := de(text); got != want {
			t.Errorf("%s in German: %q, want %q", text, got, want)
		}
	}
	story := de(strings.Join(s.Story(), "\n"))
	for _, want := range []string{"Das erste Wort", "Punkte:"} {
		if !strings.Contains(story, want) {
			t.Errorf("the German story lacks %q:\n%s", want, story)
		}
	}
	if strings.Contains(story, "Philip's") || strings.Contains(story, "served") {
		t.Errorf("the German story reads in English:\n%s", story)
	}
}

// A game saved before the game spoke through its catalog keeps its
// notes in English; they load as the messages they are now, said in the
// reader's language, and a note the game does not know stays as it is.
func TestNotesSavedInEnglishLoadAsMessages(t *testing.T) {
	st, err := Game{}.New(games.Config{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	s.notes[0] = []string{"You drew a Mirth-Regret card.", "You put your Mirth card under your deck.", "You drew a Gloom card."}
	data, err := s.MarshalBinary()
	back, errBack := Game{}.Decode(data)
	if err != nil || errBack != nil {
		t.Fatal(err, errBack)
	}
	notes := back.View(0).(View).Notes
	for i, want := range map[int]string{0: "Du hast eine Frohsinn-Wehmut-Karte gezogen.", 1: "Du hast deine Frohsinn-Karte unter deinen Stapel gelegt.", 2: "You drew a Gloom card."} {
		if got := say(i18n.German, notes[i]); got != want {
			t.Errorf("note %q is read in German as %q, want %q", s.notes[0][i], got, want)
		}
	}
	for i, n := range notes {
		if got := english(n); got != s.notes[0][i] {
			t.Errorf("note %q is read in English as %q", s.notes[0][i], got)
		}
	}
}

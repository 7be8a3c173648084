package lagom

import (
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Every card of every set, the retired one included, is named by its
// catalog key, which its English title gives, and said as that title in
// English.
func TestEveryCardHasItsWords(t *testing.T) {
	en := words().In(i18n.English)
	for _, set := range cardSets {
		for _, c := range set.cards {
			name := c.Name()
			if !i18n.IsMsg(name) {
				t.Errorf("%q has no key in the catalog", c.Title)
				continue
			}
			if got := en.Say(name); got != c.Title {
				t.Errorf("%q is said %q in English", c.Title, got)
			}
		}
	}
	if got := (Card{Title: "Planted W - P HR 0"}).Name(); got != "Planted W - P HR 0" {
		t.Errorf("a card the catalog lacks is named %q, want its title", got)
	}
}

// A German reader reads the game in German: a card drawn, what the game
// asks, the buttons and the log, with the players' names put in.
func TestGermanReaderReadsGerman(t *testing.T) {
	de := words().In(i18n.German)
	s := newState(t, 2, 5)
	farm := slices.IndexFunc(s.set.cards, func(c Card) bool { return c.Title == "Family farm" })
	give(s, 0, farm)
	if got, want := de.Say(s.PromptTo(0)), "Runde 1: Zieh eine Zusatzkarte, löse Investitionen auf oder mach weiter."; got != want {
		t.Errorf("German prompt %q, want %q", got, want)
	}
	apply(t, s, 0, "done")
	var labels []string
	for _, c := range s.Legal(0) {
		labels = append(labels, de.Say(c.Label))
	}
	if !slices.Contains(labels, "Familienhof wählen") {
		t.Errorf("German pick buttons %q lack Familienhof", labels)
	}
	if ev := apply(t, s, 0, "pick."+itoa(farm)); len(ev) == 0 || de.Say(ev[0].Text) != "Du hast Familienhof gewählt." {
		t.Errorf("German pick events %v, want the pick told first", ev)
	}
	toPlay(s, 1, farm)
	var log []string
	for _, e := range apply(t, s, 1, "play."+itoa(int(Left))) {
		log = append(log, games.FormatSeats(de.Say(e.Text), []string{"Ada", "Björn"}))
	}
	if want := "Björn spielt Familienhof nach links aus: Vermögen + Vermögen."; !slices.Contains(log, want) {
		t.Errorf("German log %q lacks %q", log, want)
	}
	if text := strings.Join(log, "\n"); strings.Contains(text, "Family") || strings.Contains(text, "⟦") {
		t.Errorf("German log holds English or unsaid messages:\n%s", text)
	}
}

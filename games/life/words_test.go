package life

import (
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// A German reader reads the game in German: its events and private
// lines with the cards as codes and the suits and the joker in German
// card terms, its prompts, its buttons and its fortunes.
func TestGermanReader(t *testing.T) {
	german := reader(i18n.German)
	say := func(texts []string) []string { return german.SayAll(texts) }

	s := newState(t, 2, 1, opts("choose_spades=true"))
	var labels []string
	for _, c := range s.Legal(0) {
		labels = append(labels, c.Label)
	}
	if got, want := say(labels), []string{"Herz ♥", "Karo ♦", "Kreuz ♣", "Pik ♠"}; !slices.Equal(got, want) {
		t.Errorf("suit labels %q, want %q", got, want)
	}

	s = build(t, pos{hands: []string{"4H 2D", "JO 2C"}, deck: "9C JO2"})
	ev := begin(t, s)
	if got, want := say(eventTexts(ev, games.Observer)), []string{"{0} hat 9♣ aufgedeckt und kein Kreuz.", "{0} zieht eine Karte."}; !slices.Equal(got, want) {
		t.Errorf("public events %q, want %q", got, want)
	}
	if got, want := say(eventTexts(ev, 0)), "Du hast den Joker gezogen."; !slices.Contains(got, want) {
		t.Errorf("seat 0 reads %q, want %q among them", got, want)
	}
	if got, want := german.Say(s.PromptTo(1)), "Du bist dran: Spiel einen Joker oder deck die oberste Karte auf"; got != want {
		t.Errorf("prompt to seat 1 %q, want %q", got, want)
	}
	labels = nil
	for _, c := range s.Legal(1) {
		labels = append(labels, c.Label)
	}
	if got, want := say(labels), []string{"Joker spielen", "Oberste Karte aufdecken"}; !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}

	if got, want := german.Say(fortune([4]int{Hearts: 12, Diamonds: 3, Spades: 2})),
		"Liebe 12, Geld 3, Freundschaft 0, Pech 2. Ein Herz wird für dich schneller schlagen, noch ehe der Mond voll ist, auch wenn vielleicht ein kleines graues Wölkchen vorbeizieht."; got != want {
		t.Errorf("fortune %q, want %q", got, want)
	}
}

// A note saved before the game spoke in messages is English text, and
// is read as it was written.
func TestOldNotesReadAsWritten(t *testing.T) {
	s := newState(t, 2, 1, opts())
	s.notes[0] = []string{"You picked up 9♣."}
	back := checkState(t, s)
	if got := reader(i18n.German).SayAll(back.View(0).(View).Notes); !slices.Equal(got, []string{"You picked up 9♣."}) {
		t.Errorf("notes %q, want the old note as written", got)
	}
}

// A host who chose one pack for too many players reads why the game
// cannot start in their language.
func TestTooFewPacksInTheHostsLanguage(t *testing.T) {
	_, err := Game{}.New(games.Config{Seats: 8, Options: games.Options{optPacks: "1"}, Seed: 1})
	if err == nil {
		t.Fatal("one pack dealt to eight players")
	}
	if got, want := reader(i18n.German).Say(err.Error()), "ein Deck reicht nicht für 8 Spieler: Wähle zwei Decks"; got != want {
		t.Errorf("a German host reads %q, want %q", got, want)
	}
	if got, want := reader(i18n.English).Say(err.Error()), "one pack is too few for 8 players: choose two packs"; got != want {
		t.Errorf("an English host reads %q, want %q", got, want)
	}
}

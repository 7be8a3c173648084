package alife

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Every card of every content version has a title and a flavour line in
// the catalog, and no two titles share a key.
func TestEveryCardHasItsWords(t *testing.T) {
	en := words().In(i18n.English)
	byKey := map[string]string{}
	for _, set := range cardSets() {
		for i := range set.cards {
			c := &set.cards[i]
			k := i18n.Slug(c.Title)
			if other, ok := byKey[k]; ok && other != c.Title {
				t.Errorf("%q and %q share the key %s", c.Title, other, k)
			}
			byKey[k] = c.Title
			if got := en.Say(titleOf(c)); got != c.Title {
				t.Errorf("%q is said in English as %q", c.Title, got)
			}
			if !en.Has("alife.card." + k + ".flavour") {
				t.Errorf("%q has no flavour line in the catalog", c.Title)
			}
		}
	}
}

// Every button a card can put in a menu fits Discord's 80 characters in
// every language, with the longest titles of every content version: the
// suite meets only the cards its games deal.
func TestEveryCardsButtonsFit(t *testing.T) {
	var labels []string
	for _, set := range cardSets() {
		for i := range set.cards {
			c := &set.cards[i]
			title := titleOf(c)
			labels = append(labels,
				i18n.Msg("alife.do.take.label", "card", title),
				i18n.Msg("alife.do.play.label", "card", title),
				i18n.Msg("alife.do.stand_behind.label", "card", title),
				i18n.Msg("alife.do.keep.label", "card", title),
				i18n.Msg("alife.do.develop.label", "card", title),
				i18n.Msg("alife.do.befriend.label", "whose", games.SeatRef(3), "card", title),
				i18n.Msg("alife.do.discard.label", "n", 2, "card", title))
			if len(c.Costs) > 1 {
				for _, cost := range c.Costs {
					labels = append(labels, i18n.Msg("alife.do.develop_option.label", "c", title, "x", costText(cost)))
				}
			}
		}
		for _, ph := range set.spaces {
			for _, a := range ph {
				labels = append(labels, i18n.Msg("alife.do.resources.label", "gain", spaceText(a)))
			}
		}
	}
	for _, l := range append([]i18n.Lang{i18n.Pseudo}, i18n.Langs...) {
		say := said.In(l)
		for _, label := range labels {
			if said := say.Say(label); utf8.RuneCountInString(said) > 80 || strings.ContainsRune(said, '⟦') {
				t.Errorf("%s: %q has %d characters, want a said label of at most 80", l, said, utf8.RuneCountInString(said))
			}
		}
	}
}

// A German reader reads the game in German: the prompt, a button, the
// log, and the card it names in the words the catalog gives that card.
func TestAGermanReaderReadsGerman(t *testing.T) {
	de := said.In(i18n.German)
	s := newState(currentSet(), games.Config{Seats: 2, Seed: 7})
	for len(s.Active()) > 0 && s.step == stepStart {
		act(t, s, s.Active()[0], actStart, 1)
	}
	seat := s.Active()[0]
	if got, want := de.Say(s.Prompt()), "Runde 1 (Phase 1): "+games.SeatRef(seat)+" wählt ein Erlebnis."; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	row := s.connected(int(seat), true)[0]
	card := s.card(s.slots[1][row])
	title := de.T("alife.card." + i18n.Slug(card.Title) + ".title")
	if got, want := de.Say(s.Legal(seat)[0].Label), "Nimm "+title; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	ev := do(t, s, seat, actTake, row)
	if got, want := de.Say(ev[0].Text), games.SeatRef(seat)+" hat *"+title+"* genommen."; got != want {
		t.Errorf("event %q, want %q", got, want)
	}
	if got, want := de.Say(s.View(seat).(View).Seats[seat].Tableau[0][0].Card.Title), title; got != want {
		t.Errorf("the view's card is said %q, want %q", got, want)
	}
}

package i18n

import (
	"os"
	"strings"
	"testing"
)

func TestAMessageIsSaidInItsReadersLanguage(t *testing.T) {
	good, err := Load(os.DirFS("testdata"), "good")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Join(good, Words())
	if err != nil {
		t.Fatal(err)
	}
	en, de, fr := c.In(English), c.In(German), c.In(French)
	turn := Msg("game.turn", "name", "{1}")
	moves := Msg("game.moves", "n", 2)
	for _, tc := range []struct {
		p          Printer
		text, want string
	}{
		{en, turn, "▶ {1} to play"},
		{de, turn, "▶ {1} ist dran"},
		{fr, moves, "2 coups"},
		{fr, Msg("game.moves", "n", 1), "1 coup"},
		// Messages inside text are said; the rest stays as it is.
		{de, "🔒 " + turn + " · " + moves, "🔒 ▶ {1} ist dran · 2 Züge"},
		// A literal holding the format's own characters survives.
		{en, Msg("game.turn", "name", `A|d⟦a⟧\`), `▶ A|d⟦a⟧\ to play`},
		// A message as an argument is said in the same language.
		{de, Msg("game.turn", "name", moves), "▶ 2 Züge ist dran"},
		{en, List("Ada", "Ben", Msg("game.start.label")), "Ada, Ben and Start"},
		{de, List("Ada", "Ben"), "Ada und Ben"},
		{fr, List("Ada"), "Ada"},
		{en, "plain words", "plain words"},
		// Text that is not a message of the catalog's is left alone.
		{en, "⟦unclosed", "⟦unclosed"},
		{en, "Ada ⟦the great⟧", "Ada ⟦the great⟧"},
		{en, Msg("game.turn", "name", "⟦x⟧"), "▶ ⟦x⟧ to play"},
		// A name put in for a seat is drawn as typed, even one that reads
		// like a message.
		{en, strings.Replace(Msg("game.turn", "name", "{0}"), "{0}", Escape("⟦game.start.label⟧|"), 1), "▶ ⟦game.start.label⟧| to play"},
	} {
		if got := tc.p.Say(tc.text); got != tc.want {
			t.Errorf("%s says %q as %q, want %q", tc.p.Lang(), tc.text, got, tc.want)
		}
	}
	if got := Key(moves); got != "game.moves" {
		t.Errorf("Key(%q) = %q", moves, got)
	}
	if Key("game.moves") != "" || IsMsg(turn+"x") || !IsMsg(Msg("game.turn", "name", turn)) {
		t.Error("IsMsg and Key tell a message from other text")
	}
	if p := Words().Problems(); len(p) != 0 {
		t.Errorf("the list words have problems:\n%s", strings.Join(p, "\n"))
	}
}

func FuzzSayNeverPanics(f *testing.F) {
	c := Words()
	f.Add(Msg("i18n.list.last", "a", "x⟦", "b", List("1", "2")))
	f.Add("⟦⟦|\\⟧")
	f.Fuzz(func(t *testing.T, text string) {
		c.In(German).Say(text)
		if v := Msg("game.turn", "name", text); Key(v) != "game.turn" {
			t.Errorf("a literal %q breaks its message: %q", text, v)
		}
	})
}

// BenchmarkSay is the cost of saying one event line with a nested
// message and a list, the work a board's narration does per line.
func BenchmarkSay(b *testing.B) {
	good, err := Load(os.DirFS("testdata"), "good")
	if err != nil {
		b.Fatal(err)
	}
	c, err := Join(good, Words())
	if err != nil {
		b.Fatal(err)
	}
	de := c.In(German)
	text := Msg("game.turn", "name", List("{0}", "{1}", Msg("game.moves", "n", 3)))
	b.ReportAllocs()
	for b.Loop() {
		de.Say(text)
	}
}

package discordtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A server that speaks a language sends it with every interaction where
// the test set none, shows Check every text the bot sends, once per
// problem, and gives the test its texts as Read makes them.
func TestAServerSpeaksItsLanguage(t *testing.T) {
	lang := Language{
		Locale: "x-test",
		Check: func(where Where, text string) []string {
			if strings.Contains(text, "bad") {
				return []string{"bad in " + text + " (" + string(where) + ")"}
			}
			return nil
		},
		Read: strings.ToUpper,
	}
	w := newWorld(t, WithLanguage(lang))
	b := connect(t, w.fake)
	if _, err := b.s.ApplicationCommandBulkOverwrite(w.fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	send := &discordgo.MessageSend{Content: "a bad word", Components: []discordgo.MessageComponent{row(button("b", "go"))}}
	var ids []string
	for range 2 {
		m, err := b.s.ChannelMessageSendComplex(w.chan_, send)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	got := w.fake.Message(ids[0])
	if got.Content != "A BAD WORD" || got.Buttons()[0].Label != "GO" {
		t.Errorf("the test reads %q with a button %q", got.Content, got.Buttons()[0].Label)
	}
	if p := w.fake.LanguageProblems(); !slices.Equal(p, []string{"bad in a bad word (content)"}) {
		t.Errorf("LanguageProblems() = %q, want the bad word once, as sent", p)
	}

	// A user of another language makes the server speak two: the check
	// rests.
	w.fake.SetLocale(w.bob.ID, "de")
	if _, err := b.s.ChannelMessageSend(w.chan_, "another bad word"); err != nil {
		t.Fatal(err)
	}
	if p := w.fake.LanguageProblems(); len(p) != 1 {
		t.Errorf("LanguageProblems() = %q once a user reads German", p)
	}
	ctx := testContext(t)
	for _, who := range []User{w.alice, w.bob} {
		if _, err := w.fake.Command(ctx, who, w.guild, w.chan_, "play", map[string]any{"game": "life"}); err != nil {
			t.Fatal(err)
		}
		i := b.next(t)
		want := map[string]string{w.alice.ID: "x-test", w.bob.ID: "de"}[who.ID]
		if string(i.Locale) != want || i.GuildLocale == nil || *i.GuildLocale != "x-test" {
			t.Errorf("%s's interaction carries %q in a server of %v, want %q in x-test", who.GlobalName, i.Locale, i.GuildLocale, want)
		}
	}

	assertClean(t, w.fake)
}

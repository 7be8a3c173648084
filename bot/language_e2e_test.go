package bot_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Each player reads their private answers in their own Discord client's
// language, at one English server, until they choose another; the
// commands show in every language the catalog speaks.
func TestEachPlayerReadsTheirOwnLanguage(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	h.fake.SetLocale(ada.ID, "de")
	h.fake.SetLocale(ben.ID, "fr")
	mustContain(t, "Ada's /notify", privateText(t, h.command(ada, "notify show", nil)), "So sage ich dir, dass du dran bist")
	mustContain(t, "Ben's /notify", privateText(t, h.command(ben, "notify show", nil)), "Comment je te préviens que c'est ton tour")
	mustContain(t, "Cy's /notify", privateText(t, h.command(cy, "notify show", nil)), "How I tell you it's your move")
	got := privateText(t, h.command(cy, "notify language", map[string]any{"language": "pt-BR"}))
	mustContain(t, "Cy's choice of Portuguese", got, "Como eu aviso que é a sua vez")
	mustContain(t, "Cy's choice of Portuguese", got, "Idioma: português do Brasil.")

	var notify *discordgo.ApplicationCommand
	for _, c := range h.fake.Commands("") {
		if c.Name == "notify" {
			notify = c
		}
	}
	if notify == nil || notify.DescriptionLocalizations == nil {
		t.Fatalf("/notify is registered without localizations: %+v", notify)
	}
	for _, l := range []discordgo.Locale{discordgo.German, discordgo.French, discordgo.SpanishES, discordgo.PortugueseBR} {
		if (*notify.DescriptionLocalizations)[l] == "" {
			t.Errorf("/notify has no description in %s", l)
		}
	}
}

package bot_test

import (
	"net/http"
	"strings"
	"testing"
)

// A player whose Discord speaks German reads /help in German, naming the
// lobby's buttons as a German lobby labels them; a player whose Discord
// speaks English reads it in English in the same German server.
func TestHelpSpeaksItsReadersLanguage(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	h.fake.SetGuildLocale(h.guild, "de")
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	h.fake.SetLocale(ada.ID, "de")

	help := privateText(t, h.command(ada, "help", nil))
	mustContain(t, "Ada's /help", help, "Brett- und Kartenspiele über das Leben, gespielt in den Kanälen dieses Servers: **Verflixxt!** (`/neues-spiel thatslife`).")
	mustContain(t, "Ada's /help", help, "`/meine-spiele` zeigt deine Spiele auf allen Servern")
	lobby := h.command(ada, "newgame thatslife", nil).Message
	for _, label := range []string{"Beitreten", "Starten"} {
		buttonLabelled(t, lobby, label)
		mustContain(t, "Ada's /help", help, "**"+label+"**")
	}

	help = privateText(t, h.command(ben, "help", nil))
	mustContain(t, "Ben's /help", help, "## lifebot\nBoard and card games about life, played in this server's channels: **That's Life!** (`/newgame thatslife`).\n**Start** a game with `/newgame`")
	if strings.Contains(help, "Spiel") {
		t.Errorf("Ben's English client read German in /help: %q", help)
	}
}

// A command Discord delivers twice is answered the second time in the
// language its player chose, over their client's.
func TestACopiedCommandIsAnsweredInItsPlayersLanguage(t *testing.T) {
	t.Parallel()
	h := thatsLifeServeHarness(t)
	ada := h.fake.AddUser("Ada")
	h.fake.SetLocale(ada.ID, "de")
	h.command(ada, "notify language", map[string]any{"language": "fr"})
	it, err := h.fake.Command(h.ctx(), ada, h.guild, h.channel, "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "Ada's /help after choosing French", privateText(t, h.wait(it)), "Des jeux de plateau et de cartes sur la vie")
	h.waitFinished(it)
	status, body, err := h.fake.Replay(h.ctx(), it)
	if err != nil || status != http.StatusOK || !strings.Contains(string(body), "Cette demande m'est parvenue deux fois") {
		t.Fatalf("a copied /help was answered %d %s, %v; want 200 saying in French it was served before", status, body, err)
	}
}

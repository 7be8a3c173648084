package bot_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
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

// At one English server a German and a French player each read their own
// language wherever they alone read: the German player's living DM, the
// French player's hand (her DMs are closed), a refusal, the dashboard;
// and the game's words in them too. The board stays English, for the
// channel. A German server's board speaks German.
func TestAGermanAndAFrenchPlayerAtAnEnglishTable(t *testing.T) {
	t.Parallel()
	if inPseudo() {
		t.Skip("every player here has a language of their own")
	}
	h := newHarness(t, games.NewRegistry(life.Game{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	users := []discordtest.User{ada, ben, cy}
	h.fake.SetLocale(ada.ID, "de")
	h.fake.SetLocale(ben.ID, "fr")
	h.fake.CloseDMs(ben.ID)
	words := life.Game{}.Words()
	en, de, fr := words.In(i18n.English), words.In(i18n.German), words.In(i18n.French)
	names := []string{"Ada", "Ben", "Cy"}
	mentions := []string{"<@" + ada.ID + ">", "<@" + ben.ID + ">", "<@" + cy.ID + ">"}

	lobby := h.command(ada, "newgame life", nil).Message
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, life.Game{}, 3, h.seed, nil)
	rng := rand.New(rand.NewPCG(7, 8))

	sawDM, sawHand := false, false
	for decisions := 0; decisions < 40 && !(sawDM && sawHand) && !m.st.Result().Over; decisions++ {
		seat := m.st.Active()[0]
		prompt := games.FormatSeats(m.st.(games.Addresser).PromptTo(seat), names)
		board := h.waitBoardShows(lobby.ID, "➡️ "+en.Say(games.FormatSeats(m.st.Prompt(), mentions)))
		for _, l := range []i18n.Lang{i18n.German, i18n.French} {
			if strings.Contains(board.Content, words.In(l).Say(games.FormatSeats(m.st.Prompt(), mentions))) {
				t.Fatalf("the English board speaks %s: %q", l, board.Content)
			}
		}
		switch seat {
		case 0:
			dm := h.privateDecision(m, ada, 0, lobby.ID, false)
			mustContain(t, "Ada's living DM", dm.Content, "➡️ "+de.Say(prompt))
			for _, b := range dm.Buttons() {
				if !slices.ContainsFunc(m.st.Legal(0), func(c games.Choice) bool { return de.Say(games.FormatSeats(c.Label, names)) == b.Label }) && b.Label != "" {
					t.Errorf("Ada's DM offers %q, which is no German label of her choices", b.Label)
				}
			}
			sawDM = true
		case 1:
			hand := h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Show my hand"))
			mustContain(t, "Ben's hand", privateText(t, hand), "➡️ "+fr.Say(prompt))
			sawHand = true
		}
		h.decidePrivately(m, users, ben, lobby.ID, rng)
	}
	if !sawDM || !sawHand {
		t.Fatalf("the game never asked Ada in her DM (%v) and Ben at his hand (%v)", sawDM, sawHand)
	}
	mustContain(t, "Ben's dashboard", h.command(ben, "mygames", nil).Message.Content, "**Tes parties**")
	if seat := m.st.Active()[0]; seat != 0 {
		waiting := privateText(t, h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Show my hand")))
		mustContain(t, "Ada's hand while she waits", waiting, "Warten auf")
	}

	german := newHarness(t, games.NewRegistry(life.Game{}), textRenderer{})
	german.fake.SetGuildLocale(german.guild, "de")
	dee, eve := german.fake.AddUser("Dee"), german.fake.AddUser("Eve")
	board := german.command(dee, "newgame life", nil).Message
	german.click(eve, german.fake.Message(board.ID), buttonLabelled(t, german.fake.Message(board.ID), "Beitreten"))
	german.click(dee, german.fake.Message(board.ID), buttonLabelled(t, german.fake.Message(board.ID), "Starten"))
	gm := newMirror(t, life.Game{}, 2, german.seed, nil)
	shown := german.waitBoardShows(board.ID, "➡️ "+de.Say(games.FormatSeats(gm.st.Prompt(), []string{"<@" + dee.ID + ">", "<@" + eve.ID + ">"})))
	mustContain(t, "the German board", shown.Content, "**"+de.T("life.title")+"**")
	buttonLabelled(t, shown, "Meine Karten zeigen")
}

// waitBoardShows waits until the message id shows want, and returns it.
func (h *harness) waitBoardShows(id, want string) *discordtest.Message {
	h.t.Helper()
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(id).Content, want) }); err != nil {
		h.t.Fatalf("the board never showed %q: %q", want, h.fake.Message(id).Content)
	}
	return h.fake.Message(id)
}

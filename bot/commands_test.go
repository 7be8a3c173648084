package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/discordtest"
)

func TestCommandsAreRegistered(t *testing.T) {
	h := thatsLifeHarness(t)
	var names []string
	for _, c := range h.fake.Commands("") {
		names = append(names, c.Name)
		if c.Name == "newgame" {
			var games []string
			for _, ch := range c.Options[0].Choices {
				games = append(games, ch.Value.(string))
			}
			if got := strings.Join(games, ","); got != "thatslife,life,lagom,alife,yodo" {
				t.Errorf("/newgame offers %s, want all five games", got)
			}
		}
	}
	for _, want := range []string{"newgame", "rules", "games", "abandon"} {
		if !strings.Contains(strings.Join(names, ","), want) {
			t.Errorf("command /%s is not registered (have %v)", want, names)
		}
	}
}

func TestComingSoonAndRules(t *testing.T) {
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	got := privateText(t, h.command(ada, "newgame", map[string]any{"game": "lagom"}))
	mustContain(t, "/newgame lagom", got, "coming soon")
	got = privateText(t, h.command(ada, "rules", map[string]any{"game": "yodo"}))
	mustContain(t, "/rules yodo", got, "coming soon")
	got = privateText(t, h.command(ada, "rules", map[string]any{"game": "thatslife"}))
	mustContain(t, "/rules thatslife", got, "That's Life!")
	if len(got) < 200 {
		t.Errorf("the rules are suspiciously short: %q", got)
	}
}

func TestNewGameRefusesBadOptions(t *testing.T) {
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	got := privateText(t, h.command(ada, "newgame", map[string]any{
		"game": "thatslife", "end_when_first_player_home": true, "end_at_last_figure": true,
	}))
	mustContain(t, "conflicting variants", got, "cannot be played together")
	if n := len(h.fake.Messages(h.channel)); n != 0 {
		t.Errorf("a refused /newgame left %d public messages", n)
	}
}

func TestLobbyButtons(t *testing.T) {
	h := thatsLifeHarness(t)
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	lobby := h.command(ada, "newgame", map[string]any{"game": "thatslife", "layout": "random"}).Message
	mustContain(t, "lobby", lobby.Content, "Layout: random")
	click := func(u discordtest.User, label string) *discordtest.Response {
		t.Helper()
		msg := h.fake.Message(lobby.ID)
		return h.click(u, msg, buttonLabelled(t, msg, label))
	}

	mustContain(t, "starting alone", privateText(t, click(ada, "Start")), "at least 2 players")
	mustContain(t, "host leaving", privateText(t, click(ada, "Leave")), "Cancel")
	mustContain(t, "guest adding AI", privateText(t, click(ben, "Add AI player")), "Only the host")
	mustContain(t, "leaving before joining", privateText(t, click(ben, "Leave")), "not in this game")
	click(ben, "Join")
	mustContain(t, "joining twice", privateText(t, click(ben, "Join")), "already in")
	click(ben, "Leave")
	for range 5 {
		click(ada, "Add AI player")
	}
	msg := h.fake.Message(lobby.ID)
	mustContain(t, "full lobby", msg.Content, "Players (6/6)")
	for _, b := range msg.Components[0] {
		if (b.Label == "Join" || b.Label == "Add AI player") && !b.Disabled {
			t.Errorf("%s is still enabled in a full lobby", b.Label)
		}
	}
	mustContain(t, "guest cancelling", privateText(t, click(ben, "Cancel")), "Only the host")
	click(ada, "Cancel")
	msg = h.fake.Message(lobby.ID)
	mustContain(t, "cancelled lobby", msg.Content, "cancelled")
	if len(msg.Buttons()) != 0 {
		t.Errorf("a cancelled lobby still has buttons: %+v", msg.Buttons())
	}
	got := privateText(t, h.command(ada, "games", nil))
	mustContain(t, "/games after cancel", got, "No games are running")
}

func TestSoloGameAgainstAI(t *testing.T) {
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	lobby := h.command(ada, "newgame", map[string]any{"game": "thatslife"}).Message
	for range 2 {
		msg := h.fake.Message(lobby.ID)
		h.click(ada, msg, buttonLabelled(t, msg, "Add AI player"))
	}
	msg := h.fake.Message(lobby.ID)
	h.click(ada, msg, buttonLabelled(t, msg, "Start"))
	for moves := 0; ; moves++ {
		board := h.fake.Message(lobby.ID)
		buttons := board.Buttons()
		if len(buttons) == 0 {
			mustContain(t, "final board", board.Content, "🏆")
			break
		}
		mustContain(t, "board", board.Content, "➡️ "+ada.Mention())
		h.click(ada, board, buttons[0].CustomID)
		if moves > 200 {
			t.Fatal("a solo game against two AI players did not end in 200 of Ada's moves")
		}
	}
	h.waitPinged(ada, 0)
	if p := h.fake.Pings(ada.ID); len(p) != 1 || !strings.Contains(p[0].Content, "is over") {
		t.Errorf("playing alone, Ada should be pinged only by the closing announcement; got %d pings", len(p))
	}
}

func TestGamesAndAbandon(t *testing.T) {
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()
	admin := h.fake.AddUser("Admin")
	h.fake.SetPermissions(admin.ID, discordgo.PermissionAdministrator)

	got := privateText(t, h.command(ben, "games", nil))
	mustContain(t, "/games", got, "That's Life!")
	mustContain(t, "/games", got, "waiting for")
	mustContain(t, "/games", got, "/"+lobby.ID+")")

	mustContain(t, "guest abandoning", privateText(t, h.command(ben, "abandon", nil)), "Only the host or a server admin")
	mustContain(t, "admin abandoning", privateText(t, h.command(admin, "abandon", nil)), "abandoned")
	// The board follows the answer, like every delivery.
	h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "Abandoned by Admin") })
	board := h.fake.Message(lobby.ID)
	mustContain(t, "abandoned board", board.Content, "Abandoned by Admin")
	if len(board.Buttons()) != 0 {
		t.Errorf("an abandoned board still has buttons")
	}
	mustContain(t, "abandoning twice", privateText(t, h.command(ada, "abandon", nil)), "no open game")
}

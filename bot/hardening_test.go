package bot_test

import (
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
)

// A click counts only in the game's own channel: a button id copied onto
// another game's message elsewhere changes nothing.
func TestClicksCountOnlyInTheGamesChannel(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	here := h.fake.Message(board.ID)
	u, _ := activeUser(t, here, []discordtest.User{ada, ben})
	move := plays(here)[0].CustomID

	other := h.fake.AddChannel(h.guild, "elsewhere")
	it, err := h.fake.Command(h.ctx(), u, h.guild, other, "newgame thatslife", nil)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := h.wait(it).Message
	stale, err := h.fake.ClickStale(h.ctx(), u, h.fake.Message(elsewhere.ID), move)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "a click from another channel", privateText(t, h.wait(stale)), "another channel")
	if h.fake.Message(board.ID).Content != here.Content {
		t.Fatal("a click made in another channel changed the game")
	}
	// The same button on the game's own board works.
	h.click(u, h.fake.Message(board.ID), move)
	if h.fake.Message(board.ID).Content == here.Content {
		t.Fatal("the move was not made on the game's own board")
	}
}

// /games shows what the asker can see: the games of the channel they ask
// in, and the ones they play in; never games of private channels they are
// not part of, nor another server's.
func TestGamesListsOnlyWhatTheAskerCanSee(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, cy, dee := h.fake.AddUser("Ada"), h.fake.AddUser("Cy"), h.fake.AddUser("Dee")
	// open has Ada open a lobby and returns its id as /games writes it.
	open := func(guild, channel string) string {
		t.Helper()
		it, err := h.fake.Command(h.ctx(), ada, guild, channel, "newgame thatslife", nil)
		if err != nil {
			t.Fatal(err)
		}
		return "`" + strings.Split(h.wait(it).Message.Content, "`")[1] + "`"
	}
	public := open(h.guild, h.channel)
	secret := h.fake.AddChannel(h.guild, "secret")
	hidden := open(h.guild, secret)
	elsewhere := h.fake.AddGuild("Elsewhere")
	foreign := open(elsewhere, h.fake.AddChannel(elsewhere, "games"))
	// Cy joins the game in the secret channel.
	lobbies := h.fake.Messages(secret)
	h.click(cy, lobbies[len(lobbies)-1], buttonLabelled(t, lobbies[len(lobbies)-1], "Join"))

	for _, c := range []struct {
		who        string
		got        string
		want, miss []string
	}{
		{"Dee", privateText(t, h.command(dee, "games", nil)), []string{public}, []string{hidden, foreign}},
		{"Cy", privateText(t, h.command(cy, "games", nil)), []string{public, hidden}, []string{foreign}},
		{"Ada", privateText(t, h.command(ada, "games", nil)), []string{public, hidden}, []string{foreign}},
	} {
		for _, w := range c.want {
			mustContain(t, c.who+"'s /games", c.got, w)
		}
		for _, m := range c.miss {
			if strings.Contains(c.got, m) {
				t.Errorf("%s's /games shows game %s, which they cannot see: %q", c.who, m, c.got)
			}
		}
	}
}

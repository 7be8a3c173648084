package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
)

// A game asked to play in a thread moves there when it starts: the board,
// the buttons and the commands work there, and the lobby message in the
// channel points at it.
func TestGameInItsOwnThread(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	lobby := h.command(ada, "newgame thatslife", map[string]any{"thread": true}).Message
	h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))

	var thread discordtest.Thread
	h.fake.WaitFor(h.ctx(), func() bool {
		threads := h.fake.Threads(h.channel)
		if len(threads) == 1 {
			thread = threads[0]
		}
		return len(threads) == 1 && strings.Contains(h.fake.Message(lobby.ID).Content, "Playing in")
	})
	if thread.ID != lobby.ID || thread.Name != "That's Life! · Ada, Ben" {
		t.Fatalf("thread %+v, want one named after the game and players, opened from the lobby %s", thread, lobby.ID)
	}
	if got := h.fake.Message(lobby.ID); !strings.Contains(got.Content, "<#"+thread.ID+">") || len(got.Buttons()) != 0 {
		t.Errorf("the lobby message does not point at the thread: %q, %d buttons", got.Content, len(got.Buttons()))
	}
	var board *discordtest.Message
	h.fake.WaitFor(h.ctx(), func() bool {
		for _, m := range h.fake.Messages(thread.ID) {
			if len(plays(m)) > 0 {
				board = m
			}
		}
		return board != nil
	})
	if board == nil {
		t.Fatal("no board with buttons in the thread")
	}
	mover, _ := activeUser(t, board, []discordtest.User{ada, ben})
	moves := h.fake.Message(board.ID).EditedCount
	resp := h.click(mover, board, plays(board)[0].CustomID)
	if resp.Message != nil && resp.Message.Ephemeral() {
		t.Fatalf("a move in the thread was refused: %q", resp.Message.Content)
	}
	h.fake.WaitFor(h.ctx(), func() bool { return h.fake.Message(board.ID).EditedCount > moves })

	it, err := h.fake.Command(h.ctx(), ada, h.guild, thread.ID, "games", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "/games in the thread", privateText(t, h.wait(it)), "<#"+thread.ID+">")
	it, err = h.fake.Command(h.ctx(), ada, h.guild, thread.ID, "abandon", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "/abandon in the thread", privateText(t, h.wait(it)), "abandoned")
	for _, m := range h.fake.Messages(h.channel) {
		if m.ID != lobby.ID {
			t.Errorf("the game left a message in the channel besides its lobby: %q", m.Content)
		}
	}
}

// A server whose games play in threads by default gets one without the
// option; /newgame's option turns it off for one game. A game opened
// inside a thread cannot have one of its own: it plays there, and says
// why rather than leave its players waiting for a thread.
func TestThreadsByServerSetting(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	h.stop()
	h.tables = func(c *bot.Config) { c.Threads = func(string) bool { return true } }
	h.start()
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	play := func(channel string, opts map[string]any) *discordtest.Message {
		return h.gameIn(ada, ben, channel, opts)
	}
	boardIn := func(lobby *discordtest.Message) func() bool {
		return func() bool {
			return len(plays(h.fake.Message(lobby.ID))) > 0 && strings.Contains(h.fake.Message(lobby.ID).Content, "➡️")
		}
	}
	first := play(h.channel, nil)
	h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Threads(h.channel)) == 1 })
	threads := h.fake.Threads(h.channel)
	if len(threads) != 1 || threads[0].ID != first.ID {
		t.Fatalf("the server's setting made threads %+v", threads)
	}
	second := play(h.channel, map[string]any{"thread": false})
	h.fake.WaitFor(h.ctx(), boardIn(second))
	if n := len(h.fake.Threads(h.channel)); n != 1 {
		t.Errorf("thread:false still made a thread: %d threads", n)
	}

	thread := threads[0].ID
	inThread := play(thread, nil)
	var note *discordtest.Message
	h.fake.WaitFor(h.ctx(), func() bool {
		for _, m := range h.fake.Messages(thread) {
			if strings.Contains(m.Content, "play in this channel") {
				note = m
			}
		}
		return note != nil && boardIn(inThread)()
	})
	if note == nil || !boardIn(inThread)() {
		t.Fatalf("the game opened in a thread: note %v, lobby %q; want its lobby the board and a note saying why", note, h.fake.Message(inThread.ID).Content)
	}
	mustContain(t, "the note", note.Content, "this channel cannot hold threads of its own")
	if n := len(h.fake.Threads(h.channel)); n != 1 {
		t.Errorf("%d threads in the channel, want only the first game's", n)
	}
}

// Where the bot may not make threads, the games the server's setting
// sends to threads play in the channel, which is told why once: the next
// game neither says it again nor asks Discord in vain. Another channel
// still has its games in threads.
func TestAChannelWithoutThreadPermissionsIsToldOnce(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	h.stop()
	h.tables = func(c *bot.Config) { c.Threads = func(string) bool { return true } }
	h.start()
	h.fake.DenyThreads(h.channel)
	other := h.fake.AddChannel(h.guild, "more-games")
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	for i := range 2 {
		lobby := h.gameIn(ada, ben, h.channel, nil)
		if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Message(lobby.ID).Buttons()) > 0 }); err != nil {
			t.Fatalf("game %d: the lobby did not become the board: %q", i+1, h.fake.Message(lobby.ID).Content)
		}
	}
	var notes []string
	for _, m := range h.fake.Messages(h.channel) {
		if strings.HasPrefix(m.Content, "🧵") {
			notes = append(notes, m.Content)
		}
	}
	if len(notes) != 1 {
		t.Fatalf("the channel was told %q, want one note", notes)
	}
	mustContain(t, "the note", notes[0], "Games here play in this channel")
	mustContain(t, "the note", notes[0], "**Create Public Threads**")
	asked := 0
	for _, r := range h.fake.Rejected() {
		if r.Code == 50013 {
			asked++
		}
	}
	if asked != 1 {
		t.Errorf("Discord refused %d threads, want 1: the second game should not ask", asked)
	}
	h.gameIn(ada, ben, other, nil)
	if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Threads(other)) == 1 }); err != nil {
		t.Error("a game in a channel that allows threads did not move to one")
	}
}

// Lobbies nobody starts close after the configured time, with a line;
// a host with too many lobbies, or a full channel, is told what to do.
func TestLobbyExpiryAndCaps(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	h.stop()
	h.tables = func(c *bot.Config) { c.LobbyExpiry, c.MaxLobbies, c.MaxChannelGames = 24*time.Hour, 1, 2 }
	h.start()
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	lobby := h.command(ada, "newgame thatslife", nil).Message
	mustContain(t, "a second lobby", privateText(t, h.command(ada, "newgame thatslife", nil)), "`/mygames` lists them")
	h.command(ben, "newgame thatslife", nil)
	mustContain(t, "a full channel", privateText(t, h.command(cy, "newgame thatslife", nil)), "open yours in another channel")

	// The bot learns a lobby's message after its answer showed it; a day
	// passes only once it has.
	h.waitBoardRecorded("1")
	h.waitBoardRecorded("2")
	h.sweepAfter(25 * time.Hour)
	h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "without a start") })
	got := h.fake.Message(lobby.ID)
	mustContain(t, "the expired lobby", got.Content, "closed after 1 day without a start")
	if len(got.Buttons()) != 0 {
		t.Error("an expired lobby keeps its buttons")
	}
	if resp := h.command(ada, "newgame thatslife", nil); resp.Message == nil || resp.Message.Ephemeral() {
		t.Errorf("after expiry the host still may not open a lobby: %+v", resp.Message)
	}
}

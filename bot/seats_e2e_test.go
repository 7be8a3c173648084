package bot_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// playToEnd has whoever the board names take its first choice until the
// game is over, and returns the final board.
func (h *harness) playToEnd(boardID string, users []discordtest.User) *discordtest.Message {
	h.t.Helper()
	board := h.fake.Message(boardID)
	for moves := 0; len(plays(board)) > 0; moves++ {
		u, _ := activeUser(h.t, board, users)
		h.click(u, board, plays(board)[0].CustomID)
		board = h.fake.Message(boardID)
		if moves > 500 {
			h.t.Fatal("the game did not end in 500 moves")
		}
	}
	mustContain(h.t, "final board", board.Content, "🏆")
	return board
}

// announcement waits for the closing announcement of a finished game.
func (h *harness) announcement() *discordtest.Message {
	h.t.Helper()
	var found *discordtest.Message
	err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, m := range h.fake.Messages(h.channel) {
			if strings.Contains(m.Content, "is over") {
				found = m
				return true
			}
		}
		return false
	})
	if err != nil {
		h.t.Fatal("no closing announcement: ", err)
	}
	return found
}

func TestResignMidGameAndTheAIFinishes(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	users := []discordtest.User{ada, ben}
	for range 4 {
		b := h.fake.Message(board.ID)
		u, _ := activeUser(t, b, users)
		h.click(u, b, plays(b)[0].CustomID)
	}
	ask := h.command(ben, "resign", nil).Message
	if ask == nil || !ask.Ephemeral() {
		t.Fatalf("/resign should answer privately, got %+v", ask)
	}
	confirm := buttonLabelled(t, ask, "Resign from That's Life! — the AI takes your seat")
	mustContain(t, "a stranger's resignation", privateText(t, h.command(h.fake.AddUser("Stranger"), "resign", nil)), "don't play")
	done := h.click(ben, ask, confirm)
	mustContain(t, "the confirmed resignation", done.Message.Content, "You resigned")
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(board.ID).Content, "Ben resigned") }); err != nil {
		t.Fatalf("the table was never told: %q", h.fake.Message(board.ID).Content)
	}
	final := h.playToEnd(board.ID, []discordtest.User{ada})
	mustContain(t, "final board", final.Content, "Ben (resigned at move ")
	mustContain(t, "final board", final.Content, "), then the AI")
}

func TestHostReplacesAnAbsentPlayerWithTheAI(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	mustContain(t, "a guest replacing", privateText(t, h.command(ben, "replace", map[string]any{"player": ada, "with": "ai"})), "Only the host")
	mustContain(t, "the host replacing", privateText(t, h.command(ada, "replace", map[string]any{"player": ben, "with": "ai"})), "played by the AI")
	final := h.playToEnd(board.ID, []discordtest.User{ada})
	mustContain(t, "final board", final.Content, "Ben (replaced at move ")
}

func TestReplaceWithANewPlayerWhoTakesTheSeat(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	cy := h.fake.AddUser("Cy")
	got := privateText(t, h.command(ada, "replace", map[string]any{"player": ben, "with": "player"}))
	mustContain(t, "/replace with a new player", got, "open to a new player")
	var inv *discordtest.Message
	for _, m := range h.fake.Messages(h.channel) {
		if strings.Contains(m.Content, "Ben's seat in **That's Life!**") {
			inv = m
		}
	}
	if inv == nil {
		t.Fatal("no invitation in the channel")
	}
	take := buttonLabelled(t, inv, "Take the seat")
	mustContain(t, "a seated player taking a second seat", privateText(t, h.click(ada, inv, take)), "already play a seat")
	h.click(cy, inv, take)
	inv = h.fake.Message(inv.ID)
	mustContain(t, "the invitation once taken", inv.Content, "Cy took Ben's seat")
	if len(inv.Buttons()) != 0 {
		t.Errorf("the taken invitation still has buttons")
	}
	final := h.playToEnd(board.ID, []discordtest.User{ada, cy})
	mustContain(t, "final board", final.Content, "then Cy")
}

func TestRematchWithTheSamePlayers(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	stranger := h.fake.AddUser("Stranger")
	h.playToEnd(board.ID, []discordtest.User{ada, ben})
	ann := h.announcement()
	rematch := buttonLabelled(t, ann, "Rematch")
	mustContain(t, "a stranger's Rematch before any lobby", privateText(t, h.click(stranger, ann, rematch)), "Only the players")

	// Messages are told apart by id: a ping deleted meanwhile shifts the
	// channel's list.
	seen := map[string]bool{}
	for _, m := range h.fake.Messages(h.channel) {
		seen[m.ID] = true
	}
	var wg sync.WaitGroup
	answers := make([]string, 2)
	for i, u := range []discordtest.User{ada, ben} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			it, err := h.fake.Click(h.ctx(), u, ann, rematch)
			if err != nil {
				t.Error(err)
				return
			}
			resp, err := it.Wait(h.ctx())
			if err != nil {
				t.Error(err)
				return
			}
			if resp.Message == nil {
				h.waitFinished(it)
				if f := it.Followups(); len(f) > 0 {
					resp.Message = f[len(f)-1]
				}
			}
			if resp.Message != nil {
				answers[i] = resp.Message.Content
			}
		}()
	}
	wg.Wait()
	// The lobby is posted after the answers; the store says at once how
	// many games the clicks opened.
	if recs, err := h.store.List(h.ctx(), storage.Filter{}); err != nil || len(recs) != 2 {
		t.Fatalf("two Rematch clicks left %d games (%v), want the finished one and one lobby (answers %q)", len(recs), err, answers)
	}
	var lobbies []*discordtest.Message
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		lobbies = nil
		for _, m := range h.fake.Messages(h.channel) {
			if !seen[m.ID] && strings.Contains(m.Content, "New game") {
				lobbies = append(lobbies, m)
			}
		}
		return len(lobbies) > 0
	}); err != nil || len(lobbies) != 1 {
		t.Fatalf("two Rematch clicks posted %d lobbies (answers %q)", len(lobbies), answers)
	}
	both := strings.Join(answers, "\n")
	mustContain(t, "the Rematch answers", both, "You opened a rematch")
	mustContain(t, "the Rematch answers", both, "You joined the rematch")
	lobby := lobbies[0]
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "Players (2/6)") }); err != nil {
		t.Fatalf("the rematch lobby never showed both players: %q", h.fake.Message(lobby.ID).Content)
	}
	mustContain(t, "the rematch lobby", h.fake.Message(lobby.ID).Content, "From the last game:")
	mustContain(t, "a second Rematch click", privateText(t, h.click(ben, ann, rematch)), "already in the rematch")
	mustContain(t, "a stranger's Rematch", privateText(t, h.click(stranger, ann, rematch)), "**Join**")

	host := ada
	if !strings.Contains(h.fake.Message(lobby.ID).Content, "hosted by "+ada.Mention()) {
		host = ben
	}
	h.click(host, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	activeUser(t, h.fake.Message(lobby.ID), []discordtest.User{ada, ben})
}

// In a game with hidden hands, the seat's private view goes with the
// seat: whoever left is shown no more of it, whoever took it over gets it.
func TestHiddenHandsFollowTheSeat(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(secrets{}), textRenderer{})
	ada, ben, cy, dee := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy"), h.fake.AddUser("Dee")
	lobby := h.command(ada, "newgame secrets", nil).Message
	for _, u := range []discordtest.User{ben, cy} {
		msg := h.fake.Message(lobby.ID)
		h.click(u, msg, buttonLabelled(t, msg, "Join"))
	}
	msg := h.fake.Message(lobby.ID)
	h.click(ada, msg, buttonLabelled(t, msg, "Start"))
	living := func(u discordtest.User) *discordtest.Message {
		t.Helper()
		var view *discordtest.Message
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			for _, m := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
				if len(m.Attachments) > 0 {
					view = m
					return true
				}
			}
			return false
		}); err != nil {
			t.Fatalf("%s got no private view", u.Username)
		}
		return view
	}
	benView, cyView := living(ben), living(cy)

	ask := h.command(ben, "resign", nil).Message
	h.click(ben, ask, buttonLabelled(t, ask, "Resign from Secrets — the AI takes your seat"))
	h.command(ada, "replace", map[string]any{"player": cy, "with": "player"})
	var inv *discordtest.Message
	for _, m := range h.fake.Messages(h.channel) {
		if strings.Contains(m.Content, "Cy's seat in **Secrets**") {
			inv = m
		}
	}
	if inv == nil {
		t.Fatal("no invitation in the channel")
	}
	h.click(dee, inv, buttonLabelled(t, inv, "Take the seat"))
	living(dee)
	for _, left := range []*discordtest.Message{benView, cyView} {
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			m := h.fake.Message(left.ID)
			return strings.Contains(m.Content, "you left this game") && len(m.Attachments) == 0 && len(m.Components) == 0
		}); err != nil {
			m := h.fake.Message(left.ID)
			t.Fatalf("the living DM of a player who left still reads %q with %d images and %d rows", m.Content, len(m.Attachments), len(m.Components))
		}
	}
}

package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/yodo"
)

// Four people play You Only Die Once to the end by clicks, Ben with his
// DMs closed, and the bot restarts mid-game. The channel never shows a
// hand; at the end it tells Philip's story, every memory once and in life
// order, as the engine's record has it, and the scores are the engine's.
func TestYodoEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(yodo.Game{}), textRenderer{})
	ada, ben, cy, dee := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy"), h.fake.AddUser("Dee")
	users := []discordtest.User{ada, ben, cy, dee}
	h.fake.CloseDMs(ben.ID)
	lobby := h.command(ada, "newgame yodo", nil).Message
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, yodo.Game{}, 4, h.seed, nil)
	rng := rand.New(rand.NewPCG(7, 8))

	decisions, restarted := 0, false
	for !m.st.Result().Over {
		if !restarted && decisions >= 12 {
			restarted = true
			h.restart()
		}
		h.decidePrivately(m, users, ben, lobby.ID, rng)
		decisions++
		if decisions > 2000 {
			t.Fatal("the game did not end in 2000 decisions")
		}
	}
	if !restarted {
		t.Error("the game ended before the bot could be restarted")
	}
	// The scores on the board are the engine's.
	res := m.st.Result()
	names := []string{"Ada", "Ben", "Cy", "Dee"}
	var ranks []string
	for seat := range 4 {
		ranks = append(ranks, fmt.Sprintf("%d. %s: %s", res.Rank[seat], names[seat], res.ScoreText(games.Seat(seat))))
	}
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, r := range ranks {
			if !strings.Contains(h.fake.Message(lobby.ID).Content, r) {
				return false
			}
		}
		return true
	}); err != nil {
		t.Fatalf("the final board does not show the engine's scores %q: %q", ranks, h.fake.Message(lobby.ID).Content)
	}

	// The story, as the channel tells it, is the engine's, whole and in
	// order, every memory once.
	var want []string
	for _, p := range m.st.(games.Teller).Story() {
		want = append(want, english(games.FormatSeats(p, names)))
	}
	var told []string
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		told = nil
		over := false
		for _, msg := range h.fake.Messages(h.channel) {
			if over {
				told = append(told, msg.Content)
			}
			// The closing announcement begins the story, after its own
			// words; the rest follows.
			if strings.Contains(msg.Content, "` is over.") {
				over = true
				if _, head, ok := strings.Cut(msg.Content, "\n\n"); ok {
					told = append(told, head)
				}
			}
		}
		return strings.Contains(strings.Join(told, "\n\n"), want[len(want)-1])
	}); err != nil {
		t.Fatalf("the story was not told in the channel: %q", told)
	}
	story := strings.Join(told, "\n\n")
	if got, exp := strings.Join(strings.Fields(story), " "), strings.Join(strings.Fields(strings.Join(want, "\n\n")), " "); got != exp {
		t.Fatalf("the channel's story differs from the engine's:\n got %q\nwant %q", got, exp)
	}
	last := -1
	for _, e := range m.st.View(games.Observer).(yodo.View).Board {
		title := "**" + english(e.Title) + ".**"
		if n := strings.Count(story, title); n != 1 {
			t.Fatalf("the story tells %q %d times", e.Title, n)
		}
		at := strings.Index(story, title)
		if at < last {
			t.Fatalf("the story tells %q out of life order", e.Title)
		}
		last = at
	}
	for _, part := range told {
		if n := len([]rune(part)); n > 2000 {
			t.Fatalf("a story message of %d characters", n)
		}
	}

	// The channel shows only public views; each player only their own.
	for _, msg := range h.fake.Messages(h.channel) {
		for _, v := range viewsIn[yodo.View](t, msg) {
			if v.Seat != int(games.Observer) || len(v.Hand) > 0 || len(v.Notes) > 0 || v.Taken != -1 {
				t.Fatalf("the channel shows a private view (seat %d, %d cards)", v.Seat, len(v.Hand))
			}
		}
	}
	for seat, u := range users {
		for _, msg := range append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...) {
			for _, v := range viewsIn[yodo.View](t, msg) {
				if v.Seat != seat {
					t.Fatalf("%s was shown seat %d's view", u.Username, v.Seat)
				}
			}
		}
	}
	if n := len(h.fake.Messages(h.fake.DMChannel(ben.ID))); n != 0 {
		t.Errorf("Ben's DMs are closed, yet %d DMs reached him", n)
	}
	t.Logf("%d decisions by clicks; the story took %d messages", decisions, len(told))
	checkRecordReplays(t, h, yodo.Game{})
}

// TestYodoAgainstAIWithImages plays alone against three AI players with
// the real renderer: every board, hand and the life story is a PNG.
func TestYodoAgainstAIWithImages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(yodo.Game{}), boardsOnly{boards()})
	ada := h.fake.AddUser("Ada")
	lobby := h.command(ada, "newgame yodo", map[string]any{"hidden_scores": true}).Message
	for range 3 {
		h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Add AI player"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	playAloneAgainstAI(t, h, ada, lobby.ID, rand.New(rand.NewPCG(5, 6)))
}

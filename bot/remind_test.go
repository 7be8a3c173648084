package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
)

func TestIdleTurnsAreRemindedThenTheAIStandsIn(t *testing.T) {
	h := thatsLifeHarness(t)
	h.stop()
	h.remindAfter = 12 * time.Hour
	h.start()
	ada, ben, lobby := h.twoPlayerGame()
	u, _ := activeUser(t, h.fake.Message(lobby.ID), []discordtest.User{ada, ben})
	if u.ID != ada.ID {
		h.waitPinged(u, 0)
	}

	remind := func() int {
		t.Helper()
		n, err := h.bot.RemindIdle(h.ctx(), h.session)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := remind(); n != 0 {
		t.Fatalf("reminded %d games of a fresh turn", n)
	}
	h.clock.Advance(11 * time.Hour)
	if n := remind(); n != 0 {
		t.Fatalf("reminded after 11 hours of a 12-hour period")
	}
	for i := 1; i <= 3; i++ {
		h.clock.Advance(12*time.Hour + time.Minute)
		pings := len(h.fake.Pings(u.ID))
		if n := remind(); n != 1 {
			t.Fatalf("reminder %d: reminded %d games, want 1", i, n)
		}
		if n := remind(); n != 0 {
			t.Fatalf("reminder %d went out twice", i)
		}
		p := h.fake.Pings(u.ID)
		if len(p) != pings+1 || !strings.Contains(p[len(p)-1].Content, "Reminder") {
			t.Fatalf("reminder %d did not ping %s", i, u.Username)
		}
	}
	// Only the latest reminder stays in the channel.
	reminders := 0
	for _, m := range h.fake.Messages(h.channel) {
		if strings.Contains(m.Content, "Reminder") {
			reminders++
		}
	}
	if reminders != 1 {
		t.Errorf("%d reminders left in the channel, want only the latest", reminders)
	}
	// A move starts the clock again.
	board := h.fake.Message(lobby.ID)
	h.click(u, board, board.Buttons()[0].CustomID)
	if n := remind(); n != 0 {
		t.Fatal("a turn that just began was reminded")
	}

	// Three reminders, then one more period: the AI moves for whoever is
	// still away.
	board = h.fake.Message(lobby.ID)
	away, _ := activeUser(t, board, []discordtest.User{ada, ben})
	for range 3 {
		h.clock.Advance(12*time.Hour + time.Minute)
		remind()
	}
	pings := len(h.fake.Pings(away.ID))
	h.clock.Advance(11 * time.Hour)
	if n := remind(); n != 0 {
		t.Fatal("the AI stood in before a full period had passed after the last reminder")
	}
	h.clock.Advance(2 * time.Hour)
	if n := remind(); n != 1 {
		t.Fatalf("the AI did not stand in after the reminders ran out (acted on %d games)", n)
	}
	after := h.fake.Message(lobby.ID)
	mustContain(t, "board after a stand-in", after.Content, away.GlobalName+" was away, so the AI decided for them.")
	if len(h.fake.Pings(away.ID)) != pings {
		t.Error("the absent player was pinged about the move made for them")
	}
	if after.Content == board.Content {
		t.Error("the board did not change after the AI moved")
	}
}

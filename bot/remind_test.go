package bot_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
)

// sweepAfter moves the bot's clock by d and waits until the sweep that
// this wakes has run: the bot's loop waits on the clock again.
func (h *harness) sweepAfter(d time.Duration) {
	h.t.Helper()
	h.waitArmed()
	h.clock.Advance(d)
	h.waitArmed()
}

// waitArmed waits until the bot's sweep waits on the clock for its next
// round, a minute away.
func (h *harness) waitArmed() {
	h.t.Helper()
	// The clock is not the fake's, so its changes wake nobody: poll.
	ctx := h.ctx()
	for !h.clock.Armed(time.Minute) {
		select {
		case <-ctx.Done():
			h.t.Fatal("the bot's sweep never waited on its clock")
		case <-time.After(time.Millisecond):
		}
	}
}

// reminded reads how many reminders the stored game has had this turn.
func (h *harness) reminded() int {
	h.t.Helper()
	_, fields := storedGame(h.t, h)
	n := 0
	if raw, ok := fields["reminded"]; ok {
		if err := json.Unmarshal(raw, &n); err != nil {
			h.t.Fatal(err)
		}
	}
	return n
}

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

	// The bot's own loop does the reminding: nothing here calls it.
	h.sweepAfter(time.Minute)
	if n := h.reminded(); n != 0 {
		t.Fatalf("a fresh turn was reminded %d times", n)
	}
	h.sweepAfter(11*time.Hour - time.Minute - time.Second)
	if n := h.reminded(); n != 0 {
		t.Fatalf("reminded a second before the 12-hour period was over")
	}
	for i := 1; i <= 3; i++ {
		pings := len(h.fake.Pings(u.ID))
		if i == 1 {
			// Due exactly when the period is over, not a sweep later.
			h.sweepAfter(time.Second + time.Hour)
		} else {
			h.sweepAfter(12 * time.Hour)
		}
		if n := h.reminded(); n != i {
			t.Fatalf("after reminder %d is due, the game counts %d", i, n)
		}
		h.waitPinged(u, pings)
		p := h.fake.Pings(u.ID)
		if len(p) != pings+1 || !strings.Contains(p[len(p)-1].Content, "⏰") {
			t.Fatalf("reminder %d did not ping %s once: %d pings", i, u.Username, len(p)-pings)
		}
		h.sweepAfter(time.Minute)
		if n := h.reminded(); n != i {
			t.Fatalf("reminder %d went out twice", i)
		}
	}
	// Only the latest reminder stays in the channel.
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		reminders := 0
		for _, m := range h.fake.Messages(h.channel) {
			if strings.Contains(m.Content, "⏰") {
				reminders++
			}
		}
		return reminders == 1
	}); err != nil {
		t.Error("older reminders were left in the channel")
	}
	// A move starts the clock again.
	board := h.fake.Message(lobby.ID)
	h.click(u, board, board.Buttons()[0].CustomID)
	if n := h.reminded(); n != 0 {
		t.Fatal("a turn that just began counts reminders")
	}

	// Three reminders, then one more period: the AI moves for whoever is
	// still away.
	board = h.fake.Message(lobby.ID)
	away, _ := activeUser(t, board, []discordtest.User{ada, ben})
	for range 3 {
		h.sweepAfter(12 * time.Hour)
	}
	if n := h.reminded(); n != 3 {
		t.Fatalf("%d reminders, want 3", n)
	}
	// The last reminder says what comes next.
	last := func() bool {
		p := h.fake.Pings(away.ID)
		return len(p) > 0 && strings.Contains(p[len(p)-1].Content, "Still away 12 hours from now, and the AI decides for you.")
	}
	if err := h.fake.WaitFor(h.ctx(), last); err != nil {
		t.Fatal("the last reminder never said the AI would stand in")
	}
	pings := len(h.fake.Pings(away.ID))
	h.sweepAfter(11 * time.Hour)
	if h.fake.Message(lobby.ID).Content != board.Content {
		t.Fatal("the AI stood in before a full period had passed after the last reminder")
	}
	h.sweepAfter(2 * time.Hour)
	want := away.GlobalName + " was away, so the AI decided for them."
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, want) }); err != nil {
		t.Fatalf("the AI did not stand in after the reminders ran out: board %q", h.fake.Message(lobby.ID).Content)
	}
	if len(h.fake.Pings(away.ID)) != pings {
		t.Error("the absent player was pinged about the move made for them")
	}
}

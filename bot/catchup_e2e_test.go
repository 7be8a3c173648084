package bot_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
)

var quoted = regexp.MustCompile(`(?m)^> (.*)$`)

// A player away for three days, whose turns the AI takes when their clock
// runs out while the other player plays on, is called back by a ping that
// opens with every move made since their own last click, in the words and
// the order of the game's log.
func TestAPlayerBackAfterThreeDaysReadsWhatTheyMissed(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	ada, ben, board, away, _ := h.clockedGame(map[string]any{})
	users := []discordtest.User{ada, ben}
	home := ada
	if away.ID == ada.ID {
		home = ben
	}
	// The away player's own last click.
	h.click(away, h.fake.Message(board.ID), plays(h.fake.Message(board.ID))[0].CustomID)

	start := h.clock.Now()
	for h.clock.Now().Sub(start) < 72*time.Hour {
		b := h.fake.Message(board.ID)
		if len(plays(b)) == 0 {
			t.Fatal("the game ended before three days were up")
		}
		if u, _ := activeUser(t, b, users); u.ID == home.ID {
			h.click(home, b, plays(b)[0].CustomID)
			continue
		}
		// The away player's clock runs out: the AI takes the turn, and the
		// board shows it before anyone reads whose turn it is.
		shown := b.Content
		h.sweepAfter(24 * time.Hour)
		if err := h.fake.WaitFor(h.ctx(), func() bool { return h.fake.Message(board.ID).Content != shown }); err != nil {
			t.Fatal("the AI never took the absent player's turn")
		}
	}
	b := h.fake.Message(board.ID)
	for u, _ := activeUser(t, b, users); u.ID == home.ID && len(plays(b)) > 0; u, _ = activeUser(t, b, users) {
		h.click(home, b, plays(b)[0].CustomID)
		b = h.fake.Message(board.ID)
	}
	// The pings calling them back are sent as their turns come: wait for
	// one that tells at least a day's moves.
	var ping string
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, p := range h.fake.Pings(away.ID) {
			if len(quoted.FindAllString(p.Content, -1)) >= 6 {
				ping = p.Content
			}
		}
		return ping != ""
	}); err != nil {
		var all []string
		for _, p := range h.fake.Pings(away.ID) {
			all = append(all, p.Content)
		}
		t.Fatalf("%s was never called back with what they missed; the pings:\n%s", away.GlobalName, strings.Join(all, "\n---\n"))
	}
	mustContain(t, "the ping calling the player back", ping, "**Since your last move**")

	story := h.logText(home)
	missed := quoted.FindAllStringSubmatch(ping, -1)
	at := 0
	for _, m := range missed {
		i := strings.Index(story[at:], m[1])
		if i < 0 {
			t.Fatalf("the catch-up line %q is not in the game's log, or not in its order:\n%s", m[1], story)
		}
		at += i + len(m[1])
	}
	// The away player made no move after their click: every move of
	// theirs told is one the AI made for them, and it is news to them.
	if !strings.Contains(ping, "> "+away.GlobalName+" ") {
		t.Errorf("the moves the AI made for %s are missing from the catch-up:\n%s", away.GlobalName, ping)
	}
}

// logText reads the first page of u's latest game's log.
func (h *harness) logText(u discordtest.User) string {
	h.t.Helper()
	return privateText(h.t, h.command(u, "log", nil))
}

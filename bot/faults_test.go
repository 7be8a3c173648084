package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
)

// faultyDiscord is a plan under which a share of every REST call fails in
// each way Discord fails: a 500 before or after the change landed, a
// time-out before or after, and a 429 with its retry_after.
func faultyDiscord(seed uint64) discordtest.FaultPlan {
	return discordtest.FaultPlan{Seed: seed, Faults: []discordtest.Fault{
		{Kind: discordtest.FaultStatus, Share: 0.08},
		{Kind: discordtest.FaultStatusAfterApply, Share: 0.05, Status: 503},
		{Kind: discordtest.FaultTimeout, Share: 0.03, Hold: 300 * time.Millisecond},
		{Kind: discordtest.FaultTimeoutAfterApply, Share: 0.03, Hold: 300 * time.Millisecond},
		{Kind: discordtest.FaultRateLimit, Share: 0.05, RetryAfter: 200 * time.Millisecond},
	}}
}

// That's Life! played to the end by clicks while Discord misbehaves: every
// move is applied once, nobody is told "nothing was changed" about a move
// that was made, and the board ends showing the final state.
func TestThatsLifeSurvivesAFaultyDiscord(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	users := []discordtest.User{ada, ben}
	lobby := h.command(ada, "newgame thatslife", nil).Message
	h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	h.fake.Faults(faultyDiscord(11))

	m := newMirror(t, thatslife.Game{}, 2, h.seed, nil)
	pick := rand.New(rand.NewPCG(7, 8))
	for moves := 0; ; moves++ {
		if moves > 400 {
			t.Fatal("the game did not end")
		}
		// The board may lag after a failed answer: wait until it shows the
		// game as the engine has it.
		var board *discordtest.Message
		want := m.st.Prompt()
		over := m.st.Result().Over
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			board = h.fake.Message(lobby.ID)
			if over {
				return strings.Contains(board.Content, "🏆")
			}
			return len(plays(board)) > 0 && strings.Contains(board.Content, english(games.FormatSeats(want, []string{ada.Mention(), ben.Mention()})))
		}); err != nil {
			t.Fatalf("move %d: the board never caught up: %q", moves, h.fake.Message(lobby.ID).Content)
		}
		if over {
			break
		}
		u, seat := activeUser(t, board, users)
		buttons := plays(board)
		choice := buttons[pick.IntN(len(buttons))].CustomID
		it, err := h.fake.Click(h.ctx(), u, board, choice)
		if err != nil {
			t.Fatal(err)
		}
		// The answer itself may be lost to a fault: Discord then shows
		// "This interaction failed", and the board still follows.
		it.Wait(h.ctx())
		m.apply(seat, choice)
	}

	res := m.st.Result()
	final := h.fake.Message(lobby.ID).Content
	for seat, name := range []string{"Ada", "Ben"} {
		mustContain(t, "final board", final, fmt.Sprintf("%d. %s: %s", res.Rank[seat], name, res.ScoreText(games.Seat(seat))))
	}
	for _, u := range users {
		for _, e := range h.fake.Ephemerals(u.ID) {
			if strings.Contains(e.Content, "Nothing was changed") {
				t.Errorf("%s was told nothing changed: %q", u.Username, e.Content)
			}
		}
	}
	// Every click was applied once: the record's log is the mirror's.
	checkRecordReplays(t, h, thatslife.Game{})
	counts := h.fake.FaultCounts()
	injected := 0
	for _, n := range counts {
		injected += n
	}
	if injected < 10 {
		t.Fatalf("only %d faults were injected; the test proves little", injected)
	}
	t.Logf("faults injected: %v", counts)
}

package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
)

// TestLagomEndToEnd plays Lagom with four people who answer every
// simultaneous step at the same moment; Dee's DMs are closed.
func TestLagomEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(lagom.Game{}), textRenderer{})
	ada, ben, cy, dee := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy"), h.fake.AddUser("Dee")
	users := []discordtest.User{ada, ben, cy, dee}
	h.fake.CloseDMs(dee.ID)
	lobby := h.command(ada, "newgame lagom", nil).Message
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, lagom.Game{}, 4, h.seed, nil)
	rng := rand.New(rand.NewPCG(7, 8))
	applied := loggedMoves(t, h)

	decisionMessage := func(seat games.Seat) *discordtest.Message {
		t.Helper()
		return h.privateDecision(m, users[seat], seat, lobby.ID, users[seat].ID == dee.ID)
	}

	steps := 0
	for !m.st.Result().Over {
		active := m.st.Active()
		type pending struct {
			seat games.Seat
			it   *discordtest.Interaction
			a    games.Action
		}
		var all []pending
		var where []*discordtest.Message
		for _, seat := range active {
			where = append(where, decisionMessage(seat))
		}
		// Everyone clicks at once: nothing waits for an answer here.
		for k, seat := range active {
			it, a := decide(t, h, users[seat], where[k], m.st.Legal(seat), rng)
			all = append(all, pending{seat, it, a})
		}
		for _, p := range all {
			resp := h.wait(p.it)
			if resp.Message != nil && resp.Message.Ephemeral() && !strings.Contains(resp.Message.Content, "VIEW") && len(resp.Message.Attachments) == 0 {
				t.Fatalf("step %d: %s's simultaneous click was refused: %q", steps, users[p.seat].Username, resp.Message.Content)
			}
		}
		// The bot took the clicks one at a time, but answers each once it
		// is delivered, not in the order it was committed: the mirror
		// follows the record's order, since an extra draw takes the top
		// card whoever asks first. The record holds the forced moves too.
		committed := loggedSince(t, h, applied)
		for _, p := range all {
			if !slices.ContainsFunc(committed, func(e loggedEntry) bool { return e.seat == p.seat && e.action.Equal(p.a) }) {
				t.Fatalf("step %d: %s's click %v is not in the record", steps, users[p.seat].Username, p.a)
			}
		}
		for _, e := range committed {
			if _, err := m.st.Apply(e.seat, e.action); err != nil {
				t.Fatalf("step %d: the bot accepted %v from seat %d, which the engine refuses: %v", steps, e.action, e.seat, err)
			}
			applied++
		}
		steps++
		if steps > 2000 {
			t.Fatal("the game did not end")
		}
	}
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "🏆") }); err != nil {
		t.Fatal("the board never showed the end")
	}
	for _, msg := range h.fake.Messages(h.channel) {
		for _, v := range viewsIn[lagom.View](t, msg) {
			if v.Seat != games.Observer || v.Hand != nil || v.Picked != nil || v.Passed != nil || v.Received != nil || len(v.Notes) > 0 {
				t.Fatalf("the channel shows a private view of seat %d", v.Seat)
			}
		}
	}
	for seat, u := range users {
		for _, msg := range append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...) {
			for _, v := range viewsIn[lagom.View](t, msg) {
				if v.Seat != games.Seat(seat) {
					t.Fatalf("%s was shown seat %d's view", u.Username, v.Seat)
				}
			}
		}
	}
	t.Logf("%d simultaneous steps by clicks", steps)
	// The record alone rebuilds the game, decision by decision.
	checkRecordReplays(t, h, lagom.Game{})
}

// loggedEntry is one decision of the stored game's record.
type loggedEntry struct {
	seat   games.Seat
	action games.Action
}

// loggedSince returns the stored game's decisions from the n-th on, in the
// order they were committed.
func loggedSince(t testing.TB, h *harness, n int) []loggedEntry {
	t.Helper()
	_, fields := storedGame(t, h)
	var log []struct {
		S games.Seat `json:"s"`
		A string     `json:"a"`
	}
	if err := json.Unmarshal(fields["log"], &log); err != nil {
		t.Fatal(err)
	}
	var out []loggedEntry
	for _, e := range log[min(n, len(log)):] {
		a, err := games.ParseAction(e.A)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, loggedEntry{e.S, a})
	}
	return out
}

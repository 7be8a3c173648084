package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
)

// decisionKeys fingerprints, per seat, the decision it faces: "" when it
// need not act.
func decisionKeys(st games.State, seats int) []string {
	out := make([]string, seats)
	for _, seat := range st.Active() {
		var b strings.Builder
		for _, c := range st.Legal(seat) {
			fmt.Fprintf(&b, "%s\x00%s\x00", c.Action, c.Label)
			if c.Pick != nil {
				for _, it := range c.Pick.Items {
					fmt.Fprintf(&b, "%s\x01", it.Label)
				}
			}
		}
		out[seat] = b.String()
	}
	return out
}

// liveButtons counts the messages of a channel that still offer an enabled
// component.
func liveButtons(msgs []*discordtest.Message) int {
	n := 0
	for _, m := range msgs {
		for _, row := range m.Components {
			enabled := false
			for _, c := range row {
				enabled = enabled || !c.Disabled
			}
			if enabled {
				n++
				break
			}
		}
	}
	return n
}

// A two-player game of Life played to the end: each player has one living
// DM, edited in place; a short DM pings them for each decision they did
// not bring about themselves, and goes away when the next one comes; no
// DM but the living one ever offers a button.
func TestEachPlayerKeepsOneLivingDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(life.Game{}), textRenderer{})
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	users := []discordtest.User{ada, ben}
	lobby := h.command(ada, "newgame life", nil).Message
	h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, life.Game{}, 2, h.seed, nil)
	rng := rand.New(rand.NewPCG(9, 10))

	// Each player is notified once by their living DM when it is sent,
	// then once per decision someone else's move put before them.
	want := []int{1, 1}
	dmPings := func(u discordtest.User) int {
		n := 0
		for _, p := range h.fake.Pings(u.ID) {
			if p.ChannelID == h.fake.DMChannel(u.ID) {
				n++
			}
		}
		return n
	}
	decisions := 0
	for !m.st.Result().Over {
		seat := m.st.Active()[0]
		u := users[seat]
		where := h.privateDecision(m, u, seat, lobby.ID, false)
		for _, v := range users {
			if n := liveButtons(h.fake.Messages(h.fake.DMChannel(v.ID))); n > 1 {
				t.Fatalf("decision %d: %d of %s's DMs offer buttons", decisions, n, v.Username)
			}
		}
		if err := h.fake.WaitFor(h.ctx(), func() bool { return dmPings(u) == want[seat] }); err != nil {
			t.Fatalf("decision %d: %s had %d DM notifications, want %d", decisions, u.Username, dmPings(u), want[seat])
		}
		before := decisionKeys(m.st, 2)
		it, a := decide(t, h, u, where, m.st.Legal(seat), rng)
		h.wait(it)
		if _, err := m.st.Apply(seat, a); err != nil {
			t.Fatalf("decision %d: the bot accepted %v, which the engine refuses: %v", decisions, a, err)
		}
		m.forced()
		after := decisionKeys(m.st, 2)
		for s := range 2 {
			other := games.Seat(s) != seat
			forced := false
			for _, f := range m.forcedBy {
				forced = forced || f == games.Seat(s)
			}
			if other && after[s] != "" && (after[s] != before[s] || forced) {
				want[s]++
			}
		}
		decisions++
		if decisions > 3000 {
			t.Fatal("the game did not end in 3000 decisions")
		}
	}
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "🏆") }); err != nil {
		t.Fatal("the board never showed the end")
	}
	for seat, u := range users {
		dm := h.fake.DMChannel(u.ID)
		// At the end the last ping goes too: the living DM alone remains,
		// with nothing left to click.
		if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Messages(dm)) == 1 }); err != nil {
			t.Fatalf("%s's DMs at the end: %d messages, want the living one", u.Username, len(h.fake.Messages(dm)))
		}
		if n := liveButtons(h.fake.Messages(dm)); n != 0 {
			t.Errorf("%s's DM still offers buttons after the end", u.Username)
		}
		if got := dmPings(u); got != want[seat] {
			t.Errorf("%s was notified %d times in DMs, want %d", u.Username, got, want[seat])
		}
		sent := h.fake.History(dm)
		if len(sent) != want[seat] {
			t.Errorf("%s was sent %d DMs, want %d: the living one and one per ping", u.Username, len(sent), want[seat])
		}
		t.Logf("%s: %d DMs sent (%d notifications), the living DM edited %d times, in a game of %d decisions",
			u.Username, len(sent), dmPings(u), h.fake.Messages(dm)[0].EditedCount, decisions)
	}
}

// faultTolerantHand returns the message a player decides with under a
// faulty Discord: their living DM once it shows the engine's view, or the
// ephemeral "Show my hand" answer, asked again when an answer was lost.
// A delivery that gave up is healed by the next sweep.
func (h *harness) faultTolerantHand(m *mirror, u discordtest.User, seat games.Seat, boardID string, dmsClosed bool) *discordtest.Message {
	h.t.Helper()
	want, _ := json.Marshal(m.st.View(seat))
	shows := func(msg *discordtest.Message) bool {
		if msg == nil || len(msg.Components) == 0 {
			return false
		}
		for _, a := range msg.Attachments {
			if bytes.Equal(bytes.TrimPrefix(a.Data, []byte("VIEW ")), want) {
				return true
			}
		}
		return false
	}
	for try := 0; try < 20; try++ {
		if dmsClosed {
			board := h.fake.Message(boardID)
			it, err := h.fake.Click(h.ctx(), u, board, buttonLabelled(h.t, board, "Show my hand"))
			if err != nil {
				h.t.Fatal(err)
			}
			if resp, err := it.Wait(h.ctx()); err == nil && resp.Message != nil && shows(resp.Message) {
				return resp.Message
			}
			if f := it.Followups(); len(f) > 0 && shows(f[len(f)-1]) {
				return f[len(f)-1]
			}
			continue
		}
		var where *discordtest.Message
		// Delivery retries its failures with backoff before a sweep
		// heals what it gave up: on a loaded machine under -race that can
		// take seconds, so each try waits long enough not to fail on
		// timing alone.
		ctx, cancel := h.shortCtx(6 * time.Second)
		err := h.fake.WaitFor(ctx, func() bool {
			for _, msg := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
				if shows(msg) {
					where = msg
					return true
				}
			}
			return false
		})
		cancel()
		if err == nil {
			return where
		}
		h.sweepAfter(time.Minute)
	}
	h.t.Fatalf("%s never got their decision to a place they could click it", u.Username)
	return nil
}

func (h *harness) shortCtx(d time.Duration) (ctx context.Context, cancel context.CancelFunc) {
	return context.WithTimeout(h.ctx(), d)
}

// loggedMoves is how many decisions the stored game holds.
func loggedMoves(t testing.TB, h *harness) int {
	t.Helper()
	_, fields := storedGame(t, h)
	var log []json.RawMessage
	if raw, ok := fields["log"]; !ok {
		return 0
	} else if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	return len(log)
}

// playPrivateUnderFaults plays a hidden-hand game to the end by clicks,
// one decision at a time, while Discord fails as faultyDiscord says: every
// click is applied exactly once whether or not its answer arrived, and
// the board ends showing the result.
func playPrivateUnderFaults(t *testing.T, h *harness, g games.Game, opts games.Options, users []discordtest.User, closed discordtest.User, boardID string) {
	m := newMirror(t, g, len(users), h.seed, opts)
	rng := rand.New(rand.NewPCG(21, 22))
	h.fake.Faults(faultyDiscord(17))
	decisions := 0
	for !m.st.Result().Over {
		seat := m.st.Active()[0]
		u := users[seat]
		where := h.faultTolerantHand(m, u, seat, boardID, u.ID == closed.ID)
		logged := loggedMoves(t, h)
		it, a := decide(t, h, u, where, m.st.Legal(seat), rng)
		// The answer may be lost to a fault; the move is made all the same,
		// and the mirror follows only once it is stored.
		it.Wait(h.ctx())
		waitUntil(t, h, func() bool { return loggedMoves(t, h) > logged })
		if _, err := m.st.Apply(seat, a); err != nil {
			t.Fatalf("decision %d: the bot accepted %v, which the engine refuses: %v", decisions, a, err)
		}
		m.forced()
		decisions++
		if decisions > 3000 {
			t.Fatal("the game did not end in 3000 decisions")
		}
	}
	for try := 0; !strings.Contains(h.fake.Message(boardID).Content, "🏆"); try++ {
		if try == 10 {
			t.Fatalf("the board never showed the end: %q", h.fake.Message(boardID).Content)
		}
		ctx, cancel := h.shortCtx(2 * time.Second)
		h.fake.WaitFor(ctx, func() bool { return strings.Contains(h.fake.Message(boardID).Content, "🏆") })
		cancel()
		h.sweepAfter(time.Minute)
	}
	for _, u := range users {
		for _, e := range h.fake.Ephemerals(u.ID) {
			if strings.Contains(e.Content, "Nothing was changed") {
				t.Errorf("%s was told nothing changed: %q", u.Username, e.Content)
			}
		}
	}
	checkRecordReplays(t, h, g)
	injected := 0
	for _, n := range h.fake.FaultCounts() {
		injected += n
	}
	if injected < 10 {
		t.Fatalf("only %d faults were injected; the test proves little", injected)
	}
	t.Logf("%d decisions by clicks, %d faults injected", decisions, injected)
}

// waitUntil polls cond, which reads something the fake is not told of.
func waitUntil(t testing.TB, h *harness, cond func() bool) {
	t.Helper()
	ctx := h.ctx()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatal("gave up waiting")
		case <-time.After(2 * time.Millisecond):
		}
	}
}

func TestLifeSurvivesAFaultyDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(life.Game{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	h.fake.CloseDMs(cy.ID)
	lobby := h.command(ada, "newgame life", map[string]any{"target": 50}).Message
	for _, u := range []discordtest.User{ben, cy} {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	playPrivateUnderFaults(t, h, life.Game{}, games.Options{"target": "50"}, []discordtest.User{ada, ben, cy}, cy, lobby.ID)
}

func TestLagomSurvivesAFaultyDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(lagom.Game{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	h.fake.CloseDMs(ben.ID)
	lobby := h.command(ada, "newgame lagom", nil).Message
	for _, u := range []discordtest.User{ben, cy} {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	playPrivateUnderFaults(t, h, lagom.Game{}, nil, []discordtest.User{ada, ben, cy}, ben, lobby.ID)
}

// A channel under a long rate limit holds up its own game's pings, not
// another game's: the other table plays on, board and pings, while the
// first still waits; once the limit lifts, the first game's ping lands.
func TestARateLimitedChannelHoldsUpNoOtherGame(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	slow, fast := h.channel, h.fake.AddChannel(h.guild, "more-games")
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	users := []discordtest.User{ada, ben}
	open := func(channel string) string {
		it, err := h.fake.Command(h.ctx(), ada, h.guild, channel, "newgame thatslife", nil)
		if err != nil {
			t.Fatal(err)
		}
		board := h.wait(it).Message
		h.click(ben, h.fake.Message(board.ID), buttonLabelled(t, h.fake.Message(board.ID), "Join"))
		h.click(ada, h.fake.Message(board.ID), buttonLabelled(t, h.fake.Message(board.ID), "Start"))
		return board.ID
	}
	slowBoard, fastBoard := open(slow), open(fast)
	pingsIn := func(channel string) int {
		n := 0
		for _, u := range users {
			for _, p := range h.fake.Pings(u.ID) {
				if p.ChannelID == channel {
					n++
				}
			}
		}
		return n
	}
	// move clicks a button of the board's active player and returns who
	// must move next.
	move := func(boardID string) discordtest.User {
		board := h.fake.Message(boardID)
		u, _ := activeUser(t, board, users)
		buttons := plays(board)
		h.click(u, board, buttons[0].CustomID)
		next, _ := activeUser(t, h.fake.Message(boardID), users)
		return next
	}

	// The limit is long enough for the other table to play its turns
	// many times over; what is asserted during it is checked to have
	// happened before it ended.
	const limit = 6 * time.Second
	limitedAt := time.Now()
	h.fake.RateLimitChannel(slow, limit)
	// Moves on the slow table until the turn changes hands: the answers
	// come through the interactions, the ping is held by the limit.
	slowPings := pingsIn(slow)
	for {
		u, _ := activeUser(t, h.fake.Message(slowBoard), users)
		if next := move(slowBoard); next.ID != u.ID {
			break
		}
	}
	limited := func() int {
		n := 0
		for k, c := range h.fake.FaultCounts() {
			if k.Kind == discordtest.FaultRateLimit {
				n += c
			}
		}
		return n
	}
	waitUntil(t, h, func() bool { return limited() > 0 })

	// The other table plays on: every turn that changes hands is pinged.
	for turns := 0; turns < 6; {
		u, _ := activeUser(t, h.fake.Message(fastBoard), users)
		before := len(h.fake.Pings(ben.ID)) + len(h.fake.Pings(ada.ID))
		if next := move(fastBoard); next.ID != u.ID {
			turns++
			if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Pings(ben.ID))+len(h.fake.Pings(ada.ID)) > before }); err != nil {
				t.Fatalf("turn %d of the other table was never pinged", turns)
			}
		}
	}
	held := pingsIn(slow) == slowPings
	if time.Since(limitedAt) >= limit {
		t.Skip("the machine was too slow to play the other table within the limit; nothing was shown")
	}
	if !held {
		t.Fatal("a ping got through a rate-limited channel")
	}
	// Once the limit is over, the held ping lands by itself.
	if err := h.fake.WaitFor(h.ctx(), func() bool { return pingsIn(slow) > slowPings }); err != nil {
		t.Fatal("the held ping never landed once the limit was over")
	}
}

// syncBuffer is a log sink safe for the bot's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Interaction tokens are secrets: with them anyone can answer for the
// bot. Under failing answers, time-outs and deferrals, the logs name the
// failures and never a token.
func TestInteractionTokensNeverReachTheLogs(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	h := newHarness(t, games.NewRegistry(thatslife.Game{}), textRenderer{})
	h.stop()
	h.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h.deferAfter = time.Millisecond
	h.start()
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(logs.String())
		}
	})
	ada, ben, board := h.twoPlayerGame()
	users := []discordtest.User{ada, ben}
	h.fake.Faults(discordtest.FaultPlan{Seed: 5, Faults: []discordtest.Fault{
		{Kind: discordtest.FaultTimeout, Share: 0.3, Hold: 200 * time.Millisecond},
		{Kind: discordtest.FaultStatus, Share: 0.3},
		{Kind: discordtest.FaultTimeoutAfterApply, Share: 0.2, Hold: 200 * time.Millisecond},
	}})
	var tokens []string
	// Which of the failing routes a click meets depends on timing: play
	// on until answers have failed on both, the original response's and
	// the follow-up's.
	bothFailed := func() bool {
		out := logs.String()
		return strings.Contains(out, "/interactions/") && strings.Contains(out, "/webhooks/")
	}
	for n := 0; n < 12 || !bothFailed() && n < 40; n++ {
		b := h.fake.Message(board.ID)
		u, _ := activeUser(t, b, users)
		it, err := h.fake.Click(h.ctx(), u, b, plays(b)[0].CustomID)
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, it.Token)
		it.Wait(h.ctx())
		// The next click is made on the board as it stands once healed.
		for try := 0; ; try++ {
			ctx, cancel := h.shortCtx(time.Second)
			err := h.fake.WaitFor(ctx, func() bool { return h.fake.Message(board.ID).EditedCount > it.SourceEdits() })
			cancel()
			if err == nil {
				break
			}
			if try == 10 {
				t.Fatal("the board never followed the move")
			}
			h.sweepAfter(time.Minute)
		}
	}
	h.stop()
	out := logs.String()
	// Failed answers were logged with the routes they failed on.
	if !bothFailed() {
		t.Fatalf("no failed answer was logged; the test proves nothing:\n%s", out)
	}
	for _, tok := range tokens {
		if strings.Contains(out, tok) {
			t.Fatalf("an interaction token reached the logs:\n%s", out)
		}
	}
	if strings.Contains(out, h.fake.Token()) {
		t.Fatal("the bot token reached the logs")
	}
}

// A turn ping that reached the channel while its answer was lost, a 500
// after the post, or a process that died before it heard back, is posted
// again as the same message: the player is pinged once.
func TestARetriedPingIsOneMessage(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()
	users := []discordtest.User{ada, ben}
	for range 3 {
		board := h.fake.Message(lobby.ID)
		mover, _ := activeUser(t, board, users)
		before := h.pingCounts(users)
		created := len(h.fake.Messages(h.channel))
		h.fake.Faults(discordtest.FaultPlan{Seed: 1, Faults: []discordtest.Fault{{
			Kind: discordtest.FaultStatusAfterApply, Share: 1, Method: http.MethodPost,
			Route: "/channels/{channel_id}/messages", Channel: h.channel, Limit: 2, Status: 500,
		}}})
		h.click(mover, board, plays(board)[0].CustomID)
		next, _ := activeUser(t, h.fake.Message(lobby.ID), users)
		if next.ID == mover.ID {
			h.fake.Faults(discordtest.FaultPlan{})
			continue
		}
		// Both posts whose answers were lost have landed once the fault
		// has fired twice: the second was the bot trying again.
		lost := discordtest.FaultKey{Route: "POST /channels/{channel_id}/messages", Kind: discordtest.FaultStatusAfterApply}
		waitUntil(t, h, func() bool { return h.fake.FaultCounts()[lost] == 2 })
		h.fake.Faults(discordtest.FaultPlan{})
		if got := len(h.fake.Pings(next.ID)) - before[next.ID]; got != 1 {
			t.Fatalf("%s was pinged %d times for one turn, with the first post's answer lost", next.Username, got)
		}
		if n := len(h.fake.Messages(h.channel)) - created; n > 1 {
			t.Fatalf("%d new messages in the channel for one ping", n)
		}
		return
	}
	t.Fatal("no move passed the turn")
}

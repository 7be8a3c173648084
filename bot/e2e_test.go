package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/gif"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
)

var promptMention = regexp.MustCompile(`➡️ (?:Waiting for )?<@(\d+)>`)

// activeUser reads from the board whose turn it is.
func activeUser(t testing.TB, board *discordtest.Message, users []discordtest.User) (discordtest.User, int) {
	t.Helper()
	m := promptMention.FindStringSubmatch(board.Content)
	if m == nil {
		t.Fatalf("board names nobody to move: %q", board.Content)
	}
	for i, u := range users {
		if u.ID == m[1] {
			return u, i
		}
	}
	t.Fatalf("board names %s, who is not playing", m[1])
	return discordtest.User{}, 0
}

// mirror follows the game with the engine alone, so the test knows the
// right final scores without trusting the bot.
type mirror struct {
	t  testing.TB
	g  games.Game
	st games.State
	// forcedBy lists the seats whose forced moves the last forced applied.
	forcedBy []games.Seat
}

func newMirror(t testing.TB, g games.Game, seats int, seed uint64, given games.Options) *mirror {
	opts, err := games.Resolve(g.Info().Options, given)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Seats: seats, Options: opts, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	m := &mirror{t: t, g: g, st: st}
	m.forced()
	return m
}

// privateDecision finds where u decides for seat now: the DM that shows
// the engine's current view of the seat with components or, when u's DMs
// are closed, the answer to "Show my hand" on the board.
func (h *harness) privateDecision(m *mirror, u discordtest.User, seat games.Seat, boardID string, dmsClosed bool) *discordtest.Message {
	h.t.Helper()
	if dmsClosed {
		board := h.fake.Message(boardID)
		return h.click(u, board, buttonLabelled(h.t, board, "Show my hand")).Message
	}
	want, _ := json.Marshal(m.st.View(seat))
	var where *discordtest.Message
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		dms := h.fake.Messages(h.fake.DMChannel(u.ID))
		for i := len(dms) - 1; i >= 0; i-- {
			if len(dms[i].Components) == 0 {
				continue
			}
			for _, a := range dms[i].Attachments {
				if bytes.Equal(bytes.TrimPrefix(a.Data, []byte("VIEW ")), want) {
					where = dms[i]
					return true
				}
			}
		}
		return false
	}); err != nil {
		h.t.Fatalf("%s has no DM to decide with", u.Username)
	}
	return where
}

// decidePrivately has the first seat to act in m decide, at random, where
// its player decides privately (see privateDecision; closed is the player
// whose DMs are closed), and keeps the mirror in step. It returns where
// the decision was made.
func (h *harness) decidePrivately(m *mirror, users []discordtest.User, closed discordtest.User, boardID string, rng *rand.Rand) *discordtest.Message {
	h.t.Helper()
	seat := m.st.Active()[0]
	u := users[seat]
	where := h.privateDecision(m, u, seat, boardID, u.ID == closed.ID)
	it, a := decide(h.t, h, u, where, m.st.Legal(seat), rng)
	h.wait(it)
	if _, err := m.st.Apply(seat, a); err != nil {
		h.t.Fatalf("%s's decision: the bot accepted %v, which the engine refuses: %v", u.Username, a, err)
	}
	m.forced()
	return where
}

func (m *mirror) apply(seat int, customID string) {
	m.t.Helper()
	parts := strings.Split(customID, ":")
	a, err := games.ParseAction(parts[len(parts)-1])
	if err != nil {
		m.t.Fatalf("custom_id %q carries no action: %v", customID, err)
	}
	if _, err := m.st.Apply(games.Seat(seat), a); err != nil {
		m.t.Fatalf("the bot offered %q, which the engine refuses: %v", customID, err)
	}
	m.forced()
}

// forced applies what the bot applies by itself, then saves and restores
// the state as the bot does between clicks.
func (m *mirror) forced() {
	m.forcedBy = nil
	for {
		seat, a, ok := games.Forced(m.st)
		if !ok {
			break
		}
		if _, err := m.st.Apply(seat, a); err != nil {
			m.t.Fatal(err)
		}
		m.forcedBy = append(m.forcedBy, seat)
	}
	b, err := m.st.MarshalBinary()
	if err != nil {
		m.t.Fatal(err)
	}
	if m.st, err = m.g.Decode(b); err != nil {
		m.t.Fatal(err)
	}
}

// That's Life! played to the end with the real renderer: every board is
// an image.
func TestThatsLifeEndToEnd(t *testing.T) {
	t.Parallel()
	testThatsLifeEndToEnd(t, newHarness(t, games.NewRegistry(thatslife.Game{}), boardsOnly{boards()}))
}

// The same game with the bot as an interactions endpoint: every answer is
// an HTTP response, every board with its image deferred and sent by REST.
func TestThatsLifeEndToEndOverHTTP(t *testing.T) {
	t.Parallel()
	testThatsLifeEndToEnd(t, newServeHarness(t, games.NewRegistry(thatslife.Game{}), boardsOnly{boards()}))
}

func testThatsLifeEndToEnd(t *testing.T, h *harness) {
	ada, ben, cy := h.fake.AddUser("ada"), h.fake.AddUser("ben"), h.fake.AddUser("cy")
	stranger := h.fake.AddUser("stranger")
	users := []discordtest.User{ada, ben, cy}

	lobby := h.command(ada, "newgame thatslife", nil).Message
	if lobby == nil || lobby.Ephemeral() {
		t.Fatalf("/newgame should open a public lobby, got %+v", lobby)
	}
	mustContain(t, "lobby", lobby.Content, "That's Life!")
	for _, u := range []discordtest.User{ben, cy} {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	mustContain(t, "lobby after joins", h.fake.Message(lobby.ID).Content, "Players (3/6)")
	resp := h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	mustContain(t, "a guest pressing Start", privateText(t, resp), "Only the host")
	before := h.pingCounts(users)
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	if first, _ := activeUser(t, h.fake.Message(lobby.ID), users); first.ID != ada.ID {
		h.waitPinged(first, before[first.ID])
	}

	m := newMirror(t, thatslife.Game{}, 3, h.seed, nil)
	pick := rand.New(rand.NewPCG(1, 2))
	board := h.fake.Message(lobby.ID)
	if len(board.Attachments) != 1 || !strings.HasSuffix(board.Attachments[0].Filename, ".png") {
		t.Fatalf("the board should carry exactly one PNG, has %+v", board.Attachments)
	}
	moves := 0
	for len(plays(board)) > 0 {
		u, seat := activeUser(t, board, users)
		buttons := plays(board)
		choice := buttons[pick.IntN(len(buttons))].CustomID

		switch moves {
		case 3:
			resp := h.click(stranger, board, choice)
			mustContain(t, "a stranger's click", privateText(t, resp), "not in this game")
		case 4:
			other := users[(seat+1)%3]
			resp := h.click(other, board, choice)
			mustContain(t, "an out-of-turn click", privateText(t, resp), "not your turn")
		case 8:
			h.restart()
		}
		before := h.pingCounts(users)
		h.click(u, board, choice)
		m.apply(seat, choice)
		moves++

		next := h.fake.Message(board.ID)
		if len(next.Attachments) != 1 {
			t.Fatalf("after move %d the board has %d attachments, want 1 (old images must be replaced)", moves, len(next.Attachments))
		}
		if len(plays(next)) > 0 {
			if nu, _ := activeUser(t, next, users); nu.ID != u.ID {
				h.waitPinged(nu, before[nu.ID])
			}
		}
		// Only the closing announcement, which tells everyone, may ping the mover.
		if got := len(h.fake.Pings(u.ID)); got != before[u.ID] && len(plays(next)) > 0 {
			p := h.fake.Pings(u.ID)
			t.Fatalf("move %d: the mover was pinged about their own move: %q", moves, p[len(p)-1].Content)
		}
		board = next
		if moves > 500 {
			t.Fatal("the game did not end in 500 moves")
		}
	}

	res := m.st.Result()
	if !res.Over {
		t.Fatal("the board has no buttons but the engine says the game goes on")
	}
	mustContain(t, "final board", board.Content, "🏆")
	var final *discordtest.Message
	err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, msg := range h.fake.Messages(h.channel) {
			if strings.Contains(msg.Content, "is over") {
				final = msg
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatal("no closing announcement in the channel: ", err)
	}
	names := []string{ada.GlobalName, ben.GlobalName, cy.GlobalName}
	for seat := range res.Scores {
		mustContain(t, "closing announcement", final.Content, fmt.Sprintf("%d. %s: %s", res.Rank[seat], names[seat], res.ScoreText(games.Seat(seat))))
	}
	w := res.Winners()
	mustContain(t, "closing announcement", final.Content, "with "+res.ScoreText(w[0]))
	for _, u := range users {
		if !slices.Contains(final.Pings, u.ID) {
			t.Errorf("%s was not told the game is over", u.Username)
		}
	}
	if u := h.fake.Unhandled(); len(u) > 0 {
		t.Errorf("the bot called routes the fake does not know: %v", u)
	}
	if r := h.fake.Rejected(); len(r) > 0 {
		t.Errorf("the fake rejected requests: %+v", r)
	}
	// The record alone rebuilds the game, decision by decision.
	checkRecordReplays(t, h, thatslife.Game{})
}

// checkReplayPosted waits for the finished game's replay: an animated GIF
// of more than one board, posted in the game's channel.
func checkReplayPosted(t *testing.T, h *harness) {
	t.Helper()
	var replay []byte
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, msg := range h.fake.Messages(h.channel) {
			for _, a := range msg.Attachments {
				if strings.HasPrefix(a.Filename, "replay-") && strings.HasSuffix(a.Filename, ".gif") {
					replay = a.Data
					return true
				}
			}
		}
		return false
	}); err != nil {
		t.Fatal("the finished game's replay was never posted: ", err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(replay))
	if err != nil {
		t.Fatalf("the replay is no GIF: %v", err)
	}
	if len(anim.Image) < 2 || anim.Config.Width == 0 {
		t.Fatalf("the replay has %d frames %d pixels wide, want a moving picture", len(anim.Image), anim.Config.Width)
	}
}

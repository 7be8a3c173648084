package bot_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/rating"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// claimSeat is one seat of a planned game: who sits there and what they
// claim; a zero user is an AI.
type claimSeat struct {
	who    discordtest.User
	points int
}

// playClaim plays one game of Claim by clicks, the first seat hosting.
func (h *harness) playClaim(seats []claimSeat) {
	h.t.Helper()
	host := seats[0].who
	board := h.command(host, "newgame claim", nil).Message
	for _, s := range seats[1:] {
		if s.who.ID == "" {
			h.click(host, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Add AI player"))
		} else {
			h.click(s.who, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Join"))
		}
	}
	h.click(host, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Start"))
	announced := h.announcements()
	for _, s := range seats {
		if s.who.ID != "" {
			msg := h.fake.Message(board.ID)
			h.click(s.who, msg, buttonLabelled(h.t, msg, fmt.Sprintf("Claim %d", s.points)))
		}
	}
	mustContain(h.t, "the finished board", h.fake.Message(board.ID).Content, "🏆")
	// The closing announcement pings the players after the board shows the
	// end; the game is done once it is posted.
	if err := h.fake.WaitFor(h.ctx(), func() bool { return h.announcements() > announced }); err != nil {
		h.t.Fatal("the game was never announced over: ", err)
	}
}

// announcements counts the closing announcements in the harness's channel.
func (h *harness) announcements() int {
	n := 0
	for _, m := range h.fake.Messages(h.channel) {
		if strings.Contains(m.Content, "is over") {
			n++
		}
	}
	return n
}

func TestStatsAndLeaderboardAfterAFewGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(gametest.Claim{MaxSeats: 4}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	counted := [][]claimSeat{
		{{ada, 3}, {ben, 1}},
		{{ben, 2}, {ada, 1}},
		{{ada, 2}, {ben, 2}, {cy, 0}},
		{{ben, 0}, {ada, 3}},
		{{ada, 3}, {ben, 2}},
	}
	for i, plan := range counted {
		h.playClaim(plan)
		if i == 1 {
			h.playClaim([]claimSeat{{ben, 3}, {}}) // with an AI: not counted
		}
	}

	// What the rules of counting make of the plan.
	played, wins := map[string]int{}, map[string]int{}
	ratings := map[string]rating.Rating{}
	model := rating.Default()
	for _, plan := range counted {
		var points []int
		var before []rating.Rating
		for _, s := range plan {
			points = append(points, s.points)
			r, ok := ratings[s.who.ID]
			if !ok {
				r = model.New()
			}
			before = append(before, r)
		}
		ranks := games.RankByScore(points)
		after, err := model.RateFreeForAll(before, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range plan {
			played[s.who.ID]++
			if ranks[i] == 1 {
				wins[s.who.ID]++
			}
			ratings[s.who.ID] = after[i]
		}
	}
	line := func(u discordtest.User) string {
		return fmt.Sprintf("<@%s> · %s · %d games · %d wins (%d%%)", u.ID, ordinal(ratings[u.ID]), played[u.ID], wins[u.ID], 100*wins[u.ID]/played[u.ID])
	}

	got := privateText(t, h.command(ben, "stats", nil))
	mustContain(t, "Ben's /stats", got, fmt.Sprintf("**Claim**: %d games · %d wins", played[ben.ID], wins[ben.ID]))
	mustContain(t, "Ben's /stats", got, "rating "+ordinal(ratings[ben.ID]))
	mustContain(t, "Ben's /stats", got, "Not counted: 1 game with AI players.")

	got = privateText(t, h.command(cy, "stats", map[string]any{"user": ada.ID, "kind": "claim"}))
	mustContain(t, "Ada's /stats asked by Cy", got, "<@"+ada.ID+">")
	mustContain(t, "Ada's /stats asked by Cy", got, fmt.Sprintf("%d games · %d wins", played[ada.ID], wins[ada.ID]))

	pings := h.pingCounts([]discordtest.User{ada, ben, cy})
	resp := h.command(cy, "leaderboard", map[string]any{"kind": "claim"})
	if resp.Message == nil || resp.Message.Ephemeral() {
		t.Fatalf("/leaderboard answered %+v, want a public message", resp)
	}
	board := resp.Message.Content
	first, second := ada, ben
	if ratings[ben.ID].Ordinal() > ratings[ada.ID].Ordinal() {
		first, second = ben, ada
	}
	mustContain(t, "/leaderboard", board, "**Claim** leaderboard · 5 counted games")
	mustContain(t, "/leaderboard", board, "1. "+line(first))
	mustContain(t, "/leaderboard", board, "2. "+line(second))
	mustContain(t, "/leaderboard", board, "You: 1 game · 0 wins (0%) · 4 more games to be ranked")
	if after := h.pingCounts([]discordtest.User{ada, ben, cy}); !maps.Equal(after, pings) {
		t.Errorf("the leaderboard pinged: pings %v, then %v", pings, after)
	}
}

// ordinal writes a rating as the bot shows it.
func ordinal(r rating.Rating) string {
	return strings.Replace(fmt.Sprintf("%.1f", r.Ordinal()), "-", "−", 1)
}

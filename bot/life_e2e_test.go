package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
)

// viewsIn decodes every view a message carries; textRenderer writes each
// as "VIEW <json>".
func viewsIn[V any](t testing.TB, m *discordtest.Message) []V {
	t.Helper()
	var out []V
	for _, a := range m.Attachments {
		body, ok := bytes.CutPrefix(a.Data, []byte("VIEW "))
		if !ok {
			t.Fatalf("attachment %s is not a drawn view", a.Filename)
		}
		var v V
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// decide picks one of the choices a message offers, at random, and returns
// the dispatched interaction and the action it stands for.
//
// Given prefer, it clicks one of the choices prefer accepts when there is
// any.
func decide(t testing.TB, h *harness, u discordtest.User, m *discordtest.Message, legal []games.Choice, rng *rand.Rand, prefer ...func(games.Action) bool) (*discordtest.Interaction, games.Action) {
	t.Helper()
	type option struct {
		customID string
		values   []string
	}
	var opts []option
	for _, row := range m.Components {
		for _, c := range row {
			if c.Disabled || c.CustomID == "" || strings.HasPrefix(c.CustomID, "hand:") || strings.HasPrefix(c.CustomID, "look:") || showsOnly(c) {
				continue
			}
			if len(c.Options) == 0 {
				opts = append(opts, option{customID: c.CustomID})
				continue
			}
			if strings.HasPrefix(c.CustomID, "sub:") {
				n := *c.MinValues + rng.IntN(*c.MaxValues-*c.MinValues+1)
				var vals []string
				for _, i := range rng.Perm(len(c.Options))[:n] {
					vals = append(vals, c.Options[i].Value)
				}
				opts = append(opts, option{customID: c.CustomID, values: vals})
				continue
			}
			for _, o := range c.Options {
				opts = append(opts, option{customID: c.CustomID, values: []string{o.Value}})
			}
		}
	}
	if len(opts) == 0 {
		t.Fatalf("message %s offers nothing to do: %q", m.ID, m.Content)
	}
	if len(prefer) > 0 {
		var liked []option
		for _, o := range opts {
			parts := strings.Split(o.customID, ":")
			text := parts[len(parts)-1]
			if parts[0] == "pick" {
				text = o.values[0]
			}
			if a, err := games.ParseAction(text); err == nil && prefer[0](a) {
				liked = append(liked, o)
			}
		}
		if len(liked) > 0 {
			opts = liked
		}
	}
	o := opts[rng.IntN(len(opts))]
	parts := strings.Split(o.customID, ":")
	var a games.Action
	var err error
	var it *discordtest.Interaction
	switch parts[0] {
	case "mv":
		a, err = games.ParseAction(parts[3])
		if err == nil {
			it, err = h.fake.Click(h.ctx(), u, m, o.customID)
		}
	case "pick":
		a, err = games.ParseAction(o.values[0])
		if err == nil {
			it, err = h.fake.Select(h.ctx(), u, m, o.customID, o.values)
		}
	case "sub":
		a, err = games.ParseAction(parts[3])
		if err == nil {
			it, err = h.fake.Select(h.ctx(), u, m, o.customID, o.values)
		}
		// The engine wants the picked items in the order of its choice.
		for _, c := range legal {
			if c.Pick != nil && c.Action.Equal(a) {
				for _, item := range c.Pick.Items {
					if slices.Contains(o.values, strconv.Itoa(item.Arg)) {
						a.Args = append(a.Args, item.Arg)
					}
				}
			}
		}
	default:
		t.Fatalf("unexpected component %q", o.customID)
	}
	if err != nil {
		t.Fatal(err)
	}
	return it, a
}

func TestLifeEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(thatslife.Game{}, life.Game{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	users := []discordtest.User{ada, ben, cy}
	h.fake.CloseDMs(ben.ID)
	lobby := h.command(ada, "newgame life", nil).Message
	for _, u := range []discordtest.User{ben, cy} {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, life.Game{}, 3, h.seed, nil)
	rng := rand.New(rand.NewPCG(3, 4))

	decisions, restarted := 0, false
	for !m.st.Result().Over {
		// Restart once, in the middle of a hand, with cards in every hand.
		if v := m.st.View(games.Observer).(life.View); !restarted && decisions >= 6 && v.Step != "suit" && v.Seats[0].HandSize > 0 {
			restarted = true
			before := privateText(t, h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Show my hand")))
			h.restart()
			after := h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Show my hand"))
			if before != privateText(t, after) {
				t.Fatalf("Ada's hand message changed across a restart")
			}
			if v := viewsIn[life.View](t, after.Message); len(v) != 1 || !slices.Equal(v[0].Hand, m.st.View(0).(life.View).Hand) {
				t.Fatalf("after a restart Ada's hand is not what the engine holds")
			}
		}
		boardBefore := h.fake.Message(lobby.ID).Content
		h.decidePrivately(m, users, ben, lobby.ID, rng)
		decisions++
		if err := h.fake.WaitFor(h.ctx(), func() bool { return h.fake.Message(lobby.ID).Content != boardBefore }); err != nil {
			t.Fatalf("decision %d: the board did not follow", decisions)
		}
		if decisions > 3000 {
			t.Fatal("the game did not end in 3000 decisions")
		}
	}
	if !restarted {
		t.Error("the game ended before the bot could be restarted mid-hand")
	}
	res := m.st.Result()
	if top := slices.Max(res.Scores); top < 100 {
		t.Errorf("the game ended with a top score of %d, before anyone reached 100", top)
	}
	board := h.fake.Message(lobby.ID)
	mustContain(t, "final board", board.Content, "🏆")
	names := []string{"Ada", "Ben", "Cy"}
	for seat := range 3 {
		mustContain(t, "final board", board.Content, fmt.Sprintf("%d. %s: %s", res.Rank[seat], names[seat], res.ScoreText(games.Seat(seat))))
	}

	// Every view in the channel is the public one; every view a player was
	// sent is their own.
	for _, msg := range h.fake.Messages(h.channel) {
		for _, v := range viewsIn[life.View](t, msg) {
			if v.Seat != games.Observer || v.Hand != nil || len(v.Notes) > 0 {
				t.Fatalf("the channel shows a private view (seat %d, %d cards)", v.Seat, len(v.Hand))
			}
		}
	}
	for seat, u := range users {
		seen := append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...)
		for _, msg := range seen {
			for _, v := range viewsIn[life.View](t, msg) {
				if v.Seat != games.Seat(seat) {
					t.Fatalf("%s was shown seat %d's view", u.Username, v.Seat)
				}
			}
		}
	}
	if n := len(h.fake.Messages(h.fake.DMChannel(ben.ID))); n != 0 {
		t.Errorf("Ben's DMs are closed, yet %d DMs reached him", n)
	}
	t.Logf("%d decisions by clicks", decisions)
	// The record alone rebuilds the game, decision by decision.
	checkRecordReplays(t, h, life.Game{})
}

// TestLifeAgainstAIWithImages plays Life alone against two AI players with
// the real renderer: every private and public message carries a PNG, and
// the finished game gets its replay.
func TestLifeAgainstAIWithImages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(life.Game{}), boards())
	ada := h.fake.AddUser("Ada")
	lobby := h.command(ada, "newgame life", map[string]any{"target": 50}).Message
	for range 2 {
		h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Add AI player"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	playAloneAgainstAI(t, h, ada, lobby.ID, rand.New(rand.NewPCG(5, 6)))
	checkReplayPosted(t, h)
}

// playAloneAgainstAI plays u's decisions from their living DM, at random,
// until the board shows the end, then checks that every image u and the
// board were sent is a PNG.
func playAloneAgainstAI(t *testing.T, h *harness, u discordtest.User, boardID string, rng *rand.Rand) {
	t.Helper()
	over := func() bool { return strings.Contains(h.fake.Message(boardID).Content, "🏆") }
	for moves := 0; !over(); moves++ {
		var dm *discordtest.Message
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			if over() {
				return true
			}
			dms := h.fake.Messages(h.fake.DMChannel(u.ID))
			for i := len(dms) - 1; i >= 0; i-- {
				if len(dms[i].Components) > 0 {
					dm = dms[i]
					return true
				}
			}
			return false
		}); err != nil {
			t.Fatalf("move %d: no DM to play from and no end", moves)
		}
		if dm == nil {
			break
		}
		before := dm.EditedCount
		it, _ := decide(t, h, u, dm, nil, rng)
		h.wait(it)
		if err := h.fake.WaitFor(h.ctx(), func() bool { return over() || h.fake.Message(dm.ID).EditedCount > before }); err != nil {
			t.Fatalf("move %d: %s's DM was not redrawn", moves, u.Username)
		}
		if moves > 400 {
			t.Fatal("the game did not end")
		}
	}
	for _, m := range append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Message(boardID)) {
		for _, a := range m.Attachments {
			if !bytes.HasPrefix(a.Data, []byte("\x89PNG")) {
				t.Fatalf("%s is not a PNG", a.Filename)
			}
		}
	}
}

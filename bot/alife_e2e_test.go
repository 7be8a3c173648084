package bot_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
)

// alifeDrawn sorts the views a message carries into A Life's table and
// hand views and its life boards, which textRenderer writes alike.
func alifeDrawn(t testing.TB, m *discordtest.Message) (views []alife.View, boards []alife.LifeBoardView) {
	t.Helper()
	for _, a := range m.Attachments {
		body, ok := bytes.CutPrefix(a.Data, []byte("VIEW "))
		if !ok {
			t.Fatalf("attachment %s is not a drawn view", a.Filename)
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(body, &keys); err != nil {
			t.Fatal(err)
		}
		if _, ok := keys["life"]; ok {
			var b alife.LifeBoardView
			if err := json.Unmarshal(body, &b); err != nil {
				t.Fatal(err)
			}
			boards = append(boards, b)
			continue
		}
		var v alife.View
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		views = append(views, v)
	}
	return views, boards
}

// babyFirst prefers, for a seat, the choices that bring a baby: a card to
// take or play, or a development, with a baby symbol. Children are what
// make everyone choose at once after phases 3 and 4.
func babyFirst(st games.State, seat games.Seat) func(games.Action) bool {
	v := st.View(seat).(alife.View)
	return func(a games.Action) bool {
		switch {
		case a.Kind == "take" && len(v.Columns) > 0 && a.Args[0] < len(v.Columns[0].Cards):
			c := v.Columns[0].Cards[a.Args[0]]
			return c != nil && c.Base.Babies > 0
		case a.Kind == "play" && a.Args[0] < len(v.Hand):
			return v.Hand[a.Args[0]].Base.Babies > 0
		case a.Kind == "develop" && v.Phase >= 1:
			col := v.Seats[seat].Tableau[v.Phase-1]
			return a.Args[0] < len(col) && col[a.Args[0]].Card.Dev.Babies > 0
		}
		return false
	}
}

// Three people live a whole A Life by clicks: Ben's DMs are closed, the
// bot restarts in phase 3, Cy stays away long enough for the stand-in to
// play a whole turn of hers, the next seat chooses its card while the one
// before still acts, and children are chosen by everyone at once. The
// channel shows only public views, each player only their own, a
// stranger may look at any life board, and the record replays to the
// scores on the board.
func TestALifeEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(alife.Game{}), textRenderer{})
	h.stop()
	h.turnClock = 12 * time.Hour
	h.start()
	ada, ben, cy, eve := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy"), h.fake.AddUser("Eve")
	users := []discordtest.User{ada, ben, cy}
	h.fake.CloseDMs(ben.ID)
	lobby := h.command(ada, "newgame alife", nil).Message
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, alife.Game{}, 3, h.seed, nil)
	rng := rand.New(rand.NewPCG(11, 12))
	applied := loggedMoves(t, h)
	follow := func() []loggedEntry {
		t.Helper()
		committed := loggedSince(t, h, applied)
		for _, e := range committed {
			if _, err := m.st.Apply(e.seat, e.action); err != nil {
				t.Fatalf("the bot accepted %v from seat %d, which the engine refuses: %v", e.action, e.seat, err)
			}
			applied++
		}
		return committed
	}

	restarted, stoodIn, pipelined, children := false, false, 0, 0
	for steps := 0; !m.st.Result().Over; steps++ {
		if steps > 1000 {
			t.Fatal("the game did not end")
		}
		v := m.st.View(games.Observer).(alife.View)
		active := m.st.Active()
		if !restarted && v.Round == 8 {
			restarted = true
			h.restart()
		}
		if !stoodIn && v.Round >= 5 && slices.Equal(active, []games.Seat{2}) && m.st.View(2).(alife.View).Seats[2].Step == "card" {
			// Cy is away for her whole turn: reminders, then the stand-in.
			for k := 0; len(loggedSince(t, h, applied)) == 0; k++ {
				if k > 6 {
					t.Fatal("the stand-in never decided for Cy")
				}
				h.sweepAfter(12*time.Hour + time.Minute)
			}
			stood := follow()
			kinds := map[string]bool{}
			for _, e := range stood {
				if e.seat == 2 {
					kinds[e.action.Kind] = true
				}
			}
			if !kinds["take"] || !(kinds["develop"] || kinds["friend"] || kinds["res"]) {
				t.Fatalf("the stand-in did not play Cy's whole turn: %v", stood)
			}
			if err := h.fake.WaitFor(h.ctx(), func() bool {
				return strings.Contains(h.fake.Message(lobby.ID).Content, "Cy was away, so the AI decided for them.")
			}); err != nil {
				t.Fatalf("the board does not say the AI stood in: %q", h.fake.Message(lobby.ID).Content)
			}
			stoodIn = true
			continue
		}
		if len(active) > 1 {
			if v.Step == "child" {
				children++
			} else {
				pipelined++
			}
		}
		// Everyone with a decision clicks at once.
		var where []*discordtest.Message
		for _, seat := range active {
			where = append(where, h.privateDecision(m, users[seat], seat, lobby.ID, users[seat].ID == ben.ID))
			if v.Step == "start" && users[seat].ID != ben.ID {
				// The DM that asks where to start explains the board's words.
				mustContain(t, users[seat].Username+"'s DM asking where to start", where[len(where)-1].Content, "your **stack** (your marker)")
			}
		}
		type pending struct {
			seat games.Seat
			it   *discordtest.Interaction
			a    games.Action
		}
		var all []pending
		for k, seat := range active {
			it, a := decide(t, h, users[seat], where[k], m.st.Legal(seat), rng, babyFirst(m.st, seat))
			all = append(all, pending{seat, it, a})
		}
		for _, p := range all {
			resp := h.wait(p.it)
			if resp.Message != nil && resp.Message.Ephemeral() && len(resp.Message.Attachments) == 0 {
				t.Fatalf("step %d: %s's click %v was refused: %q", steps, users[p.seat].Username, p.a, resp.Message.Content)
			}
		}
		committed := follow()
		for _, p := range all {
			if !slices.ContainsFunc(committed, func(e loggedEntry) bool { return e.seat == p.seat && e.action.Equal(p.a) }) {
				t.Fatalf("step %d: %s's click %v is not in the record", steps, users[p.seat].Username, p.a)
			}
		}
	}
	if !restarted || !stoodIn {
		t.Fatalf("the game ended before the restart (%v) or the stand-in (%v)", restarted, stoodIn)
	}
	if pipelined == 0 {
		t.Error("no seat ever chose its card while the one before still acted")
	}
	if children == 0 {
		t.Error("nobody ever chose children at once")
	}

	// The board shows the engine's scores.
	res := m.st.Result()
	names := []string{"Ada", "Ben", "Cy"}
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		for seat := range 3 {
			if !strings.Contains(h.fake.Message(lobby.ID).Content, rankLine(res, names, seat)) {
				return false
			}
		}
		return true
	}); err != nil {
		t.Fatalf("the final board does not show the engine's scores: %q", h.fake.Message(lobby.ID).Content)
	}
	// The closing announcement carries every finished life board and
	// begins the story; the rest follows.
	story := m.st.(games.Teller).Story()
	var channel strings.Builder
	told := func() bool {
		channel.Reset()
		for _, msg := range h.fake.Messages(h.channel) {
			channel.WriteString(msg.Content)
			channel.WriteString("\n")
		}
		for _, p := range story {
			if first := strings.SplitN(english(games.FormatSeats(p, names)), ".", 2)[0]; !strings.Contains(channel.String(), first) {
				return false
			}
		}
		return true
	}
	if err := h.fake.WaitFor(h.ctx(), told); err != nil {
		t.Fatalf("the story was not told in the channel: %q", channel.String())
	}
	announced := false
	for _, msg := range h.fake.Messages(h.channel) {
		if _, b := alifeDrawn(t, msg); len(b) > 0 {
			if announced || len(b) != 3 || !strings.Contains(msg.Content, "` is over.") {
				t.Fatalf("%d finished life boards in %q, want all three in the closing announcement", len(b), msg.Content)
			}
			announced = true
		}
	}
	if !announced {
		t.Fatal("the finished life boards were not posted")
	}

	// A stranger may look at any life board, privately, after the end.
	board := h.fake.Message(lobby.ID)
	look := selectLabelled(t, board, "Look at someone's life board")
	it, err := h.fake.Select(h.ctx(), eve, board, look, []string{"1"})
	if err != nil {
		t.Fatal(err)
	}
	resp := h.wait(it)
	if resp.Message == nil || !resp.Message.Ephemeral() {
		t.Fatal("looking at a life board did not answer privately")
	}
	if _, b := alifeDrawn(t, resp.Message); len(b) != 1 || b[0].Seat != 1 || !b[0].Over {
		t.Fatalf("Eve asked for Ben's finished life board and got %v", b)
	} else if want, _ := json.Marshal(m.st.(games.Inspector).Inspect(1)); !bytes.Contains(resp.Message.Attachments[0].Data, want) {
		t.Fatal("the life board shown is not the engine's")
	}

	// The channel shows only what everyone may see; each player only
	// their own hand.
	for _, msg := range h.fake.Messages(h.channel) {
		views, _ := alifeDrawn(t, msg)
		for _, v := range views {
			if v.Seat != int(games.Observer) || len(v.Hand) > 0 || len(v.Children) > 0 || v.Draws > 0 {
				t.Fatalf("the channel shows a private view (seat %d, %d cards)", v.Seat, len(v.Hand))
			}
		}
	}
	// Every image, the boards, the views, the life boards anyone looked at
	// and the finished ones, is described for those who cannot see it.
	for _, msg := range h.fake.History(h.channel) {
		checkDescribed(t, "channel", msg, "A Life")
	}
	for seat, u := range users {
		for _, msg := range append(h.fake.History(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...) {
			checkDescribed(t, u.Username+"'s DMs and private answers", msg, "A Life")
		}
		for _, msg := range append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...) {
			views, _ := alifeDrawn(t, msg)
			for _, v := range views {
				if v.Seat != seat {
					t.Fatalf("%s was shown seat %d's view", u.Username, v.Seat)
				}
			}
		}
	}
	if n := len(h.fake.Messages(h.fake.DMChannel(ben.ID))); n != 0 {
		t.Errorf("Ben's DMs are closed, yet %d DMs reached him", n)
	}
	t.Logf("%d decisions; %d steps with a card chosen while an action was pending, %d with children chosen at once", applied, pipelined, children)
	checkRecordReplays(t, h, alife.Game{})
}

// rankLine is how the final board lists one seat.
func rankLine(res games.Result, names []string, seat int) string {
	return strings.Join([]string{itoa(res.Rank[seat]) + ". " + names[seat], res.ScoreText(games.Seat(seat))}, ": ")
}

// TestALifeAgainstAIWithImages plays alone against two AI players with
// the real renderer: every board, hand and finished life board is a PNG.
func TestALifeAgainstAIWithImages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(alife.Game{}), boardsOnly{boards()})
	ada := h.fake.AddUser("Ada")
	lobby := h.command(ada, "newgame alife", nil).Message
	for range 2 {
		h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Add AI player"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	playAloneAgainstAI(t, h, ada, lobby.ID, rand.New(rand.NewPCG(5, 6)))
	// Each finished life board follows the story, drawn.
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		boards := 0
		for _, m := range h.fake.Messages(h.channel) {
			for _, a := range m.Attachments {
				if strings.Contains(a.Filename, "-life-") && bytes.HasPrefix(a.Data, []byte("\x89PNG")) {
					boards++
				}
			}
		}
		return boards == 3
	}); err != nil {
		t.Fatal("the three finished life boards were not posted as images")
	}
}

// selectLabelled returns the custom_id of the select menu with the given
// placeholder.
func selectLabelled(t testing.TB, msg *discordtest.Message, placeholder string) string {
	t.Helper()
	for _, row := range msg.Components {
		for _, c := range row {
			if c.Placeholder == placeholder {
				return c.CustomID
			}
		}
	}
	t.Fatalf("no select menu %q on message %s", placeholder, msg.ID)
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }

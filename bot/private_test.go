package bot_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
)

var cardText = regexp.MustCompile(`card-\d\d`)

// everythingSeenBy collects the text and image bytes a user was shown
// privately: their DMs and their ephemeral replies.
func everythingSeenBy(h *harness, u discordtest.User) [][]byte {
	var out [][]byte
	msgs := append(h.fake.Messages(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...)
	for _, m := range msgs {
		out = append(out, []byte(m.Content))
		for _, a := range m.Attachments {
			out = append(out, a.Data)
		}
	}
	return out
}

func TestPrivateHandsByDMWithClosedDMFallback(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(secrets{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	users := []discordtest.User{ada, ben, cy}
	h.fake.CloseDMs(ben.ID)

	lobby := h.command(ada, "newgame secrets", nil).Message
	for _, u := range []discordtest.User{ben, cy} {
		msg := h.fake.Message(lobby.ID)
		h.click(u, msg, buttonLabelled(t, msg, "Join"))
	}
	msg := h.fake.Message(lobby.ID)
	h.click(ada, msg, buttonLabelled(t, msg, "Start"))

	m := newMirror(t, secrets{}, 3, h.seed, nil)
	held := make([]map[string]bool, 3)
	remember := func() {
		for seat := range 3 {
			if held[seat] == nil {
				held[seat] = map[string]bool{}
			}
			held[seat][m.st.View(games.Seat(seat)).(secretsView).Card] = true
		}
	}
	remember()

	// Ada and Cy get their hands by DM; Ben is told, once, to use the board.
	for _, u := range []discordtest.User{ada, cy} {
		u := u
		if err := h.fake.WaitFor(h.ctx(), func() bool { return len(h.fake.Messages(h.fake.DMChannel(u.ID))) > 0 }); err != nil {
			t.Fatalf("%s got no DM with their hand: %v", u.Username, err)
		}
	}
	board := h.fake.Message(lobby.ID)
	if b := board.Buttons(); len(board.Components) != 1 || len(b) != 2 || b[0].Label != "Show my hand" || b[1].Label != "⏮ History" {
		t.Fatalf("a game with hidden hands should show only Show my hand and the history beside it on the board, has %+v", board.Components)
	}

	for moves := 0; len(plays(h.fake.Message(lobby.ID))) > 0; moves++ {
		board = h.fake.Message(lobby.ID)
		u, seat := activeUser(t, board, users)
		if moves == 2 {
			// A restart in the middle keeps every hand as it was.
			before := privateText(t, h.click(ada, board, buttonLabelled(t, board, "Show my hand")))
			h.restart()
			after := privateText(t, h.click(ada, board, buttonLabelled(t, board, "Show my hand")))
			if before != after {
				t.Fatalf("Ada's hand changed across a restart:\n%s\n%s", before, after)
			}
			before = string(lastEphemeral(h, ada).Attachments[0].Data)
			if !bytes.Contains([]byte(before), []byte(m.st.View(0).(secretsView).Card)) {
				t.Fatalf("after the restart Ada's hand shows %s, want %s", before, m.st.View(0).(secretsView).Card)
			}
		}
		var where *discordtest.Message
		if u.ID == ben.ID {
			h.click(ben, board, buttonLabelled(t, board, "Show my hand"))
			where = lastEphemeral(h, ben)
		} else {
			// The living DM gets this turn's buttons after the previous answer.
			if err := h.fake.WaitFor(h.ctx(), func() bool {
				where = livingDM(h, u)
				return where != nil && len(plays(where)) > 0
			}); err != nil {
				for _, d := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
					t.Logf("DM: %q buttons %d", d.Content, len(plays(d)))
				}
				t.Logf("board: %q", h.fake.Message(lobby.ID).Content)
				t.Fatalf("move %d: %s never got a DM to move with", moves, u.Username)
			}
		}
		// The player's own view speaks to them, never of them.
		_, prompt, _ := strings.Cut(where.Content, "➡️ ")
		if (prompt != "Get ready." && prompt != "Keep your card or swap it.") || strings.Contains(strings.ToLower(where.Content), strings.ToLower(u.Username)) {
			t.Fatalf("move %d: %s's own view says %q, want the prompt in the second person and not their name", moves, u.Username, where.Content)
		}
		var action string
		beforeBoard := h.fake.Message(lobby.ID).Content
		switch {
		case hasButton(where, "I feel lucky"):
			action = buttonLabelled(t, where, "I feel lucky")
			h.click(u, where, action)
		case moves%3 == 1:
			// A subset, picked out of order: the bot puts it in item order.
			sub := where.Components[0][0]
			it, err := h.fake.Select(h.ctx(), u, where, sub.CustomID, []string{"3", "1"})
			if err != nil {
				t.Fatal(err)
			}
			h.wait(it)
			action = sub.CustomID + ".1.3"
		default:
			label := "Keep my card"
			if moves%3 == 0 {
				label = "Swap it"
			}
			action = buttonLabelled(t, where, label)
			h.click(u, where, action)
		}
		m.apply(seat, action)
		remember()
		// The board follows a click made elsewhere.
		want := m.st.Result().Over
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			b := h.fake.Message(lobby.ID)
			return b.Content != beforeBoard && want == strings.Contains(b.Content, "🏆")
		}); err != nil {
			t.Fatalf("move %d: the board was not redrawn after a private click", moves)
		}
		if moves > 20 {
			t.Fatal("the game did not end")
		}
	}

	// Pings of a game with hidden hands say where the choices are: in the
	// DMs, or for Ben, whose DMs are closed, behind Show my hand.
	for _, u := range users {
		pings := 0
		for _, p := range h.fake.Pings(u.ID) {
			if !strings.Contains(p.Content, "your move") && !strings.Contains(p.Content, "Your move") {
				continue
			}
			pings++
			switch {
			case u.ID == ben.ID:
				mustContain(t, "a turn ping to Ben", p.Content, "Use **Show my hand** on the board to see your cards and choose.")
				if p.ChannelID != h.channel {
					t.Errorf("Ben was pinged outside the channel: %q", p.Content)
				}
			default:
				mustContain(t, "a turn ping by DM", p.Content, "your cards and buttons are in the message above")
				if p.ChannelID != h.fake.DMChannel(u.ID) {
					t.Errorf("%s was pinged outside their DMs: %q", u.Username, p.Content)
				}
			}
		}
		if pings == 0 {
			t.Errorf("%s was never pinged", u.Username)
		}
	}
	// The notice may ride on a ping, which the next one replaces.
	closed := 0
	for _, msg := range h.fake.History(h.channel) {
		if strings.Contains(msg.Content, "can't send you DMs") {
			closed++
			if !strings.Contains(msg.Content, ben.Mention()) {
				t.Errorf("the closed-DM notice names the wrong player: %q", msg.Content)
			}
		}
	}
	if closed != 1 {
		t.Errorf("Ben was told %d times that his DMs are closed, want once", closed)
	}

	for _, u := range users {
		for _, msg := range h.fake.History(h.fake.DMChannel(u.ID)) {
			checkDescribed(t, u.Username+"'s DMs", msg, "Secrets")
		}
	}
	for _, msg := range h.fake.History(h.channel) {
		checkDescribed(t, "channel", msg, "Secrets")
	}
	// Nothing private ever reached the channel, and nobody saw another's card.
	for _, msg := range h.fake.Messages(h.channel) {
		blobs := [][]byte{[]byte(msg.Content)}
		for _, a := range msg.Attachments {
			blobs = append(blobs, a.Data)
		}
		for _, b := range blobs {
			if c := cardText.Find(b); c != nil {
				t.Errorf("a channel message shows a hidden card %s: %q", c, msg.Content)
			}
		}
	}
	for seat, u := range users {
		for _, b := range everythingSeenBy(h, u) {
			for _, c := range cardText.FindAll(b, -1) {
				if !held[seat][string(c)] {
					t.Errorf("%s was shown %s, which was never theirs", u.Username, c)
				}
			}
		}
	}
}

func hasButton(m *discordtest.Message, label string) bool {
	for _, b := range m.Buttons() {
		if b.Label == label {
			return true
		}
	}
	return false
}

func lastEphemeral(h *harness, u discordtest.User) *discordtest.Message {
	h.t.Helper()
	e := h.fake.Ephemerals(u.ID)
	if len(e) == 0 {
		h.t.Fatalf("%s has no ephemeral messages", u.Username)
	}
	return e[len(e)-1]
}

func TestStaleAndForgedClicksAreRefused(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()

	users := []discordtest.User{ada, ben}
	board := h.fake.Message(lobby.ID)
	mover, _ := activeUser(t, board, users)
	old := plays(board)[0].CustomID
	h.click(mover, board, old)
	u, _ := activeUser(t, h.fake.Message(lobby.ID), users)

	stale := func(by discordtest.User, customID string) string {
		it, err := h.fake.ClickStale(h.ctx(), by, h.fake.Message(lobby.ID), customID)
		if err != nil {
			t.Fatal(err)
		}
		return privateText(t, h.wait(it))
	}
	if u.ID != mover.ID {
		mustContain(t, "the mover clicking again", stale(mover, old), "not your turn")
	}
	mustContain(t, "a click on an old board", stale(u, old), "older board")
	mustContain(t, "a click on an old board", stale(u, old), "[here ↗](https://discord.com/channels/"+h.guild+"/"+h.channel+"/"+lobby.ID+")")
	mustContain(t, "a forged custom_id", stale(u, "mv:1:999999:fig.99"), "older board")
	mustContain(t, "garbage", stale(u, "\x00nonsense"), "not one of mine")
	mustContain(t, "a game that does not exist", stale(u, "mv:zzzz:1:fig.1"), "no longer exists")
	parts := strings.Split(plays(h.fake.Message(lobby.ID))[0].CustomID, ":")
	parts[3] = "fig.77"
	mustContain(t, "an illegal move", stale(u, strings.Join(parts, ":")), "not a move")
}

func TestSimultaneousClicksApplyOnce(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()

	board := h.fake.Message(lobby.ID)
	u, _ := activeUser(t, board, []discordtest.User{ada, ben})
	buttons := plays(board)
	var its []*discordtest.Interaction
	for i := range 6 {
		it, err := h.fake.ClickStale(h.ctx(), u, board, buttons[i%len(buttons)].CustomID)
		if err != nil {
			t.Fatal(err)
		}
		its = append(its, it)
	}
	applied, refused := 0, 0
	for _, it := range its {
		resp := h.wait(it)
		if resp.Message != nil && resp.Message.Ephemeral() {
			if c := resp.Message.Content; !strings.Contains(c, "older board") && !strings.Contains(c, "not your turn") {
				t.Errorf("a losing simultaneous click was told %q", c)
			}
			refused++
		} else {
			applied++
		}
	}
	if applied != 1 || refused != 5 {
		t.Fatalf("6 simultaneous clicks: %d applied, %d refused; want exactly 1 applied", applied, refused)
	}
}

// Over the gateway and over HTTP alike.
func TestSlowAnswersAreDeferredAndFinished(t *testing.T) {
	t.Parallel()
	for name, harness := range map[string]func(testing.TB) *harness{"gateway": thatsLifeHarness, "http": thatsLifeServeHarness} {
		t.Run(name, func(t *testing.T) {
			h := harness(t)
			h.stop()
			h.deferAfter = time.Nanosecond
			h.start()
			testSlowAnswersAreDeferredAndFinished(t, h)
		})
	}
}

func testSlowAnswersAreDeferredAndFinished(t *testing.T, h *harness) {
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	resp := h.command(ada, "newgame thatslife", nil)
	var lobby *discordtest.Message
	for _, m := range h.fake.Messages(h.channel) {
		if strings.Contains(m.Content, "New game") {
			lobby = m
		}
	}
	if lobby == nil {
		t.Fatalf("a deferred /newgame never showed its lobby (response %+v)", resp)
	}
	h.click(ben, lobby, buttonLabelled(t, lobby, "Join"))
	mustContain(t, "lobby after a deferred join", h.fake.Message(lobby.ID).Content, "Players (2/6)")
	got := h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	mustContain(t, "a deferred private answer", privateText(t, got), "already in")
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	board := h.fake.Message(lobby.ID)
	if len(board.Attachments) != 1 || len(plays(board)) == 0 {
		t.Fatalf("a deferred start left the board with %d images and %d buttons", len(board.Attachments), len(plays(board)))
	}
	mustContain(t, "a deferred /rules", privateText(t, h.command(ada, "rules thatslife", nil)), "That's Life!")
}

func TestManyChoicesBecomeSelectMenus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(secrets{}), textRenderer{})
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	users := []discordtest.User{ada, ben}
	lobby := h.command(ada, "newgame secrets", map[string]any{"wide": true}).Message
	h.click(ben, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	for _, p := range users {
		var dm *discordtest.Message
		if err := h.fake.WaitFor(h.ctx(), func() bool {
			dms := h.fake.Messages(h.fake.DMChannel(p.ID))
			if len(dms) == 0 {
				return false
			}
			dm = dms[0]
			return true
		}); err != nil {
			t.Fatal("no DM asked to get ready")
		}
		h.click(p, dm, buttonLabelled(t, dm, "I feel lucky"))
	}
	if err := h.fake.WaitFor(h.ctx(), func() bool { return !strings.Contains(h.fake.Message(lobby.ID).Content, "Waiting for") }); err != nil {
		t.Fatal("the board still waits after everyone got ready")
	}
	u, _ := activeUser(t, h.fake.Message(lobby.ID), users)
	var dm *discordtest.Message
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		dm = livingDM(h, u)
		return dm != nil && len(dm.Components) > 0
	}); err != nil {
		t.Fatal("no DM with choices arrived")
	}
	// One menu for the subset choice, then 31 plain choices in two menus.
	if len(dm.Components) != 3 {
		t.Fatalf("the choices should fill three select menus, got %d rows", len(dm.Components))
	}
	second := dm.Components[2][0]
	if len(second.Options) != 6 || second.Options[5].Label != "Swap it, way 28" {
		t.Fatalf("the last menu holds %d options ending in %q; want the last 6", len(second.Options), second.Options[len(second.Options)-1].Label)
	}
	before := h.fake.Message(lobby.ID).Content
	it, err := h.fake.Select(h.ctx(), u, dm, second.CustomID, []string{second.Options[5].Value})
	if err != nil {
		t.Fatal(err)
	}
	h.wait(it)
	if err := h.fake.WaitFor(h.ctx(), func() bool { return h.fake.Message(lobby.ID).Content != before }); err != nil {
		t.Fatal("choosing from the second menu did not move the game")
	}
	mustContain(t, "board after a chosen swap", h.fake.Message(lobby.ID).Content, u.GlobalName+" swapped")
}

// livingDM is the one DM of u's that shows their view of the game, or nil.
func livingDM(h *harness, u discordtest.User) *discordtest.Message {
	for _, m := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
		if len(m.Attachments) > 0 {
			return m
		}
	}
	return nil
}

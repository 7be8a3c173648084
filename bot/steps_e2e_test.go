package bot_test

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/life"
)

var (
	boardMoves  = regexp.MustCompile(`-(\d+)\.png$`)
	stepCaption = regexp.MustCompile(`\*\*Move (\d+) of (\d+)\*\*`)
)

// history is what a Life game showed as it was played: the channel's board
// image after each number of moves the channel saw, and every image and
// hidden line its players were shown privately.
type history struct {
	t      *testing.T
	boards map[int][]byte
	hands  [][]byte
	secret []string // the 🔒 lines of private messages, without the lock
}

// sawBoard records the board as the channel shows it now, under the number
// of moves its image is named after.
func (hs *history) sawBoard(board *discordtest.Message) {
	hs.t.Helper()
	if len(board.Attachments) != 1 {
		hs.t.Fatalf("the board carries %d images, want 1", len(board.Attachments))
	}
	a := board.Attachments[0]
	m := boardMoves.FindStringSubmatch(a.Filename)
	if m == nil {
		hs.t.Fatalf("the board's image %q is not named after its moves", a.Filename)
	}
	n, _ := strconv.Atoi(m[1])
	hs.boards[n] = a.Data
}

// sawPrivately records what one player alone was shown.
func (hs *history) sawPrivately(m *discordtest.Message) {
	for _, a := range m.Attachments {
		hs.hands = append(hs.hands, a.Data)
	}
	for line := range strings.SplitSeq(m.Content, "\n") {
		if note, ok := strings.CutPrefix(line, "🔒 "); ok && !slices.Contains(hs.secret, note) {
			hs.secret = append(hs.secret, note)
		}
	}
}

// shows checks that a step-through message shows a public board and no
// hidden line, and returns the move it shows, of how many. The board must
// be the one the channel showed after that move, when the channel showed
// one then.
func (hs *history) shows(m *discordtest.Message) (step, total int) {
	hs.t.Helper()
	if m == nil || !m.Ephemeral() {
		hs.t.Fatalf("the history is not private: %+v", m)
	}
	c := stepCaption.FindStringSubmatch(m.Content)
	if c == nil || len(m.Attachments) != 1 {
		hs.t.Fatalf("the history shows %d images and says %q", len(m.Attachments), m.Content)
	}
	step, _ = strconv.Atoi(c[1])
	total, _ = strconv.Atoi(c[2])
	img := m.Attachments[0].Data
	if v := viewsIn[life.View](hs.t, m)[0]; v.Seat != games.Observer || v.Hand != nil || v.FreshHand != nil || len(v.Notes) > 0 {
		hs.t.Fatalf("move %d of the history shows seat %d's view with %d cards in hand", step, v.Seat, len(v.Hand))
	}
	for _, hand := range hs.hands {
		if bytes.Equal(img, hand) {
			hs.t.Fatalf("move %d of the history shows an image a player was shown privately", step)
		}
	}
	if want, ok := hs.boards[step]; ok && !bytes.Equal(img, want) {
		hs.t.Fatalf("move %d of the history is not the board the channel showed then:\n%s\n%s", step, img, want)
	}
	texts := []string{m.Content, m.Attachments[0].Description}
	for _, row := range m.Components {
		for _, comp := range row {
			texts = append(texts, comp.Label, comp.Placeholder)
			for _, o := range comp.Options {
				texts = append(texts, o.Label, o.Description)
			}
		}
	}
	for _, text := range texts {
		for _, s := range hs.secret {
			if strings.Contains(text, s) {
				hs.t.Fatalf("move %d of the history tells %q, which only one player was told", step, s)
			}
		}
	}
	return step, total
}

// Any player, or anyone in the channel, steps privately through a Life
// game from the History button of its board, running or finished: every
// step shows the board the channel showed after that many moves, and none
// shows a hand or a line meant for one player.
func TestSteppingThroughALifeGameFromItsBoard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(life.Game{}), textRenderer{})
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	eve := h.fake.AddUser("Eve")
	users := []discordtest.User{ada, ben, cy}
	// Ben plays from "Show my hand": his hands are ephemeral answers.
	h.fake.CloseDMs(ben.ID)
	lobby := h.command(ada, "newgame life", map[string]any{"target": 50}).Message
	for _, u := range []discordtest.User{ben, cy} {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	m := newMirror(t, life.Game{}, 3, h.seed, games.Options{"target": "50"})
	rng := rand.New(rand.NewPCG(7, 8))
	hs := &history{t: t, boards: map[int][]byte{}}
	hs.sawBoard(h.fake.Message(lobby.ID))

	decisions := 0
	play := func(until func() bool) {
		t.Helper()
		for !m.st.Result().Over && !until() {
			before := h.fake.Message(lobby.ID).Content
			hs.sawPrivately(h.decidePrivately(m, users, ben, lobby.ID, rng))
			decisions++
			if err := h.fake.WaitFor(h.ctx(), func() bool { return h.fake.Message(lobby.ID).Content != before }); err != nil {
				t.Fatalf("decision %d: the board did not follow", decisions)
			}
			hs.sawBoard(h.fake.Message(lobby.ID))
			if decisions > 3000 {
				t.Fatal("the game did not end in 3000 decisions")
			}
		}
	}
	// Ben's hands are the answers to "Show my hand"; the histories opened
	// later are ephemeral too, and are what is checked.
	sawBensHands := func() {
		for _, e := range h.fake.Ephemerals(ben.ID) {
			if strings.Contains(e.Content, "· your view ·") {
				hs.sawPrivately(e)
			}
		}
	}
	play(func() bool { return decisions >= 12 })
	sawBensHands()
	if len(hs.secret) == 0 {
		t.Fatal("no player was told anything privately; the history's words are checked against nothing")
	}

	board := h.fake.Message(lobby.ID)
	if b := board.Buttons(); len(board.Components) != 1 || len(b) != 2 || b[0].Label != "Show my hand" || b[1].Label != "⏮ History" {
		t.Fatalf("the running board should offer the history beside Show my hand, has %+v", board.Components)
	}
	open := func(u discordtest.User) *discordtest.Message {
		t.Helper()
		board := h.fake.Message(lobby.ID)
		resp := h.click(u, board, buttonLabelled(t, board, "⏮ History"))
		if resp.Message == nil || resp.Message.ID == board.ID {
			t.Fatalf("the history did not open beside the board: %+v", resp)
		}
		return resp.Message
	}
	var shown *discordtest.Message
	step := func(u discordtest.User, label string) (int, int) {
		t.Helper()
		shown = h.click(u, shown, buttonLabelled(t, shown, label)).Message
		return hs.shows(shown)
	}
	// jump picks the earliest move the menu offers past the start, other
	// than the one shown, and says which.
	jump := func(u discordtest.User) (want, got int) {
		t.Helper()
		from, _ := hs.shows(shown)
		menu := selectLabelled(t, shown, "Jump to a move")
		want = -1
		comp, _ := shown.Component(menu)
		for _, o := range comp.Options {
			if n, _ := strconv.Atoi(o.Value); n > 0 && n != from && want < 0 {
				want = n
			}
		}
		if want < 0 {
			t.Fatalf("the menu at move %d offers no other move: %+v", from, comp.Options)
		}
		it, err := h.fake.Select(h.ctx(), u, shown, menu, []string{strconv.Itoa(want)})
		if err != nil {
			t.Fatal(err)
		}
		shown = h.wait(it).Message
		got, _ = hs.shows(shown)
		return want, got
	}

	// A player opens it at the latest board and walks it from the start:
	// every board the channel showed comes again, in order.
	shown = open(cy)
	latest, total := hs.shows(shown)
	if latest != total || hs.boards[total] == nil {
		t.Fatalf("the history opened at move %d of %d, want the board's latest", latest, total)
	}
	n, _ := step(cy, "⏮ Start")
	if n != 0 {
		t.Fatalf("⏮ Start shows move %d", n)
	}
	matched := 0
	for {
		if hs.boards[n] != nil {
			matched++
		}
		if n == total {
			break
		}
		next, _ := step(cy, "Next ▶")
		if next != n+1 {
			t.Fatalf("Next ▶ from move %d shows move %d", n, next)
		}
		n = next
	}
	if matched != len(hs.boards) {
		t.Fatalf("the walk met %d of the %d boards the channel showed", matched, len(hs.boards))
	}
	if n, _ := step(cy, "◀ Back"); n != total-1 {
		t.Fatalf("◀ Back from the latest shows move %d", n)
	}
	if want, got := jump(cy); got != want {
		t.Fatalf("jumping to move %d shows move %d", want, got)
	}
	if n, _ := step(cy, "Latest ⏭"); n != total {
		t.Fatalf("Latest ⏭ shows move %d of %d", n, total)
	}

	// Eve plays no part but reads the channel, as /log lets her.
	shown = open(eve)
	if n, _ := hs.shows(shown); n != total {
		t.Fatalf("Eve's history opened at move %d of %d", n, total)
	}
	if n, _ := step(eve, "◀ Back"); n != total-1 {
		t.Fatalf("Eve's ◀ Back shows move %d", n)
	}

	// Played out, the finished board keeps the history, and it steps.
	play(func() bool { return false })
	sawBensHands()
	board = h.fake.Message(lobby.ID)
	mustContain(t, "the finished board", board.Content, "🏆")
	if len(plays(board)) != 0 {
		t.Fatalf("the finished board offers %+v", plays(board))
	}
	shown = open(ben)
	latest, total = hs.shows(shown)
	if latest != total || !bytes.Equal(shown.Attachments[0].Data, board.Attachments[0].Data) {
		t.Fatalf("the finished game's history opened at move %d of %d, not at its final board", latest, total)
	}
	if n, _ := step(ben, "◀ Back"); n != total-1 {
		t.Fatalf("◀ Back from the final board shows move %d", n)
	}
	if want, got := jump(ben); got != want {
		t.Fatalf("jumping to move %d shows move %d", want, got)
	}
	if n, _ := step(ben, "⏮ Start"); n != 0 {
		t.Fatalf("⏮ Start shows move %d", n)
	}
	t.Logf("%d decisions, %d boards seen in the channel, %d private images and %d private lines", decisions, len(hs.boards), len(hs.hands), len(hs.secret))
}

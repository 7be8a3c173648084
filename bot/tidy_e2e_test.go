package bot_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

// textFilm draws boards as text, as textRenderer does, and animates them
// too, so that a finished game posts its replay as with the real renderer.
type textFilm struct{ textRenderer }

func (f textFilm) Animate(frames int, board func(int) ([]byte, error)) ([]byte, error) {
	for i := range frames {
		if _, err := board(i); err != nil {
			return nil, err
		}
	}
	return fmt.Appendf(nil, "FILM of %d boards", frames), nil
}

// tidyTitles are the games the channel's noise is measured on, each at its
// shortest: Life to its lowest target.
var tidyTitles = []struct {
	id   string
	game games.Game
	opts map[string]any
}{
	{"thatslife", thatslife.Game{}, nil},
	{"life", life.Game{}, map[string]any{"target": 50}},
	{"lagom", lagom.Game{}, nil},
	{"alife", alife.Game{}, nil},
	{"yodo", yodo.Game{}, nil},
}

// tidyFigures is what one game left in its channel (and thread): the
// bot's messages created from /newgame on, those still there at the end,
// the decisions players clicked, the messages created while they played,
// and those the end brought (everything after the last click: the story,
// the life boards, the closing announcement, the replay).
type tidyFigures struct {
	title                       string
	created, left, moves, ended int
	// duringPlay counts the messages from the first move to the last
	// click, most those a single move brought.
	duringPlay, most int
}

func (f tidyFigures) perMove() float64 { return float64(f.duringPlay) / float64(f.moves) }

// Three people play a whole game of each title by clicks, in its channel
// and, as servers have it by default, in a thread of its own; in the
// games with hidden hands Cy's DMs are closed, so the channel pings her.
// The channel takes at most one message per move beside the board's edits,
// and the end comes in as few messages as the story needs, then the
// replay; a game in a thread leaves one line in the channel. With -v the
// test shows its figures.
func TestTheChannelStaysTidy(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"channel", "thread"} {
		figures := make([]tidyFigures, len(tidyTitles))
		t.Run(mode, func(t *testing.T) {
			for i, title := range tidyTitles {
				t.Run(title.id, func(t *testing.T) {
					t.Parallel()
					h := newHarness(t, games.NewRegistry(title.game), textFilm{})
					h.stop()
					h.tables = func(c *bot.Config) { c.Threads = func(string) bool { return mode == "thread" } }
					h.start()
					figures[i] = playTidy(t, h, title.game, title.opts, mode == "thread")
					figures[i].title = title.id
				})
			}
		})
		var table strings.Builder
		fmt.Fprintf(&table, "%s: title      created  left  moves  during-play  per-move  most  at-end\n", mode)
		for _, f := range figures {
			fmt.Fprintf(&table, "%s: %-10s %7d %5d %6d %12d %9.2f %5d %7d\n", mode, f.title, f.created, f.left, f.moves, f.duringPlay, f.perMove(), f.most, f.ended)
		}
		t.Logf("the bot's messages in each game's channel and thread:\n%s", table.String())
	}
}

// playTidy plays one game of g by clicks, each player deciding once the
// bot has told them to, as people do, and counts the bot's messages in
// the game's channel and thread.
func playTidy(t *testing.T, h *harness, g games.Game, given map[string]any, threaded bool) tidyFigures {
	ada, ben, cy := h.fake.AddUser("Ada"), h.fake.AddUser("Ben"), h.fake.AddUser("Cy")
	users := []discordtest.User{ada, ben, cy}
	private := g.Info().Private
	if private {
		h.fake.CloseDMs(cy.ID)
	}
	opts := games.Options{}
	for k, v := range given {
		opts[k] = fmt.Sprint(v)
	}
	resolved, err := games.Resolve(g.Info().Options, opts)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Seats: 3, Options: resolved, Seed: h.seed})
	if err != nil {
		t.Fatal(err)
	}
	m := &mirror{t: t, g: g, st: st}
	lobby := h.command(ada, "newgame "+g.Info().ID, given).Message
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Join"))
	}
	before := h.pingCounts(users)
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	board := lobby.ID
	if threaded {
		board = tidyBoardInThread(t, h)
	}

	// The mirror follows the record: what the bot decided by itself, at
	// the start or after a click, is there too.
	applied := 0
	follow := func() {
		t.Helper()
		if loggedMoves(t, h) == applied {
			return
		}
		for _, e := range loggedSince(t, h, applied) {
			if _, err := m.st.Apply(e.seat, e.action); err != nil {
				t.Fatalf("the bot accepted %v from seat %d, which the engine refuses: %v", e.action, e.seat, err)
			}
			applied++
		}
	}
	follow()
	rng := rand.New(rand.NewPCG(5, 6))
	moves, last := 0, ada.ID
	var wasActive []games.Seat
	// atClick counts the messages created before each click: from one
	// click to the next is what a move brought.
	var atClick []int
	for !m.st.Result().Over {
		active := m.st.Active()
		seat := active[rng.IntN(len(active))]
		u := users[seat]
		// A decision someone else brought about is told to its player;
		// they act once they have been told.
		if u.ID != last && !slices.Contains(wasActive, seat) {
			h.waitPinged(u, before[u.ID])
		}
		var where *discordtest.Message
		if private {
			where = h.privateDecision(m, u, seat, board, u.ID == cy.ID)
		} else {
			where = h.boardShowing(m, board)
		}
		wasActive, last = active, u.ID
		before = h.pingCounts(users)
		atClick = append(atClick, len(h.gameMessages(true)))
		logged := loggedMoves(t, h)
		it, _ := decide(t, h, u, where, m.st.Legal(seat), rng)
		h.wait(it)
		waitUntil(t, h, func() bool { return loggedMoves(t, h) > logged })
		follow()
		moves++
		if moves > 3000 {
			t.Fatal("the game did not end in 3000 decisions")
		}
	}
	// The end is told, then the replay follows.
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		over, replay := false, false
		for _, msg := range h.gameMessages(false) {
			over = over || strings.Contains(msg.Content, "is over")
			replay = replay || slices.ContainsFunc(msg.Attachments, func(a discordtest.Attachment) bool { return strings.HasPrefix(a.Filename, "replay-") })
		}
		return over && replay
	}); err != nil {
		t.Fatal("the end was never told, or the replay never followed: ", err)
	}
	created := h.gameMessages(true)
	start := slices.IndexFunc(created, func(m *discordtest.Message) bool { return m.ID == board })
	// What the start and each move but the last brought.
	most := 0
	marks := append([]int{start + 1}, atClick...)
	for k := 1; k < len(marks); k++ {
		brought := created[marks[k-1]:marks[k]]
		most = max(most, len(brought))
		if len(brought) > 1 {
			t.Errorf("move %d brought %d messages: %q", k-1, len(brought), contents(brought))
		}
	}
	atLastClick := atClick[len(atClick)-1]
	checkEnding(t, m.st, users, created[atLastClick:])
	if in := h.fake.History(h.channel); threaded && (len(in) != 1 || !strings.Contains(in[0].Content, "Playing in")) {
		t.Errorf("a game in its thread left in the channel %q, want its lobby pointing at the thread alone", contents(in))
	}
	return tidyFigures{
		most:    most,
		created: len(created), left: len(h.gameMessages(false)), moves: moves,
		// Before the first move there are the lobby and, in a thread, the
		// board.
		duringPlay: atLastClick - 1 - start,
		ended:      len(created) - atLastClick,
	}
}

// checkEnding checks what a game's end brought to its channel: first the
// closing announcement, which pings everyone, offers the rematch, carries
// the finished boards of a game that has them, and begins the story; the
// rest of the story in messages each filled before the next; then the
// replay, alone.
func checkEnding(t *testing.T, st games.State, users []discordtest.User, end []*discordtest.Message) {
	t.Helper()
	if len(end) < 2 {
		t.Fatalf("the end brought %q, want an announcement and a replay", contents(end))
	}
	closing, replay, story := end[0], end[len(end)-1], end[1:len(end)-1]
	boards := 0
	if _, ok := st.(games.Inspector); ok {
		boards = len(users)
	}
	for _, u := range users {
		if !slices.Contains(closing.Pings, u.ID) {
			t.Errorf("the closing announcement did not ping %s: %q", u.Username, closing.Content)
		}
	}
	if !strings.Contains(closing.Content, "is over") || len(closing.Attachments) != boards || !slices.ContainsFunc(closing.Buttons(), func(b discordtest.Component) bool { return b.Label == "Rematch" }) {
		t.Errorf("the end begins with %q, %d files; want the announcement with %d boards and the Rematch button", closing.Content, len(closing.Attachments), boards)
	}
	if len(replay.Attachments) != 1 || !strings.HasPrefix(replay.Attachments[0].Filename, "replay-") {
		t.Errorf("the end closes with %q, want the replay", replay.Content)
	}
	if _, ok := st.(games.Teller); !ok && len(story) > 0 {
		t.Errorf("a game without a story ended with %q between its announcement and its replay", contents(story))
	}
	for i, m := range append([]*discordtest.Message{closing}, story...) {
		if i > 0 && (len(m.Pings) > 0 || len(m.Attachments) > 0) {
			t.Errorf("a part of the story pings or carries files: %q", m.Content)
		}
		// A part ends before the first sentence that does not fit, and
		// the stories' sentences are far shorter than 400 characters:
		// a part with more after it is nearly full, as sent (the
		// pseudo-language reads back shorter than it was sent).
		if n := len([]rune(m.Content)); i < len(story) && n < 1600 && !inPseudo() {
			t.Errorf("part %d of the end holds %d characters, and more follow: %q", i+1, n, contents(end))
		}
	}
}

// contents lists the messages' words, for failures.
func contents(msgs []*discordtest.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Content)
	}
	return out
}

// gameMessages lists, oldest first, the bot's messages in the harness's
// channel and in the threads made in it; with deleted, those deleted
// since too.
func (h *harness) gameMessages(deleted bool) []*discordtest.Message {
	channels := []string{h.channel}
	for _, th := range h.fake.Threads(h.channel) {
		channels = append(channels, th.ID)
	}
	var out []*discordtest.Message
	for _, c := range channels {
		msgs := h.fake.Messages(c)
		if deleted {
			msgs = h.fake.History(c)
		}
		for _, m := range msgs {
			if m.Author.ID == h.fake.BotUser().ID {
				out = append(out, m)
			}
		}
	}
	// Ids grow with time.
	slices.SortFunc(out, func(a, b *discordtest.Message) int {
		return cmp.Or(cmp.Compare(len(a.ID), len(b.ID)), strings.Compare(a.ID, b.ID))
	})
	return out
}

// tidyBoardInThread waits for the game's board in its thread.
func tidyBoardInThread(t *testing.T, h *harness) string {
	t.Helper()
	var board string
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		for _, th := range h.fake.Threads(h.channel) {
			for _, m := range h.fake.Messages(th.ID) {
				if len(m.Components) > 0 {
					board = m.ID
					return true
				}
			}
		}
		return false
	}); err != nil {
		t.Fatal("no board in the game's thread: ", err)
	}
	return board
}

// boardShowing waits until the board shows the game as the mirror has it
// and returns it.
func (h *harness) boardShowing(m *mirror, board string) *discordtest.Message {
	h.t.Helper()
	view, err := json.Marshal(m.st.View(games.Observer))
	if err != nil {
		h.t.Fatal(err)
	}
	want := "VIEW " + string(view)
	var got *discordtest.Message
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		got = h.fake.Message(board)
		return got != nil && len(got.Attachments) == 1 && string(got.Attachments[0].Data) == want
	}); err != nil {
		h.t.Fatalf("the board never showed the game as it is: %v\n%q\n%s", err, got.Attachments[0].Data, want)
	}
	return got
}

package bot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/bot/discordtest"
)

// sweepAfter moves the bot's clock by d and waits until the sweep that
// this wakes has run: the bot's loop waits on the clock again.
func (h *harness) sweepAfter(d time.Duration) {
	h.t.Helper()
	h.waitArmed()
	h.clock.Advance(d)
	h.waitArmed()
}

// waitArmed waits until the bot's sweep waits on the clock for its next
// round, a minute away.
func (h *harness) waitArmed() {
	h.t.Helper()
	// The clock is not the fake's, so its changes wake nobody: poll.
	ctx := h.ctx()
	for !h.clock.Armed(time.Minute) {
		select {
		case <-ctx.Done():
			h.t.Fatal("the bot's sweep never waited on its clock")
		case <-time.After(time.Millisecond):
		}
	}
}

// storedClock is a game's turn clock as stored.
type storedClock struct {
	Per     time.Duration `json:"per"`
	Replace bool          `json:"replace"`
	Seats   []struct {
		Due       time.Time     `json:"due"`
		Reminded  int           `json:"reminded"`
		AwayUntil time.Time     `json:"away_until"`
		AwayUsed  time.Duration `json:"away_used"`
	} `json:"seats"`
}

// turnClockOf reads the stored game's turn clock.
func (h *harness) turnClockOf() storedClock {
	h.t.Helper()
	_, fields := storedGame(h.t, h)
	var c storedClock
	if err := json.Unmarshal(fields["clock"], &c); err != nil {
		h.t.Fatalf("the game stores no readable clock: %v", err)
	}
	return c
}

// clockedGame has Ada open a That's Life! lobby with the given /newgame
// options, Ben join and Ada start; it returns the two, the board, and the
// one to move with their seat.
func (h *harness) clockedGame(opts map[string]any) (ada, ben discordtest.User, board *discordtest.Message, mover discordtest.User, seat int) {
	h.t.Helper()
	ada, ben = h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	board = h.command(ada, "newgame thatslife", opts).Message
	h.click(ben, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Join"))
	h.click(ada, h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Start"))
	mover, seat = activeUser(h.t, h.fake.Message(board.ID), []discordtest.User{ada, ben})
	if mover.ID != ada.ID {
		h.waitPinged(mover, 0)
	}
	return ada, ben, board, mover, seat
}

// dayClockHarness plays That's Life! with a day on the clock where
// /newgame chooses none.
func dayClockHarness(t testing.TB) *harness {
	h := thatsLifeHarness(t)
	h.stop()
	h.turnClock = 24 * time.Hour
	h.start()
	return h
}

// waitBoard waits until the board's text contains want.
func (h *harness) waitBoard(id, want string) {
	h.t.Helper()
	if err := h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(id).Content, want) }); err != nil {
		h.t.Fatalf("the board never said %q: %q", want, h.fake.Message(id).Content)
	}
}

// A 12-hour clock, chosen at /newgame over the bot's default of a day:
// the board counts down without pinging, the player is reminded at half
// time and again 72 minutes before the end (a tenth of the clock), each
// once, and when the time is up the AI plays their turn.
func TestIdleTurnsAreRemindedThenTheAIStandsIn(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	start := h.clock.Now()
	_, _, board, u, seat := h.clockedGame(map[string]any{"clock": "12h"})

	c := h.turnClockOf()
	if c.Per != 12*time.Hour || c.Replace {
		t.Fatalf("the game stores clock %v replace %v, want 12h and the AI playing late turns", c.Per, c.Replace)
	}
	due := c.Seats[seat].Due
	if !due.Equal(start.Add(12 * time.Hour)) {
		t.Fatalf("the first move is due %v, want 12 hours after the start %v", due, start)
	}
	line := fmt.Sprintf("⏳ %s: your move is due <t:%d:R>", u.GlobalName, due.Unix())
	h.waitBoard(board.ID, line)
	for _, l := range strings.Split(h.fake.Message(board.ID).Content, "\n") {
		if strings.HasPrefix(l, "⏳") && strings.Contains(l, "<@") {
			t.Fatalf("the board's clock line mentions someone: %q", l)
		}
	}

	// The sweep runs each minute: the clock moves by whole minutes.
	h.sweepAfter(6*time.Hour - time.Minute)
	if n := h.turnClockOf().Seats[seat].Reminded; n != 0 {
		t.Fatalf("reminded a minute before half time: stage %d", n)
	}
	remind := func(what string, d time.Duration, want int, text string) {
		t.Helper()
		pings := len(h.fake.Pings(u.ID))
		h.sweepAfter(d)
		if n := h.turnClockOf().Seats[seat].Reminded; n != want {
			t.Fatalf("%s: the clock's reminder stands at %d, want %d", what, n, want)
		}
		h.waitPinged(u, pings)
		p := h.fake.Pings(u.ID)
		if len(p) != pings+1 || !strings.Contains(p[len(p)-1].Content, text) {
			t.Fatalf("%s: %d new pings, the last %q; want one saying %q", what, len(p)-pings, p[len(p)-1].Content, text)
		}
		h.sweepAfter(time.Minute)
		if len(h.fake.Pings(u.ID)) != pings+1 {
			t.Fatalf("%s went out twice", what)
		}
	}
	// Due exactly at half time, not a sweep later.
	remind("the half-time reminder", time.Minute, 1, "half your time for this move is gone")
	remind("the last reminder", 12*time.Hour-72*time.Minute-6*time.Hour-time.Minute, 2,
		fmt.Sprintf("Last reminder, <@%s>: your move is due <t:%d:R>; then the AI plays your turn.", u.ID, due.Unix()))
	// Only the latest reminder stays in the channel.
	if err := h.fake.WaitFor(h.ctx(), func() bool {
		reminders := 0
		for _, m := range h.fake.Messages(h.channel) {
			if strings.Contains(m.Content, "⏰") {
				reminders++
			}
		}
		return reminders == 1
	}); err != nil {
		t.Error("older reminders were left in the channel")
	}

	pings := len(h.fake.Pings(u.ID))
	before := h.fake.Message(board.ID).Content
	h.sweepAfter(due.Sub(h.clock.Now()) - time.Minute)
	if h.fake.Message(board.ID).Content != before {
		t.Fatal("the AI stood in before the time was up")
	}
	h.sweepAfter(time.Minute)
	h.waitBoard(board.ID, u.GlobalName+" was away, so the AI decided for them.")
	if len(h.fake.Pings(u.ID)) != pings {
		t.Error("the absent player was pinged about the move made for them")
	}
	// The next decision has a fresh clock and no reminder yet.
	c = h.turnClockOf()
	for i, sc := range c.Seats {
		if !sc.Due.IsZero() && (!sc.Due.Equal(h.clock.Now().Add(12*time.Hour)) || sc.Reminded != 0) {
			t.Fatalf("seat %d after the timeout: due %v reminded %d, want a new 12-hour clock from %v", i, sc.Due, sc.Reminded, h.clock.Now())
		}
	}
}

// /away in a DM with the bot pauses the player's clock: the table is told,
// the deadline moves by the pause, the time passes without a timeout,
// and /away off in the server gives back what was left of it.
func TestAwayPausesTheClock(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	_, _, board, u, seat := h.clockedGame(map[string]any{})
	due := h.turnClockOf().Seats[seat].Due
	h.sweepAfter(time.Hour)

	it, err := h.fake.Command(h.ctx(), u, "", "", "away", map[string]any{"duration": "3d"})
	if err != nil {
		t.Fatal(err)
	}
	until := h.clock.Now().Add(72 * time.Hour)
	answer := privateText(t, h.wait(it))
	mustContain(t, "the answer to /away", answer, fmt.Sprintf("Your clocks pause in 1 game until <t:%d:f>", until.Unix()))
	mustContain(t, "the answer to /away", answer, "the cap leaves 4 days more")
	moved := due.Add(72 * time.Hour)
	if got := h.turnClockOf().Seats[seat].Due; !got.Equal(moved) {
		t.Fatalf("the deadline is %v, want %v: three days later", got, moved)
	}

	// Long past the day the move had: no reminder, no stand-in. The board
	// shows the absence and the deadline it moved, once they are quiet.
	pings := len(h.fake.Pings(u.ID))
	h.sweepAfter(48 * time.Hour)
	h.waitBoard(board.ID, fmt.Sprintf("%s is away until <t:%d:f>.", u.GlobalName, until.Unix()))
	h.waitBoard(board.ID, fmt.Sprintf("your move is due <t:%d:R>", moved.Unix()))
	if sc := h.turnClockOf().Seats[seat]; sc.Reminded != 0 || !sc.Due.Equal(moved) {
		t.Fatalf("a paused clock went on: reminder %d, due %v", sc.Reminded, sc.Due)
	}
	if strings.Contains(h.fake.Message(board.ID).Content, "decided for them") || len(h.fake.Pings(u.ID)) != pings {
		t.Fatal("a paused player was reminded or stood in for")
	}

	// Back a day early: the day given back leaves 23 hours to move.
	answer = privateText(t, h.command(u, "away", map[string]any{"duration": "off"}))
	mustContain(t, "the answer to /away off", answer, "Welcome back: your clocks run again in 1 game.")
	sc := h.turnClockOf().Seats[seat]
	if want := h.clock.Now().Add(23 * time.Hour); !sc.Due.Equal(want) || sc.AwayUsed != 48*time.Hour {
		t.Fatalf("after coming back: due %v, used %v; want due %v and 48h used", sc.Due, sc.AwayUsed, want)
	}
	h.clock.Advance(core.QuietFor)
	h.waitBoard(board.ID, u.GlobalName+" is back: their clock runs again.")
}

// Absences and returns move no piece: a burst of them is shown on the
// board once it is over, in one edit, with the last of them and the
// deadline it left; a move made right after a burst is shown at once, the
// burst with it; and a burst a restart interrupts is shown all the same.
// Before bursts were held back, each took a board edit per command or
// nearly (51 for the first burst's 51 commands, 50 for the second's 50
// and the move, in one run; 50 and 51 in another); now one each.
func TestComingAndGoingRedrawsTheBoardOnce(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	_, _, board, u, seat := h.clockedGame(map[string]any{})
	due := h.turnClockOf().Seats[seat].Due
	h.waitBoard(board.ID, fmt.Sprintf("your move is due <t:%d:R>", due.Unix()))
	away := func(span string) {
		t.Helper()
		h.command(u, "away", map[string]any{"duration": span})
	}
	burst := func() {
		t.Helper()
		for range 25 {
			away("1d")
			away("off")
		}
	}
	edited := func(since int) int { return h.fake.Message(board.ID).EditedCount - since }

	edits := h.fake.Message(board.ID).EditedCount
	burst()
	away("1d")
	until := h.clock.Now().Add(24 * time.Hour)
	if n := edited(edits); n != 0 {
		t.Errorf("the board was edited %d times before the burst was over", n)
	}
	h.clock.Advance(core.QuietFor)
	h.waitBoard(board.ID, fmt.Sprintf("%s is away until <t:%d:f>.", u.GlobalName, until.Unix()))
	h.waitBoard(board.ID, fmt.Sprintf("your move is due <t:%d:R>", due.Add(24*time.Hour).Unix()))
	if n := edited(edits); n != 1 {
		t.Errorf("51 absences and returns took %d board edits, want 1", n)
	}

	edits = h.fake.Message(board.ID).EditedCount
	burst()
	shown := h.fake.Message(board.ID)
	h.click(u, shown, plays(shown)[0].CustomID)
	moved := h.fake.Message(board.ID)
	// The board's picture is named after the moves it shows.
	if len(moved.Attachments) != 1 || moved.Attachments[0].Filename == shown.Attachments[0].Filename {
		t.Fatalf("the move was not shown at once: %+v", moved.Attachments)
	}
	mustContain(t, "the board after the move", moved.Content, u.GlobalName+" is back: their clock runs again.")
	if n := edited(edits); n != 1 {
		t.Errorf("50 absences and returns and a move took %d board edits, want 1", n)
	}

	away("1d")
	until = h.clock.Now().Add(24 * time.Hour)
	h.restart()
	h.waitBoard(board.ID, fmt.Sprintf("%s is away until <t:%d:f>.", u.GlobalName, until.Unix()))
}

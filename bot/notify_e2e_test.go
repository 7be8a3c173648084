package bot_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
)

// settled waits until every place of the stored game shows its latest
// change (its ledger is synced with its table) and returns the record.
// The bot saves a ledger on its clock a few seconds after the change, so
// whenever it waits to save one, the clock is moved on a minute; that
// clock is not the fake's, so its timers wake nobody: this polls.
func (h *harness) settled() storage.Record {
	h.t.Helper()
	ctx := h.ctx()
	for {
		rec, fields := storedGame(h.t, h)
		var rev int
		var out struct {
			Synced int `json:"synced"`
		}
		if json.Unmarshal(fields["rev"], &rev) == nil && json.Unmarshal(fields["out"], &out) == nil && out.Synced >= rev {
			return rec
		}
		// A minute on, the sweep waits its next round as sweepAfter expects.
		for _, d := range []time.Duration{time.Second, 5 * time.Second, 30 * time.Second} {
			if h.clock.Armed(d) {
				h.clock.Advance(time.Minute)
				break
			}
		}
		select {
		case <-ctx.Done():
			h.t.Fatalf("game %s never showed its change %d everywhere (synced %d)", rec.ID, rev, out.Synced)
		case <-time.After(time.Millisecond):
		}
	}
}

// A player whose turn comes during their quiet hours is pinged when they
// end, in their own time zone; the clock runs on all the while, and a
// reminder that falls in the night waits for the morning too, as the
// clock leaves time for it.
func TestQuietHoursHoldAPingUntilMorning(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	// 22:00 to 08:00 in Berlin is 21:00 to 07:00 UTC in January.
	users, board := h.notifiedGame("quiet", map[string]any{"from": 22, "to": 8, "zone": "Europe/Berlin"}, "Quiet hours: 22:00 to 08:00, Europe/Berlin", nil)
	ada := users[0]
	// At noon the first player is pinged at once.
	first, _ := activeUser(t, h.fake.Message(board.ID), users)
	if first.ID != ada.ID {
		h.waitPinged(first, 0)
	}

	// At 21:30 UTC the first player moves; the other's turn starts in
	// their night.
	h.sweepAfter(9*time.Hour + 30*time.Minute)
	b := h.fake.Message(board.ID)
	for u, _ := activeUser(t, b, users); u.ID == first.ID; u, _ = activeUser(t, b, users) {
		h.click(first, b, plays(b)[0].CustomID)
		b = h.fake.Message(board.ID)
	}
	second, seat := activeUser(t, b, users)
	before := len(h.fake.Pings(second.ID))
	morning := time.Date(2026, 1, 2, 7, 0, 0, 0, time.UTC)
	if rec := h.settled(); !rec.Due.Equal(morning) {
		t.Fatalf("the game is due %v, want the end of %s's quiet hours, %v", rec.Due, second.Username, morning)
	}
	if got := len(h.fake.Pings(second.ID)); got != before {
		t.Fatalf("%s was pinged in their quiet hours", second.Username)
	}
	deadline := h.turnClockOf().Seats[seat].Due

	h.sweepUntil(morning.Add(-time.Minute))
	if got := len(h.fake.Pings(second.ID)); got != before {
		t.Fatalf("%s was pinged a minute before their quiet hours end", second.Username)
	}
	h.sweepAfter(time.Minute)
	h.waitPinged(second, before)
	mustContain(t, "the morning ping", h.fake.Pings(second.ID)[before].Content, "your move")
	if got := h.turnClockOf().Seats[seat].Due; !got.Equal(deadline) {
		t.Errorf("quiet hours moved the deadline from %v to %v: the clock must run on", deadline, got)
	}

	// Half the day's clock is gone at 09:30, outside quiet hours: the
	// reminder comes at once.
	h.sweepUntil(deadline.Add(-12*time.Hour + time.Minute))
	h.waitPinged(second, before+1)
	mustContain(t, "the half-time reminder", h.fake.Pings(second.ID)[before+1].Content, "half your time")
}

// A reminder due in the night waits until morning when the clock leaves
// time after it, and the last one comes whatever the hour.
func TestQuietHoursHoldARemindersUntilMorning(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	users, board := h.notifiedGame("quiet", map[string]any{"from": 23, "to": 8}, "Quiet hours: 23:00 to 08:00, UTC", nil)
	mover, _ := activeUser(t, h.fake.Message(board.ID), users)
	if mover.ID != users[0].ID {
		h.waitPinged(mover, 0)
	}
	before := len(h.fake.Pings(mover.ID))
	// The turn started at noon UTC with a day on the clock: half of it is
	// gone at midnight, in quiet hours, which end at 08:00; the last
	// reminder is due at 09:36, 2.4 hours before the end.
	day2 := func(hour, minute int) time.Time { return time.Date(2026, 1, 2, hour, minute, 0, 0, time.UTC) }
	h.sweepUntil(day2(0, 5))
	if rec := h.settled(); !rec.Due.Equal(day2(8, 0)) {
		t.Fatalf("with the half-time reminder held, the game is due %v, want 08:00", rec.Due)
	}
	if got := len(h.fake.Pings(mover.ID)); got != before {
		t.Fatalf("a reminder came in quiet hours: %q", h.fake.Pings(mover.ID)[before].Content)
	}
	h.sweepUntil(day2(8, 0))
	h.waitPinged(mover, before)
	mustContain(t, "the held reminder", h.fake.Pings(mover.ID)[before].Content, "half your time")
	h.sweepUntil(day2(9, 36))
	h.waitPinged(mover, before+1)
	mustContain(t, "the last reminder", h.fake.Pings(mover.ID)[before+1].Content, "Last reminder")
}

// A player who asked for a daily digest is not pinged for their turns:
// once a day, at the hour they chose in their time zone, one DM lists the
// games waiting for them, and no second one comes that day.
func TestTheDigestArrivesOnceADay(t *testing.T) {
	t.Parallel()
	h := dayClockHarness(t)
	// Without a clock, nothing but the digest tells them.
	users, board := h.notifiedGame("digest", map[string]any{"on": true, "hour": 8, "zone": "Europe/Paris"}, "Daily digest at 08:00 Europe/Paris", map[string]any{"clock": "none"})
	ada, ben := users[0], users[1]
	mover, _ := activeUser(t, h.fake.Message(board.ID), users)
	h.settled()
	for _, u := range users {
		if got := h.channelPings(u); len(got) != 0 {
			t.Fatalf("%s, who takes a digest, was pinged: %q", u.Username, got[0].Content)
		}
	}
	digests := func(u discordtest.User) []*discordtest.Message {
		var out []*discordtest.Message
		for _, m := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
			if strings.Contains(m.Content, "Your daily digest") {
				out = append(out, m)
			}
		}
		return out
	}
	// 08:00 in Paris is 07:00 UTC; the game started at noon.
	h.sweepUntil(time.Date(2026, 1, 2, 6, 59, 0, 0, time.UTC))
	if n := len(digests(mover)); n != 0 {
		t.Fatalf("a digest came a minute early")
	}
	h.sweepAfter(time.Minute)
	waitUntil(t, h, func() bool { return len(digests(mover)) == 1 })
	d := digests(mover)[0]
	for _, want := range []string{"1 game waits for your move", "That's Life!", "**your move**"} {
		mustContain(t, "the digest", d.Content, want)
	}
	if _, ok := d.Component("next:0:0"); !ok {
		t.Errorf("the digest has no Next game button: %+v", d.Components)
	}
	// Later that day, no second one; the one waiting gets none at all.
	h.sweepUntil(time.Date(2026, 1, 2, 19, 0, 0, 0, time.UTC))
	other := ada
	if mover.ID == ada.ID {
		other = ben
	}
	if n, m := len(digests(mover)), len(digests(other)); n != 1 || m != 0 {
		t.Fatalf("digests the same day: %d for the mover, %d for the other, want 1 and 0", n, m)
	}
	// The next morning, the next one.
	h.sweepUntil(time.Date(2026, 1, 3, 7, 0, 0, 0, time.UTC))
	waitUntil(t, h, func() bool { return len(digests(mover)) == 2 })
	for _, u := range users {
		if got := h.channelPings(u); len(got) != 0 {
			t.Errorf("%s, who takes a digest, was pinged: %q", u.Username, got[0].Content)
		}
	}
	if n := len(digests(other)); n != 0 {
		t.Errorf("%s, whom no game waits for, got %d digests", other.Username, n)
	}
}

// A player who asked for DMs is told of their turn in a game without
// hidden hands by DM, with what happened since their move, and the
// channel mentions nobody; muting the game silences even that.
func TestPingsGoWhereThePlayerAsked(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	users, board := h.notifiedGame("pings", map[string]any{"where": "dm"}, "Pings: always a DM", nil)
	ben := users[1]
	turnDMs := func(u discordtest.User) int {
		n := 0
		for _, m := range h.fake.Messages(h.fake.DMChannel(u.ID)) {
			if strings.Contains(m.Content, "Your move in **That's Life!**") {
				n++
			}
		}
		return n
	}
	b := h.fake.Message(board.ID)
	// Ada, who clicked Start, sees the board: only Ben is told.
	if mover, _ := activeUser(t, b, users); mover.ID == ben.ID {
		waitUntil(t, h, func() bool { return turnDMs(ben) == 1 })
	}
	for i := 0; i < 6; i++ {
		u, _ := activeUser(t, b, users)
		h.click(u, b, plays(b)[0].CustomID)
		b = h.fake.Message(board.ID)
	}
	h.settled()
	for _, u := range users {
		if got := h.channelPings(u); len(got) != 0 {
			t.Errorf("%s asked for DMs and was mentioned in the channel: %q", u.Username, got[0].Content)
		}
		// The last DM stays; the ones before it are replaced.
		if n := turnDMs(u); n > 1 {
			t.Errorf("%s keeps %d turn DMs, want the latest only", u.Username, n)
		}
	}
	next, _ := activeUser(t, b, users)
	dms := h.fake.Messages(h.fake.DMChannel(next.ID))
	if last := dms[len(dms)-1]; !strings.Contains(last.Content, "**Since your last move**") {
		t.Errorf("the turn DM does not tell what happened since: %q", last.Content)
	}

	// Muted, the game tells its players nothing more.
	var ids []string
	for _, u := range users {
		got := privateText(t, h.command(u, "notify mute", map[string]any{"game": gameID(t, h)}))
		mustContain(t, "/notify mute", got, "Muted games")
		ids = append(ids, u.ID)
	}
	count := func() int {
		n := 0
		for _, id := range ids {
			n += len(h.fake.History(h.fake.DMChannel(id)))
		}
		return n
	}
	sent := count()
	for i := 0; i < 4 && len(plays(b)) > 0; i++ {
		u, _ := activeUser(t, b, users)
		h.click(u, b, plays(b)[0].CustomID)
		b = h.fake.Message(board.ID)
	}
	h.settled()
	if got := count(); got != sent {
		t.Errorf("a muted game sent %d DMs", got-sent)
	}
}

// notifiedGame has Ada and Ben each run /notify sub with opts, whose
// answer must hold want, then play That's Life!, opened by Ada with the
// /newgame options given. It returns the two and the board.
func (h *harness) notifiedGame(sub string, opts map[string]any, want string, newgame map[string]any) ([]discordtest.User, *discordtest.Message) {
	h.t.Helper()
	users := []discordtest.User{h.fake.AddUser("Ada"), h.fake.AddUser("Ben")}
	for _, u := range users {
		mustContain(h.t, "/notify "+sub, privateText(h.t, h.command(u, "notify "+sub, opts)), want)
	}
	board := h.command(users[0], "newgame thatslife", newgame).Message
	h.click(users[1], h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Join"))
	h.click(users[0], h.fake.Message(board.ID), buttonLabelled(h.t, h.fake.Message(board.ID), "Start"))
	return users, board
}

// channelPings are the messages that notified u outside their DMs.
func (h *harness) channelPings(u discordtest.User) []*discordtest.Message {
	dm := h.fake.DMChannel(u.ID)
	var out []*discordtest.Message
	for _, m := range h.fake.Pings(u.ID) {
		if m.ChannelID != dm {
			out = append(out, m)
		}
	}
	return out
}

// sweepUntil moves the bot's clock to at, running the sweep.
func (h *harness) sweepUntil(at time.Time) {
	h.t.Helper()
	h.sweepAfter(at.Sub(h.clock.Now()))
}

// gameID is the id of the harness's only game.
func gameID(t *testing.T, h *harness) string {
	rec, _ := storedGame(t, h)
	return rec.ID
}

package core

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// clockFixture runs games on a clock moved by hand; Sweep is called by the
// tests, never by a loop.
type clockFixture struct {
	*fixture
	clock *stepClock
	start time.Time
}

func newClockFixture(t *testing.T, setup Setup, gs ...games.Game) *clockFixture {
	f := newFixture(t)
	if len(gs) > 0 {
		f.svc.games = games.NewRegistry(gs...)
	}
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := &stepClock{now: start}
	f.svc.cfg.Clock, f.turns = clock, setup
	return &clockFixture{fixture: f, clock: clock, start: start}
}

// at moves the clock to d after the start and sweeps.
func (f *clockFixture) at(d time.Duration) {
	f.t.Helper()
	f.clock.mu.Lock()
	f.clock.now = f.start.Add(d)
	f.clock.mu.Unlock()
	f.svc.Sweep(context.Background())
}

// load reads a game as stored.
func (f *clockFixture) load(id string) (storage.Record, *table, games.State) {
	f.t.Helper()
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	tb, err := decodeTable(rec)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec, tb, mustState(f.t, f.svc, rec, tb)
}

// reminders counts the reminder lines sent to the channel, for a seat's
// player when user is set.
func (f *clockFixture) reminders(user, text string) int {
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	n := 0
	for _, s := range f.p.log {
		for _, line := range strings.Split(s.text, "\n") {
			if s.op == "send" && strings.HasPrefix(line, "⏰") && strings.Contains(line, "<@"+user+">") && strings.Contains(line, text) {
				n++
			}
		}
	}
	return n
}

// waitReminders waits until user has had n reminders saying text.
func (f *clockFixture) waitReminders(user, text string, n int) {
	f.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for f.reminders(user, text) < n {
		if time.Now().After(deadline) {
			f.t.Fatalf("<@%s> had %d reminders saying %q, want %d", user, f.reminders(user, text), text, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// mover returns the one to act in a turn-based game, and their seat.
func mover(t *testing.T, st games.State) (Actor, games.Seat) {
	t.Helper()
	if len(st.Active()) != 1 {
		t.Fatalf("%d seats act at once, want one", len(st.Active()))
	}
	if st.Active()[0] == 1 {
		return ben, 1
	}
	return ada, 0
}

// quiesce waits until the game's lanes are idle, so that what a sweep
// sends is all sent before the test counts it.
func (f *clockFixture) quiesce(id string) {
	f.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.svc.liveMu.Lock()
		lg := f.svc.live[id]
		f.svc.liveMu.Unlock()
		busy := false
		if lg != nil {
			lg.mu.Lock()
			for _, l := range lg.lanes {
				busy = busy || l.running
			}
			lg.mu.Unlock()
		}
		if !busy {
			return
		}
		if time.Now().After(deadline) {
			f.t.Fatal("the game's deliveries never finished")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestClockRemindsAtHalfTimeAndNearTheEnd(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, _ := f.game()
	_, tb, st := f.load(id)
	who, seat := mover(t, st)
	if due := tb.Clock.Seats[seat].Due; !due.Equal(f.start.Add(24 * time.Hour)) {
		t.Fatalf("the first move is due %v, want a day after the start", due)
	}
	for _, step := range []struct {
		at       time.Duration
		stage    int
		half     int
		last     int
		next     time.Duration // when the stored game is due next
		describe string
	}{
		{12*time.Hour - time.Minute, remindNone, 0, 0, 12 * time.Hour, "a minute before half time"},
		{12 * time.Hour, remindHalf, 1, 0, 24*time.Hour - 144*time.Minute, "at half time"},
		{13 * time.Hour, remindHalf, 1, 0, 24*time.Hour - 144*time.Minute, "an hour after half time"},
		// A tenth of a day is left: 2 hours 24 minutes.
		{24*time.Hour - 144*time.Minute - time.Minute, remindHalf, 1, 0, 24*time.Hour - 144*time.Minute, "a minute before the last call"},
		{24*time.Hour - 144*time.Minute, remindLast, 1, 1, 24 * time.Hour, "at the last call"},
		{24*time.Hour - time.Minute, remindLast, 1, 1, 24 * time.Hour, "a minute before the end"},
	} {
		f.at(step.at)
		_, tb, _ := f.load(id)
		if got := tb.Clock.Seats[seat].Reminded; got != step.stage {
			t.Fatalf("%s: reminder stage %d, want %d", step.describe, got, step.stage)
		}
		f.waitReminders(who.User, "half your time", step.half)
		f.waitReminders(who.User, "Last reminder", step.last)
		f.quiesce(id)
		if h, l := f.reminders(who.User, "half your time"), f.reminders(who.User, "Last reminder"); h != step.half || l != step.last {
			t.Fatalf("%s: %d half-time and %d last reminders, want %d and %d", step.describe, h, l, step.half, step.last)
		}
		// The sweep finds the game by its due time, not by reading it.
		f.svc.flushAll()
		if rec, _, _ := f.load(id); !rec.Due.Equal(f.start.Add(step.next)) {
			t.Fatalf("%s: the game is due %v, want %v", step.describe, rec.Due, f.start.Add(step.next))
		}
	}
	if f.reminders(who.User, "then the AI plays your turn") != 1 {
		t.Fatal("the last reminder does not say what the timeout does")
	}
}

func TestClockTimeoutHasTheAIPlayTheTurn(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1h"})
	id, _ := f.game()
	_, tb, st := f.load(id)
	_, seat := mover(t, st)
	moves := tb.moves()
	f.at(time.Hour - time.Minute)
	if _, tb, _ = f.load(id); tb.moves() != moves {
		t.Fatal("the AI played before the time was up")
	}
	f.at(time.Hour)
	_, tb, st = f.load(id)
	if !slices.ContainsFunc(tb.Log[moves:], func(e logEntry) bool { return e.Seat == seat }) {
		t.Fatalf("no decision was taken for seat %d at the timeout", seat)
	}
	if tb.Seats[seat].AI {
		t.Fatal("the late player lost their seat, though the host chose the AI plays their turn")
	}
	want := tb.Seats[seat].Name + " was away, so the AI decided for them."
	if !slices.Contains(tb.Recent, want) {
		t.Fatalf("the board does not say %q: %q", want, tb.Recent)
	}
	for i, sc := range tb.Clock.Seats {
		if games.IsActive(st, games.Seat(i)) && !sc.Due.Equal(f.start.Add(2*time.Hour)) {
			t.Fatalf("seat %d's next decision is due %v, want an hour after the timeout", i, sc.Due)
		}
	}
}

func TestClockTimeoutCanReplaceThePlayer(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "12h", OnTimeout: TimeoutReplace})
	id, _ := f.game()
	_, _, st := f.load(id)
	who, seat := mover(t, st)
	f.at(11 * time.Hour)
	f.waitReminders(who.User, "then an AI takes your seat for the rest of the game.", 1)
	f.at(12 * time.Hour)
	rec, tb, st := f.load(id)
	if !tb.Seats[seat].AI {
		t.Fatal("the late player's seat was not handed to the AI")
	}
	if slices.Contains(rec.Users, who.User) {
		t.Fatalf("the replaced player is still listed among the game's people: %q", rec.Users)
	}
	want := who.Name + " ran out of time: an AI takes their seat for the rest of the game."
	if !slices.Contains(tb.Recent, want) {
		t.Fatalf("the table was not told %q: %q", want, tb.Recent)
	}
	// The game goes on: the AI has played, and the one person left plays.
	if rec.Status == storage.Playing {
		other, _ := mover(t, st)
		if other.User == who.User {
			t.Fatal("the replaced player is asked to move")
		}
		f.clickLegal(id, other)
		if _, after, _ := f.load(id); after.moves() <= tb.moves() {
			t.Fatal("the remaining player's move was not taken")
		}
	}
}

// clickLegal has who make their first legal choice.
func (f *clockFixture) clickLegal(id string, who Actor) {
	f.t.Helper()
	_, tb, st := f.load(id)
	seat, _ := tb.seatOf(who.User)
	c := st.Legal(seat)[0]
	cid := customID{Verb: verbMove, Game: id, Move: tb.asked(seat), Action: c.Action}
	var values []string
	if c.Pick != nil {
		cid.Verb = verbSubset
		for _, it := range c.Pick.Items[:max(c.Pick.Min, 1)] {
			values = append(values, strconv.Itoa(it.Arg))
		}
	}
	r := &responder{}
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid.String(), Values: values, Message: "elsewhere", Ephemeral: true}, r)
	if _, m := r.answer(); m != nil && (strings.Contains(m.Content, "not") || m.Content == f.svc.Sorry(context.Background(), who)) {
		f.t.Fatalf("%s's click was refused: %q", who.Name, m.Content)
	}
}

// In a simultaneous step each seat has its own deadline: one player's
// move starts only their next decision's clock, and the other's timeout
// has the AI play for that one player alone.
func TestSimultaneousSeatsHaveTheirOwnDeadlines(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1h"}, lagom.Game{})
	id, _ := f.open("lagom")
	_, tb, st := f.load(id)
	if !slices.Equal(st.Active(), []games.Seat{0, 1}) {
		t.Fatalf("seats %v act first, want both at once", st.Active())
	}
	for i := range 2 {
		if due := tb.Clock.Seats[i].Due; !due.Equal(f.start.Add(time.Hour)) {
			t.Fatalf("seat %d is due %v, want an hour after the start", i, due)
		}
	}
	f.clock.add(30 * time.Minute)
	f.clickLegal(id, ada)
	_, tb, st = f.load(id)
	if due := tb.Clock.Seats[1].Due; !due.Equal(f.start.Add(time.Hour)) {
		t.Fatalf("Ada's move moved Ben's deadline to %v", due)
	}
	if games.IsActive(st, 0) && !tb.Clock.Seats[0].Due.Equal(f.start.Add(90*time.Minute)) {
		t.Fatalf("Ada's next decision is due %v, want an hour after her move", tb.Clock.Seats[0].Due)
	}
	adaMoves := func(tb *table) int {
		n := 0
		for _, e := range tb.Log {
			if e.Seat == 0 {
				n++
			}
		}
		return n
	}
	before := adaMoves(tb)
	f.at(time.Hour)
	_, tb, _ = f.load(id)
	if !slices.Contains(tb.Recent, "Ben was away, so the AI decided for them.") {
		t.Fatalf("Ben's timeout was not acted on: %q", tb.Recent)
	}
	if slices.Contains(tb.Recent, "Ada was away, so the AI decided for them.") {
		t.Fatal("the AI played for Ada, whose time was not up")
	}
	if !games.IsActive(st, 0) && adaMoves(tb) != before {
		t.Fatal("a decision was taken for Ada, who was not asked")
	}
}

// The deadline and the reminders sent are stored: a new process reads
// them, sends no reminder again and times the turn out when it was due.
func TestDeadlineSurvivesARestart(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, _ := f.game()
	_, _, st := f.load(id)
	who, seat := mover(t, st)
	f.at(12 * time.Hour)
	f.waitReminders(who.User, "half your time", 1)
	f.quiesce(id)

	p := &platform{}
	f.svc.Shutdown(context.Background())
	f.svc = New(Config{
		Store: f.store, Games: games.NewRegistry(thatslife.Game{}), Renderer: echoRenderer{},
		Discord: p, Clock: f.clock, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond,
	})
	f.p = p
	t.Cleanup(func() { f.svc.Shutdown(context.Background()) })

	_, tb, _ := f.load(id)
	if due := tb.Clock.Seats[seat].Due; !due.Equal(f.start.Add(24 * time.Hour)) {
		t.Fatalf("after the restart the move is due %v, want a day after the start", due)
	}
	f.at(12*time.Hour + time.Minute)
	f.quiesce(id)
	if n := f.reminders(who.User, "half your time"); n != 0 {
		t.Fatalf("the half-time reminder went again after the restart: %d", n)
	}
	moves := tb.moves()
	f.at(24*time.Hour - time.Minute)
	if _, tb, _ = f.load(id); tb.moves() != moves {
		t.Fatal("the restarted service timed the move out early")
	}
	f.at(24 * time.Hour)
	if _, tb, _ = f.load(id); tb.moves() == moves {
		t.Fatal("the restarted service never timed the move out")
	}
}

// /away stops the clock for as long as it says; when it ends the clock
// runs on with the time it had left.
func TestAwayPausesAndTheClockResumesAtItsEnd(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, _ := f.game()
	_, _, st := f.load(id)
	who, seat := mover(t, st)
	f.at(2 * time.Hour)
	dm := Actor{User: who.User, Name: who.Name}
	answer := f.svc.Away(context.Background(), dm, "1d").Content
	until := f.start.Add(26 * time.Hour)
	for _, want := range []string{"Your clocks pause in 1 game until <t:" + strconv.FormatInt(until.Unix(), 10) + ":f>", "the cap leaves 6 days more"} {
		if !strings.Contains(answer, want) {
			t.Fatalf("/away answered %q, want it to say %q", answer, want)
		}
	}
	_, tb, _ := f.load(id)
	if want := who.Name + " is away until <t:" + strconv.FormatInt(until.Unix(), 10) + ":f>."; !slices.Contains(tb.Recent, want) {
		t.Fatalf("the table was not told %q: %q", want, tb.Recent)
	}
	due := f.start.Add(48 * time.Hour)
	if got := tb.Clock.Seats[seat].Due; !got.Equal(due) {
		t.Fatalf("the move is due %v while away, want %v", got, due)
	}
	// Half the clock is 12 hours of running time: 10 before the pause,
	// 2 after it.
	f.at(28*time.Hour - time.Minute)
	if _, tb, _ = f.load(id); tb.Clock.Seats[seat].Reminded != remindNone {
		t.Fatal("reminded while the pause still counted")
	}
	f.at(36 * time.Hour)
	if _, tb, _ = f.load(id); tb.Clock.Seats[seat].Reminded != remindHalf {
		t.Fatal("no half-time reminder once the clock ran again")
	}
	moves := tb.moves()
	f.at(48 * time.Hour)
	if _, tb, _ = f.load(id); tb.moves() == moves {
		t.Fatal("the clock never ran out after the pause")
	}
}

// The cap bounds a player's pauses in one game: an absence longer than
// what is left ends early, the table is told, and a further /away there
// pauses nothing.
func TestAwayIsCappedPerGame(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	f.svc.cfg.AwayCap = 48 * time.Hour
	id, _ := f.game()
	_, _, st := f.load(id)
	who, seat := mover(t, st)
	answer := f.svc.Away(context.Background(), who, "1w").Content
	capEnd := f.start.Add(48 * time.Hour)
	if want := "paused until <t:" + strconv.FormatInt(capEnd.Unix(), 10) + ":f> only, which uses up the cap"; !strings.Contains(answer, want) {
		t.Fatalf("/away answered %q, want it to say %q", answer, want)
	}
	_, tb, _ := f.load(id)
	if got := tb.Clock.Seats[seat].Due; !got.Equal(f.start.Add(72 * time.Hour)) {
		t.Fatalf("the move is due %v, want the day it had after the two days of the cap", got)
	}
	f.at(48*time.Hour - time.Minute)
	told := who.Name + "'s time away in this game is used up: their clock runs again."
	if _, tb, _ = f.load(id); slices.Contains(tb.Recent, told) {
		t.Fatal("the cap was announced before it ran out")
	}
	f.at(48 * time.Hour)
	if _, tb, _ = f.load(id); !slices.Contains(tb.Recent, told) {
		t.Fatalf("the table was not told the pause ran out: %q", tb.Recent)
	}
	answer = f.svc.Away(context.Background(), who, "1d").Content
	if !strings.Contains(answer, "your pause here is used up; your clock keeps running") {
		t.Fatalf("a second /away past the cap answered %q", answer)
	}
	if _, tb, _ = f.load(id); !tb.Clock.Seats[seat].Due.Equal(f.start.Add(72 * time.Hour)) {
		t.Fatal("an /away past the cap moved the deadline")
	}
	if got := f.svc.Away(context.Background(), who, "off").Content; got != "You weren't away in any game with a clock." {
		t.Fatalf("/away off when not away answered %q", got)
	}
	if got := f.svc.Away(context.Background(), who, "soon").Content; !strings.Contains(got, "can't read") {
		t.Fatalf("/away soon answered %q", got)
	}
}

func TestSpansAreReadAndWritten(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"0": 0, "none": 0, "90m": 90 * time.Minute, "12h": 12 * time.Hour, "3d": 72 * time.Hour,
		"1w": 7 * 24 * time.Hour, "1d12h": 36 * time.Hour, " 2D ": 48 * time.Hour,
	} {
		if got, err := ParseSpan(in); err != nil || got != want {
			t.Errorf("ParseSpan(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "d", "3", "3x", "-1d", "1.5d", "999999d"} {
		if _, err := ParseSpan(bad); err == nil {
			t.Errorf("ParseSpan(%q) was accepted", bad)
		}
	}
	for d, want := range map[time.Duration]string{
		time.Hour: "1 hour", 36 * time.Hour: "1 day 12 hours", 90 * time.Minute: "1 hour 30 minutes", 14 * 24 * time.Hour: "2 weeks",
	} {
		if got := SpanWords(d); got != want {
			t.Errorf("SpanWords(%v) = %q, want %q", d, got, want)
		}
	}
}

// A decision that comes to a player while they are away starts its clock
// when they are back.
func TestADecisionBegunWhileAwayStartsItsClockAtTheReturn(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, _ := f.game()
	_, _, st := f.load(id)
	who, _ := mover(t, st)
	other, seat := ben, games.Seat(1)
	if who.User == ben.User {
		other, seat = ada, 0
	}
	f.at(time.Hour)
	f.svc.Away(context.Background(), other, "2d")
	back := f.start.Add(49 * time.Hour)
	f.clock.add(time.Hour)
	for range 20 {
		if _, _, st = f.load(id); games.IsActive(st, seat) {
			break
		}
		f.clickLegal(id, who)
	}
	_, tb, st := f.load(id)
	if !games.IsActive(st, seat) {
		t.Fatalf("%s never came to move", other.Name)
	}
	if got := tb.Clock.Seats[seat].Due; !got.Equal(back.Add(24 * time.Hour)) {
		t.Fatalf("%s's move is due %v, want a day after they are back at %v", other.Name, got, back)
	}
}

// A player who goes away and comes back again and again keeps one line
// among the board's recent ones: the moves stay in sight.
func TestComingAndGoingPushesNoMoveOffTheBoard(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, _ := f.game()
	_, _, st := f.load(id)
	who, _ := mover(t, st)
	f.clickLegal(id, who)
	_, tb, _ := f.load(id)
	moves := slices.Clone(tb.Recent)
	for range 25 {
		f.svc.Away(context.Background(), ada, "3d")
		f.svc.Away(context.Background(), ada, "off")
	}
	f.svc.Away(context.Background(), ada, "3d")
	_, tb, _ = f.load(id)
	presence := 0
	for _, l := range tb.Recent {
		if strings.HasPrefix(l, "Ada is ") {
			presence++
		}
	}
	if presence != 1 || !strings.HasPrefix(tb.Recent[len(tb.Recent)-1], "Ada is away until") {
		t.Fatalf("after 25 absences the board's recent lines are %q, want Ada's latest only", tb.Recent)
	}
	for _, l := range moves[max(0, len(moves)-(recentLines-1)):] {
		if !slices.Contains(tb.Recent, l) {
			t.Errorf("the move line %q was pushed off the board: %q", l, tb.Recent)
		}
	}
}

// Absences the board was still to show when its process died are shown by
// the next process: the stored ledger lags them, so its sweep sends them.
func TestAbsencesNotYetShownSurviveACrash(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	id, board := f.game()
	ctx := context.Background()
	for _, span := range []string{"3d", "off", "1d"} {
		f.svc.Away(ctx, ada, span)
	}
	if out, rev := f.storedLedger(id); out.Synced >= rev || out.BoardRev >= rev {
		t.Fatalf("the stored ledger says the board shows rev %d (synced %d) of %d", out.BoardRev, out.Synced, rev)
	}

	// The first process never shuts down: it died.
	p := &platform{}
	next := New(Config{
		Store: f.store, Games: f.svc.games, Renderer: echoRenderer{},
		Discord: p, Clock: f.clock, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond,
	})
	t.Cleanup(func() { next.Shutdown(ctx) })
	f.p = p
	next.Sweep(ctx)
	f.waitEdit(board.ID, "Ada is away until <t:"+strconv.FormatInt(f.start.Add(24*time.Hour).Unix(), 10)+":f>.")
}

package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// Turn clocks, as turn-based play online keeps them: every decision a
// person faces has its own deadline (several at once in a simultaneous
// step), stored with the table so that a restart keeps it. The player is
// reminded at half time and once more near the end; at the deadline the
// table's timeout policy acts. A player who is away (Service.Away) has
// their clocks paused, within a cap per game.

// Choice is one value a command option offers, named in words.
type Choice struct{ Name, Value string }

// ClockChoices are the clocks a host may choose for a new game.
var ClockChoices = []Choice{
	{"No clock", "none"}, {"1 hour", "1h"}, {"12 hours", "12h"}, {"1 day", "1d"}, {"3 days", "3d"},
}

// The timeout policies: the AI plays the late player's turn, or takes
// their seat for the rest of the game.
const (
	TimeoutPlay    = "play"
	TimeoutReplace = "replace"
)

// TimeoutChoices are the policies a host may choose for a new game.
var TimeoutChoices = []Choice{
	{"The AI plays their turn", TimeoutPlay},
	{"Replace them with an AI", TimeoutReplace},
}

// Setup is what a new table is set up with beside the engine's options:
// how it keeps time and where it plays. Empty fields take the defaults:
// the service's TurnClock, TimeoutPlay, and the server's Threads setting.
type Setup struct {
	// Clock is a ClockChoices value, or any duration ParseSpan reads.
	Clock     string
	OnTimeout string
	// Thread is "true" or "false" to play in a thread of the game's own,
	// or not.
	Thread string
}

// tableClock is a table's turn clock: its setting and each seat's
// deadline and pause.
type tableClock struct {
	// Per is the time each decision may take; zero means no clock.
	Per time.Duration `json:"per,omitempty"`
	// Replace says a player whose time runs out loses their seat to the
	// AI, rather than the AI playing that one turn for them.
	Replace bool        `json:"replace,omitempty"`
	Seats   []seatClock `json:"seats,omitempty"`
}

// seatClock is one seat's clock.
type seatClock struct {
	// Asked is the decision (table.Asked) that Due is the deadline of; Due
	// is zero while the seat is not asked for anything.
	Asked int       `json:"asked,omitempty"`
	Due   time.Time `json:"due,omitzero"`
	// Reminded is the last reminder due about the decision: remindHalf or
	// remindLast. Stored, so a reminder never goes twice.
	Reminded int `json:"reminded,omitempty"`
	// AwayUntil ends the player's pause. Capped says the cap cut it short
	// of what they asked for, so the table is told when it runs out.
	AwayUntil time.Time `json:"away_until,omitzero"`
	Capped    bool      `json:"capped,omitempty"`
	// AwayUsed is how much pause this game has granted the player.
	AwayUsed time.Duration `json:"away_used,omitempty"`
}

// Where a decision stands on its clock.
const (
	remindNone = iota
	remindHalf
	remindLast
	timedOut
)

// nearEnd is the time left when the last reminder goes: a tenth of the
// clock, or an hour if that is more, so a long clock's last call leaves
// time to answer; but at most a quarter, so a short clock's two
// reminders stay apart.
func nearEnd(per time.Duration) time.Duration {
	return max(per/10, min(time.Hour, per/4))
}

// clockOf returns the table's clock. A table from before clocks gets the
// service's default, with the AI playing late turns, as it always did.
func (s *Service) clockOf(t *table) *tableClock {
	if t.Clock == nil {
		t.Clock = &tableClock{Per: s.cfg.TurnClock}
	}
	for len(t.Clock.Seats) < len(t.Seats) {
		t.Clock.Seats = append(t.Clock.Seats, seatClock{})
	}
	return t.Clock
}

// newClock is the clock a host chose for a new table.
func (s *Service) newClock(turns Setup) (*tableClock, error) {
	c := &tableClock{Per: s.cfg.TurnClock}
	if turns.Clock != "" {
		per, err := ParseSpan(turns.Clock)
		if err != nil {
			return nil, err
		}
		c.Per = per
	}
	switch turns.OnTimeout {
	case "", TimeoutPlay:
	case TimeoutReplace:
		c.Replace = true
	default:
		return nil, fmt.Errorf("no timeout policy %s", quote(turns.OnTimeout))
	}
	return c, nil
}

// refresh starts a deadline for every person facing a new decision and
// clears those of the seats asked for nothing. A decision begun while its
// player is away starts its clock when they are back.
func (c *tableClock) refresh(t *table, st games.State, now time.Time) {
	for i := range c.Seats {
		seat, sc := games.Seat(i), &c.Seats[i]
		if c.Per == 0 || t.Seats[i].AI || !games.IsActive(st, seat) {
			sc.Asked, sc.Due, sc.Reminded = 0, time.Time{}, remindNone
			continue
		}
		if sc.Due.IsZero() || sc.Asked != t.asked(seat) {
			start := now
			if sc.AwayUntil.After(now) {
				start = sc.AwayUntil
			}
			sc.Asked, sc.Due, sc.Reminded = t.asked(seat), start.Add(c.Per), remindNone
		}
	}
}

// stage is where seat i's decision stands at now.
func (c *tableClock) stage(i int, now time.Time) int {
	due := c.Seats[i].Due
	switch {
	case due.IsZero():
		return remindNone
	case !now.Before(due):
		return timedOut
	case !now.Before(due.Add(-nearEnd(c.Per))):
		return remindLast
	case !now.Before(due.Add(-c.Per / 2)):
		return remindHalf
	}
	return remindNone
}

// due reports whether the clock has something to do at now: a reminder,
// a timeout, or a pause the cap ended to announce.
func (c *tableClock) due(now time.Time) bool {
	for i, sc := range c.Seats {
		if sc.Capped && !now.Before(sc.AwayUntil) || c.stage(i, now) > sc.Reminded {
			return true
		}
	}
	return false
}

// next is when the clock next has something to do (see due); zero when
// nothing is scheduled.
func (c *tableClock) next() time.Time {
	var at time.Time
	sooner := func(t time.Time) {
		if !t.IsZero() && (at.IsZero() || t.Before(at)) {
			at = t
		}
	}
	for _, sc := range c.Seats {
		if sc.Capped {
			sooner(sc.AwayUntil)
		}
		if sc.Due.IsZero() {
			continue
		}
		switch sc.Reminded {
		case remindNone:
			sooner(sc.Due.Add(-c.Per / 2))
		case remindHalf:
			sooner(sc.Due.Add(-nearEnd(c.Per)))
		default:
			sooner(sc.Due)
		}
	}
	return at
}

// pause stops seat i's clock from now until until, as far as the cap
// still allows, and returns when the pause ends: now when the cap is
// used up. A decision under way keeps the time it had left.
func (c *tableClock) pause(i int, now, until time.Time, limit time.Duration) time.Time {
	sc := &c.Seats[i]
	left := limit - sc.AwayUsed
	if left <= 0 || !until.After(now) {
		return now
	}
	end := until
	sc.Capped = end.Sub(now) > left
	if sc.Capped {
		end = now.Add(left)
	}
	p := end.Sub(now)
	sc.AwayUsed += p
	sc.AwayUntil = end
	if !sc.Due.IsZero() {
		sc.Due = sc.Due.Add(p)
	}
	return end
}

// resume ends seat i's pause at now and gives back to the cap what it
// did not use. It reports whether the seat was away.
func (c *tableClock) resume(i int, now time.Time) bool {
	sc := &c.Seats[i]
	if !sc.AwayUntil.After(now) {
		return false
	}
	unused := sc.AwayUntil.Sub(now)
	sc.AwayUsed -= unused
	if !sc.Due.IsZero() {
		sc.Due = sc.Due.Add(-unused)
	}
	sc.AwayUntil, sc.Capped = now, false
	return true
}

// tick does what a table's clock has due at now — announces pauses the
// cap ended, marks reminders due, and applies the timeout policy to late
// seats — commits it, and publishes it. The caller holds the game's lock.
// It reports whether anything was committed.
func (s *Service) tick(ctx context.Context, lg *liveGame, rec storage.Record, t *table, st games.State, g games.Game, now time.Time) bool {
	setup := t.Clock == nil
	c := s.clockOf(t)
	if setup {
		// A game from before clocks: its decisions start their clocks now.
		c.refresh(t, st, now)
	}
	say := s.tableSay(t)
	told := false
	for i := range c.Seats {
		if sc := &c.Seats[i]; sc.Capped && !now.Before(sc.AwayUntil) {
			sc.Capped = false
			t.narrate(say.T("clock.away_used_up", "name", escapeText(t.Seats[i].Name)))
			told = true
		}
	}
	reminded := false
	var late []games.Seat
	for i := range c.Seats {
		switch stage := c.stage(i, now); {
		case stage == timedOut:
			late = append(late, games.Seat(i))
		case stage > c.Seats[i].Reminded:
			c.Seats[i].Reminded = stage
			reminded = true
		}
	}
	from, replaced := len(t.Log), false
	for _, seat := range late {
		// An earlier stand-in may have ended this seat's decision.
		if t.Seats[seat].AI || !games.IsActive(st, seat) {
			continue
		}
		if c.Replace {
			t.narrate(say.T("clock.timeout.replaced", "name", escapeText(t.Seats[seat].Name)))
			t.handOver(seat, aiStandIn(t.Seats[seat].Name), leftTimedOut)
			replaced = true
			continue
		}
		t.narrate(say.T("clock.timeout.played", "name", escapeText(t.Seats[seat].Name)))
		if err := s.standIn(t, st, g, seat); err != nil {
			s.log.Error("standing in for an absent player", "game", rec.ID, "seat", seat, "err", err)
			return false
		}
	}
	var sn *snapshot
	var err error
	switch {
	case len(t.Log) > from || replaced:
		if replaced {
			if err := s.advance(t, st, g); err != nil {
				s.log.Error("handing a seat to the AI", "game", rec.ID, "err", err)
				return false
			}
		}
		if sn, err = s.commit(ctx, lg, rec, t, st, g, from, ""); err != nil {
			s.log.Warn("saving a timeout", "game", rec.ID, "err", err)
			return false
		}
		s.log.Info("turn clock ran out", "game", rec.ID, "replaced", replaced)
	case told || setup || reminded:
		t.Rev++
		if !told && !setup {
			// The board shows nothing of a reminder: a board that was up to
			// date stays so.
			lg.update(func(o *ledger) {
				if o.BoardRev == t.Rev-1 {
					o.BoardRev = t.Rev
				}
			})
		}
		stored, err := s.save(ctx, lg, rec, t)
		if err != nil {
			s.log.Warn("saving a turn clock", "game", rec.ID, "err", err)
			return false
		}
		sn = &snapshot{rec: stored, t: t, st: st, info: g.Info()}
		if reminded {
			s.log.Info("reminded", "game", rec.ID)
		}
	default:
		return false
	}
	s.publish(lg, sn, "", nil)
	return true
}

// nudges names the reminders a table has due, a word per reminded seat:
// the seat, its decision and the reminder. The ledger keeps the last it
// sent (ledger.Nudged), so each goes once.
func (t *table) nudges() string {
	if t.Clock == nil {
		return ""
	}
	var words []string
	for i, sc := range t.Clock.Seats {
		if sc.Reminded > remindNone && !sc.Due.IsZero() {
			words = append(words, nudgeWord(i, sc))
		}
	}
	return strings.Join(words, " ")
}

func nudgeWord(i int, sc seatClock) string {
	return fmt.Sprintf("%d.%d.%d", i, sc.Asked, sc.Reminded)
}

// unsentReminder returns the reminder seat has due and not yet sent,
// given the ledger's last nudges; remindNone if none.
func (t *table) unsentReminder(seat games.Seat, sent string) int {
	if t.Clock == nil || int(seat) >= len(t.Clock.Seats) {
		return remindNone
	}
	sc := t.Clock.Seats[seat]
	if sc.Reminded == remindNone || sc.Due.IsZero() || slices.Contains(strings.Fields(sent), nudgeWord(int(seat), sc)) {
		return remindNone
	}
	return sc.Reminded
}

// reminderLine is what a reminder says to the player of seat, in the
// words of where it is sent: the game's channel or their DMs.
func (t *table) reminderLine(say i18n.Printer, seat games.Seat, stage int) string {
	due := fmt.Sprintf("<t:%d:R>", t.Clock.Seats[seat].Due.Unix())
	who := t.mention(seat)
	switch {
	case stage == remindHalf:
		return say.T("clock.remind.half", "who", who, "due", due)
	case t.Clock.Replace:
		return say.T("clock.remind.last_replace", "who", who, "due", due)
	}
	return say.T("clock.remind.last_play", "who", who, "due", due)
}

// clockLines are the board's lines saying how long each person to act
// has. They name players without mentioning them: a board edit pings
// nobody, and the timestamps count down by themselves.
func (s *Service) clockLines(say i18n.Printer, t *table, st games.State) string {
	if t.Clock == nil {
		return ""
	}
	now := s.cfg.Clock.Now()
	var sb strings.Builder
	for i, sc := range t.Clock.Seats {
		if i >= len(t.Seats) || sc.Due.IsZero() || t.Seats[i].AI || !games.IsActive(st, games.Seat(i)) {
			continue
		}
		name, due := escapeText(t.Seats[i].Name), fmt.Sprintf("<t:%d:R>", sc.Due.Unix())
		if sc.AwayUntil.After(now) {
			sb.WriteString("\n" + say.T("clock.due_away", "name", name, "due", due, "until", fmt.Sprintf("<t:%d:f>", sc.AwayUntil.Unix())))
		} else {
			sb.WriteString("\n" + say.T("clock.due", "name", name, "due", due))
		}
	}
	return sb.String()
}

// clockText describes a table's clock for its lobby; a lobby from before
// clocks will start with the service's default.
func (s *Service) clockText(say i18n.Printer, t *table) string {
	c := t.Clock
	if c == nil {
		c = &tableClock{Per: s.cfg.TurnClock}
	}
	switch {
	case c.Per == 0:
		return say.T("clock.lobby.none")
	case c.Replace:
		return say.T("clock.lobby.replace", "span", spanWords(say, c.Per))
	}
	return say.T("clock.lobby.play", "span", spanWords(say, c.Per))
}

var errSpan = errors.New(`a duration is a number and a unit, like "90m", "12h", "3d" or "1w"`)

// ParseSpan reads a duration as people write it: numbers with units w, d,
// h or m, as in "3d", "1d12h" or "90m"; "0" and "none" are zero.
func ParseSpan(s string) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "0" || s == "none" {
		return 0, nil
	}
	units := map[byte]time.Duration{'w': 7 * 24 * time.Hour, 'd': 24 * time.Hour, 'h': time.Hour, 'm': time.Minute}
	if s == "" {
		return 0, errSpan
	}
	var total time.Duration
	for s != "" {
		digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
		if digits == 0 || digits == len(s) || digits > 5 {
			return 0, errSpan
		}
		n, _ := strconv.Atoi(s[:digits])
		unit, ok := units[s[digits]]
		if !ok {
			return 0, errSpan
		}
		total += time.Duration(n) * unit
		s = s[digits+1:]
	}
	return total, nil
}

// englishWords say the core's words where no reader is known: the
// commands' descriptions, whose translations are the commands' own.
var englishWords = sync.OnceValue(func() i18n.Printer { return coreWords().In(i18n.English) })

// SpanWords writes a duration in English as people say it (see
// spanWords).
func SpanWords(d time.Duration) string { return spanWords(englishWords(), d) }

// spanWords writes a duration as people say it, to its two largest
// units: "3 days", "1 day 12 hours", "90 minutes" reads "1 hour 30 minutes".
func spanWords(say i18n.Printer, d time.Duration) string {
	if d <= 0 {
		return say.T("clock.span.zero")
	}
	var parts []string
	for _, u := range []struct {
		d   time.Duration
		key string
	}{{7 * 24 * time.Hour, "clock.span.weeks"}, {24 * time.Hour, "clock.span.days"}, {time.Hour, "clock.span.hours"}, {time.Minute, "clock.span.minutes"}} {
		if n := d / u.d; n > 0 {
			parts = append(parts, say.T(u.key, "n", int(n)))
			d -= n * u.d
		}
	}
	switch len(parts) {
	case 0:
		return say.T("clock.span.under_minute")
	case 1:
		return parts[0]
	}
	return say.T("clock.span.pair", "larger", parts[0], "smaller", parts[1])
}

// nudgesSent is what the ledger keeps after a ping that carried the due
// reminders of seats: those, and the ones sent before that are still due.
// A reminder held for its player's quiet hours stays unsent.
func (t *table) nudgesSent(before string, seats []games.Seat) string {
	sent := strings.Fields(before)
	var words []string
	for _, w := range strings.Fields(t.nudges()) {
		seat, _, _ := strings.Cut(w, ".")
		if slices.Contains(sent, w) || slices.ContainsFunc(seats, func(s games.Seat) bool { return strconv.Itoa(int(s)) == seat }) {
			words = append(words, w)
		}
	}
	return strings.Join(words, " ")
}

package core

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestWhenAPlayerIsTold(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	at := func(month time.Month, day, hour, minute int) time.Time {
		return time.Date(2026, month, day, hour, minute, 0, 0, berlin)
	}
	night := prefs{Zone: "Europe/Berlin", QuietFrom: 22, QuietTo: 8}
	afternoon := prefs{QuietFrom: 13, QuietTo: 15} // UTC, not across midnight
	digest := prefs{Zone: "Europe/Berlin", Digest: true, DigestHour: 9}
	both := prefs{Zone: "Europe/Berlin", QuietFrom: 22, QuietTo: 8, Digest: true, DigestHour: 9}
	muted := prefs{Muted: []string{"g1"}}
	for _, c := range []struct {
		name     string
		p        prefs
		now      time.Time
		game     string
		reminder bool
		latest   time.Time
		send     bool
		wake     time.Time
	}{
		{"no settings", prefs{}, at(1, 10, 3, 0), "g1", false, time.Time{}, true, time.Time{}},
		{"before quiet hours", night, at(1, 10, 21, 59), "g1", false, time.Time{}, true, time.Time{}},
		{"quiet hours start", night, at(1, 10, 22, 0), "g1", false, time.Time{}, false, at(1, 11, 8, 0)},
		{"after midnight", night, at(1, 11, 3, 0), "g1", false, time.Time{}, false, at(1, 11, 8, 0)},
		{"quiet hours end", night, at(1, 11, 8, 0), "g1", false, time.Time{}, true, time.Time{}},
		{"a summer night", night, at(7, 10, 23, 30), "g1", false, time.Time{}, false, at(7, 11, 8, 0)},
		// Clocks go forward on 29 March 2026: the morning is still 08:00.
		{"the night clocks change", night, at(3, 28, 23, 0), "g1", false, time.Time{}, false, at(3, 29, 8, 0)},
		{"quiet in the afternoon", afternoon, time.Date(2026, 1, 10, 14, 0, 0, 0, time.UTC), "g1", false, time.Time{}, false, time.Date(2026, 1, 10, 15, 0, 0, 0, time.UTC)},
		{"not quiet in the evening", afternoon, time.Date(2026, 1, 10, 16, 0, 0, 0, time.UTC), "g1", false, time.Time{}, true, time.Time{}},
		{"a reminder with time to wait", night, at(1, 11, 1, 0), "g1", true, at(1, 11, 10, 0), false, at(1, 11, 8, 0)},
		{"a reminder that cannot wait", night, at(1, 11, 1, 0), "g1", true, at(1, 11, 1, 0), true, time.Time{}},
		{"a reminder without a deadline waits", night, at(1, 11, 1, 0), "g1", true, time.Time{}, false, at(1, 11, 8, 0)},
		{"the digest replaces a ping", digest, at(1, 10, 12, 0), "g1", false, time.Time{}, false, time.Time{}},
		{"the digest tells a reminder in time", digest, at(1, 10, 12, 0), "g1", true, at(1, 11, 12, 0), false, time.Time{}},
		{"a reminder the digest would be late for", digest, at(1, 10, 12, 0), "g1", true, at(1, 10, 13, 0), true, time.Time{}},
		{"a late reminder in quiet hours with a digest", both, at(1, 11, 1, 0), "g1", true, at(1, 11, 1, 0), true, time.Time{}},
		{"a muted game", muted, at(1, 10, 12, 0), "g1", false, time.Time{}, false, time.Time{}},
		{"a muted game's reminder", muted, at(1, 10, 12, 0), "g1", true, at(1, 10, 12, 0), false, time.Time{}},
		{"another game", muted, at(1, 10, 12, 0), "g2", false, time.Time{}, true, time.Time{}},
	} {
		send, wake := c.p.when(c.now, c.game, c.reminder, c.latest)
		if send != c.send || !wake.Equal(c.wake) {
			t.Errorf("%s: send %v, wake %v; want %v, %v", c.name, send, wake, c.send, c.wake)
		}
	}
	if got, want := digest.nextDigest(at(1, 10, 9, 0)), at(1, 11, 9, 0); !got.Equal(want) {
		t.Errorf("the digest after one at nine: %v, want the next day's, %v", got, want)
	}
}

func TestNotifyKeepsAPlayersSettings(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, _ := f.game()
	on, hour := true, 7
	steps := []struct {
		change NotifyChange
		want   []string
	}{
		{NotifyChange{}, []string{"a DM in games with hidden hands", "Quiet hours: none (time zone UTC)", "Daily digest: off"}},
		{NotifyChange{Pings: pingsDM}, []string{"Pings: always a DM"}},
		{NotifyChange{Quiet: true, QuietFrom: 23, QuietTo: 7, Zone: "America/New_York"}, []string{"Quiet hours: 23:00 to 07:00, America/New_York", "Pings: always a DM"}},
		{NotifyChange{Digest: &on, DigestHour: &hour}, []string{"Daily digest at 07:00 America/New_York", "Quiet hours: 23:00 to 07:00"}},
		{NotifyChange{Mute: id}, []string{"Muted games: `" + id + "`"}},
		{NotifyChange{Pings: "auto", Quiet: true, QuietFrom: 5, QuietTo: 5}, []string{"a DM in games with hidden hands", "Quiet hours: none (time zone America/New_York)", "Muted games"}},
	}
	for i, s := range steps {
		got := f.svc.Notify(ctx, ada, s.change)
		if !got.Private {
			t.Errorf("step %d answered in public", i)
		}
		for _, w := range s.want {
			if !strings.Contains(got.Content, w) {
				t.Errorf("step %d: %q lacks %q", i, got.Content, w)
			}
		}
	}
	p := f.svc.playerPrefs(ctx, ada.User)
	if !p.Digest || p.DigestHour != 7 || !p.muted(id) || p.Zone != "America/New_York" {
		t.Errorf("stored settings: %+v", p)
	}
	rec, err := f.store.GetPlayer(ctx, ada.User)
	if err != nil || !rec.Due.Equal(p.nextDigest(f.svc.cfg.Clock.Now())) {
		t.Errorf("the player's record is due %v (%v), want their next digest", rec.Due, err)
	}
	f.svc.Notify(ctx, ada, NotifyChange{Unmute: id})
	if p := f.svc.playerPrefs(ctx, ada.User); p.muted(id) {
		t.Error("unmute left the game muted")
	}

	for _, bad := range []struct {
		change NotifyChange
		who    Actor
		want   string
	}{
		{NotifyChange{Zone: "Mars/Olympus"}, ada, "I don't know the time zone"},
		{NotifyChange{Zone: "Local"}, ada, "I don't know the time zone"},
		{NotifyChange{Pings: "pigeon"}, ada, "pick one of the choices"},
		{NotifyChange{Quiet: true, QuietFrom: 24}, ada, "Hours go from 0 to 23"},
		{NotifyChange{Mute: id}, Actor{User: "99", Name: "Cy"}, "You're not in a game"},
		{NotifyChange{Mute: "nope"}, ada, "You're not in a game"},
	} {
		if got := f.svc.Notify(ctx, bad.who, bad.change).Content; !strings.Contains(got, bad.want) {
			t.Errorf("%+v: %q, want %q", bad.change, got, bad.want)
		}
	}
	if p := f.svc.playerPrefs(ctx, ada.User); p.Zone != "America/New_York" {
		t.Errorf("a refused change still changed the zone to %q", p.Zone)
	}
}

func TestZoneChoices(t *testing.T) {
	got := ZoneChoices("berl")
	if len(got) != 1 || got[0].Value != "Europe/Berlin" {
		t.Errorf("suggestions for berl: %+v", got)
	}
	if got := ZoneChoices("Asia/Kathmandu"); len(got) == 0 || got[0].Value != "Asia/Kathmandu" {
		t.Errorf("a zone typed whole is not offered first: %+v", got)
	}
	if got := ZoneChoices(""); len(got) != maxSelectOpt {
		t.Errorf("with nothing typed, %d suggestions, want %d", len(got), maxSelectOpt)
	}
}

// digestsSent counts the digests sent to user's DMs.
func (p *platform) digestsSent(user string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, s := range p.log {
		if s.op == "send" && s.ref.Channel == "dm-"+user && strings.Contains(s.text, "Your daily digest") {
			n++
		}
	}
	return n
}

// Two processes sharing the store sweep at the same moment: the player's
// digest goes once. One that fails for a passing reason goes a little
// later, still once, and the next is due the next day.
func TestADigestGoesOnceAcrossProcesses(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "none"})
	ctx := context.Background()
	id, _ := f.game()
	on, ten := true, 10
	for _, a := range []Actor{ada, ben} {
		f.svc.Notify(ctx, a, NotifyChange{Digest: &on, DigestHour: &ten})
	}
	_, _, st := f.load(id)
	waiter := ada
	if st.Active()[0] == 1 {
		waiter = ben
	}
	other := New(f.svc.cfg)
	t.Cleanup(func() { other.Shutdown(ctx) })

	var down atomic.Bool
	down.Store(true)
	f.p.mu.Lock()
	f.p.fail = func(op string, ref MessageRef) error {
		if down.Load() && ref.Channel == "dm-"+waiter.User {
			return &Temporary{Err: errors.New("503")}
		}
		return nil
	}
	f.p.mu.Unlock()
	f.at(time.Hour)
	if n := f.p.digestsSent(waiter.User); n != 0 {
		t.Fatalf("%d digests went while DMs failed", n)
	}
	down.Store(false)
	f.at(time.Hour + 5*time.Minute)
	if n := f.p.digestsSent(waiter.User); n != 0 {
		t.Fatalf("a failed digest was tried again after 5 minutes")
	}
	f.clock.add(5 * time.Minute)
	var wg sync.WaitGroup
	for _, svc := range []*Service{f.svc, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			svc.Sweep(ctx)
		}()
	}
	wg.Wait()
	if n := f.p.digestsSent(waiter.User); n != 1 {
		t.Fatalf("two processes sent %d digests, want 1", n)
	}
	rec, err := f.store.GetPlayer(ctx, waiter.User)
	if err != nil || !rec.Due.Equal(f.start.Add(25*time.Hour)) {
		t.Errorf("after the digest the player is due %v (%v), want ten the next day", rec.Due, err)
	}
	nobody := ben
	if waiter == ben {
		nobody = ada
	}
	if n := f.p.digestsSent(nobody.User); n != 0 {
		t.Errorf("%s, whom nothing waits for, got %d digests", nobody.Name, n)
	}
}

// turnPings counts the channel pings p sent that call user to move.
func (p *platform) turnPings(user string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, s := range p.log {
		if s.op == "send" && strings.Contains(s.text, "<@"+user+">, your move") {
			n++
		}
	}
	return n
}

// Settings made through one process are honoured by another: the ping
// held for quiet hours by the process that took the move goes out, when
// they end, from the one that sweeps then.
func TestEveryProcessHonoursAPlayersSettings(t *testing.T) {
	rs := newReplicas(t, 2)
	ctx := context.Background()
	for _, a := range []Actor{ada, ben} {
		rs.svc[1].Notify(ctx, a, NotifyChange{Quiet: true, QuietFrom: 11, QuietTo: 13})
	}
	f := rs.fixture(t, 0)
	id, board := f.game()
	for {
		who, cid := f.legalClick(id)
		if who == ben {
			break
		}
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Message: board.ID}, &responder{})
		waitIdle(t, rs.svc[0])
	}
	waitIdle(t, rs.svc[0])
	if n := rs.p[0].turnPings(ben.User); n != 0 {
		t.Fatalf("Ben was pinged %d times in quiet hours set through the other process", n)
	}
	rec, _ := rs.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	one := time.Date(2026, 11, 24, 13, 0, 0, 0, time.UTC)
	if !tb.Out.Held.Equal(one) || !rec.Due.Equal(one) {
		t.Fatalf("the held ping: ledger %v, game due %v; want both at 13:00", tb.Out.Held, rec.Due)
	}
	rs.clock.add(one.Sub(rs.clock.Now()))
	rs.svc[1].Sweep(ctx)
	waitIdle(t, rs.svc[1])
	if n := rs.p[1].turnPings(ben.User); n != 1 {
		t.Fatalf("when quiet hours ended the other process pinged Ben %d times, want once", n)
	}
	rec, _ = rs.store.Get(ctx, id)
	tb, _ = decodeTable(rec)
	if !tb.Out.Held.IsZero() {
		t.Errorf("the ledger still holds a ping until %v", tb.Out.Held)
	}
}

package core

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/storage"
)

// playedLife plays a three-seat Life game of random decisions, the AI
// deciding for Ada too once she has clicked her first decision herself,
// until missed decisions were taken after it or the game ends; it returns
// the table, the state and, by decision, the public lines each told.
func playedLife(t *testing.T, missed int) (*table, games.State, [][]string) {
	t.Helper()
	tb := &table{Game: "life", Host: "1", Seed: 11, Seats: []seat{{User: "1", Name: "Ada"}, {User: "2", Name: "Ben"}, {User: "3", Name: "Cy"}}}
	st, err := life.Game{}.New(tb.config())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	var told [][]string
	for len(st.Active()) > 0 && (len(tb.Acted) == 0 || tb.sinceSeat(0) < missed) {
		seat := st.Active()[0]
		a := games.RandomPolicy{}.Choose(st, seat, rng)
		events, err := st.Apply(seat, a)
		if err != nil {
			t.Fatal(err)
		}
		tb.Log = append(tb.Log, logEntry{Seat: seat, Action: a.String()})
		if seat == 0 && len(tb.Acted) == 0 {
			tb.markActed(len(tb.Log)-1, "1")
		}
		var lines []string
		for _, e := range events {
			if e.Public() {
				lines = append(lines, e.Format(tb.textNames()))
			}
		}
		told = append(told, lines)
	}
	return tb, st, told
}

func catchUpService(t *testing.T) *Service {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	return f.svc
}

// A player back after many moves reads every public line told since
// their own last decision, in order, and nothing from before it.
func TestSinceLastMoveTellsEveryMoveMissed(t *testing.T) {
	svc := catchUpService(t)
	tb, st, told := playedLife(t, 4)
	since := tb.sinceSeat(0)
	if since < 4 {
		t.Fatalf("the game ended %d decisions after Ada's last: nothing to show", since)
	}
	sn := &snapshot{rec: storage.Record{ID: "7", Game: "life", Status: storage.Playing}, t: tb, st: st, info: life.Game{}.Info()}
	got := svc.sinceLastMove(svc.words.In(i18n.English), sn, 0)
	var want []string
	moves := 0
	for _, lines := range told[len(told)-since:] {
		if len(lines) > 0 {
			moves++
		}
		for _, l := range lines {
			want = append(want, svc.words.In(i18n.English).Say(l))
		}
	}
	if !strings.HasPrefix(got, "**Since your last move** ("+plural(moves, "move")+"):\n") {
		t.Fatalf("catch-up begins %q, want it to count %d moves", got[:min(len(got), 60)], moves)
	}
	at := 0
	for _, line := range want {
		i := strings.Index(got[at:], "> "+line+"\n")
		if i < 0 {
			t.Fatalf("catch-up lacks, or has out of order, %q:\n%s", line, got)
		}
		at += i + len(line)
	}
	if n := strings.Count(got, "\n> "); n != len(want) {
		t.Errorf("catch-up has %d lines, want the %d told since Ada's move:\n%s", n, len(want), got)
	}
	if strings.Count(got, "Ada ") == 0 && slices.ContainsFunc(tb.Log[len(tb.Log)-since:], func(e logEntry) bool { return e.Seat == 0 }) {
		t.Errorf("what the AI decided for Ada while she was away is missing:\n%s", got)
	}
	tb.markActed(len(tb.Log)-1, tb.Seats[tb.Log[len(tb.Log)-1].Seat].User)
	if own := svc.sinceLastMove(svc.words.In(i18n.English), sn, tb.Log[len(tb.Log)-1].Seat); own != "" {
		t.Errorf("a player who just decided is told %q, want nothing", own)
	}
}

// Too many moves to quote are counted by player, with the latest quoted,
// within the catch-up's share of a message.
func TestALongAbsenceIsSummarised(t *testing.T) {
	svc := catchUpService(t)
	tb, st, _ := playedLife(t, 60)
	sn := &snapshot{rec: storage.Record{ID: "7", Game: "life", Status: storage.Playing}, t: tb, st: st, info: life.Game{}.Info()}
	got := svc.sinceLastMove(svc.words.In(i18n.English), sn, 0)
	if len(got) > catchUpBudget {
		t.Errorf("catch-up is %d characters, want at most %d", len(got), catchUpBudget)
	}
	for _, want := range []string{"**Since your last move**: ", "Ben ", "Cy ", "`/log game:7`", "The latest:\n> "} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

// The living DM of a player opens with what the others did since.
func TestTheLivingDMOpensWithWhatWasMissed(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(life.Game{})
	id, _ := f.open("life")
	adaMoved := false
	for range 40 {
		if rec, _ := f.table(id); rec.Status != storage.Playing {
			break
		}
		who, cid := f.legalClick(id)
		f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
		waitIdle(t, f.svc)
		adaMoved = adaMoved || who == ada
		_, tb := f.table(id)
		if adaMoved && who == ben && tb.sinceSeat(0) > 0 {
			break
		}
	}
	_, tb := f.table(id)
	if tb.sinceSeat(0) == 0 {
		t.Fatal("Ben never moved after Ada")
	}
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	var dm string
	for _, c := range f.p.log {
		if c.ref.Channel == "dm-"+ada.User && (c.op == "send" || c.op == "edit") && strings.Contains(c.text, "your view") {
			dm = c.text
		}
	}
	if !strings.Contains(dm, "**Since your last move**") || !strings.Contains(dm, "> ") {
		t.Errorf("Ada's DM after Ben moved:\n%s\nwant it to open with what Ben did", dm)
	}
}

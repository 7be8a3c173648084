package core

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
	"github.com/lifebot/lifebot/storage"
)

type statsFixture struct {
	t     *testing.T
	svc   *Service
	store *storage.Memory
	clock *stepClock
}

func newStatsFixture(t *testing.T, cfg Config) *statsFixture {
	clock := &stepClock{now: time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)}
	store := storage.NewMemory()
	cfg.Store, cfg.Games, cfg.Renderer, cfg.Discord = store, games.NewRegistry(gametest.Claim{MaxSeats: 12}), echoRenderer{}, &platform{}
	cfg.Clock, cfg.Seed, cfg.Backoff = clock, func() uint64 { return 7 }, time.Millisecond
	svc := New(cfg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		svc.Shutdown(ctx)
	})
	return &statsFixture{t: t, svc: svc, store: store, clock: clock}
}

func person(n int) Actor {
	return Actor{User: fmt.Sprint(100 + n), Name: fmt.Sprintf("P%d", n), Guild: "g", Channel: "c"}
}

// seatClaim is one seat of a planned game: a person and what they claim,
// or an AI.
type seatClaim struct {
	who    Actor
	points int
	ai     bool
}

// play seats a game of Claim as planned, the first seat hosting, and has
// every seat claim in turn. With stopAfter ≥ 0 the host abandons the game
// once that many people have claimed. It returns the game's id.
func (f *statsFixture) play(seats []seatClaim, stopAfter int) string {
	f.t.Helper()
	ctx := context.Background()
	f.clock.add(time.Minute)
	host := seats[0].who
	f.svc.NewGame(ctx, host, "claim", nil, Setup{}, &responder{original: MessageRef{Channel: "c", ID: "900"}})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[len(recs)-1].ID
	click := func(who Actor, cid customID) {
		f.t.Helper()
		cid.Game = id
		r := &responder{}
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid.String()}, r)
		if _, m := r.answer(); m != nil && m.Private {
			f.t.Fatalf("%s %s: %s", who.Name, cid, m.Content)
		}
	}
	for _, s := range seats[1:] {
		if s.ai {
			click(host, customID{Verb: verbAddAI})
		} else {
			click(s.who, customID{Verb: verbJoin})
		}
	}
	click(host, customID{Verb: verbStart})
	claimed := 0
	for i, s := range seats {
		if s.ai {
			continue
		}
		if claimed == stopAfter {
			if m := f.svc.Abandon(ctx, host, id); !strings.Contains(m.Content, "abandoned") {
				f.t.Fatalf("abandon: %s", m.Content)
			}
			return id
		}
		click(s.who, customID{Verb: verbMove, Move: f.asked(id, i), Action: games.Action{Kind: "claim", Args: []int{s.points}}})
		claimed++
	}
	return id
}

func (f *statsFixture) asked(id string, seat int) int {
	rec, _ := f.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	return tb.asked(games.Seat(seat))
}

func (f *statsFixture) table(id string) (storage.Record, *table) {
	f.t.Helper()
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	tb, err := decodeTable(rec)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec, tb
}

func TestAFinishedGameRecordsHowItEnded(t *testing.T) {
	f := newStatsFixture(t, Config{})
	ada, ben := person(1), person(2)
	id := f.play([]seatClaim{{who: ada, points: 2}, {who: ben, points: 3}, {ai: true}}, -1)
	rec, tb := f.table(id)
	if rec.Status != storage.Over || tb.Result == nil {
		t.Fatalf("status %v, result %+v: want a finished game with its result", rec.Status, tb.Result)
	}
	r := tb.Result
	if r.Game != "claim" || r.Guild != "g" || r.Channel != "c" || r.Abandoned || !r.Finished.Equal(f.clock.Now()) {
		t.Errorf("result %+v: want claim in g/c, finished at %v, not abandoned", r, f.clock.Now())
	}
	want := []resultPlayer{
		{Seat: 0, User: ada.User, Name: ada.Name, Score: 2, Rank: 2},
		{Seat: 1, User: ben.User, Name: ben.Name, Score: 3, Rank: 1},
		{Seat: 2, Name: tb.Seats[2].Name, AI: true, Score: 0, Rank: 3},
	}
	if !slices.Equal(r.Players, want) {
		t.Errorf("players %+v, want %+v", r.Players, want)
	}
	if !slices.Equal(r.AISeats, []int{2}) {
		t.Errorf("AI seats %v, want [2]", r.AISeats)
	}
}

func TestAnAbandonedGameRecordsWhereItStood(t *testing.T) {
	f := newStatsFixture(t, Config{})
	ada, ben := person(1), person(2)
	id := f.play([]seatClaim{{who: ada, points: 3}, {who: ben, points: 1}}, 1)
	rec, tb := f.table(id)
	if rec.Status != storage.Cancelled || tb.Result == nil || !tb.Result.Abandoned {
		t.Fatalf("status %v, result %+v: want an abandoned game with its result", rec.Status, tb.Result)
	}
	if got := []int{tb.Result.Players[0].Score, tb.Result.Players[1].Score}; !slices.Equal(got, []int{3, 0}) {
		t.Errorf("scores %v, want [3 0] as the game stood", got)
	}

	// A lobby that never started has no result to keep.
	f.svc.NewGame(context.Background(), ada, "claim", nil, Setup{}, &responder{})
	recs, _ := f.store.List(context.Background(), storage.Filter{OnlyOpen: true})
	f.svc.Abandon(context.Background(), ada, recs[0].ID)
	if _, tb := f.table(recs[0].ID); tb.Result != nil {
		t.Errorf("an abandoned lobby has result %+v", tb.Result)
	}
}

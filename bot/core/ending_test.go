package core

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/storage"
)

// A finished game's end is its announcement, which begins the story, and
// the rest of the story, each part told once, in order, however their
// delivery goes: a part refused for a moment is tried again at once, one
// given up waits for the next delivery, and a new process that delivers
// what the game owes sends only what was missing.
func TestTheStoryIsToldOnceAcrossFailuresAndRestarts(t *testing.T) {
	f := newFixture(t)
	f.svc.games = games.NewRegistry(yodo.Game{})
	p := &filmPlatform{platform: f.p}
	f.svc.cfg.Discord = p
	id, _ := f.open("yodo")
	second := postNonce(id, "story", 1)
	tries := 0
	p.mu.Lock()
	p.refuse = func(m *Message) error {
		if m.Nonce != second {
			return nil
		}
		tries++
		switch tries {
		case 1:
			return &Temporary{Err: errors.New("a blip")}
		case 2:
			return errors.New("discord is down")
		}
		return nil
	}
	p.mu.Unlock()
	refused := func() int {
		p.mu.Lock()
		defer p.mu.Unlock()
		return tries
	}
	f.playToEnd(id)
	waitFor(t, "the second part given up", func() bool { return refused() == 2 })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// A new process delivers what the game still owes.
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := decodeTable(rec)
	svc := New(Config{
		Store: f.store, Games: games.NewRegistry(yodo.Game{}), Renderer: echoRenderer{},
		Discord: p, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond,
	})
	st := mustState(t, svc, rec, tb)
	func() {
		unlock := svc.lock(id)
		defer unlock()
		svc.publish(svc.liveLocked(id, tb), &snapshot{rec: rec, t: tb, st: st, info: yodo.Game{}.Info()}, "", nil)
	}()
	if err := svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	texts := p.sentTexts(rec.Channel)
	over := slices.IndexFunc(texts, func(s string) bool { return strings.Contains(s, "` is over.") })
	if over < 0 {
		t.Fatal("the game was never announced over")
	}
	end := texts[over:]
	if strings.Contains(strings.Join(end[1:], "\n"), "` is over.") {
		t.Fatalf("the game was announced over more than once: %q", end)
	}
	_, head, _ := strings.Cut(end[0], "\n\n")
	told := strings.Join(append([]string{head}, end[1:]...), " ")
	var want []string
	for _, p := range st.(games.Teller).Story() {
		want = append(want, f.svc.words.In(i18n.English).Say(games.FormatSeats(p, tb.textNames())))
	}
	if got, exp := strings.Join(strings.Fields(told), " "), strings.Join(strings.Fields(strings.Join(want, " ")), " "); got != exp {
		t.Fatalf("the end told\n%q\nwant the story once, in order:\n%q", end, want)
	}
	if len(end) < 2 {
		t.Errorf("the end came in %d messages; the test wants a story longer than one", len(end))
	}
	for _, part := range end {
		if n := runes(part); n > maxContent {
			t.Errorf("a part of %d characters", n)
		}
	}
	rec, _ = f.store.Get(context.Background(), id)
	if tb, _ := decodeTable(rec); tb.Out.Told != len(end) || rec.Status != storage.Over {
		t.Errorf("the ledger counts %d parts told, want %d", tb.Out.Told, len(end))
	}
}

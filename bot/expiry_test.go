package bot_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// gatedRenderer draws views as text, but waits while its gate is shut.
type gatedRenderer struct {
	mu   sync.Mutex
	gate chan struct{}
}

func (g *gatedRenderer) Board(view any, names []string, lang i18n.Lang) ([]byte, error) {
	g.mu.Lock()
	gate := g.gate
	g.mu.Unlock()
	if gate != nil {
		<-gate
	}
	return textRenderer{}.Board(view, names, lang)
}

func (g *gatedRenderer) shut() {
	g.mu.Lock()
	g.gate = make(chan struct{})
	g.mu.Unlock()
}

func (g *gatedRenderer) open() {
	g.mu.Lock()
	close(g.gate)
	g.gate = nil
	g.mu.Unlock()
}

// A move whose answer comes after the interaction's token expired still
// reaches the board, through the bot's own token.
func TestBoardSurvivesAnExpiredInteractionToken(t *testing.T) {
	t.Parallel()
	clock := discordtest.NewClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	fake := discordtest.New(t, discordtest.WithClock(clock.Now))
	guild := fake.AddGuild("Board games")
	channel := fake.AddChannel(guild, "games")
	store, err := storage.OpenBolt(filepath.Join(t.TempDir(), "lifebot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	s, err := endpoint.NewSession(fake.Token(), fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	s.LogLevel = -1
	r := &gatedRenderer{}
	b := bot.New(bot.Config{
		Store: store, Games: games.NewRegistry(thatslife.Game{}), Renderer: r, Log: testLogger(),
		Seed: func() uint64 { return 42 }, DeferAfter: time.Millisecond, Backoff: time.Millisecond,
	})
	b.Attach(s)
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		b.Shutdown(ctx)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := fake.WaitFor(ctx, func() bool { return len(fake.Commands("")) > 0 }); err != nil {
		t.Fatal(err)
	}
	answer := func(it *discordtest.Interaction, err error) *discordtest.Message {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		resp, err := it.Wait(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := fake.WaitFor(ctx, func() bool { o := it.Original(); return o != nil && !o.Loading() }); err != nil && it.Type == discordgo.InteractionApplicationCommand {
			t.Fatal(err)
		}
		if resp.Message != nil {
			return resp.Message
		}
		return it.Original()
	}
	ada, ben := fake.AddUser("Ada"), fake.AddUser("Ben")
	lobby := answer(fake.Command(ctx, ada, guild, channel, "newgame thatslife", nil))
	for _, step := range []struct {
		u     discordtest.User
		label string
	}{{ben, "Join"}, {ada, "Start"}} {
		before := fake.Message(lobby.ID).EditedCount
		answer(fake.Click(ctx, step.u, fake.Message(lobby.ID), buttonLabelled(t, fake.Message(lobby.ID), step.label)))
		fake.WaitFor(ctx, func() bool { return fake.Message(lobby.ID).EditedCount > before })
	}

	board := fake.Message(lobby.ID)
	u, _ := activeUser(t, board, []discordtest.User{ada, ben})
	r.shut()
	it, err := fake.Click(ctx, u, board, plays(board)[0].CustomID)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil || resp.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the click was not deferred: %+v, %v", resp, err)
	}
	// The token dies before the bot has drawn its answer.
	clock.Advance(discordtest.TokenLifetime + time.Minute)
	r.open()
	if err := fake.WaitFor(ctx, func() bool { return fake.Message(board.ID).Content != board.Content }); err != nil {
		t.Fatal("the board never showed the move made after the token expired")
	}
	for _, m := range fake.Ephemerals(u.ID) {
		if strings.Contains(m.Content, "Nothing was changed") {
			t.Fatalf("a saved move was reported as nothing changed: %q", m.Content)
		}
	}
	if n := len(plays(fake.Message(board.ID))); n == 0 && !strings.Contains(fake.Message(board.ID).Content, "🏆") {
		t.Fatal("the board lost its buttons")
	}
}

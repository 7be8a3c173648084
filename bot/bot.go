// Package bot connects lifebot's games to Discord through discordgo. It is
// an adapter: it turns interactions into calls of the core (bot/core),
// which decides and commits every change, and it carries the core's
// messages to Discord (rest.go) and its answers to the interactions
// (reply.go). Both make their calls through api.go, which never sleeps on
// a rate limit but hands the wait back to its caller.
//
// Every decision is a button or a select menu whose custom_id names the
// game and the decision it was drawn for, so any click can be served from
// the database alone, after a restart too.
package bot

import (
	"context"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// Config is what a Bot is built from.
type Config struct {
	Store    storage.Store
	Games    *games.Registry
	Renderer core.Renderer
	Log      *slog.Logger
	// Guild, when set, registers commands in that guild only: they update
	// at once, which is what a developer wants.
	Guild string
	// Clock and Seed stand in for time and for fresh game seeds.
	Clock core.Clock
	Seed  func() uint64
	// DeferAfter is how long an interaction may take before it is
	// acknowledged with a deferral; Discord allows 3 s in all.
	DeferAfter time.Duration
	// TurnClock, AwayCap, SweepEvery, DMRetry and Backoff are passed to the
	// core (see core.Config).
	TurnClock  time.Duration
	AwayCap    time.Duration
	SweepEvery time.Duration
	DMRetry    time.Duration
	Backoff    time.Duration
	// MinRated and CountAI are how stats count (see core.Config).
	MinRated int
	CountAI  bool
	// LobbyExpiry, MaxLobbies, MaxChannelGames and Threads keep channels
	// tidy (see core.Config).
	LobbyExpiry     time.Duration
	MaxLobbies      int
	MaxChannelGames int
	Threads         func(guild string) bool
	// Language is the language a server's games speak in its channels
	// (see core.Config).
	Language func(guild string) string
	// Shared, Replica and LeaseFor let several processes serve one store
	// (see core.Config).
	Shared   bool
	Replica  string
	LeaseFor time.Duration
}

// Bot serves interactions. Create it with New and attach it to a session.
type Bot struct {
	cfg Config
	log *slog.Logger
	svc *core.Service
	api *api
	// words are the commands' words in every language; answers the
	// bot's own, with the commands' and the games' for the names it
	// quotes.
	words, answers *i18n.Catalog
	// detach removes the bot's handlers from its session.
	detach []func()

	// serving counts the interactions being handled; once closing is
	// set, no more are taken.
	mu      sync.Mutex
	closing bool
	serving sync.WaitGroup
}

// New returns a Bot; it does nothing until attached to a session.
func New(cfg Config) *Bot {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = 1500 * time.Millisecond
	}
	words := commandWords()
	played, err := cfg.Games.Words()
	if err != nil {
		panic(err)
	}
	answers, err := i18n.Join(answerWords(), words, played)
	if err != nil {
		panic(err)
	}
	return &Bot{cfg: cfg, log: cfg.Log, words: words, answers: answers}
}

// CloseSession closes the gateway connection for good. A session closed
// while its heartbeat is just starting would otherwise reconnect on its
// own: the heartbeat finds its connection closed, takes that for a
// network error and opens a new one, which then lives on unwatched.
func CloseSession(s *discordgo.Session) error {
	s.Lock()
	s.ShouldReconnectOnError = false
	s.Unlock()
	return s.Close()
}

// Attach registers the bot's handlers on s and starts the core's sweep.
// Commands are registered when the session becomes ready.
func (b *Bot) Attach(s *discordgo.Session) {
	b.start(s)
	b.detach = append(b.detach, s.AddHandler(b.onReady), s.AddHandler(b.onInteraction))
}

// start makes the bot's REST calls go through s and starts the core.
func (b *Bot) start(s *discordgo.Session) {
	// The game's calls go through api, which never sleeps; what discordgo
	// still sends itself (the commands, at start) fails rather than sleeps
	// on a 429 or retries a 502 behind everyone's back.
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	b.api = newAPI(s)
	b.svc = core.New(core.Config{
		Store: b.cfg.Store, Games: b.cfg.Games, Renderer: b.cfg.Renderer,
		Discord: &rest{api: b.api}, Log: b.log, Clock: b.cfg.Clock, Seed: b.cfg.Seed,
		TurnClock: b.cfg.TurnClock, AwayCap: b.cfg.AwayCap,
		SweepEvery: b.cfg.SweepEvery, DMRetry: b.cfg.DMRetry, Backoff: b.cfg.Backoff,
		MinRated: b.cfg.MinRated, CountAI: b.cfg.CountAI,
		LobbyExpiry: b.cfg.LobbyExpiry, MaxLobbies: b.cfg.MaxLobbies, MaxChannelGames: b.cfg.MaxChannelGames, Threads: b.cfg.Threads,
		Language: b.cfg.Language,
		Shared:   b.cfg.Shared, Replica: b.cfg.Replica, LeaseFor: b.cfg.LeaseFor,
	})
	b.svc.Run()
}

// Shutdown stops taking interactions, then waits for those being served
// and for deliveries under way, up to ctx's deadline. A gateway connection
// that discordgo's own reconnecting reopens after Close reaches no handler
// of a bot that is shutting down.
func (b *Bot) Shutdown(ctx context.Context) error {
	if b.svc == nil {
		return nil
	}
	for _, remove := range b.detach {
		remove()
	}
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	// The core counts the calls it serves, but an interaction may be
	// between its arrival and its call of the core.
	done := make(chan struct{})
	go func() { b.serving.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	return b.svc.Shutdown(ctx)
}

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	appID := ""
	if r.Application != nil {
		appID = r.Application.ID
	}
	if appID == "" && r.User != nil {
		appID = r.User.ID
	}
	if _, err := s.ApplicationCommandBulkOverwrite(appID, b.cfg.Guild, b.commands()); err != nil {
		b.log.Error("registering slash commands", "err", redact(err))
		return
	}
	b.log.Info("ready", "user", r.User.Username, "guilds", len(r.Guilds), "commands_in_guild", b.cfg.Guild)
}

func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if !b.enter() {
		return
	}
	defer b.leave()
	b.handle(ic.Interaction, &callbackRoute{api: b.api, i: ic.Interaction, log: b.log, received: time.Now()})
}

// handleTimeout bounds everything done for one interaction, its answer
// and whatever follows it by REST.
const handleTimeout = 10 * time.Second

// handle serves one interaction, however it came; t carries its first
// answer. The caller has entered it (see enter).
func (b *Bot) handle(i *discordgo.Interaction, t transport) {
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		b.onAutocomplete(ctx, i, t)
		return
	}
	// Commands answer privately unless they are made to speak to the
	// channel, as /newgame's lobby does.
	ephemeral := false
	if i.Type == discordgo.InteractionApplicationCommand {
		c, ok := b.findCommand(i.ApplicationCommandData().Name)
		ephemeral = !ok || !c.public
	}
	r := newReply(b.api, i, t, b.cfg.DeferAfter, ephemeral, b.log)
	defer r.stop()
	b.svc.NoteLocale(actor(i))
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic serving interaction", "panic", p, "stack", string(debug.Stack()))
			r.Reply(ctx, core.Text(b.svc.Sorry(ctx, actor(i))))
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		b.onCommand(ctx, i, r)
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		c := core.Click{Actor: actor(i), CustomID: data.CustomID, Values: data.Values}
		if i.Message != nil {
			c.Message = i.Message.ID
			c.Ephemeral = i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		}
		b.svc.Click(ctx, c, r)
	}
}

// enter counts an interaction in, so that Shutdown waits for it; it
// reports false once the bot is shutting down and takes no more.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.serving.Add(1)
	return true
}

func (b *Bot) leave() { b.serving.Done() }

// actor says who acted, and where.
func actor(i *discordgo.Interaction) core.Actor {
	a := core.Actor{Guild: i.GuildID, Channel: i.ChannelID, Locale: string(i.Locale)}
	if i.GuildLocale != nil {
		a.ServerLocale = string(*i.GuildLocale)
	}
	u := i.User
	if i.Member != nil {
		if i.Member.User != nil {
			u = i.Member.User
		}
		p := i.Member.Permissions
		a.Admin = p&discordgo.PermissionAdministrator != 0 || p&discordgo.PermissionManageGuild != 0
		a.Name = i.Member.Nick
	}
	if u != nil {
		a.User = u.ID
		if a.Name == "" {
			a.Name = u.GlobalName
		}
		if a.Name == "" {
			a.Name = u.Username
		}
	}
	if a.Name == "" {
		a.Name = "someone"
	}
	return a
}

// Package bot connects lifebot's games to Discord through discordgo: slash
// commands, lobbies, the component router, board messages, turn pings and
// private messages.
//
// Every decision is a button or a select menu whose custom_id names the
// game and the move number it was drawn at (see customid.go), so any click
// can be served from the database alone, after a restart too. One game's
// clicks are applied one at a time; different games run in parallel.
package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// Renderer draws a game's view as a PNG.
type Renderer interface {
	Board(view any, names []string) ([]byte, error)
}

// Config is what a Bot is built from.
type Config struct {
	Store    storage.Store
	Games    *games.Registry
	Renderer Renderer
	Log      *slog.Logger
	// Guild, when set, registers commands in that guild only: they update
	// at once, which is what a developer wants.
	Guild string
	// Now and Seed stand in for the clock and for fresh game seeds.
	Now  func() time.Time
	Seed func() uint64
	// DeferAfter is how long an interaction may take before it is
	// acknowledged with a deferral; Discord allows 3 s in all.
	DeferAfter time.Duration
	// RemindAfter is how long a turn may wait before its player is pinged
	// again; zero turns reminders off. At most MaxReminders go out per turn
	// (3 if unset); one period after the last, the AI decides for them.
	RemindAfter  time.Duration
	MaxReminders int
}

// Bot serves interactions. Create it with New and attach it to a session.
type Bot struct {
	cfg   Config
	store storage.Store
	games *games.Registry
	log   *slog.Logger

	locksMu sync.Mutex
	locks   map[string]*gameLock

	inflight sync.WaitGroup
	ctx      context.Context
	cancel   context.CancelFunc
	// stop ends background loops (reminders) at Shutdown; loops tracks them.
	stop     chan struct{}
	stopOnce sync.Once
	loops    sync.WaitGroup
}

type gameLock struct {
	mu    sync.Mutex
	users int
}

// New returns a Bot; it does nothing until attached to a session.
func New(cfg Config) *Bot {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = 1500 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Bot{
		cfg:    cfg,
		store:  cfg.Store,
		games:  cfg.Games,
		log:    cfg.Log,
		locks:  map[string]*gameLock{},
		ctx:    ctx,
		cancel: cancel,
		stop:   make(chan struct{}),
	}
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Attach registers the bot's handlers on s and starts the reminder clock.
// Commands are registered when the session becomes ready.
func (b *Bot) Attach(s *discordgo.Session) {
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	if b.cfg.RemindAfter > 0 {
		b.loops.Add(1)
		go b.remindLoop(s)
	}
}

// Shutdown waits for interactions being served, up to ctx's deadline.
func (b *Bot) Shutdown(ctx context.Context) error {
	b.stopOnce.Do(func() { close(b.stop) })
	done := make(chan struct{})
	go func() {
		b.loops.Wait()
		b.inflight.Wait()
		close(done)
	}()
	defer b.cancel()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
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
		b.log.Error("registering slash commands", "err", err)
		return
	}
	b.log.Info("ready", "user", r.User.Username, "guilds", len(r.Guilds), "commands_in_guild", b.cfg.Guild)
}

func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	b.inflight.Add(1)
	defer b.inflight.Done()
	// Only /newgame answers in public; every other command answers privately.
	ephemeral := ic.Type == discordgo.InteractionApplicationCommand && ic.ApplicationCommandData().Name != "newgame"
	r := newReply(s, ic.Interaction, b.cfg.DeferAfter, ephemeral, b.log)
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic serving interaction", "panic", p, "stack", string(debug.Stack()))
			r.private(msgSorry)
		}
	}()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	switch ic.Type {
	case discordgo.InteractionApplicationCommand:
		b.onCommand(ctx, s, ic.Interaction, r)
	case discordgo.InteractionMessageComponent:
		b.onComponent(ctx, s, ic.Interaction, r)
	}
	if !r.answered() {
		r.private(msgSorry)
	}
}

const msgSorry = "Sorry, something went wrong on my side. Nothing was changed; please try again."

// lock serialises everything done to one game in this process. The
// store's compare-and-swap backs it up across processes.
func (b *Bot) lock(id string) func() {
	b.locksMu.Lock()
	l := b.locks[id]
	if l == nil {
		l = &gameLock{}
		b.locks[id] = l
	}
	l.users++
	b.locksMu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		b.locksMu.Lock()
		l.users--
		if l.users == 0 {
			delete(b.locks, id)
		}
		b.locksMu.Unlock()
	}
}

// userOf returns who clicked or typed, in a guild or in a DM.
func userOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// displayName is the name other players know someone by here.
func displayName(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := userOf(i)
	if u == nil {
		return "someone"
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// playerError turns an engine or storage error into words for a player;
// anything unexpected is logged and answered with an apology.
func (b *Bot) playerError(err error, game string) string {
	switch {
	case errors.Is(err, games.ErrNotYourTurn), errors.Is(err, games.ErrIllegal), errors.Is(err, games.ErrOver):
		return capitalise(err.Error()) + "."
	case errors.Is(err, storage.ErrNotFound):
		return "That game no longer exists."
	case errors.Is(err, storage.ErrConflict):
		return "Someone else acted on this game at the same moment. Nothing was changed; please try again on the latest message."
	}
	b.log.Error("serving game", "game", game, "err", err)
	return msgSorry
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func jumpLink(guild string, m msgRef) string {
	if guild == "" {
		guild = "@me"
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, m.Channel, m.ID)
}

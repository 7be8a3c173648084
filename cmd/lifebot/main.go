// Command lifebot runs the lifebot Discord bot, or plays games offline with
// "lifebot sim".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/render"
	"github.com/lifebot/lifebot/storage"
)

// Exit codes: 2 means the operator must fix something (config, token).
const (
	exitFailure = 1
	exitUsage   = 2
)

// errUsage marks errors the operator must fix; they exit with exitUsage.
type errUsage struct{ error }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdout, os.Getenv)
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "lifebot:", err)
	if errors.As(err, new(errUsage)) {
		os.Exit(exitUsage)
	}
	os.Exit(exitFailure)
}

func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	if len(args) > 0 && args[0] == "sim" {
		return runSim(args[1:], stdout)
	}
	if len(args) > 0 && args[0] == "backup" {
		return runBackup(ctx, args[1:], stdout, getenv)
	}
	fs := flag.NewFlagSet("lifebot", flag.ContinueOnError)
	fs.SetOutput(stdout)
	configPath := fs.String("config", "", "path to the TOML config file (environment variables override it)")
	if err := fs.Parse(args); err != nil {
		return errUsage{err}
	}
	cfg, err := LoadConfig(*configPath, getenv)
	if err != nil {
		return errUsage{err}
	}
	m := &Main{Config: cfg}
	if err := m.Open(ctx); err != nil {
		m.Close()
		return err
	}
	<-ctx.Done()
	return m.Close()
}

// registry lists the games this build offers.
func registry() *games.Registry {
	return games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{})
}

// Main is the running bot: its database, its Discord session and the bot
// between them.
type Main struct {
	Config  Config
	Store   *storage.Bolt
	Session *discordgo.Session
	Bot     *bot.Bot

	backups *backupServer
}

// Open connects everything. A token Discord refuses is an errUsage.
func (m *Main) Open(ctx context.Context) error {
	log := m.Config.logger()
	store, err := storage.OpenBolt(m.Config.Storage.Path)
	if err != nil {
		return err
	}
	m.Store = store
	if m.backups, err = serveBackups(store, m.Config.Storage.Path, log); err != nil {
		log.Error("lifebot backup cannot reach this bot", "err", err)
	}
	s, err := endpoint.NewSession(m.Config.Discord.Token, m.Config.Discord.API)
	if err != nil {
		return errUsage{err}
	}
	s.LogLevel = discordgo.LogError
	m.Session = s
	// Ask who we are before opening the gateway, so a bad token is one
	// clear line rather than a gateway close code.
	me, err := s.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == 401 {
			return errUsage{errors.New("Discord rejected the token (401 Unauthorized): check discord.token or DISCORD_TOKEN")}
		}
		return fmt.Errorf("reaching Discord at %s: %w", m.Config.Discord.API, err)
	}
	turnClock, _ := m.Config.turnClock()
	awayCap, _ := m.Config.awayCap()
	m.Bot = bot.New(bot.Config{
		Store:     store,
		Games:     registry(),
		Renderer:  render.NewRenderer(),
		Log:       log,
		Guild:     m.Config.Discord.Guild,
		TurnClock: turnClock,
		AwayCap:   awayCap,
	})
	m.Bot.Attach(s)
	if err := s.Open(); err != nil {
		return fmt.Errorf("opening the Discord gateway: %w", err)
	}
	log.Info("connected", "user", me.Username, "data", m.Config.Storage.Path)
	return nil
}

// Close stops taking interactions, lets those in flight finish, and closes
// the database last, so no accepted move is lost.
func (m *Main) Close() error {
	var errs []error
	if m.Session != nil {
		errs = append(errs, bot.CloseSession(m.Session))
	}
	if m.Bot != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		errs = append(errs, m.Bot.Shutdown(ctx))
		cancel()
	}
	if m.backups != nil {
		errs = append(errs, m.backups.Close())
	}
	if m.Store != nil {
		errs = append(errs, m.Store.Close())
	}
	return errors.Join(errs...)
}

// Command lifebot runs the lifebot Discord bot, and the commands beside it
// that "lifebot -h" lists: "lifebot serve" runs the bot as an interactions
// endpoint over HTTP, "lifebot sim" plays games offline, "lifebot backup"
// copies the database, "lifebot migrate" copies a bbolt file's games into
// PostgreSQL.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
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
	"github.com/lifebot/lifebot/storage/postgres"
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
	return dispatch(ctx, commands(), args, stdout, getenv)
}

// botFlags declares the bot's flags and returns what runs it: until ctx is
// done, then it closes everything.
func botFlags(flags *flag.FlagSet) runFunc {
	configPath := configFlag(flags, "the settings", "environment variables override it")
	return func(ctx context.Context, _ []string, _ io.Writer, getenv func(string) string) error {
		cfg, err := LoadConfig(configFile(*configPath), getenv)
		if err != nil {
			return errUsage{err}
		}
		bot.LimitMemory(getenv)
		m := &Main{Config: cfg}
		if err := m.Open(ctx); err != nil {
			m.Close()
			return err
		}
		<-ctx.Done()
		return m.Close()
	}
}

// registry lists the games this build offers.
func registry() *games.Registry {
	return games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{})
}

// Main is the running bot: its database, its Discord session and the bot
// between them.
type Main struct {
	Config Config
	// Serve runs the bot as an interactions endpoint (Endpoint, its server
	// ending with served) instead of on the gateway.
	Serve    bool
	Store    storage.Store
	Session  *discordgo.Session
	Bot      *bot.Bot
	Endpoint *bot.Endpoint
	served   chan error

	// backups answers "lifebot backup" for a bbolt file.
	backups *backupServer
	// created is the database file Open made, until the bot is up: Close
	// removes it if the bot never came up.
	created string
}

// Open connects everything. A token Discord refuses is an errUsage.
// Discord is asked who the bot is before the database is opened, so a
// start that fails there leaves no database file behind.
func (m *Main) Open(ctx context.Context) error {
	log := m.Config.logger()
	log.Info("settings read", "from", m.Config.source())
	api := redacted(m.Config.Discord.API)
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
		return fmt.Errorf("reaching Discord at %s: %w", api, withoutBuiltinURL(err))
	}
	data, err := m.openStore(ctx, log)
	if err != nil {
		return err
	}
	turnClock, _ := m.Config.turnClock()
	awayCap, _ := m.Config.awayCap()
	lobbyExpiry, _ := m.Config.lobbyExpiry()
	sweepEvery, _ := m.Config.sweepEvery()
	lease, _ := m.Config.lease()
	renderer := render.NewRendererWith(render.Options{FallbackFonts: m.Config.Render.FallbackFonts})
	log.Info("fonts for other scripts", "files", renderer.FallbackFonts())
	m.Bot = bot.New(bot.Config{
		Store:           m.Store,
		Games:           registry(),
		Renderer:        renderer,
		Log:             log,
		Guild:           m.Config.Discord.Guild,
		TurnClock:       turnClock,
		AwayCap:         awayCap,
		MinRated:        m.Config.Stats.MinGames,
		CountAI:         m.Config.Stats.CountAI,
		LobbyExpiry:     lobbyExpiry,
		MaxLobbies:      m.Config.Tables.MaxLobbies,
		MaxChannelGames: m.Config.Tables.MaxChannelGames,
		Threads:         m.Config.threads,
		Language:        m.Config.language,
		SweepEvery:      sweepEvery,
		// Any number of processes may share a PostgreSQL database.
		Shared:   m.Config.Storage.Backend == "postgres",
		Replica:  m.Config.replica(),
		LeaseFor: lease,
	})
	if m.Serve {
		if err := m.openEndpoint(ctx, s, log); err != nil {
			return err
		}
		m.created = ""
		return nil
	}
	m.Bot.Attach(s)
	if err := s.Open(); err != nil {
		return fmt.Errorf("opening the Discord gateway announced by %s: %w", api, withoutBuiltinURL(err))
	}
	m.created = ""
	log.Info("connected", "user", me.Username, "data", data)
	return nil
}

// openStore opens the database the config names and says where it is, as
// it may be shown: a PostgreSQL URL without its password.
func (m *Main) openStore(ctx context.Context, log *slog.Logger) (string, error) {
	if m.Config.Storage.Backend == "postgres" {
		store, err := postgres.OpenPool(ctx, m.Config.Storage.URL, m.Config.Storage.Pool)
		if err != nil {
			return "", err
		}
		m.Store = store
		return postgres.Redact(m.Config.Storage.URL), nil
	}
	path := m.Config.Storage.Path
	if m.Config.Storage.URL != "" {
		log.Warn("a PostgreSQL URL is set, but storage.backend is bbolt: the games stay in the file", "path", path)
	}
	_, statErr := os.Stat(path)
	store, err := storage.OpenBolt(path)
	if err != nil {
		return "", err
	}
	m.Store = store
	if errors.Is(statErr, fs.ErrNotExist) {
		m.created = path
	}
	if m.backups, err = serveBackups(store, path, log); err != nil {
		log.Error("lifebot backup cannot reach this bot", "err", err)
	}
	return path, nil
}

// withoutBuiltinURL drops the URL from a failed call's error. discordgo
// builds every URL on https://discord.com/api/v9 and the session's client
// sends the call to the configured base instead, so that URL names an
// address never used.
func withoutBuiltinURL(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}

// redacted is a URL as it may be shown, without a password in it.
func redacted(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Redacted()
}

// Close stops taking interactions, lets those in flight finish, and closes
// the database last, so no accepted move is lost.
func (m *Main) Close() error {
	var errs []error
	wait := 10 * time.Second
	if m.Endpoint != nil {
		wait += m.Endpoint.Drain
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	switch {
	case m.Endpoint != nil:
		// Its Shutdown ends the bot's too, once the requests in flight
		// have their answers.
		errs = append(errs, m.Endpoint.Shutdown(ctx))
	case m.Bot != nil:
		if m.Session != nil {
			errs = append(errs, bot.CloseSession(m.Session))
		}
		errs = append(errs, m.Bot.Shutdown(ctx))
	case m.Session != nil:
		errs = append(errs, bot.CloseSession(m.Session))
	}
	if m.backups != nil {
		errs = append(errs, m.backups.Close())
	}
	if m.Store != nil {
		// A database made for a bot that never came up holds nothing worth
		// keeping. It goes while still locked, so no other bot can have
		// opened it in between.
		if m.created != "" {
			errs = append(errs, os.Remove(m.created))
		}
		errs = append(errs, m.Store.Close())
	}
	return errors.Join(errs...)
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot"
)

// serveFlags declares the flags of "lifebot serve", which runs the bot as
// the application's Interactions Endpoint URL instead of on the gateway.
func serveFlags(flags *flag.FlagSet) runFunc {
	configPath := configFlag(flags, "the settings", "environment variables override it")
	listen := flags.String("listen", "", "answer on this `address`, such as :8080 (overrides http.listen and LIFEBOT_HTTP_LISTEN)")
	return func(ctx context.Context, _ []string, _ io.Writer, getenv func(string) string) error {
		cfg, err := LoadConfig(configFile(*configPath), getenv)
		if err != nil {
			return errUsage{err}
		}
		bot.LimitMemory(getenv)
		if *listen != "" {
			cfg.HTTP.Listen = *listen
		}
		if err := cfg.validateServe(); err != nil {
			return errUsage{err}
		}
		m := &Main{Config: cfg, Serve: true}
		if err := m.Open(ctx); err != nil {
			m.Close()
			return err
		}
		select {
		case <-ctx.Done():
			return m.Close()
		case err := <-m.served:
			return errors.Join(fmt.Errorf("serving interactions: %w", err), m.Close())
		}
	}
}

// httpFromEnv applies the environment to the [http] settings.
func (c *Config) httpFromEnv(getenv func(string) string) {
	for env, dst := range map[string]*string{
		"LIFEBOT_HTTP_LISTEN": &c.HTTP.Listen,
		"DISCORD_PUBLIC_KEY":  &c.HTTP.PublicKey,
		"LIFEBOT_REPLICA":     &c.HTTP.Replica,
		"LIFEBOT_HTTP_DRAIN":  &c.HTTP.Drain,
	} {
		if v := getenv(env); v != "" {
			*dst = v
		}
	}
}

// validateServe checks what serving needs beyond what every mode needs.
func (c Config) validateServe() error {
	const where = "the Public Key on the developer portal's General Information page"
	if strings.TrimSpace(c.HTTP.PublicKey) == "" {
		return errors.New("no public key: set http.public_key in the config file or DISCORD_PUBLIC_KEY to " + where)
	}
	if _, err := bot.ParsePublicKey(c.HTTP.PublicKey); err != nil {
		return fmt.Errorf("http.public_key is %v: copy %s", err, where)
	}
	if _, _, err := net.SplitHostPort(c.HTTP.Listen); err != nil {
		return fmt.Errorf("http.listen must be an address such as \":8080\" or \"127.0.0.1:8080\", not %q", c.HTTP.Listen)
	}
	_, err := c.drain()
	return err
}

// drain is how long a stopping serve process goes on taking interactions
// after it says it is no longer ready.
func (c Config) drain() (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(c.HTTP.Drain))
	if err != nil || d < 0 || d > time.Minute {
		return 0, fmt.Errorf("http.drain must be a duration from \"0s\" to \"1m\", like \"5s\"; not %q", c.HTTP.Drain)
	}
	return d, nil
}

// replica names this process in every log line: http.replica, or the
// host's name, which tells replicas apart where each has a host of its own.
func (c Config) replica() string {
	if c.HTTP.Replica != "" {
		return c.HTTP.Replica
	}
	if h, err := os.Hostname(); err == nil {
		return h
	}
	return "lifebot"
}

// openEndpoint serves the bot's interactions endpoint. It listens before
// it registers the commands, so that a taken port fails the start at once
// and /healthz answers while the commands are registered.
func (m *Main) openEndpoint(ctx context.Context, s *discordgo.Session, log *slog.Logger) error {
	key, err := bot.ParsePublicKey(m.Config.HTTP.PublicKey)
	if err != nil {
		return errUsage{err}
	}
	if m.Endpoint, err = m.Bot.Endpoint(s, key); err != nil {
		return errUsage{err}
	}

	ln, err := net.Listen("tcp", m.Config.HTTP.Listen)
	if err != nil {
		return fmt.Errorf("listening for interactions: %w", err)
	}
	m.served = make(chan error, 1)
	go func() { m.served <- m.Endpoint.Serve(ln) }()
	if err := m.Endpoint.Register(ctx); err != nil {
		if errors.Is(err, bot.ErrPublicKey) {
			return errUsage{fmt.Errorf("http.public_key: %w", err)}
		}
		return err
	}
	// Ready from now on: a stop must give the load balancer time to
	// notice. A start that failed was never ready, and stops at once.
	if m.Endpoint.Drain, err = m.Config.drain(); err != nil {
		return errUsage{err}
	}
	log.Info("serving interactions", "addr", ln.Addr().String(), "path", "/interactions")
	return nil
}

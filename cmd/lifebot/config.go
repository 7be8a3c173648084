package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/lifebot/lifebot/bot/endpoint"
)

// Config is the bot's configuration: a TOML file, then environment
// variables on top.
type Config struct {
	Discord struct {
		Token string `toml:"token"`
		API   string `toml:"api"`
		Guild string `toml:"guild"`
	} `toml:"discord"`
	Storage struct {
		Path string `toml:"path"`
	} `toml:"storage"`
	Turns struct {
		RemindAfter  string `toml:"remind_after"`
		MaxReminders int    `toml:"max_reminders"`
	} `toml:"turns"`
	Log struct {
		Level  string `toml:"level"`
		Format string `toml:"format"`
	} `toml:"log"`
}

func defaultConfig() Config {
	var c Config
	c.Discord.API = endpoint.Default
	c.Storage.Path = "lifebot.db"
	c.Turns.RemindAfter = "12h"
	c.Turns.MaxReminders = 3
	c.Log.Level = "info"
	c.Log.Format = "text"
	return c
}

// LoadConfig reads path (if not empty) and applies the environment through
// getenv. Unknown keys are refused: a typo must not silently do nothing.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	c := defaultConfig()
	if path != "" {
		md, err := toml.DecodeFile(path, &c)
		if err != nil {
			var perr toml.ParseError
			if errors.As(err, &perr) {
				return c, fmt.Errorf("%s: line %d: %s", path, perr.Position.Line, perr.Message)
			}
			return c, fmt.Errorf("%s: %w", path, err)
		}
		if extra := md.Undecoded(); len(extra) > 0 {
			keys := make([]string, len(extra))
			for i, k := range extra {
				keys[i] = k.String()
			}
			return c, fmt.Errorf("%s: unknown setting %s", path, strings.Join(keys, ", "))
		}
	}
	for env, dst := range map[string]*string{
		"DISCORD_TOKEN":       &c.Discord.Token,
		"LIFEBOT_DATA":        &c.Storage.Path,
		"LIFEBOT_DISCORD_API": &c.Discord.API,
		"LIFEBOT_GUILD":       &c.Discord.Guild,
	} {
		if v := getenv(env); v != "" {
			*dst = v
		}
	}
	return c, c.validate()
}

func (c Config) validate() error {
	if strings.TrimSpace(c.Discord.Token) == "" {
		return errors.New("no Discord token: set discord.token in the config file or DISCORD_TOKEN")
	}
	if _, err := endpoint.Client(c.Discord.API, 0); err != nil {
		return fmt.Errorf("discord.api: %w", err)
	}
	if c.Storage.Path == "" {
		return errors.New("storage.path is empty")
	}
	if _, err := c.remindAfter(); err != nil {
		return err
	}
	if c.Turns.MaxReminders < 0 {
		return errors.New("turns.max_reminders cannot be negative")
	}
	if _, err := c.level(); err != nil {
		return err
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		return fmt.Errorf("log.format must be text or json, not %q", c.Log.Format)
	}
	return nil
}

// remindAfter parses turns.remind_after; "0" or "" turns reminders off.
func (c Config) remindAfter() (time.Duration, error) {
	if c.Turns.RemindAfter == "" || c.Turns.RemindAfter == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(c.Turns.RemindAfter)
	if err != nil || d < time.Minute {
		return 0, fmt.Errorf("turns.remind_after must be a duration of a minute or more, like \"12h\", or \"0\" for none; not %q", c.Turns.RemindAfter)
	}
	return d, nil
}

func (c Config) level() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.Log.Level)); err != nil {
		return l, fmt.Errorf("log.level must be debug, info, warn or error, not %q", c.Log.Level)
	}
	return l, nil
}

func (c Config) logger() *slog.Logger {
	l, _ := c.level()
	opts := &slog.HandlerOptions{Level: l}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

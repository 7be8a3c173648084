package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/lifebot/lifebot/bot/core"
	"github.com/lifebot/lifebot/bot/endpoint"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage/postgres"
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
		// Backend is "bbolt" (a file at Path) or "postgres" (a database
		// at URL).
		Backend string `toml:"backend"`
		Path    string `toml:"path"`
		URL     string `toml:"url"`
		// SweepEvery is how often due work is looked for; Lease is how long
		// a game's deliveries stay with the process that saved it last,
		// when several share a PostgreSQL database. Go durations.
		SweepEvery string `toml:"sweep_every"`
		Lease      string `toml:"lease"`
		// Pool is how many connections to PostgreSQL this process keeps.
		Pool int `toml:"pool"`
	} `toml:"storage"`
	Turns struct {
		Clock   string `toml:"clock"`
		AwayCap string `toml:"away_cap"`
		// RemindAfter and MaxReminders are what clock replaced, still read
		// from older files (see turnClock); legacy says the file set them.
		RemindAfter  string `toml:"remind_after"`
		MaxReminders int    `toml:"max_reminders"`
		legacy       bool
	} `toml:"turns"`
	Stats struct {
		MinGames int  `toml:"min_games"`
		CountAI  bool `toml:"count_ai"`
	} `toml:"stats"`
	Tables struct {
		LobbyExpiry     string `toml:"lobby_expiry"`
		MaxLobbies      int    `toml:"max_lobbies"`
		MaxChannelGames int    `toml:"max_channel_games"`
		Threads         bool   `toml:"threads"`
		// ThreadsIn overrides Threads per server, by guild id.
		ThreadsIn map[string]bool `toml:"threads_in"`
		// Language is the language of boards, pings and stories; "" is
		// each server's own, as Discord tells it. LanguageIn overrides it
		// per server, by guild id.
		Language   string            `toml:"language"`
		LanguageIn map[string]string `toml:"language_in"`
	} `toml:"tables"`
	Render struct {
		// FallbackFonts are TrueType files for the characters the
		// built-in fonts and emoji lack; unset means none.
		FallbackFonts []string `toml:"fallback_fonts"`
	} `toml:"render"`
	Log struct {
		Level  string `toml:"level"`
		Format string `toml:"format"`
	} `toml:"log"`
	// HTTP is for "lifebot serve" (see serve.go), and Replica names the
	// process in the logs of either mode.
	HTTP struct {
		Listen    string `toml:"listen"`
		PublicKey string `toml:"public_key"`
		Replica   string `toml:"replica"`
		Drain     string `toml:"drain"`
	} `toml:"http"`

	// file is the configuration file read, "" for none.
	file string
}

// defaultConfigFile is read from the working directory when present and
// no -config names another file.
const defaultConfigFile = "config.toml"

// configFlag declares -config on flags, saying what is read from the file
// and what overrides it.
func configFlag(flags *flag.FlagSet, reads, overrides string) *string {
	return flags.String("config", "", "read "+reads+" from this TOML `file` (default ./"+defaultConfigFile+" when present; "+overrides+")")
}

// configFile is the file to read: the one -config named, which must
// exist, else ./config.toml unless there is none (one that cannot be read
// is an error, not a silent fall back to the defaults).
func configFile(named string) string {
	if named != "" {
		return named
	}
	if _, err := os.Stat(defaultConfigFile); errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	return defaultConfigFile
}

// source says where the settings came from, as the start says it.
func (c Config) source() string {
	if c.file == "" {
		return "defaults and the environment (no configuration file)"
	}
	return c.file + " and the environment"
}

func defaultConfig() Config {
	var c Config
	c.Discord.API = endpoint.Default
	c.Storage.Backend = "bbolt"
	c.Storage.Path = "lifebot.db"
	c.Storage.SweepEvery = "1m"
	c.Storage.Lease = "30s"
	c.Storage.Pool = postgres.DefaultPool
	c.Turns.Clock = "1d"
	c.Turns.AwayCap = "7d"
	c.Turns.RemindAfter = "12h"
	c.Turns.MaxReminders = 3
	c.Stats.MinGames = 5
	c.Tables.LobbyExpiry = "1d"
	c.Tables.MaxLobbies = 3
	c.Tables.MaxChannelGames = 10
	c.Tables.Threads = true
	c.Log.Level = "info"
	c.Log.Format = "text"
	c.HTTP.Listen = ":8080"
	c.HTTP.Drain = "5s"
	return c
}

// LoadConfig reads path (if not empty) and applies the environment through
// getenv, then checks the result. Unknown keys are refused: a typo must not
// silently do nothing.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	c, err := readConfig(path, getenv)
	if err != nil {
		return c, err
	}
	return c, c.validate()
}

// readConfig reads path (if not empty) and the environment, checking
// nothing but the file's syntax and keys.
func readConfig(path string, getenv func(string) string) (Config, error) {
	c := defaultConfig()
	backendSet := false
	if path != "" {
		text, err := os.ReadFile(path)
		if err != nil {
			return c, err
		}
		md, err := toml.Decode(string(text), &c)
		if err != nil {
			return c, tomlError(path, text, err)
		}
		if extra := md.Undecoded(); len(extra) > 0 {
			keys := make([]string, len(extra))
			for i, k := range extra {
				keys[i] = k.String()
			}
			return c, fmt.Errorf("%s: unknown setting %s", path, strings.Join(keys, ", "))
		}
		c.file = path
		backendSet = md.IsDefined("storage", "backend")
		c.Turns.legacy = md.IsDefined("turns", "remind_after") || md.IsDefined("turns", "max_reminders")
		if c.Turns.legacy && md.IsDefined("turns", "clock") {
			return c, fmt.Errorf("%s: turns.clock replaces turns.remind_after and turns.max_reminders: keep only turns.clock", path)
		}
	}
	for env, dst := range map[string]*string{
		"DISCORD_TOKEN":        &c.Discord.Token,
		"LIFEBOT_DATA":         &c.Storage.Path,
		"LIFEBOT_POSTGRES_URL": &c.Storage.URL,
		"LIFEBOT_DISCORD_API":  &c.Discord.API,
		"LIFEBOT_GUILD":        &c.Discord.Guild,
	} {
		if v := getenv(env); v != "" {
			*dst = v
		}
	}
	if v := getenv("LIFEBOT_POSTGRES_POOL"); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return c, fmt.Errorf("LIFEBOT_POSTGRES_POOL must be a whole number of connections, like 16; not %q", v)
		}
		c.Storage.Pool = n
	}
	// A PostgreSQL URL, in the file or the environment, is the database
	// meant, unless the file chose a backend in so many words.
	if c.Storage.URL != "" && !backendSet {
		c.Storage.Backend = "postgres"
	}
	c.httpFromEnv(getenv)
	return c, nil
}

// tomlError says in one line what is wrong with a config file, without
// ever showing the token or the database URL, which may hold a password.
// The parser quotes what it could not read, and on a token's line that is
// the token: such a message is left out, as is any message that shares a
// few characters in a row with a token's value.
func tomlError(path string, text []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "toml: ")
	var perr toml.ParseError
	parse := errors.As(err, &perr)
	lines, values := secretLines(string(text))
	switch {
	case parse && !lines[perr.Position.Line] && !quotesAny(perr.Message, values):
		return fmt.Errorf("%s: line %d: %s", path, perr.Position.Line, oneLine(perr.Message))
	case !parse && !quotesAny(msg, values):
		return fmt.Errorf("%s: %s", path, oneLine(msg))
	}
	const hidden = "malformed; the parser's message is left out, as it would quote the token or the database URL"
	line := perr.Position.Line
	if m := lineOf.FindStringSubmatch(msg); !parse && m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	if line > 0 {
		return fmt.Errorf("%s: line %d: %s", path, line, hidden)
	}
	return fmt.Errorf("%s: %s", path, hidden)
}

// lineOf finds the line a decoding error (not a syntax error) is about.
var lineOf = regexp.MustCompile(`^line (\d+) `)

// secretKey matches a line that sets a key named token or url: in a table,
// dotted (discord.token) or inside an inline table.
var secretKey = regexp.MustCompile(`(?i)(^|[\s.{,"'])(token|url)["']?\s*=(.*)$`)

// secretLines finds the lines of a config file that set a token or a URL,
// with the lines a multi-line string begun there runs on over, and the
// text of their values.
func secretLines(text string) (map[int]bool, []string) {
	lines := map[int]bool{}
	var values []string
	closing := ""
	for i, l := range strings.Split(text, "\n") {
		if closing != "" {
			lines[i+1], values = true, append(values, strings.TrimSpace(l))
			if strings.Contains(l, closing) {
				closing = ""
			}
			continue
		}
		m := secretKey.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		v := strings.TrimSpace(m[3])
		lines[i+1], values = true, append(values, v)
		for _, q := range []string{`"""`, `'''`} {
			if strings.HasPrefix(v, q) && !strings.Contains(v[len(q):], q) {
				closing = q
			}
		}
	}
	return lines, values
}

// quotesAny says whether msg holds six characters in a row of any of
// values, or the whole of a shorter one.
func quotesAny(msg string, values []string) bool {
	const run = 6
	for _, v := range values {
		v = strings.Trim(v, `"' `)
		switch {
		case v == "":
		case len(v) <= run:
			if strings.Contains(msg, v) {
				return true
			}
		default:
			for i := 0; i+run <= len(v); i++ {
				if strings.Contains(msg, v[i:i+run]) {
					return true
				}
			}
		}
	}
	return false
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func (c Config) validate() error {
	if strings.TrimSpace(c.Discord.Token) == "" {
		return errors.New("no Discord token: set discord.token in the config file or DISCORD_TOKEN")
	}
	if _, err := endpoint.Client(c.Discord.API, 0); err != nil {
		return fmt.Errorf("discord.api: %w", err)
	}
	if u, _ := url.Parse(c.Discord.API); u.Scheme == "http" && !loopback(u.Hostname()) {
		return fmt.Errorf("discord.api %s is plain http to another machine, which would carry the token in clear: use https", u.Redacted())
	}
	if err := c.checkStorage(); err != nil {
		return err
	}
	if _, err := c.turnClock(); err != nil {
		return err
	}
	if _, err := c.awayCap(); err != nil {
		return err
	}
	if c.Stats.MinGames < 1 {
		return errors.New("stats.min_games must be 1 or more")
	}
	if _, err := c.lobbyExpiry(); err != nil {
		return err
	}
	if c.Tables.MaxLobbies < 0 || c.Tables.MaxChannelGames < 0 {
		return errors.New("tables.max_lobbies and tables.max_channel_games cannot be negative (0 means no cap)")
	}
	for guild, l := range maps.All(c.Tables.LanguageIn) {
		if err := checkLanguage("tables.language_in."+guild, l); err != nil {
			return err
		}
	}
	if err := checkLanguage("tables.language", c.Tables.Language); err != nil {
		return err
	}
	if _, err := c.level(); err != nil {
		return err
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		return fmt.Errorf("log.format must be text or json, not %q", c.Log.Format)
	}
	return nil
}

// checkLanguage refuses a language the bot does not speak; "" is the
// server's own.
func checkLanguage(key, l string) error {
	if l == "" || slices.Contains(i18n.Langs, i18n.Lang(l)) {
		return nil
	}
	var have []string
	for _, l := range i18n.Langs {
		have = append(have, string(l))
	}
	return fmt.Errorf("%s is %q: lifebot speaks %s, or \"\" for each server's own language", key, l, strings.Join(have, ", "))
}

// checkStorage checks that the chosen backend has what it needs.
func (c Config) checkStorage() error {
	switch c.Storage.Backend {
	case "bbolt":
		if strings.TrimSpace(c.Storage.Path) == "" {
			return errors.New("storage.path is empty: set it in the config file or LIFEBOT_DATA")
		}
	case "postgres":
		if strings.TrimSpace(c.Storage.URL) == "" {
			return errors.New("storage.backend is postgres but storage.url is empty: set it in the config file or LIFEBOT_POSTGRES_URL")
		}
	default:
		return fmt.Errorf("storage.backend must be \"bbolt\" or \"postgres\", not %q", c.Storage.Backend)
	}
	if c.Storage.Pool < 1 || c.Storage.Pool > maxPool {
		return fmt.Errorf("storage.pool must be from 1 to %d connections, not %d", maxPool, c.Storage.Pool)
	}
	if _, err := c.sweepEvery(); err != nil {
		return err
	}
	_, err := c.lease()
	return err
}

// maxPool bounds storage.pool: more connections than this from one
// process is a typo, not a plan.
const maxPool = 1000

// sweepEvery is how often the bot looks for due work.
func (c Config) sweepEvery() (time.Duration, error) {
	return positiveDuration("storage.sweep_every", c.Storage.SweepEvery, "\"1m\"")
}

// lease is how long a game's deliveries stay with one process.
func (c Config) lease() (time.Duration, error) {
	return positiveDuration("storage.lease", c.Storage.Lease, "\"30s\"")
}

func positiveDuration(key, value, example string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(value))
	if err != nil || d < time.Second {
		return 0, fmt.Errorf("%s must be a duration of a second or more, like %s; not %q", key, example, value)
	}
	return d, nil
}

// loopback says whether host is this machine, so that plain http to it
// never leaves it.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// turnClock is the clock of games whose host chose none: turns.clock, or
// in an older file the time after which the AI used to stand in, that is
// remind_after times (max_reminders + 1), "12h" and 3 giving 2 days.
func (c Config) turnClock() (time.Duration, error) {
	if c.Turns.legacy {
		every, err := c.remindAfter()
		if err != nil {
			return 0, err
		}
		n := c.Turns.MaxReminders
		switch {
		case n < 0:
			return 0, errors.New("turns.max_reminders cannot be negative")
		case n == 0:
			n = 3 // what 0 meant in those files
		}
		return every * time.Duration(n+1), nil
	}
	d, err := core.ParseSpan(c.Turns.Clock)
	if err != nil || d != 0 && d < time.Minute {
		return 0, fmt.Errorf("turns.clock must be \"none\" or a duration of a minute or more, like \"12h\", \"1d\" or \"3d\"; not %q", c.Turns.Clock)
	}
	return d, nil
}

// lobbyExpiry parses tables.lobby_expiry; "0" or "none" keeps lobbies
// open.
func (c Config) lobbyExpiry() (time.Duration, error) {
	if c.Tables.LobbyExpiry == "0" || c.Tables.LobbyExpiry == "none" {
		return 0, nil
	}
	d, err := core.ParseSpan(c.Tables.LobbyExpiry)
	if err != nil || d < time.Minute {
		return 0, fmt.Errorf("tables.lobby_expiry must be a duration of a minute or more, like \"1d\", or \"none\"; not %q", c.Tables.LobbyExpiry)
	}
	return d, nil
}

// threads says whether a server's games play in threads of their own.
func (c Config) threads(guild string) bool {
	if v, ok := c.Tables.ThreadsIn[guild]; ok {
		return v
	}
	return c.Tables.Threads
}

// language is the language a server's games speak in its channels, ""
// for the server's own.
func (c Config) language(guild string) string {
	if v, ok := c.Tables.LanguageIn[guild]; ok {
		return v
	}
	return c.Tables.Language
}

// awayCap parses turns.away_cap.
func (c Config) awayCap() (time.Duration, error) {
	d, err := core.ParseSpan(c.Turns.AwayCap)
	if err != nil || d < time.Hour {
		return 0, fmt.Errorf("turns.away_cap must be a duration of an hour or more, like \"7d\"; not %q", c.Turns.AwayCap)
	}
	return d, nil
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
	var h slog.Handler = slog.NewTextHandler(os.Stderr, opts)
	if c.Log.Format == "json" {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	return slog.New(h).With("replica", c.replica())
}

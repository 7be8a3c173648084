package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExampleConfigLoads(t *testing.T) {
	c, err := LoadConfig("../../config.example.toml", env(map[string]string{"DISCORD_TOKEN": "t"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.API != "https://discord.com/api/v10" || c.Storage.Backend != "bbolt" || c.Storage.Path != "lifebot.db" {
		t.Fatalf("example config gave api %q, backend %q, path %q", c.Discord.API, c.Storage.Backend, c.Storage.Path)
	}
}

func TestTableSettings(t *testing.T) {
	p := writeConfig(t, "[discord]\ntoken = \"x\"\n[tables]\nlobby_expiry = \"12h\"\nthreads = false\nthreads_in = { \"7\" = true }\n")
	c, err := LoadConfig(p, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := c.lobbyExpiry(); d != 12*time.Hour {
		t.Errorf("lobby expiry %v, want 12h", d)
	}
	if c.threads("1") || !c.threads("7") {
		t.Errorf("threads: server 1 %v (want the file's, false), server 7 %v (want its own true)", c.threads("1"), c.threads("7"))
	}
	def, err := LoadConfig("", env(map[string]string{"DISCORD_TOKEN": "t"}))
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := def.lobbyExpiry(); d != 24*time.Hour || def.Tables.MaxLobbies != 3 || def.Tables.MaxChannelGames != 10 || !def.threads("1") {
		t.Errorf("defaults: expiry %v, caps %d and %d, threads %v", d, def.Tables.MaxLobbies, def.Tables.MaxChannelGames, def.threads("1"))
	}
}

func TestEnvironmentOverridesFile(t *testing.T) {
	p := writeConfig(t, "[discord]\ntoken = \"file\"\napi = \"http://127.0.0.1:1/api\"\nguild = \"1\"\n[storage]\npath = \"a.db\"\n")
	c, err := LoadConfig(p, env(map[string]string{
		"DISCORD_TOKEN": "envtoken", "LIFEBOT_DATA": "b.db", "LIFEBOT_DISCORD_API": "http://127.0.0.1:2/api", "LIFEBOT_GUILD": "2",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token != "envtoken" || c.Storage.Path != "b.db" || c.Discord.API != "http://127.0.0.1:2/api" || c.Discord.Guild != "2" {
		t.Fatalf("environment did not override the file: %+v", c)
	}
}

// The pool of PostgreSQL connections is 16 unless the file or
// LIFEBOT_POSTGRES_POOL says otherwise; the environment wins, and must be
// a number.
func TestStoragePool(t *testing.T) {
	for _, tc := range []struct {
		name, file, env string
		want            int
	}{
		{"default", "", "", 16},
		{"file", "pool = 12", "", 12},
		{"environment", "pool = 12", "8", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadConfig(writeConfig(t, "[discord]\ntoken = \"x\"\n[storage]\n"+tc.file+"\n"), env(map[string]string{"LIFEBOT_POSTGRES_POOL": tc.env}))
			if err != nil {
				t.Fatal(err)
			}
			if c.Storage.Pool != tc.want {
				t.Fatalf("pool = %d, want %d", c.Storage.Pool, tc.want)
			}
		})
	}
	_, err := LoadConfig(writeConfig(t, "[discord]\ntoken = \"x\"\n"), env(map[string]string{"LIFEBOT_POSTGRES_POOL": "many"}))
	if err == nil || !strings.Contains(err.Error(), "LIFEBOT_POSTGRES_POOL must be a whole number") {
		t.Fatalf("LIFEBOT_POSTGRES_POOL=many: %v", err)
	}
}

// A PostgreSQL URL chooses PostgreSQL, from the file or the environment,
// unless the file chose bbolt in so many words; the environment's URL
// replaces the file's.
func TestStorageBackend(t *testing.T) {
	const fileURL, envURL = "postgres://file/lifebot", "postgres://env/lifebot"
	for _, tc := range []struct {
		name, storage, env string
		backend, path, url string
	}{
		{"default", "", "", "bbolt", "lifebot.db", ""},
		{"environment", "", envURL, "postgres", "lifebot.db", envURL},
		{"file", "url = \"" + fileURL + "\"", "", "postgres", "lifebot.db", fileURL},
		{"file and environment", "backend = \"postgres\"\nurl = \"" + fileURL + "\"", envURL, "postgres", "lifebot.db", envURL},
		{"bbolt chosen", "backend = \"bbolt\"\npath = \"games.db\"", envURL, "bbolt", "games.db", envURL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadConfig(writeConfig(t, "[discord]\ntoken = \"x\"\n[storage]\n"+tc.storage+"\n"),
				env(map[string]string{"LIFEBOT_POSTGRES_URL": tc.env}))
			if err != nil {
				t.Fatal(err)
			}
			if s := c.Storage; s.Backend != tc.backend || s.Path != tc.path || s.URL != tc.url {
				t.Fatalf("storage = %+v, want backend %q, path %q, url %q", s, tc.backend, tc.path, tc.url)
			}
		})
	}
}

func TestBadConfigsAreRefusedClearly(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"syntax", "[discord\ntoken = 1", ": line "},
		{"unknown key", "[discord]\ntoken = \"x\"\ntokn = \"y\"\n", "unknown setting discord.tokn"},
		{"wrong type", "[discord]\ntoken = 5\n", "token"},
		{"no token", "[discord]\ntoken = \"\"\n", "no Discord token"},
		{"bad api", "[discord]\ntoken = \"x\"\napi = \"ftp://x\"\n", "discord.api"},
		{"bad level", "[discord]\ntoken = \"x\"\n[log]\nlevel = \"loud\"\n", "log.level"},
		{"bad format", "[discord]\ntoken = \"x\"\n[log]\nformat = \"xml\"\n", "log.format"},
		{"bad reminder", "[discord]\ntoken = \"x\"\n[turns]\nremind_after = \"soon\"\n", "turns.remind_after"},
		{"tiny reminder", "[discord]\ntoken = \"x\"\n[turns]\nremind_after = \"1s\"\n", "turns.remind_after"},
		{"negative reminders", "[discord]\ntoken = \"x\"\n[turns]\nmax_reminders = -1\n", "turns.max_reminders"},
		{"no games to be ranked", "[discord]\ntoken = \"x\"\n[stats]\nmin_games = 0\n", "stats.min_games"},
		{"bad lobby expiry", "[discord]\ntoken = \"x\"\n[tables]\nlobby_expiry = \"soon\"\n", "tables.lobby_expiry"},
		{"bad sweep", "[discord]\ntoken = \"x\"\n[storage]\nsweep_every = \"1d\"\n", "storage.sweep_every"},
		{"lease too short", "[discord]\ntoken = \"x\"\n[storage]\nlease = \"10ms\"\n", "storage.lease"},
		{"negative cap", "[discord]\ntoken = \"x\"\n[tables]\nmax_lobbies = -1\n", "tables.max_lobbies"},
		{"a language not spoken", "[discord]\ntoken = \"x\"\n[tables]\nlanguage = \"klingon\"\n", "tables.language is \"klingon\": lifebot speaks en-US, de, fr, es-ES, pt-BR"},
		{"a server's language not spoken", "[discord]\ntoken = \"x\"\n[tables]\nlanguage_in = { \"42\" = \"German\" }\n", "tables.language_in.42"},
		{"no pool", "[discord]\ntoken = \"x\"\n[storage]\npool = 0\n", "storage.pool must be from 1 to 1000 connections, not 0"},
		{"huge pool", "[discord]\ntoken = \"x\"\n[storage]\npool = 5000\n", "storage.pool must be from 1 to 1000"},
		{"bad clock", "[discord]\ntoken = \"x\"\n[turns]\nclock = \"soon\"\n", "turns.clock"},
		{"tiny clock", "[discord]\ntoken = \"x\"\n[turns]\nclock = \"1s\"\n", "turns.clock"},
		{"clock and reminders", "[discord]\ntoken = \"x\"\n[turns]\nclock = \"1d\"\nremind_after = \"12h\"\n", "keep only turns.clock"},
		{"bad away cap", "[discord]\ntoken = \"x\"\n[turns]\naway_cap = \"0\"\n", "turns.away_cap"},
		{"empty path", "[discord]\ntoken = \"x\"\n[storage]\npath = \"\"\n", "storage.path is empty"},
		{"blank path", "[discord]\ntoken = \"x\"\n[storage]\npath = \"  \"\n", "storage.path is empty"},
		{"plain http", "[discord]\ntoken = \"x\"\napi = \"http://discord.example/api\"\n", "plain http"},
		{"unknown backend", "[discord]\ntoken = \"x\"\n[storage]\nbackend = \"sqlite\"\n", `storage.backend must be "bbolt" or "postgres", not "sqlite"`},
		{"postgres without url", "[discord]\ntoken = \"x\"\n[storage]\nbackend = \"postgres\"\n", "storage.url is empty: set it in the config file or LIFEBOT_POSTGRES_URL"},
		{"bbolt without path", "[discord]\ntoken = \"x\"\n[storage]\nbackend = \"bbolt\"\npath = \"\"\nurl = \"postgres://db/lifebot\"\n", "storage.path is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadConfig(writeConfig(t, tc.text), env(nil))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one mentioning %q", err, tc.want)
			}
			if strings.Count(err.Error(), "\n") > 0 {
				t.Errorf("error spans several lines: %q", err)
			}
		})
	}
	if _, err := LoadConfig(filepath.Join(t.TempDir(), "missing.toml"), env(nil)); err == nil {
		t.Fatal("a missing config file was accepted")
	}
}

// token is a made-up bot token, letters first as the parser quotes a run
// of them; no error may show any six characters of it in a row.
const token = "secretTOKENtext.MTA5NzQ.Gx7aQ2.k9Pz-0123456789"

func shows(msg, secret string) bool {
	for i := 0; i+6 <= len(secret); i++ {
		if strings.Contains(msg, secret[i:i+6]) {
			return true
		}
	}
	return false
}

func TestConfigErrorsNeverShowTheToken(t *testing.T) {
	number := "1" + strings.Repeat("0", 20)
	for _, tc := range []struct{ name, text, secret string }{
		{"bare", "[discord]\ntoken = " + token + "\n", token},
		{"unclosed string", "[discord]\ntoken = \"" + token + "\n", token},
		{"unclosed literal", "[discord]\ntoken = '" + token + "\n", token},
		{"bad escape", "[discord]\ntoken = \"" + token[:10] + "\\q" + token[10:] + "\"\n", token},
		{"junk after", "[discord]\ntoken = \"" + token + "\" " + token + "\n", token},
		{"dotted key", "discord.token = " + token + "\n", token},
		{"inline table", "discord = { token = " + token + " }\n", token},
		{"unclosed multi-line", "[discord]\ntoken = \"\"\"\n" + token + "\n", token},
		{"control character", "[discord]\ntoken = \"" + token + "\x01\"\n", token},
		{"twice", "[discord]\ntoken = \"" + token + "\"\ntoken = \"" + token + "\"\n", token},
		{"in an array", "[discord]\ntoken = [\"" + token + "\"]\n", token},
		{"in a table", "[discord]\ntoken = { value = \"" + token + "\" }\n", token},
		{"a number too large", "[discord]\ntoken = " + number + "\n", number},
		{"with a wrong neighbour", "[discord]\ntoken = \"" + token + "\"\napi = 5\n", token},
		{"unknown key beside it", "[discord]\ntoken = \"" + token + "\"\n[storage]\npth = \"x\"\n", token},
		{"database password", "[storage]\nurl = postgres://lifebot:" + token + "@db/lifebot\n", token},
		{"database password, bad escape", "[storage]\nurl = \"postgres://lifebot:" + token[:10] + "\\q" + token[10:] + "@db\"\n", token},
		{"database password, control character", "[storage]\nurl = \"postgres://lifebot:" + token + "\x01@db\"\n", token},
		{"database password, junk after", "storage.url = \"postgres://lifebot:" + token + "@db/lifebot\" " + token + "\n", token},
		{"database password, in an array", "[storage]\nurl = [\"postgres://lifebot:" + token + "@db\"]\n", token},
		{"database password, bare", "[storage]\nurl = " + token + "\n", token},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadConfig(writeConfig(t, tc.text), env(nil))
			if err == nil {
				t.Fatal("a malformed config was accepted")
			}
			t.Log(err)
			if shows(err.Error(), tc.secret) {
				t.Fatalf("the error shows the token: %q", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans several lines: %q", err)
			}
		})
	}
}

// The parser's own message stays when it cannot show the token.
func TestConfigErrorsKeepUsefulMessages(t *testing.T) {
	_, err := LoadConfig(writeConfig(t, "[discord]\ntoken = \""+token+"\"\n[log]\nlevel = loud\n"), env(nil))
	if err == nil || !strings.Contains(err.Error(), "line 4: expected value but found \"loud\"") {
		t.Fatalf("got %v, want the parser's message about line 4", err)
	}
}

func TestPlainHTTPOnlyToThisMachine(t *testing.T) {
	for _, tc := range []struct {
		api string
		ok  bool
	}{
		{"http://127.0.0.1:8080/api", true},
		{"http://127.9.8.7/api", true},
		{"http://[::1]:8080/api", true},
		{"http://localhost:3000/api", true},
		{"http://LocalHost/api", true},
		{"https://discord.example/api", true},
		{"https://203.0.113.9/api", true},
		{"http://discord.example/api", false},
		{"http://203.0.113.9/api", false},
		{"http://10.0.0.2:8080/api", false},
		{"http://0.0.0.0:8080/api", false},
		{"http://localhost.discord.example/api", false},
		{"http://user:secret@discord.example/api", false},
	} {
		_, err := LoadConfig("", env(map[string]string{"DISCORD_TOKEN": "t", "LIFEBOT_DISCORD_API": tc.api}))
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s refused: %v", tc.api, err)
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), "plain http")):
			t.Errorf("%s: got %v, want a refusal of plain http", tc.api, err)
		case !tc.ok && strings.Contains(err.Error(), "secret"):
			t.Errorf("%s: the refusal shows the password: %v", tc.api, err)
		}
	}
}

// turns.clock sets the default clock; an older file's reminder settings
// give the time after which the AI used to stand in.
func TestTurnClockSettings(t *testing.T) {
	for _, tc := range []struct {
		name, turns string
		want        time.Duration
	}{
		{"default", "", 24 * time.Hour},
		{"clock", "clock = \"3d\"", 72 * time.Hour},
		{"no clock", "clock = \"none\"", 0},
		{"old reminders", "remind_after = \"12h\"\nmax_reminders = 3", 48 * time.Hour},
		{"old period alone", "remind_after = \"6h\"", 24 * time.Hour},
		{"old count alone", "max_reminders = 1", 24 * time.Hour},
		{"old reminders off", "remind_after = \"0\"", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadConfig(writeConfig(t, "[discord]\ntoken = \"x\"\n[turns]\n"+tc.turns+"\n"), env(nil))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := c.turnClock()
			if got != tc.want {
				t.Fatalf("turns %q gave a clock of %v, want %v", tc.turns, got, tc.want)
			}
		})
	}
}

// fileIn writes a file named name into dir.
func fileIn(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// The bot reads ./config.toml unless -config names another file, and says
// at start which settings it read. Discord refuses the token, so each
// start stops once it has said so.
func TestTheStartSaysWhichConfigItRead(t *testing.T) {
	fake := discordtest.New(t)
	settings := func(dir string) string {
		return "[discord]\ntoken = \"wrong\"\napi = \"" + fake.URL() + "\"\n[storage]\npath = \"" + filepath.Join(dir, "lifebot.db") + "\"\n" +
			"[http]\npublic_key = \"" + fake.PublicKey() + "\"\nlisten = \"" + freeAddr(t) + "\"\n"
	}
	beside := t.TempDir()
	fileIn(t, beside, "config.toml", settings(beside))
	other := t.TempDir()
	fileIn(t, other, "config.toml", "[discord]\ntoken = 1\n")
	fileIn(t, other, "other.toml", settings(other))
	for _, tc := range []struct {
		name, dir, args string
		environ         []string
		want            string
	}{
		{"beside", beside, "", nil, `from="config.toml and the environment"`},
		{"serve beside", beside, "serve", nil, `from="config.toml and the environment"`},
		{"named", other, "-config other.toml", nil, `from="other.toml and the environment"`},
		{"none", t.TempDir(), "", []string{"DISCORD_TOKEN=wrong", "LIFEBOT_DISCORD_API=" + fake.URL(), "LIFEBOT_DATA=" + filepath.Join(t.TempDir(), "lifebot.db")},
			`from="defaults and the environment (no configuration file)"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runMainIn(t, tc.dir, tc.args, tc.environ...)
			if code != 2 || !strings.Contains(lineWith(stderr, `msg="settings read"`), tc.want) || !strings.Contains(failureOf(t, stderr), "rejected the token") {
				t.Fatalf("exit %d, stderr:\n%s\nwant the settings read (%s), then the token refused", code, stderr, tc.want)
			}
		})
	}
	t.Run("named but missing", func(t *testing.T) {
		code, _, stderr := runMainIn(t, beside, "-config missing.toml")
		if code != 2 || !strings.Contains(stderr, "missing.toml") || strings.Contains(stderr, "settings read") {
			t.Fatalf("exit %d, stderr %q; want exit 2 naming the missing file, not the config.toml beside it", code, stderr)
		}
	})
}

// lifebot backup reads storage.path from ./config.toml too, and says so.
func TestBackupReadsTheConfigBesideIt(t *testing.T) {
	dir, db := emptyDatabase(t)
	fileIn(t, dir, "config.toml", "[storage]\npath = \""+db+"\"\n")
	t.Chdir(dir)
	var out bytes.Buffer
	dest := filepath.Join(dir, "backup.db")
	if err := run(context.Background(), []string{"backup", dest}, &out, env(nil)); err != nil {
		t.Fatal(err)
	}
	want := "settings from config.toml and the environment\nbacked up 0 games from " + db + " to " + dest + "\n"
	if out.String() != want {
		t.Fatalf("backup printed %q, want %q", out.String(), want)
	}
}

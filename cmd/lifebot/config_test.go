package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if c.Discord.API != "https://discord.com/api/v10" || c.Storage.Path != "lifebot.db" {
		t.Fatalf("example config gave api %q path %q", c.Discord.API, c.Storage.Path)
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

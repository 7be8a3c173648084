package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
)

// freeAddr is an address on this machine where nothing listens.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestServeStartsAnswersAndStopsCleanly(t *testing.T) {
	fake := discordtest.New(t)
	guild := fake.AddGuild("Home")
	channel := fake.AddChannel(guild, "games")
	db := filepath.Join(t.TempDir(), "lifebot.db")
	addr := freeAddr(t)
	env := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "LIFEBOT_DISCORD_API": fake.URL(), "LIFEBOT_DATA": db, "LIFEBOT_GUILD": guild,
		"DISCORD_PUBLIC_KEY": fake.PublicKey(), "LIFEBOT_HTTP_LISTEN": addr, "LIFEBOT_HTTP_DRAIN": "2s",
	}
	stop, stopped := running(t, fake, guild, []string{"serve"}, env)
	wait, waited := context.WithTimeout(context.Background(), 10*time.Second)
	defer waited()
	base := "http://" + addr
	waitReadyz(t, wait, base, http.StatusOK, "once the commands are registered")
	if err := fake.VerifyEndpoint(wait, base+"/interactions"); err != nil {
		t.Fatal(err)
	}
	fake.DeliverHTTP(base + "/interactions")
	it, err := fake.Command(wait, fake.AddUser("Ada"), guild, channel, "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := it.Wait(wait); err != nil || resp.Message == nil || !strings.Contains(resp.Message.Content, "lifebot") {
		t.Fatalf("/help over HTTP answered %+v, %v", resp, err)
	}
	// Stopping, it says it is no longer ready at once, and still answers
	// what the load balancer sends before it notices.
	stop()
	waitReadyz(t, wait, base, http.StatusServiceUnavailable, "after the stop")
	it, err = fake.Command(wait, fake.AddUser("Ben"), guild, channel, "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := it.Wait(wait); err != nil || resp.Message == nil {
		t.Fatalf("/help while draining answered %+v, %v", resp, err)
	}
	if err := stopped(); err != nil {
		t.Fatalf("serve returned %v after a clean stop", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("the stopped server still answers")
	}
	s, err := storage.OpenBolt(db)
	if err != nil {
		t.Fatalf("reopening the database after a clean stop: %v", err)
	}
	s.Close()
}

func TestServeSettingsAreRefusedClearly(t *testing.T) {
	key := strings.Repeat("ab", 32)
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"no key", nil, nil, "DISCORD_PUBLIC_KEY"},
		{"short key", map[string]string{"DISCORD_PUBLIC_KEY": key[2:]}, nil, "http.public_key is not an Ed25519 public key in hex"},
		{"key not hex", map[string]string{"DISCORD_PUBLIC_KEY": strings.Repeat("zz", 32)}, nil, "developer portal"},
		{"no port", map[string]string{"DISCORD_PUBLIC_KEY": key, "LIFEBOT_HTTP_LISTEN": "8080"}, nil, "http.listen"},
		{"no port by flag", map[string]string{"DISCORD_PUBLIC_KEY": key}, []string{"-listen", "localhost"}, "http.listen"},
		{"drain not a duration", map[string]string{"DISCORD_PUBLIC_KEY": key, "LIFEBOT_HTTP_DRAIN": "soon"}, nil, "http.drain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{"DISCORD_TOKEN": "t", "LIFEBOT_DATA": filepath.Join(t.TempDir(), "lifebot.db")}
			for k, v := range tc.env {
				vars[k] = v
			}
			err := run(context.Background(), append([]string{"serve"}, tc.args...), &bytes.Buffer{}, env(vars))
			if !errors.As(err, new(errUsage)) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("serve = %v, want one line of usage error naming %q", err, tc.want)
			}
		})
	}
}

// A key that is not the application's stops serve with exit 2 and one
// line, and every log line before it names the replica.
func TestServeWithAnotherApplicationsKey(t *testing.T) {
	fake, other := discordtest.New(t), discordtest.New(t)
	code, _, stderr := runMain(t, "serve",
		"DISCORD_TOKEN="+fake.Token(), "LIFEBOT_DISCORD_API="+fake.URL(), "LIFEBOT_DATA="+filepath.Join(t.TempDir(), "lifebot.db"),
		"DISCORD_PUBLIC_KEY="+other.PublicKey(), "LIFEBOT_HTTP_LISTEN="+freeAddr(t), "LIFEBOT_REPLICA=blue-7")
	lines := strings.Split(stderr, "\n")
	last := lines[len(lines)-1]
	if code != 2 || !strings.HasPrefix(last, "lifebot: http.public_key: ") || !strings.Contains(last, "developer portal") {
		t.Fatalf("exit %d, last line %q; want exit 2 and a line about the key", code, last)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.Contains(l, "replica=blue-7") {
			t.Errorf("log line without the replica's name: %q", l)
		}
	}
	if len(lines) < 2 {
		t.Error("serve logged nothing before it stopped")
	}
	if len(fake.Commands("")) != 0 {
		t.Error("commands were registered with the wrong key")
	}
}

// waitReadyz polls base's /readyz until it answers want.
func waitReadyz(t *testing.T, ctx context.Context, base string, want int, when string) {
	t.Helper()
	for status := 0; status != want; {
		if ctx.Err() != nil {
			t.Fatalf("/readyz still answers %d %s", status, when)
		}
		if resp, err := http.Get(base + "/readyz"); err == nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
	}
}

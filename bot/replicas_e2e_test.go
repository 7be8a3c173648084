package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
)

// serveProcess is one "lifebot serve" process, built from cmd/lifebot and
// run as an operator runs it: its own listener, no gateway, the games in a
// shared PostgreSQL database.
type serveProcess struct {
	name string
	cmd  *exec.Cmd
	base string // http://127.0.0.1:port
	out  *syncBuffer
	done chan struct{}
}

func (p *serveProcess) url() string { return p.base + "/interactions" }

// buildLifebot builds the program into dir.
func buildLifebot(t testing.TB, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "lifebot")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/lifebot/lifebot/cmd/lifebot").CombinedOutput()
	if err != nil {
		t.Fatalf("building lifebot: %v\n%s", err, out)
	}
	return bin
}

// startServe starts one replica and waits until it is ready.
func startServe(t testing.TB, bin, config, name string, env []string) *serveProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := &serveProcess{name: name, base: "http://" + addr, out: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve", "-config", config, "-listen", addr)
	p.cmd.Env = append(os.Environ(), append(env, "LIFEBOT_REPLICA="+name)...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(15 * time.Second):
			p.cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("%s said:\n%s", name, p.out.String())
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(p.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
		}
		select {
		case <-p.done:
			t.Fatalf("%s stopped before it was ready:\n%s", name, p.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never became ready:\n%s", name, p.out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cluster is three replicas behind the fake, which delivers their
// interactions round-robin as a load balancer would.
type cluster struct {
	t     *testing.T
	h     *harness
	store storage.Store
	procs []*serveProcess
	alive []*serveProcess
}

// deliverToAlive points the fake at the replicas still running, as a load
// balancer's health check does.
func (c *cluster) deliverToAlive() {
	var urls []string
	for _, p := range c.alive {
		urls = append(urls, p.url())
	}
	c.h.fake.DeliverHTTP(urls...)
}

// game returns the stored game whose board is the message boardID, once
// the ledger naming the board is saved.
func (c *cluster) game(boardID string) storage.Record {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		recs, err := c.store.List(c.h.ctx(), storage.Filter{})
		if err != nil {
			c.t.Fatal(err)
		}
		for _, r := range recs {
			if recordedBoard(r.Data) == boardID {
				return r
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("no stored game shows board %s", boardID)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// open runs /newgame for the first user, seats the others and starts.
func (c *cluster) open(command string, opts map[string]any, users []discordtest.User) *discordtest.Message {
	c.t.Helper()
	h := c.h
	lobby := h.command(users[0], command, opts).Message
	if lobby == nil || lobby.Ephemeral() {
		c.t.Fatalf("%s opened no lobby: %+v", command, lobby)
	}
	for _, u := range users[1:] {
		h.click(u, h.fake.Message(lobby.ID), buttonLabelled(c.t, h.fake.Message(lobby.ID), "Join"))
	}
	h.click(users[0], h.fake.Message(lobby.ID), buttonLabelled(c.t, h.fake.Message(lobby.ID), "Start"))
	return lobby
}

// decision finds what u may click now in game id: the board's buttons
// when the board names u as the one to act, else the components of u's
// living DM of that game.
func (c *cluster) decision(id, boardID string, u discordtest.User) *discordtest.Message {
	board := c.h.fake.Message(boardID)
	if m := promptMention.FindStringSubmatch(board.Content); m != nil && m[1] == u.ID {
		for _, b := range plays(board) {
			if b.Label != "Show my hand" {
				return board
			}
		}
	}
	var dm *discordtest.Message
	for _, m := range c.h.fake.Messages(c.h.fake.DMChannel(u.ID)) {
		if len(m.Attachments) > 0 && strings.Contains(m.Content, "game `"+id+"`") {
			dm = m
		}
	}
	if dm == nil {
		return nil
	}
	for _, row := range dm.Components {
		for _, comp := range row {
			if !comp.Disabled {
				return dm
			}
		}
	}
	return nil
}

// act clicks an enabled component of msg that acts for u, choosing as few
// options of a menu as it allows, and waits for the answer.
func (c *cluster) act(u discordtest.User, msg *discordtest.Message, pick int) {
	c.t.Helper()
	var enabled []discordtest.Component
	for _, row := range msg.Components {
		for _, comp := range row {
			if !comp.Disabled && comp.Style != discordgo.LinkButton && !showsOnly(comp) {
				enabled = append(enabled, comp)
			}
		}
	}
	comp := enabled[pick%len(enabled)]
	var it *discordtest.Interaction
	var err error
	if comp.Type == discordgo.ButtonComponent {
		it, err = c.h.fake.Click(c.h.ctx(), u, msg, comp.CustomID)
	} else {
		n := 1
		if comp.MinValues != nil && *comp.MinValues > 1 {
			n = *comp.MinValues
		}
		var values []string
		for _, o := range comp.Options[:n] {
			values = append(values, o.Value)
		}
		it, err = c.h.fake.Select(c.h.ctx(), u, msg, comp.CustomID, values)
	}
	if err != nil {
		c.t.Fatal(err)
	}
	c.h.wait(it)
}

// playOut plays the game shown on boardID to its end by clicks; each is
// numbered for every, which may act on the cluster between clicks.
func (c *cluster) playOut(boardID string, users []discordtest.User, every func(click int)) {
	c.t.Helper()
	rec := c.game(boardID)
	clicks := 0
	for idle := 0; ; {
		got, err := c.store.Get(c.h.ctx(), rec.ID)
		if err != nil {
			c.t.Fatal(err)
		}
		if !got.Status.Open() {
			return
		}
		acted := false
		for _, u := range users {
			if msg := c.decision(rec.ID, boardID, u); msg != nil {
				c.act(u, msg, clicks)
				clicks++
				acted = true
				if every != nil {
					every(clicks)
				}
			}
		}
		if acted {
			idle = 0
			continue
		}
		// What the last click shows may still be on its way.
		if idle++; idle > 600 {
			for _, u := range users {
				for _, m := range c.h.fake.Messages(c.h.fake.DMChannel(u.ID)) {
					if strings.Contains(m.Content, "game `"+rec.ID+"`") {
						c.t.Logf("%s's DM %s (%d edits, %d rows): %q", u.Username, m.ID, m.EditedCount, len(m.Components), m.Content)
					}
				}
			}
			c.t.Fatalf("game %s waits for nobody after %d clicks; board: %q", rec.ID, clicks, c.h.fake.Message(boardID).Content)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// Three "lifebot serve" processes share one PostgreSQL database; the fake
// Discord hands each interaction, signed, to the next of them. Whole
// games of That's Life!, Life and Lagom are played by clicks; a click
// made twice at once on two replicas applies once; a reminder due while
// all three run goes out once; a forged request is refused by each; and
// when one replica is killed mid-game, the others finish it.
func TestThreeServeProcessesShareOneDatabase(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs three bot processes")
	}
	pgURL := pgtest.URL(t)
	dir := t.TempDir()
	bin := buildLifebot(t, dir)
	config := filepath.Join(dir, "lifebot.toml")
	if err := os.WriteFile(config, []byte("[storage]\nsweep_every = \"1s\"\n[turns]\nclock = \"1h\"\n[tables]\nthreads = false\n[log]\nlevel = \"warn\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	fake := discordtest.New(t)
	h := &harness{t: t, fake: fake}
	h.guild = fake.AddGuild("Board games")
	h.channel = fake.AddChannel(h.guild, "games")
	env := []string{
		"DISCORD_TOKEN=" + fake.Token(), "LIFEBOT_DISCORD_API=" + fake.URL(),
		"DISCORD_PUBLIC_KEY=" + fake.PublicKey(), "LIFEBOT_POSTGRES_URL=" + pgURL,
		// Nothing balances the load here: no need to wait for it at a stop.
		"LIFEBOT_HTTP_DRAIN=0s",
	}
	store, err := postgres.Open(context.Background(), pgURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c := &cluster{t: t, h: h, store: store}
	for i := range 3 {
		c.procs = append(c.procs, startServe(t, bin, config, fmt.Sprintf("replica-%d", i+1), env))
	}
	c.alive = append([]*serveProcess(nil), c.procs...)
	c.deliverToAlive()
	t.Cleanup(func() {
		for _, r := range fake.Rejected() {
			if r.Code == 50035 || r.Status == http.StatusTooManyRequests {
				t.Errorf("Discord would refuse: %s", r)
			}
		}
	})

	ada, ben, cy := fake.AddUser("ada"), fake.AddUser("ben"), fake.AddUser("cy")

	for _, p := range c.procs {
		code, err := fake.PostForged(h.ctx(), p.url(), discordtest.ForgeTampered, ada, h.guild, h.channel, "newgame thatslife", nil)
		if err != nil || code != http.StatusUnauthorized {
			t.Fatalf("%s answered a forged request with %d (%v), want 401", p.name, code, err)
		}
	}
	if recs, _ := store.List(h.ctx(), storage.Filter{}); len(recs) != 0 {
		t.Fatalf("a forged request made %d games", len(recs))
	}

	t.Run("ThatsLifeWithADoubleClick", func(t *testing.T) {
		c.t, h.t = t, t
		users := []discordtest.User{ada, ben}
		board := c.open("newgame thatslife", nil, users)
		doubled := false
		c.playOut(board.ID, users, func(click int) {
			if doubled || click < 4 {
				return
			}
			b := fake.Message(board.ID)
			m := promptMention.FindStringSubmatch(b.Content)
			if m == nil || len(plays(b)) == 0 {
				return
			}
			u := ada
			if m[1] == ben.ID {
				u = ben
			}
			doubled = true
			// Both reach different replicas: the fake hands them out in turn.
			its := make([]*discordtest.Interaction, 2)
			var wg sync.WaitGroup
			for i := range its {
				wg.Go(func() {
					it, err := fake.Click(h.ctx(), u, b, plays(b)[0].CustomID)
					if err != nil {
						t.Error(err)
						return
					}
					its[i] = it
				})
			}
			wg.Wait()
			refused := 0
			for _, it := range its {
				if it == nil {
					t.FailNow()
				}
				if resp := h.wait(it); resp.Message != nil && resp.Message.Ephemeral() {
					refused++
				}
			}
			if refused != 1 {
				t.Fatalf("%d of two identical clicks on two replicas were refused, want one", refused)
			}
		})
		if !doubled {
			t.Fatal("the game ended before the double click")
		}
	})

	t.Run("AReminderGoesOutOnce", func(t *testing.T) {
		c.t, h.t = t, t
		users := []discordtest.User{ada, ben}
		board := c.open("newgame thatslife", nil, users)
		rec := c.game(board.ID)
		// Bring the half-time reminder of the player to act forward to now:
		// the clock is an hour, so the move is due in half an hour.
		for tries := 0; ; tries++ {
			// Numbers stay as written: a seed read as a float would change.
			var t2 map[string]any
			d := json.NewDecoder(bytes.NewReader(rec.Data))
			d.UseNumber()
			if err := d.Decode(&t2); err != nil {
				t.Fatal(err)
			}
			clock := t2["clock"].(map[string]any)
			for _, sc := range clock["seats"].([]any) {
				seat := sc.(map[string]any)
				if _, ok := seat["due"]; ok {
					seat["due"] = time.Now().Add(30*time.Minute - time.Second).UTC().Format(time.RFC3339Nano)
				}
			}
			rec.Data, _ = json.Marshal(t2)
			rec.Due = time.Now().UTC()
			if _, err = store.Put(h.ctx(), rec); err == nil {
				break
			}
			if !errors.Is(err, storage.ErrConflict) || tries > 20 {
				t.Fatal(err)
			}
			time.Sleep(50 * time.Millisecond)
			if rec, err = store.Get(h.ctx(), rec.ID); err != nil {
				t.Fatal(err)
			}
		}
		reminders := func() int {
			n := 0
			for _, m := range fake.Messages(h.channel) {
				n += strings.Count(m.Content, "half your time")
			}
			return n
		}
		if err := fake.WaitFor(h.ctx(), func() bool { return reminders() > 0 }); err != nil {
			t.Fatal("no reminder went out: ", err)
		}
		// Every replica sweeps each second: give each a few chances to
		// send it again.
		time.Sleep(4 * time.Second)
		if n := reminders(); n != 1 {
			t.Fatalf("%d half-time reminders went out, want 1", n)
		}
		c.playOut(board.ID, users, nil)
	})

	t.Run("Lagom", func(t *testing.T) {
		c.t, h.t = t, t
		users := []discordtest.User{ada, ben, cy}
		board := c.open("newgame lagom", nil, users)
		c.playOut(board.ID, users, nil)
	})

	t.Run("LifeWhileAReplicaIsKilled", func(t *testing.T) {
		c.t, h.t = t, t
		users := []discordtest.User{ada, ben}
		board := c.open("newgame life", map[string]any{"target": 50}, users)
		var killed time.Time
		c.playOut(board.ID, users, func(click int) {
			if click == 7 {
				// The leases run 30 s: a move shown sooner was shown
				// because the killed holder's heartbeat lapsed.
				t.Logf("the first decision after the SIGKILL was shown and clicked %v after it", time.Since(killed).Round(10*time.Millisecond))
			}
			if click == 5 {
				// The next click goes to the victim, which is killed as
				// soon as it has answered, while it delivers the rest.
				c.h.fake.DeliverHTTP(c.alive[1].url())
			}
			if click != 6 {
				return
			}
			victim := c.alive[1]
			killed = time.Now()
			if err := victim.cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			<-victim.done
			c.alive = append(c.alive[:1:1], c.alive[2:]...)
			c.deliverToAlive()
		})
		final := c.game(board.ID)
		if final.Status != storage.Over {
			t.Fatalf("the game ended %v, want over", final.Status)
		}
		// Whatever the killed replica owed is delivered by another once
		// its lease lapses: the board shows the end.
		if err := fake.WaitFor(h.ctx(), func() bool { return strings.Contains(fake.Message(board.ID).Content, "🏆") }); err != nil {
			t.Fatalf("the board never showed the end: %q", fake.Message(board.ID).Content)
		}
	})
}

package bot_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot"
	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/bot/endpoint"
)

// replica is one bot serving Discord's interactions endpoint on a
// listener of its own, with no gateway connection, as "lifebot serve"
// runs it. Several may share a store and the fake: DeliverHTTP with the
// url of each.
type replica struct {
	bot      *bot.Bot
	endpoint *bot.Endpoint
	// base is http://host:port; url is the interactions endpoint.
	base, url string
	served    chan error
	stopOnce  sync.Once
}

// startReplica starts a serve-mode bot made from cfg, store included, on
// 127.0.0.1. It returns once the bot has registered its commands and its
// endpoint passed the fake's check, as the developer portal makes it;
// interactions reach it once the fake is told its url (DeliverHTTP). It
// stops when the test ends, if it was not stopped before.
func startReplica(t testing.TB, fake *discordtest.Server, cfg bot.Config) *replica {
	t.Helper()
	s, err := endpoint.NewSession(fake.Token(), fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	s.LogLevel = -1
	key, err := bot.ParsePublicKey(fake.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(cfg)
	e, err := b.Endpoint(s, key)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &replica{bot: b, endpoint: e, base: "http://" + ln.Addr().String(), served: make(chan error, 1)}
	r.url = r.base + "/interactions"
	go func() { r.served <- e.Serve(ln) }()
	t.Cleanup(func() { r.stop() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Register(ctx); err != nil {
		t.Fatal(err)
	}
	if err := fake.VerifyEndpoint(ctx, r.url); err != nil {
		t.Fatal(err)
	}
	return r
}

// stop shuts the replica down as SIGTERM does and returns what Shutdown
// returned; only the first call acts, and later ones return nil. It may
// be called from any goroutine.
func (r *replica) stop() error {
	var err error
	r.stopOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err = r.endpoint.Shutdown(ctx)
		if served := <-r.served; !errors.Is(served, http.ErrServerClosed) {
			err = errors.Join(err, fmt.Errorf("the server ended with %v, want http.ErrServerClosed", served))
		}
	})
	return err
}

// get GETs a path of the replica and returns the status, or 0 if the
// request failed.
func (r *replica) get(path string) int {
	resp, err := http.Get(r.base + path)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

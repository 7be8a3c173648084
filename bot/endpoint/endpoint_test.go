package endpoint

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestClientSendsDiscordCallsToTheBase(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.Path + "?" + r.URL.RawQuery
		io.WriteString(w, "{}")
	}))
	defer srv.Close()
	c, err := Client(srv.URL+"/api/v10/", 0)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Get(discordgo.EndpointGateway + "?v=9")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got != "/api/v10/gateway?v=9" {
		t.Fatalf("request reached %q, want /api/v10/gateway?v=9", got)
	}
}

func TestClientRefusesBadBases(t *testing.T) {
	for _, base := range []string{"", "discord.com", "ftp://x/api", "http://", "::"} {
		if _, err := Client(base, 0); err == nil {
			t.Errorf("Client(%q) accepted a base that is not an http(s) URL", base)
		}
	}
}

// Calls made many at once, burst after burst, reuse their connections:
// a client that kept only a couple idle would open most of them anew.
func TestClientKeepsItsConnectionsAcrossBursts(t *testing.T) {
	const burst, bursts = 24, 4
	var mu sync.Mutex
	opened := 0
	release := make(chan struct{})
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		io.WriteString(w, "{}")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			opened++
			mu.Unlock()
		}
	}
	srv.Start()
	defer srv.Close()
	c, err := Client(srv.URL+"/api/v10/", 0)
	if err != nil {
		t.Fatal(err)
	}
	for range bursts {
		var wg sync.WaitGroup
		for range burst {
			wg.Go(func() {
				resp, err := c.Get(discordgo.EndpointGateway)
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			})
		}
		// Every call of the burst is under way before any is answered,
		// so the burst needs burst connections at once.
		for {
			mu.Lock()
			n := opened
			mu.Unlock()
			if n >= burst {
				break
			}
			time.Sleep(time.Millisecond)
		}
		for range burst {
			release <- struct{}{}
		}
		wg.Wait()
	}
	// A connection goes back to the idle pool from the transport's own
	// goroutine, just after its caller closed the body, so a call of the
	// next burst may now and then dial while one is on its way back: one
	// extra per burst is allowed. Without the pool's size, each burst
	// would open nearly burst connections anew.
	if limit := burst + bursts - 1; opened > limit {
		t.Fatalf("%d bursts of %d calls opened %d connections, want at most %d", bursts, burst, opened, limit)
	}
}

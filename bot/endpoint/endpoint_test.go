package endpoint

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

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

// Package endpoint points a discordgo session at any Discord-compatible
// REST base URL.
//
// discordgo builds its endpoint strings once, at package init, for
// https://discord.com/api/v9. Rather than patch those globals, the session
// gets an HTTP client whose transport rewrites every request under that
// prefix to the configured base. The gateway follows by itself, because
// discordgo dials whatever URL GET /gateway returns.
package endpoint

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Default is Discord's own REST base.
const Default = "https://discord.com/api/v10"

// rewriter sends requests aimed at discordgo's built-in API prefix to base.
type rewriter struct {
	base *url.URL
	next http.RoundTripper
}

func (rw rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	u := req.URL.String()
	if rest, ok := strings.CutPrefix(u, discordgo.EndpointAPI); ok {
		target, err := url.Parse(strings.TrimSuffix(rw.base.String(), "/") + "/" + rest)
		if err != nil {
			return nil, fmt.Errorf("endpoint: rewriting %s: %w", u, err)
		}
		req = req.Clone(req.Context())
		req.URL = target
		req.Host = target.Host
	}
	return rw.next.RoundTrip(req)
}

// Client returns an HTTP client that sends discordgo's REST calls to base.
func Client(base string, timeout time.Duration) (*http.Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("discord API base %q is not an http(s) URL", base)
	}
	// Every call goes to one host, many games at once: keep as many idle
	// connections to it as calls run together, not http's default two,
	// or each burst opens (and, on Discord, handshakes) connections anew.
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = idleConns
	return &http.Client{
		Timeout:   timeout,
		Transport: rewriter{base: u, next: t},
	}, nil
}

// idleConns is how many idle connections the REST client keeps to Discord.
const idleConns = 64

// NewSession returns a discordgo session for a bot token, talking to base.
// Only the intents an interaction bot needs are requested: none privileged.
func NewSession(token, base string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	c, err := Client(base, 20*time.Second)
	if err != nil {
		return nil, err
	}
	s.Client = c
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShouldRetryOnRateLimit = true
	return s, nil
}

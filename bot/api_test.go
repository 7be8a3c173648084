package bot

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/core"
)

// limitedServer answers every call with the status and headers set in it,
// counting the calls that reached it.
type limitedServer struct {
	calls  atomic.Int32
	status int
	header map[string]string
	body   string
}

func (l *limitedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.calls.Add(1)
	for k, v := range l.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(l.status)
	w.Write([]byte(l.body))
}

func newTestAPI(t *testing.T, h http.Handler) (*api, string) {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &api{client: srv.Client(), token: "Bot secret", agent: "test", buckets: map[string]time.Time{}}, srv.URL
}

func TestAPINeverCallsABucketThatIsShut(t *testing.T) {
	t.Parallel()
	srv := &limitedServer{status: http.StatusTooManyRequests, body: `{"message":"slow down","retry_after":30,"global":false}`}
	a, base := newTestAPI(t, srv)
	ctx := context.Background()
	_, err := a.do(ctx, http.MethodPost, base+"/channels/1/messages", "application/json", []byte("{}"), "/channels/1/messages")
	var tmp *core.Temporary
	if !errors.As(err, &tmp) || tmp.After < 29*time.Second {
		t.Fatalf("a 429 gave %v; want a temporary failure with retry_after", err)
	}
	_, err = a.do(ctx, http.MethodPost, base+"/channels/1/messages", "application/json", []byte("{}"), "/channels/1/messages")
	if !errors.As(err, &tmp) || !errors.Is(err, errBucketShut) || tmp.After <= 0 {
		t.Fatalf("a call to the shut bucket gave %v", err)
	}
	if n := srv.calls.Load(); n != 1 {
		t.Fatalf("Discord was called %d times; the shut bucket must not be called", n)
	}
	// Another channel's bucket is open.
	srv.status, srv.body = http.StatusOK, `{"id":"9"}`
	if _, err := a.do(ctx, http.MethodPost, base+"/channels/2/messages", "application/json", []byte("{}"), "/channels/2/messages"); err != nil {
		t.Fatalf("another channel's call failed: %v", err)
	}
}

func TestAPIHonoursAnEmptiedBucketAndAGlobalLimit(t *testing.T) {
	t.Parallel()
	srv := &limitedServer{status: http.StatusOK, body: `{}`, header: map[string]string{
		"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "20",
	}}
	a, base := newTestAPI(t, srv)
	ctx := context.Background()
	if _, err := a.do(ctx, http.MethodPatch, base+"/channels/1/messages/5", "application/json", []byte("{}"), "/channels/1/messages/"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.do(ctx, http.MethodPatch, base+"/channels/1/messages/6", "application/json", []byte("{}"), "/channels/1/messages/"); !errors.Is(err, errBucketShut) {
		t.Fatalf("the call after the bucket's last one gave %v", err)
	}

	srv.header = map[string]string{"X-RateLimit-Global": "true"}
	srv.status, srv.body = http.StatusTooManyRequests, `{"message":"global","retry_after":5,"global":true}`
	a.do(ctx, http.MethodPost, base+"/channels/2/messages", "application/json", []byte("{}"), "/channels/2/messages")
	if _, err := a.do(ctx, http.MethodPost, base+"/channels/3/messages", "application/json", []byte("{}"), "/channels/3/messages"); !errors.Is(err, errBucketShut) {
		t.Fatalf("a call under a global limit gave %v", err)
	}
	if n := srv.calls.Load(); n != 2 {
		t.Fatalf("Discord was called %d times, want 2", n)
	}
}

func TestAPIErrorsAreClassifiedAndCarryNoToken(t *testing.T) {
	t.Parallel()
	srv := &limitedServer{}
	a, base := newTestAPI(t, srv)
	ctx := context.Background()
	token := "aW50ZXJhY3Rpb246c2VjcmV0"
	url := base + "/interactions/123/" + token + "/callback"
	for _, c := range []struct {
		status int
		body   string
		want   error
	}{
		{http.StatusForbidden, `{"code":50007,"message":"Cannot send messages to this user"}`, core.ErrDMClosed},
		{http.StatusNotFound, `{"code":10008,"message":"Unknown Message"}`, core.ErrGone},
		{http.StatusForbidden, `{"code":50013,"message":"Missing Permissions"}`, core.ErrForbidden},
		{http.StatusForbidden, `{"code":50001,"message":"Missing Access"}`, core.ErrForbidden},
		{http.StatusBadRequest, `{"code":50024,"message":"Cannot execute action on this channel type"}`, core.ErrChannelKind},
		{http.StatusBadGateway, `{"message":"bad gateway"}`, nil},
		{http.StatusBadRequest, `{"code":50035,"message":"Invalid Form Body"}`, nil},
	} {
		srv.status, srv.body = c.status, c.body
		_, err := a.do(ctx, http.MethodPost, url, "application/json", []byte("{}"), url)
		if err == nil || strings.Contains(err.Error(), token) {
			t.Fatalf("status %d: %v", c.status, err)
		}
		var tmp *core.Temporary
		switch {
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("status %d gave %v, want %v", c.status, err, c.want)
		case c.status >= 500 && !errors.As(err, &tmp):
			t.Errorf("status %d is not worth another try: %v", c.status, err)
		case c.status == http.StatusBadRequest && errors.As(err, &tmp):
			t.Errorf("status %d is final, yet would be tried again", c.status)
		}
	}
	// A call that never got an answer names its route, not its token.
	_, err := a.do(ctx, http.MethodPost, "http://127.0.0.1:1/interactions/123/"+token+"/callback", "application/json", nil, "x")
	var tmp *core.Temporary
	if !errors.As(err, &tmp) || strings.Contains(err.Error(), token) {
		t.Fatalf("a refused connection gave %v", err)
	}
}

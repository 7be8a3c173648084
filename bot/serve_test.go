package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// testEndpoint is an endpoint with a key of its own, for requests that
// never reach Discord: refused ones and PINGs.
func testEndpoint(tb testing.TB) (*Endpoint, ed25519.PrivateKey) {
	tb.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := discordgo.New("Bot unused")
	if err != nil {
		tb.Fatal(err)
	}
	e, err := New(Config{Store: storage.NewMemory(), Games: games.NewRegistry()}).Endpoint(s, pub)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { e.Shutdown(context.Background()) })
	return e, priv
}

// signedRequest is an interaction request signed with key at ts.
func signedRequest(key ed25519.PrivateKey, ts string, body []byte) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	req.Header.Set(timestampHeader, ts)
	req.Header.Set(signatureHeader, hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	return req
}

func now() string { return strconv.FormatInt(time.Now().Unix(), 10) }

var pingBody = []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)

func TestEndpointAnswersPing(t *testing.T) {
	t.Parallel()
	e, key := testEndpoint(t)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, signedRequest(key, now(), pingBody))
	if rec.Code != http.StatusOK || rec.Body.String() != `{"type":1}` || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("PING answered %d %q (%s), want 200 {\"type\":1} as JSON", rec.Code, rec.Body, rec.Header().Get("Content-Type"))
	}
}

func TestEndpointRefusesBadRequests(t *testing.T) {
	t.Parallel()
	e, key := testEndpoint(t)
	_, otherKey, _ := ed25519.GenerateKey(nil)
	at := func(d time.Duration) string { return strconv.FormatInt(time.Now().Add(d).Unix(), 10) }
	for _, tc := range []struct {
		name string
		req  func() *http.Request
		want int
	}{
		{"no headers", func() *http.Request {
			return httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(pingBody))
		}, http.StatusUnauthorized},
		{"no timestamp", func() *http.Request {
			r := signedRequest(key, now(), pingBody)
			r.Header.Del(timestampHeader)
			return r
		}, http.StatusUnauthorized},
		{"no signature", func() *http.Request {
			r := signedRequest(key, now(), pingBody)
			r.Header.Del(signatureHeader)
			return r
		}, http.StatusUnauthorized},
		{"signature not hex", func() *http.Request {
			r := signedRequest(key, now(), pingBody)
			r.Header.Set(signatureHeader, strings.Repeat("zz", ed25519.SignatureSize))
			return r
		}, http.StatusUnauthorized},
		{"signature too short", func() *http.Request {
			r := signedRequest(key, now(), pingBody)
			r.Header.Set(signatureHeader, r.Header.Get(signatureHeader)[2:])
			return r
		}, http.StatusUnauthorized},
		{"other key", func() *http.Request { return signedRequest(otherKey, now(), pingBody) }, http.StatusUnauthorized},
		{"body changed", func() *http.Request {
			r := signedRequest(key, now(), pingBody)
			r.Body = http.NoBody
			return r
		}, http.StatusUnauthorized},
		{"timestamp changed", func() *http.Request {
			r := signedRequest(key, at(-time.Second), pingBody)
			r.Header.Set(timestampHeader, now()+"0")
			return r
		}, http.StatusUnauthorized},
		{"stale", func() *http.Request { return signedRequest(key, at(-6*time.Minute), pingBody) }, http.StatusUnauthorized},
		{"from the future", func() *http.Request { return signedRequest(key, at(6*time.Minute), pingBody) }, http.StatusUnauthorized},
		{"timestamp not a number", func() *http.Request { return signedRequest(key, "yesterday", pingBody) }, http.StatusUnauthorized},
		{"too big", func() *http.Request {
			return signedRequest(key, now(), append(bytes.Repeat([]byte(" "), maxInteraction), pingBody...))
		}, http.StatusRequestEntityTooLarge},
		{"signed nonsense", func() *http.Request { return signedRequest(key, now(), []byte("{nonsense")) }, http.StatusBadRequest},
		{"GET", func() *http.Request { return httptest.NewRequest(http.MethodGet, "/interactions", nil) }, http.StatusMethodNotAllowed},
		{"a few minutes off", func() *http.Request { return signedRequest(key, at(-4*time.Minute), pingBody) }, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, tc.req())
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d", rec.Code, tc.want)
			}
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	t.Parallel()
	pub, _, _ := ed25519.GenerateKey(nil)
	good := hex.EncodeToString(pub)
	if k, err := ParsePublicKey(good); err != nil || !k.Equal(pub) {
		t.Fatalf("ParsePublicKey(%q) = %x, %v", good, k, err)
	}
	for _, bad := range []string{"", good[2:], good + "00", strings.Replace(good, good[:1], "g", 1)} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) took it", bad)
		}
	}
}

// componentBody is an interaction as big as a click on a board: the
// message comes with it.
func componentBody() []byte {
	var b bytes.Buffer
	b.WriteString(`{"id":"1","application_id":"2","type":3,"token":"t","version":1,"data":{"custom_id":"m:1:4:d0"},"message":{"content":"`)
	b.WriteString(strings.Repeat("a board of some length ", 100))
	b.WriteString(`"}}`)
	return b.Bytes()
}

// BenchmarkVerifySignature is the cost of checking one request's
// signature, the work every request pays before anything else.
func BenchmarkVerifySignature(b *testing.B) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	ts := now()
	msg := append([]byte(ts), componentBody()...)
	sig := hex.EncodeToString(ed25519.Sign(priv, msg))
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	for b.Loop() {
		if !verifySignature(pub, sig, msg) {
			b.Fatal("a good signature was refused")
		}
	}
}

// BenchmarkPing is a whole PING: through the handler alone, and over a
// loopback connection kept alive, as Discord's requests come.
func BenchmarkPing(b *testing.B) {
	e, key := testEndpoint(b)
	ts := now()
	sig := hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), pingBody...)))
	newRequest := func(url string) *http.Request {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(pingBody))
		req.Header.Set(timestampHeader, ts)
		req.Header.Set(signatureHeader, sig)
		return req
	}
	b.Run("handler", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, newRequest("/interactions"))
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
	b.Run("loopback", func(b *testing.B) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		go e.Serve(ln)
		url := "http://" + ln.Addr().String() + "/interactions"
		b.ReportAllocs()
		for b.Loop() {
			resp, err := http.DefaultClient.Do(newRequest(url))
			if err != nil {
				b.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK || string(body) != `{"type":1}` {
				b.Fatalf("status %d body %q: %v", resp.StatusCode, body, err)
			}
		}
	})
}

// Requests that promise a large body and send a little hold memory for
// what they sent, not for what they promised, until their signature is
// checked; past the endpoint's budget for unverified bodies a request is
// refused at once.
func TestUnverifiedBodiesHoldWhatTheySent(t *testing.T) {
	e, key := testEndpoint(t)
	srv := httptest.NewServer(e)
	defer srv.Close()

	const conns = 64
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var open []net.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for range conns {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
		fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s: %s\r\n%s: %s\r\n\r\n%s",
			maxInteraction, signatureHeader, strings.Repeat("ab", 64), timestampHeader, now(), strings.Repeat("x", 200))
	}
	// Every request is in the endpoint, waiting for the rest of its body.
	for e.unverified.Load() < conns*firstRead {
		runtime.Gosched()
	}
	var during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&during)
	if grew := int64(during.HeapInuse) - int64(before.HeapInuse); grew > 8<<20 {
		t.Errorf("%d requests that sent 200 bytes each hold %d MiB", conns, grew>>20)
	}
	if held := e.unverified.Load(); held > conns*2*firstRead {
		t.Errorf("%d requests that sent 200 bytes each are counted as %d bytes", conns, held)
	}

	// With the budget spent, a request is refused without being read.
	e.unverified.Add(maxUnverified)
	defer e.unverified.Add(-maxUnverified)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, signedRequest(key, now(), pingBody))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("a request past the budget got %d, want 503", rec.Code)
	}
}

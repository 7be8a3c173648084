package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// api makes the bot's REST calls: messages, DMs and interaction answers.
// discordgo's own request path waits out a rate limit by sleeping before
// the call, deaf to any context, and holds the bucket's lock while it
// sleeps, so one channel told to wait an hour would hold a goroutine, and
// every call behind it, for that hour. api never waits: a call to a bucket
// Discord said is empty fails at once with core.Temporary and the time
// left, and the caller (a delivery lane, an interaction answer within its
// deadline) decides whether to wait, in a way it can cut short.
type api struct {
	client *http.Client
	token  string
	agent  string

	mu      sync.Mutex
	buckets map[string]time.Time // bucket → when Discord allows calls again
	global  time.Time
}

// pruneAt is how many buckets api remembers before it forgets the ones
// that have reopened.
const pruneAt = 1024

func newAPI(s *discordgo.Session) *api {
	return &api{client: s.Client, token: s.Token, agent: s.UserAgent, buckets: map[string]time.Time{}}
}

// apiError is Discord's refusal of a call. Its text names the route with
// any token cut out, so it is safe to log.
type apiError struct {
	Method, Route string
	Status        int
	Code          int
	Message       string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%s %s: %d %s (code %d: %s)", e.Method, e.Route, e.Status, http.StatusText(e.Status), e.Code, e.Message)
}

// errBucketShut says a call was not made: Discord had asked the bot to
// leave its bucket alone for a while yet.
var errBucketShut = errors.New("rate limit bucket is shut")

// do makes one call. bucket names the call's rate-limit bucket: its route
// with the ids that key Discord's limits (the channel, the webhook), not
// the message. The answer's body comes back on success; a failure comes
// back classified for the core (see classify).
func (a *api) do(ctx context.Context, method, url, contentType string, body []byte, bucket string) ([]byte, error) {
	route := redactPath(bucket)
	if wait := a.shut(bucket); wait > 0 {
		return nil, &core.Temporary{Err: fmt.Errorf("%s %s: %w", method, route, errBucketShut), After: wait}
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return nil, redact(err)
	}
	req.Header.Set("Authorization", a.token)
	req.Header.Set("User-Agent", a.agent)
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := a.client.Do(req)
	if err != nil {
		// Anything that failed on the way (a time-out, a dropped
		// connection) may have reached Discord or not: worth another try.
		return nil, &core.Temporary{Err: redact(err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, &core.Temporary{Err: redact(err)}
	}
	a.learn(bucket, resp, data)
	if resp.StatusCode/100 == 2 {
		return data, nil
	}
	e := &apiError{Method: method, Route: route, Status: resp.StatusCode}
	var msg struct {
		Code       int     `json:"code"`
		Message    string  `json:"message"`
		RetryAfter float64 `json:"retry_after"`
	}
	if json.Unmarshal(data, &msg) == nil {
		e.Code, e.Message = msg.Code, truncate(msg.Message, 200)
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return nil, &core.Temporary{Err: e, After: max(seconds(msg.RetryAfter), headerSeconds(resp.Header, "Retry-After"))}
	case resp.StatusCode >= 500:
		return nil, &core.Temporary{Err: e}
	case e.Code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		return nil, fmt.Errorf("%w (%v)", core.ErrDMClosed, e)
	case e.Code == discordgo.ErrCodeUnknownMessage || e.Code == discordgo.ErrCodeUnknownChannel || resp.StatusCode == http.StatusNotFound:
		return nil, fmt.Errorf("%w (%v)", core.ErrGone, e)
	case e.Code == discordgo.ErrCodeMissingPermissions || e.Code == discordgo.ErrCodeMissingAccess:
		return nil, fmt.Errorf("%w (%w)", core.ErrForbidden, e)
	case e.Code == discordgo.ErrCodeCannotExecuteActionOnThisChannelType:
		return nil, fmt.Errorf("%w (%w)", core.ErrChannelKind, e)
	}
	return nil, e
}

// shut returns how long bucket, or every bucket, is still closed.
func (a *api) shut(bucket string) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	until := a.global
	if t := a.buckets[bucket]; t.After(until) {
		until = t
	}
	return time.Until(until)
}

// learn notes what an answer says of the bucket: emptied by this call, or
// refused outright (for this bucket or, when global, for every call).
func (a *api) learn(bucket string, resp *http.Response, body []byte) {
	var until time.Time
	global := false
	if resp.StatusCode == http.StatusTooManyRequests {
		var rl struct {
			RetryAfter float64 `json:"retry_after"`
			Global     bool    `json:"global"`
		}
		json.Unmarshal(body, &rl)
		wait := max(seconds(rl.RetryAfter), headerSeconds(resp.Header, "Retry-After"), headerSeconds(resp.Header, "X-RateLimit-Reset-After"))
		until = time.Now().Add(wait)
		global = rl.Global || resp.Header.Get("X-RateLimit-Global") == "true"
	} else if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		until = time.Now().Add(headerSeconds(resp.Header, "X-RateLimit-Reset-After"))
	}
	if until.IsZero() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if global {
		a.global = until
		return
	}
	if len(a.buckets) >= pruneAt {
		now := time.Now()
		for b, t := range a.buckets {
			if t.Before(now) {
				delete(a.buckets, b)
			}
		}
	}
	a.buckets[bucket] = until
}

func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

func headerSeconds(h http.Header, name string) time.Duration {
	f, err := strconv.ParseFloat(h.Get(name), 64)
	if err != nil || f < 0 {
		return 0
	}
	return seconds(f)
}

// tokenInPath matches the secret part of interaction and webhook URLs.
var tokenInPath = regexp.MustCompile(`(/(?:interactions|webhooks)/[0-9]+/)[A-Za-z0-9_\-.]+`)

func redactPath(s string) string { return tokenInPath.ReplaceAllString(s, "${1}…") }

// redacted is an error whose text is safe to log.
type redacted struct {
	msg string
	err error
}

func (e *redacted) Error() string { return e.msg }
func (e *redacted) Unwrap() error { return e.err }

// redact returns err with every interaction token in its text replaced.
// It still unwraps to err for errors.Is and errors.As, whose callers must
// not print what they find.
func redact(err error) error {
	if err == nil {
		return nil
	}
	return &redacted{msg: redactPath(err.Error()), err: err}
}

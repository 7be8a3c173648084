package discordtest

import (
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// FaultKind is a way the fake misbehaves on one REST request.
type FaultKind int

const (
	// FaultStatus answers Fault.Status and changes nothing.
	FaultStatus FaultKind = iota + 1
	// FaultStatusAfterApply applies the request, then answers
	// Fault.Status: the bot cannot tell that it landed.
	FaultStatusAfterApply
	// FaultTimeout holds the request for Fault.Hold without changing
	// anything, then drops the connection without an answer.
	FaultTimeout
	// FaultTimeoutAfterApply applies the request, then holds and drops it
	// like FaultTimeout.
	FaultTimeoutAfterApply
	// FaultRateLimit answers 429 and refuses the request's bucket until
	// Fault.RetryAfter has passed.
	FaultRateLimit
)

func (k FaultKind) String() string {
	switch k {
	case FaultStatus:
		return "status"
	case FaultStatusAfterApply:
		return "status after apply"
	case FaultTimeout:
		return "timeout"
	case FaultTimeoutAfterApply:
		return "timeout after apply"
	case FaultRateLimit:
		return "rate limit"
	}
	return "FaultKind(" + strconv.Itoa(int(k)) + ")"
}

// Fault makes a share of the REST requests that match its filters fail in
// one way. Empty filters match everything.
type Fault struct {
	Kind FaultKind
	// Share is the probability, in (0, 1], that a matching request gets
	// the fault.
	Share float64
	// Method ("PATCH") and Route (Discord's path template, as in the
	// OpenAPI description: "/channels/{channel_id}/messages/{message_id}")
	// select requests by route.
	Method, Route string
	// Channel selects requests that act on a channel: its channel routes,
	// and the callbacks and webhook routes of interactions started there.
	Channel string
	// Limit stops the fault after that many injections; 0 never stops it.
	Limit int
	// Status is the answer of FaultStatus and FaultStatusAfterApply: 500
	// (the default), 502 or 503. discordgo retries a 502 by itself.
	Status int
	// Hold is how long FaultTimeout and FaultTimeoutAfterApply keep the
	// request before dropping it; 0 keeps it until the client gives up.
	Hold time.Duration
	// RetryAfter is how long FaultRateLimit refuses the bucket; 0 means
	// one second.
	RetryAfter time.Duration
}

// FaultPlan is the faults a Server injects. The same seed and the same
// order of requests give the same faults: each Fault draws from its own
// generator, once per matching request while it has not reached its Limit.
type FaultPlan struct {
	Seed   uint64
	Faults []Fault
}

// FaultKey names a counter of FaultCounts: the route as "METHOD
// /path/template" and the kind of fault.
type FaultKey struct {
	Route string
	Kind  FaultKind
}

// faults is the fault injection state, guarded by Server.mu.
type faults struct {
	plan  []Fault
	rngs  []*rand.Rand
	fired []int
	count map[FaultKey]int
	// told is, for each bucket the client was answered 429 on, when it
	// opens again.
	told map[string]limit
	// channels is when each rate-limited channel opens again.
	channels map[string]time.Time
}

// Faults replaces the fault plan; an empty plan stops injecting. Counters
// and rate limits already running stay. It panics on a fault the fake
// cannot inject, such as an unknown route: that is a mistake in the test.
func (s *Server) Faults(plan FaultPlan) {
	for i, f := range plan.Faults {
		if err := f.check(); err != nil {
			panic(fmt.Sprintf("discordtest: Faults: fault %d: %v", i, err))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults.plan = slices.Clone(plan.Faults)
	s.faults.rngs = make([]*rand.Rand, len(plan.Faults))
	s.faults.fired = make([]int, len(plan.Faults))
	for i := range plan.Faults {
		s.faults.rngs[i] = rand.New(rand.NewPCG(plan.Seed, uint64(i)))
	}
}

func (f Fault) check() error {
	if f.Kind < FaultStatus || f.Kind > FaultRateLimit {
		return fmt.Errorf("unknown kind %d", f.Kind)
	}
	if !(f.Share > 0 && f.Share <= 1) {
		return fmt.Errorf("share %v is not in (0, 1]", f.Share)
	}
	switch f.Status {
	case 0, http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable:
	default:
		return fmt.Errorf("status %d: only 500, 502 and 503 are modelled", f.Status)
	}
	if f.Hold < 0 || f.RetryAfter < 0 || f.Limit < 0 {
		return fmt.Errorf("negative hold, retry-after or limit")
	}
	if f.Route != "" && !slices.ContainsFunc(routes, func(rt *route) bool {
		return rt.path == f.Route && (f.Method == "" || rt.method == f.Method)
	}) {
		return fmt.Errorf("discordtest serves no route %s %s", f.Method, f.Route)
	}
	return nil
}

// RateLimitChannel makes every message route of a channel answer 429 for
// d, as when Discord limits one channel: requests on other channels go
// through. d <= 0 lifts the limit.
func (s *Server) RateLimitChannel(channelID string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.faults.channels == nil {
		s.faults.channels = map[string]time.Time{}
	}
	if d <= 0 {
		delete(s.faults.channels, channelID)
		maps.DeleteFunc(s.faults.told, func(_ string, l limit) bool { return l.channel == channelID })
		return
	}
	s.faults.channels[channelID] = time.Now().Add(d)
}

// FaultCounts returns how many requests each kind of fault struck, per
// route. Every 429 counts, also those of RateLimitChannel and those of a
// bucket already shut.
func (s *Server) FaultCounts() map[FaultKey]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.faults.count)
}

func (s *Server) countFault(rt *route, kind FaultKind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.countFaultLocked(rt, kind)
}

func (s *Server) countFaultLocked(rt *route, kind FaultKind) {
	if s.faults.count == nil {
		s.faults.count = map[FaultKey]int{}
	}
	s.faults.count[FaultKey{Route: rt.String(), Kind: kind}]++
	s.notifyLocked()
}

// limit is a 429 window; channel is set when RateLimitChannel opened it.
type limit struct {
	until   time.Time
	channel string
}

// drawn is the fault chosen for one request; the zero value is none.
type drawn struct {
	kind  FaultKind
	fault Fault
	// For 429 answers: how long the bucket stays shut, and whether the
	// client had already been told so.
	retryAfter time.Duration
	early      bool
}

// drawFault decides whether a request fails. Rate limits are kept in real
// time, not on the fake's clock: discordgo sleeps for retry_after in real
// time before it retries, and a clock a test holds still would refuse the
// retry for ever.
func (s *Server) drawFault(c *call) drawn {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	bucket := c.bucket()
	if l, ok := s.faults.told[bucket]; ok {
		if now.Before(l.until) {
			return drawn{kind: FaultRateLimit, retryAfter: l.until.Sub(now), early: true}
		}
		delete(s.faults.told, bucket)
	}
	channel := s.channelOfLocked(c)
	if until, ok := s.faults.channels[channel]; ok && strings.HasPrefix(c.rt.path, "/channels/{channel_id}/messages") {
		if now.Before(until) {
			s.tellLocked(bucket, limit{until, channel})
			return drawn{kind: FaultRateLimit, retryAfter: until.Sub(now)}
		}
		delete(s.faults.channels, channel)
	}
	for i, f := range s.faults.plan {
		if (f.Method != "" && f.Method != c.rt.method) || (f.Route != "" && f.Route != c.rt.path) ||
			(f.Channel != "" && f.Channel != channel) || (f.Limit > 0 && s.faults.fired[i] >= f.Limit) {
			continue
		}
		if s.faults.rngs[i].Float64() >= f.Share {
			continue
		}
		s.faults.fired[i]++
		d := drawn{kind: f.Kind, fault: f}
		if f.Kind == FaultRateLimit {
			d.retryAfter = f.RetryAfter
			if d.retryAfter == 0 {
				d.retryAfter = time.Second
			}
			s.tellLocked(bucket, limit{until: now.Add(d.retryAfter)})
		}
		return d
	}
	return drawn{}
}

func (s *Server) tellLocked(bucket string, l limit) {
	if s.faults.told == nil {
		s.faults.told = map[string]limit{}
	}
	s.faults.told[bucket] = l
}

// bucket names a request's rate-limit bucket as Discord keys it: the route
// and its top-level resources (channel, guild, webhook or interaction),
// not the message or command it names.
func (c *call) bucket() string {
	b := c.rt.String()
	for _, v := range []string{"channel_id", "guild_id", "application_id", "webhook_id", "webhook_token", "interaction_id", "interaction_token"} {
		if id := c.vars[v]; id != "" {
			b += " " + id
		}
	}
	return b
}

// channelOfLocked is the channel a request acts on, or "".
func (s *Server) channelOfLocked(c *call) string {
	if id := c.vars["channel_id"]; id != "" {
		return id
	}
	if it := s.interactions[c.vars["interaction_id"]]; it != nil {
		return it.ChannelID
	}
	if it := s.byToken[c.vars["webhook_token"]]; it != nil {
		return it.ChannelID
	}
	return ""
}

// before acts out a fault that strikes before the request is applied and
// reports whether it answered.
func (d drawn) before(s *Server, w http.ResponseWriter, c *call) bool {
	switch d.kind {
	case FaultRateLimit:
		s.writeRateLimit(w, c, d)
	case FaultStatus:
		s.countFault(c.rt, d.kind)
		writeServerError(w, d.fault.Status)
	case FaultTimeout:
		s.countFault(c.rt, d.kind)
		s.chargeCallback(c, s.hold(c, d.fault.Hold))
		panic(http.ErrAbortHandler) // drops the connection without an answer
	default:
		return false
	}
	return true
}

// after acts out a fault that strikes once the request was applied and
// reports whether it answered.
func (d drawn) after(s *Server, w http.ResponseWriter, c *call) bool {
	switch d.kind {
	case FaultStatusAfterApply:
		s.countFault(c.rt, d.kind)
		writeServerError(w, d.fault.Status)
	case FaultTimeoutAfterApply:
		s.countFault(c.rt, d.kind)
		s.hold(c, d.fault.Hold)
		panic(http.ErrAbortHandler)
	default:
		return false
	}
	return true
}

// hold keeps a request for d (0: until the client gives up) or until the
// fake closes, and returns how long it was held.
func (s *Server) hold(c *call, d time.Duration) time.Duration {
	start := time.Now()
	// The server notices a client hanging up only once the body is read.
	io.Copy(io.Discard, c.r.Body)
	var expired <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-expired:
	case <-c.r.Context().Done():
	case <-s.stopping:
	}
	return time.Since(start)
}

// chargeCallbackLocked makes the time a failed interaction callback cost
// the bot, held or told to wait, count against the interaction's deadline,
// as it would on Discord. With the real clock that happens by itself.
func (s *Server) chargeCallbackLocked(c *call, d time.Duration) {
	if it := s.interactions[c.vars["interaction_id"]]; it != nil && c.rt.path == callbackPath && !s.realClock {
		it.lost += d
	}
}

func (s *Server) chargeCallback(c *call, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chargeCallbackLocked(c, d)
}

const callbackPath = "/interactions/{interaction_id}/{interaction_token}/callback"

func writeServerError(w http.ResponseWriter, status int) {
	if status == 0 {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, map[string]any{"code": 0, "message": fmt.Sprintf("%d: %s", status, http.StatusText(status))})
}

// writeRateLimit answers 429 the way Discord does. A request on a bucket
// the client was already told to leave alone is the bot's mistake and is
// listed by Rejected as well.
func (s *Server) writeRateLimit(w http.ResponseWriter, c *call, d drawn) {
	ms := math.Ceil(float64(d.retryAfter) / float64(time.Millisecond))
	seconds := ms / 1000
	// Discord's bucket ids name the route, not its top-level resources.
	h := fnv.New64a()
	h.Write([]byte(c.rt.String()))
	hdr := w.Header()
	hdr.Set("Retry-After", strconv.Itoa(int(math.Ceil(seconds))))
	hdr.Set("X-RateLimit-Limit", "5")
	hdr.Set("X-RateLimit-Remaining", "0")
	hdr.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().UnixMilli())/1000+seconds, 'f', 3, 64))
	hdr.Set("X-RateLimit-Reset-After", strconv.FormatFloat(seconds, 'f', 3, 64))
	hdr.Set("X-RateLimit-Bucket", strconv.FormatUint(h.Sum64(), 16))
	hdr.Set("X-RateLimit-Scope", "user")
	const msg = "You are being rate limited."
	s.mu.Lock()
	s.countFaultLocked(c.rt, FaultRateLimit)
	s.chargeCallbackLocked(c, d.retryAfter)
	if d.early {
		s.rejected = append(s.rejected, Rejection{
			Method: c.r.Method, Path: c.r.URL.Path, Status: http.StatusTooManyRequests,
			Message: fmt.Sprintf("%s (retried %.3fs before retry_after ended)", msg, seconds),
		})
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": msg, "retry_after": seconds, "global": false})
}

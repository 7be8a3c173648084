package discordtest

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const (
	messagesRoute = "/channels/{channel_id}/messages"
	messageRoute  = "/channels/{channel_id}/messages/{message_id}"
)

func TestServerErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		kind   FaultKind
		status int
		// stored is how many messages one send leaves; failed whether the
		// bot sees an error.
		stored int
		failed bool
	}{
		{"500 changes nothing", FaultStatus, 0, 0, true},
		{"503 changes nothing", FaultStatus, http.StatusServiceUnavailable, 0, true},
		{"500 after applying", FaultStatusAfterApply, 0, 1, true},
		// discordgo resends on 502 by itself: a bot that trusts it may
		// post twice.
		{"502 is retried", FaultStatus, http.StatusBadGateway, 1, false},
		{"502 after applying is retried", FaultStatusAfterApply, http.StatusBadGateway, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			s := newSession(t, w.fake, w.fake.Token())
			w.fake.Faults(FaultPlan{Faults: []Fault{{Kind: tt.kind, Share: 1, Limit: 1, Method: "POST", Route: messagesRoute, Status: tt.status}}})
			_, err := s.ChannelMessageSend(w.chan_, "board")
			if tt.failed {
				status := orDefault(tt.status, http.StatusInternalServerError)
				if re := restError(t, err); re.Response.StatusCode != status {
					t.Fatalf("HTTP %d, want %d", re.Response.StatusCode, status)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := len(w.fake.Messages(w.chan_)); got != tt.stored {
				t.Errorf("%d messages stored, want %d", got, tt.stored)
			}
			if _, err := s.ChannelMessageSend(w.chan_, "board"); err != nil {
				t.Errorf("the send after the fault's limit: %v", err)
			}
			want := map[FaultKey]int{{"POST " + messagesRoute, tt.kind}: 1}
			if got := w.fake.FaultCounts(); !maps.Equal(got, want) {
				t.Errorf("FaultCounts() = %v, want %v", got, want)
			}
			assertClean(t, w.fake)
		})
	}
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func TestTimeouts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		kind    FaultKind
		applied bool
	}{
		{"before applying", FaultTimeout, false},
		{"after applying", FaultTimeoutAfterApply, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			s := newSession(t, w.fake, w.fake.Token())
			sent, err := s.ChannelMessageSend(w.chan_, "turn 1")
			if err != nil {
				t.Fatal(err)
			}
			w.fake.Faults(FaultPlan{Faults: []Fault{{Kind: tt.kind, Share: 1, Limit: 1, Method: "PATCH", Route: messageRoute, Hold: 20 * time.Millisecond}}})
			_, err = s.ChannelMessageEdit(w.chan_, sent.ID, "turn 2")
			var re *discordgo.RESTError
			if err == nil || errors.As(err, &re) {
				t.Fatalf("edit answered %v, want the connection dropped without an answer", err)
			}
			want := "turn 1"
			if tt.applied {
				want = "turn 2"
			}
			if got := w.fake.Message(sent.ID).Content; got != want {
				t.Errorf("content %q after the timeout, want %q", got, want)
			}
			if got := w.fake.FaultCounts()[FaultKey{"PATCH " + messageRoute, tt.kind}]; got != 1 {
				t.Errorf("%d timeouts counted, want 1", got)
			}
			assertClean(t, w.fake)
		})
	}
}

func TestHeldRequestsEndWithTheClientOrTheServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultTimeout, Share: 1, Method: "POST", Route: messagesRoute}}})

	impatient := newSession(t, w.fake, w.fake.Token())
	impatient.Client.Timeout = 50 * time.Millisecond
	if _, err := impatient.ChannelMessageSend(w.chan_, "x"); err == nil {
		t.Fatal("a request held until the client gave up succeeded")
	}

	// The client's deadline only ends the request if Close failed to.
	ctx := testContext(t)
	patient := newSession(t, w.fake, w.fake.Token())
	done := make(chan error, 1)
	go func() {
		_, err := patient.ChannelMessageSend(w.chan_, "y", discordgo.WithContext(ctx))
		done <- err
	}()
	key := FaultKey{"POST " + messagesRoute, FaultTimeout}
	if err := w.fake.WaitFor(ctx, func() bool { return w.fake.FaultCounts()[key] == 2 }); err != nil {
		t.Fatal(err)
	}
	w.fake.Close()
	if err := <-done; err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a request held when the fake closed ended with %v, want the connection dropped", err)
	}
}

func TestLostCallbackCountsAgainstTheDeadline(t *testing.T) {
	t.Parallel()
	answer := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok"},
	}
	// Each case leaves 1 ms on the test clock, less than the fault took.
	for _, tt := range []struct {
		name    string
		fault   Fault
		respond func(t *testing.T, s *discordgo.Session, i *discordgo.Interaction, clock *Clock)
	}{
		{"held, then retried", Fault{Kind: FaultTimeout, Hold: 20 * time.Millisecond}, func(t *testing.T, s *discordgo.Session, i *discordgo.Interaction, clock *Clock) {
			if err := s.InteractionRespond(i, answer); err == nil {
				t.Fatal("a held callback succeeded")
			}
			clock.Advance(InteractionDeadline - time.Millisecond)
			wantCode(t, s.InteractionRespond(i, answer), http.StatusNotFound, discordgo.ErrCodeUnknownInteraction)
		}},
		{"rate limited, then retried by discordgo", Fault{Kind: FaultRateLimit, RetryAfter: 20 * time.Millisecond}, func(t *testing.T, s *discordgo.Session, i *discordgo.Interaction, clock *Clock) {
			clock.Advance(InteractionDeadline - time.Millisecond)
			wantCode(t, s.InteractionRespond(i, answer), http.StatusNotFound, discordgo.ErrCodeUnknownInteraction)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			clock := NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
			w := newWorld(t, WithClock(clock.Now))
			fake := w.fake
			b := connect(t, fake)
			ctx := testContext(t)
			if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()}); err != nil {
				t.Fatal(err)
			}
			it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
			if err != nil {
				t.Fatal(err)
			}
			i := b.next(t)
			f := tt.fault
			f.Share, f.Limit, f.Route = 1, 1, callbackPath
			fake.Faults(FaultPlan{Faults: []Fault{f}})
			tt.respond(t, b.s, i, clock)
			if _, err := it.Wait(ctx); !errors.Is(err, ErrNotAcknowledged) {
				t.Errorf("Wait: %v, want ErrNotAcknowledged", err)
			}
		})
	}
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultRateLimit, Share: 1, Limit: 1, Method: "POST", Route: messagesRoute, RetryAfter: 250 * time.Millisecond}}})
	path := "/channels/" + w.chan_ + "/messages"
	body := []byte(`{"content": "x"}`)

	a := rawCall(t, fake, "POST", path, "application/json", body)
	if a.status != http.StatusTooManyRequests || a.Message != "You are being rate limited." || a.Global == nil || *a.Global ||
		a.RetryAfter <= 0 || a.RetryAfter > 0.25 {
		t.Fatalf("HTTP %d %+v, want 429 with retry_after up to 0.25 s and global false", a.status, a)
	}
	for h, want := range map[string]string{
		"Retry-After": "1", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
		"X-RateLimit-Reset-After": strconv.FormatFloat(a.RetryAfter, 'f', 3, 64), "X-RateLimit-Scope": "user",
	} {
		if got := a.header.Get(h); got != want {
			t.Errorf("%s: %q, want %q", h, got, want)
		}
	}
	if a.header.Get("X-RateLimit-Bucket") == "" || a.header.Get("X-RateLimit-Reset") == "" {
		t.Errorf("429 without X-RateLimit-Bucket or X-RateLimit-Reset: %v", a.header)
	}
	if len(fake.Rejected()) != 0 {
		t.Errorf("an injected 429 is listed as the bot's mistake: %v", fake.Rejected())
	}

	// Asking again before retry_after is the bot's mistake.
	again := rawCall(t, fake, "POST", path, "application/json", body)
	if again.status != http.StatusTooManyRequests {
		t.Fatalf("a retry within retry_after got HTTP %d, want 429", again.status)
	}
	if r := fake.Rejected(); len(r) != 1 || r[0].Status != http.StatusTooManyRequests {
		t.Fatalf("Rejected() = %v, want the early retry", r)
	}
	if n := fake.FaultCounts()[FaultKey{"POST " + messagesRoute, FaultRateLimit}]; n != 2 {
		t.Errorf("%d rate limits counted, want 2", n)
	}

	// Other buckets go through; this one does once retry_after has passed.
	s := newSession(t, fake, fake.Token())
	if _, err := s.UserChannelCreate(w.bob.ID); err != nil {
		t.Fatalf("another route during the limit: %v", err)
	}
	time.Sleep(time.Duration(again.RetryAfter * float64(time.Second)))
	if a := rawCall(t, fake, "POST", path, "application/json", body); a.status != http.StatusOK {
		t.Fatalf("after retry_after: HTTP %d, want 200", a.status)
	}
	if r := fake.Rejected(); len(r) != 1 {
		t.Errorf("Rejected() = %v, want only the early retry", r)
	}
}

func TestDiscordgoWaitsOutARateLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := newSession(t, w.fake, w.fake.Token())
	w.fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultRateLimit, Share: 1, Limit: 1, Method: "POST", Route: messagesRoute, RetryAfter: 100 * time.Millisecond}}})
	if _, err := s.ChannelMessageSend(w.chan_, "x"); err != nil {
		t.Fatal(err)
	}
	if got := len(w.fake.Messages(w.chan_)); got != 1 {
		t.Errorf("%d messages, want 1", got)
	}
	assertClean(t, w.fake)
}

func TestRateLimitOneChannel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	other := fake.AddChannel(w.guild, "other-game")
	fake.RateLimitChannel(w.chan_, time.Hour)

	for _, method := range []string{"POST", "GET"} {
		a := rawCall(t, fake, method, "/channels/"+w.chan_+"/messages", "application/json", []byte(`{"content": "x"}`))
		if a.status != http.StatusTooManyRequests || a.RetryAfter < 3000 {
			t.Fatalf("%s in the limited channel: HTTP %d retry_after %v, want 429 for about an hour", method, a.status, a.RetryAfter)
		}
	}
	s := newSession(t, fake, fake.Token())
	s.ShouldRetryOnRateLimit = false // a 429 fails the test rather than waiting an hour
	if _, err := s.ChannelMessageSend(other, "the other game goes on"); err != nil {
		t.Fatal(err)
	}
	counts := fake.FaultCounts()
	if got := counts[FaultKey{"POST " + messagesRoute, FaultRateLimit}] + counts[FaultKey{"GET " + messagesRoute, FaultRateLimit}]; got != 2 {
		t.Errorf("%d rate limits counted, want the 2 in the limited channel: %v", got, counts)
	}

	fake.RateLimitChannel(w.chan_, 0)
	if _, err := s.ChannelMessageSend(w.chan_, "lifted"); err != nil {
		t.Fatalf("after lifting the limit: %v", err)
	}
	assertClean(t, fake)
}

func TestFaultFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	other := fake.AddChannel(w.guild, "other")
	b := connect(t, fake)
	ctx := testContext(t)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultStatus, Share: 1, Route: messageRoute}}})
	sent, err := b.s.ChannelMessageSend(w.chan_, "board")
	if err != nil {
		t.Fatalf("a route the fault does not name: %v", err)
	}
	if _, err := b.s.ChannelMessage(w.chan_, sent.ID); err == nil {
		t.Error("the route the fault names succeeded")
	}
	fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultStatus, Share: 1, Method: "PATCH"}}})
	if _, err := b.s.ChannelMessage(w.chan_, sent.ID); err != nil {
		t.Fatalf("a method the fault does not name: %v", err)
	}
	if _, err := b.s.ChannelMessageEdit(w.chan_, sent.ID, "edited"); err == nil {
		t.Error("the method the fault names succeeded")
	}

	fake.Faults(FaultPlan{Faults: []Fault{{Kind: FaultStatus, Share: 1, Channel: w.chan_}}})
	if _, err := b.s.ChannelMessageSend(other, "elsewhere"); err != nil {
		t.Fatalf("a request on another channel: %v", err)
	}
	if _, err := b.s.ChannelMessageSend(w.chan_, "here"); err == nil {
		t.Error("a channel route of the faulty channel succeeded")
	}
	// Interactions started in the channel share its faults.
	if _, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"}); err != nil {
		t.Fatal(err)
	}
	err = b.s.InteractionRespond(b.next(t), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	if re := restError(t, err); re.Response.StatusCode != http.StatusInternalServerError {
		t.Errorf("callback in the faulty channel: HTTP %d, want 500", re.Response.StatusCode)
	}
	want := map[FaultKey]int{
		{"GET " + messageRoute, FaultStatus}:   1,
		{"PATCH " + messageRoute, FaultStatus}: 1,
		{"POST " + messagesRoute, FaultStatus}: 1,
		{"POST " + callbackPath, FaultStatus}:  1,
	}
	if got := fake.FaultCounts(); !maps.Equal(got, want) {
		t.Errorf("FaultCounts() = %v, want %v", got, want)
	}
}

// TestFaultsRepeatWithTheSeed sends the same requests to fakes with the
// same plan, and to one with another seed.
func TestFaultsRepeatWithTheSeed(t *testing.T) {
	t.Parallel()
	pattern := func(seed uint64) []bool {
		w := newWorld(t)
		w.fake.Faults(FaultPlan{Seed: seed, Faults: []Fault{{Kind: FaultStatus, Share: 0.5, Route: messagesRoute}}})
		var failed []bool
		for range 32 {
			a := rawCall(t, w.fake, "POST", "/channels/"+w.chan_+"/messages", "application/json", []byte(`{"content": "x"}`))
			failed = append(failed, a.status == http.StatusInternalServerError)
		}
		return failed
	}
	first := pattern(7)
	if !slices.Contains(first, true) || !slices.Contains(first, false) {
		t.Fatalf("share 0.5 of 32 requests failed as %v", first)
	}
	if again := pattern(7); !slices.Equal(first, again) {
		t.Errorf("seed 7 failed %v, then %v", first, again)
	}
	if other := pattern(8); slices.Equal(first, other) {
		t.Errorf("seeds 7 and 8 failed the same requests: %v", first)
	}
}

func TestFaultsRefuseWhatCannotHappen(t *testing.T) {
	t.Parallel()
	fake := New(t)
	for _, f := range []Fault{
		{Kind: FaultStatus, Share: 1, Route: "/channels/{id}/messages"},
		{Kind: FaultStatus, Share: 1, Method: "PUT", Route: messagesRoute},
		{Kind: FaultStatus, Share: 0},
		{Kind: FaultStatus, Share: 1, Status: 504},
		{Kind: 0, Share: 1},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Faults accepted %+v", f)
				}
			}()
			fake.Faults(FaultPlan{Faults: []Fault{f}})
		}()
	}
}

// TestFaultsUnderLoad sends from many goroutines, as the bot's handlers
// do, while Discord fails a third of the requests, and checks that what
// the channel holds adds up.
func TestFaultsUnderLoad(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	channels := []string{w.chan_, fake.AddChannel(w.guild, "second")}
	s := newSession(t, fake, fake.Token())
	fake.Faults(FaultPlan{Seed: 3, Faults: []Fault{
		{Kind: FaultStatus, Share: 0.15, Route: messagesRoute},
		{Kind: FaultStatusAfterApply, Share: 0.15, Route: messagesRoute},
		{Kind: FaultRateLimit, Share: 0.1, Route: messagesRoute, RetryAfter: 10 * time.Millisecond},
	}})
	const sends = 40
	var wg sync.WaitGroup
	var mu sync.Mutex
	succeeded := 0
	for i := range sends {
		wg.Go(func() {
			if _, err := s.ChannelMessageSend(channels[i%2], "move "+strconv.Itoa(i)); err == nil {
				mu.Lock()
				succeeded++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	counts := fake.FaultCounts()
	failed := counts[FaultKey{"POST " + messagesRoute, FaultStatus}]
	landed := counts[FaultKey{"POST " + messagesRoute, FaultStatusAfterApply}]
	if failed+landed+succeeded != sends || failed == 0 || landed == 0 {
		t.Errorf("%d sends: %d succeeded, %d failed, %d failed after landing; want them to add up, with both kinds of failure", sends, succeeded, failed, landed)
	}
	if stored := len(fake.History(channels[0])) + len(fake.History(channels[1])); stored != succeeded+landed {
		t.Errorf("%d messages stored, want %d sent and %d landed despite the error", stored, succeeded, landed)
	}
	if counts[FaultKey{"POST " + messagesRoute, FaultRateLimit}] == 0 {
		t.Error("no request was rate limited")
	}
	assertClean(t, fake)
}

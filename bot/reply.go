package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// reply answers one interaction exactly once, within Discord's 3-second
// deadline. If the real answer is not ready after deferAfter, a deferred
// acknowledgement goes out first and the answer follows as an edit or a
// follow-up, so a slow disk or a busy game never shows the player
// "This interaction failed". It implements core.Responder.
type reply struct {
	api *api
	i   *discordgo.Interaction
	t   transport
	log *slog.Logger

	timer *time.Timer

	mu sync.Mutex
	// ephemeral says the answer will be private, so a deferral must be
	// private too: a follow-up fills the deferred message and keeps its
	// visibility.
	ephemeral bool
	deferred  bool
	// deferring is closed when a deferral on its way has gone out.
	deferring chan struct{}
	// done says the answer was taken (see claim).
	done bool
}

// transport carries an interaction's first answer to Discord: a POST to
// the interaction's callback route when it came by the gateway, the body
// of the HTTP response when Discord POSTed it to the bot. Everything after
// the first answer goes by REST either way.
type transport interface {
	// callback sends the first answer, JSON or multipart. An error means
	// it was not given, or may not have been.
	callback(body []byte, contentType string) error
	// uploads reports whether the first answer may carry files.
	uploads() bool
	// sent waits until the first answer has left for Discord, so that a
	// webhook call made afterwards finds the interaction answered.
	sent(ctx context.Context) error
}

// callbackBudget is how long after receipt a first answer is still worth
// trying: Discord refuses it after three seconds.
const callbackBudget = 2500 * time.Millisecond

var errAnswered = errors.New("the interaction was already answered")

func newReply(a *api, i *discordgo.Interaction, t transport, deferAfter time.Duration, ephemeral bool, log *slog.Logger) *reply {
	r := &reply{api: a, i: i, t: t, log: log, ephemeral: ephemeral}
	r.timer = time.AfterFunc(deferAfter, r.deferNow)
	return r
}

func (r *reply) stop() { r.timer.Stop() }

// deferNow acknowledges the interaction without answering it yet.
func (r *reply) deferNow() {
	r.mu.Lock()
	if r.done || r.deferred || r.deferring != nil {
		r.mu.Unlock()
		return
	}
	r.deferring = make(chan struct{})
	private := r.ephemeral
	r.mu.Unlock()
	err := r.sendDeferral(private)
	r.mu.Lock()
	close(r.deferring)
	r.deferring = nil
	r.mu.Unlock()
	if err != nil {
		r.log.Warn("deferring interaction", "err", err)
	}
}

// sendDeferral sends the deferred acknowledgement: for a component click
// "update the message later", for a command "a message is coming", shown
// to the user alone when private.
func (r *reply) sendDeferral(private bool) error {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if r.i.Type == discordgo.InteractionMessageComponent {
		resp.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if private {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := r.callback(resp, nil); err != nil {
		return err
	}
	r.mu.Lock()
	r.deferred, r.ephemeral = true, private
	r.mu.Unlock()
	return nil
}

// deferForFiles defers an answer whose image the transport cannot carry
// in a first answer: the image then follows by REST, with the placeholder
// made as private as the answer.
func (r *reply) deferForFiles(m *core.Message) error {
	if deferred, _ := r.state(); deferred || m.Image == nil || r.t.uploads() {
		return nil
	}
	return r.sendDeferral(m.Private)
}

// state says whether the interaction was deferred, and how visibly.
func (r *reply) state() (deferred, ephemeral bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.deferred, r.ephemeral
}

// claim takes the single answer; it reports false if one was already
// taken. A deferral on its way is waited for, since the answer must
// follow it; from then on the caller alone speaks for the interaction,
// and no lock is held while it calls Discord.
func (r *reply) claim() bool {
	r.timer.Stop()
	r.mu.Lock()
	if r.done {
		r.mu.Unlock()
		return false
	}
	r.done = true
	deferring := r.deferring
	r.mu.Unlock()
	if deferring != nil {
		<-deferring
	}
	return true
}

// Update implements core.Responder: the clicked message becomes m (for a
// command, m is sent as the reply).
func (r *reply) Update(ctx context.Context, m *core.Message) error {
	if !r.claim() {
		return errAnswered
	}
	if err := r.deferForFiles(m); err != nil {
		return err
	}
	if deferred, _ := r.state(); deferred {
		return r.editOriginal(ctx, m)
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.i.Type == discordgo.InteractionMessageComponent {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	return r.respond(typ, m, true)
}

// Ack implements core.Responder.
func (r *reply) Ack(ctx context.Context) error {
	if !r.claim() {
		return nil
	}
	if deferred, _ := r.state(); deferred {
		return nil
	}
	return r.callback(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}, nil)
}

// Reply implements core.Responder: a new message, the interaction's own
// or, after a deferral, a follow-up.
func (r *reply) Reply(ctx context.Context, m *core.Message) error {
	if !r.claim() {
		return errAnswered
	}
	if err := r.deferForFiles(m); err != nil {
		return err
	}
	deferred, ephemeral := r.state()
	if !deferred {
		return r.respond(discordgo.InteractionResponseChannelMessageWithSource, m, false)
	}
	if r.i.Type == discordgo.InteractionApplicationCommand && m.Private == ephemeral {
		// The deferral is a placeholder of the right visibility: fill it.
		return r.editOriginal(ctx, m)
	}
	body, contentType, err := encodeMessage(m, false)
	if err != nil {
		return err
	}
	if err := r.t.sent(ctx); err != nil {
		return err
	}
	endpoint := discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token)
	return retry(ctx, r.log, r.i.ID, func(ctx context.Context) error {
		_, err := r.api.do(ctx, http.MethodPost, endpoint+"?wait=true", contentType, body, endpoint)
		return err
	})
}

// Original implements core.Responder.
func (r *reply) Original(ctx context.Context) (core.MessageRef, []string, error) {
	var m struct {
		ID         string `json:"id"`
		ChannelID  string `json:"channel_id"`
		Components []struct {
			Components []struct {
				CustomID string `json:"custom_id"`
			} `json:"components"`
		} `json:"components"`
	}
	if err := r.t.sent(ctx); err != nil {
		return core.MessageRef{}, nil, err
	}
	endpoint := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	err := retry(ctx, r.log, r.i.ID, func(ctx context.Context) error {
		body, err := r.api.do(ctx, http.MethodGet, endpoint, "", nil, endpoint)
		if err == nil {
			err = json.Unmarshal(body, &m)
		}
		return err
	})
	if err != nil {
		return core.MessageRef{}, nil, err
	}
	var ids []string
	for _, row := range m.Components {
		for _, c := range row.Components {
			if c.CustomID != "" {
				ids = append(ids, c.CustomID)
			}
		}
	}
	return core.MessageRef{Channel: m.ChannelID, ID: m.ID}, ids, nil
}

// respond sends the interaction's first answer.
func (r *reply) respond(typ discordgo.InteractionResponseType, m *core.Message, edit bool) error {
	payload := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data messageJSON                       `json:"data"`
	}{typ, messageBody(m, edit && typ == discordgo.InteractionResponseUpdateMessage)}
	return r.callback(payload, m)
}

func (r *reply) callback(payload any, m *core.Message) error {
	var body []byte
	contentType := "application/json"
	var err error
	if m != nil {
		body, contentType, err = encode(payload, m)
	} else {
		body, err = json.Marshal(payload)
	}
	if err != nil {
		return err
	}
	return r.t.callback(body, contentType)
}

// editOriginal replaces the deferred answer's message with m.
func (r *reply) editOriginal(ctx context.Context, m *core.Message) error {
	body, contentType, err := encodeMessage(m, true)
	if err != nil {
		return err
	}
	if err := r.t.sent(ctx); err != nil {
		return err
	}
	endpoint := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	return retry(ctx, r.log, r.i.ID, func(ctx context.Context) error {
		_, err := r.api.do(ctx, http.MethodPatch, endpoint, contentType, body, discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token))
		return err
	})
}

// callbackRoute answers an interaction that came by the gateway: a POST
// to its callback route, tried again while Discord's deadline allows.
type callbackRoute struct {
	api      *api
	i        *discordgo.Interaction
	log      *slog.Logger
	received time.Time
}

func (c *callbackRoute) uploads() bool { return true }

// sent has nothing to wait for: callback returns once Discord took the
// answer.
func (c *callbackRoute) sent(context.Context) error { return nil }

// callback tries until Discord's deadline. A retry refused with 40060
// means an earlier try landed after all.
func (c *callbackRoute) callback(body []byte, contentType string) error {
	endpoint := discordgo.EndpointInteractionResponse(c.i.ID, c.i.Token)
	ctx, cancel := context.WithDeadline(context.Background(), c.received.Add(callbackBudget))
	defer cancel()
	first := true
	return retry(ctx, c.log, c.i.ID, func(ctx context.Context) error {
		_, err := c.api.do(ctx, http.MethodPost, endpoint, contentType, body, endpoint)
		var refused *apiError
		if !first && errors.As(err, &refused) && refused.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
			return nil
		}
		first = false
		return err
	})
}

// retry runs call until it succeeds, fails for good, or ctx ends, waiting
// a little between tries, or as long as Discord asks when that still fits.
func retry(ctx context.Context, log *slog.Logger, interaction string, call func(context.Context) error) error {
	wait := 100 * time.Millisecond
	for {
		err := call(ctx)
		var tmp *core.Temporary
		if err == nil || !errors.As(err, &tmp) {
			return err
		}
		log.Debug("answer will try again", "interaction", interaction, "err", err)
		if tmp.After > 0 {
			wait = tmp.After
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// truncate shortens s to at most n characters.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// respondChoices answers an autocomplete interaction with suggestions.
// There is no deferring one: the list goes as the first answer or not at
// all.
func respondChoices(t transport, choices []*discordgo.ApplicationCommandOptionChoice) error {
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	type data struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}
	body, err := json.Marshal(struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data data                              `json:"data"`
	}{discordgo.InteractionApplicationCommandAutocompleteResult, data{choices}})
	if err != nil {
		return err
	}
	return t.callback(body, "application/json")
}

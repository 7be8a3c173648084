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
	api      *api
	i        *discordgo.Interaction
	log      *slog.Logger
	received time.Time

	// ephemeral says the answer will be private, so a deferral must be
	// private too: a follow-up fills the deferred message and keeps its
	// visibility.
	ephemeral bool

	mu       sync.Mutex
	deferred bool
	done     bool
	timer    *time.Timer
}

// callbackBudget is how long after receipt a first answer is still worth
// trying: Discord refuses it after three seconds.
const callbackBudget = 2500 * time.Millisecond

var errAnswered = errors.New("the interaction was already answered")

func newReply(a *api, i *discordgo.Interaction, deferAfter time.Duration, ephemeral bool, log *slog.Logger) *reply {
	r := &reply{api: a, i: i, log: log, ephemeral: ephemeral, received: time.Now()}
	r.timer = time.AfterFunc(deferAfter, r.deferNow)
	return r
}

func (r *reply) stop() { r.timer.Stop() }

// deferNow acknowledges the interaction without answering it yet. A
// component click defers as "update the message later"; a command as
// "a message is coming".
func (r *reply) deferNow() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || r.deferred {
		return
	}
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if r.i.Type == discordgo.InteractionMessageComponent {
		resp.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if r.ephemeral {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := r.callback(resp, nil); err != nil {
		r.log.Warn("deferring interaction", "err", err)
		return
	}
	r.deferred = true
}

// claim takes the single answer; it reports false if one was already sent.
// The caller holds mu.
func (r *reply) claim() bool {
	r.timer.Stop()
	if r.done {
		return false
	}
	r.done = true
	return true
}

// Update implements core.Responder: the clicked message becomes m (for a
// command, m is sent as the reply).
func (r *reply) Update(ctx context.Context, m *core.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.claim() {
		return errAnswered
	}
	if r.deferred {
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
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.claim() || r.deferred {
		return nil
	}
	return r.callback(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}, nil)
}

// Reply implements core.Responder: a new message, the interaction's own
// or, after a deferral, a follow-up.
func (r *reply) Reply(ctx context.Context, m *core.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.claim() {
		return errAnswered
	}
	if !r.deferred {
		return r.respond(discordgo.InteractionResponseChannelMessageWithSource, m, false)
	}
	if r.i.Type == discordgo.InteractionApplicationCommand && m.Private == r.ephemeral {
		// The deferral is a placeholder of the right visibility: fill it.
		return r.editOriginal(ctx, m)
	}
	body, contentType, err := encodeMessage(m, false)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token)
	return r.retry(ctx, func(ctx context.Context) error {
		_, err := r.api.do(ctx, http.MethodPost, endpoint+"?wait=true", contentType, body, endpoint)
		return err
	})
}

// Original implements core.Responder.
func (r *reply) Original(ctx context.Context) (core.MessageRef, error) {
	var m struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
	}
	endpoint := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	err := r.retry(ctx, func(ctx context.Context) error {
		body, err := r.api.do(ctx, http.MethodGet, endpoint, "", nil, endpoint)
		if err == nil {
			err = json.Unmarshal(body, &m)
		}
		return err
	})
	if err != nil {
		return core.MessageRef{}, err
	}
	return core.MessageRef{Channel: m.ChannelID, ID: m.ID}, nil
}

// respond sends the interaction's first answer, trying again while
// Discord's deadline allows. A retry refused with 40060 means an earlier
// try landed after all.
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
	endpoint := discordgo.EndpointInteractionResponse(r.i.ID, r.i.Token)
	ctx, cancel := context.WithDeadline(context.Background(), r.received.Add(callbackBudget))
	defer cancel()
	first := true
	return r.retry(ctx, func(ctx context.Context) error {
		_, err := r.api.do(ctx, http.MethodPost, endpoint, contentType, body, endpoint)
		var refused *apiError
		if !first && errors.As(err, &refused) && refused.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
			return nil
		}
		first = false
		return err
	})
}

// editOriginal replaces the deferred answer's message with m.
func (r *reply) editOriginal(ctx context.Context, m *core.Message) error {
	body, contentType, err := encodeMessage(m, true)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	return r.retry(ctx, func(ctx context.Context) error {
		_, err := r.api.do(ctx, http.MethodPatch, endpoint, contentType, body, discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token))
		return err
	})
}

// retry runs call until it succeeds, fails for good, or ctx ends, waiting
// a little between tries, or as long as Discord asks when that still fits.
func (r *reply) retry(ctx context.Context, call func(context.Context) error) error {
	wait := 100 * time.Millisecond
	for {
		err := call(ctx)
		var tmp *core.Temporary
		if err == nil || !errors.As(err, &tmp) {
			return err
		}
		r.log.Debug("answer will try again", "interaction", r.i.ID, "err", err)
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
// There is no deferring one, and nobody waits for a late list: a failed
// answer is not tried again.
func respondChoices(ctx context.Context, a *api, i *discordgo.Interaction, choices []*discordgo.ApplicationCommandOptionChoice) error {
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	body, err := json.Marshal(struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data struct {
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}{choices}})
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	_, err = a.do(ctx, http.MethodPost, endpoint, "application/json", body, endpoint)
	return err
}

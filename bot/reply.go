package bot

import (
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// reply answers one interaction exactly once, within Discord's 3-second
// deadline. If the real answer is not ready after deferAfter, a deferred
// acknowledgement goes out first and the answer follows as an edit or a
// follow-up, so a slow disk or a busy game never shows the player
// "This interaction failed".
type reply struct {
	s   *discordgo.Session
	i   *discordgo.Interaction
	log *slog.Logger

	// ephemeral says the answer will be private, so a deferral must be
	// private too: a follow-up fills the deferred message and keeps its
	// visibility.
	ephemeral bool

	mu       sync.Mutex
	deferred bool
	done     bool
	timer    *time.Timer
}

func newReply(s *discordgo.Session, i *discordgo.Interaction, deferAfter time.Duration, ephemeral bool, log *slog.Logger) *reply {
	r := &reply{s: s, i: i, log: log, ephemeral: ephemeral}
	r.timer = time.AfterFunc(deferAfter, r.deferNow)
	return r
}

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
	if err := r.s.InteractionRespond(r.i, resp); err != nil {
		r.log.Warn("deferring interaction", "err", err)
		return
	}
	r.deferred = true
}

// finish claims the single answer; it reports false if one was already sent.
func (r *reply) finish() (deferred, ok bool) {
	r.timer.Stop()
	if r.done {
		return r.deferred, false
	}
	r.done = true
	return r.deferred, true
}

// update replaces the message the clicked component is on (or, for a
// command, sends data as the reply).
func (r *reply) update(data *discordgo.InteractionResponseData) {
	if data.Components == nil {
		// nil would be sent as null, which keeps the old buttons.
		data.Components = []discordgo.MessageComponent{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	deferred, ok := r.finish()
	if !ok {
		return
	}
	var err error
	if deferred {
		_, err = r.s.InteractionResponseEdit(r.i, &discordgo.WebhookEdit{
			Content:         &data.Content,
			Components:      &data.Components,
			Files:           data.Files,
			Attachments:     data.Attachments,
			AllowedMentions: data.AllowedMentions,
		})
	} else {
		typ := discordgo.InteractionResponseChannelMessageWithSource
		if r.i.Type == discordgo.InteractionMessageComponent {
			typ = discordgo.InteractionResponseUpdateMessage
		}
		err = r.s.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: typ, Data: data})
		if err != nil {
			r.log.Error("answering interaction", "err", err)
			// The interaction is still open: say sorry rather than fail silently.
			err = r.s.InteractionRespond(r.i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: msgSorry, Flags: discordgo.MessageFlagsEphemeral},
			})
		}
	}
	if err != nil {
		r.log.Warn("answering interaction", "err", err)
	}
}

// message answers with a new message (a command's public reply).
func (r *reply) message(data *discordgo.InteractionResponseData) {
	r.mu.Lock()
	defer r.mu.Unlock()
	deferred, ok := r.finish()
	if !ok {
		return
	}
	var err error
	if deferred && r.i.Type == discordgo.InteractionApplicationCommand {
		_, err = r.s.InteractionResponseEdit(r.i, &discordgo.WebhookEdit{
			Content:         &data.Content,
			Components:      &data.Components,
			Files:           data.Files,
			AllowedMentions: data.AllowedMentions,
		})
	} else {
		err = r.newMessage(deferred, data)
	}
	if err != nil {
		r.log.Warn("answering interaction", "err", err)
	}
}

// private answers with a message only the clicking user sees.
func (r *reply) private(text string, components ...discordgo.MessageComponent) {
	r.privateData(&discordgo.InteractionResponseData{Content: text, Components: components})
}

func (r *reply) privateData(data *discordgo.InteractionResponseData) {
	data.Flags |= discordgo.MessageFlagsEphemeral
	data.AllowedMentions = &discordgo.MessageAllowedMentions{}
	r.mu.Lock()
	defer r.mu.Unlock()
	deferred, ok := r.finish()
	if !ok {
		return
	}
	if err := r.newMessage(deferred, data); err != nil {
		r.log.Warn("answering interaction privately", "err", err)
	}
}

// newMessage answers with data as a new message: the interaction's own
// response, or a follow-up once the answer was deferred.
func (r *reply) newMessage(deferred bool, data *discordgo.InteractionResponseData) error {
	if deferred {
		return r.followup(data)
	}
	return r.s.InteractionRespond(r.i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: data,
	})
}

// followup sends data as a new message after a deferral.
func (r *reply) followup(data *discordgo.InteractionResponseData) error {
	_, err := r.s.FollowupMessageCreate(r.i, true, &discordgo.WebhookParams{
		Content:         data.Content,
		Components:      data.Components,
		Files:           data.Files,
		Flags:           data.Flags,
		AllowedMentions: data.AllowedMentions,
	})
	return err
}

// answered reports whether the single answer has been sent.
func (r *reply) answered() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done
}

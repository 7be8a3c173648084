package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/core"
)

// rest delivers the core's messages with the bot's token.
type rest struct{ api *api }

// Send implements core.Discord.
func (r *rest) Send(ctx context.Context, channel string, m *core.Message) (core.MessageRef, error) {
	payload := messageBody(m, false)
	if m.Nonce != "" {
		payload.Nonce, payload.EnforceNonce = m.Nonce, true
	}
	body, contentType, err := encode(payload, m)
	if err != nil {
		return core.MessageRef{}, err
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	resp, err := r.api.do(ctx, http.MethodPost, endpoint, contentType, body, endpoint)
	if err != nil {
		return core.MessageRef{}, err
	}
	var msg struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &msg); err != nil || msg.ID == "" {
		return core.MessageRef{}, fmt.Errorf("reading the sent message: %v", err)
	}
	return core.MessageRef{Channel: channel, ID: msg.ID}, nil
}

// Edit implements core.Discord.
func (r *rest) Edit(ctx context.Context, ref core.MessageRef, m *core.Message) error {
	body, contentType, err := encodeMessage(m, true)
	if err != nil {
		return err
	}
	_, err = r.api.do(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(ref.Channel, ref.ID), contentType, body,
		discordgo.EndpointChannelMessage(ref.Channel, ""))
	return err
}

// Delete implements core.Discord.
func (r *rest) Delete(ctx context.Context, ref core.MessageRef) error {
	_, err := r.api.do(ctx, http.MethodDelete, discordgo.EndpointChannelMessage(ref.Channel, ref.ID), "", nil,
		"DELETE "+discordgo.EndpointChannelMessage(ref.Channel, ""))
	return err
}

// DMChannel implements core.Discord.
func (r *rest) DMChannel(ctx context.Context, user string) (string, error) {
	body, err := json.Marshal(map[string]string{"recipient_id": user})
	if err != nil {
		return "", err
	}
	endpoint := discordgo.EndpointUserChannels("@me")
	resp, err := r.api.do(ctx, http.MethodPost, endpoint, "application/json", body, endpoint)
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &ch); err != nil || ch.ID == "" {
		return "", fmt.Errorf("reading the DM channel: %v", err)
	}
	return ch.ID, nil
}

// Discord's JSON for messages, written out rather than taken from
// discordgo's structs: those send every field, zero or not, and an
// attachment entry with an empty file name is one Discord's own API
// description refuses.
type messageJSON struct {
	Content         string          `json:"content"`
	Flags           int             `json:"flags,omitempty"`
	Components      []componentJSON `json:"components"`
	Attachments     *[]attachment   `json:"attachments,omitempty"`
	AllowedMentions allowedMentions `json:"allowed_mentions"`
	// Nonce and EnforceNonce go with a new channel message only.
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users,omitempty"`
}

type componentJSON struct {
	Type        discordgo.ComponentType `json:"type"`
	Components  []componentJSON         `json:"components,omitempty"`
	CustomID    string                  `json:"custom_id,omitempty"`
	Label       string                  `json:"label,omitempty"`
	Style       int                     `json:"style,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Placeholder string                  `json:"placeholder,omitempty"`
	MinValues   *int                    `json:"min_values,omitempty"`
	MaxValues   int                     `json:"max_values,omitempty"`
	Options     []optionJSON            `json:"options,omitempty"`
}

type optionJSON struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Discord's limit on message text.
const maxContent = 2000

// messageBody is m as Discord's JSON. edit says it replaces a message, so
// the attachments list must say which files stay: only the new uploads, or
// none.
func messageBody(m *core.Message, edit bool) messageJSON {
	j := messageJSON{
		Content:         truncate(m.Content, maxContent),
		Components:      rows(m.Rows),
		AllowedMentions: allowedMentions{Parse: []string{}, Users: m.Mentions},
	}
	if m.Private {
		j.Flags = int(discordgo.MessageFlagsEphemeral)
	}
	atts := []attachment{}
	for i, img := range m.Images() {
		atts = append(atts, attachment{ID: strconv.Itoa(i), Filename: img.Name, Description: truncate(img.Alt, 1024)})
	}
	if edit || len(atts) > 0 {
		j.Attachments = &atts
	}
	return j
}

// encodeMessage returns m as a request body: JSON, or multipart with the
// images as files[0], files[1]….
func encodeMessage(m *core.Message, edit bool) (body []byte, contentType string, err error) {
	return encode(messageBody(m, edit), m)
}

func encode(payload any, m *core.Message) ([]byte, string, error) {
	images := m.Images()
	if len(images) == 0 {
		b, err := json.Marshal(payload)
		return b, "application/json", err
	}
	var files []*discordgo.File
	for _, img := range images {
		files = append(files, &discordgo.File{Name: img.Name, ContentType: imageType(img.Name), Reader: bytesReader(img.Data)})
	}
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	return body, contentType, err
}

// imageType is the content type of an image by its file name: a board is
// a PNG, a replay a GIF.
func imageType(name string) string {
	if strings.HasSuffix(name, ".gif") {
		return "image/gif"
	}
	return "image/png"
}

func rows(in []core.Row) []componentJSON {
	out := []componentJSON{}
	for _, row := range in {
		r := componentJSON{Type: discordgo.ActionsRowComponent}
		for _, c := range row {
			r.Components = append(r.Components, component(c))
		}
		out = append(out, r)
	}
	return out
}

func component(c core.Component) componentJSON {
	if c.Kind == core.Select {
		lo := c.Min
		j := componentJSON{
			Type: discordgo.SelectMenuComponent, CustomID: c.CustomID, Placeholder: c.Placeholder,
			MinValues: &lo, MaxValues: c.Max,
		}
		for _, o := range c.Options {
			j.Options = append(j.Options, optionJSON{Label: o.Label, Value: o.Value})
		}
		return j
	}
	return componentJSON{Type: discordgo.ButtonComponent, CustomID: c.CustomID, Label: c.Label, Style: int(c.Style), Disabled: c.Disabled}
}

// StartThread implements core.Discord: a public thread from a message,
// archived after a week without messages, as long games need.
func (r *rest) StartThread(ctx context.Context, from core.MessageRef, name string) (string, error) {
	body, err := json.Marshal(map[string]any{"name": name, "auto_archive_duration": 10080})
	if err != nil {
		return "", err
	}
	endpoint := discordgo.EndpointChannelMessageThread(from.Channel, from.ID)
	resp, err := r.api.do(ctx, http.MethodPost, endpoint, "application/json", body, discordgo.EndpointChannelMessageThread(from.Channel, ""))
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &ch); err != nil || ch.ID == "" {
		return "", fmt.Errorf("reading the new thread: %v", err)
	}
	return ch.ID, nil
}

package discordtest

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is a Discord user: one the test added, or the bot.
type User struct {
	ID         string
	Username   string
	GlobalName string // display name; "" for the bot
	Bot        bool
}

// Mention is the text that mentions (and, if allowed, pings) the user.
func (u User) Mention() string { return "<@" + u.ID + ">" }

// Message is a snapshot of a message: changing it changes nothing on the
// server, and later edits do not show up in it.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string // "" in DMs
	Author    User
	Content   string
	Embeds    []*discordgo.MessageEmbed
	// Components are the action rows, as the client shows them.
	Components  []Row
	Attachments []Attachment
	Flags       discordgo.MessageFlags
	// AllowedMentions is what the last create or edit allowed; nil means
	// Discord's default, which pings every mentioned user.
	AllowedMentions *discordgo.MessageAllowedMentions
	// Pings are the ids of the users the message notified when created.
	Pings []string
	// EditedCount is how many edits the message took. Filling a deferred
	// response's "thinking" placeholder is not one.
	EditedCount int
	Created     time.Time
	// InteractionID is the interaction whose response or follow-up this is;
	// "" for messages sent through the channel routes.
	InteractionID string
	// EphemeralTo is the only user who sees an ephemeral message.
	EphemeralTo string
	// Deleted is set in History for a message that was deleted; it shows
	// the message as it was then.
	Deleted bool
}

// Ephemeral reports whether only one user sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether the message is a deferred response still
// showing "is thinking…".
func (m *Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Buttons returns the buttons a user can click: enabled, not links, in
// reading order.
func (m *Message) Buttons() []Component {
	var out []Component
	for _, row := range m.Components {
		for _, c := range row {
			if c.Type == discordgo.ButtonComponent && !c.Disabled && c.Style != discordgo.LinkButton {
				out = append(out, c)
			}
		}
	}
	return out
}

// Component finds a component by custom_id.
func (m *Message) Component(customID string) (Component, bool) {
	for _, row := range m.Components {
		for _, c := range row {
			if c.CustomID == customID {
				return c, true
			}
		}
	}
	return Component{}, false
}

// Attachment finds an attachment by file name.
func (m *Message) Attachment(filename string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// Row is one action row of a message.
type Row []Component

// Component is a button or a select menu in an action row. The JSON tags
// are Discord's field names, which the fake also answers with.
type Component struct {
	Type     discordgo.ComponentType   `json:"type"`
	CustomID string                    `json:"custom_id,omitempty"`
	Disabled bool                      `json:"disabled"`
	Label    string                    `json:"label,omitempty"` // buttons
	Style    discordgo.ButtonStyle     `json:"style,omitempty"` // buttons
	URL      string                    `json:"url,omitempty"`   // link buttons
	Emoji    *discordgo.ComponentEmoji `json:"emoji,omitempty"` // buttons
	// Select menus; MinValues and MaxValues hold Discord's defaults (1)
	// when the bot left them out.
	Placeholder string         `json:"placeholder,omitempty"`
	MinValues   *int           `json:"min_values,omitempty"`
	MaxValues   *int           `json:"max_values,omitempty"`
	Options     []SelectOption `json:"options,omitempty"`
}

// SelectOption is one choice of a string select menu.
type SelectOption struct {
	Label       string                    `json:"label"`
	Value       string                    `json:"value"`
	Description string                    `json:"description,omitempty"`
	Emoji       *discordgo.ComponentEmoji `json:"emoji,omitempty"`
	Default     bool                      `json:"default"`
}

func (c Component) clone() Component {
	c.Options = slices.Clone(c.Options)
	if c.Emoji != nil {
		e := *c.Emoji
		c.Emoji = &e
	}
	if c.MinValues != nil {
		n := *c.MinValues
		c.MinValues = &n
	}
	if c.MaxValues != nil {
		n := *c.MaxValues
		c.MaxValues = &n
	}
	return c
}

func cloneRows(rows []Row) []Row {
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = make(Row, len(r))
		for j, c := range r {
			out[i][j] = c.clone()
		}
	}
	return out
}

// Attachment is an uploaded file. Data is shared with the server and must
// not be modified.
type Attachment struct {
	ID          string
	Filename    string
	Description string
	ContentType string
	Data        []byte
	Width       int // images only
	Height      int
	URL         string // served by the fake, without authentication
}

// Response is the first, accepted response to an interaction.
type Response struct {
	Type discordgo.InteractionResponseType
	// Message is the message the response shows, as it stood right after
	// the response: the new message (type 4), the "thinking" placeholder
	// (type 5), or the component's message (types 6 and 7). Nil for a
	// modal and for autocomplete choices.
	Message *Message
	// Modal is the form shown by a type 9 response.
	Modal *Modal
	// Choices are what a type 8 response offered to autocomplete an
	// option.
	Choices []*discordgo.ApplicationCommandOptionChoice
}

// Modal is a form the bot asked the client to show.
type Modal struct {
	CustomID string
	Title    string
	// Components are the modal's rows as sent (text inputs).
	Components json.RawMessage
}

package discordtest

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/gif" // attachment dimensions
	_ "image/jpeg"
	_ "image/png"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's message limits.
const (
	maxContent        = 2000
	maxEmbeds         = 10
	maxEmbedTotal     = 6000
	maxRows           = 5
	maxPerRow         = 5
	maxSelectOptions  = 25
	maxButtonLabel    = 80
	maxCustomID       = 100
	maxAttachments    = 10
	maxAllowedUserIDs = 100
)

// message is the server's record of a message.
type message struct {
	id, channelID, guildID string
	content                string
	embeds                 []json.RawMessage
	components             []Row
	attachments            []*attachment
	flags                  discordgo.MessageFlags
	tts                    bool
	allowed                *discordgo.MessageAllowedMentions
	pinged                 []string
	created                time.Time
	edited                 *time.Time
	editCount              int
	interaction            *Interaction // set for responses and follow-ups
	ephemeralTo            string
	deleted                bool
	// nonce is what the creator named the message with, to make its post
	// idempotent (see createChannelMessage).
	nonce string
}

type attachment struct {
	id, filename, description, contentType string
	data                                   []byte
	width, height                          int
}

// change is a validated create or edit payload. For edits, nil pointers and
// false *Set fields leave the message as it is.
type change struct {
	// nonce and enforceNonce make a create idempotent: see
	// createChannelMessage.
	nonce         string
	enforceNonce  bool
	content       *string
	embeds        []json.RawMessage
	embedsSet     bool
	components    []Row
	componentsSet bool
	allowed       *discordgo.MessageAllowedMentions
	allowedSet    bool
	flags         *discordgo.MessageFlags
	tts           bool
	keep          []attachmentRef // the "attachments" array
	keepSet       bool
	uploads       []upload
}

// attachmentRef is an entry of a payload's "attachments" array: an existing
// attachment to keep, or metadata for an upload (id = its files[n] index).
type attachmentRef struct {
	id          string
	filename    string
	description string
}

// payload fields as sent: absent, null and a value mean different things
// in an edit.
type fields map[string]json.RawMessage

func (f fields) has(k string) bool { _, ok := f[k]; return ok }

func (f fields) isNull(k string) bool {
	v, ok := f[k]
	return ok && bytes.Equal(bytes.TrimSpace(v), []byte("null"))
}

// parseChange validates a message payload. edit selects edit semantics:
// absent fields stay as they are, a null content or embeds clears them.
// A null "components" leaves the rows in place in both cases, as Discord
// does; an empty array removes them.
func parseChange(raw json.RawMessage, uploads []upload, edit bool) (*change, error) {
	var f fields
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		f = fields{}
	} else if err := json.Unmarshal(raw, &f); err != nil {
		return nil, errInvalidJSON()
	}
	c := &change{uploads: uploads}
	var fe formErrors

	switch {
	case f.isNull("content"):
		empty := ""
		c.content = &empty
	case f.has("content"):
		var s string
		if json.Unmarshal(f["content"], &s) != nil {
			fe.add("content", "BASE_TYPE_STRING", "Could not interpret the value as a string.")
		}
		c.content = &s
		fe.maxLen("content", utf8.RuneCountInString(s), maxContent)
	case !edit:
		empty := ""
		c.content = &empty
	}

	if f.has("embeds") || !edit {
		c.embedsSet = true
		if !f.isNull("embeds") && f.has("embeds") {
			if json.Unmarshal(f["embeds"], &c.embeds) != nil {
				fe.add("embeds", "BASE_TYPE_ARRAY", "Could not interpret the value as a list.")
			}
			validateEmbeds(&fe, c.embeds)
		}
	}

	if f.has("components") && !f.isNull("components") {
		c.componentsSet = true
		c.components = parseComponents(&fe, f["components"])
	} else if !edit {
		c.componentsSet = true
	}

	if f.has("allowed_mentions") {
		c.allowedSet = true
		if !f.isNull("allowed_mentions") {
			c.allowed = &discordgo.MessageAllowedMentions{}
			if json.Unmarshal(f["allowed_mentions"], c.allowed) != nil {
				fe.add("allowed_mentions", "MODEL_TYPE_CONVERT", "Could not interpret the value as an allowed mentions object.")
			}
			validateAllowedMentions(&fe, c.allowed)
		}
	}

	if f.has("flags") && !f.isNull("flags") {
		var n discordgo.MessageFlags
		if json.Unmarshal(f["flags"], &n) != nil {
			fe.add("flags", "NUMBER_TYPE_COERCE", "Value is not int.")
		}
		c.flags = &n
		if n&discordgo.MessageFlagsIsComponentsV2 != 0 {
			fe.add("flags", "DISCORDTEST_UNSUPPORTED", "discordtest models legacy components only, not IS_COMPONENTS_V2.")
		}
	}
	if f.has("tts") && !f.isNull("tts") && json.Unmarshal(f["tts"], &c.tts) != nil {
		fe.add("tts", "BASE_TYPE_BOOLEAN", "Must be either true or false.")
	}

	if f.has("attachments") && !f.isNull("attachments") {
		c.keepSet = true
		var refs []map[string]any
		if json.Unmarshal(f["attachments"], &refs) != nil {
			fe.add("attachments", "BASE_TYPE_ARRAY", "Could not interpret the value as a list.")
		}
		for i, r := range refs {
			ref := attachmentRef{}
			switch id := r["id"].(type) {
			case string:
				ref.id = id
			case float64:
				ref.id = strconv.FormatFloat(id, 'f', -1, 64)
			default:
				fe.add("attachments."+strconv.Itoa(i)+".id", "BASE_TYPE_REQUIRED", "This field is required")
			}
			ref.filename, _ = r["filename"].(string)
			ref.description, _ = r["description"].(string)
			c.keep = append(c.keep, ref)
		}
	}

	if f.has("nonce") && !f.isNull("nonce") {
		var str string
		var n json.Number
		switch {
		case json.Unmarshal(f["nonce"], &str) == nil:
			c.nonce = str
		case json.Unmarshal(f["nonce"], &n) == nil:
			c.nonce = n.String()
		default:
			fe.add("nonce", "BASE_TYPE_STRING", "Could not interpret the value as a string.")
		}
		fe.maxLen("nonce", utf8.RuneCountInString(c.nonce), maxNonce)
	}
	if f.has("enforce_nonce") && !f.isNull("enforce_nonce") && json.Unmarshal(f["enforce_nonce"], &c.enforceNonce) != nil {
		fe.add("enforce_nonce", "BASE_TYPE_BOOLEAN", "Must be either true or false.")
	}

	// discordgo always sends "sticker_ids": null; real stickers and polls
	// are refused rather than dropped.
	if f.has("sticker_ids") && !f.isNull("sticker_ids") && !bytes.Equal(bytes.TrimSpace(f["sticker_ids"]), []byte("[]")) {
		fe.add("sticker_ids", "DISCORDTEST_UNSUPPORTED", "discordtest does not model stickers.")
	}
	if f.has("poll") && !f.isNull("poll") {
		fe.add("poll", "DISCORDTEST_UNSUPPORTED", "discordtest does not model polls.")
	}
	return c, fe.err()
}

func validateEmbeds(fe *formErrors, raw []json.RawMessage) {
	fe.maxLen("embeds", len(raw), maxEmbeds)
	total := 0
	for i, r := range raw {
		var e discordgo.MessageEmbed
		p := "embeds." + strconv.Itoa(i)
		if json.Unmarshal(r, &e) != nil {
			fe.add(p, "MODEL_TYPE_CONVERT", "Could not interpret the value as an embed.")
			continue
		}
		count := func(field, s string, limit int) {
			n := utf8.RuneCountInString(s)
			total += n
			fe.maxLen(p+"."+field, n, limit)
		}
		count("title", e.Title, 256)
		count("description", e.Description, 4096)
		if e.Footer != nil {
			count("footer.text", e.Footer.Text, 2048)
		}
		if e.Author != nil {
			count("author.name", e.Author.Name, 256)
		}
		fe.maxLen(p+".fields", len(e.Fields), 25)
		for j, fl := range e.Fields {
			fp := "fields." + strconv.Itoa(j)
			count(fp+".name", fl.Name, 256)
			count(fp+".value", fl.Value, 1024)
		}
	}
	if total > maxEmbedTotal {
		fe.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
}

func validateAllowedMentions(fe *formErrors, a *discordgo.MessageAllowedMentions) {
	parseUsers := slices.Contains(a.Parse, discordgo.AllowedMentionTypeUsers)
	if parseUsers && len(a.Users) > 0 {
		fe.add("allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
			`parse:["users"] and users: [ids...] are mutually exclusive.`)
	}
	fe.maxLen("allowed_mentions.users", len(a.Users), maxAllowedUserIDs)
}

// rawComponent is a component as a bot sends it.
type rawComponent struct {
	Type        discordgo.ComponentType   `json:"type"`
	CustomID    *string                   `json:"custom_id"`
	Label       string                    `json:"label"`
	Style       discordgo.ButtonStyle     `json:"style"`
	URL         string                    `json:"url"`
	Disabled    bool                      `json:"disabled"`
	Emoji       *discordgo.ComponentEmoji `json:"emoji"`
	SKUID       string                    `json:"sku_id"`
	Placeholder string                    `json:"placeholder"`
	MinValues   *int                      `json:"min_values"`
	MaxValues   *int                      `json:"max_values"`
	Options     []SelectOption            `json:"options"`
	Components  []json.RawMessage         `json:"components"`
}

func isSelect(t discordgo.ComponentType) bool {
	switch t {
	case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
		discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
		return true
	}
	return false
}

// parseComponents validates legacy message components: action rows of up
// to five buttons or of one select menu.
func parseComponents(fe *formErrors, raw json.RawMessage) []Row {
	var rows []rawComponent
	if json.Unmarshal(raw, &rows) != nil {
		fe.add("components", "BASE_TYPE_ARRAY", "Could not interpret the value as a list of components.")
		return nil
	}
	fe.maxLen("components", len(rows), maxRows)
	seen := map[string]bool{}
	out := make([]Row, 0, len(rows))
	for i, row := range rows {
		rp := "components." + strconv.Itoa(i)
		if row.Type != discordgo.ActionsRowComponent {
			fe.add(rp+".type", "BASE_TYPE_CHOICES", "Value must be one of {1}: discordtest models legacy components only (action rows at the top level).")
			continue
		}
		fe.betweenLen(rp+".components", len(row.Components), 1, maxPerRow)
		var r Row
		for j, rawChild := range row.Components {
			cp := rp + ".components." + strconv.Itoa(j)
			var rc rawComponent
			if json.Unmarshal(rawChild, &rc) != nil {
				fe.add(cp, "MODEL_TYPE_CONVERT", "Could not interpret the value as a component.")
				continue
			}
			var c Component
			switch {
			case rc.Type == discordgo.ButtonComponent:
				c = parseButton(fe, cp, rc)
			case isSelect(rc.Type):
				c = parseSelect(fe, cp, rc)
				if len(row.Components) > 1 {
					fe.add(rp+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
				}
			default:
				fe.addf(cp+".type", "BASE_TYPE_CHOICES", "Value must be one of {2, 3, 5, 6, 7, 8}, got %d.", rc.Type)
				continue
			}
			if c.CustomID != "" {
				if seen[c.CustomID] {
					fe.add(cp+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
				}
				seen[c.CustomID] = true
			}
			r = append(r, c)
		}
		out = append(out, r)
	}
	return out
}

func parseButton(fe *formErrors, p string, rc rawComponent) Component {
	c := Component{Type: rc.Type, Label: rc.Label, Style: rc.Style, URL: rc.URL, Disabled: rc.Disabled, Emoji: rc.Emoji}
	if rc.CustomID != nil {
		c.CustomID = *rc.CustomID
	}
	switch {
	case rc.Style < discordgo.PrimaryButton || rc.Style > discordgo.LinkButton:
		fe.addf(p+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5}, got %d (discordtest does not model premium buttons).", rc.Style)
	case rc.Style == discordgo.LinkButton:
		if rc.URL == "" {
			fe.add(p+".url", "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
		} else if u, err := url.Parse(rc.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "discord") {
			fe.add(p+".url", "URL_TYPE_INVALID_URL", "Not a well formed URL.")
		}
		if rc.CustomID != nil {
			fe.add(p+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A custom id cannot be used with link buttons")
		}
	default:
		if rc.URL != "" {
			fe.add(p+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url can only be used with link buttons")
		}
		n := 0
		if rc.CustomID != nil {
			n = utf8.RuneCountInString(*rc.CustomID)
		}
		fe.betweenLen(p+".custom_id", n, 1, maxCustomID)
	}
	fe.maxLen(p+".label", utf8.RuneCountInString(rc.Label), maxButtonLabel)
	if rc.Label == "" && rc.Emoji == nil {
		fe.add(p+".label", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")
	}
	return c
}

func parseSelect(fe *formErrors, p string, rc rawComponent) Component {
	one := 1
	c := Component{
		Type: rc.Type, Disabled: rc.Disabled, Placeholder: rc.Placeholder,
		MinValues: rc.MinValues, MaxValues: rc.MaxValues, Options: rc.Options,
	}
	if c.MinValues == nil {
		c.MinValues = &one
	}
	if c.MaxValues == nil {
		c.MaxValues = &one
	}
	n := 0
	if rc.CustomID != nil {
		c.CustomID = *rc.CustomID
		n = utf8.RuneCountInString(c.CustomID)
	}
	fe.betweenLen(p+".custom_id", n, 1, maxCustomID)
	fe.maxLen(p+".placeholder", utf8.RuneCountInString(rc.Placeholder), 150)
	if *c.MinValues < 0 || *c.MinValues > maxSelectOptions {
		fe.add(p+".min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
	}
	if *c.MaxValues < 1 || *c.MaxValues > maxSelectOptions {
		fe.add(p+".max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
	}
	if *c.MinValues > *c.MaxValues {
		fe.add(p+".min_values", "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values must be less than or equal to max_values")
	}
	if rc.Type != discordgo.SelectMenuComponent {
		if len(rc.Options) > 0 {
			fe.add(p+".options", "BASE_TYPE_MAX_LENGTH", "Only string select menus have options.")
		}
		return c
	}
	fe.betweenLen(p+".options", len(rc.Options), 1, maxSelectOptions)
	if *c.MaxValues > len(rc.Options) && len(rc.Options) > 0 {
		fe.add(p+".max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE", "max_values must be less than or equal to the number of options")
	}
	values := map[string]bool{}
	for k, o := range rc.Options {
		op := p + ".options." + strconv.Itoa(k)
		fe.betweenLen(op+".label", utf8.RuneCountInString(o.Label), 1, 100)
		fe.betweenLen(op+".value", utf8.RuneCountInString(o.Value), 1, 100)
		fe.maxLen(op+".description", utf8.RuneCountInString(o.Description), 100)
		if values[o.Value] {
			fe.add(op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used")
		}
		values[o.Value] = true
	}
	return c
}

// origin describes who creates a message and how.
type origin struct {
	interaction *Interaction
	ephemeral   bool // shown only to the interaction's user
	loading     bool // a deferred response's placeholder
}

// createLocked validates and stores a new message.
func (s *Server) createLocked(ch *channel, c *change, o origin) (*message, error) {
	flags := discordgo.MessageFlags(0)
	if c.flags != nil {
		flags = *c.flags
	}
	allowedFlags := discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications
	if o.interaction != nil {
		allowedFlags |= discordgo.MessageFlagsEphemeral
	}
	// Stricter than Discord, which drops such bits: a channel message sent
	// as "ephemeral" would be public, so the fake makes that bug loud.
	if flags&^allowedFlags != 0 {
		var fe formErrors
		fe.addf("flags", "MESSAGE_FLAGS_INVALID",
			"Only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS and, in interaction responses and follow-ups, EPHEMERAL can be set; got %d.", flags)
		return nil, fe.err()
	}
	if o.ephemeral {
		flags |= discordgo.MessageFlagsEphemeral
	}
	if o.loading {
		flags |= discordgo.MessageFlagsLoading
	}
	atts, err := s.newAttachments(nil, c, false, 0) // the versions agree on creation
	if err != nil {
		return nil, err
	}
	m := &message{
		id:          s.newID(),
		channelID:   ch.id,
		guildID:     ch.guildID,
		content:     *c.content,
		embeds:      c.embeds,
		components:  c.components,
		attachments: atts,
		flags:       flags,
		tts:         c.tts,
		allowed:     c.allowed,
		created:     s.now(),
		interaction: o.interaction,
	}
	if flags&discordgo.MessageFlagsEphemeral != 0 {
		m.ephemeralTo = o.interaction.User.ID
	}
	if !o.loading && m.empty() {
		return nil, errEmptyMessage()
	}
	s.messages[m.id] = m
	ch.msgs = append(ch.msgs, m.id)
	if !o.loading {
		s.recordPingsLocked(m)
	}
	s.checkLocked(m)
	s.notifyLocked()
	return m, nil
}

func (m *message) empty() bool {
	return m.content == "" && len(m.embeds) == 0 && len(m.attachments) == 0 && len(m.components) == 0
}

// editLocked applies an edit. The first edit of a deferred response's
// placeholder shows the answer and is not counted as an edit; like every
// edit it pings nobody, which is how Discord treats deferred answers too.
func (s *Server) editLocked(m *message, c *change, version int) error {
	atts, err := s.newAttachments(m.attachments, c, true, version)
	if err != nil {
		return err
	}
	next := *m
	next.attachments = atts
	if c.content != nil {
		next.content = *c.content
	}
	if c.embedsSet {
		next.embeds = c.embeds
	}
	if c.componentsSet {
		next.components = c.components
	}
	if c.allowedSet {
		next.allowed = c.allowed
	}
	if c.flags != nil {
		// Only SUPPRESS_EMBEDS can change after creation.
		next.flags = next.flags&^discordgo.MessageFlagsSuppressEmbeds | *c.flags&discordgo.MessageFlagsSuppressEmbeds
	}
	if next.empty() {
		return errEmptyMessage()
	}
	if m.flags&discordgo.MessageFlagsLoading != 0 {
		next.flags &^= discordgo.MessageFlagsLoading
		*m = next
	} else {
		now := s.now()
		next.edited = &now
		next.editCount++
		*m = next
	}
	s.checkLocked(m)
	s.notifyLocked()
	return nil
}

// newAttachments computes a message's attachments after a create or edit.
//
// On creation, every upload is attached; "attachments" entries may only
// describe uploads. On edits, without new uploads, the old attachments stay
// unless an "attachments" array lists which to keep. With uploads, API v9
// appends them to the kept ones; v10 keeps exactly what the array lists
// (old ids and upload indexes) and, without an array, drops the old ones.
func (s *Server) newAttachments(old []*attachment, c *change, edit bool, version int) ([]*attachment, error) {
	var fe formErrors
	uploadByIndex := map[string]*upload{}
	for i := range c.uploads {
		uploadByIndex[strconv.Itoa(c.uploads[i].index)] = &c.uploads[i]
	}
	listed := map[int]attachmentRef{}
	var kept []*attachment
	for i, ref := range c.keep {
		if u := uploadByIndex[ref.id]; u != nil {
			listed[u.index] = ref
			continue
		}
		j := slices.IndexFunc(old, func(a *attachment) bool { return a.id == ref.id })
		if j < 0 || !edit {
			fe.addf("attachments."+strconv.Itoa(i)+".id", "ATTACHMENT_NOT_FOUND",
				"Attachment %q is neither on this message nor a files[n] index of this request.", ref.id)
			continue
		}
		kept = append(kept, old[j])
	}
	switch {
	case !edit:
		kept = nil
	case !c.keepSet && (len(c.uploads) == 0 || version == 9):
		kept = old
	case !c.keepSet:
		kept = nil // v10: uploads without an array replace the old files
	}
	if edit && version == 10 && c.keepSet {
		for _, u := range c.uploads {
			if _, ok := listed[u.index]; !ok {
				fe.addf("attachments", "ATTACHMENT_NOT_LISTED",
					"API v10 keeps only the attachments listed here: list the new upload files[%d] as {\"id\": %d}.", u.index, u.index)
			}
		}
	}
	out := slices.Clone(kept)
	for _, u := range c.uploads {
		a := &attachment{
			id:          s.newID(),
			filename:    u.filename,
			contentType: u.contentType,
			data:        u.data,
		}
		if ref, ok := listed[u.index]; ok {
			if ref.filename != "" {
				a.filename = ref.filename
			}
			a.description = ref.description
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(u.data)); err == nil {
			a.width, a.height = cfg.Width, cfg.Height
		}
		out = append(out, a)
	}
	fe.maxLen("attachments", len(out), maxAttachments)
	if err := fe.err(); err != nil {
		return nil, err
	}
	return out, nil
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// mentioned lists the users a message's content mentions and its allowed
// mentions let through; Discord's default (no allowed_mentions) lets all
// through.
func mentioned(content string, allowed *discordgo.MessageAllowedMentions) []string {
	var out []string
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if slices.Contains(out, id) {
			continue
		}
		if allowed == nil || slices.Contains(allowed.Parse, discordgo.AllowedMentionTypeUsers) || slices.Contains(allowed.Users, id) {
			out = append(out, id)
		}
	}
	return out
}

// recordPingsLocked notes who a newly shown message notifies. Ephemeral
// messages and SUPPRESS_NOTIFICATIONS ones notify nobody.
func (s *Server) recordPingsLocked(m *message) {
	if m.ephemeralTo != "" || m.flags&discordgo.MessageFlagsSuppressNotifications != 0 {
		return
	}
	m.pinged = mentioned(m.content, m.allowed)
	ch := s.channels[m.channelID]
	// A new DM notifies its recipient, mentioned or not.
	if ch.recipient != "" && !slices.Contains(m.pinged, ch.recipient) {
		m.pinged = append(m.pinged, ch.recipient)
	}
	// Pinging a user in a private thread adds them to it.
	if ch.typ == discordgo.ChannelTypeGuildPrivateThread {
		for _, id := range m.pinged {
			if s.users[id] != nil {
				if ch.members == nil {
					ch.members = map[string]bool{}
				}
				ch.members[id] = true
			}
		}
	}
	if len(m.pinged) == 0 {
		return
	}
	snap := s.snapshotLocked(m)
	for _, id := range m.pinged {
		s.pings[id] = append(s.pings[id], snap)
	}
}

func (s *Server) snapshotLocked(m *message) *Message {
	out := &Message{
		ID:          m.id,
		ChannelID:   m.channelID,
		GuildID:     m.guildID,
		Author:      s.bot,
		Content:     m.content,
		Components:  cloneRows(m.components),
		Flags:       m.flags,
		Pings:       slices.Clone(m.pinged),
		EditedCount: m.editCount,
		Created:     m.created,
		EphemeralTo: m.ephemeralTo,
		Deleted:     m.deleted,
	}
	for _, raw := range m.embeds {
		var e discordgo.MessageEmbed
		json.Unmarshal(raw, &e)
		out.Embeds = append(out.Embeds, &e)
	}
	for _, a := range m.attachments {
		out.Attachments = append(out.Attachments, Attachment{
			ID: a.id, Filename: a.filename, Description: a.description, ContentType: a.contentType,
			Data: a.data, Width: a.width, Height: a.height, URL: s.attachmentURL(m, a),
		})
	}
	if m.allowed != nil {
		a := *m.allowed
		a.Parse, a.Users, a.Roles = slices.Clone(a.Parse), slices.Clone(a.Users), slices.Clone(a.Roles)
		out.AllowedMentions = &a
	}
	if m.interaction != nil {
		out.InteractionID = m.interaction.ID
	}
	s.readMessage(out)
	return out
}

func (s *Server) attachmentURL(m *message, a *attachment) string {
	return s.base + "/attachments/" + m.channelID + "/" + a.id + "/" + url.PathEscape(a.filename)
}

// serveAttachment plays the CDN: attachment URLs answer with the bytes.
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	if len(parts) == 3 {
		s.mu.Lock()
		var found *attachment
		if c := s.channels[parts[0]]; c != nil {
			for _, id := range c.msgs {
				if m := s.messages[id]; m != nil {
					for _, a := range m.attachments {
						if a.id == parts[1] {
							found = a
						}
					}
				}
			}
		}
		s.mu.Unlock()
		if found != nil {
			w.Header().Set("Content-Type", found.contentType)
			w.Write(found.data)
			return
		}
	}
	http.NotFound(w, r)
}

// Wire formats: what the fake sends, shaped like Discord's objects.

type wireMessage struct {
	ID                  string                 `json:"id"`
	Type                discordgo.MessageType  `json:"type"`
	ChannelID           string                 `json:"channel_id"`
	GuildID             string                 `json:"guild_id,omitempty"`
	Author              map[string]any         `json:"author"`
	Content             string                 `json:"content"`
	Timestamp           string                 `json:"timestamp"`
	EditedTimestamp     *string                `json:"edited_timestamp"`
	TTS                 bool                   `json:"tts"`
	MentionEveryone     bool                   `json:"mention_everyone"`
	Mentions            []map[string]any       `json:"mentions"`
	MentionRoles        []string               `json:"mention_roles"`
	Attachments         []wireAttachment       `json:"attachments"`
	Embeds              []json.RawMessage      `json:"embeds"`
	Components          []wireRow              `json:"components"`
	Pinned              bool                   `json:"pinned"`
	Flags               discordgo.MessageFlags `json:"flags"`
	WebhookID           string                 `json:"webhook_id,omitempty"`
	ApplicationID       string                 `json:"application_id,omitempty"`
	InteractionMetadata map[string]any         `json:"interaction_metadata,omitempty"`
	Thread              map[string]any         `json:"thread,omitempty"`
}

type wireRow struct {
	Type       discordgo.ComponentType `json:"type"`
	Components []Component             `json:"components"`
}

type wireAttachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
}

func (s *Server) wireLocked(m *message) wireMessage {
	w := wireMessage{
		ID:           m.id,
		ChannelID:    m.channelID,
		GuildID:      m.guildID,
		Author:       userJSON(s.bot),
		Content:      m.content,
		Timestamp:    timestamp(m.created),
		TTS:          m.tts,
		Mentions:     []map[string]any{},
		MentionRoles: []string{},
		Attachments:  []wireAttachment{},
		Embeds:       m.embeds,
		Components:   []wireRow{},
		Flags:        m.flags,
	}
	if w.Embeds == nil {
		w.Embeds = []json.RawMessage{}
	}
	if m.edited != nil {
		t := timestamp(*m.edited)
		w.EditedTimestamp = &t
	}
	for _, id := range mentioned(m.content, m.allowed) {
		if u := s.users[id]; u != nil {
			w.Mentions = append(w.Mentions, userJSON(u.User))
		}
	}
	for _, a := range m.attachments {
		u := s.attachmentURL(m, a)
		w.Attachments = append(w.Attachments, wireAttachment{
			ID: a.id, Filename: a.filename, Description: a.description, ContentType: a.contentType,
			Size: len(a.data), URL: u, ProxyURL: u, Width: a.width, Height: a.height,
		})
	}
	for _, r := range m.components {
		w.Components = append(w.Components, wireRow{Type: discordgo.ActionsRowComponent, Components: r})
	}
	if t := s.channels[m.id]; t != nil && m.flags&discordgo.MessageFlagsHasThread != 0 {
		w.Thread = s.channelJSONLocked(t)
	}
	if it := m.interaction; it != nil {
		w.WebhookID = s.AppID()
		w.ApplicationID = s.AppID()
		w.InteractionMetadata = map[string]any{
			"id":   it.ID,
			"type": it.Type,
			"user": userJSON(it.User),
		}
		if it.Type == discordgo.InteractionApplicationCommand && it.originalID == m.id {
			w.Type = discordgo.MessageTypeChatInputCommand
		}
	}
	return w
}

func userJSON(u User) map[string]any {
	var global any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	return map[string]any{
		"id":            u.ID,
		"username":      u.Username,
		"discriminator": "0",
		"global_name":   global,
		"avatar":        nil,
		"bot":           u.Bot,
		"public_flags":  0,
	}
}

func (s *Server) channelJSONLocked(c *channel) map[string]any {
	j := map[string]any{
		"id":              c.id,
		"type":            c.typ,
		"last_message_id": nil,
		"flags":           0,
	}
	if c.typ == discordgo.ChannelTypeDM {
		j["recipients"] = []map[string]any{userJSON(s.users[c.recipient].User)}
		return j
	}
	j["guild_id"] = c.guildID
	j["name"] = c.name
	j["rate_limit_per_user"] = 0
	if isThread(c.typ) {
		s.threadJSONLocked(c, j)
		return j
	}
	j["position"] = slices.Index(s.guilds[c.guildID].channels, c.id)
	j["permission_overwrites"] = []any{}
	j["nsfw"] = false
	j["topic"] = nil
	j["parent_id"] = nil
	return j
}

// Channel and user routes.

func (s *Server) getChannel(c *call) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.vars["channel_id"]]
	if ch == nil {
		return nil, errUnknownChannel()
	}
	return s.channelJSONLocked(ch), nil
}

func (s *Server) createChannelMessage(c *call) (any, error) {
	ch, err := parseChange(c.payload, c.uploads, false)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	target := s.channels[c.vars["channel_id"]]
	if target == nil {
		return nil, errUnknownChannel()
	}
	if target.typ == discordgo.ChannelTypeDM && s.users[target.recipient].dmsClosed {
		return nil, errCannotDM()
	}
	// With enforce_nonce, a message the bot created in this channel with
	// the same nonce in the last few minutes is returned, and nothing new
	// is created: a post retried after its answer was lost stays one.
	if ch.enforceNonce && ch.nonce != "" {
		for _, id := range target.msgs {
			if m := s.messages[id]; m != nil && !m.deleted && m.nonce == ch.nonce && s.now().Sub(m.created) < nonceWindow {
				return s.wireLocked(m), nil
			}
		}
	}
	m, err := s.createLocked(target, ch, origin{})
	if err != nil {
		return nil, err
	}
	m.nonce = ch.nonce
	return s.wireLocked(m), nil
}

// Discord's limits on a nonce: its length, and how long a message keeps
// others with its nonce from being created.
const (
	maxNonce    = 25
	nonceWindow = 5 * time.Minute
)

// channelMessageLocked finds a message through a channel route, where
// ephemeral messages do not exist.
func (s *Server) channelMessageLocked(c *call) (*message, error) {
	if s.channels[c.vars["channel_id"]] == nil {
		return nil, errUnknownChannel()
	}
	m := s.messages[c.vars["message_id"]]
	if m == nil || m.channelID != c.vars["channel_id"] || m.ephemeralTo != "" {
		return nil, errUnknownMessage()
	}
	return m, nil
}

// A messageFinder locates, under s.mu, the message a route names. The
// channel and the interaction webhook routes read, edit and delete
// messages alike and differ only in how they find them.
type messageFinder func(s *Server, c *call) (*message, error)

func getMessage(find messageFinder) func(*Server, *call) (any, error) {
	return func(s *Server, c *call) (any, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		m, err := find(s, c)
		if err != nil {
			return nil, err
		}
		return s.wireLocked(m), nil
	}
}

func editMessage(find messageFinder) func(*Server, *call) (any, error) {
	return func(s *Server, c *call) (any, error) {
		ch, err := parseChange(c.payload, c.uploads, true)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		m, err := find(s, c)
		if err != nil {
			return nil, err
		}
		if err := s.editLocked(m, ch, c.version); err != nil {
			return nil, err
		}
		return s.wireLocked(m), nil
	}
}

func deleteMessage(find messageFinder) func(*Server, *call) (any, error) {
	return func(s *Server, c *call) (any, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		m, err := find(s, c)
		if err != nil {
			return nil, err
		}
		s.deleteLocked(m)
		return nil, nil
	}
}

// deleteLocked removes a message. Its channel keeps its id, and the fake
// the message, for History.
func (s *Server) deleteLocked(m *message) {
	delete(s.messages, m.id)
	m.deleted = true
	s.deleted[m.id] = m
	s.notifyLocked()
}

// listMessages answers newest first, like Discord, honouring limit,
// before, after and around.
func (s *Server) listMessages(c *call) (any, error) {
	q := c.r.URL.Query()
	limit := 50
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			var fe formErrors
			fe.add("limit", "NUMBER_TYPE_MAX", "Must be between 1 and 100.")
			return nil, fe.err()
		}
		limit = n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.vars["channel_id"]]
	if ch == nil {
		return nil, errUnknownChannel()
	}
	var ids []string
	for _, id := range ch.msgs {
		if m := s.messages[id]; m != nil && m.ephemeralTo == "" {
			ids = append(ids, id)
		}
	}
	switch {
	case q.Get("before") != "":
		ids = slices.DeleteFunc(ids, func(id string) bool { return compareIDs(id, q.Get("before")) >= 0 })
	case q.Get("after") != "":
		ids = slices.DeleteFunc(ids, func(id string) bool { return compareIDs(id, q.Get("after")) <= 0 })
		if len(ids) > limit {
			ids = ids[:limit]
		}
	case q.Get("around") != "":
		i, _ := slices.BinarySearchFunc(ids, q.Get("around"), compareIDs)
		lo := max(0, i-limit/2)
		ids = ids[lo:min(len(ids), lo+limit)]
	}
	if len(ids) > limit {
		ids = ids[len(ids)-limit:]
	}
	out := make([]wireMessage, 0, len(ids))
	for i := len(ids) - 1; i >= 0; i-- {
		out = append(out, s.wireLocked(s.messages[ids[i]]))
	}
	return out, nil
}

func (s *Server) createDM(c *call) (any, error) {
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := decode(c.payload, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[req.RecipientID] == nil {
		return nil, errUnknownUser()
	}
	return s.channelJSONLocked(s.dmLocked(req.RecipientID)), nil
}

func (s *Server) getMe(*call) (any, error) {
	j := userJSON(s.bot)
	j["verified"] = true
	j["mfa_enabled"] = false
	j["flags"] = 0
	return j, nil
}

func (s *Server) getUser(c *call) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := c.vars["user_id"]
	if id == s.bot.ID {
		return userJSON(s.bot), nil
	}
	u := s.users[id]
	if u == nil {
		return nil, errUnknownUser()
	}
	return userJSON(u.User), nil
}

func (s *Server) getApplication(*call) (any, error) {
	return map[string]any{
		"id":                     s.AppID(),
		"name":                   s.bot.Username,
		"description":            "",
		"bot_public":             true,
		"bot_require_code_grant": false,
		"flags":                  0,
		"bot":                    userJSON(s.bot),
		"owner":                  userJSON(s.bot),
		"verify_key":             s.PublicKey(),
		"icon":                   nil,
	}, nil
}

func (s *Server) getGateway(*call) (any, error) {
	return map[string]any{"url": s.GatewayURL()}, nil
}

func (s *Server) getGatewayBot(*call) (any, error) {
	return map[string]any{
		"url":    s.GatewayURL(),
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
		},
	}, nil
}

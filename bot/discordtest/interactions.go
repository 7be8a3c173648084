package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Interaction is one interaction the fake dispatched on a user's behalf.
// Its fields do not change; its methods report what the bot did with it.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	User      User
	GuildID   string // "" in DMs
	ChannelID string
	// MessageID and CustomID are set for component interactions.
	MessageID string
	CustomID  string

	srv        *Server
	realStart  time.Time     // for Wait's own deadline
	done       chan struct{} // closed by the first accepted response or a refused late one
	dispatched time.Time     // server clock; guarded by srv.mu from here on
	lost       time.Duration // held callbacks, charged to the deadline on a test clock
	// delivering is closed once the HTTP POST of the interaction has its
	// answer or failed; nil for an interaction sent over the gateway.
	// endpoint and body are what was POSTed, for Replay.
	delivering chan struct{}
	endpoint   string
	body       []byte
	resp       *Response
	failure    error
	latency    time.Duration
	originalID string // the message @original names
	// focusType is the type of the option an autocomplete interaction is
	// about: its choices must have it.
	focusType discordgo.ApplicationCommandOptionType
	// sourceEdits is how often the clicked message had been edited when
	// the click was dispatched.
	sourceEdits int
	followups   []string
}

// ErrNotAcknowledged is returned by Interaction.Wait when the bot did not
// respond in time: the user saw "This interaction failed".
var ErrNotAcknowledged = errors.New("discordtest: interaction not acknowledged in time")

// Wait returns the interaction's first accepted response. It fails with
// ErrNotAcknowledged once a response arrived after InteractionDeadline or,
// with the real clock, once the deadline passed without one.
func (it *Interaction) Wait(ctx context.Context) (*Response, error) {
	var expired <-chan time.Time
	if it.srv.realClock {
		t := time.NewTimer(time.Until(it.realStart.Add(InteractionDeadline)))
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-it.done:
	case <-expired:
		select {
		case <-it.done:
		default:
			return nil, fmt.Errorf("%w: no response within %v to %s", ErrNotAcknowledged, InteractionDeadline, it)
		}
	case <-ctx.Done():
		return nil, fmt.Errorf("discordtest: waiting for a response to %s: %w", it, ctx.Err())
	}
	it.srv.mu.Lock()
	defer it.srv.mu.Unlock()
	return it.resp, it.failure
}

func (it *Interaction) String() string {
	if it.CustomID != "" {
		return fmt.Sprintf("interaction %s (component %q)", it.ID, it.CustomID)
	}
	return fmt.Sprintf("interaction %s", it.ID)
}

// Choices returns the choices the bot offered in answer to an
// autocomplete interaction; nil before the answer or for other
// interactions.
func (it *Interaction) Choices() []*discordgo.ApplicationCommandOptionChoice {
	it.srv.mu.Lock()
	defer it.srv.mu.Unlock()
	if it.resp == nil {
		return nil
	}
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(it.resp.Choices))
	for i, c := range it.resp.Choices {
		read := *c
		read.Name = it.srv.read(c.Name)
		out[i] = &read
	}
	return out
}

// Latency is the time from dispatch to the first accepted response, by the
// server's clock; 0 before the response.
func (it *Interaction) Latency() time.Duration {
	it.srv.mu.Lock()
	defer it.srv.mu.Unlock()
	return it.latency
}

// Answered is when the first accepted response arrived, by the server's
// clock; zero before then. A bot that answers each click before taking the
// next applies them in the order of Answered.
func (it *Interaction) Answered() time.Time {
	it.srv.mu.Lock()
	defer it.srv.mu.Unlock()
	if it.resp == nil {
		return time.Time{}
	}
	return it.dispatched.Add(it.latency)
}

// Original returns the message @original names now (the response message,
// or the component's message after a type 6 or 7 response), or nil.
func (it *Interaction) Original() *Message {
	s := it.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[it.originalID]; m != nil {
		return s.snapshotLocked(m)
	}
	return nil
}

// SourceEdits is how many times the message a component was clicked on
// had been edited when the click was dispatched: a later EditedCount above
// it means the message changed since.
func (it *Interaction) SourceEdits() int { return it.sourceEdits }

// Followups returns the interaction's follow-up messages as they stand now,
// oldest first; deleted ones are gone.
func (it *Interaction) Followups() []*Message {
	s := it.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	for _, id := range it.followups {
		if m := s.messages[id]; m != nil {
			out = append(out, s.snapshotLocked(m))
		}
	}
	return out
}

// Command runs a slash command as user: in a guild channel or thread, or
// in the user's DM with the bot when guildID and channelID are "". name
// is the command's name, or a path to one of its sub-commands, such as
// "newgame thatslife" or "admin game end"; options then belong to that
// sub-command and are nested as Discord nests them. options maps option
// names to values typed as the command declares them: string, int, bool,
// float64, a User or user id, a channel id; a sub-command may also be
// given as an option mapped to a map[string]any of its own options. The
// command must be registered and usable there, as the Discord client only
// offers such commands.
func (s *Server) Command(ctx context.Context, u User, guildID, channelID, name string, options map[string]any) (*Interaction, error) {
	return s.commandInteraction(ctx, u, guildID, channelID, name, options, "")
}

// Autocomplete sends the autocomplete interaction (type 4) the Discord
// client sends while user types in an option declared with autocomplete:
// commandPath and options are as for Command, focused names the option
// being typed in, and options[focused], if given, is the text typed so far
// (a string, whatever the option's type; "" when absent). Required options
// may be missing, as they may not be filled in yet. The bot must answer
// with choices (response type 8), which Interaction.Choices returns.
func (s *Server) Autocomplete(ctx context.Context, u User, guildID, channelID, commandPath string, options map[string]any, focused string) (*Interaction, error) {
	if focused == "" {
		return nil, errors.New("discordtest: Autocomplete needs the focused option's name")
	}
	return s.commandInteraction(ctx, u, guildID, channelID, commandPath, options, focused)
}

// commandInteraction dispatches a slash command, or an autocomplete
// interaction about its option focus.
func (s *Server) commandInteraction(ctx context.Context, u User, guildID, channelID, name string, options map[string]any, focus string) (*Interaction, error) {
	it, payload, err := s.commandPayload(u, guildID, channelID, name, options, focus)
	if err != nil {
		return nil, err
	}
	return it, s.dispatch(ctx, it, payload)
}

// commandPayload builds a slash command's interaction, or an autocomplete
// one about its option focus, without dispatching it.
func (s *Server) commandPayload(u User, guildID, channelID, name string, options map[string]any, focus string) (*Interaction, map[string]any, error) {
	path := strings.Fields(name)
	if len(path) == 0 {
		return nil, nil, errors.New("discordtest: no command name")
	}
	s.mu.Lock()
	usr, ch, err := s.placeLocked(u, guildID, channelID)
	if err != nil {
		s.mu.Unlock()
		return nil, nil, err
	}
	cmd, err := s.findCommandLocked(guildID, path[0])
	if err != nil {
		s.mu.Unlock()
		return nil, nil, err
	}
	typ := discordgo.InteractionApplicationCommand
	if focus != "" {
		typ = discordgo.InteractionApplicationCommandAutocomplete
		options = maps.Clone(options)
		if options == nil {
			options = map[string]any{}
		}
		if _, ok := options[focus]; !ok {
			options[focus] = ""
		}
	}
	var focusType discordgo.ApplicationCommandOptionType
	nested, leaf, err := nestOptions(cmd.def.Options, path[1:], options)
	if err == nil && focus != "" {
		focusType, err = focusable(leaf, focus)
	}
	res := newResolved()
	var opts []map[string]any
	if err == nil {
		opts, err = s.buildOptionsLocked(cmd.def.Options, nested, guildID, res, focus)
	}
	if err != nil {
		s.mu.Unlock()
		return nil, nil, fmt.Errorf("/%s: %w", name, err)
	}
	it := s.newInteractionLocked(typ, usr, ch)
	it.focusType = focusType
	data := map[string]any{"id": cmd.id, "name": cmd.def.Name, "type": discordgo.ChatApplicationCommand}
	if len(opts) > 0 {
		data["options"] = opts
	}
	// Autocomplete interactions carry no resolved objects.
	if focus == "" && len(res.Users)+len(res.Channels) > 0 {
		data["resolved"] = res
	}
	if cmd.echo["guild_id"] != nil {
		data["guild_id"] = cmd.echo["guild_id"]
	}
	payload := s.interactionJSONLocked(it, usr, ch, data)
	s.mu.Unlock()
	return it, payload, nil
}

// Click clicks a button of a message as user. It fails, dispatching
// nothing, when the user could not click it: the message is gone or not
// visible to them, or it has no enabled button with that custom_id now.
func (s *Server) Click(ctx context.Context, u User, msg *Message, customID string) (*Interaction, error) {
	return s.component(ctx, u, msg, customID, nil, true)
}

// Select picks values in a select menu of a message as user. Values must
// be options of a string select and their number within its min and max.
func (s *Server) Select(ctx context.Context, u User, msg *Message, customID string, values []string) (*Interaction, error) {
	if values == nil {
		values = []string{}
	}
	return s.component(ctx, u, msg, customID, values, true)
}

// ClickStale clicks a button the way a client that has not caught up with
// an edit would, or a forged request: customID is sent as it is, whether or
// not the message shows it now. The message must still exist and be visible
// to the user.
func (s *Server) ClickStale(ctx context.Context, u User, msg *Message, customID string) (*Interaction, error) {
	return s.component(ctx, u, msg, customID, nil, false)
}

// component dispatches a click or selection; checked refuses components the
// message does not show now.
func (s *Server) component(ctx context.Context, u User, msg *Message, customID string, values []string, checked bool) (*Interaction, error) {
	if msg == nil {
		return nil, errors.New("discordtest: no message to click on")
	}
	s.mu.Lock()
	m := s.messages[msg.ID]
	if m == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: message %s does not exist (any more)", msg.ID)
	}
	usr, ch, err := s.placeLocked(u, m.guildID, m.channelID)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	if m.ephemeralTo != "" && m.ephemeralTo != u.ID {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: message %s is ephemeral to another user", m.id)
	}
	if m.flags&discordgo.MessageFlagsLoading != 0 {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: message %s is still loading", m.id)
	}
	data, err := componentData(m, customID, values)
	if !checked {
		data, err = map[string]any{"custom_id": customID, "component_type": discordgo.ButtonComponent}, nil
	}
	if err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: message %s: %w", m.id, err)
	}
	it := s.newInteractionLocked(discordgo.InteractionMessageComponent, usr, ch)
	it.MessageID, it.CustomID = m.id, customID
	it.originalID, it.sourceEdits = m.id, m.editCount
	payload := s.interactionJSONLocked(it, usr, ch, data)
	payload["message"] = s.wireLocked(m)
	s.mu.Unlock()
	return it, s.dispatch(ctx, it, payload)
}

// componentData checks a click or selection against the message as it is
// and returns the interaction's data.
func componentData(m *message, customID string, values []string) (map[string]any, error) {
	var c *Component
	var clickable []string
	for _, row := range m.components {
		for i := range row {
			if row[i].CustomID == customID {
				c = &row[i]
			}
			if row[i].CustomID != "" && !row[i].Disabled {
				clickable = append(clickable, row[i].CustomID)
			}
		}
	}
	if c == nil {
		return nil, fmt.Errorf("no component %q (enabled ones: %q)", customID, clickable)
	}
	if c.Disabled {
		return nil, fmt.Errorf("component %q is disabled", customID)
	}
	data := map[string]any{"custom_id": customID, "component_type": c.Type}
	if values == nil {
		if c.Type != discordgo.ButtonComponent {
			return nil, fmt.Errorf("component %q is a select menu: use Select", customID)
		}
		return data, nil
	}
	if !isSelect(c.Type) {
		return nil, fmt.Errorf("component %q is a button: use Click", customID)
	}
	if len(values) < *c.MinValues || len(values) > *c.MaxValues {
		return nil, fmt.Errorf("select %q takes %d to %d values, got %d", customID, *c.MinValues, *c.MaxValues, len(values))
	}
	if c.Type == discordgo.SelectMenuComponent {
		for _, v := range values {
			if !slices.ContainsFunc(c.Options, func(o SelectOption) bool { return o.Value == v }) {
				return nil, fmt.Errorf("select %q has no option %q", customID, v)
			}
		}
	}
	data["values"] = values
	return data, nil
}

// placeLocked checks that a user may act in a channel: a channel or
// thread of the guild (a private thread only once they are in it), or for
// guildID "" the user's own DM (channelID may then be "").
func (s *Server) placeLocked(u User, guildID, channelID string) (*user, *channel, error) {
	usr := s.users[u.ID]
	if usr == nil {
		return nil, nil, fmt.Errorf("discordtest: unknown user %q: create users with AddUser", u.ID)
	}
	if guildID == "" {
		if channelID == "" {
			return usr, s.dmLocked(u.ID), nil
		}
		dm := s.channels[channelID]
		if dm == nil || dm.typ != discordgo.ChannelTypeDM || dm.recipient != u.ID {
			return nil, nil, fmt.Errorf("discordtest: channel %s is not %s's DM with the bot", channelID, u.Username)
		}
		return usr, dm, nil
	}
	ch := s.channels[channelID]
	if s.guilds[guildID] == nil || ch == nil || ch.guildID != guildID {
		return nil, nil, fmt.Errorf("discordtest: no channel %q in guild %q", channelID, guildID)
	}
	if ch.typ == discordgo.ChannelTypeGuildPrivateThread && !ch.members[u.ID] {
		return nil, nil, fmt.Errorf("discordtest: %s is not in private thread %s: mention them in it first", u.Username, channelID)
	}
	return usr, ch, nil
}

func (s *Server) newInteractionLocked(typ discordgo.InteractionType, u *user, ch *channel) *Interaction {
	id := s.newID()
	return &Interaction{
		ID:        id,
		Token:     s.newToken(id),
		Type:      typ,
		User:      u.User,
		GuildID:   ch.guildID,
		ChannelID: ch.id,
		srv:       s,
		done:      make(chan struct{}),
	}
}

func (s *Server) memberJSON(u *user) map[string]any {
	return map[string]any{
		"user":                         userJSON(u.User),
		"nick":                         nil,
		"avatar":                       nil,
		"roles":                        []string{},
		"joined_at":                    timestamp(time.UnixMilli(int64(s.idMs) + discordEpochMs)),
		"premium_since":                nil,
		"deaf":                         false,
		"mute":                         false,
		"flags":                        0,
		"pending":                      false,
		"permissions":                  strconv.FormatInt(u.permissions, 10),
		"communication_disabled_until": nil,
	}
}

// orUS is a locale, or Discord's default when none was set.
func orUS(locale string) string {
	if locale == "" {
		return "en-US"
	}
	return locale
}

// interactionJSONLocked builds an INTERACTION_CREATE payload as Discord
// sends it: member in guilds, user in DMs.
func (s *Server) interactionJSONLocked(it *Interaction, u *user, ch *channel, data map[string]any) map[string]any {
	j := map[string]any{
		"id":                    it.ID,
		"application_id":        s.AppID(),
		"type":                  it.Type,
		"data":                  data,
		"token":                 it.Token,
		"version":               1,
		"channel_id":            ch.id,
		"channel":               s.channelJSONLocked(ch),
		"locale":                s.localeOr(u.locale),
		"app_permissions":       strconv.FormatInt(memberPermissions|discordgo.PermissionManageMessages, 10),
		"entitlements":          []any{},
		"attachment_size_limit": maxFileSize,
	}
	if ch.guildID != "" {
		j["guild_id"] = ch.guildID
		locale := s.localeOr(s.guilds[ch.guildID].locale)
		j["guild_locale"] = locale
		j["guild"] = map[string]any{"id": ch.guildID, "locale": locale, "features": []string{}}
		j["member"] = s.memberJSON(u)
		j["context"] = discordgo.InteractionContextGuild
		j["authorizing_integration_owners"] = map[string]string{"0": ch.guildID}
	} else {
		j["user"] = userJSON(u.User)
		j["context"] = discordgo.InteractionContextBotDM
		j["authorizing_integration_owners"] = map[string]string{"0": "0"}
	}
	return j
}

// dispatch registers an interaction and sends it to the bot's sessions,
// or to its endpoints (see DeliverHTTP).
// The 3-second deadline starts here, as on Discord when the user clicks.
func (s *Server) dispatch(ctx context.Context, it *Interaction, payload map[string]any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if len(s.endpoints) > 0 {
		defer s.mu.Unlock()
		return s.dispatchHTTPLocked(it, data)
	}
	targets := s.targetsLocked(it.GuildID, false)
	if len(targets) == 0 {
		s.mu.Unlock()
		return errors.New("discordtest: no bot session is connected to receive the interaction")
	}
	it.dispatched = s.now()
	it.realStart = time.Now()
	s.interactions[it.ID] = it
	s.byToken[it.Token] = it
	s.notifyLocked()
	s.mu.Unlock()
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(5 * time.Second)
	}
	delivered := false
	for _, g := range targets {
		if g.dispatch("INTERACTION_CREATE", data, deadline) {
			delivered = true
		}
	}
	if !delivered {
		return errors.New("discordtest: the bot's gateway connection dropped the interaction")
	}
	return nil
}

// sinceDispatchLocked is how long the interaction has waited for its
// response, by the server's clock and counting the callbacks that were
// held and lost.
func (s *Server) sinceDispatchLocked(it *Interaction) time.Duration {
	return s.now().Sub(it.dispatched) + it.lost
}

// respondLocked records the first accepted response; it adds the
// message the response shows.
func (s *Server) respondLocked(it *Interaction, r *Response) {
	it.latency = s.sinceDispatchLocked(it)
	if m := s.messages[it.originalID]; m != nil && r.Modal == nil {
		r.Message = s.snapshotLocked(m)
	}
	it.resp = r
	close(it.done)
	s.notifyLocked()
}

// callbackBody is an interaction response.
type callbackBody struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data json.RawMessage                   `json:"data"`
}

func (s *Server) interactionCallback(c *call) (any, error) {
	var cb callbackBody
	if err := decode(c.payload, &cb); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.interactions[c.vars["interaction_id"]]
	if it == nil || it.Token != c.vars["interaction_token"] {
		return nil, errUnknownInteraction()
	}
	return nil, s.answerLocked(it, cb, c.uploads, c.version)
}

// answerLocked takes an interaction's initial response, sent to the
// callback route or as the body of the answer to an HTTP delivery: one
// per interaction, within the deadline, of a type that fits the
// interaction. The body has passed the schema check already.
func (s *Server) answerLocked(it *Interaction, cb callbackBody, uploads []upload, version int) error {
	if it.resp != nil {
		return errAlreadyAcknowledged()
	}
	if late := s.sinceDispatchLocked(it); late > InteractionDeadline {
		if it.failure == nil {
			it.failure = fmt.Errorf("%w: the response came %v after dispatch to %s", ErrNotAcknowledged, late, it)
			close(it.done)
			s.notifyLocked()
		}
		return errUnknownInteraction()
	}
	component := it.Type == discordgo.InteractionMessageComponent
	autocomplete := it.Type == discordgo.InteractionApplicationCommandAutocomplete
	var fe formErrors
	switch {
	case autocomplete && cb.Type != discordgo.InteractionApplicationCommandAutocompleteResult:
		fe.addf("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Response type %d is not valid for an autocomplete interaction: answer with type 8.", cb.Type)
		return fe.err()
	case autocomplete:
		choices, err := parseChoices(cb.Data, it.focusType)
		if err != nil {
			return err
		}
		for _, c := range choices {
			s.checkTextLocked(InChoice, c.Name)
		}
		s.respondLocked(it, &Response{Type: cb.Type, Choices: choices})
		return nil
	}
	switch cb.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		ch, err := parseChange(cb.Data, uploads, false)
		if err != nil {
			return err
		}
		ephemeral := ch.flags != nil && *ch.flags&discordgo.MessageFlagsEphemeral != 0
		m, err := s.createLocked(s.channels[it.ChannelID], ch, origin{interaction: it, ephemeral: ephemeral})
		if err != nil {
			return err
		}
		it.originalID = m.id
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		ch, err := parseChange(cb.Data, nil, false)
		if err != nil {
			return err
		}
		ephemeral := ch.flags != nil && *ch.flags&discordgo.MessageFlagsEphemeral != 0
		m, err := s.createLocked(s.channels[it.ChannelID], &change{content: new(string)}, origin{interaction: it, ephemeral: ephemeral, loading: true})
		if err != nil {
			return err
		}
		it.originalID = m.id
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if !component {
			fe.addf("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Response type %d is only valid for component interactions.", cb.Type)
			return fe.err()
		}
		m := s.messages[it.MessageID]
		if m == nil {
			return errUnknownMessage()
		}
		if cb.Type == discordgo.InteractionResponseUpdateMessage {
			ch, err := parseChange(cb.Data, uploads, true)
			if err != nil {
				return err
			}
			if err := s.editLocked(m, ch, version); err != nil {
				return err
			}
		}
	case discordgo.InteractionResponseModal:
		modal, err := parseModal(cb.Data)
		if err != nil {
			return err
		}
		s.respondLocked(it, &Response{Type: cb.Type, Modal: modal})
		return nil
	default:
		fe.addf("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Response type %d is not valid for this interaction (discordtest sends no pings).", cb.Type)
		return fe.err()
	}
	s.respondLocked(it, &Response{Type: cb.Type})
	return nil
}

// parseChoices checks an autocomplete answer: up to 25 choices, each
// named, with a value of the focused option's type.
func parseChoices(raw json.RawMessage, typ discordgo.ApplicationCommandOptionType) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	var d struct {
		Choices []choiceDef `json:"choices"`
	}
	if err := decode(raw, &d); err != nil {
		return nil, err
	}
	var fe formErrors
	fe.maxLen("data.choices", len(d.Choices), maxChoices)
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(d.Choices))
	for i, c := range d.Choices {
		p := "data.choices." + strconv.Itoa(i)
		fe.betweenLen(p+".name", utf8.RuneCountInString(c.Name), 1, maxChoiceName)
		checkChoiceValue(&fe, p+".value", typ, c.Value)
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value}
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	return out, nil
}

func parseModal(raw json.RawMessage) (*Modal, error) {
	var d struct {
		CustomID   string          `json:"custom_id"`
		Title      string          `json:"title"`
		Components json.RawMessage `json:"components"`
	}
	if err := decode(raw, &d); err != nil {
		return nil, err
	}
	var rows []json.RawMessage
	json.Unmarshal(d.Components, &rows)
	var fe formErrors
	fe.betweenLen("data.custom_id", utf8.RuneCountInString(d.CustomID), 1, maxCustomID)
	fe.betweenLen("data.title", utf8.RuneCountInString(d.Title), 1, 45)
	fe.betweenLen("data.components", len(rows), 1, 5)
	if err := fe.err(); err != nil {
		return nil, err
	}
	return &Modal{CustomID: d.CustomID, Title: d.Title, Components: d.Components}, nil
}

// webhookLocked finds the interaction behind an interaction webhook and
// checks that its token still lives.
func (s *Server) webhookLocked(c *call) (*Interaction, error) {
	if c.vars["webhook_id"] != s.AppID() {
		return nil, errUnknownWebhook()
	}
	it := s.byToken[c.vars["webhook_token"]]
	if it == nil || s.now().Sub(it.dispatched) > TokenLifetime {
		return nil, errInvalidWebhookToken()
	}
	if it.resp == nil || it.Type == discordgo.InteractionApplicationCommandAutocomplete {
		// Before the first response there is no webhook message to act
		// on, and an autocomplete answer leaves none.
		return nil, errUnknownWebhook()
	}
	return it, nil
}

// webhookMessageLocked resolves @original or a follow-up id.
func (s *Server) webhookMessageLocked(it *Interaction, id string) (*message, error) {
	if id == "@original" {
		id = it.originalID
	} else if !slices.Contains(it.followups, id) {
		return nil, errUnknownMessage()
	}
	m := s.messages[id]
	if m == nil {
		return nil, errUnknownMessage()
	}
	return m, nil
}

// createFollowup sends a follow-up message. Right after a type 5 response
// it edits the "thinking" placeholder instead, keeping its ephemerality, as
// Discord documents for backwards compatibility.
func (s *Server) createFollowup(c *call) (any, error) {
	raw, uploads := c.payload, c.uploads
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.webhookLocked(c)
	if err != nil {
		return nil, err
	}
	var m *message
	if orig := s.messages[it.originalID]; orig != nil && orig.flags&discordgo.MessageFlagsLoading != 0 &&
		it.resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		ch, err := parseChange(raw, uploads, true)
		if err != nil {
			return nil, err
		}
		ch.flags = nil
		if err := s.editLocked(orig, ch, c.version); err != nil {
			return nil, err
		}
		m = orig
	} else {
		ch, err := parseChange(raw, uploads, false)
		if err != nil {
			return nil, err
		}
		ephemeral := ch.flags != nil && *ch.flags&discordgo.MessageFlagsEphemeral != 0
		m, err = s.createLocked(s.channels[it.ChannelID], ch, origin{interaction: it, ephemeral: ephemeral})
		if err != nil {
			return nil, err
		}
		it.followups = append(it.followups, m.id)
	}
	if c.r.URL.Query().Get("wait") != "true" {
		return nil, nil
	}
	return s.wireLocked(m), nil
}

// webhookRouteMessageLocked finds the message a webhook route names: the
// interaction's original response or one of its follow-ups.
func (s *Server) webhookRouteMessageLocked(c *call) (*message, error) {
	it, err := s.webhookLocked(c)
	if err != nil {
		return nil, err
	}
	return s.webhookMessageLocked(it, c.vars["message_id"])
}

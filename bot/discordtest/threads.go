package discordtest

import (
	"fmt"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's rules for threads.
const (
	maxThreadName = 100
	// defaultAutoArchive is a text channel's default_auto_archive_duration,
	// which a thread takes when it names none.
	defaultAutoArchive = 1440
)

var autoArchiveDurations = []int{60, 1440, 4320, 10080}

// Thread is a thread the bot started in a text channel.
type Thread struct {
	ID       string
	GuildID  string
	ParentID string
	Name     string
	// Type is discordgo.ChannelTypeGuildPublicThread or
	// discordgo.ChannelTypeGuildPrivateThread.
	Type discordgo.ChannelType
	// AutoArchiveDuration is in minutes.
	AutoArchiveDuration int
	// FromMessage is set for a thread started from a message; the
	// message has the thread's id.
	FromMessage bool
	Created     time.Time
}

// Threads returns the threads started in a channel, oldest first.
func (s *Server) Threads(parentID string) []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Thread
	for _, c := range s.channels {
		if c.parentID == parentID && isThread(c.typ) {
			out = append(out, Thread{
				ID: c.id, GuildID: c.guildID, ParentID: c.parentID, Name: s.read(c.name), Type: c.typ,
				AutoArchiveDuration: c.autoArchive, FromMessage: c.fromMessage, Created: c.created,
			})
		}
	}
	slices.SortFunc(out, func(a, b Thread) int { return compareIDs(a.ID, b.ID) })
	return out
}

func isThread(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread
}

// threadRequest is the body of both thread routes; type and invitable
// only mean something without a message.
type threadRequest struct {
	Name                string                 `json:"name"`
	AutoArchiveDuration *int                   `json:"auto_archive_duration"`
	Type                *discordgo.ChannelType `json:"type"`
}

func errWrongChannelType() *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 50024, Message: "Cannot execute action on this channel type"}
}

func errThreadExists() *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 160004, Message: "A thread has already been created for this message"}
}

// parseThread checks a thread request. Without a type, Discord starts a
// private thread, in API v9 and v10 alike.
func parseThread(c *call, fromMessage bool) (*threadRequest, error) {
	var req threadRequest
	if err := decode(c.payload, &req); err != nil {
		return nil, err
	}
	var fe formErrors
	fe.betweenLen("name", utf8.RuneCountInString(req.Name), 1, maxThreadName)
	if req.AutoArchiveDuration == nil {
		d := defaultAutoArchive
		req.AutoArchiveDuration = &d
	}
	if !slices.Contains(autoArchiveDurations, *req.AutoArchiveDuration) {
		fe.addf("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of %v.", autoArchiveDurations)
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	switch {
	case fromMessage:
		public := discordgo.ChannelTypeGuildPublicThread
		req.Type = &public
	case req.Type == nil:
		private := discordgo.ChannelTypeGuildPrivateThread
		req.Type = &private
	case !isThread(*req.Type):
		// Announcement threads need an announcement channel, which the
		// fake does not have.
		return nil, errWrongChannelType()
	}
	return &req, nil
}

// startThread serves POST /channels/{channel_id}/threads.
func (s *Server) startThread(c *call) (any, error) {
	req, err := parseThread(c, false)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	parent, err := s.threadParentLocked(c.vars["channel_id"])
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	return s.addThreadUnlock(s.newID(), parent, req, false)
}

// startThreadFromMessage serves POST
// /channels/{channel_id}/messages/{message_id}/threads.
func (s *Server) startThreadFromMessage(c *call) (any, error) {
	req, err := parseThread(c, true)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	parent, err := s.threadParentLocked(c.vars["channel_id"])
	if err == nil {
		var m *message
		if m, err = s.channelMessageLocked(c); err == nil && m.flags&discordgo.MessageFlagsHasThread != 0 {
			err = errThreadExists()
		} else if err == nil {
			m.flags |= discordgo.MessageFlagsHasThread
		}
	}
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	return s.addThreadUnlock(c.vars["message_id"], parent, req, true)
}

// threadParentLocked finds the text channel a thread starts in.
func (s *Server) threadParentLocked(id string) (*channel, error) {
	parent := s.channels[id]
	if parent == nil {
		return nil, errUnknownChannel()
	}
	if parent.typ != discordgo.ChannelTypeGuildText {
		return nil, errWrongChannelType()
	}
	if parent.noThreads {
		return nil, errMissingPermissions()
	}
	return parent, nil
}

// DenyThreads takes from the bot, in a text channel, the permissions to
// start threads (Create Public Threads, Create Private Threads): both
// thread routes answer 403 Missing Permissions there, as Discord does.
func (s *Server) DenyThreads(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		panic(fmt.Sprintf("discordtest: unknown channel %q", channelID))
	}
	c.noThreads = true
}

// addThreadUnlock creates the thread, releases s.mu and tells the bot's
// sessions with the GUILDS intent.
func (s *Server) addThreadUnlock(id string, parent *channel, req *threadRequest, fromMessage bool) (any, error) {
	t := &channel{
		id: id, guildID: parent.guildID, parentID: parent.id, name: req.Name, typ: *req.Type,
		autoArchive: *req.AutoArchiveDuration, fromMessage: fromMessage, created: s.now(),
	}
	s.channels[t.id] = t
	s.checkTextLocked(InThreadName, t.name)
	g := s.guilds[t.guildID]
	g.threads = append(g.threads, t.id)
	answer := s.channelJSONLocked(t)
	event := s.channelJSONLocked(t)
	event["newly_created"] = true
	targets := s.targetsLocked(t.guildID, true)
	s.notifyLocked()
	s.mu.Unlock()
	s.broadcast(targets, "THREAD_CREATE", event)
	return answer, nil
}

// threadJSONLocked adds a thread's own fields to its channel object.
func (s *Server) threadJSONLocked(c *channel, j map[string]any) {
	messages := 0
	for _, id := range c.msgs {
		if m := s.messages[id]; m != nil && m.ephemeralTo == "" {
			messages++
		}
	}
	meta := map[string]any{
		"archived":              false,
		"auto_archive_duration": c.autoArchive,
		"archive_timestamp":     timestamp(c.created),
		"locked":                false,
		"create_timestamp":      timestamp(c.created),
	}
	if c.typ == discordgo.ChannelTypeGuildPrivateThread {
		meta["invitable"] = true
	}
	j["parent_id"] = c.parentID
	j["owner_id"] = s.bot.ID
	j["thread_metadata"] = meta
	j["message_count"] = messages
	j["total_message_sent"] = messages
	j["member_count"] = 1 + len(c.members)
}

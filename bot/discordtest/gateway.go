package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway close codes.
const (
	closeGoingAway            = websocket.CloseGoingAway
	closeUnknownOpcode        = 4001
	closeDecodeError          = 4002
	closeNotAuthenticated     = 4003
	closeAuthenticationFailed = 4004
	closeAlreadyAuthenticated = 4005
	closeInvalidShard         = 4010
	closeInvalidVersion       = 4012
	closeInvalidIntents       = 4013
	closeDisallowedIntents    = 4014
)

const privilegedIntents = discordgo.IntentsGuildMembers | discordgo.IntentsGuildPresences | discordgo.IntentsMessageContent

// maxReplay bounds the events a session keeps for RESUME.
const maxReplay = 1000

// writeTimeout bounds a gateway write the fake makes on its own account.
const writeTimeout = 5 * time.Second

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// gwConn is one websocket connection.
type gwConn struct {
	srv     *Server
	ws      *websocket.Conn
	version int
	wmu     sync.Mutex
	sess    *gwSession // touched only by the connection's own goroutine
}

// gwSession is a gateway session: it survives its connection and can be
// resumed on another one.
type gwSession struct {
	id      string
	version int
	shard   [2]int
	intents discordgo.Intent

	// mu orders sequence numbers with writes, so events arrive numbered in
	// order. It may be held while taking Server.mu, never the reverse.
	mu   sync.Mutex
	seq  int64
	log  []gwFrame
	conn *gwConn

	ready   bool // guarded by Server.mu: READY or RESUMED sent
	invalid bool // guarded by Server.mu: closed normally, cannot resume
}

type gwFrame struct {
	seq  int64
	data []byte
}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "discordtest: closed", http.StatusServiceUnavailable)
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()

	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade answered the HTTP request
	}
	c := &gwConn{srv: s, ws: ws, version: 10}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.conns[c] = struct{}{}
	}
	s.mu.Unlock()
	if closed {
		c.closeAndDrain(closeGoingAway, "discordtest shutting down")
		ws.Close()
		return
	}
	err = c.serve(r)
	s.dropConn(c, err)
}

// serve runs the connection until it ends and returns why it ended.
func (c *gwConn) serve(r *http.Request) error {
	q := r.URL.Query()
	if v := q.Get("v"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || (n != 9 && n != 10) {
			return c.closeAndDrain(closeInvalidVersion, "Invalid API version.")
		}
		c.version = n
	}
	if e := q.Get("encoding"); e != "" && e != "json" {
		return c.closeAndDrain(closeDecodeError, "Decode error: discordtest speaks JSON only.")
	}
	hello := `{"op":10,"s":null,"t":null,"d":{"heartbeat_interval":` + strconv.FormatInt(c.srv.heartbeat.Milliseconds(), 10) + `}}`
	if err := c.write([]byte(hello), time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			return err
		}
		var p gwPayload
		if json.Unmarshal(data, &p) != nil {
			return c.closeAndDrain(closeDecodeError, "Decode error.")
		}
		switch p.Op {
		case 1: // heartbeat
			if err := c.write([]byte(`{"op":11,"s":null,"t":null,"d":null}`), time.Now().Add(writeTimeout)); err != nil {
				return err
			}
		case 2:
			if err := c.identify(p.D); err != nil {
				return err
			}
		case 6:
			if err := c.resume(p.D); err != nil {
				return err
			}
		case 3, 4, 8: // presence, voice state, member requests: accepted, not modelled
			if c.sess == nil {
				return c.closeAndDrain(closeNotAuthenticated, "Not authenticated.")
			}
		default:
			return c.closeAndDrain(closeUnknownOpcode, "Unknown opcode.")
		}
	}
}

// identify starts a new session and sends READY, then a GUILD_CREATE per
// guild of the shard when the GUILDS intent asks for them.
func (c *gwConn) identify(d json.RawMessage) error {
	s := c.srv
	var id struct {
		Token   string            `json:"token"`
		Intents *discordgo.Intent `json:"intents"`
		Shard   *[2]int           `json:"shard"`
	}
	if json.Unmarshal(d, &id) != nil {
		return c.closeAndDrain(closeDecodeError, "Decode error.")
	}
	switch {
	case c.sess != nil:
		return c.closeAndDrain(closeAlreadyAuthenticated, "Already authenticated.")
	case strings.TrimPrefix(id.Token, "Bot ") != s.token:
		return c.closeAndDrain(closeAuthenticationFailed, "Authentication failed.")
	case id.Intents == nil:
		return c.closeAndDrain(closeInvalidIntents, "Invalid intent(s).")
	case *id.Intents&privilegedIntents != 0:
		return c.closeAndDrain(closeDisallowedIntents, "Disallowed intent(s).")
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
		if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
			return c.closeAndDrain(closeInvalidShard, "Invalid shard.")
		}
	}
	sess := &gwSession{id: randomHex(16), version: c.version, shard: shard, intents: *id.Intents, conn: c}
	c.sess = sess

	sess.mu.Lock()
	defer sess.mu.Unlock()
	s.mu.Lock()
	s.sessions[sess.id] = sess
	s.live[sess] = struct{}{}
	ready := s.readyJSONLocked(sess)
	var guilds []any
	if sess.intents&discordgo.IntentsGuilds != 0 {
		for _, gid := range s.guildOrder {
			if sess.hasGuild(gid) {
				guilds = append(guilds, s.guildJSONLocked(s.guilds[gid]))
			}
		}
	}
	s.mu.Unlock()

	deadline := time.Now().Add(writeTimeout)
	if !sess.sendLocked("READY", mustJSON(ready), deadline) {
		return errors.New("discordtest: sending READY failed")
	}
	for _, g := range guilds {
		sess.sendLocked("GUILD_CREATE", mustJSON(g), deadline)
	}
	s.mu.Lock()
	sess.ready = true
	s.stats.Ready++
	s.notifyLocked()
	s.mu.Unlock()
	return nil
}

// resume moves a session to this connection, replays what the client
// missed and sends RESUMED; an unknown or closed session gets op 9.
func (c *gwConn) resume(d json.RawMessage) error {
	s := c.srv
	var rs struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if json.Unmarshal(d, &rs) != nil {
		return c.closeAndDrain(closeDecodeError, "Decode error.")
	}
	if c.sess != nil {
		return c.closeAndDrain(closeAlreadyAuthenticated, "Already authenticated.")
	}
	if strings.TrimPrefix(rs.Token, "Bot ") != s.token {
		return c.closeAndDrain(closeAuthenticationFailed, "Authentication failed.")
	}
	s.mu.Lock()
	sess := s.sessions[rs.SessionID]
	ok := sess != nil && !sess.invalid
	s.mu.Unlock()
	if !ok {
		return c.write([]byte(`{"op":9,"s":null,"t":null,"d":false}`), time.Now().Add(writeTimeout))
	}

	sess.mu.Lock()
	old := sess.conn
	s.mu.Lock()
	sess.conn = c
	c.sess = sess
	s.live[sess] = struct{}{}
	s.mu.Unlock()
	deadline := time.Now().Add(writeTimeout)
	for _, f := range sess.log {
		if f.seq > rs.Seq {
			c.write(f.data, deadline)
		}
	}
	sess.sendLocked("RESUMED", json.RawMessage(`{}`), deadline)
	s.mu.Lock()
	sess.ready = true
	s.stats.Resumed++
	s.notifyLocked()
	s.mu.Unlock()
	sess.mu.Unlock()
	if old != nil && old != c {
		old.sendClose(closeGoingAway, "Session resumed elsewhere.")
	}
	return nil
}

// dropConn forgets a connection. A session whose client closed it with
// 1000 or 1001 cannot be resumed, as on Discord; other drops can.
func (s *Server) dropConn(c *gwConn, err error) {
	c.ws.Close()
	if sess := c.sess; sess != nil {
		sess.mu.Lock()
		s.mu.Lock()
		if sess.conn == c {
			sess.conn = nil
			sess.ready = false
			delete(s.live, sess)
			if websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway) {
				sess.invalid = true
			}
		}
		s.mu.Unlock()
		sess.mu.Unlock()
	}
	s.mu.Lock()
	delete(s.conns, c)
	s.notifyLocked()
	s.mu.Unlock()
}

// hasGuild reports whether the session's shard receives a guild's events;
// DMs (guildID "") go to shard 0.
func (g *gwSession) hasGuild(guildID string) bool {
	if g.shard[1] <= 1 {
		return true
	}
	shard := 0
	if guildID != "" {
		id, _ := strconv.ParseUint(guildID, 10, 64)
		shard = int((id >> 22) % uint64(g.shard[1]))
	}
	return shard == g.shard[0]
}

// targetsLocked lists the connected sessions that receive an event about
// a guild; guildEvent events also need the GUILDS intent.
func (s *Server) targetsLocked(guildID string, guildEvent bool) []*gwSession {
	var out []*gwSession
	for g := range s.live {
		if guildEvent && g.intents&discordgo.IntentsGuilds == 0 {
			continue
		}
		if g.hasGuild(guildID) {
			out = append(out, g)
		}
	}
	return out
}

func (s *Server) broadcast(targets []*gwSession, event string, payload any) {
	data := mustJSON(payload)
	for _, g := range targets {
		g.dispatch(event, data, time.Now().Add(writeTimeout))
	}
}

// dispatch sends an event and reports whether it reached a connection.
func (g *gwSession) dispatch(event string, d json.RawMessage, deadline time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sendLocked(event, d, deadline)
}

func (g *gwSession) sendLocked(event string, d json.RawMessage, deadline time.Time) bool {
	g.seq++
	seq := g.seq
	frame := mustJSON(gwPayload{Op: 0, D: d, S: &seq, T: &event})
	g.log = append(g.log, gwFrame{seq: seq, data: frame})
	if len(g.log) > maxReplay {
		g.log = g.log[len(g.log)-maxReplay:]
	}
	return g.conn != nil && g.conn.write(frame, deadline) == nil
}

func (c *gwConn) write(data []byte, deadline time.Time) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(deadline)
	return c.ws.WriteMessage(websocket.TextMessage, data)
}

// sendClose sends a close frame and gives the client a second to go away.
// The connection's own goroutine notices the end on its next read; any
// goroutine may call sendClose.
func (c *gwConn) sendClose(code int, text string) {
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	c.wmu.Unlock()
	c.ws.SetReadDeadline(time.Now().Add(time.Second))
}

// closeAndDrain, for the connection's own goroutine, closes with a code
// and reads until the client goes away, so that the client reads the close
// code rather than a reset connection. It returns why the connection ended.
func (c *gwConn) closeAndDrain(code int, text string) error {
	c.sendClose(code, text)
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			return &websocket.CloseError{Code: code, Text: text}
		}
	}
}

// Reconnect asks every connected session to reconnect (op 7), as Discord
// does before moving a session: discordgo closes the connection, dials
// again and resumes.
func (s *Server) Reconnect() {
	s.mu.Lock()
	var sessions []*gwSession
	for g := range s.live {
		sessions = append(sessions, g)
	}
	s.mu.Unlock()
	for _, g := range sessions {
		g.mu.Lock()
		if g.conn != nil {
			g.conn.write([]byte(`{"op":7,"s":null,"t":null,"d":null}`), time.Now().Add(writeTimeout))
		}
		g.mu.Unlock()
	}
}

func (s *Server) readyJSONLocked(g *gwSession) map[string]any {
	me := userJSON(s.bot)
	me["verified"] = true
	me["mfa_enabled"] = false
	me["flags"] = 0
	guilds := []map[string]any{}
	for _, id := range s.guildOrder {
		if g.hasGuild(id) {
			guilds = append(guilds, map[string]any{"id": id, "unavailable": true})
		}
	}
	return map[string]any{
		"v":                   g.version,
		"user":                me,
		"guilds":              guilds,
		"session_id":          g.id,
		"session_type":        "normal",
		"resume_gateway_url":  s.GatewayURL(),
		"shard":               g.shard,
		"application":         map[string]any{"id": s.AppID(), "flags": 0},
		"private_channels":    []any{},
		"relationships":       []any{},
		"presences":           []any{},
		"guild_join_requests": []any{},
		"user_settings":       map[string]any{},
		"auth":                map[string]any{},
	}
}

func (s *Server) guildJSONLocked(g *guild) map[string]any {
	channels := []map[string]any{}
	for _, id := range g.channels {
		ch := s.channelJSONLocked(s.channels[id])
		delete(ch, "guild_id") // Discord leaves it out inside GUILD_CREATE
		channels = append(channels, ch)
	}
	threads := []map[string]any{}
	for _, id := range g.threads {
		threads = append(threads, s.channelJSONLocked(s.channels[id]))
	}
	return map[string]any{
		"id":                            g.id,
		"name":                          g.name,
		"icon":                          nil,
		"owner_id":                      g.id,
		"unavailable":                   false,
		"large":                         false,
		"member_count":                  len(s.users) + 1,
		"joined_at":                     timestamp(time.UnixMilli(int64(s.idMs) + discordEpochMs)),
		"preferred_locale":              "en-US",
		"features":                      []string{},
		"channels":                      channels,
		"threads":                       threads,
		"members":                       []any{},
		"voice_states":                  []any{},
		"presences":                     []any{},
		"emojis":                        []any{},
		"stickers":                      []any{},
		"stage_instances":               []any{},
		"guild_scheduled_events":        []any{},
		"verification_level":            0,
		"default_message_notifications": 0,
		"explicit_content_filter":       0,
		"mfa_level":                     0,
		"nsfw_level":                    0,
		"premium_tier":                  0,
		"system_channel_flags":          0,
		"afk_timeout":                   300,
		"roles": []map[string]any{{
			"id": g.id, "name": "@everyone", "permissions": strconv.FormatInt(memberPermissions, 10),
			"position": 0, "color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0,
		}},
	}
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("discordtest: encoding a gateway payload: " + err.Error())
	}
	return b
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/lifebot/lifebot/bot/endpoint"
)

// newSession is a discordgo session for the fake, as the bot makes one.
func newSession(t testing.TB, fake *Server, token string) *discordgo.Session {
	t.Helper()
	s, err := endpoint.NewSession(token, fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	s.LogLevel = -1 // discordgo's log lines add nothing to the assertions
	return s
}

// bot is a connected discordgo session whose interactions the test answers
// itself, so it decides what the bot does and when.
type bot struct {
	s            *discordgo.Session
	interactions chan *discordgo.Interaction
}

func connect(t *testing.T, fake *Server) *bot {
	t.Helper()
	b := &bot{s: newSession(t, fake, fake.Token()), interactions: make(chan *discordgo.Interaction, 100)}
	b.s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.interactions <- ic.Interaction })
	if err := b.s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { b.s.Close() }) // before the fake's Close: cleanups run last-in first-out
	if err := fake.WaitConnected(testContext(t)); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *bot) next(t *testing.T) *discordgo.Interaction {
	t.Helper()
	select {
	case i := <-b.interactions:
		return i
	case <-testContext(t).Done():
		t.Fatal("no interaction reached the bot")
		return nil
	}
}

// testContext bounds a step of a test. It only ends a test that is stuck:
// what the step waits for is an event, and a busy machine may take long
// to bring it.
func testContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// world is a guild with a channel and two users.
type world struct {
	fake         *Server
	guild, chan_ string
	alice, bob   User
}

func newWorld(t testing.TB, opts ...Option) world {
	fake := New(t, opts...)
	w := world{fake: fake, guild: fake.AddGuild("Test")}
	w.chan_ = fake.AddChannel(w.guild, "games")
	w.alice, w.bob = fake.AddUser("Alice"), fake.AddUser("Bob")
	return w
}

func assertClean(t testing.TB, fake *Server) {
	t.Helper()
	if u := fake.Unhandled(); len(u) > 0 {
		t.Errorf("unhandled requests: %q", u)
	}
	if r := fake.Rejected(); len(r) > 0 {
		t.Errorf("rejected requests: %v", r)
	}
}

func pngFile(t *testing.T, name string, w, h int) (*discordgo.File, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(buf.Bytes())}, buf.Bytes()
}

func button(id, label string) discordgo.Button {
	return discordgo.Button{CustomID: id, Label: label, Style: discordgo.PrimaryButton}
}

func row(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: cs}
}

func playCommand() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name:        "play",
		Description: "Start a game",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true,
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Life", Value: "life"}, {Name: "Chess", Value: "chess"}}},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Players"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "public", Description: "Open to all"},
		},
	}
}

func restError(t *testing.T, err error) *discordgo.RESTError {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		t.Fatalf("got error %v, want a *discordgo.RESTError with a JSON message", err)
	}
	return re
}

func wantCode(t *testing.T, err error, status, code int) {
	t.Helper()
	re := restError(t, err)
	if re.Response.StatusCode != status || re.Message.Code != code {
		t.Fatalf("got HTTP %d code %d (%s), want HTTP %d code %d", re.Response.StatusCode, re.Message.Code, re.ResponseBody, status, code)
	}
}

func filenames(atts []Attachment) []string {
	var out []string
	for _, a := range atts {
		out = append(out, a.Filename)
	}
	return out
}

func TestSlashCommandRoundTrip(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)

	b.s.State.RLock() // discordgo updates its state from GUILD_CREATE meanwhile
	if got := b.s.State.User.ID; got != fake.AppID() {
		t.Errorf("READY user %s, want %s", got, fake.AppID())
	}
	if got := b.s.State.Ready.Application; got == nil || got.ID != fake.AppID() {
		t.Errorf("READY application %+v, want id %s", got, fake.AppID())
	}
	if g := b.s.State.Ready.Guilds; len(g) != 1 || g[0].ID != w.guild {
		t.Errorf("READY guilds %+v, want the test guild", g)
	}
	b.s.State.RUnlock()

	cmds, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()})
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 1 || cmds[0].ID == "" || cmds[0].ApplicationID != fake.AppID() {
		t.Fatalf("bulk overwrite answered %+v, want the command with ids", cmds)
	}
	if got := fake.Commands(""); len(got) != 1 || got[0].Name != "play" || len(got[0].Options) != 3 {
		t.Fatalf("Commands(\"\") = %+v, want play with 3 options", got)
	}

	it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life", "seats": 3, "public": true})
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	data := i.ApplicationCommandData()
	if i.ID != it.ID || i.GuildID != w.guild || i.ChannelID != w.chan_ || i.Member == nil || i.Member.User.ID != w.alice.ID {
		t.Fatalf("interaction %+v does not come from alice in the test channel", i)
	}
	if data.Name != "play" || data.GetOption("game").StringValue() != "life" ||
		data.GetOption("seats").IntValue() != 3 || !data.GetOption("public").BoolValue() {
		t.Fatalf("command data %+v, want play game=life seats=3 public=true", data)
	}

	file, pngBytes := pngFile(t, "board.png", 40, 30)
	err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:    "Game for " + w.alice.Mention(),
			Files:      []*discordgo.File{file},
			Components: []discordgo.MessageComponent{row(button("join", "Join"), button("start", "Start"))},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || m.Content != "Game for "+w.alice.Mention() {
		t.Fatalf("response type %d content %q", resp.Type, m.Content)
	}
	if len(m.Attachments) != 1 || !bytes.Equal(m.Attachments[0].Data, pngBytes) ||
		m.Attachments[0].Width != 40 || m.Attachments[0].Height != 30 || m.Attachments[0].ContentType != "image/png" {
		t.Fatalf("attachments %+v, want board.png 40x30", m.Attachments)
	}
	if got := m.Buttons(); len(got) != 2 || got[0].CustomID != "join" || got[1].Label != "Start" {
		t.Fatalf("buttons %+v, want join and start", got)
	}
	if l := it.Latency(); l <= 0 || l > InteractionDeadline {
		t.Errorf("latency %v, want between 0 and %v", l, InteractionDeadline)
	}
	if got := fake.Messages(w.chan_); len(got) != 1 || got[0].ID != m.ID {
		t.Errorf("channel holds %d messages, want the response", len(got))
	}
	if got := fake.Pings(w.alice.ID); len(got) != 1 || got[0].ID != m.ID {
		t.Errorf("alice has %d pings, want 1 for the response", len(got))
	}

	// The bot reads its response back as discordgo parses it.
	orig, err := b.s.InteractionResponse(i)
	if err != nil {
		t.Fatal(err)
	}
	if orig.ID != m.ID || len(orig.Attachments) != 1 || orig.Attachments[0].Filename != "board.png" ||
		len(orig.Components) != 1 || len(orig.Components[0].(*discordgo.ActionsRow).Components) != 2 {
		t.Fatalf("@original read back as %+v", orig)
	}
	assertClean(t, fake)
}

func TestClickUpdatesMessage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)

	file, _ := pngFile(t, "board1.png", 4, 4)
	sent, err := b.s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{
		Content:    "Your turn",
		Files:      []*discordgo.File{file},
		Components: []discordgo.MessageComponent{row(button("roll", "Roll"), discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.com"})},
	})
	if err != nil {
		t.Fatal(err)
	}
	msg := fake.Message(sent.ID)

	if _, err := fake.Click(ctx, w.alice, msg, "nope"); err == nil {
		t.Error("clicking a custom_id that is not on the message succeeded")
	}
	it, err := fake.Click(ctx, w.alice, msg, "roll")
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	data := i.MessageComponentData()
	if data.CustomID != "roll" || data.ComponentType != discordgo.ButtonComponent {
		t.Fatalf("component data %+v, want a click on roll", data)
	}
	if i.Message == nil || i.Message.ID != sent.ID || len(i.Message.Components) != 1 || len(i.Message.Attachments) != 1 {
		t.Fatalf("interaction message %+v, want the full clicked message", i.Message)
	}

	// Type 7 replaces the board image: the new upload is listed, the old
	// attachment is not, so it goes.
	next, _ := pngFile(t, "board2.png", 4, 4)
	err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{
			Content:     w.alice.Mention() + " rolled a 6",
			Files:       []*discordgo.File{next},
			Attachments: &[]*discordgo.MessageAttachment{{ID: "0", Filename: "board2.png"}},
			Components:  []discordgo.MessageComponent{row(discordgo.Button{CustomID: "roll", Label: "Roll", Disabled: true}, button("end", "End turn"))},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	if resp.Type != discordgo.InteractionResponseUpdateMessage || m.ID != sent.ID || m.EditedCount != 1 {
		t.Fatalf("response %d on message %s edited %d times, want type 7 editing %s once", resp.Type, m.ID, m.EditedCount, sent.ID)
	}
	if got := filenames(m.Attachments); !slices.Equal(got, []string{"board2.png"}) {
		t.Errorf("attachments %q, want only board2.png", got)
	}
	if len(fake.Pings(w.alice.ID)) != 0 {
		t.Error("an edit that mentions alice pinged her; edits never ping")
	}
	if _, err := fake.Click(ctx, w.alice, msg, "roll"); err == nil {
		t.Error("clicking a button disabled since the snapshot succeeded")
	}

	// discordgo sends "components": null and "embeds": null when the
	// response leaves them nil: Discord keeps the rows but clears embeds.
	it, err = fake.Click(ctx, w.bob, m, "end")
	if err != nil {
		t.Fatal(err)
	}
	i = b.next(t)
	if i.Member.User.ID != w.bob.ID {
		t.Fatalf("click came from %s, want bob", i.Member.User.ID)
	}
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "Bob's turn"},
	}); err != nil {
		t.Fatal(err)
	}
	resp, err = it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.Message; got.Content != "Bob's turn" || len(got.Components) != 1 || len(got.Attachments) != 1 {
		t.Errorf("after an update without components: content %q, %d rows, %d attachments; want rows and attachment kept",
			got.Content, len(got.Components), len(got.Attachments))
	}
	if got := fake.Messages(w.chan_); len(got) != 1 {
		t.Errorf("channel holds %d messages, want the one updated in place", len(got))
	}
	assertClean(t, fake)
}

func TestAttachmentsOnEdit(t *testing.T) {
	t.Parallel()
	// Each step edits the message; want lists the files after it, per
	// API version, or "400" for a refused edit.
	type step struct {
		name      string
		content   string
		keep      []int    // indexes into the message's current attachments
		keepNew   []string // files[n] indexes listed in "attachments"
		list      bool     // send an "attachments" array
		files     []string
		want9     []string
		want10    []string
		refused10 bool
	}
	steps := []step{
		{name: "text only keeps files", content: "edited", want9: []string{"a.png"}, want10: []string{"a.png"}},
		{name: "upload without a list", files: []string{"b.png"}, want9: []string{"a.png", "b.png"}, want10: []string{"b.png"}},
		{name: "list keeps one and the upload", list: true, keep: []int{0}, keepNew: []string{"0"}, files: []string{"c.png"},
			want9: []string{"a.png", "c.png"}, want10: []string{"b.png", "c.png"}},
		{name: "unlisted upload", list: true, keep: []int{0}, files: []string{"d.png"},
			want9: []string{"a.png", "d.png"}, refused10: true, want10: []string{"b.png", "c.png"}},
		{name: "empty list removes all", list: true, want9: []string{}, want10: []string{}},
	}
	for _, version := range []int{9, 10} {
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			w := newWorld(t, WithAPIVersion(version))
			s := newSession(t, w.fake, w.fake.Token())
			first, _ := pngFile(t, "a.png", 2, 2)
			sent, err := s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{Content: "board", Files: []*discordgo.File{first}})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range steps {
				before := w.fake.Message(sent.ID)
				edit := discordgo.NewMessageEdit(w.chan_, sent.ID)
				if st.content != "" {
					edit.SetContent(st.content)
				}
				for _, f := range st.files {
					file, _ := pngFile(t, f, 2, 2)
					edit.Files = append(edit.Files, file)
				}
				if st.list {
					atts := []*discordgo.MessageAttachment{}
					for _, k := range st.keep {
						atts = append(atts, &discordgo.MessageAttachment{ID: before.Attachments[k].ID, Filename: before.Attachments[k].Filename})
					}
					for _, n := range st.keepNew {
						i, _ := strconv.Atoi(n)
						atts = append(atts, &discordgo.MessageAttachment{ID: n, Filename: st.files[i]})
					}
					edit.Attachments = &atts
				}
				_, err := s.ChannelMessageEditComplex(edit)
				want := st.want9
				if version == 10 {
					want = st.want10
					if st.refused10 {
						wantCode(t, err, http.StatusBadRequest, discordgo.ErrCodeInvalidFormBody)
						err = nil
					}
				}
				if err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
				if got := filenames(w.fake.Message(sent.ID).Attachments); !slices.Equal(got, want) && len(got)+len(want) > 0 {
					t.Fatalf("%s: attachments %q, want %q", st.name, got, want)
				}
			}
		})
	}
}

func TestInteractionTimeLimits(t *testing.T) {
	t.Parallel()
	clock := NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, WithClock(clock.Now))
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	answer := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok"},
	}

	t.Run("3 seconds to respond", func(t *testing.T) {
		it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "chess"})
		if err != nil {
			t.Fatal(err)
		}
		i := b.next(t)
		clock.Advance(InteractionDeadline + time.Millisecond)
		wantCode(t, b.s.InteractionRespond(i, answer), http.StatusNotFound, discordgo.ErrCodeUnknownInteraction)
		if _, err := it.Wait(ctx); !errors.Is(err, ErrNotAcknowledged) {
			t.Errorf("Wait after a late response: %v, want ErrNotAcknowledged", err)
		}
		if it.Latency() != 0 {
			t.Errorf("latency %v recorded for a refused response", it.Latency())
		}
	})

	t.Run("15 minutes to follow up", func(t *testing.T) {
		it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "chess"})
		if err != nil {
			t.Fatal(err)
		}
		i := b.next(t)
		clock.Advance(InteractionDeadline - time.Millisecond)
		if err := b.s.InteractionRespond(i, answer); err != nil {
			t.Fatal(err)
		}
		if l := it.Latency(); l != InteractionDeadline-time.Millisecond {
			t.Errorf("latency %v, want %v by the injected clock", l, InteractionDeadline-time.Millisecond)
		}
		content := "still here"
		clock.Advance(TokenLifetime - InteractionDeadline)
		if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content}); err != nil {
			t.Fatalf("edit within 15 minutes: %v", err)
		}
		clock.Advance(2 * time.Millisecond)
		_, err = b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
		wantCode(t, err, http.StatusUnauthorized, discordgo.ErrCodeInvalidWebhookTokenProvided)
	})
}

func TestDeferredResponsesAndFollowups(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Message.Loading() || !resp.Message.Ephemeral() {
		t.Fatalf("deferred response flags %v, want loading and ephemeral", resp.Message.Flags)
	}

	err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "twice"},
	})
	wantCode(t, err, http.StatusBadRequest, discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged)

	// The first follow-up after a deferral fills the placeholder.
	first, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Your hand: 3 cards"})
	if err != nil {
		t.Fatal(err)
	}
	if first.ID != resp.Message.ID {
		t.Errorf("first follow-up created %s, want it to fill the placeholder %s", first.ID, resp.Message.ID)
	}
	orig := it.Original()
	if orig.Content != "Your hand: 3 cards" || orig.Loading() || !orig.Ephemeral() || orig.EditedCount != 0 {
		t.Errorf("placeholder after follow-up: %+v", orig)
	}
	second, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
		Content: "Drawn: 7 of hearts", Flags: discordgo.MessageFlagsEphemeral,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := it.Followups(); len(got) != 1 || got[0].ID != second.ID || !got[0].Ephemeral() {
		t.Errorf("follow-ups %+v, want the ephemeral second message", got)
	}
	if got := fake.Ephemerals(w.alice.ID); len(got) != 2 {
		t.Errorf("alice sees %d ephemeral messages, want 2", len(got))
	}
	if got := fake.Ephemerals(w.bob.ID); len(got) != 0 {
		t.Errorf("bob sees %d ephemeral messages, want none", len(got))
	}
	if got := fake.Messages(w.chan_); len(got) != 0 {
		t.Errorf("channel shows %d messages, want ephemeral ones hidden", len(got))
	}
	if _, err := fake.Click(ctx, w.bob, orig, "anything"); err == nil {
		t.Error("bob clicked on alice's ephemeral message")
	}

	if err := b.s.FollowupMessageDelete(i, second.ID); err != nil {
		t.Fatal(err)
	}
	if err := b.s.InteractionResponseDelete(i); err != nil {
		t.Fatal(err)
	}
	if got := fake.Ephemerals(w.alice.ID); len(got) != 0 {
		t.Errorf("alice still sees %d ephemeral messages after deletes", len(got))
	}

	// A public deferral stays public: the "private" follow-up that fills it
	// is shown to everyone, and filling it pings nobody.
	it, err = fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	i = b.next(t)
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
		Content: w.alice.Mention() + ", only you should see this", Flags: discordgo.MessageFlagsEphemeral,
	}); err != nil {
		t.Fatal(err)
	}
	if got := it.Original(); got.Ephemeral() || len(fake.Messages(w.chan_)) != 1 {
		t.Errorf("follow-up after a public deferral: ephemeral=%v, %d channel messages; want it public", got.Ephemeral(), len(fake.Messages(w.chan_)))
	}
	if got := fake.Pings(w.alice.ID); len(got) != 0 {
		t.Errorf("filling a deferred response pinged alice %d times", len(got))
	}
	wantRejected(t, fake, discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged)
}

// wantRejected checks the fake refused exactly the requests with these codes.
func wantRejected(t *testing.T, fake *Server, codes ...int) {
	t.Helper()
	var got []int
	for _, r := range fake.Rejected() {
		got = append(got, r.Code)
	}
	if !slices.Equal(got, codes) {
		t.Errorf("rejected codes %v, want %v: %v", got, codes, fake.Rejected())
	}
	if u := fake.Unhandled(); len(u) > 0 {
		t.Errorf("unhandled requests: %q", u)
	}
}

func TestDMs(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	s := newSession(t, fake, fake.Token())

	ch, err := s.UserChannelCreate(w.bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.UserChannelCreate(w.bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ch.ID != again.ID || ch.ID != fake.DMChannel(w.bob.ID) || ch.Type != discordgo.ChannelTypeDM ||
		len(ch.Recipients) != 1 || ch.Recipients[0].ID != w.bob.ID {
		t.Fatalf("DM channels %+v and %+v, want one DM with bob", ch, again)
	}
	if _, err := s.ChannelMessageSend(ch.ID, "Game 12 started in #games"); err != nil {
		t.Fatal(err)
	}
	if got := fake.Messages(ch.ID); len(got) != 1 || got[0].GuildID != "" {
		t.Fatalf("DM holds %+v, want one message without a guild", got)
	}

	fake.CloseDMs(w.bob.ID)
	_, err = s.ChannelMessageSend(ch.ID, "Your turn")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser {
		t.Fatalf("sending to closed DMs: %v, want a RESTError with code %d", err, discordgo.ErrCodeCannotSendMessagesToThisUser)
	}
	_, err = s.UserChannelCreate("1")
	wantCode(t, err, http.StatusNotFound, discordgo.ErrCodeUnknownUser)
	_, err = s.ChannelMessageSend("1", "nowhere")
	wantCode(t, err, http.StatusNotFound, discordgo.ErrCodeUnknownChannel)
}

func TestDMSelectMenu(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)

	dm, err := b.s.UserChannelCreate(w.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	menu := discordgo.SelectMenu{CustomID: "card", Placeholder: "Play a card", Options: []discordgo.SelectMenuOption{
		{Label: "Ace", Value: "a"}, {Label: "King", Value: "k"},
	}}
	sent, err := b.s.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{
		Content: "Your hand", Components: []discordgo.MessageComponent{row(menu)},
	})
	if err != nil {
		t.Fatal(err)
	}
	msg := fake.Message(sent.ID)
	if _, err := fake.Select(ctx, w.bob, msg, "card", []string{"a"}); err == nil {
		t.Error("bob used a menu in alice's DM")
	}
	if _, err := fake.Select(ctx, w.alice, msg, "card", []string{"q"}); err == nil {
		t.Error("selecting a value that is not an option succeeded")
	}
	if _, err := fake.Click(ctx, w.alice, msg, "card"); err == nil {
		t.Error("clicking a select menu as a button succeeded")
	}

	fake.CloseDMs(w.alice.ID) // interaction responses still reach her
	it, err := fake.Select(ctx, w.alice, msg, "card", []string{"k"})
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	if i.GuildID != "" || i.Member != nil || i.User == nil || i.User.ID != w.alice.ID {
		t.Fatalf("DM interaction guild %q member %v user %v, want alice as user", i.GuildID, i.Member, i.User)
	}
	if data := i.MessageComponentData(); data.CustomID != "card" || !slices.Equal(data.Values, []string{"k"}) {
		t.Fatalf("select data %+v, want card=[k]", data)
	}
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		t.Fatal(err)
	}
	content := "You played the King"
	none := []discordgo.MessageComponent{}
	if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Components: &none}); err != nil {
		t.Fatal(err)
	}
	if _, err := it.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got := fake.Message(sent.ID); got.Content != content || len(got.Components) != 0 {
		t.Errorf("DM message after the update: %q with %d rows, want %q without rows", got.Content, len(got.Components), content)
	}
	assertClean(t, fake)
}

func TestBadTokenAndIntents(t *testing.T) {
	t.Parallel()
	fake := New(t)

	me, err := newSession(t, fake, fake.Token()).User("@me")
	if err != nil || me.ID != fake.AppID() || !me.Bot {
		t.Fatalf("GET /users/@me = %+v, %v; want the bot", me, err)
	}

	wrong := newSession(t, fake, "not-the-token")
	_, err = wrong.User("@me")
	re := restError(t, err)
	if re.Response.StatusCode != http.StatusUnauthorized || re.Message.Message != "401: Unauthorized" {
		t.Errorf("bad token on /users/@me: HTTP %d %q, want 401", re.Response.StatusCode, re.Message.Message)
	}
	var ce *websocket.CloseError
	if err := wrong.Open(); !errors.As(err, &ce) || ce.Code != 4004 {
		t.Errorf("Open with a bad token: %v, want close code 4004", err)
	}

	privileged := newSession(t, fake, fake.Token())
	privileged.Identify.Intents |= discordgo.IntentMessageContent
	if err := privileged.Open(); !errors.As(err, &ce) || ce.Code != 4014 {
		t.Errorf("Open with a privileged intent: %v, want close code 4014", err)
	}
	if st := fake.GatewayStats(); st.Ready != 0 || st.Live != 0 {
		t.Errorf("gateway stats %+v after failed identifies, want nothing ready", st)
	}
}

// formError reports whether a 50035 body has an error at a dotted path.
func formError(t *testing.T, err error, path string) bool {
	t.Helper()
	re := restError(t, err)
	var body struct {
		Errors map[string]any `json:"errors"`
	}
	json.Unmarshal(re.ResponseBody, &body)
	node := body.Errors
	for _, key := range strings.Split(path, ".") {
		next, ok := node[key].(map[string]any)
		if !ok {
			return false
		}
		node = next
	}
	_, ok := node["_errors"]
	return ok
}

func TestMessageValidation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := newSession(t, w.fake, w.fake.Token())
	long := func(n int) string { return strings.Repeat("x", n) }
	buttons := func(n int) discordgo.ActionsRow {
		r := discordgo.ActionsRow{}
		for i := range n {
			r.Components = append(r.Components, button(fmt.Sprint("b", i), "B"))
		}
		return r
	}
	options := make([]discordgo.SelectMenuOption, 26)
	for i := range options {
		options[i] = discordgo.SelectMenuOption{Label: "o", Value: fmt.Sprint(i)}
	}
	comps := func(cs ...discordgo.MessageComponent) *discordgo.MessageSend {
		return &discordgo.MessageSend{Content: "x", Components: cs}
	}
	tests := []struct {
		name string
		msg  *discordgo.MessageSend
		path string // "" for a non-form error
		code int
	}{
		{"content over 2000", &discordgo.MessageSend{Content: long(2001)}, "content", 50035},
		{"11 embeds", &discordgo.MessageSend{Embeds: slices.Repeat([]*discordgo.MessageEmbed{{Title: "e"}}, 11)}, "embeds", 50035},
		{"6 rows", comps(buttons(1), buttons(1), buttons(1), buttons(1), buttons(1), buttons(1)), "components", 50035},
		{"6 buttons in a row", comps(buttons(6)), "components.0.components", 50035},
		{"select beside a button", comps(row(discordgo.SelectMenu{CustomID: "s", Options: options[:2]}, button("b", "B"))), "components.0.components", 50035},
		{"26 select options", comps(row(discordgo.SelectMenu{CustomID: "s", Options: options})), "components.0.components.0.options", 50035},
		{"label over 80", comps(row(button("b", long(81)))), "components.0.components.0.label", 50035},
		{"no custom_id", comps(row(discordgo.Button{Label: "B"})), "components.0.components.0.custom_id", 50035},
		{"custom_id over 100", comps(row(button(long(101), "B"))), "components.0.components.0.custom_id", 50035},
		{"duplicate custom_id", comps(row(button("b", "B")), row(button("b", "C"))), "components.1.components.0.custom_id", 50035},
		{"link with custom_id", comps(row(discordgo.Button{Label: "L", Style: discordgo.LinkButton, URL: "https://x.y", CustomID: "l"})), "components.0.components.0.custom_id", 50035},
		{"link without url", comps(row(discordgo.Button{Label: "L", Style: discordgo.LinkButton})), "components.0.components.0.url", 50035},
		{"ephemeral outside an interaction", &discordgo.MessageSend{Content: "x", Flags: discordgo.MessageFlagsEphemeral}, "flags", 50035},
		{"empty message", &discordgo.MessageSend{}, "", discordgo.ErrCodeCannotSendEmptyMessage},
		{"file over 10 MiB", &discordgo.MessageSend{Files: []*discordgo.File{{Name: "big.bin", Reader: bytes.NewReader(make([]byte, 10<<20+1))}}}, "", discordgo.ErrCodeRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.ChannelMessageSendComplex(w.chan_, tt.msg)
			if re := restError(t, err); re.Message.Code != tt.code {
				t.Fatalf("code %d (%s), want %d", re.Message.Code, re.ResponseBody, tt.code)
			}
			if tt.path != "" && !formError(t, err, tt.path) {
				t.Errorf("no error at %s in %s", tt.path, restError(t, err).ResponseBody)
			}
		})
	}
	if got := w.fake.Messages(w.chan_); len(got) != 0 {
		t.Errorf("%d invalid messages were stored", len(got))
	}
	if got := len(w.fake.Rejected()); got != len(tests) {
		t.Errorf("%d rejections recorded, want %d", got, len(tests))
	}
}

func TestCommandRegistration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	s := newSession(t, fake, fake.Token())
	first, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()})
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand(),
		{Name: "games", Description: "List games"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 2 || again[0].ID != first[0].ID || again[1].GuildID != w.guild {
		t.Errorf("re-registration answered %+v, want play to keep id %s", again, first[0].ID)
	}

	tooMany := playCommand()
	for i := range 26 {
		tooMany.Options = append(tooMany.Options, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: fmt.Sprint("o", i), Description: "d"})
	}
	choices := playCommand()
	for i := range 26 {
		choices.Options[0].Choices = append(choices.Options[0].Choices, &discordgo.ApplicationCommandOptionChoice{Name: "c", Value: fmt.Sprint(i)})
	}
	tests := []struct {
		name string
		cmd  *discordgo.ApplicationCommand
		path string
	}{
		{"upper-case name", &discordgo.ApplicationCommand{Name: "Play", Description: "d"}, "0.name"},
		{"name over 32", &discordgo.ApplicationCommand{Name: strings.Repeat("p", 33), Description: "d"}, "0.name"},
		{"no description", &discordgo.ApplicationCommand{Name: "play"}, "0.description"},
		{"description over 100", &discordgo.ApplicationCommand{Name: "play", Description: strings.Repeat("d", 101)}, "0.description"},
		{"26 options", tooMany, "0.options"},
		{"26 choices", choices, "0.options.0.choices"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{tt.cmd})
			if !formError(t, err, tt.path) {
				t.Errorf("no error at %s in %s", tt.path, restError(t, err).ResponseBody)
			}
		})
	}
	if got := fake.Commands(""); len(got) != 0 {
		t.Errorf("invalid registrations stored %d global commands", len(got))
	}
	_, err = s.ApplicationCommandBulkOverwrite(fake.AppID(), "1", nil)
	wantCode(t, err, http.StatusForbidden, discordgo.ErrCodeMissingAccess)
}

func TestMentionsAndHistory(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	s := newSession(t, fake, fake.Token())
	both := w.alice.Mention() + " " + w.bob.Mention()
	send := func(m *discordgo.MessageSend) *discordgo.Message {
		t.Helper()
		sent, err := s.ChannelMessageSendComplex(w.chan_, m)
		if err != nil {
			t.Fatal(err)
		}
		return sent
	}
	m1 := send(&discordgo.MessageSend{Content: both})
	m2 := send(&discordgo.MessageSend{Content: both, AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{w.bob.ID}}})
	m3 := send(&discordgo.MessageSend{Content: both, AllowedMentions: &discordgo.MessageAllowedMentions{}})
	send(&discordgo.MessageSend{Content: both, Flags: discordgo.MessageFlagsSuppressNotifications})
	if _, err := s.ChannelMessageEdit(w.chan_, m3.ID, "now "+both); err != nil {
		t.Fatal(err)
	}
	if got := fake.Pings(w.alice.ID); len(got) != 1 || got[0].ID != m1.ID {
		t.Errorf("alice pinged by %d messages, want only the first", len(got))
	}
	if got := fake.Pings(w.bob.ID); len(got) != 2 || got[1].ID != m2.ID {
		t.Errorf("bob pinged by %d messages, want the first two", len(got))
	}
	_, err := s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{Content: both, AllowedMentions: &discordgo.MessageAllowedMentions{
		Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{w.bob.ID}}})
	if !formError(t, err, "allowed_mentions") {
		t.Errorf("parse users with a users list: %v, want a form error", err)
	}

	latest, err := s.ChannelMessages(w.chan_, 2, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(latest) != 2 || latest[1].ID != m3.ID {
		t.Fatalf("latest two messages %v, want newest first ending with %s", latest, m3.ID)
	}
	if err := s.ChannelMessageDelete(w.chan_, m2.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.ChannelMessage(w.chan_, m2.ID)
	wantCode(t, err, http.StatusNotFound, discordgo.ErrCodeUnknownMessage)
	if got := fake.Messages(w.chan_); len(got) != 3 || got[0].ID != m1.ID || got[1].ID != m3.ID || got[1].EditedCount != 1 {
		t.Errorf("channel after delete: %d messages, want m1, m3 (edited), m4", len(got))
	}
	if got := fake.Pings(w.bob.ID); len(got) != 2 {
		t.Errorf("deleting a message removed bob's notification (%d left)", len(got))
	}
}

// TestHistory counts what a game sent to a player's DM, deleted pings
// included, the way a test of the bot's retries does.
func TestHistory(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	s := b.s
	dm, err := s.UserChannelCreate(w.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	must := func(m *discordgo.Message, err error) *discordgo.Message {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	hand := must(s.ChannelMessageSend(dm.ID, "Your hand: 3 cards"))
	must(s.ChannelMessageEdit(dm.ID, hand.ID, "Your hand: 2 cards"))
	must(s.ChannelMessageEdit(dm.ID, hand.ID, "Your hand: 1 card"))
	ping := must(s.ChannelMessageSend(dm.ID, w.alice.Mention()+", your turn"))
	must(s.ChannelMessageEdit(dm.ID, ping.ID, w.alice.Mention()+", your turn (round 2)"))
	if err := s.ChannelMessageDelete(dm.ID, ping.ID); err != nil {
		t.Fatal(err)
	}
	again := must(s.ChannelMessageSend(dm.ID, w.alice.Mention()+", your turn again"))

	type entry struct {
		id, content string
		edits       int
		deleted     bool
	}
	var got []entry
	for _, m := range fake.History(dm.ID) {
		got = append(got, entry{m.ID, m.Content, m.EditedCount, m.Deleted})
	}
	want := []entry{
		{hand.ID, "Your hand: 1 card", 2, false},
		{ping.ID, w.alice.Mention() + ", your turn (round 2)", 1, true},
		{again.ID, w.alice.Mention() + ", your turn again", 0, false},
	}
	if !slices.Equal(got, want) {
		t.Errorf("History = %+v, want %+v", got, want)
	}
	if n := len(fake.Messages(dm.ID)); n != 2 || fake.Message(ping.ID) != nil {
		t.Errorf("%d messages stand and the deleted one is found: %v; want 2 and not", n, fake.Message(ping.ID))
	}
	// Every new DM notifies its recipient, the hand included.
	if n := len(fake.Pings(w.alice.ID)); n != 3 {
		t.Errorf("alice was pinged %d times, want 3: deleting a ping does not take it back", n)
	}

	// Ephemeral replies are not part of the channel's history.
	if _, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"}); err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(b.next(t), &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		t.Fatal(err)
	}
	if h := fake.History(w.chan_); len(h) != 0 || len(fake.Ephemerals(w.alice.ID)) != 1 {
		t.Errorf("History of the channel = %v after an ephemeral reply, want it empty", h)
	}
	assertClean(t, fake)
}

// answeringBot connects a bot that answers every /play at once, in
// discordgo's handler goroutines, with "table <seats>".
func answeringBot(tb testing.TB, fake *Server) {
	tb.Helper()
	s := newSession(tb, fake, fake.Token())
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		seats := ic.ApplicationCommandData().GetOption("seats").IntValue()
		s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: fmt.Sprint("table ", seats)},
		})
	})
	if err := s.Open(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	if err := fake.WaitConnected(testContext(tb)); err != nil {
		tb.Fatal(err)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		tb.Fatal(err)
	}
}

func TestConcurrentInteractions(t *testing.T) {
	t.Parallel()
	const n = 60
	w := newWorld(t)
	fake := w.fake
	answeringBot(t, fake)
	ctx := testContext(t)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for k := range n {
		wg.Go(func() {
			it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life", "seats": k})
			if err != nil {
				errs <- err
				return
			}
			resp, err := it.Wait(ctx)
			if err == nil && resp.Message.Content != fmt.Sprint("table ", k) {
				err = fmt.Errorf("interaction %d answered %q", k, resp.Message.Content)
			}
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := len(fake.Messages(w.chan_)); got != n {
		t.Errorf("%d messages in the channel, want %d", got, n)
	}
	assertClean(t, fake)
}

func TestResumeAndRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	fake.Reconnect()
	if err := fake.WaitFor(ctx, func() bool { st := fake.GatewayStats(); return st.Resumed == 1 && st.Live == 1 }); err != nil {
		t.Fatalf("%v: stats %+v", err, fake.GatewayStats())
	}
	if st := fake.GatewayStats(); st.Ready != 1 {
		t.Errorf("%d READY events, want the session resumed rather than identified again", st.Ready)
	}
	it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.s.InteractionRespond(b.next(t), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	if _, err := it.Wait(ctx); err != nil {
		t.Fatal(err)
	}

	// The bot restarts: a new session identifies, and only it gets events.
	if err := b.s.Close(); err != nil {
		t.Fatal(err)
	}
	restarted := connect(t, fake)
	if err := fake.WaitFor(ctx, func() bool { st := fake.GatewayStats(); return st.Ready == 2 && st.Live == 1 }); err != nil {
		t.Fatalf("%v: stats %+v", err, fake.GatewayStats())
	}
	if _, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "chess"}); err != nil {
		t.Fatal(err)
	}
	if i := restarted.next(t); i.ApplicationCommandData().GetOption("game").StringValue() != "chess" {
		t.Errorf("restarted bot got %+v, want the chess command", i.ApplicationCommandData())
	}
	select {
	case i := <-b.interactions:
		t.Errorf("closed session received interaction %s", i.ID)
	default:
	}
	assertClean(t, fake)
}

func TestCloseDisconnectsBot(t *testing.T) {
	t.Parallel()
	fake := New(t)
	s := newSession(t, fake, fake.Token())
	s.ShouldReconnectOnError = false // the fake goes away for good
	disconnected := make(chan struct{}, 1)
	s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		select {
		case disconnected <- struct{}{}:
		default:
		}
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	if err := fake.WaitConnected(testContext(t)); err != nil {
		t.Fatal(err)
	}
	fake.Close()
	select {
	case <-disconnected:
	case <-testContext(t).Done():
		t.Fatal("the bot did not see its connection close")
	}
	if st := fake.GatewayStats(); st.Live != 0 {
		t.Errorf("%d sessions live after Close", st.Live)
	}
}

// BenchmarkCommandRoundTrip measures one slash command from dispatch to
// the bot's response, through discordgo and the fake.
func BenchmarkCommandRoundTrip(b *testing.B) {
	w := newWorld(b)
	answeringBot(b, w.fake)
	ctx := context.Background()
	var total time.Duration
	n := 0
	for b.Loop() {
		n++
		it, err := w.fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life", "seats": 2})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := it.Wait(ctx); err != nil {
			b.Fatal(err)
		}
		total += it.Latency()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(n), "µs-latency/op")
}

func TestUnhandledRoutes(t *testing.T) {
	t.Parallel()
	fake := New(t)
	s := newSession(t, fake, fake.Token())
	_, err := s.GuildRoles("1")
	wantCode(t, err, http.StatusNotFound, 0)
	if got := fake.Unhandled(); !slices.Equal(got, []string{"GET /api/v10/guilds/1/roles"}) {
		t.Errorf("Unhandled() = %q, want the roles request", got)
	}
}

func TestClockArmedFindsOneLoopAmongOtherTimers(t *testing.T) {
	clock := NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	if clock.Armed(time.Minute) {
		t.Fatal("armed with no timer at all")
	}
	clock.After(time.Second)
	clock.After(30 * time.Second)
	if clock.Armed(time.Minute) {
		t.Fatal("armed by timers of other lengths")
	}
	loop := clock.After(time.Minute)
	if !clock.Armed(time.Minute) {
		t.Fatal("not armed by a timer a minute away")
	}
	clock.Advance(time.Second)
	if clock.Armed(time.Minute) {
		t.Fatal("still armed a minute away once the clock moved on")
	}
	clock.Advance(time.Minute)
	select {
	case <-loop:
	default:
		t.Fatal("the loop's timer did not fire")
	}
}

// A message created with a nonce and enforce_nonce is created once: the
// same post again, within Discord's few minutes, returns the first. Without
// enforce_nonce, or once the window has passed, a post is a new message.
func TestNonceMakesACreateIdempotent(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	w := newWorld(t, WithClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now }))
	s := newSession(t, w.fake, w.fake.Token())
	post := func(body map[string]any) string {
		t.Helper()
		resp, err := s.RequestWithBucketID(http.MethodPost, discordgo.EndpointChannelMessages(w.chan_), body, discordgo.EndpointChannelMessages(w.chan_))
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ ID, Nonce string }
		if err := json.Unmarshal(resp, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	first := post(map[string]any{"content": "your move", "nonce": "g1.7.ping", "enforce_nonce": true})
	if again := post(map[string]any{"content": "your move", "nonce": "g1.7.ping", "enforce_nonce": true}); again != first {
		t.Errorf("the same post with enforce_nonce made message %s after %s", again, first)
	}
	if other := post(map[string]any{"content": "your move", "nonce": "g1.8.ping", "enforce_nonce": true}); other == first {
		t.Error("another nonce returned the first message")
	}
	if loose := post(map[string]any{"content": "your move", "nonce": "g1.7.ping"}); loose == first {
		t.Error("a nonce without enforce_nonce returned the first message")
	}
	mu.Lock()
	now = now.Add(nonceWindow)
	mu.Unlock()
	if later := post(map[string]any{"content": "your move", "nonce": "g1.7.ping", "enforce_nonce": true}); later == first {
		t.Error("the nonce still held after Discord's window")
	}
	if n := len(w.fake.Messages(w.chan_)); n != 4 {
		t.Errorf("%d messages in the channel, want 4", n)
	}
	assertClean(t, w.fake)
}

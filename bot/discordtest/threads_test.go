package discordtest

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestThreads(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	created := make(chan *discordgo.Channel, 10)
	b.s.AddHandler(func(_ *discordgo.Session, e *discordgo.ThreadCreate) {
		if e.NewlyCreated {
			created <- e.Channel
		}
	})
	var rejected []int
	refused := func(err error, status, code int) {
		t.Helper()
		wantCode(t, err, status, code)
		rejected = append(rejected, code)
	}

	lobby, err := b.s.ChannelMessageSend(w.chan_, "Lobby for game 12")
	if err != nil {
		t.Fatal(err)
	}
	fromMsg, err := b.s.MessageThreadStartComplex(w.chan_, lobby.ID, &discordgo.ThreadStart{Name: "Game 12", AutoArchiveDuration: 60})
	if err != nil {
		t.Fatal(err)
	}
	if fromMsg.ID != lobby.ID || fromMsg.Type != discordgo.ChannelTypeGuildPublicThread || fromMsg.ParentID != w.chan_ ||
		fromMsg.GuildID != w.guild || fromMsg.Name != "Game 12" || fromMsg.ThreadMetadata == nil || fromMsg.ThreadMetadata.AutoArchiveDuration != 60 {
		t.Fatalf("thread from the lobby message: %+v, want a public thread %s of %s archiving after 60 minutes", fromMsg, lobby.ID, w.chan_)
	}
	if m := fake.Message(lobby.ID); m.Flags&discordgo.MessageFlagsHasThread == 0 {
		t.Errorf("lobby message flags %d, want HAS_THREAD", m.Flags)
	}
	if got, err := b.s.ChannelMessage(w.chan_, lobby.ID); err != nil || got.Thread == nil || got.Thread.ID != lobby.ID {
		t.Errorf("lobby message read back with thread %+v (%v), want its thread", got.Thread, err)
	}
	_, err = b.s.MessageThreadStartComplex(w.chan_, lobby.ID, &discordgo.ThreadStart{Name: "Again"})
	refused(err, http.StatusBadRequest, discordgo.ErrCodeThreadAlreadyCreatedForThisMessage)

	// Without a type Discord starts a private thread.
	private, err := b.s.ThreadStartComplex(w.chan_, &discordgo.ThreadStart{Name: "Hands"})
	if err != nil {
		t.Fatal(err)
	}
	public, err := b.s.ThreadStartComplex(w.chan_, &discordgo.ThreadStart{Name: "Table talk", Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if private.Type != discordgo.ChannelTypeGuildPrivateThread || public.Type != discordgo.ChannelTypeGuildPublicThread ||
		private.ThreadMetadata.AutoArchiveDuration != defaultAutoArchive || private.ID == public.ID {
		t.Errorf("threads without a message: %+v and %+v, want a private one archiving after a day and a public one", private, public)
	}

	var got []string
	for _, th := range fake.Threads(w.chan_) {
		got = append(got, th.ID+"/"+th.Name)
		if th.ParentID != w.chan_ || th.GuildID != w.guild || th.FromMessage != (th.ID == lobby.ID) {
			t.Errorf("thread %+v, want one of %s, from a message only for the lobby", th, w.chan_)
		}
	}
	if want := []string{lobby.ID + "/Game 12", private.ID + "/Hands", public.ID + "/Table talk"}; !slices.Equal(got, want) {
		t.Errorf("Threads = %q, want %q", got, want)
	}
	for range 3 {
		select {
		case ch := <-created:
			if !slices.ContainsFunc(fake.Threads(w.chan_), func(th Thread) bool { return th.ID == ch.ID }) || ch.ParentID != w.chan_ {
				t.Errorf("THREAD_CREATE for %+v, which is not one of the threads", ch)
			}
		case <-ctx.Done():
			t.Fatal("THREAD_CREATE did not reach the bot")
		}
	}
	if ch, err := b.s.Channel(public.ID); err != nil || ch.Type != discordgo.ChannelTypeGuildPublicThread || ch.ParentID != w.chan_ {
		t.Errorf("GET the thread: %+v, %v", ch, err)
	}

	// Messages in a thread.
	sent, err := b.s.ChannelMessageSend(public.ID, "Who starts?")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.s.ChannelMessageEdit(public.ID, sent.ID, "Alice starts"); err != nil {
		t.Fatal(err)
	}
	listed, err := b.s.ChannelMessages(public.ID, 10, "", "", "")
	if err != nil || len(listed) != 1 || listed[0].Content != "Alice starts" || listed[0].ChannelID != public.ID {
		t.Errorf("thread messages %+v (%v), want the edited one", listed, err)
	}
	if msgs := fake.Messages(public.ID); len(msgs) != 1 || msgs[0].GuildID != w.guild || msgs[0].EditedCount != 1 {
		t.Errorf("Messages(thread) = %+v, want the edited message in the guild", msgs)
	}
	if msgs := fake.Messages(w.chan_); len(msgs) != 1 {
		t.Errorf("the parent channel holds %d messages, want only the lobby", len(msgs))
	}

	// Commands and clicks from a thread.
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	it, err := fake.Command(ctx, w.bob, w.guild, public.ID, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	if i.ChannelID != public.ID || i.GuildID != w.guild || i.Context != discordgo.InteractionContextGuild {
		t.Fatalf("command from the thread came from channel %s guild %s context %d", i.ChannelID, i.GuildID, i.Context)
	}
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Join?", Components: []discordgo.MessageComponent{row(button("join", "Join"))}},
	}); err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Message.ChannelID != public.ID {
		t.Errorf("the response went to %s, want the thread", resp.Message.ChannelID)
	}
	if _, err := fake.Click(ctx, w.alice, resp.Message, "join"); err != nil {
		t.Fatal(err)
	}
	if i := b.next(t); i.ChannelID != public.ID || i.MessageComponentData().CustomID != "join" {
		t.Errorf("click came from channel %s on %q, want the thread's join", i.ChannelID, i.MessageComponentData().CustomID)
	}

	// A private thread is open to those mentioned in it.
	if _, err := fake.Command(ctx, w.alice, w.guild, private.ID, "play", map[string]any{"game": "life"}); err == nil {
		t.Error("alice ran a command in a private thread she is not in")
	}
	if _, err := b.s.ChannelMessageSend(private.ID, "Your hand, "+w.alice.Mention()); err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Command(ctx, w.alice, w.guild, private.ID, "play", map[string]any{"game": "life"}); err != nil {
		t.Errorf("alice, mentioned in the private thread: %v", err)
	} else if i := b.next(t); i.ChannelID != private.ID {
		t.Errorf("command came from channel %s, want the private thread", i.ChannelID)
	}
	if _, err := fake.Command(ctx, w.bob, w.guild, private.ID, "play", map[string]any{"game": "life"}); err == nil {
		t.Error("bob ran a command in a private thread he is not in")
	}

	// Threads start in text channels only, with Discord's names and
	// archive durations.
	dm, err := b.s.UserChannelCreate(w.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	dmMsg, err := b.s.ChannelMessageSend(dm.ID, "hello")
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.s.ThreadStartComplex(dm.ID, &discordgo.ThreadStart{Name: "x"})
	refused(err, http.StatusBadRequest, discordgo.ErrCodeCannotExecuteActionOnThisChannelType)
	_, err = b.s.MessageThreadStart(dm.ID, dmMsg.ID, "x", 60)
	refused(err, http.StatusBadRequest, discordgo.ErrCodeCannotExecuteActionOnThisChannelType)
	_, err = b.s.ThreadStartComplex(public.ID, &discordgo.ThreadStart{Name: "x"})
	refused(err, http.StatusBadRequest, discordgo.ErrCodeCannotExecuteActionOnThisChannelType)
	_, err = b.s.ThreadStartComplex(w.chan_, &discordgo.ThreadStart{Name: "x", Type: discordgo.ChannelTypeGuildNewsThread})
	refused(err, http.StatusBadRequest, discordgo.ErrCodeCannotExecuteActionOnThisChannelType)
	_, err = b.s.ThreadStartComplex("1", &discordgo.ThreadStart{Name: "x"})
	refused(err, http.StatusNotFound, discordgo.ErrCodeUnknownChannel)
	_, err = b.s.MessageThreadStart(w.chan_, "1", "x", 60)
	refused(err, http.StatusNotFound, discordgo.ErrCodeUnknownMessage)
	for _, bad := range []struct {
		req  discordgo.ThreadStart
		path string
	}{
		{discordgo.ThreadStart{}, "name"},
		{discordgo.ThreadStart{Name: strings.Repeat("n", 101)}, "name"},
		{discordgo.ThreadStart{Name: "x", AutoArchiveDuration: 30}, "auto_archive_duration"},
	} {
		_, err = b.s.ThreadStartComplex(w.chan_, &bad.req)
		if !formError(t, err, bad.path) {
			t.Errorf("%+v: no error at %s in %s", bad.req, bad.path, restError(t, err).ResponseBody)
		}
		rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
		_, err = b.s.MessageThreadStartComplex(w.chan_, sent.ID, &bad.req)
		if !formError(t, err, bad.path) {
			t.Errorf("%+v from a message: no error at %s in %s", bad.req, bad.path, restError(t, err).ResponseBody)
		}
		rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
	}
	if n := len(fake.Threads(w.chan_)); n != 3 {
		t.Errorf("%d threads after the refused requests, want 3", n)
	}
	wantRejected(t, fake, rejected...)
}

// A channel where the bot lacks the thread permissions refuses both
// thread routes with Missing Permissions and starts no thread.
func TestThreadsNeedThePermission(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	b := connect(t, w.fake)
	lobby, err := b.s.ChannelMessageSend(w.chan_, "Lobby for game 3")
	if err != nil {
		t.Fatal(err)
	}
	w.fake.DenyThreads(w.chan_)
	_, err = b.s.MessageThreadStart(w.chan_, lobby.ID, "Game 3", 60)
	wantCode(t, err, http.StatusForbidden, discordgo.ErrCodeMissingPermissions)
	_, err = b.s.ThreadStartComplex(w.chan_, &discordgo.ThreadStart{Name: "Game 3", Type: discordgo.ChannelTypeGuildPublicThread})
	wantCode(t, err, http.StatusForbidden, discordgo.ErrCodeMissingPermissions)
	if n := len(w.fake.Threads(w.chan_)); n != 0 {
		t.Errorf("%d threads started without the permission", n)
	}
	if m := w.fake.Message(lobby.ID); m.Flags&discordgo.MessageFlagsHasThread != 0 {
		t.Error("the lobby message has a thread")
	}
	wantRejected(t, w.fake, discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingPermissions)
}

func TestThreadsSurviveAReconnect(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	th, err := b.s.ThreadStartComplex(w.chan_, &discordgo.ThreadStart{Name: "Game 7", Type: discordgo.ChannelTypeGuildPublicThread})
	if err != nil {
		t.Fatal(err)
	}
	// A fresh session learns the thread from GUILD_CREATE.
	s := newSession(t, fake, fake.Token())
	ready := make(chan *discordgo.GuildCreate, 1)
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { ready <- g })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	select {
	case g := <-ready:
		if len(g.Threads) != 1 || g.Threads[0].ID != th.ID || g.Threads[0].ParentID != w.chan_ {
			t.Errorf("GUILD_CREATE threads %+v, want %s", g.Threads, th.ID)
		}
	case <-testContext(t).Done():
		t.Fatal("no GUILD_CREATE")
	}
}

package discordtest

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func gifFile(t *testing.T, name string, w, h int) (*discordgo.File, []byte) {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White})
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{img, img}, Delay: []int{10, 10}}); err != nil {
		t.Fatal(err)
	}
	return &discordgo.File{Name: name, ContentType: "image/gif", Reader: bytes.NewReader(buf.Bytes())}, buf.Bytes()
}

func blob(name string, size int) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "application/octet-stream", Reader: bytes.NewReader(make([]byte, size))}
}

func TestGIFAttachments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)

	anim, animBytes := gifFile(t, "roll.gif", 24, 16)
	board, boardBytes := pngFile(t, "board.png", 8, 8)
	sent, err := b.s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{
		Content: "Rolling",
		Files:   []*discordgo.File{anim, board},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := fake.Message(sent.ID)
	for _, want := range []struct {
		name, typ string
		data      []byte
		w, h      int
	}{
		{"roll.gif", "image/gif", animBytes, 24, 16},
		{"board.png", "image/png", boardBytes, 8, 8},
	} {
		a, ok := m.Attachment(want.name)
		if !ok {
			t.Fatalf("no attachment %s among %q", want.name, filenames(m.Attachments))
		}
		if a.ContentType != want.typ || !bytes.Equal(a.Data, want.data) || a.Width != want.w || a.Height != want.h {
			t.Errorf("%s: %s %dx%d with %d bytes, want %s %dx%d with %d bytes",
				want.name, a.ContentType, a.Width, a.Height, len(a.Data), want.typ, want.w, want.h, len(want.data))
		}
		resp, err := http.Get(a.URL)
		if err != nil {
			t.Fatal(err)
		}
		served, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !bytes.Equal(served, want.data) || resp.Header.Get("Content-Type") != want.typ {
			t.Errorf("%s served as %s with %d bytes, want the upload", want.name, resp.Header.Get("Content-Type"), len(served))
		}
	}

	// An interaction response carries a GIF the same way.
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	anim, animBytes = gifFile(t, "spin.gif", 5, 7)
	if err := b.s.InteractionRespond(b.next(t), &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Files:       []*discordgo.File{anim},
			Attachments: &[]*discordgo.MessageAttachment{{ID: "0", Filename: "spin.gif"}},
		},
	}); err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := resp.Message.Attachment("spin.gif"); !ok || !bytes.Equal(a.Data, animBytes) || a.Width != 5 || a.Height != 7 || a.ContentType != "image/gif" {
		t.Errorf("response attachments %+v, want spin.gif 5x7", resp.Message.Attachments)
	}
	assertClean(t, fake)
}

func TestUploadLimits(t *testing.T) {
	t.Parallel()
	// The clock stands still: under the race detector, uploads of this
	// size may take longer than the interaction deadline.
	clock := NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, WithClock(clock.Now))
	fake := w.fake
	b := connect(t, fake)
	const mib = 1 << 20

	sent, err := b.s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{Files: []*discordgo.File{blob("a.bin", 10*mib), blob("b.bin", 10*mib)}})
	if err != nil {
		t.Fatalf("two files of 10 MiB: %v", err)
	}
	if got := fake.Message(sent.ID).Attachments; len(got) != 2 || len(got[0].Data) != 10*mib || got[1].Filename != "b.bin" {
		t.Errorf("attachments %q, want a.bin and b.bin of 10 MiB", filenames(got))
	}

	var rejected []int
	tooLarge := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s was accepted", what)
		}
		wantCode(t, err, http.StatusRequestEntityTooLarge, discordgo.ErrCodeRequestEntityTooLarge)
		rejected = append(rejected, discordgo.ErrCodeRequestEntityTooLarge)
	}
	_, err = b.s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{Files: []*discordgo.File{blob("big.bin", 10*mib+1)}})
	tooLarge("a file over 10 MiB", err)
	_, err = b.s.ChannelMessageSendComplex(w.chan_, &discordgo.MessageSend{Files: []*discordgo.File{blob("a.bin", 9*mib), blob("b.bin", 9*mib), blob("c.bin", 9*mib)}})
	tooLarge("27 MiB in one request", err)
	_, err = b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: w.chan_, ID: sent.ID, Files: []*discordgo.File{blob("big.bin", 10*mib+1)}})
	tooLarge("an edit with a file over 10 MiB", err)
	if got := fake.Messages(w.chan_); len(got) != 1 || len(got[0].Attachments) != 2 {
		t.Errorf("after the refused uploads the channel holds %d messages, want the first one unchanged", len(got))
	}

	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{playCommand()}); err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)
	it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life"})
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Files: []*discordgo.File{blob("big.bin", 10*mib+1)}},
	})
	tooLarge("a response with a file over 10 MiB", err)
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Too big to show"},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := it.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Files: []*discordgo.File{blob("big.bin", 10*mib+1)}})
	tooLarge("a follow-up with a file over 10 MiB", err)
	for _, r := range fake.Rejected() {
		if r.Status != http.StatusRequestEntityTooLarge {
			t.Errorf("rejection %v, want HTTP 413", r)
		}
	}
	wantRejected(t, fake, rejected...)
}

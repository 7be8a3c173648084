package core

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Message is what the bot shows, in the platform's terms but not its
// types: text, images, and rows of components. An edit with a Message
// replaces all of it: text, images (none when Image is nil) and
// components.
type Message struct {
	Content string
	// Image is the message's picture; More are further ones shown after
	// it, maxImages in all at the most.
	Image *Image
	More  []*Image
	Rows  []Row
	// Mentions lists the users this message may notify; nobody else is
	// pinged, whatever the text says.
	Mentions []string
	// Private messages are seen by the person who acted only.
	Private bool
	// Nonce, on a message posted in a channel, names what the post is (see
	// postNonce): Discord makes one message of the posts with one nonce
	// within a few minutes, so a post retried after its answer was lost,
	// by this process or by another after this one died, stays one.
	Nonce string
}

// postNonce names a post by the game, its purpose and what of the game's
// state it was made for, alike in every process that might make it, in
// the 25 characters Discord allows a nonce.
func postNonce(game, purpose string, of ...any) string {
	h := fnv.New64a()
	fmt.Fprintln(h, game, purpose, of)
	return strconv.FormatUint(h.Sum64(), 36)
}

// Image is a picture with its file name and a description for screen
// readers: a PNG, or an animated GIF, as the name's extension says.
type Image struct {
	Name string
	Alt  string
	Data []byte
}

// Images lists the message's images in order: Image, then More.
func (m *Message) Images() []*Image {
	if m.Image == nil {
		return nil
	}
	return append([]*Image{m.Image}, m.More...)
}

// Row is one row of components.
type Row []Component

// ComponentKind says what a component is.
type ComponentKind int

// Component kinds.
const (
	Button ComponentKind = iota
	Select
)

// Style is a button's colour.
type Style int

// Button styles.
const (
	Primary Style = iota + 1
	Secondary
	Success
	Danger
)

// Component is a button or a select menu.
type Component struct {
	Kind     ComponentKind
	CustomID string
	Label    string // a button's text
	Style    Style
	Disabled bool
	// Select menus only.
	Placeholder string
	Min, Max    int
	Options     []Option
}

// Option is one entry of a select menu.
type Option struct {
	Label, Value string
}

// Platform limits the messages are built to fit.
const (
	maxContent    = 2000
	maxImages     = 10
	maxButtons    = 25
	maxSelectOpt  = 25
	maxRows       = 5
	maxRowButtons = 5
	maxLabel      = 80
	maxOptLabel   = 100
	maxHolder     = 150
)

// Text returns a private message with text only.
func Text(text string) *Message { return &Message{Content: text, Private: true} }

// truncate shortens s to at most n characters, ending it with an ellipsis
// when it had to be cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// quote shows a value a person typed, bounded: whatever they sent, the
// answer must still fit in a message.
func quote(s string) string {
	return "`" + strings.ReplaceAll(truncate(s, 40), "`", "'") + "`"
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// JumpLink is the address of a message, which Discord shows as a link.
func JumpLink(guild string, m MessageRef) string {
	if guild == "" {
		guild = "@me"
	}
	return "https://discord.com/channels/" + guild + "/" + m.Channel + "/" + m.ID
}

// splitMessage packs paragraphs, in order and a blank line apart, into as
// few messages of at most limit characters as it can, the first of which
// has room for first characters only (it holds something else too): each
// is filled before the next begins, a paragraph that does not fit in what
// is left going on in the next message from one of its sentences, and a
// sentence too long for a message split between words. So no message
// ends mid-sentence unless one sentence is longer than a message. The
// first part is "" when nothing fits in its room.
func splitMessage(paragraphs []string, first, limit int) []string {
	var out []string
	cur, room := "", first
	for _, p := range paragraphs {
		sep := "\n\n"
		for _, piece := range fitting(sentences(p), limit) {
			joined := piece
			if cur != "" {
				joined = cur + sep + piece
			}
			if runes(joined) <= room {
				cur = joined
			} else {
				out = append(out, cur)
				cur, room = piece, limit
			}
			sep = " "
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// fitting splits each piece longer than limit into its words, and cuts a
// word longer than limit, so that every piece fits in a message.
func fitting(pieces []string, limit int) []string {
	var out []string
	for _, p := range pieces {
		switch words := strings.Fields(p); {
		case runes(p) <= limit:
			out = append(out, p)
		case len(words) > 1:
			out = append(out, fitting(words, limit)...)
		default:
			out = append(out, truncate(p, limit))
		}
	}
	return out
}

// sentences splits text after each full stop, question or exclamation mark
// that a space follows.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(text); i++ {
		if strings.ContainsRune(".!?", rune(text[i])) && text[i+1] == ' ' {
			out = append(out, text[start:i+1])
			start = i + 2
		}
	}
	return append(out, text[start:])
}

func runes(s string) int { return utf8.RuneCountInString(s) }

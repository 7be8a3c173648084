package bot_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/thatslife"
)

// What players read never shows the bot's own encodings: custom ids,
// option keys and choice values, unformatted seat references or Go's
// formatting of a missing value.
var (
	customIDText = regexp.MustCompile(`\b(join|leave|ai|start|cancel|mv|pick|sub|hand|look|resign|take|rematch|log):\w+:\w`)
	seatRefText  = regexp.MustCompile(`\{\d+\}`)
	goArtifacts  = []string{"%!", "<nil>", "map[", "&{"}
)

// checkWords fails for any text of msg a player could read that shows an
// encoding; encodings lists option keys and values that are not words.
func checkWords(t *testing.T, where string, msg *discordtest.Message, encodings []string) {
	t.Helper()
	texts := []string{msg.Content}
	for _, row := range msg.Components {
		for _, c := range row {
			texts = append(texts, c.Label, c.Placeholder)
			for _, o := range c.Options {
				texts = append(texts, o.Label, o.Description)
			}
		}
	}
	for _, a := range msg.Attachments {
		texts = append(texts, a.Description)
	}
	for _, text := range texts {
		bad := customIDText.FindString(text)
		if bad == "" {
			bad = seatRefText.FindString(text)
		}
		for _, s := range append(goArtifacts, encodings...) {
			if bad == "" && strings.Contains(text, s) {
				bad = s
			}
		}
		if bad != "" {
			t.Errorf("%s: message %s shows %q in %q", where, msg.ID, bad, text)
		}
	}
}

// checkDescribed fails for an image of msg that a player who cannot see
// it learns nothing from: every image's description names the game and
// says whose decision it waits for, or that it is over.
func checkDescribed(t *testing.T, where string, msg *discordtest.Message, game string) {
	t.Helper()
	for _, a := range msg.Attachments {
		d := a.Description
		if !strings.Contains(d, game) || !strings.Contains(d, "waiting for") && !strings.Contains(d, "over") {
			t.Errorf("%s: image %s of message %s is described as %q, want the game %q and whose turn it is", where, a.Filename, msg.ID, d, game)
		}
	}
}

// encodingsOf lists what of games' option schemas is a key rather than a
// word: keys and choice values that are not plain lowercase words.
func encodingsOf(gs ...games.Game) []string {
	word, number := regexp.MustCompile(`^[a-z]+$`), regexp.MustCompile(`^\d+$`)
	var out []string
	for _, g := range gs {
		for _, o := range g.Info().Options {
			for _, v := range append([]string{o.Key}, o.Choices...) {
				if !word.MatchString(v) && !number.MatchString(v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// Every refusal a player meets on the way through a game says what to do
// instead, and nothing anyone reads in the channel, in DMs or in private
// answers shows an internal encoding.
func TestWordsPlayersSee(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, stranger := h.fake.AddUser("ada"), h.fake.AddUser("ben"), h.fake.AddUser("stranger")
	users := []discordtest.User{ada, ben}
	everyone := []discordtest.User{ada, ben, stranger}

	lobby := h.command(ada, "newgame thatslife", map[string]any{"layout": "plus_ascending", "back_or_stay_on_1": true}).Message
	mustContain(t, "lobby", lobby.Content, "Plus cards first")

	for _, step := range []struct {
		who   discordtest.User
		label string
		want  string
	}{
		{stranger, "Leave", "nothing to leave. **Join** takes a seat"},
		{stranger, "Start", "Only the host"},
		{ben, "Join", ""},
		{ben, "Join", "already in this game"},
	} {
		resp := h.click(step.who, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), step.label))
		if step.want != "" {
			mustContain(t, step.who.Username+" clicking "+step.label, privateText(t, resp), step.want)
		}
	}
	join := buttonLabelled(t, h.fake.Message(lobby.ID), "Join")
	oldLobby := h.fake.Message(lobby.ID)
	h.click(ada, h.fake.Message(lobby.ID), buttonLabelled(t, h.fake.Message(lobby.ID), "Start"))
	it, err := h.fake.ClickStale(h.ctx(), stranger, oldLobby, join)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "a click on the lobby after the start", privateText(t, h.wait(it)), "Open a new one with `/newgame`")

	for _, c := range []struct {
		who  discordtest.User
		name string
		opts map[string]any
		want string
	}{
		{stranger, "abandon", map[string]any{"game": "nope"}, "Pick one of the suggestions the command offers for `game:`"},
		{stranger, "log", map[string]any{"game": "nope"}, "Pick one of the suggestions `/log game:` offers"},
		{stranger, "away", map[string]any{"duration": "off"}, "You weren't away in any game with a clock."},
		{stranger, "resign", nil, "`/mygames`"},
		{stranger, "mygames", nil, "`/newgame`"},
		{ben, "newgame thatslife", map[string]any{"layout": "plus_ascending"}, ""},
	} {
		resp := h.command(c.who, c.name, c.opts)
		if c.want != "" {
			mustContain(t, "/"+c.name+" by "+c.who.Username, privateText(t, resp), c.want)
		}
	}

	board := h.fake.Message(lobby.ID)
	pick := rand.New(rand.NewPCG(3, 4))
	for moves := 0; len(plays(board)) > 0; moves++ {
		if moves > 500 {
			t.Fatal("the game did not end in 500 moves")
		}
		u, seat := activeUser(t, board, users)
		buttons := plays(board)
		choice := buttons[pick.IntN(len(buttons))].CustomID
		if moves == 2 {
			other := users[(seat+1)%2]
			mustContain(t, "an out-of-turn click", privateText(t, h.click(other, board, choice)), "not your turn: waiting for")
		}
		h.click(u, board, choice)
		board = h.fake.Message(board.ID)
	}

	encodings := encodingsOf(thatslife.Game{})
	if len(encodings) == 0 {
		t.Fatal("found no option encodings to look for")
	}
	seen := 0
	for _, msg := range h.fake.History(h.channel) {
		checkWords(t, "channel", msg, encodings)
		checkDescribed(t, "channel", msg, "That's Life!")
		seen++
	}
	for _, u := range everyone {
		for _, msg := range append(h.fake.History(h.fake.DMChannel(u.ID)), h.fake.Ephemerals(u.ID)...) {
			checkWords(t, u.Username+"'s DMs and private answers", msg, encodings)
			seen++
		}
	}
	if seen < 20 {
		t.Fatalf("looked at only %d messages", seen)
	}
}

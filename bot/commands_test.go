package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

func TestCommandsAreRegistered(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(thatslife.Game{}, life.Game{}), textRenderer{})
	byName := map[string]*discordgo.ApplicationCommand{}
	for _, c := range h.fake.Commands("") {
		byName[c.Name] = c
		if c.DMPermission != nil {
			t.Errorf("/%s is declared with the deprecated dm_permission", c.Name)
		}
		if c.Contexts == nil || c.IntegrationTypes == nil {
			t.Errorf("/%s does not say where it may be used", c.Name)
		}
	}
	for _, want := range []string{"newgame", "rules", "mygames", "games", "log", "abandon", "help"} {
		if byName[want] == nil {
			t.Errorf("command /%s is not registered", want)
		}
	}
	// One subcommand per playable game, each with its own options only,
	// their choices named in words.
	newgame := byName["newgame"]
	var subs []string
	for _, sub := range newgame.Options {
		subs = append(subs, sub.Name)
		if sub.Type != discordgo.ApplicationCommandOptionSubCommand {
			t.Errorf("/newgame %s is not a subcommand", sub.Name)
		}
		for _, o := range sub.Options {
			if sub.Name == "life" && o.Name == "layout" || sub.Name == "thatslife" && o.Name == "target" {
				t.Errorf("/newgame %s offers another game's option %s", sub.Name, o.Name)
			}
			if o.Name == "layout" {
				var names []string
				for _, c := range o.Choices {
					names = append(names, c.Name)
				}
				if !slices.Contains(names, "Plus cards first") {
					t.Errorf("layout's choices read %q, not in words", names)
				}
			}
		}
	}
	if got := strings.Join(subs, ","); got != "thatslife,life" {
		t.Errorf("/newgame offers %s, want only the playable games", got)
	}
	for _, name := range []string{"mygames", "rules", "help", "log"} {
		if c := byName[name]; c != nil && !slices.Contains(*c.Contexts, discordgo.InteractionContextBotDM) {
			t.Errorf("/%s cannot be used in a DM with the bot", name)
		}
	}
	if c := byName["newgame"]; slices.Contains(*c.Contexts, discordgo.InteractionContextBotDM) {
		t.Error("/newgame is offered in DMs, where no game can be played")
	}
}

func TestRulesAndHelp(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	got := privateText(t, h.command(ada, "rules thatslife", nil))
	mustContain(t, "/rules thatslife", got, "That's Life!")
	if len(got) < 200 {
		t.Errorf("the rules are suspiciously short: %q", got)
	}
	got = privateText(t, h.command(ada, "help", nil))
	mustContain(t, "/help", got, "/newgame thatslife")
	mustContain(t, "/help", got, "/mygames")
	// Both work in a DM with the bot.
	it, err := h.fake.Command(h.ctx(), ada, "", "", "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "/help in a DM", privateText(t, h.wait(it)), "lifebot")
	it, err = h.fake.Command(h.ctx(), ada, "", "", "rules thatslife", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "/rules in a DM", privateText(t, h.wait(it)), "That's Life!")
	if _, err := h.fake.Command(h.ctx(), ada, "", "", "newgame thatslife", nil); err == nil {
		t.Error("the fake let /newgame run in a DM, where Discord would not offer it")
	}
}

func TestMyGamesAcrossServersAndInDMs(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, board := h.twoPlayerGame()
	other := h.fake.AddGuild("Other server")
	otherChannel := h.fake.AddChannel(other, "tables")
	it, err := h.fake.Command(h.ctx(), ada, other, otherChannel, "newgame thatslife", nil)
	if err != nil {
		t.Fatal(err)
	}
	h.wait(it)
	it, err = h.fake.Command(h.ctx(), ada, "", "", "mygames", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := privateText(t, h.wait(it))
	if n := strings.Count(got, "That's Life!"); n != 2 {
		t.Errorf("/mygames in a DM lists %d games, want both servers' 2:\n%s", n, got)
	}
	mustContain(t, "/mygames", got, "/"+board.ID+")")
	mustContain(t, "/mygames", got, "lobby")
	mover, waiter := ada, ben
	if !strings.Contains(h.fake.Message(board.ID).Content, ada.Mention()) {
		mover, waiter = ben, ada
	}
	dashboard := h.command(mover, "mygames", nil)
	mustContain(t, "the mover's /mygames", privateText(t, dashboard), "your move")
	// Next answers, privately, with the link to the board holding the
	// mover's buttons.
	next := h.click(mover, dashboard.Message, buttonLabelled(t, dashboard.Message, "Next game waiting for me"))
	mustContain(t, "Next game waiting for me", privateText(t, next), "(1 of 1)")
	mustContain(t, "Next game waiting for me", privateText(t, next), "/"+board.ID+")")
	if got := privateText(t, h.command(waiter, "mygames", nil)); strings.Contains(got, "your move") {
		t.Errorf("the waiting player is told it is their move:\n%s", got)
	}
}

func TestGameSuggestionsAndTheLog(t *testing.T) {
	t.Parallel()
	testGameSuggestionsAndTheLog(t, thatsLifeHarness(t))
}

// Suggestions are the HTTP response itself, as they cannot be deferred.
func TestGameSuggestionsOverHTTP(t *testing.T) {
	t.Parallel()
	testGameSuggestionsAndTheLog(t, thatsLifeServeHarness(t))
}

func testGameSuggestionsAndTheLog(t *testing.T, h *harness) {
	ada, _, board := h.twoPlayerGame()
	it, err := h.fake.Autocomplete(h.ctx(), ada, h.guild, h.channel, "abandon", map[string]any{"game": "that"}, "game")
	if err != nil {
		t.Fatal(err)
	}
	h.wait(it)
	choices := it.Choices()
	if len(choices) != 1 || fmt.Sprint(choices[0].Value) != gameIDOf(t, h, board) {
		t.Fatalf("/abandon suggests %+v", choices)
	}
	id := fmt.Sprint(choices[0].Value)
	got := privateText(t, h.command(ada, "log", map[string]any{"game": id}))
	mustContain(t, "/log", got, "page 1 of 1")
	mustContain(t, "/log", got, "The game begins")
	mustContain(t, "abandon by suggestion", privateText(t, h.command(ada, "abandon", map[string]any{"game": id})), "abandoned")
	// Finished games are still offered to /log, and only open ones to /abandon.
	it, _ = h.fake.Autocomplete(h.ctx(), ada, h.guild, h.channel, "log", nil, "game")
	h.wait(it)
	if c := it.Choices(); len(c) != 1 || !strings.Contains(c[0].Name, "abandoned") {
		t.Errorf("/log suggests %+v, want the abandoned game", c)
	}
	it, _ = h.fake.Autocomplete(h.ctx(), ada, h.guild, h.channel, "abandon", nil, "game")
	h.wait(it)
	if c := it.Choices(); len(c) != 0 {
		t.Errorf("/abandon suggests %+v after the game ended", c)
	}
}

// gameIDOf reads the game id a board names.
func gameIDOf(t *testing.T, h *harness, board *discordtest.Message) string {
	t.Helper()
	content := h.fake.Message(board.ID).Content
	i := strings.Index(content, "game `")
	if i < 0 {
		t.Fatalf("no game id on the board: %q", content)
	}
	rest := content[i+len("game `"):]
	return rest[:strings.Index(rest, "`")]
}

func TestNewGameRefusesBadOptions(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	got := privateText(t, h.command(ada, "newgame thatslife", map[string]any{
		"end_when_first_player_home": true, "end_at_last_figure": true,
	}))
	mustContain(t, "conflicting variants", got, "cannot be played together")
	if n := len(h.fake.Messages(h.channel)); n != 0 {
		t.Errorf("a refused /newgame left %d public messages", n)
	}
}

func TestLobbyButtons(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	lobby := h.command(ada, "newgame thatslife", map[string]any{"layout": "random"}).Message
	mustContain(t, "lobby", lobby.Content, "Layout: Shuffled")
	click := func(u discordtest.User, label string) *discordtest.Response {
		t.Helper()
		msg := h.fake.Message(lobby.ID)
		return h.click(u, msg, buttonLabelled(t, msg, label))
	}

	mustContain(t, "starting alone", privateText(t, click(ada, "Start")), "at least 2 players")
	mustContain(t, "host leaving", privateText(t, click(ada, "Leave")), "Cancel")
	mustContain(t, "guest adding AI", privateText(t, click(ben, "Add AI player")), "Only the host")
	mustContain(t, "leaving before joining", privateText(t, click(ben, "Leave")), "not in this game")
	click(ben, "Join")
	mustContain(t, "joining twice", privateText(t, click(ben, "Join")), "already in")
	click(ben, "Leave")
	for range 5 {
		click(ada, "Add AI player")
	}
	msg := h.fake.Message(lobby.ID)
	mustContain(t, "full lobby", msg.Content, "Players (6/6)")
	for _, b := range msg.Components[0] {
		if (b.Label == "Join" || b.Label == "Add AI player") && !b.Disabled {
			t.Errorf("%s is still enabled in a full lobby", b.Label)
		}
	}
	mustContain(t, "guest cancelling", privateText(t, click(ben, "Cancel")), "Only the host")
	click(ada, "Cancel")
	msg = h.fake.Message(lobby.ID)
	mustContain(t, "cancelled lobby", msg.Content, "cancelled")
	if len(msg.Buttons()) != 0 {
		t.Errorf("a cancelled lobby still has buttons: %+v", msg.Buttons())
	}
	got := privateText(t, h.command(ada, "games", nil))
	mustContain(t, "/games after cancel", got, "No games are running")
}

func TestSoloGameAgainstAI(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada := h.fake.AddUser("Ada")
	lobby := h.command(ada, "newgame thatslife", nil).Message
	for range 2 {
		msg := h.fake.Message(lobby.ID)
		h.click(ada, msg, buttonLabelled(t, msg, "Add AI player"))
	}
	msg := h.fake.Message(lobby.ID)
	h.click(ada, msg, buttonLabelled(t, msg, "Start"))
	for moves := 0; ; moves++ {
		board := h.fake.Message(lobby.ID)
		buttons := plays(board)
		if len(buttons) == 0 {
			mustContain(t, "final board", board.Content, "🏆")
			break
		}
		mustContain(t, "board", board.Content, "➡️ "+ada.Mention())
		h.click(ada, board, buttons[0].CustomID)
		if moves > 200 {
			t.Fatal("a solo game against two AI players did not end in 200 of Ada's moves")
		}
	}
	h.waitPinged(ada, 0)
	if p := h.fake.Pings(ada.ID); len(p) != 1 || !strings.Contains(p[0].Content, "is over") {
		t.Errorf("playing alone, Ada should be pinged only by the closing announcement; got %d pings", len(p))
	}
	// The finished game's log opens at its start, from the board's pointer.
	mustContain(t, "the final board", h.fake.Message(lobby.ID).Content, "/log game:")
	got := privateText(t, h.command(ada, "log", nil))
	mustContain(t, "/log of the finished game", got, "page 1 of")
	mustContain(t, "/log of the finished game", got, "The game begins: Ada")
}

func TestGamesAndAbandon(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()
	admin := h.fake.AddUser("Admin")
	h.fake.SetPermissions(admin.ID, discordgo.PermissionAdministrator)

	got := privateText(t, h.command(ben, "games", nil))
	mustContain(t, "/games", got, "That's Life!")
	mustContain(t, "/games", got, "waiting for")
	mustContain(t, "/games", got, "/"+lobby.ID+")")

	mustContain(t, "guest abandoning", privateText(t, h.command(ben, "abandon", nil)), "Only the host or a server admin")
	mustContain(t, "admin abandoning", privateText(t, h.command(admin, "abandon", nil)), "abandoned")
	// The board follows the answer, like every delivery.
	h.fake.WaitFor(h.ctx(), func() bool { return strings.Contains(h.fake.Message(lobby.ID).Content, "Abandoned by Admin") })
	board := h.fake.Message(lobby.ID)
	mustContain(t, "abandoned board", board.Content, "Abandoned by Admin")
	if len(plays(board)) != 0 {
		t.Errorf("an abandoned board still has buttons")
	}
	buttonLabelled(t, board, "⏮ History")
	mustContain(t, "abandoning twice", privateText(t, h.command(ada, "abandon", nil)), "no open game")
}

// Every description and choice name is written whole within Discord's 100
// characters: none is cut to fit, and none ends in an ellipsis that a cut
// would leave. Option names keep one meaning: kind: is a game's title,
// game: one game played at a table.
func TestCommandWordsAreWhole(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}), textRenderer{})
	check := func(where, text string) {
		if n := utf8.RuneCountInString(text); n == 0 || n > 100 {
			t.Errorf("%s has %d characters: %q", where, n, text)
		}
		if strings.HasSuffix(text, "…") {
			t.Errorf("%s is cut short: %q", where, text)
		}
	}
	var walk func(where string, opts []*discordgo.ApplicationCommandOption)
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			at := where + " " + o.Name
			check(at+"'s description", o.Description)
			for _, c := range o.Choices {
				check(fmt.Sprintf("%s's choice %v", at, c.Value), c.Name)
			}
			switch o.Name {
			case "kind":
				if len(o.Choices) == 0 {
					t.Errorf("%s does not offer the games' titles", at)
				}
			case "game":
				if !o.Autocomplete {
					t.Errorf("%s does not suggest the player's games", at)
				}
			}
			walk(at, o.Options)
		}
	}
	cmds := h.fake.Commands("")
	if len(cmds) == 0 {
		t.Fatal("no commands registered")
	}
	for _, c := range cmds {
		check("/"+c.Name+"'s description", c.Description)
		walk("/"+c.Name, c.Options)
	}
}

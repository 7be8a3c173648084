package discordtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

type option = discordgo.ApplicationCommandOption

const (
	subCommand = discordgo.ApplicationCommandOptionSubCommand
	group      = discordgo.ApplicationCommandOptionSubCommandGroup
	str        = discordgo.ApplicationCommandOptionString
	integer    = discordgo.ApplicationCommandOptionInteger
	boolean    = discordgo.ApplicationCommandOptionBoolean
)

// newgameCommand has a sub-command per game and a group of admin
// sub-commands.
func newgameCommand() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name:        "newgame",
		Description: "Open a lobby",
		Options: []*option{
			{Type: subCommand, Name: "thatslife", Description: "That's Life", Options: []*option{
				{Type: integer, Name: "seats", Description: "Players", Required: true},
				{Type: boolean, Name: "public", Description: "Open to all"},
				{Type: str, Name: "deck", Description: "Card deck", Autocomplete: true},
			}},
			{Type: subCommand, Name: "lagom", Description: "Lagom"},
			{Type: group, Name: "admin", Description: "Table admin", Options: []*option{
				{Type: subCommand, Name: "end", Description: "End a game", Options: []*option{
					{Type: str, Name: "id", Description: "Game id", Required: true},
				}},
			}},
		},
	}
}

// optionTree renders interaction options as "name(type)=value" with
// nested options in brackets, for comparing whole trees.
func optionTree(opts []*discordgo.ApplicationCommandInteractionDataOption) string {
	var parts []string
	for _, o := range opts {
		p := fmt.Sprintf("%s(%d)", o.Name, o.Type)
		if o.Value != nil {
			p += fmt.Sprintf("=%v", o.Value)
		}
		if o.Focused {
			p += "*"
		}
		if len(o.Options) > 0 {
			p += "[" + optionTree(o.Options) + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func TestSubCommands(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{newgameCommand()}); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		path    string
		options map[string]any
		want    string
	}{
		{"newgame thatslife", map[string]any{"seats": 3, "public": true}, "thatslife(1)[seats(4)=3 public(5)=true]"},
		{"newgame lagom", nil, "lagom(1)"},
		{"newgame  admin end", map[string]any{"id": "g1"}, "admin(2)[end(1)[id(3)=g1]]"},
		{"newgame", map[string]any{"thatslife": map[string]any{"seats": 2}}, "thatslife(1)[seats(4)=2]"},
	}
	for _, tt := range tests {
		it, err := fake.Command(ctx, w.alice, w.guild, w.chan_, tt.path, tt.options)
		if err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		i := b.next(t)
		data := i.ApplicationCommandData()
		if i.ID != it.ID || data.Name != "newgame" {
			t.Fatalf("%s: interaction %s for /%s, want %s for /newgame", tt.path, i.ID, data.Name, it.ID)
		}
		if got := optionTree(data.Options); got != tt.want {
			t.Errorf("%s: options %s, want %s", tt.path, got, tt.want)
		}
	}

	refused := []struct {
		path    string
		options map[string]any
	}{
		{"newgame", nil},
		{"newgame chess", nil},
		{"newgame thatslife seats", map[string]any{"seats": 2}},
		{"newgame thatslife", nil},
		{"newgame thatslife", map[string]any{"seats": 2, "colour": "red"}},
		{"newgame admin", map[string]any{"id": "g1"}},
		{"newgame admin end", map[string]any{"id": 5}},
		{"newgame lagom", map[string]any{"thatslife": map[string]any{"seats": 2}}},
		{"", nil},
	}
	for _, tt := range refused {
		if _, err := fake.Command(ctx, w.alice, w.guild, w.chan_, tt.path, tt.options); err == nil {
			t.Errorf("Command(%q, %v) dispatched, want an error", tt.path, tt.options)
		}
	}
	select {
	case i := <-b.interactions:
		t.Errorf("a refused command reached the bot: %+v", i.ApplicationCommandData())
	default:
	}
	assertClean(t, fake)
}

func TestSubCommandRegistration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	s := newSession(t, fake, fake.Token())
	if _, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{newgameCommand()}); err != nil {
		t.Fatalf("a valid command with sub-commands and a group: %v", err)
	}
	localized := newgameCommand()
	localized.NameLocalizations = &map[discordgo.Locale]string{discordgo.German: "neues-spiel", discordgo.French: "créer"}
	localized.Options[1].DescriptionLocalizations = map[discordgo.Locale]string{discordgo.PortugueseBR: "Começar uma partida"}
	if _, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{localized}); err != nil {
		t.Fatalf("a valid localized command: %v", err)
	}
	if got := fake.Commands(""); len(got) != 1 || got[0].NameLocalizations == nil || (*got[0].NameLocalizations)[discordgo.French] != "créer" {
		t.Errorf("the localized command is stored as %+v", got)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{newgameCommand()}); err != nil {
		t.Fatal(err)
	}
	with := func(change func(c *discordgo.ApplicationCommand)) *discordgo.ApplicationCommand {
		c := newgameCommand()
		change(c)
		return c
	}
	many := func(n int, typ discordgo.ApplicationCommandOptionType) []*option {
		var out []*option
		for i := range n {
			out = append(out, &option{Type: typ, Name: fmt.Sprint("o", i), Description: "d"})
		}
		return out
	}
	choices := func(n int, name string) []*discordgo.ApplicationCommandOptionChoice {
		var out []*discordgo.ApplicationCommandOptionChoice
		for i := range n {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: fmt.Sprint(i)})
		}
		return out
	}
	ctxs := func(v ...discordgo.InteractionContextType) *[]discordgo.InteractionContextType { return &v }
	installs := func(v ...discordgo.ApplicationIntegrationType) *[]discordgo.ApplicationIntegrationType { return &v }
	tests := []struct {
		name string
		cmd  *discordgo.ApplicationCommand
		path string
	}{
		{"sub-command beside a plain option", with(func(c *discordgo.ApplicationCommand) {
			c.Options = append(c.Options, &option{Type: str, Name: "game", Description: "d"})
		}), "0.options"},
		{"26 sub-commands", with(func(c *discordgo.ApplicationCommand) { c.Options = many(26, subCommand) }), "0.options"},
		{"26 options in a sub-command", with(func(c *discordgo.ApplicationCommand) { c.Options[0].Options = many(26, str) }), "0.options.0.options"},
		{"26 sub-commands in a group", with(func(c *discordgo.ApplicationCommand) { c.Options[2].Options = many(26, subCommand) }), "0.options.2.options"},
		{"plain option in a group", with(func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options = append(c.Options[2].Options, &option{Type: str, Name: "why", Description: "d"})
		}), "0.options.2.options.1.type"},
		{"group in a group", with(func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options[0] = &option{Type: group, Name: "deep", Description: "d", Options: many(1, subCommand)}
		}), "0.options.2.options.0.type"},
		{"sub-command in a sub-command", with(func(c *discordgo.ApplicationCommand) { c.Options[1].Options = many(1, subCommand) }), "0.options.1.options.0"},
		{"upper-case sub-command", with(func(c *discordgo.ApplicationCommand) { c.Options[1].Name = "Lagom" }), "0.options.1.name"},
		{"sub-command name over 32", with(func(c *discordgo.ApplicationCommand) { c.Options[1].Name = strings.Repeat("l", 33) }), "0.options.1.name"},
		{"sub-command without description", with(func(c *discordgo.ApplicationCommand) { c.Options[1].Description = "" }), "0.options.1.description"},
		{"nested description over 100", with(func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options[0].Options[0].Description = strings.Repeat("d", 101)
		}), "0.options.2.options.0.options.0.description"},
		{"nested option with a space", with(func(c *discordgo.ApplicationCommand) { c.Options[0].Options[1].Name = "is public" }), "0.options.0.options.1.name"},
		{"required after optional", with(func(c *discordgo.ApplicationCommand) { c.Options[0].Options[2].Required = true }), "0.options.0.options.2.required"},
		{"26 choices", with(func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options[0].Options[0].Choices = choices(26, "c")
		}), "0.options.2.options.0.options.0.choices"},
		{"choice name over 100", with(func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options[0].Options[0].Choices = choices(1, strings.Repeat("c", 101))
		}), "0.options.2.options.0.options.0.choices.0.name"},
		{"autocomplete on a boolean", with(func(c *discordgo.ApplicationCommand) { c.Options[0].Options[1].Autocomplete = true }), "0.options.0.options.1.autocomplete"},
		{"autocomplete with choices", with(func(c *discordgo.ApplicationCommand) { c.Options[0].Options[2].Choices = choices(2, "c") }), "0.options.0.options.2.autocomplete"},
		{"context 3", with(func(c *discordgo.ApplicationCommand) { c.Contexts = ctxs(0, 3) }), "0.contexts.1"},
		{"integration type 2", with(func(c *discordgo.ApplicationCommand) { c.IntegrationTypes = installs(2) }), "0.integration_types.0"},
		{"a localized name with a capital", with(func(c *discordgo.ApplicationCommand) {
			c.NameLocalizations = &map[discordgo.Locale]string{discordgo.German: "Neuesspiel"}
		}), "0.name_localizations.de"},
		{"a localized option name with a space", with(func(c *discordgo.ApplicationCommand) {
			c.Options[0].NameLocalizations = map[discordgo.Locale]string{discordgo.French: "est public"}
		}), "0.options.0.name_localizations.fr"},
		{"a localized description over 100", with(func(c *discordgo.ApplicationCommand) {
			c.Options[1].DescriptionLocalizations = map[discordgo.Locale]string{discordgo.SpanishES: strings.Repeat("d", 101)}
		}), "0.options.1.description_localizations.es-ES"},
		{"a localization in no locale", with(func(c *discordgo.ApplicationCommand) {
			c.DescriptionLocalizations = &map[discordgo.Locale]string{"klingon": "d"}
		}), "0.description_localizations.klingon"},
		{"a localized choice over 100", with(func(c *discordgo.ApplicationCommand) {
			ch := choices(1, "c")
			ch[0].NameLocalizations = map[discordgo.Locale]string{discordgo.PortugueseBR: strings.Repeat("c", 101)}
			c.Options[2].Options[0].Options[0].Choices = ch
		}), "0.options.2.options.0.options.0.choices.0.name_localizations.pt-BR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{tt.cmd})
			if !formError(t, err, tt.path) {
				t.Errorf("no error at %s in %s", tt.path, restError(t, err).ResponseBody)
			}
		})
	}
	if got := fake.Commands(""); len(got) != 1 || len(got[0].Options) != 3 {
		t.Errorf("after the refused registrations the global commands are %+v, want the first newgame", got)
	}
}

func TestCommandContexts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	no := false
	ctxs := func(v ...discordgo.InteractionContextType) *[]discordgo.InteractionContextType { return &v }
	installs := func(v ...discordgo.ApplicationIntegrationType) *[]discordgo.ApplicationIntegrationType { return &v }
	cmd := func(name string) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: "d"}
	}
	plain, legacy, guildOnly, dmOnly, both, userInstall, guildCmd :=
		cmd("plain"), cmd("legacy"), cmd("guildonly"), cmd("dmonly"), cmd("both"), cmd("userinstall"), cmd("guildcmd")
	legacy.DMPermission = &no
	guildOnly.Contexts = ctxs(discordgo.InteractionContextGuild)
	dmOnly.Contexts = ctxs(discordgo.InteractionContextBotDM)
	// contexts take precedence over dm_permission
	dmOnly.DMPermission = &no
	both.Contexts = ctxs(discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel)
	both.IntegrationTypes = installs(discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall)
	userInstall.Contexts = both.Contexts
	userInstall.IntegrationTypes = installs(discordgo.ApplicationIntegrationUserInstall)
	guildCmd.Contexts = ctxs(discordgo.InteractionContextBotDM)
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{plain, legacy, guildOnly, dmOnly, both, userInstall}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), w.guild, []*discordgo.ApplicationCommand{guildCmd}); err != nil {
		t.Fatal(err)
	}

	registered := fake.Commands("")
	if c := registered[4]; c.Contexts == nil || len(*c.Contexts) != 3 || c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 2 {
		t.Errorf("/both reads back with contexts %v and integration types %v, want 3 and 2", c.Contexts, c.IntegrationTypes)
	}
	if c := registered[0]; c.Contexts != nil || c.IntegrationTypes == nil ||
		!slices.Equal(*c.IntegrationTypes, []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}) {
		t.Errorf("/plain reads back with contexts %v and integration types %v, want none and the guild install", c.Contexts, c.IntegrationTypes)
	}

	dm := fake.DMChannel(w.alice.ID)
	tests := []struct {
		name          string
		inGuild, inDM bool
	}{
		{"plain", true, true},
		{"legacy", true, false},
		{"guildonly", true, false},
		{"dmonly", false, true},
		{"both", true, true},
		{"userinstall", false, false},
		{"guildcmd", true, false},
	}
	for _, tt := range tests {
		for _, where := range []struct {
			guild, channel string
			allowed        bool
		}{{w.guild, w.chan_, tt.inGuild}, {"", dm, tt.inDM}} {
			it, err := fake.Command(ctx, w.alice, where.guild, where.channel, tt.name, nil)
			if !where.allowed {
				if err == nil {
					t.Errorf("/%s in guild %q dispatched, want it refused", tt.name, where.guild)
					b.next(t)
				}
				continue
			}
			if err != nil {
				t.Fatalf("/%s in guild %q: %v", tt.name, where.guild, err)
			}
			i := b.next(t)
			if i.ID != it.ID || i.ChannelID != where.channel || i.GuildID != where.guild {
				t.Fatalf("/%s: interaction %s in channel %s guild %q, want %s in %s guild %q",
					tt.name, i.ID, i.ChannelID, i.GuildID, it.ID, where.channel, where.guild)
			}
			if where.guild == "" {
				if i.Context != discordgo.InteractionContextBotDM || i.User == nil || i.User.ID != w.alice.ID || i.Member != nil {
					t.Errorf("/%s in the DM: context %d, user %v, member %v; want context 1 and alice as user", tt.name, i.Context, i.User, i.Member)
				}
			} else if i.Context != discordgo.InteractionContextGuild || i.Member == nil || i.Member.User.ID != w.alice.ID || i.User != nil {
				t.Errorf("/%s in the guild: context %d, user %v, member %v; want context 0 and alice as member", tt.name, i.Context, i.User, i.Member)
			}
		}
	}
	assertClean(t, fake)
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fake := w.fake
	b := connect(t, fake)
	ctx := testContext(t)
	play := &discordgo.ApplicationCommand{Name: "play", Description: "Start a game", Options: []*option{
		{Type: str, Name: "game", Description: "Which game", Required: true, Autocomplete: true},
		{Type: integer, Name: "seats", Description: "Players", Required: true, Autocomplete: true},
		{Type: boolean, Name: "public", Description: "Open to all"},
	}}
	if _, err := b.s.ApplicationCommandBulkOverwrite(fake.AppID(), "", []*discordgo.ApplicationCommand{play, newgameCommand()}); err != nil {
		t.Fatal(err)
	}
	respond := func(i *discordgo.Interaction, typ discordgo.InteractionResponseType, choices ...*discordgo.ApplicationCommandOptionChoice) error {
		return b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{Choices: choices, Content: "x"}})
	}
	choice := func(name string, value any) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
	}
	var rejected []int

	// The game is typed in, the seats not yet: the required option is
	// missing, as it is while the user types.
	it, err := fake.Autocomplete(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "li"}, "game")
	if err != nil {
		t.Fatal(err)
	}
	i := b.next(t)
	if i.ID != it.ID || i.Type != discordgo.InteractionApplicationCommandAutocomplete || it.Type != discordgo.InteractionApplicationCommandAutocomplete {
		t.Fatalf("interaction %s of type %d, want %s of type 4", i.ID, i.Type, it.ID)
	}
	if got, want := optionTree(i.ApplicationCommandData().Options), "game(3)=li*"; got != want {
		t.Errorf("options %s, want %s", got, want)
	}
	err = respond(i, discordgo.InteractionResponseChannelMessageWithSource)
	wantCode(t, err, 400, discordgo.ErrCodeInvalidFormBody)
	rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
	var tooMany []*discordgo.ApplicationCommandOptionChoice
	for n := range 26 {
		tooMany = append(tooMany, choice("Game", fmt.Sprint(n)))
	}
	for _, bad := range [][]*discordgo.ApplicationCommandOptionChoice{
		tooMany,
		{choice("", "life")},
		{choice(strings.Repeat("n", 101), "life")},
		{choice("Life", 3)},
		{choice("Life", strings.Repeat("v", 101))},
	} {
		err = respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, bad...)
		wantCode(t, err, 400, discordgo.ErrCodeInvalidFormBody)
		rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
	}
	if got := it.Choices(); got != nil {
		t.Errorf("choices %v before an accepted answer, want none", got)
	}
	if err := respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, choice("Life", "life"), choice("Lagom", "lagom")); err != nil {
		t.Fatal(err)
	}
	resp, err := it.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range it.Choices() {
		names = append(names, fmt.Sprintf("%s=%v", c.Name, c.Value))
	}
	if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || resp.Message != nil ||
		!slices.Equal(names, []string{"Life=life", "Lagom=lagom"}) {
		t.Errorf("response type %d, message %v, choices %q; want type 8 offering Life and Lagom", resp.Type, resp.Message, names)
	}
	if _, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "more"}); err == nil {
		t.Error("a follow-up to an autocomplete interaction was accepted")
	}
	rejected = append(rejected, discordgo.ErrCodeUnknownWebhook)

	// An integer option's partial input comes as a string; the choices
	// must be integers.
	it, err = fake.Autocomplete(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life", "seats": "1", "public": true}, "seats")
	if err != nil {
		t.Fatal(err)
	}
	i = b.next(t)
	if got, want := optionTree(i.ApplicationCommandData().Options), "game(3)=life seats(4)=1* public(5)=true"; got != want {
		t.Errorf("options %s, want %s", got, want)
	}
	for _, bad := range []any{"2", 2.5} {
		err = respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, choice("Two", bad))
		wantCode(t, err, 400, discordgo.ErrCodeInvalidFormBody)
		rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
	}
	if err := respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, choice("One", 1), choice("Ten", 10)); err != nil {
		t.Fatal(err)
	}
	if _, err := it.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got := it.Choices(); len(got) != 2 || got[1].Value != float64(10) {
		t.Errorf("choices %v, want One=1 and Ten=10", got)
	}

	// In a sub-command, from the DM; an empty answer is an answer.
	it, err = fake.Autocomplete(ctx, w.alice, "", "", "newgame thatslife", map[string]any{"seats": 2}, "deck")
	if err != nil {
		t.Fatal(err)
	}
	i = b.next(t)
	if got, want := optionTree(i.ApplicationCommandData().Options), "thatslife(1)[seats(4)=2 deck(3)=*]"; got != want || i.User == nil {
		t.Errorf("options %s from user %v, want %s from alice", got, i.User, want)
	}
	if err := respond(i, discordgo.InteractionApplicationCommandAutocompleteResult); err != nil {
		t.Fatal(err)
	}
	if resp, err := it.Wait(ctx); err != nil || len(resp.Choices) != 0 {
		t.Errorf("empty answer: %+v, %v", resp, err)
	}

	// A slash command cannot be answered with choices.
	it, err = fake.Command(ctx, w.alice, w.guild, w.chan_, "play", map[string]any{"game": "life", "seats": 2})
	if err != nil {
		t.Fatal(err)
	}
	i = b.next(t)
	err = respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, choice("Life", "life"))
	wantCode(t, err, 400, discordgo.ErrCodeInvalidFormBody)
	rejected = append(rejected, discordgo.ErrCodeInvalidFormBody)
	if err := respond(i, discordgo.InteractionResponseChannelMessageWithSource); err != nil {
		t.Fatal(err)
	}
	if resp, err := it.Wait(ctx); err != nil || resp.Choices != nil {
		t.Errorf("slash command response %+v, %v; want a message without choices", resp, err)
	}

	for _, tt := range []struct {
		path    string
		options map[string]any
		focused string
	}{
		{"play", nil, "public"},
		{"play", nil, "colour"},
		{"play", nil, ""},
		{"play", map[string]any{"seats": 3}, "seats"},
		{"newgame thatslife", nil, "seats"},
		{"newgame", nil, "deck"},
	} {
		if _, err := fake.Autocomplete(ctx, w.alice, w.guild, w.chan_, tt.path, tt.options, tt.focused); err == nil {
			t.Errorf("Autocomplete(%q, %v, %q) dispatched, want an error", tt.path, tt.options, tt.focused)
			b.next(t)
		}
	}
	wantRejected(t, fake, rejected...)
}

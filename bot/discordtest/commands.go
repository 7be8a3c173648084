package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on application commands.
const (
	maxCommands       = 100
	maxOptions        = 25
	maxChoices        = 25
	maxDescription    = 100
	maxChoiceName     = 100
	maxChoiceValueLen = 100
)

// commandName is Discord's rule for chat command and option names,
// restricted to ASCII: the bot's names are English.
var commandName = regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)

// command is a registered application command.
type command struct {
	id   string
	def  commandDef
	echo map[string]any // what the bot sent, plus the fields Discord adds
}

type commandDef struct {
	Type             discordgo.ApplicationCommandType        `json:"type"`
	Name             string                                  `json:"name"`
	Description      string                                  `json:"description"`
	Options          []optionDef                             `json:"options"`
	DMPermission     *bool                                   `json:"dm_permission"`
	Contexts         *[]discordgo.InteractionContextType     `json:"contexts"`
	IntegrationTypes *[]discordgo.ApplicationIntegrationType `json:"integration_types"`
	localizations
}

// localizations are a command's, an option's or a choice's words in other
// languages, by Discord's locale code.
type localizations struct {
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
}

type optionDef struct {
	Type         discordgo.ApplicationCommandOptionType `json:"type"`
	Name         string                                 `json:"name"`
	Description  string                                 `json:"description"`
	Required     bool                                   `json:"required"`
	Choices      []choiceDef                            `json:"choices"`
	Options      []optionDef                            `json:"options"`
	Autocomplete bool                                   `json:"autocomplete"`
	MinValue     *float64                               `json:"min_value"`
	MaxValue     *float64                               `json:"max_value"`
	MinLength    *int                                   `json:"min_length"`
	MaxLength    *int                                   `json:"max_length"`
	localizations
}

type choiceDef struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
	localizations
}

// localizedName is the rule for a command's or option's name in another
// language: letters of any script, digits, - and _, in lowercase where
// the script has it.
var localizedName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{M}]{1,32}$`)

// check checks the localizations at p: known locales, names as Discord
// takes them (or, for a choice, up to 100 characters), descriptions of
// 1 to 100 characters.
func (l localizations) check(fe *formErrors, p string, choice bool) {
	for loc, name := range l.NameLocalizations {
		at := strings.TrimPrefix(p+".name_localizations."+loc, ".")
		if !slices.Contains(discordLocales, loc) {
			fe.addf(at, "BASE_TYPE_CHOICES", "Value must be a valid locale, got %q.", loc)
		}
		switch {
		case choice:
			fe.betweenLen(at, utf8.RuneCountInString(name), 1, maxChoiceName)
		case !localizedName.MatchString(name) || strings.ToLower(name) != name:
			fe.add(at, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		}
	}
	for loc, desc := range l.DescriptionLocalizations {
		at := strings.TrimPrefix(p+".description_localizations."+loc, ".")
		if !slices.Contains(discordLocales, loc) {
			fe.addf(at, "BASE_TYPE_CHOICES", "Value must be a valid locale, got %q.", loc)
		}
		fe.betweenLen(at, utf8.RuneCountInString(desc), 1, maxDescription)
	}
}

// discordLocales are the locales Discord knows.
var discordLocales = []string{
	"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
	"ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
}

func (c *command) toDiscordgo() *discordgo.ApplicationCommand {
	b, _ := json.Marshal(c.echo)
	var out discordgo.ApplicationCommand
	json.Unmarshal(b, &out)
	return &out
}

func (s *Server) commandScope(c *call) (string, error) {
	if c.vars["application_id"] != s.AppID() {
		return "", errUnknownApplication()
	}
	g := c.vars["guild_id"]
	if g != "" {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.guilds[g] == nil {
			return "", errMissingAccess()
		}
	}
	return g, nil
}

func (s *Server) listCommands(c *call) (any, error) {
	scope, err := s.commandScope(c)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]map[string]any, 0, len(s.commands[scope]))
	for _, cmd := range s.commands[scope] {
		out = append(out, cmd.echo)
	}
	return out, nil
}

// overwriteCommands replaces every command of the scope. Commands keep
// their id when their name stays, as on Discord.
func (s *Server) overwriteCommands(c *call) (any, error) {
	scope, err := s.commandScope(c)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := decode(c.payload, &items); err != nil {
		return nil, err
	}
	var fe formErrors
	fe.maxLen("", len(items), maxCommands)
	defs := make([]commandDef, len(items))
	echoes := make([]map[string]any, len(items))
	seen := map[string]bool{}
	for i, item := range items {
		p := strconv.Itoa(i)
		if json.Unmarshal(item, &defs[i]) != nil || json.Unmarshal(item, &echoes[i]) != nil {
			fe.add(p, "MODEL_TYPE_CONVERT", "Could not interpret the value as an application command.")
			continue
		}
		defs[i].normalize()
		validateCommand(&fe, p, &defs[i])
		key := fmt.Sprintf("%d/%s", defs[i].Type, defs[i].Name)
		if seen[key] {
			fe.add(p+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.commands[scope]
	cmds := make([]*command, len(defs))
	out := make([]map[string]any, len(defs))
	for i := range defs {
		id := ""
		for _, o := range old {
			if o.def.Name == defs[i].Name && o.def.Type == defs[i].Type {
				id = o.id
			}
		}
		cmds[i] = s.newCommandLocked(id, scope, defs[i], echoes[i])
		out[i] = cmds[i].echo
	}
	s.commands[scope] = cmds
	s.notifyLocked()
	return out, nil
}

// createCommand adds one command, or replaces the one with its name.
func (s *Server) createCommand(c *call) (any, error) {
	scope, err := s.commandScope(c)
	if err != nil {
		return nil, err
	}
	var def commandDef
	var echo map[string]any
	if err := decode(c.payload, &def); err != nil {
		return nil, err
	}
	if err := decode(c.payload, &echo); err != nil {
		return nil, err
	}
	def.normalize()
	var fe formErrors
	validateCommand(&fe, "", &def)
	if err := fe.err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cmds := s.commands[scope]
	i := slices.IndexFunc(cmds, func(o *command) bool { return o.def.Name == def.Name && o.def.Type == def.Type })
	if i >= 0 {
		cmds[i] = s.newCommandLocked(cmds[i].id, scope, def, echo)
		s.notifyLocked()
		return cmds[i].echo, nil
	}
	if len(cmds) >= maxCommands {
		fe.addf("", "APPLICATION_COMMANDS_MAX", "Maximum number of application commands reached (%d)", maxCommands)
		return nil, fe.err()
	}
	cmd := s.newCommandLocked("", scope, def, echo)
	s.commands[scope] = append(cmds, cmd)
	s.notifyLocked()
	return cmd.echo, nil
}

func (s *Server) deleteCommand(c *call) (any, error) {
	scope, err := s.commandScope(c)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cmds := s.commands[scope]
	i := slices.IndexFunc(cmds, func(o *command) bool { return o.id == c.vars["command_id"] })
	if i < 0 {
		return nil, errUnknownCommand()
	}
	s.commands[scope] = slices.Delete(cmds, i, i+1)
	s.notifyLocked()
	return nil, nil
}

func (s *Server) newCommandLocked(id, scope string, def commandDef, echo map[string]any) *command {
	if id == "" {
		id = s.newID()
	}
	echo = maps.Clone(echo)
	echo["id"] = id
	echo["application_id"] = s.AppID()
	echo["version"] = s.newID()
	echo["type"] = def.Type
	if scope != "" {
		echo["guild_id"] = scope
	}
	if _, ok := echo["default_member_permissions"]; !ok {
		echo["default_member_permissions"] = nil
	}
	if _, ok := echo["nsfw"]; !ok {
		echo["nsfw"] = false
	}
	// Without integration_types a command takes the application's
	// default installation, which for this application is the guild.
	if echo["integration_types"] == nil {
		echo["integration_types"] = []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	}
	if _, ok := echo["contexts"]; !ok {
		echo["contexts"] = nil
	}
	return &command{id: id, def: def, echo: echo}
}

// normalize applies Discord's default: a command without a type is a
// slash command.
func (d *commandDef) normalize() {
	if d.Type == 0 {
		d.Type = discordgo.ChatApplicationCommand
	}
}

func validateCommand(fe *formErrors, p string, d *commandDef) {
	at := func(field string) string {
		if p == "" {
			return field
		}
		return p + "." + field
	}
	if d.Contexts != nil {
		for i, c := range *d.Contexts {
			if c > discordgo.InteractionContextPrivateChannel {
				fe.addf(at("contexts."+strconv.Itoa(i)), "BASE_TYPE_CHOICES", "Value must be one of {0, 1, 2}, got %d.", c)
			}
		}
	}
	if d.IntegrationTypes != nil {
		for i, t := range *d.IntegrationTypes {
			if t > discordgo.ApplicationIntegrationUserInstall {
				fe.addf(at("integration_types."+strconv.Itoa(i)), "BASE_TYPE_CHOICES", "Value must be one of {0, 1}, got %d.", t)
			}
		}
	}
	if d.Type != discordgo.ChatApplicationCommand {
		// User and message commands take free-form names and no description.
		fe.betweenLen(at("name"), utf8.RuneCountInString(d.Name), 1, 32)
		return
	}
	if !commandName.MatchString(d.Name) {
		fe.add(at("name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
	}
	fe.betweenLen(at("description"), utf8.RuneCountInString(d.Description), 1, maxDescription)
	d.localizations.check(fe, p, false)
	validateOptions(fe, at("options"), d.Options, 0)
}

func isSubCommand(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

// validateOptions checks one level of options. parent is the type of the
// option holding them, 0 for the command itself: the command holds either
// sub-commands and groups or plain options, a group holds sub-commands
// only, and a sub-command holds plain options only.
func validateOptions(fe *formErrors, p string, opts []optionDef, parent discordgo.ApplicationCommandOptionType) {
	fe.maxLen(p, len(opts), maxOptions)
	if parent == discordgo.ApplicationCommandOptionSubCommandGroup && len(opts) == 0 {
		fe.add(p, "BASE_TYPE_REQUIRED", "A sub-command group needs at least one sub-command")
	}
	subs := 0
	for _, o := range opts {
		if isSubCommand(o.Type) {
			subs++
		}
	}
	if parent == 0 && subs > 0 && subs < len(opts) {
		fe.add(p, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-commands and sub-command groups cannot be mixed with other options")
	}
	seen := map[string]bool{}
	optionalSeen := false
	for i, o := range opts {
		op := p + "." + strconv.Itoa(i)
		if !commandName.MatchString(o.Name) {
			fe.add(op+".name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		}
		if seen[o.Name] {
			fe.add(op+".name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		seen[o.Name] = true
		fe.betweenLen(op+".description", utf8.RuneCountInString(o.Description), 1, maxDescription)
		o.localizations.check(fe, op, false)
		if o.Type < discordgo.ApplicationCommandOptionSubCommand || o.Type > discordgo.ApplicationCommandOptionAttachment {
			fe.addf(op+".type", "BASE_TYPE_CHOICES", "Value must be one of 1 to 11, got %d.", o.Type)
		}
		switch {
		case parent == discordgo.ApplicationCommandOptionSubCommandGroup && o.Type != discordgo.ApplicationCommandOptionSubCommand:
			fe.add(op+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "A sub-command group holds sub-commands only")
		case parent == discordgo.ApplicationCommandOptionSubCommand && isSubCommand(o.Type):
			fe.add(op+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Sub-commands cannot nest this deep")
		case isSubCommand(o.Type):
			validateOptions(fe, op+".options", o.Options, o.Type)
		case len(o.Options) > 0:
			fe.add(op+".options", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Only sub-commands and groups hold options")
		case o.Required && optionalSeen:
			fe.add(op+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
		}
		if !o.Required && !isSubCommand(o.Type) {
			optionalSeen = true
		}
		validateChoices(fe, op, o)
	}
}

// choosable reports whether an option type takes choices and autocomplete.
func choosable(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionString || t == discordgo.ApplicationCommandOptionInteger ||
		t == discordgo.ApplicationCommandOptionNumber
}

func validateChoices(fe *formErrors, op string, o optionDef) {
	if o.Autocomplete {
		if !choosable(o.Type) {
			fe.add(op+".autocomplete", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID", "Autocomplete is only valid for string, integer and number options")
		}
		if len(o.Choices) > 0 {
			fe.add(op+".autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_EXCLUSIVE", "Autocomplete and choices cannot be used together")
		}
	}
	if len(o.Choices) > 0 && !choosable(o.Type) {
		fe.add(op+".choices", "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices are only valid for string, integer and number options")
	}
	fe.maxLen(op+".choices", len(o.Choices), maxChoices)
	for j, ch := range o.Choices {
		cp := op + ".choices." + strconv.Itoa(j)
		fe.betweenLen(cp+".name", utf8.RuneCountInString(ch.Name), 1, maxChoiceName)
		ch.localizations.check(fe, cp, true)
		checkChoiceValue(fe, cp+".value", o.Type, ch.Value)
	}
}

// checkChoiceValue checks that a choice's value has its option's type.
func checkChoiceValue(fe *formErrors, p string, t discordgo.ApplicationCommandOptionType, v any) {
	switch t {
	case discordgo.ApplicationCommandOptionString:
		s, ok := v.(string)
		if !ok {
			fe.add(p, "BASE_TYPE_STRING", "Could not interpret the value as a string.")
			return
		}
		fe.betweenLen(p, utf8.RuneCountInString(s), 1, maxChoiceValueLen)
	case discordgo.ApplicationCommandOptionInteger:
		if f, ok := v.(float64); !ok || f != math.Trunc(f) {
			fe.add(p, "NUMBER_TYPE_COERCE", "Value is not int.")
		}
	case discordgo.ApplicationCommandOptionNumber:
		if _, ok := v.(float64); !ok {
			fe.add(p, "NUMBER_TYPE_COERCE", "Value is not a number.")
		}
	}
}

// findCommandLocked finds what a user can run in a guild (its commands,
// then global ones) or in a DM (global ones allowed there).
func (s *Server) findCommandLocked(guildID, name string) (*command, error) {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if c.def.Name != name || c.def.Type != discordgo.ChatApplicationCommand {
				continue
			}
			if scope == "" {
				if err := c.usableIn(guildID != ""); err != nil {
					return nil, fmt.Errorf("discordtest: /%s %w", name, err)
				}
			}
			return c, nil
		}
	}
	where := "globally"
	if guildID != "" {
		where = "in guild " + guildID + " or globally"
	}
	return nil, fmt.Errorf("discordtest: no slash command /%s is registered %s", name, where)
}

// usableIn checks a global command's installation and contexts against a
// guild channel or the bot's DM. The fake's application is installed to
// guilds, never to users, so user-install commands are out of reach; and
// a command without contexts follows dm_permission, as before contexts
// existed. Guild commands ignore both, as on Discord.
func (c *command) usableIn(guild bool) error {
	if t := c.def.IntegrationTypes; t != nil && !slices.Contains(*t, discordgo.ApplicationIntegrationGuildInstall) {
		return errors.New("is for user installs only, and discordtest models guild installs")
	}
	switch {
	case guild && c.def.Contexts != nil && !slices.Contains(*c.def.Contexts, discordgo.InteractionContextGuild):
		return errors.New("is not available in guilds (contexts)")
	case !guild && c.def.Contexts != nil && !slices.Contains(*c.def.Contexts, discordgo.InteractionContextBotDM):
		return errors.New("is not available in DMs (contexts)")
	case !guild && c.def.Contexts == nil && c.def.DMPermission != nil && !*c.def.DMPermission:
		return errors.New("is not available in DMs (dm_permission)")
	}
	return nil
}

// nestOptions places the options given for a sub-command path, such as
// ["game", "end"], where Discord nests them: {"game": {"end": options}}.
// It returns the options the path's last sub-command declares.
func nestOptions(defs []optionDef, path []string, options map[string]any) (map[string]any, []optionDef, error) {
	if len(path) == 0 {
		return options, defs, nil
	}
	i := slices.IndexFunc(defs, func(d optionDef) bool { return d.Name == path[0] && isSubCommand(d.Type) })
	if i < 0 {
		return nil, nil, fmt.Errorf("no sub-command %q (sub-commands here: %q)", path[0], subCommandNames(defs))
	}
	inner, leaf, err := nestOptions(defs[i].Options, path[1:], options)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path[0], err)
	}
	return map[string]any{path[0]: inner}, leaf, nil
}

// focusable finds the option an autocomplete interaction is about among a
// command's or sub-command's options and returns its type.
func focusable(defs []optionDef, name string) (discordgo.ApplicationCommandOptionType, error) {
	i := slices.IndexFunc(defs, func(d optionDef) bool { return d.Name == name && !isSubCommand(d.Type) })
	if i < 0 {
		return 0, fmt.Errorf("discordtest: no option %q to autocomplete", name)
	}
	if !defs[i].Autocomplete {
		return 0, fmt.Errorf("discordtest: option %q is not declared with autocomplete", name)
	}
	return defs[i].Type, nil
}

func subCommandNames(defs []optionDef) []string {
	var out []string
	for _, d := range defs {
		if isSubCommand(d.Type) {
			out = append(out, d.Name)
		}
	}
	return out
}

// buildOptions turns the test's option values into the interaction's
// options, typed as the registered command declares them. It refuses what
// the Discord client would not let a user send: unknown options, missing
// required ones, a command with sub-commands run without one, values of
// the wrong type or outside the choices. focus names the option an
// autocomplete interaction is about ("" for a command): its value is the
// text typed so far, and required options may still be missing.
func (s *Server) buildOptionsLocked(defs []optionDef, given map[string]any, guildID string, res *resolved, focus string) ([]map[string]any, error) {
	for name := range given {
		if !slices.ContainsFunc(defs, func(d optionDef) bool { return d.Name == name }) {
			return nil, fmt.Errorf("discordtest: unknown option %q", name)
		}
	}
	if subs := subCommandNames(defs); len(subs) > 0 && !slices.ContainsFunc(subs, func(n string) bool { _, ok := given[n]; return ok }) {
		return nil, fmt.Errorf("discordtest: a sub-command is needed, one of %q", subs)
	}
	var out []map[string]any
	for _, d := range defs {
		v, ok := given[d.Name]
		if !ok {
			if d.Required && focus == "" {
				return nil, fmt.Errorf("discordtest: required option %q missing", d.Name)
			}
			continue
		}
		opt := map[string]any{"name": d.Name, "type": d.Type}
		switch {
		case isSubCommand(d.Type):
			sub, ok := v.(map[string]any)
			if !ok && v != nil {
				return nil, fmt.Errorf("discordtest: sub-command %q takes a map[string]any of its options, got %T", d.Name, v)
			}
			if d.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(sub) != 1 {
				return nil, fmt.Errorf("discordtest: sub-command group %q takes exactly one sub-command", d.Name)
			}
			inner, err := s.buildOptionsLocked(d.Options, sub, guildID, res, focus)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", d.Name, err)
			}
			opt["options"] = inner
			if len(given) != 1 {
				return nil, fmt.Errorf("discordtest: sub-command %q must be the only option", d.Name)
			}
		case d.Name == focus:
			typed, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("discordtest: focused option %q takes the text typed so far, a string; got %T", d.Name, v)
			}
			// Discord sends the partial input unchecked, as a string
			// whatever the option's type.
			opt["value"] = typed
			opt["focused"] = true
		default:
			value, err := s.optionValueLocked(d, v, guildID, res)
			if err != nil {
				return nil, fmt.Errorf("discordtest: option %q: %w", d.Name, err)
			}
			opt["value"] = value
		}
		out = append(out, opt)
	}
	return out, nil
}

func (s *Server) optionValueLocked(d optionDef, v any, guildID string, res *resolved) (any, error) {
	var value any
	switch d.Type {
	case discordgo.ApplicationCommandOptionString:
		str, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("want a string, got %T", v)
		}
		n := utf8.RuneCountInString(str)
		if (d.MinLength != nil && n < *d.MinLength) || (d.MaxLength != nil && n > *d.MaxLength) {
			return nil, fmt.Errorf("length %d is outside min_length/max_length", n)
		}
		value = str
	case discordgo.ApplicationCommandOptionInteger:
		n, ok := asInt(v)
		if !ok {
			return nil, fmt.Errorf("want an integer, got %T", v)
		}
		if err := inRange(d, float64(n)); err != nil {
			return nil, err
		}
		value = n
	case discordgo.ApplicationCommandOptionNumber:
		f, ok := asFloat(v)
		if !ok {
			return nil, fmt.Errorf("want a number, got %T", v)
		}
		if err := inRange(d, f); err != nil {
			return nil, err
		}
		value = f
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("want a bool, got %T", v)
		}
		value = b
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		id := idOf(v)
		u := s.users[id]
		if u == nil {
			return nil, fmt.Errorf("unknown user %v", v)
		}
		res.user(s, u, guildID)
		value = id
	case discordgo.ApplicationCommandOptionChannel:
		id := idOf(v)
		ch := s.channels[id]
		if ch == nil || ch.guildID != guildID {
			return nil, fmt.Errorf("unknown channel %v in this guild", v)
		}
		res.Channels[id] = map[string]any{"id": id, "name": ch.name, "type": ch.typ, "permissions": strconv.FormatInt(memberPermissions, 10)}
		value = id
	default:
		return nil, fmt.Errorf("discordtest does not model options of type %v", d.Type)
	}
	if len(d.Choices) > 0 && !slices.ContainsFunc(d.Choices, func(c choiceDef) bool { return sameValue(c.Value, value) }) {
		return nil, fmt.Errorf("%v is not one of the choices", v)
	}
	return value, nil
}

func inRange(d optionDef, f float64) error {
	if (d.MinValue != nil && f < *d.MinValue) || (d.MaxValue != nil && f > *d.MaxValue) {
		return fmt.Errorf("%v is outside min_value/max_value", f)
	}
	return nil
}

func asInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint:
		return int64(n), true
	case uint32:
		return int64(n), true
	}
	return 0, false
}

func asFloat(v any) (float64, bool) {
	if n, ok := asInt(v); ok {
		return float64(n), true
	}
	switch f := v.(type) {
	case float64:
		return f, !math.IsNaN(f) && !math.IsInf(f, 0)
	case float32:
		return float64(f), true
	}
	return 0, false
}

func sameValue(choice, value any) bool {
	if a, ok := asFloat(value); ok {
		b, ok := choice.(float64)
		return ok && a == b
	}
	return choice == value
}

func idOf(v any) string {
	switch x := v.(type) {
	case User:
		return x.ID
	case string:
		return x
	}
	return ""
}

// resolved is an interaction's data.resolved: the objects its options name.
type resolved struct {
	Users    map[string]any `json:"users,omitempty"`
	Members  map[string]any `json:"members,omitempty"`
	Channels map[string]any `json:"channels,omitempty"`
}

func newResolved() *resolved {
	return &resolved{Users: map[string]any{}, Members: map[string]any{}, Channels: map[string]any{}}
}

func (r *resolved) user(s *Server, u *user, guildID string) {
	r.Users[u.ID] = userJSON(u.User)
	if guildID != "" {
		m := s.memberJSON(u)
		delete(m, "user")
		r.Members[u.ID] = m
	}
}

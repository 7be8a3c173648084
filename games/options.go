package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of a game option.
type OptionKind int

// Option kinds.
const (
	Bool OptionKind = iota
	Enum
	Int
)

// Option describes one setting a host may choose when creating a game.
// Defaults always give the base game.
type Option struct {
	Key     string // lowercase, also the slash-command option name
	Name    string // short human name
	Help    string // one line, shown in Discord (≤ 100 characters)
	Kind    OptionKind
	Choices []string // Enum values; the first is the default
	// ChoiceNames, when set, names each of Choices in words for players,
	// in the same order.
	ChoiceNames []string
	Min         int // Int range
	Max         int
	Default     string
	// Excludes names Bool options that cannot be switched on together with
	// this one.
	Excludes []string
}

// Options maps option keys to values, written as text ("true", "random", "150").
type Options map[string]string

// Bool reads a boolean option; anything but "true" is false.
func (o Options) Bool(key string) bool { return o[key] == "true" }

// Int reads an integer option, or def when it is absent or not a number.
func (o Options) Int(key string, def int) int {
	n, err := strconv.Atoi(o[key])
	if err != nil {
		return def
	}
	return n
}

// Resolve checks given against the option schema and returns a complete set
// with defaults filled in. Unknown keys, values out of range and excluded
// pairs are refused with a message a host can act on.
func Resolve(schema []Option, given Options) (Options, error) {
	out := Options{}
	byKey := map[string]Option{}
	for _, o := range schema {
		byKey[o.Key] = o
		out[o.Key] = o.DefaultValue()
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := strings.TrimSpace(given[k])
		o, ok := byKey[k]
		if !ok {
			return nil, &OptionError{Problem: UnknownOption, Key: k}
		}
		switch o.Kind {
		case Bool:
			if v != "true" && v != "false" {
				return nil, &OptionError{Problem: BadValue, Key: k, Option: o}
			}
		case Enum:
			if !slices.Contains(o.Choices, v) {
				return nil, &OptionError{Problem: BadValue, Key: k, Option: o}
			}
		case Int:
			n, err := strconv.Atoi(v)
			if err != nil || n < o.Min || n > o.Max {
				return nil, &OptionError{Problem: BadValue, Key: k, Option: o}
			}
			v = strconv.Itoa(n)
		}
		out[k] = v
	}
	for _, o := range schema {
		if o.Kind != Bool || !out.Bool(o.Key) {
			continue
		}
		for _, x := range o.Excludes {
			if out.Bool(x) {
				return nil, &OptionError{Problem: Excluded, Key: o.Key, Other: x, Option: o, OtherOption: byKey[x]}
			}
		}
	}
	return out, nil
}

// DefaultValue is the value an option takes when a host leaves it unset.
func (o Option) DefaultValue() string {
	if o.Default != "" {
		return o.Default
	}
	switch o.Kind {
	case Bool:
		return "false"
	case Enum:
		if len(o.Choices) > 0 {
			return o.Choices[0]
		}
	case Int:
		return strconv.Itoa(o.Min)
	}
	return ""
}

// Describe lists the options that differ from their defaults, for a lobby
// or a game header: "layout: random, recycle cards". Empty means base game.
func Describe(schema []Option, opts Options) string {
	var parts []string
	for _, o := range schema {
		v, ok := opts[o.Key]
		if !ok || v == o.DefaultValue() {
			continue
		}
		if o.Kind == Bool {
			if v == "true" {
				parts = append(parts, o.Name)
			}
			continue
		}
		parts = append(parts, o.Name+": "+o.ChoiceName(v))
	}
	return strings.Join(parts, ", ")
}

// ChoiceName is how players read value v of an Enum option: its name in
// words when the option gives one, else the value itself.
func (o Option) ChoiceName(v string) string {
	if i := slices.Index(o.Choices, v); i >= 0 && i < len(o.ChoiceNames) {
		return o.ChoiceNames[i]
	}
	return v
}

// Info describes a game to the platform.
type Info struct {
	ID string // "thatslife"
	// Name and Summary are the game's name and one line of at most 80
	// characters, in English, as /newgame shows them by default and logs
	// and the simulator name the game; readers get the game's title
	// ("<id>.title" of its catalog, see Speaker) and the commands'
	// catalog's words.
	Name     string // "That's Life!"
	Summary  string
	MinSeats int
	MaxSeats int
	Options  []Option
	// Rules is a short how-to in Discord markdown, for /rules: the
	// message of "<id>.rules" in a game with a catalog.
	Rules string
	// Private says seats hold information only they may see (a hand): the
	// bot then sends each player View(seat) privately, with the buttons for
	// their own decisions, and the channel shows only View(Observer).
	Private bool
}

// OptionProblem is what is wrong with the options a host chose.
type OptionProblem int

// The problems Resolve finds.
const (
	// UnknownOption: the game has no option Key (Discord may be showing
	// an old list of options).
	UnknownOption OptionProblem = iota
	// BadValue: Key's value is not one the option takes.
	BadValue
	// Excluded: Key and Other are switched on together, which the game
	// does not allow.
	Excluded
)

// OptionError is Resolve's refusal: which options are wrong and how, so
// that whoever tells the host can say it in the host's language. Error
// says it in English.
type OptionError struct {
	Problem    OptionProblem
	Key, Other string
	// Option and OtherOption are the options Key and Other name, for a
	// BadValue and an Excluded problem.
	Option, OtherOption Option
}

func (e *OptionError) Error() string {
	o := e.Option
	switch {
	case e.Problem == UnknownOption:
		return fmt.Sprintf("this game has no option %q; Discord may be showing an old list of options, so type the command again", e.Key)
	case e.Problem == Excluded:
		return fmt.Sprintf("%s and %s cannot be played together", o.Name, e.OtherOption.Name)
	case o.Kind == Bool:
		return fmt.Sprintf("%s must be true or false", o.Name)
	case o.Kind == Enum:
		names := make([]string, len(o.Choices))
		for i, c := range o.Choices {
			names[i] = o.ChoiceName(c)
		}
		return fmt.Sprintf("%s must be one of %s", o.Name, strings.Join(names, ", "))
	}
	return fmt.Sprintf("%s must be a number from %d to %d", o.Name, o.Min, o.Max)
}

package core

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// localeFiles are the core's words in every language: answers, refusals,
// DMs and notifications, a directory of catalog files per area, so that
// each is read and translated on its own.
//
//go:embed locales/*/*.toml
var localeFiles embed.FS

// coreWords are the core's catalogs as one, read once; the tests check
// its files.
var coreWords = sync.OnceValue(func() *i18n.Catalog {
	areas, err := fs.ReadDir(localeFiles, "locales")
	if err != nil {
		panic(err)
	}
	var cats []*i18n.Catalog
	for _, a := range areas {
		cats = append(cats, i18n.MustLoad(localeFiles, path.Join("locales", a.Name())))
	}
	c, err := i18n.Join(cats...)
	if err != nil {
		panic(err)
	}
	return c
})

// wordsFor joins the core's words with those of the games of reg; a key
// in two catalogs is a programming error, caught by any test that starts
// a service.
func wordsFor(reg *games.Registry) *i18n.Catalog {
	played, err := reg.Words()
	if err != nil {
		panic(err)
	}
	c, err := i18n.Join(coreWords(), played)
	if err != nil {
		panic(err)
	}
	return c
}

// title is a game's name as a message of its catalog, said in whichever
// language its reader's printer speaks; Info.Name for a game without one.
func (s *Service) title(info games.Info) string {
	if key := info.ID + ".title"; s.words.In(i18n.English).Has(key) {
		return i18n.Msg(key)
	}
	return info.Name
}

// LanguageChoices are the languages a player may pick with /notify, and
// "auto" for their Discord client's.
var LanguageChoices = []Choice{
	{Name: "As my Discord is set", Value: "auto"},
	{Name: "English", Value: string(i18n.English)},
	{Name: "Deutsch", Value: string(i18n.German)},
	{Name: "Français", Value: string(i18n.French)},
	{Name: "Español", Value: string(i18n.Spanish)},
	{Name: "Português do Brasil", Value: string(i18n.Portuguese)},
}

// langOf is the language a player reads their private answers in: the
// one they chose with /notify, else their Discord client's.
func (p prefs) langOf(a Actor) i18n.Lang {
	if p.Lang != "" {
		return i18n.Of(p.Lang)
	}
	return i18n.Of(a.Locale)
}

// Lang is the language of what only a reads: the one they chose with
// /notify, else their Discord client's. The bot asks it for the words it
// says itself.
func (s *Service) Lang(ctx context.Context, a Actor) i18n.Lang {
	return s.playerPrefs(ctx, a.User).langOf(a)
}

// say is a printer of the core's words for what only a reads.
func (s *Service) say(ctx context.Context, a Actor) i18n.Printer {
	return s.words.In(s.Lang(ctx, a))
}

// serverLang is the language a's server plays in: the one its admins
// set, else the server's own.
func (s *Service) serverLang(a Actor) i18n.Lang {
	if s.cfg.Language != nil {
		if l := s.cfg.Language(a.Guild); l != "" {
			return i18n.Of(l)
		}
	}
	return i18n.Of(a.ServerLocale)
}

// tableSay is a printer of the core's words for what a game's channel
// reads: boards, pings, stories.
func (s *Service) tableSay(t *table) i18n.Printer { return s.words.In(i18n.Of(t.Lang)) }

// userSay is a printer of the core's words for what one player reads
// without an interaction to tell their language (a DM the sweep sends):
// the language they chose, else their client's as last seen.
func (s *Service) userSay(ctx context.Context, user string) i18n.Printer {
	return s.words.In(s.playerPrefs(ctx, user).dmLang())
}

// dmLang is the language the player reads what comes without an
// interaction in: the one they chose, else their client's as last seen.
func (p prefs) dmLang() i18n.Lang { return p.langOf(Actor{Locale: p.Seen}) }

// NoteLocale remembers the language of a's Discord client with their
// settings, for what the bot tells them later without an interaction.
// The write is made only when the language changed, outside the answer.
func (s *Service) NoteLocale(a Actor) {
	if a.User == "" || a.Locale == "" {
		return
	}
	if seen, ok := s.locales.Load(a.User); ok && seen == a.Locale {
		return
	}
	s.locales.Store(a.User, a.Locale)
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		ctx, cancel := context.WithTimeout(s.ctx, callTimeout)
		defer cancel()
		if p := s.playerPrefs(ctx, a.User); p.Seen == a.Locale {
			return
		}
		if _, err := s.changePrefs(ctx, a.User, func(p *prefs) { p.Seen = a.Locale }); err != nil {
			s.locales.Delete(a.User)
			s.log.Warn("remembering a player's language", "err", err)
		}
	}()
}

// optionName is what say calls option o of game id: the options
// catalog's word, else the game's own.
func optionName(say i18n.Printer, id string, o games.Option) string {
	if k := "options." + id + "." + o.Key + ".named"; say.Has(k) {
		return say.T(k)
	}
	return o.Name
}

// optionValue is what say calls value v of option o of game id.
func optionValue(say i18n.Printer, id string, o games.Option, v string) string {
	if k := "options." + id + "." + o.Key + ".value." + v; say.Has(k) {
		return say.T(k)
	}
	return o.ChoiceName(v)
}

// optionProblem says what games.Resolve found wrong with a host's
// options, in say's language.
func optionProblem(say i18n.Printer, info games.Info, err error) string {
	var oe *games.OptionError
	if !errors.As(err, &oe) {
		return err.Error()
	}
	o := oe.Option
	name := optionName(say, info.ID, o)
	switch {
	case oe.Problem == games.UnknownOption:
		return say.T("options.problem.unknown", "option", oe.Key)
	case oe.Problem == games.Excluded:
		return say.T("options.problem.excluded", "a", name, "b", optionName(say, info.ID, oe.OtherOption))
	case o.Kind == games.Bool:
		return say.T("options.problem.bool", "option", name)
	case o.Kind == games.Enum:
		values := make([]string, len(o.Choices))
		for i, v := range o.Choices {
			values[i] = optionValue(say, info.ID, o, v)
		}
		return say.T("options.problem.choice", "option", name, "values", say.Say(i18n.List(values...)))
	}
	return say.T("options.problem.number", "option", name, "min", o.Min, "max", o.Max)
}

// describe names the options of a game that differ from its defaults, as
// games.Describe does, in say's language.
func describe(say i18n.Printer, info games.Info, opts games.Options) string {
	var parts []string
	for _, o := range info.Options {
		v, ok := opts[o.Key]
		if !ok || v == o.DefaultValue() {
			continue
		}
		switch {
		case o.Kind == games.Bool && v == "true":
			parts = append(parts, optionName(say, info.ID, o))
		case o.Kind != games.Bool:
			parts = append(parts, say.T("options.set", "name", optionName(say, info.ID, o), "value", optionValue(say, info.ID, o, v)))
		}
	}
	return strings.Join(parts, ", ")
}

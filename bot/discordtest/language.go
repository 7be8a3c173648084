package discordtest

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// Language has every user's client and every server speak one language
// until a test sets another (SetLocale, SetGuildLocale), and looks at
// what the bot says: Check is shown every text the bot sent, as sent,
// with where it shows, and returns what is wrong with it; Read turns a
// text into what the test reads, so that a test written against one
// language can run in another that reads back into it (a
// pseudo-language).
type Language struct {
	Locale string
	Check  func(where Where, text string) []string
	Read   func(text string) string
}

// Where is the place of a text the bot sent.
type Where string

// The places of texts Language.Check is shown.
const (
	InContent     Where = "content"
	InLabel       Where = "label"       // a button's
	InOption      Where = "option"      // a select menu option's label
	InPlaceholder Where = "placeholder" // a select menu's
	InDescription Where = "description" // a menu option's
	InAltText     Where = "alt text"
	InEmbed       Where = "embed"
	InChoice      Where = "choice" // an autocomplete choice's name
	InThreadName  Where = "thread name"
)

// WithLanguage makes the server speak lang. A test that gives a user or
// a server another language (SetLocale, SetGuildLocale) speaks several,
// and Check is shown nothing from then on.
func WithLanguage(lang Language) Option { return func(c *config) { c.lang = &lang } }

// LanguageProblems lists what Language.Check found in the bot's texts so
// far, each once, in the order found.
func (s *Server) LanguageProblems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.langProblems...)
}

// localeOr is locale, or the server's language when a test set none.
func (s *Server) localeOr(locale string) string {
	if locale == "" && s.lang != nil {
		return s.lang.Locale
	}
	return orUS(locale)
}

// checkLocked shows Check every text of a message the bot sent.
func (s *Server) checkLocked(m *message) {
	if s.lang == nil || s.lang.Check == nil {
		return
	}
	s.checkTextLocked(InContent, m.content)
	for _, row := range m.components {
		for _, c := range row {
			s.checkTextLocked(InLabel, c.Label)
			s.checkTextLocked(InPlaceholder, c.Placeholder)
			for _, o := range c.Options {
				s.checkTextLocked(InOption, o.Label)
				s.checkTextLocked(InDescription, o.Description)
			}
		}
	}
	for _, a := range m.attachments {
		s.checkTextLocked(InAltText, a.description)
	}
	for _, raw := range m.embeds {
		var e discordgo.MessageEmbed
		if json.Unmarshal(raw, &e) == nil {
			s.checkTextLocked(InEmbed, e.Title)
			s.checkTextLocked(InEmbed, e.Description)
		}
	}
}

// otherLanguageLocked notes a locale a test set.
func (s *Server) otherLanguageLocked(locale string) {
	if s.lang != nil && locale != s.lang.Locale {
		s.langMixed = true
	}
}

func (s *Server) checkTextLocked(where Where, text string) {
	if s.lang == nil || s.lang.Check == nil || s.langMixed || text == "" {
		return
	}
	if s.langSeen == nil {
		s.langSeen = map[string]bool{}
	}
	for _, p := range s.lang.Check(where, text) {
		if !s.langSeen[p] {
			s.langSeen[p] = true
			s.langProblems = append(s.langProblems, p)
		}
	}
}

// read is text as the test reads it.
func (s *Server) read(text string) string {
	if s.lang == nil || s.lang.Read == nil {
		return text
	}
	return s.lang.Read(text)
}

// readMessage turns a snapshot's texts into what the test reads.
func (s *Server) readMessage(out *Message) {
	if s.lang == nil || s.lang.Read == nil {
		return
	}
	out.Content = s.read(out.Content)
	for _, row := range out.Components {
		for i := range row {
			c := &row[i]
			c.Label, c.Placeholder = s.read(c.Label), s.read(c.Placeholder)
			for j := range c.Options {
				c.Options[j].Label, c.Options[j].Description = s.read(c.Options[j].Label), s.read(c.Options[j].Description)
			}
		}
	}
	for i := range out.Attachments {
		out.Attachments[i].Description = s.read(out.Attachments[i].Description)
	}
	for _, e := range out.Embeds {
		e.Title, e.Description = s.read(e.Title), s.read(e.Description)
	}
}

package i18n

import (
	"embed"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// A message is something to say whose reader is not known yet: a key of
// a catalog and its arguments, written into a string. A game engine
// returns messages wherever it returns words (events, prompts, labels,
// card titles, stories), so the engine stays pure and its states,
// records and views keep plain strings, and whoever shows one to a
// reader says it in the reader's language with Printer.Say.
//
// The written form is ⟦key|name=value|name=value⟧. A value is a literal,
// with ⟦, ⟧, | and \ escaped by a backslash, or a message of its own,
// written as it is, said first in the same language. Seat references
// ({0}) pass through as literals, to be replaced by names once said.
const (
	open   = '⟦'
	close  = '⟧'
	sep    = '|'
	escape = '\\'
)

// Msg writes the message of key with args given as name, value pairs, as
// Printer.T takes them: Msg("yodo.event.draw", "who", "{0}", "n", 2).
// A value is a string (a literal, a seat reference or another message)
// or an int.
func Msg(key string, args ...any) string {
	var b strings.Builder
	b.WriteRune(open)
	b.WriteString(key)
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		b.WriteRune(sep)
		b.WriteString(name)
		b.WriteByte('=')
		var v string
		switch a := args[i+1].(type) {
		case string:
			v = a
		case int:
			v = strconv.Itoa(a)
		default:
			v = format(a)
		}
		if IsMsg(v) {
			b.WriteString(v)
		} else {
			writeEscaped(&b, v)
		}
	}
	b.WriteRune(close)
	return b.String()
}

// List writes a message that joins items as a list in the reader's
// language: "Ada, Ben and Cy". Each item is a literal or a message.
func List(items ...string) string {
	args := make([]any, 0, 2*len(items))
	for i, it := range items {
		args = append(args, strconv.Itoa(i), it)
	}
	return Msg(listKey, args...)
}

// listKey marks a List: its arguments are the items, named 0, 1, ….
const listKey = "i18n.list"

// Key is the key of a message, "" for any other text.
func Key(text string) string {
	if !IsMsg(text) {
		return ""
	}
	body := text[len(string(open)) : len(text)-len(string(close))]
	if i := indexTop(body, sep); i >= 0 {
		return body[:i]
	}
	return body
}

// IsMsg reports whether text is one whole message.
func IsMsg(text string) bool {
	if !strings.HasPrefix(text, string(open)) {
		return false
	}
	end := matching(text)
	return end == len(text)
}

// matching returns the index just past the message text begins with, or
// -1 if it never closes.
func matching(text string) int {
	depth := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch r {
		case escape:
			if depth > 0 {
				_, next := utf8.DecodeRuneInString(text[i+size:])
				i += size + next
				continue
			}
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return i + size
			}
		}
		i += size
	}
	return -1
}

// indexTop is the index of the first r in body outside nested messages
// and escapes, or -1.
func indexTop(body string, r rune) int {
	depth := 0
	for i := 0; i < len(body); {
		c, size := utf8.DecodeRuneInString(body[i:])
		switch {
		case c == escape:
			_, next := utf8.DecodeRuneInString(body[i+size:])
			i += size + next
			continue
		case c == open:
			depth++
		case c == close:
			depth--
		case c == r && depth == 0:
			return i
		}
		i += size
	}
	return -1
}

// literal is an argument written as a literal: said as it is, even when
// it reads like a message.
type literal string

// Escape writes v as a literal value inside a message, for code that
// puts text into a message already written (a player's name where the
// message names a seat).
func Escape(v string) string {
	var b strings.Builder
	writeEscaped(&b, v)
	return b.String()
}

func writeEscaped(b *strings.Builder, v string) {
	for _, r := range v {
		if r == open || r == close || r == sep || r == escape {
			b.WriteRune(escape)
		}
		b.WriteRune(r)
	}
}

func unescape(v string) string {
	if !strings.ContainsRune(v, escape) {
		return v
	}
	var b strings.Builder
	skip := false
	for _, r := range v {
		if r == escape && !skip {
			skip = true
			continue
		}
		skip = false
		b.WriteRune(r)
	}
	return b.String()
}

// Say says every message in text in the printer's language and leaves
// the rest of text as it is: text from before messages existed, a
// player's name, a test game's English. Only messages of the catalog's
// keys are said, so a name typed to look like one is drawn as typed.
func (p Printer) Say(text string) string {
	if !strings.ContainsRune(text, open) {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexRune(text, open)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := matching(text[i:])
		if end < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		b.WriteString(p.sayWhole(text[i : i+end]))
		text = text[i+end:]
	}
}

// SayAll says each of texts.
func (p Printer) SayAll(texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = p.Say(t)
	}
	return out
}

// sayWhole says text if it is one message of the catalog's, and
// returns it as it is otherwise.
func (p Printer) sayWhole(text string) string {
	if k := Key(text); k == listKey || k != "" && p.Has(k) {
		return p.sayOne(text)
	}
	return text
}

// sayOne says one whole message.
func (p Printer) sayOne(m string) string {
	body := m[len(string(open)) : len(m)-len(string(close))]
	var parts []string
	for {
		i := indexTop(body, sep)
		if i < 0 {
			parts = append(parts, body)
			break
		}
		parts = append(parts, body[:i])
		body = body[i+len(string(sep)):]
	}
	key := parts[0]
	args := make([]any, 0, 2*(len(parts)-1))
	for _, part := range parts[1:] {
		name, v, _ := strings.Cut(part, "=")
		var value any
		if IsMsg(v) {
			value = p.sayWhole(v)
		} else {
			value = literal(unescape(v))
		}
		if name == "n" {
			if n, err := strconv.Atoi(v); err == nil {
				value = n
			}
		}
		args = append(args, name, value)
	}
	if key == listKey {
		items := make([]string, 0, len(args)/2)
		for i := 1; i < len(args); i += 2 {
			items = append(items, format(args[i]))
		}
		return p.list(items)
	}
	return p.T(key, args...)
}

// list joins items as the language lists things.
func (p Printer) list(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	out := p.T("i18n.list.last", "a", literal(items[len(items)-2]), "b", literal(items[len(items)-1]))
	for i := len(items) - 3; i >= 0; i-- {
		out = p.T("i18n.list.next", "a", literal(items[i]), "b", literal(out))
	}
	return out
}

// own holds the words of this package: how a list is joined.
//
//go:embed locales
var own embed.FS

// Words is the catalog of this package's own words, to be joined with
// the catalogs of whoever says lists. It is read once: a catalog never
// changes.
var Words = sync.OnceValue(func() *Catalog { return MustLoad(own, "locales") })

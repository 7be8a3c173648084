package core

import "strings"

// markdownEscaper puts a backslash before every character Discord's
// markdown gives a meaning to, and before "<" so that text such as
// "<@123>" or "<#456>" in a display name stays text.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, `*`, `\*`, `_`, `\_`, `~`, `\~`, "`", "\\`", `|`, `\|`,
	`>`, `\>`, `<`, `\<`, `#`, `\#`, `-`, `\-`, `[`, `\[`, `]`, `\]`, `(`, `\(`, `)`, `\)`,
	`:`, `\:`, `@`, "@\u200b",
)

// escapeText makes a player-chosen text, such as a display name, show
// exactly as written in a message: no bold, links, spoilers, headings,
// custom emoji or mentions come out of it. "@" gets a zero-width space
// after it, since a backslash does not stop "@everyone" from rendering.
func escapeText(s string) string { return markdownEscaper.Replace(s) }

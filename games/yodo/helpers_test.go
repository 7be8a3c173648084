package yodo

import (
	"sync"

	"github.com/lifebot/lifebot/games/i18n"
)

// spoken is the game's catalog with i18n's own words, which join lists:
// all a reader's printer needs to say what the game returns.
var spoken = sync.OnceValue(func() *i18n.Catalog {
	c, err := i18n.Join(i18n.Words(), catalog())
	if err != nil {
		panic(err)
	}
	return c
})

// say says text, a message or text holding messages, in lang.
func say(lang i18n.Lang, text string) string { return spoken().In(lang).Say(text) }

// english says text as an English reader reads it.
func english(text string) string { return say(i18n.English, text) }

package bot

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

var updateWords = flag.Bool("update-words", false, "rewrite locales/en-US.toml from the commands as the code words them")

// commandWord is one thing Discord shows of a command: its catalog key,
// its English as the code words it, and a note for translators.
type commandWord struct{ key, text, note string }

// wordsOf lists what Discord shows of cmds, in the order of the commands.
func wordsOf(cmds []*discordgo.ApplicationCommand) []commandWord {
	var out []commandWord
	for _, c := range cmds {
		path := []string{c.Name}
		out = append(out,
			commandWord{commandKey(path, "name"), c.Name, fmt.Sprintf("The name of the /%s command, as typed: 1 to 32 lowercase letters, digits, - or _, no spaces.", c.Name)},
			commandWord{commandKey(path, "desc"), c.Description, fmt.Sprintf("What Discord shows under /%s in its list of commands; at most 100 characters.", c.Name)})
		out = append(out, optionWords(path, c.Options)...)
	}
	return out
}

func optionWords(path []string, opts []*discordgo.ApplicationCommandOption) []commandWord {
	var out []commandWord
	for _, o := range opts {
		at := append(path[:len(path):len(path)], o.Name)
		what := "option " + o.Name + " of /" + strings.Join(path, " ")
		if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			what = "subcommand /" + strings.Join(at, " ")
		}
		out = append(out,
			commandWord{commandKey(at, "name"), o.Name, fmt.Sprintf("The name of the %s, as typed: 1 to 32 lowercase letters, digits, - or _, no spaces.", what)},
			commandWord{commandKey(at, "desc"), o.Description, fmt.Sprintf("What Discord shows under the %s; at most 100 characters.", what)})
		for _, ch := range o.Choices {
			out = append(out, commandWord{commandKey(at, keyPart(choiceValue(ch))+".choice"), ch.Name,
				fmt.Sprintf("One of the choices Discord offers for the %s; at most 100 characters.", what)})
		}
		out = append(out, optionWords(at, o.Options)...)
	}
	return out
}

func wordsBot() *Bot {
	return New(Config{Games: games.NewRegistry(thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{})})
}

// The commands' catalog holds every command's, option's and choice's words
// in English as the code words them, each with a note, and is complete in
// every language within Discord's limits. go test -run TestTheCommandsCatalog
// -update-words writes the English file anew after the commands change.
func TestTheCommandsCatalog(t *testing.T) {
	words := wordsOf(wordsBot().commands())
	if *updateWords {
		var sb strings.Builder
		sb.WriteString("# The words of lifebot's slash commands in English, as the code words them.\n")
		sb.WriteString("# Written by go test ./bot -run TestTheCommandsCatalog -update-words; each other\n")
		sb.WriteString("# language's file gives the same keys their text.\n")
		for _, w := range words {
			fmt.Fprintf(&sb, "\n[%s]\nnote = %s\ntext = %s\n", w.key, strconv.Quote(w.note), strconv.Quote(w.text))
		}
		if err := os.WriteFile("locales/en-US.toml", []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	cat := commandWords()
	en := cat.In(i18n.English)
	for _, w := range words {
		if got, ok := en.Lookup(w.key); !ok || got != w.text {
			t.Errorf("%s is %q in the catalog and %q in the code: run go test ./bot -run TestTheCommandsCatalog -update-words", w.key, got, w.text)
		}
	}
	if len(cat.Keys()) != len(words) {
		t.Errorf("the catalog has %d keys and the commands %d words: run go test ./bot -run TestTheCommandsCatalog -update-words", len(cat.Keys()), len(words))
	}
	for _, p := range cat.Problems() {
		t.Error(p)
	}
}

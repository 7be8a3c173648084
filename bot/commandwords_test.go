package bot

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// commandQuote is a command quoted in a text: "`/log game:3`".
var commandQuote = regexp.MustCompile("`/([^`]+)`")

// A text that quotes a command names it as its reader's Discord shows
// the commands: each language's catalogs, the core's, the answers', the
// images' and the games', quote the command, its subcommands and options
// by that language's names.
func TestTextsQuoteCommandsInTheirOwnLanguage(t *testing.T) {
	cmds := commandWords()
	files, err := filepath.Glob("../*/locales/*.toml")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../*/*/locales/*.toml")
	deeper, _ := filepath.Glob("../bot/core/locales/*/*.toml")
	files = append(append(append(files, more...), deeper...), "answers/en-US.toml", "answers/de.toml", "answers/fr.toml", "answers/es-ES.toml", "answers/pt-BR.toml")
	quotes := 0
	for _, f := range files {
		lang := i18n.Lang(strings.TrimSuffix(filepath.Base(f), ".toml"))
		if !slices.Contains(i18n.Langs, lang) || strings.Contains(f, "bot/locales") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range commandQuote.FindAllStringSubmatch(string(data), -1) {
			quotes++
			if bad := unknownCommandWord(cmds, lang, strings.Fields(m[1])); bad != "" {
				t.Errorf("%s quotes `/%s`: %q is no %s command word there", f, m[1], bad, lang)
			}
		}
	}
	if quotes < 50 {
		t.Errorf("found %d quoted commands in %d files; the catalogs were not read", quotes, len(files))
	}
}

// unknownCommandWord returns the first word of a quoted command that is
// not the name of a command, subcommand or option in lang ("" if every
// one is), following the English keys the names stand for. A word that
// names nothing (a game id, an option's value) passes.
func unknownCommandWord(cmds *i18n.Catalog, lang i18n.Lang, words []string) string {
	path := "cmd"
	for i, w := range words {
		name, _, isOption := strings.Cut(w, ":")
		next, ok := commandChild(cmds.In(lang), cmds.Keys(), path, name)
		switch {
		case ok:
			path = next
		case i == 0 || isOption:
			return w
		default:
			// Not a subcommand in lang: fine for a value, not for an
			// English subcommand's name.
			if _, english := commandChild(cmds.In(i18n.English), cmds.Keys(), path, name); english {
				return w
			}
		}
	}
	return ""
}

// commandChild finds the command word under path (a key such as
// "cmd.notify") that say names name.
func commandChild(say i18n.Printer, keys []string, path, name string) (string, bool) {
	for _, key := range keys {
		child, ok := strings.CutSuffix(key, ".name")
		if !ok || !strings.HasPrefix(child, path+".") || strings.Contains(child[len(path)+1:], ".") {
			continue
		}
		if text, _ := say.Lookup(key); text == name {
			return child, true
		}
	}
	return "", false
}

// A board names an option's value as /newgame offers it, in every
// language: the core's options catalog and the commands' choices agree.
func TestBoardsNameOptionValuesAsTheCommandsDo(t *testing.T) {
	opts, err := i18n.Load(os.DirFS("core/locales"), "options")
	if err != nil {
		t.Fatal(err)
	}
	cmds := commandWords()
	checked := 0
	for _, key := range opts.Keys() {
		parts := strings.Split(key, ".")
		if len(parts) != 5 || parts[3] != "value" {
			continue
		}
		choice := commandKey([]string{"newgame", parts[1], parts[2], parts[4]}, "choice")
		for _, l := range i18n.Langs {
			want, ok := cmds.In(l).Lookup(choice)
			if got, _ := opts.In(l).Lookup(key); !ok || got != want {
				t.Errorf("%s: %s reads %q where /newgame offers %q (%s)", l, key, got, want, choice)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no option values were compared")
	}
}

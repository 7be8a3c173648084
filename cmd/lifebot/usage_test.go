package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// declaredFlags is the names of the flags cmd parses.
func declaredFlags(cmd command) []string {
	fs := newFlagSet(cmd)
	cmd.flags(fs)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

func TestHelpListsEveryCommandAndItsFlags(t *testing.T) {
	for _, args := range []string{"-h", "--help", "help"} {
		t.Run(args, func(t *testing.T) {
			code, stdout, stderr := runMain(t, args)
			if code != 0 || stderr != "" {
				t.Fatalf("lifebot %s: exit %d, stderr %q; want exit 0 and nothing on stderr", args, code, stderr)
			}
			for _, want := range []string{"lifebot [flags]", "lifebot sim [flags]", "lifebot backup [flags] BACKUP_FILE", "lifebot migrate [flags]", "lifebot help [COMMAND]"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("the usage lacks %q:\n%s", want, stdout)
				}
			}
			for _, cmd := range commands() {
				line := lineWith(stdout, synopsis(cmd))
				if !strings.Contains(line, cmd.synopsis) {
					t.Errorf("the usage's line for %s is %q, want it to say %q", invocation(cmd), line, cmd.synopsis)
				}
				section := sectionOf(stdout, "flags of "+invocation(cmd)+":")
				for _, name := range declaredFlags(cmd) {
					if !strings.Contains(section, "  -"+name+" ") && !strings.Contains(section, "  -"+name+"\n") {
						t.Errorf("the flags of %s in the usage lack -%s:\n%s", invocation(cmd), name, section)
					}
				}
			}
		})
	}
}

// lineWith is the first line of text that holds s.
func lineWith(text, s string) string {
	for line := range strings.Lines(text) {
		if strings.Contains(line, s) {
			return line
		}
	}
	return ""
}

// sectionOf is the paragraph of text that begins with the line heading.
func sectionOf(text, heading string) string {
	_, after, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok {
		return ""
	}
	section, _, _ := strings.Cut(after, "\n\n")
	return section + "\n"
}

func TestCommandHelp(t *testing.T) {
	for _, tc := range []struct {
		args, synopsis, flag, notOf string
	}{
		{"help sim", "lifebot sim [flags]", "-lineup", "BACKUP_FILE"},
		{"sim -h", "lifebot sim [flags]", "-lineup", "BACKUP_FILE"},
		{"sim --help", "lifebot sim [flags]", "-lineup", "BACKUP_FILE"},
		{"help backup", "lifebot backup [flags] BACKUP_FILE", "-config", "-lineup"},
		{"backup -h", "lifebot backup [flags] BACKUP_FILE", "-config", "-lineup"},
		{"help migrate", "lifebot migrate [flags]", "-from", "-config"},
		{"migrate -h", "lifebot migrate [flags]", "-to", "-config"},
		{"help help", "lifebot help [COMMAND]", "", "-config"},
		{"help -h", "lifebot help [COMMAND]", "", "-config"},
	} {
		t.Run(tc.args, func(t *testing.T) {
			code, stdout, stderr := runMain(t, tc.args)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q; want exit 0 and nothing on stderr", code, stderr)
			}
			if !strings.HasPrefix(stdout, "usage: "+tc.synopsis+"\n") || !strings.Contains(stdout, tc.flag) || strings.Contains(stdout, tc.notOf) {
				t.Fatalf("stdout:\n%s\nwant the usage of %s only, with %s", stdout, tc.synopsis, tc.flag)
			}
		})
	}
}

func TestUsageMistakesExitTwoWithOneLine(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"nosuch", `unknown command "nosuch": run lifebot -h`},
		{"-nosuch", "-nosuch: run lifebot -h"},
		{"sim -nosuch", "-nosuch: run lifebot sim -h"},
		{"-config", "-config: run lifebot -h"},
		{"-config config.toml extra", `unexpected argument "extra": run lifebot -h`},
		{"help nosuch", `unknown command "nosuch": run lifebot -h`},
		{"help sim backup", "usage: lifebot help [COMMAND]"},
		{"backup", "usage: lifebot backup [flags] BACKUP_FILE (lifebot backup -h says more)"},
		{"backup a b", "usage: lifebot backup [flags] BACKUP_FILE (lifebot backup -h says more)"},
		{"migrate -from", "-from: run lifebot migrate -h"},
	} {
		t.Run(tc.args, func(t *testing.T) {
			code, stdout, stderr := runMain(t, tc.args)
			if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 0 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "usage") > 1 {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr with %q, saying usage once", code, stdout, stderr, tc.want)
			}
		})
	}
}

// A command added to the table runs, and the usage lists it with its flags.
func TestANewCommandNeedsOnlyItsEntry(t *testing.T) {
	probe := command{
		name:     "probe",
		synopsis: "ask a running bot whether it is ready",
		flags: func(fs *flag.FlagSet) runFunc {
			addr := fs.String("addr", ":8080", "listen on this `address`")
			return func(_ context.Context, _ []string, stdout io.Writer, _ func(string) string) error {
				fmt.Fprintf(stdout, "probing %s\n", *addr)
				return nil
			}
		},
	}
	cmds := append(commands(), probe)
	call := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := dispatch(context.Background(), cmds, args, &out, env(nil))
		return out.String(), err
	}
	usage, err := call("-h")
	if err != nil || !strings.Contains(lineWith(usage, "lifebot probe [flags]"), "ask a running bot whether it is ready") ||
		!strings.Contains(sectionOf(usage, "flags of lifebot probe:"), "-addr address") {
		t.Fatalf("lifebot -h = %v:\n%s\nwant probe listed with its -addr flag", err, usage)
	}
	if got, err := call("help", "probe"); err != nil || !strings.HasPrefix(got, "usage: lifebot probe [flags]\n") {
		t.Fatalf("lifebot help probe = %v:\n%s", err, got)
	}
	if got, err := call("probe", "-addr", ":9"); err != nil || got != "probing :9\n" {
		t.Fatalf("lifebot probe -addr :9 = %q, %v; want it run with its flag", got, err)
	}
	if _, err := call("probe", "-port", "9"); !errors.As(err, new(errUsage)) {
		t.Fatalf("lifebot probe -port 9 = %v, want a usage error", err)
	}
}

// The README shows the list of commands as lifebot -h prints it.
func TestREADMEShowsTheCommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var usage bytes.Buffer
	printUsage(&usage, commands())
	list, _, _ := strings.Cut(usage.String(), "\n\n")
	if !strings.Contains(string(readme), "```\n"+list+"\n```\n") {
		t.Fatalf("README.md does not show the commands as lifebot -h lists them:\n%s", list)
	}
}

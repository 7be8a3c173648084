package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// A command is one thing lifebot does, chosen by its first argument. Adding
// one to commands is all it takes to run it and list it in the usage.
type command struct {
	// name is the first argument that chooses it; "" is the bot itself,
	// which runs when no command is named.
	name string
	// operands is what follows the flags, as the usage shows it.
	operands string
	// synopsis says in one line what the command does.
	synopsis string
	// flags declares the command's flags on fs and returns what runs the
	// command once they are parsed, so the usage and the command read the
	// same flags.
	flags func(fs *flag.FlagSet) runFunc
}

// runFunc runs a command with the operands left after its flags.
type runFunc func(ctx context.Context, operands []string, stdout io.Writer, getenv func(string) string) error

// errOperands is what a command returns when its operands are not what its
// usage says; the usage line is then shown.
var errOperands = errors.New("wrong operands")

// commands is every command of the binary, in the order the usage lists
// them.
func commands() []command {
	return []command{
		{synopsis: "run the bot until SIGINT or SIGTERM", flags: botFlags},
		{name: "serve", synopsis: "run the bot as an HTTP interactions endpoint, with no gateway connection, until SIGINT or SIGTERM", flags: serveFlags},
		{name: "sim", synopsis: "play games between AI and random players offline and print statistics", flags: simFlags},
		{name: "backup", operands: "BACKUP_FILE", synopsis: "copy the database to BACKUP_FILE, from the running bot if one runs", flags: backupFlags},
		{name: "migrate", synopsis: "copy every game of a bbolt file (-from) into a PostgreSQL database (-to)", flags: migrateFlags},
	}
}

// help is no entry of commands, as it prints them.
const (
	helpName     = "help"
	helpSynopsis = "lifebot help [COMMAND]"
)

// dispatch runs the command of cmds that args name, or prints the usage
// that -h, --help or help asks for.
func dispatch(ctx context.Context, cmds []command, args []string, stdout io.Writer, getenv func(string) string) error {
	name := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if name == helpName {
		return help(cmds, args, stdout)
	}
	cmd, ok := find(cmds, name)
	if !ok {
		return errUsage{fmt.Errorf("unknown command %q: run lifebot -h for the commands", name)}
	}
	fs := newFlagSet(cmd)
	fs.SetOutput(io.Discard)
	// The flag package would print the whole usage after every mistake;
	// a mistake gets one line instead, and only -h gets the usage.
	fs.Usage = func() {}
	run := cmd.flags(fs)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp) && cmd.name == "":
		printUsage(stdout, cmds)
		return nil
	case errors.Is(err, flag.ErrHelp):
		printCommandUsage(stdout, cmd)
		return nil
	case err != nil:
		return errUsage{fmt.Errorf("%v: run %s -h for its usage", err, invocation(cmd))}
	case cmd.operands == "" && fs.NArg() > 0:
		return errUsage{fmt.Errorf("unexpected argument %q: run %s -h for its usage", fs.Arg(0), invocation(cmd))}
	}
	err = run(ctx, fs.Args(), stdout, getenv)
	if errors.Is(err, errOperands) {
		return errUsage{fmt.Errorf("usage: %s (%s -h says more)", synopsis(cmd), invocation(cmd))}
	}
	return err
}

// help prints the usage of the command named in args, or of them all.
func help(cmds []command, args []string, stdout io.Writer) error {
	switch {
	case len(args) == 0:
		printUsage(stdout, cmds)
		return nil
	case len(args) > 1:
		return errUsage{errors.New("usage: " + helpSynopsis)}
	case args[0] == helpName, args[0] == "-h", args[0] == "-help", args[0] == "--help":
		fmt.Fprintf(stdout, "usage: %s\n\nprint the usage of COMMAND, or of every command\n", helpSynopsis)
		return nil
	}
	cmd, ok := find(cmds, args[0])
	if !ok || cmd.name == "" {
		return errUsage{fmt.Errorf("unknown command %q: run lifebot -h for the commands", args[0])}
	}
	printCommandUsage(stdout, cmd)
	return nil
}

func find(cmds []command, name string) (command, bool) {
	for _, c := range cmds {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// newFlagSet returns an empty flag set for cmd that reports its errors
// instead of exiting.
func newFlagSet(cmd command) *flag.FlagSet {
	return flag.NewFlagSet(invocation(cmd), flag.ContinueOnError)
}

// invocation is how a command is typed: "lifebot" or "lifebot sim".
func invocation(cmd command) string {
	return strings.TrimSpace("lifebot " + cmd.name)
}

// synopsis is the command line of cmd, such as
// "lifebot backup [flags] BACKUP_FILE".
func synopsis(cmd command) string {
	parts := []string{invocation(cmd)}
	if hasFlags(cmd) {
		parts = append(parts, "[flags]")
	}
	if cmd.operands != "" {
		parts = append(parts, cmd.operands)
	}
	return strings.Join(parts, " ")
}

func hasFlags(cmd command) bool {
	fs := newFlagSet(cmd)
	cmd.flags(fs)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// printUsage lists every command with its synopsis, then each command's
// flags, read from the flag sets the commands parse.
func printUsage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "usage:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, cmd := range cmds {
		fmt.Fprintf(tw, "  %s\t%s\n", synopsis(cmd), cmd.synopsis)
	}
	fmt.Fprintf(tw, "  %s\t%s\n", helpSynopsis, "print this usage, or one command's")
	tw.Flush()
	for _, cmd := range cmds {
		if hasFlags(cmd) {
			fmt.Fprintf(w, "\nflags of %s:\n", invocation(cmd))
			printFlags(w, cmd)
		}
	}
}

// printCommandUsage prints one command's synopsis and flags.
func printCommandUsage(w io.Writer, cmd command) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", synopsis(cmd), cmd.synopsis)
	if hasFlags(cmd) {
		fmt.Fprintln(w, "\nflags:")
		printFlags(w, cmd)
	}
}

func printFlags(w io.Writer, cmd command) {
	fs := newFlagSet(cmd)
	cmd.flags(fs)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

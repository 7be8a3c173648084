package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
)

// migrateFlags declares the flags of "lifebot migrate" and returns what
// copies the games.
func migrateFlags(flags *flag.FlagSet) runFunc {
	from := flags.String("from", "", "copy the games of this bbolt `file`, which no running bot may hold")
	to := flags.String("to", "", "into the PostgreSQL database at this `url` (default LIFEBOT_POSTGRES_URL)")
	return func(ctx context.Context, _ []string, stdout io.Writer, getenv func(string) string) error {
		url := *to
		if url == "" {
			url = getenv("LIFEBOT_POSTGRES_URL")
		}
		switch {
		case *from == "":
			return errUsage{errors.New("no -from: name the bbolt file to copy; run lifebot migrate -h for its usage")}
		case url == "":
			return errUsage{errors.New("no -to, and LIFEBOT_POSTGRES_URL is not set: name the PostgreSQL database to copy into")}
		}
		return runMigrate(ctx, *from, url, stdout)
	}
}

// runMigrate copies every game of the bbolt file at from into the
// PostgreSQL database at url, as it is, leaving alone the games already
// there: run again, it copies what it has not copied yet. It then checks
// that every game of the file is in the database, at its version or a
// later one.
func runMigrate(ctx context.Context, from, url string, stdout io.Writer) error {
	// Read-only, the file is shared with other readers but not with a
	// bot, which could go on changing games already copied.
	src, err := storage.OpenBoltReadOnly(from)
	switch {
	case errors.Is(err, storage.ErrInUse):
		return fmt.Errorf("%s is in use by another process: stop the bot that uses it, then migrate", from)
	case errors.Is(err, fs.ErrNotExist):
		return errUsage{err}
	case err != nil:
		return err
	}
	defer src.Close()
	games, unreadable := src.List(ctx, storage.Filter{})
	if unreadable != nil && !errors.Is(unreadable, storage.ErrCorrupt) {
		return unreadable
	}
	dst, err := postgres.Open(ctx, url)
	if err != nil {
		return err
	}
	defer dst.Close()
	copied := 0
	for _, r := range games {
		ok, err := dst.Import(ctx, r)
		if err != nil {
			return fmt.Errorf("copying game %s, after %d new games: %w; run lifebot migrate again to go on", r.ID, copied, err)
		}
		if ok {
			copied++
		}
	}
	stored, err := dst.List(ctx, storage.Filter{})
	if err != nil {
		return fmt.Errorf("checking the copy: %w", err)
	}
	versions := make(map[string]uint64, len(stored))
	for _, r := range stored {
		versions[r.ID] = r.Version
	}
	for _, r := range games {
		v, ok := versions[r.ID]
		switch {
		case !ok:
			return fmt.Errorf("game %s of %s is missing from PostgreSQL after the copy", r.ID, from)
		case v < r.Version:
			return fmt.Errorf("game %s is at version %d in PostgreSQL, behind version %d in %s", r.ID, v, r.Version, from)
		}
	}
	fmt.Fprintf(stdout, "migrated %d games (%d already there); %d in the file, %d in PostgreSQL\n", copied, len(games)-copied, len(games), len(stored))
	if unreadable != nil {
		return fmt.Errorf("the games of %s that cannot be read were not copied: %w", from, unreadable)
	}
	return nil
}

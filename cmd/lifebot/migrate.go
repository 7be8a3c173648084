package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres"
)

// migratePool is the connections a migration keeps: it copies one game
// at a time, beside bots that may already use the database.
const migratePool = 4

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
	dst, err := postgres.OpenPool(ctx, url, migratePool)
	if err != nil {
		return err
	}
	defer dst.Close()
	// Bots already running on the database create games meanwhile: the
	// file's ids are kept from them before anything is copied.
	if last := greatestID(games); last != "" {
		if err := dst.Reserve(ctx, last); err != nil {
			return err
		}
	}
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
	byID := make(map[string]storage.Record, len(stored))
	for _, r := range stored {
		byID[r.ID] = r
	}
	for _, r := range games {
		there, ok := byID[r.ID]
		switch {
		case !ok:
			return fmt.Errorf("game %s of %s is missing from PostgreSQL after the copy", r.ID, from)
		case there.Version < r.Version:
			return fmt.Errorf("game %s is at version %d in PostgreSQL, behind version %d in %s", r.ID, there.Version, r.Version, from)
		case there.Game != r.Game || there.Guild != r.Guild || there.Version == r.Version && !bytes.Equal(there.Data, r.Data):
			// Played on since an earlier copy, a game changes its version.
			return fmt.Errorf("game %s in PostgreSQL is another game than %s in %s: the database had games of its own before the copy; copy into a new database, before any bot uses it", r.ID, r.ID, from)
		}
	}
	people, err := copyPlayers(ctx, src, dst)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "migrated %d games (%d already there); %d in the file, %d in PostgreSQL; players with settings: %d\n", copied, len(games)-copied, len(games), len(stored), people)
	if unreadable != nil {
		return fmt.Errorf("the games of %s that cannot be read were not copied: %w", from, unreadable)
	}
	return nil
}

// copyPlayers copies each person's record the database lacks, and
// reports how many the file holds. A record already in the database was
// written there by a bot since, and is newer.
func copyPlayers(ctx context.Context, src, dst storage.Store) (int, error) {
	people, err := src.Players(ctx, time.Time{})
	if err != nil {
		return 0, fmt.Errorf("reading the players' settings: %w", err)
	}
	for _, p := range people {
		p.Version = 0
		if _, err := dst.PutPlayer(ctx, p); err != nil && !errors.Is(err, storage.ErrConflict) {
			return 0, fmt.Errorf("copying the settings of player %s: %w; run lifebot migrate again to go on", p.ID, err)
		}
	}
	return len(people), nil
}

// greatestID is the id of games that Create would have handed out last:
// ids are base 36, so a shorter one is smaller.
func greatestID(games []storage.Record) string {
	last := ""
	for _, r := range games {
		if len(r.ID) > len(last) || len(r.ID) == len(last) && r.ID > last {
			last = r.ID
		}
	}
	return last
}

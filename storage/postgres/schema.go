package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The schema is built by numbered steps, schema/0001_*.sql onwards, each
// applied once and recorded in the schema_version table. A change to the
// schema is a new file; a file once released never changes.
//
//go:embed schema/*.sql
var schemaFiles embed.FS

// migrationLock is the advisory lock that makes bots starting together on
// one database take turns at migrating it ("lifebot" in ASCII).
const migrationLock = 0x6c696665626f74

type step struct {
	version int
	name    string
	sql     string
}

// steps reads the schema files in fsys, which must be numbered 1, 2, 3...
// in order.
func steps(fsys fs.FS) ([]step, error) {
	entries, err := fs.ReadDir(fsys, "schema")
	if err != nil {
		return nil, err
	}
	var out []step
	for i, e := range entries {
		prefix, _, _ := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(prefix)
		if err != nil || v != i+1 {
			return nil, fmt.Errorf("schema file %s is out of sequence: the next one must be numbered %d", e.Name(), i+1)
		}
		text, err := fs.ReadFile(fsys, "schema/"+e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, step{version: v, name: e.Name(), sql: string(text)})
	}
	return out, nil
}

// SchemaError is a database whose schema is newer than this build knows.
type SchemaError struct {
	Database, Known int
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("database schema %d is newer than this lifebot (%d): upgrade lifebot", e.Database, e.Known)
}

// migrate applies the steps the database lacks, all in one transaction,
// so a failed step leaves the schema as it was.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	all, err := steps(schemaFiles)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
			return err
		}
		// Created only when missing: a bot whose role may not create
		// tables can still open a database that is up to date.
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT to_regclass('schema_version') IS NOT NULL").Scan(&exists); err != nil {
			return err
		}
		if !exists {
			if _, err := tx.Exec(ctx, `CREATE TABLE schema_version (
				version integer PRIMARY KEY,
				applied timestamptz NOT NULL DEFAULT now()
			)`); err != nil {
				return err
			}
		}
		var current int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_version").Scan(&current); err != nil {
			return err
		}
		if current > len(all) {
			return &SchemaError{Database: current, Known: len(all)}
		}
		for _, s := range all[current:] {
			if _, err := tx.Exec(ctx, s.sql); err != nil {
				return fmt.Errorf("applying schema step %s: %w", s.name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_version (version) VALUES ($1)", s.version); err != nil {
				return err
			}
		}
		return nil
	})
}

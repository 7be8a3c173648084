package postgres

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifebot/lifebot/storage"
	"github.com/lifebot/lifebot/storage/postgres/pgtest"
)

// Each query the bot makes can be answered from an index, so it does not
// grow with the games that do not match: the partial indexes' conditions
// must be ones the planner sees the query implies.
func TestListQueriesUseIndexes(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	s, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// A server's history: a few open games among many finished ones.
	for _, q := range []string{
		`INSERT INTO games (id, game, guild, channel, users, status, version, updated_ns, due_ns, data)
		SELECT i::text, 'lagom', 'g' || i % 10, 'c' || i % 40, ARRAY['u' || i % 50, 'u' || i % 70],
			CASE WHEN i % 20 = 0 THEN 1 ELSE 2 END, 1, 0,
			CASE WHEN i % 20 = 0 THEN i END, ''
		FROM generate_series(1, 5000) AS i`,
		"ANALYZE games",
		// The table is small enough to read whole: forbid that, to see
		// what the planner can use.
		"SET enable_seqscan = off",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	by := time.Unix(0, 3000)
	for _, tc := range []struct {
		f    storage.Filter
		want []string // any of these
	}{
		{storage.Filter{OnlyOpen: true}, []string{"games_open_guild", "games_open_channel", "games_open_users"}},
		{storage.Filter{OnlyOpen: true, Guild: "g3"}, []string{"games_open_guild"}},
		{storage.Filter{OnlyOpen: true, Channel: "c3"}, []string{"games_open_channel"}},
		{storage.Filter{OnlyOpen: true, User: "u3"}, []string{"games_open_users"}},
		{storage.Filter{Guild: "g3"}, []string{"games_guild"}},
		{storage.Filter{User: "u3"}, []string{"games_users"}},
		{storage.Filter{DueBy: by}, []string{"games_due"}},
		{storage.Filter{DueBy: by, OnlyOpen: true}, []string{"games_due"}},
	} {
		q, args := listQuery(tc.f)
		rows, err := conn.Query(ctx, "EXPLAIN "+q, args...)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		plan := strings.Join(lines, "\n")
		found := false
		for _, ix := range tc.want {
			found = found || strings.Contains(plan+"\n", " "+ix+" ") || strings.Contains(plan+"\n", " "+ix+"\n")
		}
		if !found || strings.Contains(plan, "Seq Scan") {
			t.Errorf("List(%+v) is planned without %s:\n%s", tc.f, strings.Join(tc.want, " or "), plan)
		}
	}
}

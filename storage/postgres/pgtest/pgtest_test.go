package pgtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { Main(m) }

func open(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// Each URL is a database of its own, empty, and gone after its test.
func TestEachURLIsAFreshDatabase(t *testing.T) {
	ctx := context.Background()
	t.Run("tests", func(t *testing.T) {
		for _, name := range []string{"first", "second"} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				conn := open(t, URL(t))
				var tables int
				if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&tables); err != nil {
					t.Fatal(err)
				}
				if tables != 0 {
					t.Fatalf("a new database holds %d tables, want none", tables)
				}
				if _, err := conn.Exec(ctx, "CREATE TABLE t (x int)"); err != nil {
					t.Fatal(err)
				}
			})
		}
	})
	rows, err := srv.admin.Query(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'lifebot_test_%'")
	if err != nil {
		t.Fatal(err)
	}
	left, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Fatalf("databases left after their tests: %v", left)
	}
}

func TestWithDatabase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://ada:pw@db:5432/lifebot?sslmode=require", "postgres://ada:pw@db:5432/t1?sslmode=require"},
		{"postgresql:///x?host=%2Ftmp%2Fs", "postgresql:///t1?host=%2Ftmp%2Fs"},
		{"host=db user=ada dbname=lifebot", "host=db user=ada dbname=lifebot dbname=t1"},
	} {
		if got := withDatabase(tc.in, "t1"); got != tc.want {
			t.Errorf("withDatabase(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// simBy runs lifebot sim with args and returns the lines of the
// breakdown tables, from the first "by " heading on.
func simBy(t *testing.T, args ...string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), append([]string{"sim"}, args...), &out, os.Getenv); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	i := strings.Index(text, "\nby ")
	if i < 0 {
		t.Fatalf("no breakdown in:\n%s", text)
	}
	return strings.Split(strings.TrimRight(text[i+1:], "\n"), "\n")
}

// A breakdown prints, per kind, a heading with the number of games and
// the fair share, a header, and one row per fact with its seat-games,
// win share, distance from fair and score against the table, each with a
// standard error, the most favoured first; a closing line says what the
// columns mean.
func TestSimByPrintsATablePerKind(t *testing.T) {
	lines := simBy(t, "-game", "yodo", "-players", "2", "-games", "60", "-seed", "3", "-lineup", "ai,ai", "-by", "fate,order")
	if lines[0] != "by fate · 60 games · fair share 50.0% a seat" {
		t.Errorf("heading %q, want the kind, the games and the fair share", lines[0])
	}
	header := strings.Fields(lines[1])
	if want := []string{"fate", "seat-games", "win%", "±", "vs", "fair", "±", "vs", "table", "±"}; strings.Join(header, " ") != strings.Join(want, " ") {
		t.Errorf("header %q, want the columns %v", lines[1], want)
	}
	rows, seatGames, last := 0, 0, 1e9
	for _, row := range lines[2:] {
		if row == "" {
			break
		}
		f := strings.Fields(row)
		if len(f) != 8 {
			t.Fatalf("row %q has %d fields, want a fate and 7 figures", row, len(f))
		}
		n, _ := strconv.Atoi(f[1])
		seatGames += n
		edge, err := strconv.ParseFloat(f[4], 64)
		if err != nil || edge > last {
			t.Errorf("row %q: vs fair %q after %.1f, want a figure, the most favoured first", row, f[4], last)
		}
		last = edge
		if utf8.RuneCountInString(row) != utf8.RuneCountInString(lines[1]) {
			t.Errorf("row %q is not as wide as the header %q", row, lines[1])
		}
		rows++
	}
	if rows != 6 || seatGames != 120 {
		t.Errorf("%d fates held by %d seat-games, want 6 fates and 2 seats × 60 games", rows, seatGames)
	}
	text := strings.Join(lines, "\n")
	for _, want := range []string{"by order · 60 games", "1st to move", "2nd to move", "± is one standard error"} {
		if !strings.Contains(text, want) {
			t.Errorf("breakdown lacks %q:\n%s", want, text)
		}
	}
}

// -top keeps the ends of a long table and says how many rows it left out.
func TestSimByTop(t *testing.T) {
	lines := simBy(t, "-game", "yodo", "-players", "2", "-games", "60", "-lineup", "ai,ai", "-by", "pair", "-top", "3")
	if len(lines) < 9 || lines[5] != "… 24 more" || lines[9] != "" {
		t.Errorf("-top 3 of 30 pairs: got\n%s\nwant 3 rows, a line saying 24 more, 3 rows", strings.Join(lines, "\n"))
	}
}

func TestSimByRefusesWhatTheGameDoesNotTell(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "-game", "yodo", "-players", "2", "-by", "colour"},
		{"sim", "-game", "yodo", "-players", "2", "-by", "table"},
		{"sim", "-game", "thatslife", "-players", "2", "-by", "fate"},
	} {
		err := run(context.Background(), args, &bytes.Buffer{}, os.Getenv)
		if !errors.As(err, new(errUsage)) {
			t.Errorf("lifebot %v = %v, want a usage error", args, err)
		}
	}
}

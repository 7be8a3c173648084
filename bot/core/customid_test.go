package core

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
)

func TestCustomIDRoundTrip(t *testing.T) {
	for _, c := range []customID{
		{Verb: verbJoin, Game: "7"},
		{Verb: verbStart, Game: "zz", Move: 0},
		{Verb: verbMove, Game: "1a", Move: 42, Action: games.Action{Kind: "fig", Args: []int{3, 6}}},
		{Verb: verbMove, Game: "b", Move: 1, Action: games.Action{Kind: "stay"}},
		{Verb: verbHand, Game: "b", Move: 9},
		{Verb: verbPick, Game: "c", Move: 3},
		{Verb: verbPick, Game: "c", Move: 3, Menu: 2},
		{Verb: verbLook, Game: "d"},
		{Verb: verbSteps, Game: "e", Move: 12},
		{Verb: verbSteps, Game: "e", Move: 0, Menu: stepJump},
	} {
		s := c.String()
		if len(s) > 100 {
			t.Errorf("%q is longer than Discord's 100-character custom_id", s)
		}
		got, err := parseCustomID(s)
		if err != nil {
			t.Errorf("parseCustomID(%q): %v", s, err)
			continue
		}
		if got.Verb != c.Verb || got.Game != c.Game || got.Move != c.Move || got.Menu != c.Menu || !got.Action.Equal(c.Action) {
			t.Errorf("parseCustomID(%q) = %+v, want %+v", s, got, c)
		}
	}
}

func TestCustomIDRejectsForgeries(t *testing.T) {
	for _, s := range []string{
		"", "mv", "mv:1", "mv:1:2", "mv:1:2:", "mv:1:-2:fig.1", "mv:1:02:fig.1", "mv:1:2:fig.x",
		"mv:UPPER:2:fig.1", "mv:1:2:fig.1:extra", "join:1:0:fig.1", "nuke:1:0", "join::0",
		"join:12345678901234:0", "join:1:99999999999999999999999", "mv:1:2:Fig.1", "mv:1:2:fig..1", "pick:1:2:0", "pick:1:2:5", "pick:1:2:01", "pick:1:2:x", "look:1:0:2",
		"steps:1:2:0", "steps:1:2:6", "steps:1:2:01", "steps:1:-2", "steps:1:2:3:4",
	} {
		if c, err := parseCustomID(s); err == nil {
			t.Errorf("parseCustomID(%q) = %+v, want an error", s, c)
		}
	}
}

// A look menu's value is a seat number, written as the bot writes it.
func TestLookValues(t *testing.T) {
	cid := customID{Verb: verbLook, Game: "d"}
	if got, err := withValues(cid, []string{"3"}); err != nil || got.Target != 3 {
		t.Fatalf("withValues(look, 3) = %+v, %v", got, err)
	}
	for _, values := range [][]string{nil, {"1", "2"}, {"-1"}, {"01"}, {"x"}, {""}} {
		if got, err := withValues(cid, values); err == nil {
			t.Errorf("withValues(look, %q) = %+v, want an error", values, got)
		}
	}
}

func FuzzParseCustomID(f *testing.F) {
	f.Add("mv:1a:42:fig.3.6")
	f.Add("join:7:0")
	f.Add("pick:7:3")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCustomID(s)
		if err != nil {
			return
		}
		again, err := parseCustomID(c.String())
		if err != nil || again.String() != c.String() {
			t.Fatalf("%q parsed to %+v, which does not round-trip: %v", s, c, err)
		}
	})
}

// Discord allows custom_ids of 1 to 100 characters. The longest the bot
// builds fits and parses; anything longer is refused before any work is
// spent on it, since a forged interaction may carry any length.
func TestCustomIDLengthBoundary(t *testing.T) {
	longest := customID{Verb: verbSubset, Game: strings.Repeat("z", 13), Move: math.MaxInt64,
		Action: games.Action{Kind: "k", Args: slices.Repeat([]int{7}, 23)}}
	s := longest.String()
	if len(s) > 100 {
		t.Fatalf("the longest custom_id the bot builds has %d characters", len(s))
	}
	if c, err := parseCustomID(s); err != nil || c.String() != s {
		t.Fatalf("the longest custom_id (%d characters) does not round-trip: %v", len(s), err)
	}
	for _, long := range []string{s + strings.Repeat("7", 101-len(s)), "join:1:0" + strings.Repeat(":", 100_000)} {
		if _, err := parseCustomID(long); err == nil {
			t.Errorf("a custom_id of %d characters was accepted", len(long))
		}
		if n := testing.AllocsPerRun(10, func() { parseCustomID(long) }); n != 0 {
			t.Errorf("refusing a custom_id of %d characters allocated %.0f times: it was parsed first", len(long), n)
		}
	}
}

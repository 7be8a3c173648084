package games_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
)

func TestActionRoundTrip(t *testing.T) {
	for _, a := range []games.Action{
		{Kind: "stay"},
		{Kind: "fig", Args: []int{3}},
		{Kind: "guard_back", Args: []int{0, 12, -1}},
	} {
		got, err := games.ParseAction(a.String())
		if err != nil || !got.Equal(a) {
			t.Errorf("ParseAction(%q) = %v, %v; want %v", a.String(), got, err, a)
		}
	}
}

func TestParseActionRefusesWhatStringCannotWrite(t *testing.T) {
	for _, s := range []string{"", ".", "fig.", "Fig.1", "fig.01", "fig.+1", "fig..1", "fig.1.", "fig 1", "fïg", strings.Repeat("a", 49)} {
		if a, err := games.ParseAction(s); err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", s, a)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	f.Add("fig.3")
	f.Add("stay")
	f.Fuzz(func(t *testing.T, s string) {
		a, err := games.ParseAction(s)
		if err == nil && a.String() != s {
			t.Fatalf("ParseAction(%q) accepted text that does not round-trip: %q", s, a.String())
		}
	})
}

func TestFormatSeats(t *testing.T) {
	names := []string{"Ada", "Ben"}
	for in, want := range map[string]string{
		"{0} took −3 from {1}": "Ada took −3 from Ben",
		"{1}{0}":               "BenAda",
		"{2} and {x} and {":    "{2} and {x} and {",
		"no seats":             "no seats",
		"{-1}":                 "{-1}",
	} {
		if got := games.FormatSeats(in, names); got != want {
			t.Errorf("FormatSeats(%q) = %q, want %q", in, got, want)
		}
	}
	e := games.Event{Text: games.SeatRef(1) + " rolled a 5"}
	if got := e.Format(names); got != "Ben rolled a 5" {
		t.Errorf("Event.Format = %q", got)
	}
}

func TestEventVisibility(t *testing.T) {
	pub := games.Event{Text: "x"}
	priv := games.Event{To: []games.Seat{2}, Text: "y"}
	if !pub.Public() || !pub.VisibleTo(0) {
		t.Error("a public event must be visible to all")
	}
	if priv.Public() || priv.VisibleTo(0) || !priv.VisibleTo(2) || priv.VisibleTo(games.Observer) {
		t.Error("a private event must be visible to its seats only")
	}
}

func TestRankByScore(t *testing.T) {
	for _, tc := range []struct {
		scores    []int
		tiebreaks [][]int
		want      []int
	}{
		{[]int{5, 9, 7}, nil, []int{3, 1, 2}},
		{[]int{5, 9, 9}, nil, []int{3, 1, 1}},
		{[]int{5, 9, 9}, [][]int{{0, 1, 2}}, []int{3, 2, 1}},
		{[]int{4, 4, 4}, [][]int{{1, 1, 0}, {0, 3, 9}}, []int{2, 1, 3}},
	} {
		if got := games.RankByScore(tc.scores, tc.tiebreaks...); !slices.Equal(got, tc.want) {
			t.Errorf("RankByScore(%v, %v) = %v, want %v", tc.scores, tc.tiebreaks, got, tc.want)
		}
	}
	r := games.Result{Rank: []int{2, 1, 1}}
	if w := r.Winners(); !slices.Equal(w, []games.Seat{1, 2}) {
		t.Errorf("Winners = %v, want [1 2]", w)
	}
}

var schema = []games.Option{
	{Key: "layout", Name: "Layout", Kind: games.Enum, Choices: []string{"standard", "random"}},
	{Key: "target", Name: "Target", Kind: games.Int, Min: 50, Max: 500, Default: "100"},
	{Key: "fast", Name: "Fast end", Kind: games.Bool, Excludes: []string{"slow"}},
	{Key: "slow", Name: "Slow end", Kind: games.Bool},
}

func TestResolve(t *testing.T) {
	got, err := games.Resolve(schema, games.Options{"target": "150", "fast": "true"})
	if err != nil {
		t.Fatal(err)
	}
	want := games.Options{"layout": "standard", "target": "150", "fast": "true", "slow": "false"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if got.Int("target", 0) != 150 || !got.Bool("fast") || got.Bool("slow") {
		t.Errorf("typed reads of %v are wrong", got)
	}
	if d := games.Describe(schema, got); d != "Target: 150, Fast end" {
		t.Errorf("Describe = %q", d)
	}
	if d := games.Describe(schema, games.Options{"layout": "standard", "target": "100"}); d != "" {
		t.Errorf("Describe of defaults = %q, want empty", d)
	}
	for given, want := range map[string]games.Options{
		"no option":    {"colour": "red"},
		"one of":       {"layout": "sideways"},
		"from 50":      {"target": "5"},
		"number":       {"target": "ten"},
		"true or":      {"fast": "yes"},
		"played toget": {"fast": "true", "slow": "true"},
	} {
		if _, err := games.Resolve(schema, want); err == nil || !strings.Contains(err.Error(), given) {
			t.Errorf("Resolve(%v) = %v, want an error mentioning %q", want, err, given)
		}
	}
}

func TestRNGSavesItsPosition(t *testing.T) {
	a := games.NewRNG(7)
	a.IntN(100)
	saved, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b games.RNG
	if err := json.Unmarshal(saved, &b); err != nil {
		t.Fatal(err)
	}
	c := a.Clone()
	for i := range 50 {
		x, y, z := a.Die(), b.Die(), c.Die()
		if x != y || x != z {
			t.Fatalf("draw %d: %d, restored %d, clone %d", i, x, y, z)
		}
		if x < 1 || x > 6 {
			t.Fatalf("Die() = %d", x)
		}
	}
	if games.NewRNG(7).IntN(1<<30) == games.NewRNG(8).IntN(1<<30) {
		t.Error("different seeds gave the same first draw")
	}
	if err := json.Unmarshal([]byte(`"bm90IGEgcGNn"`), &b); err == nil {
		t.Error("a corrupt RNG state was accepted")
	}
}

func TestRegistry(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering one id twice did not panic")
		}
	}()
	games.NewRegistry(named("a"), named("a"))
}

type named string

func (n named) Info() games.Info                    { return games.Info{ID: string(n)} }
func (named) New(games.Config) (games.State, error) { return nil, nil }
func (named) Decode([]byte) (games.State, error)    { return nil, nil }
func (named) AI() games.Policy                      { return games.RandomPolicy{} }

package games_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games/i18n"

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
	// In a message a name is a literal, drawn as typed however it reads.
	say := i18n.Words().In(i18n.German)
	odd := []string{"A|d⟧a", "⟦i18n.list.last⟧"}
	if got := say.Say(games.FormatSeats(i18n.List("{0}", "{1}"), odd)); got != "A|d⟧a und ⟦i18n.list.last⟧" {
		t.Errorf("names in a message are said as %q", got)
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
	{Key: "layout", Name: "Layout", Kind: games.Enum, Choices: []string{"standard", "random"}, ChoiceNames: []string{"Standard", "Shuffled"}},
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
	if d := games.Describe(schema, games.Options{"layout": "random", "target": "100"}); d != "Layout: Shuffled" {
		t.Errorf("Describe names a choice %q, want it in words", d)
	}
	if _, err := games.Resolve(schema, games.Options{"layout": "sideways"}); err == nil || !strings.Contains(err.Error(), "Standard, Shuffled") {
		t.Errorf("an unknown choice is refused with %v, want the choices in words", err)
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

func TestSubsetChoices(t *testing.T) {
	lay := games.Choice{Action: games.Action{Kind: "lay", Args: []int{2}}, Label: "Lay hearts", Pick: &games.Pick{
		Min: 0, Max: 3, Items: []games.Item{{Arg: 5, Label: "7♥"}, {Arg: 9, Label: "K♥"}, {Arg: 11, Label: "A♥"}},
	}}
	for _, tc := range []struct {
		args []int
		want bool
	}{
		{[]int{2}, true},
		{[]int{2, 5}, true},
		{[]int{2, 5, 11}, true},
		{[]int{2, 5, 9, 11}, true},
		{[]int{2, 11, 5}, false}, // out of order
		{[]int{2, 5, 5}, false},  // twice
		{[]int{2, 6}, false},     // not an item
		{[]int{3, 5}, false},     // wrong prefix
		{nil, false},
	} {
		a := games.Action{Kind: "lay", Args: tc.args}
		if got := lay.Accepts(a); got != tc.want {
			t.Errorf("Accepts(%v) = %v, want %v", a, got, tc.want)
		}
	}
	lay.Pick.Min, lay.Pick.Max = 1, 2
	if lay.Accepts(games.Action{Kind: "lay", Args: []int{2}}) || lay.Accepts(games.Action{Kind: "lay", Args: []int{2, 5, 9, 11}}) {
		t.Error("Accepts ignored Min or Max")
	}
	if lay.Accepts(games.Action{Kind: "play", Args: []int{2, 5}}) {
		t.Error("Accepts ignored the kind")
	}
}

type pickState struct{ choices []games.Choice }

func (p pickState) Active() []games.Seat                                  { return []games.Seat{0} }
func (p pickState) Legal(games.Seat) []games.Choice                       { return p.choices }
func (p pickState) Apply(games.Seat, games.Action) ([]games.Event, error) { return nil, nil }
func (p pickState) View(games.Seat) any                                   { return nil }
func (p pickState) Prompt() string                                        { return "" }
func (p pickState) Result() games.Result                                  { return games.Result{} }
func (p pickState) MarshalBinary() ([]byte, error)                        { return nil, nil }

func TestRandomPolicyPicksValidSubsets(t *testing.T) {
	c := games.Choice{Action: games.Action{Kind: "lay"}, Pick: &games.Pick{Min: 1, Max: 2, Items: []games.Item{{Arg: 1}, {Arg: 2}, {Arg: 3}}}}
	st := pickState{choices: []games.Choice{c}}
	rng := rand.New(rand.NewPCG(1, 1))
	sizes := map[int]int{}
	for range 200 {
		a := games.RandomPolicy{}.Choose(st, 0, rng)
		if !games.IsLegal(st, 0, a) {
			t.Fatalf("RandomPolicy chose %v, which the choice does not accept", a)
		}
		sizes[len(a.Args)]++
	}
	if sizes[1] == 0 || sizes[2] == 0 {
		t.Errorf("RandomPolicy never varied the subset size: %v", sizes)
	}
	if _, _, forced := games.Forced(st); forced {
		t.Error("a lone subset choice was treated as forced")
	}
}

func TestScoreText(t *testing.T) {
	r := games.Result{Scores: []int{47, 12, -21}, Shown: []string{"47½"}}
	if r.ScoreText(0) != "47½" || r.ScoreText(1) != "12" || r.ScoreText(2) != "−21" {
		t.Errorf("ScoreText = %q, %q, %q", r.ScoreText(0), r.ScoreText(1), r.ScoreText(2))
	}
}

func TestDecodeStrict(t *testing.T) {
	type saved struct {
		V int `json:"v"`
		N int `json:"n"`
	}
	var s saved
	if err := games.DecodeStrict([]byte(`{"v":2,"n":7}`), 2, &s); err != nil || s.N != 7 {
		t.Fatalf("DecodeStrict of a good state = %v, n=%d", err, s.N)
	}
	for in, want := range map[string]error{
		`{"v":3,"n":7}`:       games.ErrVersion,
		`{"n":7}`:             games.ErrVersion,
		`{"v":2,"n":7,"x":1}`: nil,
		`{"v":2,"n":7} {}`:    nil,
		`{"v":2,"n":"seven"}`: nil,
		`not json`:            nil,
	} {
		err := games.DecodeStrict([]byte(in), 2, &saved{})
		if err == nil {
			t.Errorf("DecodeStrict(%s) accepted it", in)
			continue
		}
		if want != nil && !errors.Is(err, want) {
			t.Errorf("DecodeStrict(%s) = %v, want %v", in, err, want)
		}
		if want == nil && errors.Is(err, games.ErrVersion) {
			t.Errorf("DecodeStrict(%s) blamed the version for a malformed state", in)
		}
	}
}

// DecodeState names the game in every error, says when the version is
// the trouble, and hands a well-formed saved form to the game's builder.
func TestDecodeState(t *testing.T) {
	type saved struct {
		V int `json:"v"`
		N int `json:"n"`
	}
	build := func(w saved) (games.State, error) {
		if w.N < 0 {
			return nil, errors.New("negative n")
		}
		return nil, nil
	}
	if _, err := games.DecodeState("toy", []byte(`{"v":2,"n":7}`), 2, build); err != nil {
		t.Errorf("a good state: %v", err)
	}
	for in, want := range map[string]string{
		`{"v":3,"n":7}`:  "toy: unsupported state version",
		`{"v":2,"x":1}`:  "toy: malformed saved state",
		`{"v":2,"n":-1}`: "toy: invalid state: negative n",
	} {
		_, err := games.DecodeState("toy", []byte(in), 2, build)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("DecodeState(%s) = %v, want an error starting %q", in, err, want)
		}
		if version := strings.Contains(want, "version"); errors.Is(err, games.ErrVersion) != version {
			t.Errorf("DecodeState(%s) = %v: wraps ErrVersion %v, want %v", in, err, !version, version)
		}
	}
}

// A refusal reads as its own sentence and still answers errors.Is with
// its sentinel.
func TestRefuse(t *testing.T) {
	err := games.Refuse(games.ErrIllegal, "card %d is not in your hand", 7)
	if err.Error() != "card 7 is not in your hand" || !errors.Is(err, games.ErrIllegal) || errors.Is(err, games.ErrOver) {
		t.Errorf("Refuse gave %q (is ErrIllegal: %v)", err, errors.Is(err, games.ErrIllegal))
	}
}

// plainRule is a policy a game names as its stand-in.
type plainRule struct{}

func (plainRule) Choose(games.State, games.Seat, *rand.Rand) games.Action {
	return games.Action{Kind: "plain"}
}

type withStandin struct{ named }

func (withStandin) Standin() games.Policy { return plainRule{} }

func TestStandinFor(t *testing.T) {
	if _, ok := games.StandinFor(named("a")).(games.RandomPolicy); !ok {
		t.Error("a game without a stand-in rule is not stood in for by its AI")
	}
	if _, ok := games.StandinFor(withStandin{"b"}).(plainRule); !ok {
		t.Error("a game's own stand-in rule was not used")
	}
}

// A registry's words say its speaking games' messages and i18n's lists;
// a nil registry has the lists alone.
func TestARegistrysWords(t *testing.T) {
	var none *games.Registry
	c, err := none.Words()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.In(i18n.French).Say(i18n.List("a", "b")); got != "a et b" {
		t.Errorf("a nil registry lists %q", got)
	}
}

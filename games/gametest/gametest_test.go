package gametest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
)

// toy is a tiny game for testing the suite: two seats take turns adding 1
// or 2 to their own count, and the first to reach 5 ends the game. A flaw
// breaks one rule of the contract on purpose.
type toy struct{ flaw string }

func (g toy) Info() games.Info {
	info := games.Info{ID: "toy", Name: "Toy", Summary: "Count to five.", MinSeats: 2, MaxSeats: 2, Rules: "Add 1 or 2."}
	if g.flaw == "option key" {
		info.Options = []games.Option{{Key: "Bad Key", Name: "Bad", Help: "A key Discord refuses", Kind: games.Bool}}
	}
	return info
}

func (g toy) New(cfg games.Config) (games.State, error) {
	if err := games.FixedContent(cfg); err != nil && g.flaw != "any content" {
		return nil, err
	}
	if cfg.Seats != 2 {
		return nil, errors.New("toy needs two players")
	}
	if _, err := games.Resolve(g.Info().Options, cfg.Options); err != nil {
		return nil, err
	}
	return &toyState{flaw: g.flaw, V: 1, Pos: []int{0, 0}}, nil
}

func (g toy) Decode(data []byte) (games.State, error) {
	if g.flaw == "decode panics" && len(data) == 0 {
		panic("empty input")
	}
	s := &toyState{flaw: g.flaw}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if g.flaw == "lossy decode" {
		s.Turn = 0
	}
	if s.V != 1 || len(s.Pos) != 2 || s.Turn < 0 || s.Turn > 1 || s.Pos[0] < 0 || s.Pos[1] < 0 {
		return nil, errors.New("bad toy state")
	}
	return s, nil
}

func (toy) AI() games.Policy { return games.RandomPolicy{} }

type toyState struct {
	flaw string
	V    int   `json:"v"`
	Pos  []int `json:"pos"`
	Turn int   `json:"turn"`
	// Refused counts refusals, which a sound game would never record.
	Refused int `json:"refused,omitempty"`
}

func (s *toyState) over() bool { return s.Pos[0] >= 5 || s.Pos[1] >= 5 }

func (s *toyState) Active() []games.Seat {
	if s.over() {
		return nil
	}
	return []games.Seat{games.Seat(s.Turn)}
}

func (s *toyState) Legal(seat games.Seat) []games.Choice {
	if s.over() || int(seat) != s.Turn {
		return nil
	}
	label := "Add 1"
	if s.flaw == "long label" {
		label = strings.Repeat("x", 81)
	}
	return []games.Choice{
		{Action: games.Action{Kind: "add", Args: []int{1}}, Label: label},
		{Action: games.Action{Kind: "add", Args: []int{2}}, Label: "Add 2"},
	}
}

func (s *toyState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.over() {
		return nil, games.ErrOver
	}
	if int(seat) != s.Turn {
		return nil, games.ErrNotYourTurn
	}
	if a.Kind != "add" || len(a.Args) != 1 || a.Args[0] < 1 || a.Args[0] > 2 {
		if s.flaw == "dirty refusal" {
			s.Refused++
		}
		return nil, fmt.Errorf("%w: add 1 or 2", games.ErrIllegal)
	}
	if s.flaw != "endless" {
		s.Pos[s.Turn] += a.Args[0]
	}
	s.Turn = 1 - s.Turn
	if s.flaw == "leaky event" {
		return []games.Event{{Text: games.SeatRef(seat) + " counted to the secret"}}, nil
	}
	if s.flaw == "third-person note" {
		return []games.Event{{To: []games.Seat{seat}, Text: games.SeatRef(seat) + " counted quietly"}}, nil
	}
	return []games.Event{{Text: games.SeatRef(seat) + " counted"}, {To: []games.Seat{seat}, Text: "You counted."}}, nil
}

func (s *toyState) View(seat games.Seat) any {
	if s.flaw == "leaky view" && seat == games.Observer {
		return map[string]any{"pos": s.Pos, "note": "the secret"}
	}
	return s.Pos
}

func (s *toyState) Prompt() string {
	if s.flaw == "leaky prompt" {
		return games.SeatRef(games.Seat(s.Turn)) + " must count the secret"
	}
	return games.SeatRef(games.Seat(s.Turn)) + " must count"
}

func (s *toyState) PromptTo(seat games.Seat) string {
	if s.flaw == "third-person prompt" {
		return games.SeatRef(seat) + " must count"
	}
	return "Count one or two."
}

// unaddressed is a toy whose state only speaks of seats in the third
// person: it has no PromptTo.
type unaddressed struct{ toy }

func (u unaddressed) New(cfg games.Config) (games.State, error) {
	s, err := u.toy.New(cfg)
	return struct{ games.State }{s}, err
}

// toySecrets is the toy's no-leak hook: nobody may see "secret".
func toySecrets(games.State, games.Seat) gametest.Secrets {
	return gametest.Secrets{Text: []string{"secret"}, View: []string{"secret"}}
}

func (s *toyState) Result() games.Result {
	scores := []int{s.Pos[0], s.Pos[1]}
	return games.Result{Over: s.over(), Scores: scores, Rank: games.RankByScore(scores)}
}

func (s *toyState) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

func TestSoundGamePasses(t *testing.T) {
	gametest.Run(t, toy{}, []games.Config{{Seats: 2, Seed: 1}, {Seats: 2, Seed: 100}}, 6)
}

// spy records the first failure of a check instead of failing the test.
type spy struct {
	testing.TB
	failed bool
	msg    string
}

func (s *spy) Helper() {}

func (s *spy) Errorf(format string, args ...any) {
	if !s.failed {
		s.failed, s.msg = true, fmt.Sprintf(format, args...)
	}
}

func (s *spy) Fatalf(format string, args ...any) {
	s.Errorf(format, args...)
	runtime.Goexit()
}

// caught runs check against a spy on its own goroutine, since a fatal
// failure ends that goroutine, and reports what the spy saw.
func caught(t *testing.T, check func(tb testing.TB)) (bool, string) {
	s := &spy{TB: t}
	var wg sync.WaitGroup
	wg.Go(func() { check(s) })
	wg.Wait()
	return s.failed, s.msg
}

// The suite catches each kind of broken game and says which seed broke.
func TestFlawsAreCaught(t *testing.T) {
	tests := []struct {
		flaw string
		want string
	}{
		{"dirty refusal", "refused Apply changed the state"},
		{"long label", "has 81 characters"},
		{"endless", "no end after"},
		{"lossy decode", "different bytes"},
		{"any content", "accepted the unknown content version"},
		{"third-person prompt", "want words to that seat's player"},
		{"third-person note", "names its own reader"},
	}
	for _, tt := range tests {
		t.Run(tt.flaw, func(t *testing.T) {
			failed, msg := caught(t, func(tb testing.TB) {
				gametest.Playout(tb, toy{flaw: tt.flaw}, games.Config{Seats: 2, Seed: 42}, gametest.RandomPlayers)
			})
			if !failed || !strings.Contains(msg, tt.want) || !strings.Contains(msg, "seed 42") {
				t.Errorf("failed=%v with %q, want a failure naming seed 42 and containing %q", failed, msg, tt.want)
			}
		})
	}
	t.Run("unaddressed", func(t *testing.T) {
		failed, msg := caught(t, func(tb testing.TB) {
			gametest.Playout(tb, unaddressed{}, games.Config{Seats: 2, Seed: 42}, gametest.RandomPlayers)
		})
		if !failed || !strings.Contains(msg, "does not implement games.Addresser") {
			t.Errorf("failed=%v with %q, want the missing PromptTo reported", failed, msg)
		}
	})
	for _, flaw := range []string{"leaky prompt", "leaky event", "leaky view"} {
		t.Run(flaw, func(t *testing.T) {
			failed, msg := caught(t, func(tb testing.TB) {
				gametest.Playout(tb, toy{flaw: flaw}, games.Config{Seats: 2, Seed: 42}, gametest.RandomPlayers, gametest.WithHidden(toySecrets))
			})
			if !failed || !strings.Contains(msg, `"secret"`) || !strings.Contains(msg, "seed 42") {
				t.Errorf("failed=%v with %q, want the leak reported for seed 42", failed, msg)
			}
			gametest.Playout(t, toy{flaw: flaw}, games.Config{Seats: 2, Seed: 42}, gametest.RandomPlayers)
		})
	}
	t.Run("option key", func(t *testing.T) {
		failed, msg := caught(t, func(tb testing.TB) { gametest.CheckInfo(tb, toy{flaw: "option key"}) })
		if !failed || !strings.Contains(msg, "Bad Key") {
			t.Errorf("failed=%v with %q, want the bad key reported", failed, msg)
		}
	})
	t.Run("apply", func(t *testing.T) {
		st, _ := toy{}.New(games.Config{Seats: 2, Seed: 1})
		if _, ok := gametest.CheckApply(t, st, 0, games.Action{Kind: "add", Args: []int{2}}); !ok {
			t.Error("CheckApply refused a legal action")
		}
		if _, ok := gametest.CheckApply(t, st, 1, games.Action{Kind: "add", Args: []int{9}}); ok {
			t.Error("CheckApply accepted an illegal action")
		}
		dirty, _ := toy{flaw: "dirty refusal"}.New(games.Config{Seats: 2, Seed: 1})
		failed, msg := caught(t, func(tb testing.TB) { gametest.CheckApply(tb, dirty, 0, games.Action{Kind: "nope"}) })
		if !failed || !strings.Contains(msg, "changed the state") {
			t.Errorf("failed=%v with %q, want the changed state reported", failed, msg)
		}
		failed, msg = caught(t, func(tb testing.TB) { gametest.MustRefuse(tb, dirty, 0, games.Action{Kind: "nope"}, games.ErrIllegal) })
		if !failed || !strings.Contains(msg, "changed the state") {
			t.Errorf("MustRefuse: failed=%v with %q, want the changed state reported", failed, msg)
		}
		if err := gametest.MustRefuse(t, st, 1, games.Action{Kind: "add", Args: []int{9}}, games.ErrIllegal); !errors.Is(err, games.ErrIllegal) {
			t.Errorf("MustRefuse returned %v", err)
		}
	})
	t.Run("decode panics", func(t *testing.T) {
		failed, msg := caught(t, func(tb testing.TB) { gametest.CheckDecode(tb, toy{flaw: "decode panics"}, nil) })
		if !failed || !strings.Contains(msg, "panicked") {
			t.Errorf("failed=%v with %q, want the panic reported", failed, msg)
		}
	})
}

func TestStates(t *testing.T) {
	states, err := gametest.States(toy{}, games.Config{Seats: 2, Seed: 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) < 2 {
		t.Fatalf("got %d states, want at least the first and the last", len(states))
	}
	for _, b := range states {
		gametest.CheckDecode(t, toy{}, b)
	}
}

func FuzzToyDecode(f *testing.F) {
	f.Add([]byte(`{"v":1,"pos":[1,2],"turn":1}`))
	f.Fuzz(func(t *testing.T, data []byte) { gametest.CheckDecode(t, toy{}, data) })
}

// alwaysOne adds one whenever it may.
type alwaysOne struct{}

func (alwaysOne) Choose(s games.State, seat games.Seat, _ *rand.Rand) games.Action {
	return s.Legal(seat)[0].Action
}

func TestPlayWithPlaysEachSeatByItsPolicyToTheEnd(t *testing.T) {
	var asked []games.Seat
	s := gametest.PlayWith(t, toy{}, games.Config{Seats: 2, Seed: 3}, func(seat games.Seat) games.Policy {
		asked = append(asked, seat)
		return alwaysOne{}
	})
	if !s.Result().Over {
		t.Fatal("the game is not over")
	}
	if len(asked) < 9 || asked[0] == asked[1] {
		t.Fatalf("policies were asked for seats %v: want turns in order until someone reaches 5", asked)
	}
	again := gametest.PlayWith(t, toy{}, games.Config{Seats: 2, Seed: 3}, func(games.Seat) games.Policy { return games.RandomPolicy{} })
	same := gametest.PlayWith(t, toy{}, games.Config{Seats: 2, Seed: 3}, func(games.Seat) games.Policy { return games.RandomPolicy{} })
	a, _ := again.MarshalBinary()
	b, _ := same.MarshalBinary()
	if string(a) != string(b) {
		t.Fatal("the same seed played two different games")
	}
}

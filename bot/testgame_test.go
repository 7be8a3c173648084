package bot_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// secrets is a small game with hidden hands, for testing the private paths
// of the bot: each seat holds a secret card 1..99. First every seat says,
// all at once, whether it feels lucky. Then on its turn a seat keeps its
// card, swaps it for a fresh one, or marks some of three tokens (a subset
// choice, which counts as keeping). After every seat has had two turns the
// highest card wins. Cards are written "card-NN" so a leak is easy to find
// in any text or image bytes.
type secrets struct{}

func (secrets) Info() games.Info {
	return games.Info{ID: "secrets", Name: "Secrets", Summary: "Hold the highest hidden card.", MinSeats: 2, MaxSeats: 4, Private: true,
		Options: []games.Option{{Key: "wide", Name: "Wide", Help: "Offer thirty ways to swap", Kind: games.Bool}}}
}

type secretsState struct {
	Cards []int      `json:"cards"`
	Turn  int        `json:"turn"`
	Taken int        `json:"taken"`
	Wide  bool       `json:"wide"`
	Ready []bool     `json:"ready"`
	RNG   *games.RNG `json:"rng"`
}

func (secrets) New(cfg games.Config) (games.State, error) {
	if err := games.FixedContent(cfg); err != nil {
		return nil, err
	}
	s := &secretsState{Cards: make([]int, cfg.Seats), Ready: make([]bool, cfg.Seats), RNG: games.NewRNG(cfg.Seed), Wide: cfg.Options.Bool("wide")}
	for i := range s.Cards {
		s.Cards[i] = s.RNG.IntN(99) + 1
	}
	return s, nil
}

func (secrets) Decode(b []byte) (games.State, error) {
	var s secretsState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func (secrets) AI() games.Policy { return keepHigh{} }

type keepHigh struct{}

func (keepHigh) Choose(st games.State, seat games.Seat, _ *rand.Rand) games.Action {
	if len(st.(*secretsState).waiting()) > 0 {
		return games.Action{Kind: "lucky"}
	}
	if st.(*secretsState).Cards[seat] >= 50 {
		return games.Action{Kind: "keep"}
	}
	return games.Action{Kind: "swap"}
}

func (s *secretsState) over() bool { return s.Taken >= 2*len(s.Cards) }

func (s *secretsState) waiting() []games.Seat {
	var out []games.Seat
	for i, r := range s.Ready {
		if !r {
			out = append(out, games.Seat(i))
		}
	}
	return out
}

func (s *secretsState) Active() []games.Seat {
	if s.over() {
		return nil
	}
	if w := s.waiting(); len(w) > 0 {
		return w
	}
	return []games.Seat{games.Seat(s.Turn)}
}

func (s *secretsState) Legal(seat games.Seat) []games.Choice {
	if !games.IsActive(s, seat) {
		return nil
	}
	if len(s.waiting()) > 0 {
		return []games.Choice{{Action: games.Action{Kind: "lucky"}, Label: "I feel lucky"}, {Action: games.Action{Kind: "unlucky"}, Label: "I don't"}}
	}
	out := []games.Choice{
		{Action: games.Action{Kind: "keep"}, Label: "Keep my card"},
		{Action: games.Action{Kind: "swap"}, Label: "Swap it"},
		{Action: games.Action{Kind: "mark"}, Label: "Mark tokens", Pick: &games.Pick{Min: 0, Max: 3, Items: []games.Item{{Arg: 1, Label: "first"}, {Arg: 2, Label: "second"}, {Arg: 3, Label: "third"}}}},
	}
	if s.Wide {
		for n := 1; n < 29; n++ {
			out = append(out, games.Choice{Action: games.Action{Kind: "swap", Args: []int{n}}, Label: fmt.Sprintf("Swap it, way %d", n)})
		}
	}
	return out
}

func (s *secretsState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.over() {
		return nil, games.ErrOver
	}
	if !games.IsActive(s, seat) {
		return nil, games.ErrNotYourTurn
	}
	if !games.IsLegal(s, seat, a) {
		return nil, fmt.Errorf("%w: keep or swap", games.ErrIllegal)
	}
	if a.Kind == "lucky" || a.Kind == "unlucky" {
		s.Ready[seat] = true
		return []games.Event{{Text: games.SeatRef(seat) + " is ready."}}, nil
	}
	ev := []games.Event{{Text: games.SeatRef(seat) + " kept their card."}}
	if a.Kind == "mark" {
		ev = []games.Event{{Text: fmt.Sprintf("%s marked %d tokens: %v.", games.SeatRef(seat), len(a.Args), a.Args)}}
	}
	if a.Kind == "swap" {
		s.Cards[seat] = s.RNG.IntN(99) + 1
		ev = []games.Event{
			{Text: games.SeatRef(seat) + " swapped."},
			{To: []games.Seat{seat}, Text: fmt.Sprintf("You drew card-%02d.", s.Cards[seat])},
		}
	}
	s.Taken++
	s.Turn = (s.Turn + 1) % len(s.Cards)
	return ev, nil
}

// secretsView is what one seat sees: its own card only.
type secretsView struct {
	Seat  int
	Card  string
	Taken int
}

func (s *secretsState) View(seat games.Seat) any {
	v := secretsView{Seat: int(seat), Taken: s.Taken}
	if seat >= 0 && int(seat) < len(s.Cards) {
		v.Card = fmt.Sprintf("card-%02d", s.Cards[seat])
	}
	if s.over() && seat == games.Observer {
		v.Card = fmt.Sprint(s.Cards)
	}
	return v
}

func (s *secretsState) Prompt() string {
	if w := s.waiting(); len(w) > 0 {
		var refs []string
		for _, seat := range w {
			refs = append(refs, games.SeatRef(seat))
		}
		return "Waiting for " + strings.Join(refs, ", ") + " to get ready."
	}
	return games.SeatRef(games.Seat(s.Turn)) + " keeps or swaps."
}

func (s *secretsState) PromptTo(games.Seat) string {
	if len(s.waiting()) > 0 {
		return "Get ready."
	}
	return "Keep your card or swap it."
}

func (s *secretsState) Result() games.Result {
	r := games.Result{Over: s.over(), Scores: make([]int, len(s.Cards))}
	if r.Over {
		copy(r.Scores, s.Cards)
	}
	r.Rank = games.RankByScore(r.Scores)
	return r
}

func (s *secretsState) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

// textRenderer "draws" a view as its JSON, so tests can read what every
// image would show and look for leaks.
type textRenderer struct{}

func (textRenderer) Board(view any, names []string, _ i18n.Lang) ([]byte, error) {
	b, err := json.Marshal(view)
	return append([]byte("VIEW "), b...), err
}

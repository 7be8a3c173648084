package render

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/yodo"
)

var yodoNames4 = []string{"Ada", "Bartholomew-Maximilian", "Cy", "Dee"}

// yodoAfter plays a seeded four-seat game of AI players for steps
// decisions (all of them when steps < 0) and returns it.
func yodoAfter(t testing.TB, opts games.Options, steps int) games.State {
	st, err := yodo.Game{}.New(games.Config{Seats: 4, Seed: 8, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	ai, rng := yodo.Game{}.AI(), rand.New(rand.NewPCG(8, 8))
	for i := 0; (steps < 0 || i < steps) && len(st.Active()) > 0; i++ {
		seat := st.Active()[0]
		if _, err := st.Apply(seat, ai.Choose(st, seat, rng)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// yodoTaken is a mid-game hand whose seat has taken a card to play.
func yodoTaken(t testing.TB) yodo.View {
	st := yodoAfter(t, nil, 41)
	seat := st.Active()[0]
	for _, c := range st.Legal(seat) {
		if c.Action.Kind == "card" {
			if _, err := st.Apply(seat, c.Action); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	return st.View(seat).(yodo.View)
}

func yodoGoldens() []golden {
	return []golden{
		{"yodo_board_mid4", func() any { return yodoAfter(nil, nil, 41).View(games.Observer) }, yodoNames4, Width, Height},
		{"yodo_board_hidden4", func() any { return yodoAfter(nil, games.Options{"hidden_scores": "true"}, 60).View(games.Observer) }, yodoNames4, Width, Height},
		{"yodo_hand_taken4", func() any { return yodoTaken(nil) }, yodoNames4, HandWidth, HandHeight},
		{"yodo_story4", func() any { return yodoAfter(nil, nil, -1).View(games.Observer) }, yodoNames4, Width, Height},
	}
}

func TestYodoGolden(t *testing.T) {
	t.Parallel()
	checkGoldens(t, yodoGoldens())
}

// A public view that carries a seat's hand, notes or taken card is refused.
func TestYodoBoardRefusesPrivate(t *testing.T) {
	t.Parallel()
	r := shared()
	for name, leak := range map[string]func(*yodo.View){
		"hand":  func(v *yodo.View) { v.Hand = []yodo.CardView{{Fates: []int{0}}} },
		"notes": func(v *yodo.View) { v.Notes = []string{"You drew a Mirth card."} },
		"taken": func(v *yodo.View) { v.Taken = 2 },
	} {
		v := yodoAfter(t, nil, 10).View(games.Observer).(yodo.View)
		leak(&v)
		if _, err := r.Board(v, nil); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("a public view carrying a %s: err = %v, want ErrPrivateInPublic", name, err)
		}
	}
}

func BenchmarkYodoBoard(b *testing.B) {
	benchmarkBoard(b, yodoAfter(b, nil, 41).View(games.Observer), yodoNames4)
}

func BenchmarkYodoHand(b *testing.B) { benchmarkBoard(b, yodoTaken(b), yodoNames4) }

func BenchmarkYodoStory(b *testing.B) {
	benchmarkBoard(b, yodoAfter(b, nil, -1).View(games.Observer), yodoNames4)
}

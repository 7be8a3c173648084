package render

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/yodo"
)

var yodoNames4 = []string{"Ada", "Bartholomew-Maximilian", "Cy", "Dee"}

// yodoNames6 are six seats' names as long as Discord allows, wide letters
// and emoji among them: the densest the seat rows get.
var yodoNames6 = []string{
	"Wilhelmina-Maximiliana WWW", "🦊 Bartholomew Featherstonehaugh", "Cy", "ＷＩＤＥ ＮＡＭＥ ＷＷＷＷＷＷＷＷ",
	"Dee 🎲🎲🎲", "Maximilian Alexander von Hohenzollern",
}

// yodoAfter plays a seeded four-seat game of AI players for steps
// decisions (all of them when steps < 0) and returns it.
func yodoAfter(t testing.TB, opts games.Options, steps int) games.State {
	return yodoPlayed(t, 4, opts, steps)
}

// yodoPlayed plays a seeded game of seats AI players for steps decisions
// (all of them when steps < 0) and returns it.
func yodoPlayed(t testing.TB, seats int, opts games.Options, steps int) games.State {
	st, err := yodo.Game{}.New(games.Config{Seats: seats, Seed: 8, Options: opts})
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

// The heights of yodo's images: the board and the story by seats, the
// hand the same for every game.
const (
	yodoHeight4    = 818
	yodoHeight6    = 906
	yodoHandHeight = 850
)

func yodoGoldens() []golden {
	return []golden{
		{"yodo_board_mid4", func() any { return yodoAfter(nil, nil, 41).View(games.Observer) }, yodoNames4, PhoneWidth, yodoHeight4},
		{"yodo_board_hidden4", func() any { return yodoAfter(nil, games.Options{"hidden_scores": "true"}, 60).View(games.Observer) }, yodoNames4, PhoneWidth, yodoHeight4},
		{"yodo_board_long6", func() any { return yodoPlayed(nil, 6, nil, 50).View(games.Observer) }, yodoNames6, PhoneWidth, yodoHeight6},
		{"yodo_hand_taken4", func() any { return yodoTaken(nil) }, yodoNames4, PhoneWidth, yodoHandHeight},
		{"yodo_hand_waiting6", func() any { return yodoPlayed(nil, 6, nil, 50).View(1) }, yodoNames6, PhoneWidth, yodoHandHeight},
		{"yodo_story4", func() any { return yodoAfter(nil, nil, -1).View(games.Observer) }, yodoNames4, PhoneWidth, yodoHeight4},
		{"yodo_story6", func() any { return yodoPlayed(nil, 6, nil, -1).View(games.Observer) }, yodoNames6, PhoneWidth, yodoHeight6},
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

// The story picture tells the winner's epilogue whole, whichever fate
// wins: it is never cut, and none is too long for the room left for it.
func TestYodoStoryTellsEveryEpilogueWhole(t *testing.T) {
	t.Parallel()
	k := shared().yodo()
	told := map[string]bool{}
	for seed := uint64(1); seed <= 60 && len(told) < 6; seed++ {
		st, err := yodo.Game{}.New(games.Config{Seats: 2 + int(seed%5), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ai, rng := yodo.Game{}.AI(), rand.New(rand.NewPCG(seed, 1))
		for len(st.Active()) > 0 {
			seat := st.Active()[0]
			if _, err := st.Apply(seat, ai.Choose(st, seat, rng)); err != nil {
				t.Fatal(err)
			}
		}
		v := st.View(games.Observer).(yodo.View)
		winner := v.Fates[v.Seats[v.Winners[0]].Fate].Name
		lines := k.epilogue(v)
		if len(lines) == 0 {
			t.Fatalf("%s's epilogue is left out of the story: %q", winner, v.Epilogue)
		}
		if got := strings.Join(lines, " "); got != v.Epilogue {
			t.Fatalf("%s's epilogue is drawn as %q, want %q", winner, got, v.Epilogue)
		}
		told[winner] = true
	}
	if len(told) < 6 {
		t.Errorf("only %d fates won in the games played, so the other epilogues went unchecked", len(told))
	}
}

package render

import (
	"errors"
	"image"
	"image/color"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
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
	yodoHeight4    = 842
	yodoHeight6    = 930
	yodoHandHeight = 874
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
		"notes": func(v *yodo.View) { v.Notes = []string{i18n.Msg("yodo.note.drew", "fates", "🎈")} },
		"taken": func(v *yodo.View) { v.Taken = 2 },
	} {
		v := yodoAfter(t, nil, 10).View(games.Observer).(yodo.View)
		leak(&v)
		if _, err := r.Board(v, nil, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
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
// wins, in every language: it is never cut, and none is too long for the
// room left for it.
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
		for _, lang := range i18n.Langs {
			say := words().In(lang)
			lines := k.epilogue(v, say)
			if len(lines) == 0 {
				t.Fatalf("%s: %s's epilogue is left out of the story: %q", lang, winner, say.Say(v.Epilogue))
			}
			if got, want := strings.Join(lines, " "), say.Say(v.Epilogue); got != want {
				t.Fatalf("%s: %s's epilogue is drawn as %q, want %q", lang, winner, got, want)
			}
		}
		told[winner] = true
	}
	if len(told) < 6 {
		t.Errorf("only %d fates won in the games played, so the other epilogues went unchecked", len(told))
	}
}

// Views the rules never make still draw, at the size their seat count
// sets: nothing in a view is trusted to be in range.
func TestYodoOddViews(t *testing.T) {
	t.Parallel()
	strange := func(seat int) yodo.View {
		v := yodoAfter(t, nil, 41).View(games.Observer).(yodo.View)
		v.Seat = seat
		v.Turn, v.Winners, v.Fresh = 9, []int{-1, 7}, []int{-3, 40}
		v.Seats[1].Fate, v.Seats[2].Fate = -1, 17
		v.Board[3].Stack = [][]int{{}, {-2, 9, 0, 1, 2, 3}}
		v.Board = append(v.Board, v.Board...)
		v.Fates[4].Colour, v.Fates[5].Emoji = "not a colour", ""
		if seat >= 0 {
			v.Hand = []yodo.CardView{{Fates: []int{8}}, {}, {Fates: []int{0, 1, 2}, Places: -4}, {Fates: []int{3}}, {Fates: []int{4}}, {Fates: []int{5}}}
			v.Taken, v.Notes = 2, []string{strings.Repeat("long ", 200), "{9}"}
		}
		return v
	}
	over := func(seat int) yodo.View {
		v := strange(seat)
		v.Over, v.Epilogue = true, strings.Repeat("word ", 500)
		return v
	}
	ten := func() yodo.View {
		v := yodoAfter(t, nil, 41).View(games.Observer).(yodo.View)
		v.Seats = append(v.Seats, v.Seats...)
		v.Seats = append(v.Seats, v.Seats[:2]...)
		return v
	}
	cases := []struct {
		name  string
		view  yodo.View
		names []string
		h     int
	}{
		{"no seats", yodo.View{Seat: int(games.Observer), Taken: -1}, nil, 0},
		{"no seats, private", yodo.View{Seat: 0, Taken: -1}, nil, 0},
		{"strange values", strange(int(games.Observer)), []string{"", "\x00\u200d", "\xff\xfe"}, yodoHeight4},
		{"strange values, private", strange(1), []string{string(make([]byte, 100000))}, yodoHandHeight},
		{"seat beyond the table", strange(12), nil, yodoHandHeight},
		{"over, with an epilogue too long to draw", over(int(games.Observer)), nil, yodoHeight4},
		{"over, private", over(0), nil, yodoHandHeight},
		{"ten seats", ten(), nil, yodoHeight6},
		{"sixty fates", func() yodo.View {
			v := strange(int(games.Observer))
			for range 9 {
				v.Fates = append(v.Fates, v.Fates[:6]...)
			}
			return v
		}(), nil, ydMaxHeight},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := yodoSize(t, c.view, c.names); got.X != PhoneWidth || c.h > 0 && got.Y != c.h {
				t.Errorf("image is %v, want %d wide and %d tall", got, PhoneWidth, c.h)
			}
		})
	}
}

// yodoSize is the size of v's image as the shared renderer draws it.
func yodoSize(t *testing.T, v yodo.View, names []string) image.Point {
	t.Helper()
	data, err := shared().Board(v, names, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data).Bounds().Size()
}

// A seat's token wears its fate's colour: each fate's colour is a player
// colour of the palette, a different one for each, so each seat has its
// own colour and shape.
func TestYodoFatesWearPaletteColours(t *testing.T) {
	t.Parallel()
	v := yodo.View{Fates: yodo.Fates()}
	seen := map[int]bool{}
	for f, fate := range v.Fates {
		c := fatePalette(v, f)
		if Player(c).Fill != rgbHex(t, fate.Colour) {
			t.Errorf("%s is %s, which no player colour is", fate.Name, fate.Colour)
		}
		if seen[c] {
			t.Errorf("%s shares player colour %d with another fate", fate.Name, c)
		}
		seen[c] = true
	}
}

func rgbHex(t *testing.T, hex string) color.RGBA {
	t.Helper()
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil {
		t.Fatal(err)
	}
	return rgb(uint32(n))
}

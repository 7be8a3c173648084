package render

import (
	"bytes"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/thatslife"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Fixtures are built by hand, independent of the engine, from the standard
// layout of RULINGS 1.1.

func card(id string) thatslife.Card {
	switch {
	case id == "start":
		return thatslife.Card{ID: id, Kind: thatslife.Start}
	case id == "finish":
		return thatslife.Card{ID: id, Kind: thatslife.Finish}
	case id[0] == 'F':
		return thatslife.Card{ID: id, Kind: thatslife.Fortune}
	case id[0] == '+':
		v, _ := strconv.Atoi(id[1:])
		return thatslife.Card{ID: id, Kind: thatslife.Plus, Value: v}
	default:
		v, _ := strconv.Atoi(id[2:])
		return thatslife.Card{ID: id, Kind: thatslife.Minus, Value: -v}
	}
}

// standardIDs is the course of the standard layout, Start to Finish.
func standardIDs() []string {
	ids := []string{"start"}
	for v := 1; v <= 8; v++ {
		ids = append(ids, "A-"+strconv.Itoa(v))
	}
	for f := 1; f <= 6; f++ {
		ids = append(ids, "F"+strconv.Itoa(f))
	}
	for v := 8; v >= 1; v-- {
		ids = append(ids, "+"+strconv.Itoa(v))
	}
	for v := 1; v <= 10; v++ {
		ids = append(ids, "B-"+strconv.Itoa(v))
	}
	return append(ids, "finish")
}

// course builds spots for ids with seats players, guards on the standard
// guard cards unless moved by the caller.
func course(ids []string, seats int) []thatslife.Spot {
	spots := make([]thatslife.Spot, len(ids))
	for i, id := range ids {
		spots[i] = thatslife.Spot{Card: card(id), Figures: make([]int, seats)}
		switch id {
		case "F1", "F2", "F3", "F4", "F5", "F6", "+8", "+7":
			spots[i].Guards = 1
		}
	}
	return spots
}

func without(ids []string, gone ...string) []string {
	var out []string
	for _, id := range ids {
		keep := true
		for _, g := range gone {
			keep = keep && id != g
		}
		if keep {
			out = append(out, id)
		}
	}
	return out
}

func spotOf(v *thatslife.View, id string) *thatslife.Spot {
	for i := range v.Spots {
		if v.Spots[i].Card.ID == id {
			return &v.Spots[i]
		}
	}
	panic("no spot " + id)
}

func cards(ids ...string) []thatslife.Card {
	cs := make([]thatslife.Card, len(ids))
	for i, id := range ids {
		cs[i] = card(id)
	}
	return cs
}

// startOf is the board before the first move: every figure of seats
// players on Start, seat turn to play with roll.
func startOf(seats, figures, turn, roll int) thatslife.View {
	v := thatslife.View{Spots: course(standardIDs(), seats), Turn: games.Seat(turn), Roll: roll}
	for s := range seats {
		v.Spots[0].Figures[s] = figures
		v.Players = append(v.Players, thatslife.PlayerView{Colour: thatslife.Colour(s), Figures: figures})
	}
	return v
}

func startOfThree() thatslife.View { return startOf(3, 3, 1, 4) }

// overOfTwo is a game ended by its last figure (variant 5): its owner
// took the worst minus card left, which no fortune may turn, and three
// cards stayed on the course.
func overOfTwo() thatslife.View {
	taken := [][]string{
		{"A-1", "A-2", "F1", "+8", "+7", "+6", "F4", "B-2", "B-3", "B-5", "+1", "B-10"},
		{"A-3", "A-4", "A-5", "F2", "F3", "+5", "+4", "+3", "+2", "B-1", "B-4", "B-6", "B-7", "F5", "A-6", "A-7", "A-8"},
	}
	v := thatslife.View{Spots: course(without(standardIDs(), slices.Concat(taken...)...), 2), Over: true}
	scores := []int{15, 7}
	for s := range 2 {
		v.Players = append(v.Players, thatslife.PlayerView{
			Colour: thatslife.Colour(s + 2), Figures: 3, Home: 3, Finished: true,
			Collected: cards(taken[s]...), Score: scores[s],
		})
	}
	v.Players[0].Home, v.Players[0].Unconvertible = 2, []string{"B-10"}
	v.Spots[len(v.Spots)-1].Figures = []int{2, 3}
	v.Result = games.Result{Over: true, Scores: scores, Rank: games.RankByScore(scores)}
	v.Last = &thatslife.LastMove{To: "finish"}
	return v
}

// startOfSix is the longest course with the most stacks on Start.
func startOfSix() thatslife.View { return startOf(6, 2, 2, 5) }

func midOfSix() thatslife.View {
	taken := []string{"A-1", "A-2", "A-4", "A-5", "F1", "+8", "F3", "A-7"}
	v := thatslife.View{
		Spots:   course(without(standardIDs(), taken...), 6),
		Turn:    3,
		Roll:    6,
		Options: "layout: random · recycle cards · figures: 2",
	}
	colours := []thatslife.Colour{thatslife.Red, thatslife.Blue, thatslife.Green, thatslife.Yellow, thatslife.Black, thatslife.Orange}
	collected := [][]string{{"A-1", "F1"}, {"A-2", "+8"}, {}, {"A-4", "A-5", "F3"}, {"A-7"}, {}}
	scores := []int{1, 6, 0, 4, -7, 0}
	for s, c := range colours {
		v.Players = append(v.Players, thatslife.PlayerView{
			Colour: c, Figures: 2, Collected: cards(collected[s]...), Score: scores[s],
		})
	}
	spotOf(&v, "A-3").Figures[0] = 1
	spotOf(&v, "A-3").Figures[4] = 1
	spotOf(&v, "A-6").Figures[2] = 2
	spotOf(&v, "F2").Figures[1] = 1
	spotOf(&v, "F2").Guards = 3 // guards stacked by earlier moves
	spotOf(&v, "F4").Guards = 0
	spotOf(&v, "F5").Guards = 2
	spotOf(&v, "F5").Figures[3] = 1
	spotOf(&v, "F5").Figures[5] = 2
	spotOf(&v, "+7").Figures[1] = 1
	spotOf(&v, "+7").Figures[3] = 1
	spotOf(&v, "+5").Figures[4] = 1
	spotOf(&v, "+5").Figures[0] = 1
	spotOf(&v, "B-2").Guards = 1
	spotOf(&v, "B-9").Recycled = true
	v.Last = &thatslife.LastMove{To: "+5", Took: "A-7"}
	return v
}

func overOfFour() thatslife.View {
	taken := [][]string{
		{"A-1", "F1", "+8", "+6", "B-3", "F4"},
		{"A-2", "A-3", "+7", "+5", "B-1", "B-2", "F2"},
		{"A-4", "A-5", "A-6", "+4", "+3", "B-7", "B-8"},
		{"A-7", "A-8", "F3", "F5", "+2", "+1", "B-4", "B-5", "B-6", "B-9"},
	}
	var all []string
	for _, t := range taken {
		all = append(all, t...)
	}
	v := thatslife.View{Spots: course(without(standardIDs(), all...), 4), Over: true}
	for i := range v.Spots {
		v.Spots[i].Guards = 0
	}
	spotOf(&v, "F6").Guards = 2
	scores := []int{18, 10, -23, -2}
	for s := range 4 {
		v.Spots[len(v.Spots)-1].Figures[s] = 3
		v.Players = append(v.Players, thatslife.PlayerView{
			Colour: thatslife.Colour(s), Figures: 3, Home: 3, Finished: true,
			Collected: cards(taken[s]...), Score: scores[s],
		})
	}
	v.Result = games.Result{Over: true, Scores: scores, Rank: games.RankByScore(scores)}
	v.Last = &thatslife.LastMove{To: "finish", Took: "B-9"}
	return v
}

// denseSix is the fullest board a game can show: six players with the
// longest names, every stack counted, the course half taken and the rows
// full of cards.
func denseSix() thatslife.View {
	taken := [][]string{
		{"A-1", "F1", "+8", "+6", "B-3"},
		{"A-2", "A-3", "+7", "F2", "B-1", "B-2"},
		{"A-4", "A-5", "A-6", "+4", "+3"},
		{"A-7", "A-8", "F3", "+2", "+1", "B-4"},
		{"F4", "+5"},
		{"B-5", "B-6"},
	}
	var all []string
	for _, t := range taken {
		all = append(all, t...)
	}
	v := thatslife.View{Spots: course(without(standardIDs(), all...), 6), Turn: 5, Roll: 3}
	scores := []int{16, 5, -8, 0, 5, -11}
	for s := range 6 {
		v.Players = append(v.Players, thatslife.PlayerView{
			Colour: thatslife.Colour(s), Figures: 2, Collected: cards(taken[s]...), Score: scores[s],
		})
	}
	v.Spots[0].Figures = []int{1, 0, 0, 0, 0, 1}
	spotOf(&v, "F5").Guards = 3
	spotOf(&v, "F5").Figures = []int{1, 2, 1, 0, 1, 0}
	spotOf(&v, "F6").Figures = []int{0, 0, 1, 1, 1, 1}
	spotOf(&v, "B-7").Figures = []int{0, 0, 0, 1, 0, 0}
	v.Spots[len(v.Spots)-1].Figures = []int{0, 0, 0, 0, 0, 0}
	spotOf(&v, "B-7").Guards = 2
	v.Last = &thatslife.LastMove{To: "F6", Took: "B-6"}
	return v
}

// overOfSix is denseSix played out: the longest names ranked.
func overOfSix() thatslife.View {
	v := denseSix()
	v.Over, v.Turn, v.Roll = true, 0, 0
	extra := [][]string{{}, {"B-7", "B-8"}, {"F5"}, {"B-9", "B-10"}, {"F6"}, {}}
	for s := range v.Players {
		p := &v.Players[s]
		p.Collected = append(p.Collected, cards(extra[s]...)...)
		p.Home, p.Finished = p.Figures, true
	}
	v.Spots = course([]string{"start", "finish"}, 6)
	scores := []int{16, 0, 4, -15, 5, -11}
	for s := range v.Players {
		v.Players[s].Score = scores[s]
	}
	v.Result = games.Result{Over: true, Scores: scores, Rank: games.RankByScore(scores)}
	v.Last = &thatslife.LastMove{To: "finish", Took: "B-10"}
	return v
}

// longNames are the longest names a board must hold, one per seat.
var longNames = []string{
	"Maximilian Alexander von Hohenzollern-Sigmaringen", "Wolfeschlegelsteinhausenbergerdorff",
	"Anastasia Konstantinovna Rimsky-Korsakova", "Bartholomew Fitzwilliam III",
	"Guadalupe Esperanza Montserrat", "Zoë-Louise Featherstonehaugh",
}

// tlHeight is the height of a board of seats.
func tlHeight(seats int) int { return shared().thatsLife().thatsLifeHeight(seats, english) }

func twoWithLongName() thatslife.View {
	taken := []string{"A-1", "A-2", "A-3", "A-5", "A-6", "F1", "F2", "+8", "F4", "+5", "+4", "B-1", "B-2", "B-3"}
	v := thatslife.View{Spots: course(without(standardIDs(), taken...), 2), Turn: 0, Roll: 1}
	v.Players = []thatslife.PlayerView{
		{Colour: thatslife.Green, Figures: 3, Home: 1, Collected: cards("A-1", "A-3", "F1", "+8", "F4", "A-6", "B-1", "B-3"), Score: 17,
			Unconvertible: []string{"B-3"}},
		{Colour: thatslife.Orange, Figures: 3, Collected: cards("A-2", "A-5", "F2", "+5", "+4", "B-2"), Score: 9},
	}
	v.Spots[len(v.Spots)-1].Figures[0] = 1
	spotOf(&v, "A-4").Figures[1] = 2
	spotOf(&v, "F3").Figures[0] = 1
	spotOf(&v, "+7").Figures[0] = 1
	spotOf(&v, "B-4").Figures[1] = 1
	spotOf(&v, "F6").Guards = 0
	spotOf(&v, "+3").Guards = 1
	return v
}

func thatsLifeGoldens() []golden {
	return []golden{
		{"thatslife_start3", func() any { return startOfThree() }, []string{"Ada", "Grace", "Linus"}, PhoneWidth, tlHeight(3)},
		{"thatslife_mid6", func() any { return midOfSix() }, []string{"Mia", "Noah", "Olivia", "Liam", "Sofía", "Jürgen"}, PhoneWidth, tlHeight(6)},
		{"thatslife_over4", func() any { return overOfFour() }, []string{"Ana", "Björn", "Chen", "Dmitri"}, PhoneWidth, tlHeight(4)},
		{"thatslife_over2", func() any { return overOfTwo() }, []string{"Kateryna", "Oluwaseun"}, PhoneWidth, tlHeight(2)},
		{"thatslife_long2", func() any { return twoWithLongName() }, []string{
			"Maximilian Alexander von Hohenzollern-Sigmaringen", "Zoë"}, PhoneWidth, tlHeight(2)},
		{"thatslife_start6", func() any { return startOfSix() }, longNames, PhoneWidth, tlHeight(6)},
		{"thatslife_dense6", func() any { return denseSix() }, longNames, PhoneWidth, tlHeight(6)},
		{"thatslife_over6", func() any { return overOfSix() }, longNames, PhoneWidth, tlHeight(6)},
	}
}

func decodePNG(data []byte) (*image.RGBA, error) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	draw.Draw(rgba, b, img, b.Min, draw.Src)
	return rgba, nil
}

func decode(t testing.TB, data []byte) *image.RGBA {
	t.Helper()
	img, err := decodePNG(data)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return img
}

func TestThatsLifeGolden(t *testing.T) {
	t.Parallel()
	checkGoldens(t, thatsLifeGoldens())
}

// TestThatsLifeConcurrent renders different boards at once on one
// Renderer; run with -race it shows the caches and pools are shared safely,
// and every board must match the same board rendered alone.
func TestThatsLifeConcurrent(t *testing.T) {
	t.Parallel()
	checkConcurrent(t, thatsLifeGoldens())
}

func TestThatsLifeOddViews(t *testing.T) {
	t.Parallel()
	six := func() []thatslife.PlayerView {
		ps := make([]thatslife.PlayerView, 6)
		for i := range ps {
			ps[i] = thatslife.PlayerView{Colour: thatslife.Colour(i), Figures: 2}
		}
		return ps
	}
	huge := func() thatslife.View {
		v := thatslife.View{Spots: course(standardIDs(), 6), Players: six(), Roll: 1 << 30, Turn: 5}
		v.Spots[3].Figures = []int{99, 1000, -4, 7, 123456, 1}
		v.Spots[4].Guards = 1 << 40
		v.Spots[5].Card.Value = -math.MaxInt
		v.Spots[6].Card = thatslife.Card{ID: "??", Kind: thatslife.Kind(42), Value: math.MaxInt}
		for i := range v.Players {
			v.Players[i].Score = math.MinInt
			v.Players[i].Figures = 1 << 20
			v.Players[i].Home = -3
			v.Players[i].Colour = thatslife.Colour(100 * (i - 3))
			for range 60 {
				v.Players[i].Collected = append(v.Players[i].Collected, card("B-10"), card("F2"))
			}
		}
		return v
	}
	long := func() thatslife.View {
		var ids []string
		for range 3 {
			ids = append(ids, standardIDs()...)
		}
		v := thatslife.View{Spots: course(ids, 9), Over: true}
		for i := range 9 {
			v.Players = append(v.Players, thatslife.PlayerView{Colour: thatslife.Colour(i), Figures: 3})
		}
		v.Result.Rank = []int{1} // shorter than Players
		return v
	}
	cases := []struct {
		name  string
		view  thatslife.View
		names []string
	}{
		{"empty", thatslife.View{}, nil},
		{"no spots, six players", thatslife.View{Players: six(), Turn: -1}, nil},
		{"six players, no figure slices", thatslife.View{Spots: []thatslife.Spot{{}, {}}, Players: six(), Turn: 9, Roll: -2}, nil},
		{"figures beyond players", thatslife.View{Spots: []thatslife.Spot{{Figures: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}}}, nil},
		{"huge numbers", huge(), []string{"", "\x00\u200d", "\xff\xfe", "🙂🙂🙂", "مرحبا", string(make([]byte, 100000))}},
		{"long course, nine players, over", long(), nil},
		{"over without result", thatslife.View{Over: true, Players: six(), Options: "\u202eoptions\n\tmore"}, nil},
	}
	r := shared()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := r.ThatsLife(c.view, c.names, i18n.English)
			if err != nil {
				t.Fatal(err)
			}
			if b := decode(t, data).Bounds(); b.Dx() != PhoneWidth || b.Dy() != tlHeight(len(c.view.Players)) {
				t.Errorf("image is %v, want %dx%d", b, PhoneWidth, tlHeight(len(c.view.Players)))
			}
		})
	}
}

// A game played to its end, with every variant that changes what a board
// shows, draws every board at one size, fixed by its seats whatever the
// moves, so that its replay's frames line up; and in every language the
// legend's words are the words of the game's buttons, log and rules.
func TestThatsLifePlayedBoards(t *testing.T) {
	t.Parallel()
	r := shared()
	k := r.thatsLife()
	g := thatslife.Game{}
	said := []string{g.Info().Rules}
	for seats := 2; seats <= 6; seats++ {
		opts := games.Options{"recycle_cards": "true", "back_or_stay_on_1": "true"}
		if seats%2 == 0 {
			opts["end_at_last_figure"] = "true"
		}
		s, err := g.New(games.Config{Seats: seats, Options: opts, Seed: uint64(seats)})
		if err != nil {
			t.Fatal(err)
		}
		want := k.thatsLifeHeight(seats, english)
		if want > 1000 {
			t.Errorf("%d seats: boards are %d px tall, want at most 1000", seats, want)
		}
		for move := 0; ; move++ {
			active := s.Active()
			// Every third board is drawn, and the last, so that the test
			// stays quick under the race detector.
			if move%3 == 0 || len(active) == 0 {
				v := s.View(games.Observer).(thatslife.View)
				data, err := r.ThatsLife(v, nil, i18n.English)
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				if cfg.Width != PhoneWidth || cfg.Height != want {
					t.Fatalf("%d seats, move %d: board is %d×%d, want %d×%d", seats, move, cfg.Width, cfg.Height, PhoneWidth, want)
				}
			}
			if len(active) == 0 {
				break
			}
			cs := s.Legal(active[0])
			for _, c := range cs {
				said = append(said, c.Label)
			}
			ev, err := s.Apply(active[0], cs[move*7%len(cs)].Action)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				said = append(said, e.Text)
			}
		}
	}
	for _, lang := range i18n.Langs {
		say := words().In(lang)
		text := strings.ToLower(strings.Join(say.SayAll(said), "\n"))
		for _, it := range worded(say, slices.Concat(k.legend, k.overLegend, []legendItem{k.lockLegend})) {
			for _, word := range strings.Fields(strings.ToLower(it.word)) {
				if len(word) > 3 && !strings.Contains(text, word) {
					t.Errorf("%s: the legend says %q, and the game's buttons, log and rules never say %q", lang, it.word, word)
				}
			}
		}
	}
}

func BenchmarkThatsLife(b *testing.B) {
	benchmarkBoard(b, midOfSix(), thatsLifeGoldens()[1].names)
}

// BenchmarkThatsLifeStart draws the fullest course: every card, every
// seat's figures on Start, the longest names.
func BenchmarkThatsLifeStart(b *testing.B) {
	benchmarkBoard(b, startOfSix(), longNames)
}

// BenchmarkThatsLifeOver draws the finished board of six players.
func BenchmarkThatsLifeOver(b *testing.B) {
	benchmarkBoard(b, overOfSix(), longNames)
}

// The card the last move's piece stopped on, and the card it took, are
// outlined in the fresh colour, and nothing is without a last move.
func TestThatsLifeMarksTheLastMove(t *testing.T) {
	t.Parallel()
	r := shared()
	isFresh := func(im *image.RGBA, x, y int) bool { return im.RGBAAt(x, y) == rgb(fresh) }
	// freshBelow counts the pixels in the fresh colour from row top down.
	freshBelow := func(im *image.RGBA, top int) int {
		n := 0
		for y := top; y < im.Rect.Dy(); y++ {
			for x := range im.Rect.Dx() {
				if isFresh(im, x, y) {
					n++
				}
			}
		}
		return n
	}
	v := midOfSix()
	data, err := r.ThatsLife(v, nil, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	im := decode(t, data)
	to := slices.IndexFunc(v.Spots, func(sp thatslife.Spot) bool { return sp.Card.ID == v.Last.To })
	x, y := slot(courseSlot(to))
	if !isFresh(im, x-3, y+tlCardH/2) || !isFresh(im, x+tlCardW+2, y+tlCardH/2) {
		t.Errorf("the card the last move reached, %s, is not outlined", v.Last.To)
	}
	if freshBelow(im, tlPanelTop) == 0 {
		t.Errorf("the card the last move took, %s, is not outlined in its taker's row", v.Last.Took)
	}

	v.Last = nil
	if data, err = r.ThatsLife(v, nil, i18n.English); err != nil {
		t.Fatal(err)
	}
	if n := freshBelow(decode(t, data), 0); n > 0 {
		t.Errorf("with no last move, %d pixels are in the fresh colour", n)
	}
}

package render

import (
	"bytes"
	"errors"
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
)

// A Life fixtures are real games: seeded AI players driven through the
// engine until the state a golden wants.

var (
	alifeNames2 = []string{"Ingrid", "Lars"}
	alifeNames3 = []string{"Ada", "Bartholomew-Maximilian von Hohenzollern", "Zoë"}
	alifeNames4 = []string{"Mia", "Noah", "Olivia", "Jürgen"}
	// alifeLong are four of the longest names a board meets.
	alifeLong = []string{"Bartholomew-Maximilian von Hohenzollern", "Anastasia Konstantinovna Rimskaya", "Wolfgang Amadeus Lüdenscheid", "Maria-Magdalena Oyelaran-Okafor"}
)

// alifePlay plays a seeded game of AI players until stop holds (or the
// game ends) and returns it. A nil t panics on failure, for goldens.
func alifePlay(t testing.TB, seats int, seed uint64, stop func(alife.View) bool) games.State {
	return alifePlayUntil(t, seats, seed, func(st games.State) bool {
		return stop != nil && stop(st.View(games.Observer).(alife.View))
	})
}

// alifePlayUntil plays as alifePlay does until stop holds for the state.
func alifePlayUntil(t testing.TB, seats int, seed uint64, stop func(games.State) bool) games.State {
	st, err := alife.Game{}.New(games.Config{Seats: seats, Seed: seed})
	if err != nil {
		alifeFail(t, err)
	}
	ai, rng := alife.Game{}.AI(), rand.New(rand.NewPCG(seed, seed))
	for range 2000 {
		if stop(st) {
			break
		}
		active := st.Active()
		if len(active) == 0 {
			break
		}
		seat := active[0]
		if _, err := st.Apply(seat, ai.Choose(st, seat, rng)); err != nil {
			alifeFail(t, err)
		}
	}
	return st
}

func alifeFail(t testing.TB, err error) {
	if t == nil {
		panic(err)
	}
	t.Helper()
	t.Fatal(err)
}

// atRound stops at the first card step of round n.
func atRound(n int) func(alife.View) bool {
	return func(v alife.View) bool { return v.Round >= n && v.Step == "round" }
}

// atChild stops at the child step after phase 3 (or 4 with later set).
func atChild(round int) func(alife.View) bool {
	return func(v alife.View) bool { return v.Step == "child" && v.Round >= round }
}

func alifeMid3() games.State   { return alifePlay(nil, 3, 11, atRound(8)) }
func alifeChild4() games.State { return alifePlay(nil, 4, 5, atChild(12)) }
func alifeOver2() games.State  { return alifePlay(nil, 2, 3, nil) }
func alifeOver3() games.State  { return alifePlay(nil, 3, 11, nil) }
func alifeStart4() games.State {
	return alifePlay(nil, 4, 2, func(v alife.View) bool { return len(v.Acting) > 0 && v.Acting[0] != v.Start })
}
func alifeLate4() games.State { return alifePlay(nil, 4, 9, atRound(13)) }

// alifeFullestHand is the view of a seat holding twelve cards, the most
// any seat holds in the first sixty four-seat games.
func alifeFullestHand() alife.View {
	var full *alife.View
	alifePlayUntil(nil, 4, 42, func(st games.State) bool {
		for s, sv := range st.View(games.Observer).(alife.View).Seats {
			if sv.HandSize >= 12 {
				v := st.View(games.Seat(s)).(alife.View)
				full = &v
				return true
			}
		}
		return false
	})
	if full == nil {
		panic("no seat holds twelve cards")
	}
	return *full
}

// alifeKeptHand is the view of a seat that has kept a card for its child
// while another still chooses.
func alifeKeptHand() alife.View {
	var kept *alife.View
	alifePlayUntil(nil, 4, 5, func(st games.State) bool {
		for s := range st.View(games.Observer).(alife.View).Seats {
			if v := st.View(games.Seat(s)).(alife.View); len(v.Kept) > 0 {
				kept = &v
				return true
			}
		}
		return false
	})
	if kept == nil {
		panic("no seat keeps a card for its child")
	}
	return *kept
}
func alifePublic(st games.State) alife.View { return st.View(games.Observer).(alife.View) }

// alifeHandOf is the view of the first seat acting now.
func alifeHandOf(st games.State) alife.View {
	seat := games.Seat(0)
	if a := st.Active(); len(a) > 0 {
		seat = a[0]
	}
	return st.View(seat).(alife.View)
}

// alifeChildHand is the view of a seat with a child pair to keep from.
func alifeChildHand() alife.View {
	st := alifeChild4()
	for _, s := range st.Active() {
		if v := st.View(s).(alife.View); len(v.Children) > 0 {
			return v
		}
	}
	panic("no seat has a child pair")
}

// alifeLifeOf is seat's life board.
func alifeLifeOf(st games.State, seat games.Seat) alife.LifeBoardView {
	return st.(games.Inspector).Inspect(seat).(alife.LifeBoardView)
}

// alifeMostFriends is the life board of the seat whose cards most seats
// befriended, so that the golden shows friendship marks.
func alifeBestLife(st games.State) alife.LifeBoardView {
	best, most := games.Seat(0), -1
	for s := range st.View(games.Observer).(alife.View).Seats {
		lv := alifeLifeOf(st, games.Seat(s))
		n := len(lv.Life.Befriended)
		for _, col := range lv.Life.Tableau {
			for _, p := range col {
				n += p.Friends
				if p.Child {
					n++
				}
			}
		}
		if n > most {
			best, most = games.Seat(s), n
		}
	}
	return alifeLifeOf(st, best)
}

func alifeGoldens() []golden {
	return []golden{
		{"alife_board_mid3", func() any { return alifePublic(alifeMid3()) }, alifeNames3, PhoneWidth, alifeBoardHeight(3)},
		{"alife_board_child4", func() any { return alifePublic(alifeChild4()) }, alifeNames4, PhoneWidth, alifeBoardHeight(4)},
		{"alife_board_start4", func() any { return alifePublic(alifeStart4()) }, alifeNames4, PhoneWidth, alifeBoardHeight(4)},
		{"alife_board_late4", func() any { return alifePublic(alifeLate4()) }, alifeLong, PhoneWidth, alifeBoardHeight(4)},
		{"alife_board_over2", func() any { return alifePublic(alifeOver2()) }, alifeNames2, PhoneWidth, alifeBoardHeight(2)},
		{"alife_board_over3", func() any { return alifePublic(alifeOver3()) }, alifeNames3, PhoneWidth, alifeBoardHeight(3)},
		{"alife_hand_mid3", func() any { return alifeHandOf(alifeMid3()) }, alifeNames3, PhoneWidth, alifeTestKit().handHeight(english)},
		{"alife_hand_child4", func() any { return alifeChildHand() }, alifeNames4, PhoneWidth, alifeTestKit().handHeight(english)},
		{"alife_hand_kept4", func() any { return alifeKeptHand() }, alifeLong, PhoneWidth, alifeTestKit().handHeight(english)},
		{"alife_hand_full4", func() any { return alifeFullestHand() }, alifeLong, PhoneWidth, alifeTestKit().handHeight(english)},
		{"alife_life_mid3", func() any { return alifeBestLife(alifeMid3()) }, alifeNames3, PhoneWidth, alLifeHeight},
		{"alife_life_late4", func() any { return alifeBestLife(alifeLate4()) }, alifeLong, PhoneWidth, alLifeHeight},
		{"alife_life_over3", func() any { return alifeBestLife(alifeOver3()) }, alifeNames3, PhoneWidth, alLifeHeight},
		{"alife_life_over2", func() any { return alifeLifeOf(alifeOver2(), 1) }, alifeNames2, PhoneWidth, alLifeHeight},
	}
}

// alifeTestKit is a kit for what the tests measure of the layout.
var alifeTestKit = sync.OnceValue(func() *alifeKit { return newAlifeKit(defaultFonts) })

// alifeBoardHeight is the height of the board of n seats.
func alifeBoardHeight(n int) int { return alifeTestKit().boardHeight(n, english) }

func TestAlifeGolden(t *testing.T) {
	t.Parallel()
	checkGoldens(t, alifeGoldens())
}

// TestAlifeFixtures checks that the goldens show what they are named for.
func TestAlifeFixtures(t *testing.T) {
	t.Parallel()
	if v := alifePublic(alifeChild4()); v.Step != "child" || len(v.Seats) != 4 {
		t.Errorf("child4: step %q with %d seats, want the child step with 4", v.Step, len(v.Seats))
	}
	if v := alifeChildHand(); len(v.Children) == 0 {
		t.Error("the child hand has no pair to keep from")
	}
	for name, st := range map[string]games.State{"over2": alifeOver2(), "over3": alifeOver3()} {
		if v := alifePublic(st); v.Step != "over" || len(v.Rank) != len(v.Seats) {
			t.Errorf("%s: step %q, ranks %v: want the game over", name, v.Step, v.Rank)
		}
	}
	if v := alifeHandOf(alifeMid3()); len(v.Hand) == 0 || v.Phase != 3 {
		t.Errorf("mid3 hand: %d cards in phase %d, want a hand in phase 3", len(v.Hand), v.Phase)
	}
	v := alifePublic(alifeMid3())
	for s, sv := range v.Seats {
		if got := alProducts(sv); sum(got[:]) != sv.Score {
			t.Errorf("seat %d: products sum to %d, the view scores %d", s, sum(got[:]), sv.Score)
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// TestAlifeBoardRefusesPrivate: a public view carrying a seat's hand,
// child pairs, cards kept for children or draws is refused, never drawn.
func TestAlifeBoardRefusesPrivate(t *testing.T) {
	t.Parallel()
	r := shared()
	st := alifeMid3()
	own := alifeHandOf(st)
	for name, leak := range map[string]func(*alife.View){
		"hand":       func(v *alife.View) { v.Hand = own.Hand },
		"empty hand": func(v *alife.View) { v.Hand = []alife.Card{} },
		"children":   func(v *alife.View) { v.Children = [][2]alife.Card{{own.Hand[0], own.Hand[0]}} },
		"draws":      func(v *alife.View) { v.Draws = 2 },
		"kept":       func(v *alife.View) { v.Kept = own.Hand[:1] },
	} {
		v := alifePublic(st)
		leak(&v)
		if _, err := r.Board(v, alifeNames3, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("a public view carrying %s: err = %v, want ErrPrivateInPublic", name, err)
		}
	}
}

// TestAlifeBoardHidesHands checks that the board is drawn from public
// material alone: each seat's own view, its hand, child pairs, kept
// cards and draws taken away, draws exactly the observer's board, however
// the hands differ; and that of a hand, its size and the phases of its
// backs show.
func TestAlifeBoardHidesHands(t *testing.T) {
	t.Parallel()
	r := shared()
	for name, st := range map[string]games.State{"mid3": alifeMid3(), "child4": alifeChild4()} {
		base := decode(t, mustBoard(t, r, alifePublic(st))).Pix
		held := 0
		for s := range alifePublic(st).Seats {
			v := st.View(games.Seat(s)).(alife.View)
			held += len(v.Hand)
			v.Seat, v.Hand, v.Children, v.Kept, v.Draws = int(games.Observer), nil, nil, nil, 0
			if !bytes.Equal(decode(t, mustBoard(t, r, v)).Pix, base) {
				t.Errorf("%s: seat %d's view without its hand draws another board", name, s)
			}
		}
		if held == 0 {
			t.Errorf("%s: no seat holds a hand to hide", name)
		}
	}
	v := alifePublic(alifeMid3())
	base := decode(t, mustBoard(t, r, v)).Pix
	v.Seats[0].HandPhases[4]++
	v.Seats[0].HandSize++
	if bytes.Equal(decode(t, mustBoard(t, r, v)).Pix, base) {
		t.Error("the board does not show a hand's size and phases")
	}
}

// TestAlifeShowsState checks that each image answers to what it must
// show, so it is drawn from the view, not baked into the goldens.
func TestAlifeShowsState(t *testing.T) {
	t.Parallel()
	r := shared()
	draw := func(v any) []byte {
		data, err := r.Board(v, alifeNames3, i18n.English)
		if err != nil {
			t.Fatal(err)
		}
		return decode(t, data).Pix
	}
	st := alifeMid3()
	board := draw(alifePublic(st))
	for name, change := range map[string]func(*alife.View){
		"hearts": func(v *alife.View) { v.Seats[1].Hearts-- },
		"money":  func(v *alife.View) { v.Seats[2].Money += 5 },
		"stack":  func(v *alife.View) { v.Seats[0].Row = (v.Seats[0].Row + 1) % 4 },
		"acting": func(v *alife.View) { v.Acting = []int{2} },
		"start":  func(v *alife.View) { v.Start = (v.Start + 1) % 3 },
		"dead":   func(v *alife.View) { v.Seats[1].Dead = true },
		"card":   func(v *alife.View) { v.Columns[1].Cards[2] = nil },
		"last": func(v *alife.View) {
			v.Last = &alife.LastMove{Seat: 1, Move: "res", Col: v.Seats[1].Col, Row: v.Seats[1].Row}
		},
		"children": func(v *alife.View) { v.Seats[0].Children = 2 },
	} {
		v := alifePublic(st)
		change(&v)
		if bytes.Equal(board, draw(v)) {
			t.Errorf("board: changing %s leaves it unchanged", name)
		}
	}
	hand := alifeHandOf(st)
	base := draw(hand)
	for name, change := range map[string]func(*alife.View){
		"hand":  func(v *alife.View) { v.Hand = v.Hand[1:] },
		"phase": func(v *alife.View) { v.Phase = 5 },
		"draws": func(v *alife.View) { v.Draws = 2 },
		"track": func(v *alife.View) { v.Seats[v.Seat].Scoring[3] += 2 },
		"kept":  func(v *alife.View) { v.Kept = v.Hand[:1] },
	} {
		v := alifeHandOf(st)
		change(&v)
		if bytes.Equal(base, draw(v)) {
			t.Errorf("hand: changing %s leaves it unchanged", name)
		}
	}
	// A seat's hand image shows nothing of the others' hands.
	v := alifeHandOf(st)
	other := (v.Seat + 1) % len(v.Seats)
	v.Seats[other].HandSize += 3
	v.Seats[other].HandPhases[4] += 3
	if !bytes.Equal(base, draw(v)) {
		t.Error("a hand image changes with another seat's hand")
	}
	life := alifeBestLife(st)
	lbase := draw(life)
	for name, change := range map[string]func(*alife.LifeBoardView){
		"developed": func(v *alife.LifeBoardView) { v.Life.Tableau[0][0].Developed = !v.Life.Tableau[0][0].Developed },
		"friends":   func(v *alife.LifeBoardView) { v.Life.Tableau[1][0].Friends += 2 },
		"over":      func(v *alife.LifeBoardView) { v.Over, v.Rank = true, 1 },
		"baby":      func(v *alife.LifeBoardView) { v.Life.Baby.Scoring[9]++ },
	} {
		lv := alifeBestLife(st)
		change(&lv)
		if bytes.Equal(lbase, draw(lv)) {
			t.Errorf("life board: changing %s leaves it unchanged", name)
		}
	}
}

// TestAlifeBoardDispatch checks that Board draws the public view as the
// board, a seat's view as its hand and a life board as a life board,
// each a phone's width and its kind's height, and that a negative seat
// other than the observer's is refused as a hand.
func TestAlifeBoardDispatch(t *testing.T) {
	t.Parallel()
	r := shared()
	st := alifeMid3()
	for name, c := range map[string]struct {
		view   any
		height int
	}{
		"board": {alifePublic(st), alifeBoardHeight(3)},
		"hand":  {alifeHandOf(st), alifeTestKit().handHeight(english)},
		"life":  {alifeLifeOf(st, 1), alLifeHeight},
	} {
		data, err := r.Board(c.view, alifeNames3, i18n.English)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := decode(t, data).Bounds(); b.Dx() != PhoneWidth || b.Dy() != c.height {
			t.Errorf("%s: image is %v, want %dx%d", name, b, PhoneWidth, c.height)
		}
	}
	hand, board := decode(t, mustBoard(t, r, alifeHandOf(st))), decode(t, mustBoard(t, r, alifePublic(st)))
	if bytes.Equal(hand.Pix, board.Pix) {
		t.Error("a seat's view was drawn as the public board")
	}
	if _, err := r.Board(alife.View{Seat: -2}, nil, i18n.English); err == nil {
		t.Error("a view of seat −2 was drawn")
	}
}

func mustBoard(t *testing.T, r *Renderer, v any) []byte {
	t.Helper()
	data, err := r.Board(v, alifeNames3, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestAlifeFaceCache checks that faces are cached by id, that a view
// reusing an id for another card gets its own face, and that ids outside
// the deck are never cached.
func TestAlifeFaceCache(t *testing.T) {
	t.Parallel()
	k := newAlifeKit(defaultFonts)
	hand := alifeHandOf(alifeMid3()).Hand
	a := k.face(hand[0], english)
	if k.face(hand[0], english) != a {
		t.Error("the same card's face was drawn twice")
	}
	other := hand[1]
	other.ID = hand[0].ID
	if bytes.Equal(k.face(other, english).index, a.index) {
		t.Error("a different card with a reused id got the cached face")
	}
	for _, id := range []int{-1, alMaxCachedID, math.MaxInt} {
		c := hand[0]
		c.ID = id
		k.face(c, english)
		k.cardLine(c, 0, english)
		k.tile(c, english)
	}
	k.faces.Range(func(key, _ any) bool {
		if id := key.(alFaceKey).id; id < 0 || id >= alMaxCachedID {
			t.Errorf("face of id %d was cached", id)
		}
		return true
	})
}

// TestAlifeConcurrent renders every golden at once on one Renderer; run
// with -race it shows the caches and pools are shared safely.
func TestAlifeConcurrent(t *testing.T) {
	t.Parallel()
	checkConcurrent(t, alifeGoldens())
}

// TestAlifeOddViews: views no game produces still draw a whole image.
func TestAlifeOddViews(t *testing.T) {
	t.Parallel()
	st := alifeMid3()
	hand := alifeHandOf(st).Hand
	weird := alife.Card{ID: 5000, Phase: 9, Title: strings.Repeat("Wonderful ", 30),
		Base:  alife.Area{Money: math.MaxInt, Draw: 99, Hearts: 12, Babies: 40},
		Costs: []alife.Cost{{Money: -3, Discard: 77, Hearts: 9}, {}, {}},
		Dev:   alife.Area{Lose: [10]int{9, 9, 9, 9, 9, 9, 9, 9, 9, 9}}}
	for r := range 10 {
		weird.Base.Scoring[r] = 9
		weird.Base.Life[r] = 3
		weird.Costs[0].Need[r] = 12
	}
	empty := alife.Card{ID: 7, Title: "\x00\u202e🎲"}
	big := func() alife.View {
		v := alifePublic(st)
		for s := range v.Seats {
			sv := &v.Seats[s]
			sv.Money, sv.Score, sv.Hearts, sv.HandSize = math.MaxInt, math.MinInt, 12, math.MaxInt
			sv.Scoring[0], sv.Life[0] = math.MaxInt, -1
			sv.HandPhases = [5]int{99, 99, 99, 99, 99}
			sv.Col, sv.Row = 40, -3
			for p := range sv.Tableau {
				for range 12 {
					sv.Tableau[p] = append(sv.Tableau[p], alife.PlayedView{Card: weird, Developed: true, Friends: 40})
				}
			}
			for range 30 {
				sv.Befriended = append(sv.Befriended, weird)
			}
		}
		v.Columns[0].Cards = append(v.Columns[0].Cards, &weird, nil, &empty)
		v.Columns = append(v.Columns, v.Columns...)
		v.Acting = []int{-4, 99, 0, 1, 2}
		v.Start = 77
		v.Round, v.Phase = math.MaxInt, -2
		return v
	}
	cases := map[string]any{
		"zero board":          alife.View{Seat: -1},
		"zero hand":           alife.View{Seat: 0},
		"zero life":           alife.LifeBoardView{},
		"hand of absent seat": alife.View{Seat: 9, Hand: hand, Children: [][2]alife.Card{{weird, empty}}},
		"nil cards": func() alife.View {
			v := alifePublic(st)
			v.Columns[0].Cards = []*alife.Card{nil, nil, nil, nil}
			v.Columns[1].Cards = nil
			return v
		}(),
		"one column": func() alife.View { v := alifePublic(st); v.Columns = v.Columns[:1]; return v }(),
		"no columns": func() alife.View { v := alifePublic(st); v.Columns = nil; return v }(),
		"dead seats": func() alife.View { v := alifePublic(st); v.Seats[0].Dead, v.Seats[2].Dead = true, true; return v }(),
		"all on one space": func() alife.View {
			v := alifePublic(st)
			for s := range v.Seats {
				v.Seats[s].Col, v.Seats[s].Row = 7, 2
			}
			return v
		}(),
		"absurd board": big(),
		"eight seats": func() alife.View {
			v := alifePublic(st)
			v.Seats = append(v.Seats, v.Seats...)
			v.Seats = append(v.Seats, v.Seats[:2]...)
			return v
		}(),
		"over, short ranks": func() alife.View { v := alifePublic(alifeOver2()); v.Rank = []int{1}; return v }(),
		"absurd hand": func() alife.View {
			v := big()
			v.Seat = 1
			for range 40 {
				v.Hand = append(v.Hand, weird, empty)
			}
			v.Children = [][2]alife.Card{{weird, empty}, {empty, weird}}
			v.Draws = math.MaxInt
			return v
		}(),
		"absurd life board": func() alife.LifeBoardView {
			v := big()
			return alife.LifeBoardView{Seat: 3, Round: -1, Phase: 12, Over: true, Rank: math.MaxInt, Seats: -4, Life: v.Seats[0]}
		}(),
		"life of a dead seat": func() alife.LifeBoardView {
			v := alifeLifeOf(alifeOver2(), 0)
			v.Life.Dead, v.Life.Hearts = true, 0
			return v
		}(),
	}
	r := shared()
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			data, err := r.Board(v, []string{"", strings.Repeat("W", 300), "\xff\xfe"}, i18n.English)
			if err != nil {
				t.Fatal(err)
			}
			if b := decode(t, data).Bounds(); b.Dx() != PhoneWidth || b.Dy() > 1000 {
				t.Errorf("image is %v, want %d wide and at most 1000 tall", b, PhoneWidth)
			}
		})
	}
}

func BenchmarkAlifeBoard(b *testing.B) {
	benchmarkBoard(b, alifePublic(alifeMid3()), alifeNames3)
}

func BenchmarkAlifeHand(b *testing.B) { benchmarkBoard(b, alifeChildHand(), alifeNames4) }

func BenchmarkAlifeLifeBoard(b *testing.B) {
	benchmarkBoard(b, alifeBestLife(alifeOver3()), alifeNames3)
}

// TestAlifeMarksTheLastMove checks that the board outlines what the last
// move changed, in the fresh colour: the space a taken card's stack
// moved to and the card dealt in its place, or the panel of the seat
// that made any other move.
func TestAlifeMarksTheLastMove(t *testing.T) {
	t.Parallel()
	r := shared()
	st := alifeMid3()
	outlined := func(v alife.View, box image.Rectangle) bool {
		im := decode(t, mustBoard(t, r, v))
		o := box.Inset(-freshLine - 1)
		return im.RGBAAt(o.Min.X+o.Dx()/2, o.Min.Y+1) == rgb(fresh)
	}
	v := alifePublic(st)
	v.Last = &alife.LastMove{Seat: 1, Move: "res", Col: v.Seats[1].Col, Row: v.Seats[1].Row}
	if !outlined(v, seatRect(1)) {
		t.Error("a resource space used: the seat's panel is not outlined")
	}
	if outlined(v, seatRect(0)) {
		t.Error("another seat's panel is outlined")
	}
	v.Last = &alife.LastMove{Seat: 1, Move: "take", Col: v.Columns[0].Column, Row: 2}
	cy := int(abRowY(2))
	if !outlined(v, spaceRect(1, 2)) || !outlined(v, image.Rect(abCardA, cy-alCardH/2, abCardA+alCardW, cy+alCardH/2)) {
		t.Error("a card taken: the space and the card dealt in its place are not both outlined")
	}
	if outlined(v, seatRect(1)) {
		t.Error("a card taken: the seat's panel is outlined too")
	}
}

// TestAlifeHeights: every image fits a phone's screen, and a board's
// height depends on the seats alone, so that a replay's frames line up.
func TestAlifeHeights(t *testing.T) {
	t.Parallel()
	k := alifeTestKit()
	for n := range alMaxSeats + 1 {
		if h := k.boardHeight(n, english); h > 1000 {
			t.Errorf("the board of %d seats is %d px tall, want at most 1000", n, h)
		}
	}
	if h := k.handHeight(english); h > 1000 {
		t.Errorf("a hand is %d px tall, want at most 1000", h)
	}
	r := shared()
	st := alifeLate4()
	first := decode(t, mustBoard(t, r, alifePublic(alifeStart4()))).Bounds()
	for _, v := range []alife.View{alifePublic(st), alifePublic(alifeChild4())} {
		if b := decode(t, mustBoard(t, r, v)).Bounds(); b != first {
			t.Errorf("a four-seat board is %v, the first was %v", b, first)
		}
	}
	mid, over := decode(t, mustBoard(t, r, alifePublic(alifeMid3()))).Bounds(), decode(t, mustBoard(t, r, alifePublic(alifeOver3()))).Bounds()
	if mid != over {
		t.Errorf("a finished three-seat board is %v, one in play %v", over, mid)
	}
}

package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
)

// Lagom fixtures are built by hand from the rules of RULINGS 5, with cards
// invented for the purpose, independent of the engine and its card set.

type sym = lagom.Symbol

const (
	lH  = lagom.LoseHealth
	lR  = lagom.LoseRelationship
	lS  = lagom.SpendWealth
	gW  = lagom.Wealth
	gR  = lagom.Relationship
	gL  = lagom.Leisure
	gP  = lagom.Purpose
	bad = lagom.Symbol(42)
)

func lcard(id int, title string, reward int, tl, tr, br, bl []sym) lagom.Card {
	return lagom.Card{ID: id, Title: title, Reward: reward, Quads: [4][]sym{tl, tr, br, bl}}
}

func s(x ...sym) []sym { return x }

var lagomDeck = []lagom.Card{
	lcard(1, "Morning run", 1, s(gL), s(lH), s(gP), nil),
	lcard(2, "Family dinner", 0, s(gR), s(lS), s(gR, gL), s(lH)),
	lcard(3, "Side business", 2, s(gW), s(lH, lH), s(gW, gP), s(lR)),
	lcard(4, "Night shift", 1, s(lH), s(gW), s(lR), s(gW)),
	lcard(5, "Old friends", 0, s(gR, gR), s(lH), nil, s(gL)),
	lcard(6, "Volunteering", 2, s(gP), s(lS), s(gR), s(gP)),
	lcard(7, "Beach holiday", 1, s(gL, gL), s(lS), s(lH), s(gR)),
	lcard(8, "Promotion", 0, s(gW, gP), s(lR), s(lH), s(gW)),
	lcard(9, "Garden", 3, s(gL), nil, s(gP), s(lS)),
	lcard(10, "Wedding", 0, s(gR), s(lS, lS), s(gR, gP), s(gL)),
	lcard(11, "Savings plan", 2, s(gW), s(lS), s(gW, gW), nil),
	lcard(12, "Burnout", 3, s(lH, lR), s(gP), s(gW), s(lH)),
	lcard(13, "Book club", 1, s(gR), s(gP), s(lS), s(lH)),
	lcard(14, "Marathon", 2, s(gP, gP), s(lH, lH), s(gL), nil),
}

func deck(id int) lagom.Card { return lagomDeck[id-1] }

func cardp(id int) *lagom.Card { c := deck(id); return &c }

// played puts a card into a tableau on side, with the symbols at the
// given indexes of its active side sunset, and stacks on its Wealth
// symbols.
func played(id int, side lagom.Side, round int, sunset []int, stacks ...int) lagom.Played {
	c := deck(id)
	p := lagom.Played{Card: c, Side: side, Round: round, Symbols: activeSymbols(c, side)}
	p.Sunset = make([]bool, len(p.Symbols))
	p.Stacks = make([]int, len(p.Symbols))
	for _, i := range sunset {
		p.Sunset[i] = true
	}
	w := 0
	for i, x := range p.Symbols {
		if x == gW && w < len(stacks) {
			if !p.Sunset[i] {
				p.Stacks[i] = stacks[w]
			}
			w++
		}
	}
	return p
}

// lagomMid4 is round 6 after the reveal: two seats have played or
// discarded, one still decides, and one is out of the journey.
func lagomMid4() lagom.View {
	return lagom.View{
		Seat: games.Observer,
		Seats: []lagom.SeatView{
			{Health: 14, Coins: 6, Fulfilment: 38, HandSize: 3, Scored: 9, Decided: true, Revealed: cardp(13),
				Tableau: []lagom.Played{played(2, lagom.Left, 1, nil), played(4, lagom.Top, 2, nil, 4), played(6, lagom.Bottom, 3, nil),
					played(5, lagom.Left, 4, []int{0}), played(11, lagom.Left, 5, nil, 2)}},
			{Health: 22, Coins: 1, Fulfilment: 27, HandSize: 2, Scored: 4, Revealed: cardp(7),
				Tableau: []lagom.Played{played(1, lagom.Top, 1, nil), played(9, lagom.Left, 2, nil), played(3, lagom.Top, 3, []int{0}),
					played(10, lagom.Right, 4, nil), played(7, lagom.Bottom, 5, nil), played(14, lagom.Left, 6, nil)}},
			{Health: 2, Coins: 11, Fulfilment: 45, HandSize: 3, Out: true, Scored: 0,
				Tableau: []lagom.Played{played(8, lagom.Left, 1, []int{0}), played(11, lagom.Right, 2, nil, 5, 5), played(13, lagom.Left, 3, nil),
					played(5, lagom.Top, 4, nil), played(2, lagom.Right, 5, nil), played(12, lagom.Top, 5, nil), played(6, lagom.Left, 6, nil)}},
			{Health: 9, Coins: 3, Fulfilment: 31, HandSize: 2, Scored: 6, Decided: true, Revealed: cardp(9), Discarded: true,
				Tableau: []lagom.Played{played(10, lagom.Left, 1, []int{0}), played(6, lagom.Right, 2, nil), played(4, lagom.Left, 3, nil, 3),
					played(13, lagom.Top, 4, nil), played(1, lagom.Left, 5, nil)}},
		},
		Round:    6,
		Step:     "play",
		Active:   []games.Seat{0, 1, 3},
		DeckSize: 41,
		Options:  "4 players · 90 cards · timeout 24 h",
	}
}

// lagomSealed6 is round 3's pick: four of six seats have picked, sealed.
func lagomSealed6() lagom.View {
	v := lagom.View{
		Seat:     games.Observer,
		Round:    3,
		Step:     "pick",
		Active:   []games.Seat{0, 1, 2, 3, 4, 5},
		DeckSize: 58,
		Options:  "6 players",
	}
	tabs := [][]lagom.Played{
		{played(1, lagom.Left, 1, nil), played(11, lagom.Top, 2, nil, 2)},
		{played(5, lagom.Left, 1, nil), played(6, lagom.Top, 2, nil), played(9, lagom.Left, 2, nil)},
		{played(3, lagom.Left, 1, nil, 3)},
		{},
		{played(7, lagom.Left, 1, nil), played(10, lagom.Bottom, 2, nil)},
		{played(14, lagom.Left, 1, nil), played(2, lagom.Left, 2, nil), played(8, lagom.Bottom, 2, nil, 1), played(13, lagom.Left, 2, nil)},
	}
	for i, t := range tabs {
		v.Seats = append(v.Seats, lagom.SeatView{Health: 24 + i, Coins: 5 - i%3, Fulfilment: 3*i + 4, HandSize: 4, Scored: i + 1, Decided: i%3 != 1, Tableau: t})
	}
	return v
}

// lagomOver2 is the end of a two-seat game, decided by the tie-break.
func lagomOver2() lagom.View {
	return lagom.View{
		Seat: games.Observer,
		Seats: []lagom.SeatView{
			{Health: 1, Coins: 4, Fulfilment: 57, Out: true, Scored: 8,
				Tableau: []lagom.Played{played(2, lagom.Left, 1, nil), played(6, lagom.Bottom, 2, nil), played(10, lagom.Right, 3, nil),
					played(13, lagom.Top, 4, nil), played(14, lagom.Left, 5, nil), played(6, lagom.Left, 6, nil), played(1, lagom.Right, 7, nil)}},
			{Health: 2, Coins: 15, Fulfilment: 57, Out: true, Scored: 11,
				Tableau: []lagom.Played{played(11, lagom.Right, 1, []int{1}, 6, 6), played(4, lagom.Top, 2, nil, 5), played(5, lagom.Left, 3, []int{0}),
					played(7, lagom.Left, 4, nil), played(9, lagom.Left, 5, nil)}},
		},
		Round: 12,
		Step:  "over",
		Over:  true,
		Result: games.Result{Over: true, Scores: []int{57, 57}, Rank: []int{1, 2},
			Detail: []string{"tie on 57: 5 purpose symbols against 1", "stacks of 11 coins never cashed"}},
		Options: "2 players",
	}
}

// lagomHandPick is seat 1's own view of a pick with four cards, its pick
// sealed.
func lagomHandPick() lagom.View {
	v := lagomSealed6()
	v.Seats = v.Seats[:4]
	v.Active = []games.Seat{0, 1, 2, 3}
	v.Seat = 0
	v.Hand = []lagom.Card{deck(3), deck(7), deck(10), deck(12), deck(14), deck(6)}
	v.Picked = cardp(7)
	v.Passed = cardp(2)
	v.Received = cardp(9)
	v.Notes = []string{"Your Savings plan stack grew to 2 coins.", "{1} passed you Garden.", "You scored 1: a bond of one round."}
	return v
}

// lagomHandPlay is seat 1's view of lagomMid4 before it decides: its
// revealed Wedding in four orientations, two of which cost six coins it
// does not have.
func lagomHandPlay() lagom.View {
	v := lagomMid4()
	v.Seat = 1
	v.Seats[1].Revealed = cardp(10)
	v.Hand = []lagom.Card{deck(5), deck(8)}
	v.Notes = []string{"Round 6: you paid 3 health.", "Picks revealed: {0} Book club, {1} Wedding, {3} Garden."}
	return v
}

var lagomNames4 = []string{"Astrid", "Björn", "Maximilian Alexander von Hohenzollern", "Zoë"}

// lagomNames6 are the longest names a table may meet, Discord's 32
// characters, in wide letters.
var lagomNames6 = []string{
	"Maximilian Alexander Wolfgang W",
	"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
	"Bartholomew Montgomery-Whitfield",
	"Anastasia Konstantinovna Volkova",
	"Mohammed Abdulrahman Al-Mansouri",
	"Guinevere Wolstenholme-Mackenzie",
}

// lagomTableH is the height of the table of n seats.
func lagomTableH(n int) int { return shared().lagom().tableHeight(n, english) }

// lagomFull6 is the densest table: six seats in round 12's play, every
// tableau as long as a game makes it, with stacks and sunsets, and every
// kind of slot: deciding, done, discarded, played and out.
func lagomFull6() lagom.View {
	v := lagom.View{Seat: games.Observer, Round: 12, Step: "play", DeckSize: 7, Active: []games.Seat{0, 1, 2, 3, 5}}
	for i := range 6 {
		sv := lagom.SeatView{Health: 30 - 4*i, Coins: 3 * i, Fulfilment: 60 + 7*i, HandSize: 3, Scored: i + 2}
		for r := range 11 {
			id := 1 + (r*5+i*3)%len(lagomDeck)
			sv.Tableau = append(sv.Tableau, played(id, lagom.Side((r+i)%4), r+1, nil, r+i))
		}
		sv.Tableau[9] = played(5, lagom.Left, 10, []int{0})
		sv.Revealed = cardp(1 + (i*4)%len(lagomDeck))
		switch i {
		case 1:
			sv.Decided = true
			sv.Tableau = append(sv.Tableau, played(sv.Revealed.ID, lagom.Top, 12, nil, 1))
		case 2:
			sv.Decided, sv.Discarded = true, true
		case 4:
			sv.Out, sv.Revealed, sv.HandSize = true, nil, 0
		case 5:
			sv.Decided = true
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// lagomOver4 is the end of a four-seat game: the picture of the README.
func lagomOver4() lagom.View {
	v := lagomMid4()
	v.Round, v.Step, v.Over, v.Active = 14, "over", true, nil
	for i := range v.Seats {
		v.Seats[i].Decided, v.Seats[i].Revealed, v.Seats[i].Discarded = false, nil, false
	}
	v.Result = games.Result{Over: true, Scores: []int{38, 27, 45, 31}, Rank: []int{2, 4, 1, 3},
		Detail: []string{
			"18 from Relationships, 8 from Leisure, 12 from Purpose; 4 Purpose, 3 active Relationships, 4 Leisure",
			"9 from Relationships, 10 from Leisure, 8 from Purpose; 2 Purpose, 1 active Relationship, 5 Leisure",
			"20 from Relationships, 6 from Leisure, 19 from Purpose; 5 Purpose, 4 active Relationships, 3 Leisure",
			"12 from Relationships, 12 from Leisure, 7 from Purpose; 3 Purpose, 2 active Relationships, 6 Leisure",
		}}
	return v
}

func lagomGoldens() []golden {
	return []golden{
		{"lagom_table_mid4", func() any { return lagomMid4() }, lagomNames4, PhoneWidth, lagomTableH(4)},
		{"lagom_table_sealed6", func() any { return lagomSealed6() }, []string{"Mia", "Noah", "Olivia", "Liam", "Sofía", "Jürgen"}, PhoneWidth, lagomTableH(6)},
		{"lagom_table_full6", func() any { return lagomFull6() }, lagomNames6, PhoneWidth, lagomTableH(6)},
		{"lagom_table_over2", func() any { return lagomOver2() }, []string{"Ingrid", "Lars"}, PhoneWidth, lagomTableH(2)},
		{"lagom_table_over4", func() any { return lagomOver4() }, lagomNames4, PhoneWidth, lagomTableH(4)},
		{"lagom_hand_pick", func() any { return lagomHandPick() }, lagomNames6, PhoneWidth, LagomHandHeight},
		{"lagom_hand_play", func() any { return lagomHandPlay() }, lagomNames4, PhoneWidth, LagomHandHeight},
		{"lagom_hand_over", func() any { v := lagomOver4(); v.Seat = 1; return v }, lagomNames4, PhoneWidth, LagomHandHeight},
	}
}

func TestLagomGolden(t *testing.T) {
	t.Parallel()
	checkGoldens(t, lagomGoldens())
}

// TestLagomTableRefusesPrivate: a bug upstream that puts a seat's private
// material into the public view must not reach the channel.
func TestLagomTableRefusesPrivate(t *testing.T) {
	t.Parallel()
	r := shared()
	cases := map[string]func(*lagom.View){
		"hand":       func(v *lagom.View) { v.Hand = []lagom.Card{deck(1)} },
		"empty hand": func(v *lagom.View) { v.Hand = []lagom.Card{} },
		"pick":       func(v *lagom.View) { v.Picked = cardp(2) },
		"passed":     func(v *lagom.View) { v.Passed = cardp(3) },
		"received":   func(v *lagom.View) { v.Received = cardp(4) },
		"notes":      func(v *lagom.View) { v.Notes = []string{"You picked Garden."} },
	}
	for name, leak := range cases {
		v := lagomSealed6()
		leak(&v)
		if _, err := r.Board(v, nil, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("Board with a public view carrying a %s: err = %v, want ErrPrivateInPublic", name, err)
		}
		if _, err := r.LagomTable(v, nil, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("LagomTable with a view carrying a %s: err = %v, want ErrPrivateInPublic", name, err)
		}
	}
	if _, err := r.LagomHand(lagomSealed6(), nil, i18n.English); err == nil {
		t.Error("LagomHand drew the public view as somebody's hand")
	}
}

// TestLagomBoardDispatch checks that Board draws the public view as the
// table and a seat's view as its DM image, and that pooled frames survive
// the change of size.
func TestLagomBoardDispatch(t *testing.T) {
	t.Parallel()
	r := shared()
	for _, c := range []struct {
		v    lagom.View
		w, h int
	}{{lagomMid4(), PhoneWidth, lagomTableH(4)}, {lagomHandPlay(), PhoneWidth, LagomHandHeight}, {lagomSealed6(), PhoneWidth, lagomTableH(6)}} {
		data, err := r.Board(c.v, lagomNames4, i18n.English)
		if err != nil {
			t.Fatal(err)
		}
		if b := decode(t, data).Bounds(); b.Dx() != c.w || b.Dy() != c.h {
			t.Errorf("seat %d: image is %v, want %dx%d", c.v.Seat, b, c.w, c.h)
		}
	}
	after, _ := r.LagomTable(lagomMid4(), lagomNames4, i18n.English)
	alone, _ := NewRenderer().LagomTable(lagomMid4(), lagomNames4, i18n.English)
	if !bytes.Equal(decode(t, after).Pix, decode(t, alone).Pix) {
		t.Error("a table drawn after a DM image differs from one drawn alone")
	}
}

// TestLagomTableShowsState checks that the table answers to what it must
// show — who has decided, a seat's numbers, a sunset — and so is drawn
// from the view, not from fixtures baked into the goldens.
func TestLagomTableShowsState(t *testing.T) {
	t.Parallel()
	r := shared()
	base := decodeBoard(t, r, lagomSealed6())
	for name, change := range map[string]func(*lagom.View){
		"decided":    func(v *lagom.View) { v.Seats[1].Decided = true },
		"fulfilment": func(v *lagom.View) { v.Seats[2].Fulfilment = 99 },
		"health":     func(v *lagom.View) { v.Seats[0].Health = 2 },
		"sunset":     func(v *lagom.View) { v.Seats[1].Tableau[0].Sunset[0] = true },
		"stack":      func(v *lagom.View) { v.Seats[0].Tableau[1].Stacks[0] = 7 },
		"side":       func(v *lagom.View) { v.Seats[2].Tableau[0].Side = lagom.Right },
		"out":        func(v *lagom.View) { v.Seats[5].Out = true },
	} {
		v := lagomSealed6()
		change(&v)
		if bytes.Equal(base.Pix, decodeBoard(t, r, v).Pix) {
			t.Errorf("changing %s leaves the table unchanged", name)
		}
	}
}

// freshOutline is fewer pixels than the fresh outline round one strip
// has, and more than the edges of pink symbols that share its colour.
const freshOutline = 600

// freshPixels counts the pixels of im in the colour of what changed.
func freshPixels(im *image.RGBA) int {
	c := rgb(fresh)
	n := 0
	for i := 0; i < len(im.Pix); i += 4 {
		if im.Pix[i] == c.R && im.Pix[i+1] == c.G && im.Pix[i+2] == c.B {
			n++
		}
	}
	return n
}

// TestLagomFreshMarksTheLastPlays: what the last moves changed — the
// cards played and discarded this round — is outlined, nothing once no
// card of the round is on the table, and nothing on a finished table.
func TestLagomFreshMarksTheLastPlays(t *testing.T) {
	t.Parallel()
	r := shared()
	if freshPixels(decodeBoard(t, r, lagomMid4())) < freshOutline {
		t.Error("nothing is outlined after two seats played or discarded")
	}
	v := lagomMid4()
	v.Seats[3].Discarded = false
	for i := range v.Seats {
		for j := range v.Seats[i].Tableau {
			v.Seats[i].Tableau[j].Round = min(v.Seats[i].Tableau[j].Round, 5)
		}
	}
	if n := freshPixels(decodeBoard(t, r, v)); n >= freshOutline {
		t.Errorf("%d pixels are outlined while nobody has played this round", n)
	}
	if n := freshPixels(decodeBoard(t, r, lagomOver4())); n >= freshOutline {
		t.Errorf("%d pixels are outlined on the finished table", n)
	}
}

// TestLagomHandShowsOwnChoices checks that the DM image draws the sealed
// pick and the hand, and nothing of other seats' hands.
func TestLagomHandShowsOwnChoices(t *testing.T) {
	t.Parallel()
	r := shared()
	base := decodeBoard(t, r, lagomHandPick())
	v := lagomHandPick()
	v.Seats[2].HandSize = 9
	if !bytes.Equal(base.Pix, decodeBoard(t, r, v).Pix) {
		t.Error("the DM image changes with another seat's hand size")
	}
	v = lagomHandPick()
	v.Picked = cardp(10)
	if bytes.Equal(base.Pix, decodeBoard(t, r, v).Pix) {
		t.Error("the DM image does not show which card is picked")
	}
	v = lagomHandPick()
	v.Hand = v.Hand[:2]
	if bytes.Equal(base.Pix, decodeBoard(t, r, v).Pix) {
		t.Error("the DM image does not show the hand")
	}
}

func decodeBoard(t *testing.T, r *Renderer, v lagom.View) *image.RGBA {
	t.Helper()
	data, err := r.Board(v, lagomNames4, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data)
}

// TestLagomSides checks the quadrants each side makes count, by RULINGS
// 5.1: Left = TL+BL, Top = TL+TR, Right = TR+BR, Bottom = BL+BR, listed in
// TL, TR, BR, BL order.
func TestLagomSides(t *testing.T) {
	t.Parallel()
	c := lcard(99, "", 0, s(gL), s(gR), s(gP), s(gW))
	want := map[lagom.Side][]sym{
		lagom.Left:   {gL, gW},
		lagom.Top:    {gL, gR},
		lagom.Right:  {gR, gP},
		lagom.Bottom: {gP, gW},
	}
	for side, w := range want {
		if got := activeSymbols(c, side); !slices.Equal(got, w) {
			t.Errorf("side %s: active %v, want %v", sideName(english, side), got, w)
		}
		// The active pair is what the drawing puts in the left column.
		left := []sym{c.Quads[rotated(lagom.TL, side)][0], c.Quads[rotated(lagom.BL, side)][0]}
		slices.Sort(left)
		ws := slices.Sorted(slices.Values(w))
		if !slices.Equal(left, ws) {
			t.Errorf("side %s: left column shows %v, want %v", sideName(english, side), left, ws)
		}
	}
}

func TestLagomPayable(t *testing.T) {
	t.Parallel()
	wedding := deck(10) // TR holds two Spend Wealth
	bonds := lagom.SeatView{Health: 5, Coins: 2, Tableau: []lagom.Played{played(11, lagom.Left, 1, nil, 4)}}
	if !payable(bonds, wedding, lagom.Top) {
		t.Error("6 coins with 2 in the purse and 4 invested: want payable")
	}
	bonds.Tableau[0].Sunset[0] = true
	if payable(bonds, wedding, lagom.Top) {
		t.Error("a liquidated stack still counted as coins")
	}
	burnout := deck(12) // TL: Lose Health and Lose Relationship
	if payable(lagom.SeatView{Health: 9}, burnout, lagom.Left) {
		t.Error("Lose Relationship payable without a Relationship")
	}
	withBond := lagom.SeatView{Health: 2, Tableau: []lagom.Played{played(5, lagom.Left, 1, nil)}}
	if !payable(withBond, burnout, lagom.Left) {
		t.Error("2 health and a bond pay Burnout's left side: want payable")
	}
}

// TestLagomFaceCache checks that faces are cached by id and language,
// that a view reusing an id for another card gets its own face, and that
// ids outside the deck are never cached.
func TestLagomFaceCache(t *testing.T) {
	t.Parallel()
	k := newLagomKit(defaultFonts)
	a := k.face(deck(1), english)
	if k.face(deck(1), english) != a {
		t.Error("the same card's face was drawn twice")
	}
	other := deck(2)
	other.ID = 1
	if bytes.Equal(k.face(other, english).index, a.index) {
		t.Error("a different card with a reused id got the cached face")
	}
	// Book club is a card of the game's own, whose title a German reader
	// reads in German: its face is kept once per language.
	de := words().In(i18n.German)
	if club := deck(13); bytes.Equal(k.face(club, de).index, k.face(club, english).index) || k.face(club, de) != k.face(club, de) {
		t.Error("a face is not kept once per language")
	}
	for _, id := range []int{-1, lgMaxCachedID, math.MaxInt} {
		c := deck(3)
		c.ID = id
		k.face(c, english)
		k.strip(c, lgTableStripQ, lagom.Top)
	}
	k.faces.Range(func(key, _ any) bool {
		if id := key.(lgFaceKey).id; id < 0 || id >= lgMaxCachedID {
			t.Errorf("face of id %d was cached", id)
		}
		return true
	})
}

// TestLagomConcurrent renders every golden at once on one Renderer; run
// with -race it shows the caches and pools are shared safely, and each
// image must match a lone render.
func TestLagomConcurrent(t *testing.T) {
	t.Parallel()
	checkConcurrent(t, lagomGoldens())
}

func TestLagomOddViews(t *testing.T) {
	t.Parallel()
	long := func() lagom.View {
		v := lagomSealed6()
		for i := range v.Seats {
			v.Seats[i].Tableau = nil
			for j := range 20 {
				v.Seats[i].Tableau = append(v.Seats[i].Tableau, played(1+j%len(lagomDeck), lagom.Side(j%4), j+1, nil, j))
			}
		}
		return v
	}
	huge := func() lagom.View {
		v := lagomMid4()
		v.Round, v.DeckSize = math.MaxInt, math.MinInt
		v.Active = []games.Seat{-3, 77}
		for i := range v.Seats {
			sv := &v.Seats[i]
			sv.Health = []int{math.MaxInt, math.MinInt, -1, 0}[i]
			sv.Coins = []int{math.MinInt, math.MaxInt, 0, -7}[i]
			sv.Fulfilment = []int{math.MaxInt, math.MinInt, 1e9, -40}[i]
			sv.HandSize, sv.Scored = math.MaxInt, math.MinInt
			for j := range sv.Tableau {
				for k := range sv.Tableau[j].Stacks {
					sv.Tableau[j].Stacks[k] = math.MaxInt
				}
			}
		}
		v.Seats[0].Revealed = &lagom.Card{ID: -9, Reward: math.MaxInt, Title: strings.Repeat("W", 500)}
		return v
	}
	strange := func() lagom.View {
		v := lagomMid4()
		odd := lagom.Card{ID: 7, Title: "\x00\u202e🎲", Quads: [4][]sym{{bad, -1}, nil, {gP, gP, gP, gP, gL}, {}}, Reward: -3}
		v.Seats[1].Tableau = append(v.Seats[1].Tableau,
			lagom.Played{Card: odd, Side: 9, Round: -1, Symbols: []sym{bad, gP, gL, gW, gW, gW}, Sunset: []bool{true}, Stacks: []int{-4, 5, 6, 7, 8, 9, 10}},
			lagom.Played{Card: lagom.Card{ID: 3000}, Side: lagom.Top})
		v.Seats[1].Revealed = &odd
		return v
	}
	oddHand := func() lagom.View {
		v := lagomHandPlay()
		v.Seats[1].Revealed = &lagom.Card{ID: 5000, Quads: [4][]sym{{bad}, nil, nil, {lH, lH}}}
		for j := range 30 {
			v.Hand = append(v.Hand, deck(1+j%len(lagomDeck)))
		}
		v.Notes = append(v.Notes, strings.Repeat("{1} {9} {x} ", 200), "\x00\u202e", strings.Repeat("W", 500))
		return v
	}
	bigPick := func() lagom.View {
		v := lagomHandPick()
		for j := range 25 {
			v.Hand = append(v.Hand, deck(1+j%len(lagomDeck)))
		}
		v.Picked = &lagom.Card{ID: 777, Title: "not in hand"}
		return v
	}
	over := func() lagom.View {
		v := lagomOver2()
		v.Seats = append(v.Seats, v.Seats...)
		v.Result = games.Result{Rank: []int{1}, Detail: []string{strings.Repeat("long ", 300)}}
		return v
	}
	cases := []struct {
		name  string
		view  lagom.View
		names []string
		w, h  int
	}{
		{"no seats", lagom.View{Seat: games.Observer}, nil, PhoneWidth, lagomTableH(0)},
		{"no seats, private", lagom.View{Seat: 0}, nil, PhoneWidth, LagomHandHeight},
		{"six seats, 20-card tableaux", long(), nil, PhoneWidth, lagomTableH(6)},
		{"huge numbers", huge(), []string{"", "\x00\u200d", "\xff\xfe"}, PhoneWidth, lagomTableH(4)},
		{"empty quadrants, unknown symbols, bad sides", strange(), nil, PhoneWidth, lagomTableH(4)},
		{"ten seats", func() lagom.View { v := lagomSealed6(); v.Seats = append(v.Seats, v.Seats[:4]...); return v }(), nil, PhoneWidth, 1000},
		{"over, short result", over(), nil, PhoneWidth, lagomTableH(4)},
		{"odd revealed card, long hand and notes", oddHand(), []string{string(make([]byte, 100000))}, PhoneWidth, LagomHandHeight},
		{"pick not in a long hand", bigPick(), nil, PhoneWidth, LagomHandHeight},
		{"seat beyond the table", func() lagom.View { v := lagomHandPick(); v.Seat = 12; v.Over = true; return v }(), nil, PhoneWidth, LagomHandHeight},
		{"huge numbers, private", func() lagom.View { v := huge(); v.Seat = 0; v.Step = "play"; return v }(), nil, PhoneWidth, LagomHandHeight},
		{"long tableau, private", func() lagom.View { v := long(); v.Seat = 2; v.Hand = []lagom.Card{}; return v }(), nil, PhoneWidth, LagomHandHeight},
	}
	r := shared()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := r.Board(c.view, c.names, i18n.English)
			if err != nil {
				t.Fatal(err)
			}
			if b := decode(t, data).Bounds(); b.Dx() != c.w || b.Dy() != c.h {
				t.Errorf("image is %v, want %dx%d", b, c.w, c.h)
			}
		})
	}
}

func BenchmarkLagomTable(b *testing.B) { benchmarkBoard(b, lagomMid4(), lagomNames4) }

func BenchmarkLagomHand(b *testing.B) { benchmarkBoard(b, lagomHandPlay(), lagomNames4) }

// costApart is the share of the pixels that show either of two symbols,
// drawn size pixels on a card, where the two differ by at least ΔE 20 to
// an eye seeing through vision m: near 1 when their outlines differ, near
// 0 when only a hue a colour-blind player cannot see tells them apart.
func costApart(m [3][3]float64, a, b lagom.Symbol, size int) float64 {
	draw := func(s lagom.Symbol) *image.RGBA {
		return Sprite(size, size, func(dc *gg.Context) {
			dc.SetColor(rgb(lgCardFace))
			dc.Clear()
			drawSymbol(dc, s, float64(size)/2, float64(size)/2, float64(size))
		})
	}
	ia, ib := draw(a), draw(b)
	back := toLab(simulate(m, rgb(lgCardFace)))
	shown, apart := 0, 0
	for i := 0; i < len(ia.Pix); i += 4 {
		pa := toLab(simulate(m, color.RGBA{ia.Pix[i], ia.Pix[i+1], ia.Pix[i+2], 255}))
		pb := toLab(simulate(m, color.RGBA{ib.Pix[i], ib.Pix[i+1], ib.Pix[i+2], 255}))
		if dist(pa, back) < 20 && dist(pb, back) < 20 {
			continue
		}
		shown++
		if dist(pa, pb) >= 20 {
			apart++
		}
	}
	return float64(apart) / float64(max(shown, 1))
}

// The three costs must stay apart for a player with deuteranopia, the
// commonest colour blindness, at the size a pair of symbols is drawn on a
// tableau: by their outlines, since their reds and purples may look alike.
func TestLagomCostsDifferByShape(t *testing.T) {
	t.Parallel()
	deuteranopia := [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}
	costs := []lagom.Symbol{lH, lR, lS}
	for i, a := range costs {
		for _, b := range costs[i+1:] {
			got := costApart(deuteranopia, a, b, minIcon)
			t.Logf("%s and %s differ in %.0f %% of their pixels with deuteranopia", a, b, 100*got)
			if got < 0.5 {
				t.Errorf("%s and %s differ in %.0f %% of their pixels with deuteranopia, want at least 50 %%", a, b, 100*got)
			}
		}
	}
}

func BenchmarkLagomTableFull6(b *testing.B) { benchmarkBoard(b, lagomFull6(), lagomNames6) }

// The legend names each symbol with the word its buttons use ("Play
// facing left: Relationship + Spend Wealth"), in every language, so that
// the image, the buttons and the log speak one vocabulary.
func TestLagomLegendSpeaksTheButtons(t *testing.T) {
	t.Parallel()
	k := shared().lagom()
	for _, lang := range i18n.Langs {
		say := words().In(lang)
		var words []string
		for _, it := range k.legend(say) {
			words = append(words, it.word)
		}
		for sym := range lagom.Purpose + 1 {
			if name := say.Say(sym.Name()); !slices.Contains(words, name) || i18n.IsMsg(name) {
				t.Errorf("%s: the legend %q lacks %q, the buttons' word for a symbol", lang, words, name)
			}
		}
	}
}

// A title's word too wide for its line turns the line at a hyphen rather
// than being cut short: every piece fits, and the pieces spell the word.
func TestLagomTitlesHyphenateLongWords(t *testing.T) {
	t.Parallel()
	k := shared().lagom()
	const width = 104
	for _, title := range []string{"Vorstellungsgespräch", "Geburtstagskneipentour mit Freunden", "Kindergeburtstag", "Rodeo-Tournee", strings.Repeat("W", 40), "Book club"} {
		pieces := strings.Fields(k.hyphenate(title, width))
		for _, p := range pieces {
			if k.title.Measure(p) > width {
				t.Errorf("%q: piece %q is wider than %d", title, p, width)
			}
		}
		if got := strings.ReplaceAll(strings.ReplaceAll(strings.Join(pieces, " "), "- ", ""), "Tournee", "-Tournee"); got != title {
			t.Errorf("%q is hyphenated into %q", title, pieces)
		}
	}
	for title, want := range map[string]string{"Book club": "Book club", "Klassentreffen": "Klassentref- fen", "Acampamento": "Acampa- mento", "Rodeo-Tournee": "Rodeo- Tournee"} {
		if got := k.hyphenate(title, width); got != want {
			t.Errorf("%q is hyphenated as %q, want %q", title, got, want)
		}
	}
}

// The private image says in words what the seat's buttons ask now.
func TestLagomHandPromptFollowsTheStep(t *testing.T) {
	t.Parallel()
	k := shared().lagom()
	pick := lagomHandPick()
	pick.Seat, pick.Picked = 1, nil
	play := lagomHandPlay()
	passing := lagomHandPlay()
	passing.Seats[1].Tableau = append(passing.Seats[1].Tableau, played(10, lagom.Left, 6, nil))
	over := lagomOver4()
	over.Seat = 2
	for _, c := range []struct {
		name string
		v    lagom.View
		want string
	}{
		{"pick", pick, "Pick a card to play this round"},
		{"play", play, "Play your card facing a side, or discard it"},
		{"pass", passing, "Pass one of your cards"},
		{"winner", over, "You win!"},
	} {
		if got := k.handPrompt(c.v, c.v.Seats[c.v.Seat], english); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

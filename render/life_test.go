package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
)

// Life fixtures are built by hand, independent of the engine, from the
// rules of RULINGS 2.

// lc parses cards written as players write them, suit last: "7H 10S KD
// AC JK" (JK a joker). Ids count up so that two packs' copies differ.
func lc(s string) []life.Card {
	var cs []life.Card
	for i, f := range strings.Fields(s) {
		if f == "JK" {
			cs = append(cs, life.Card{ID: 1000 + i, Suit: life.NoSuit, Rank: life.Joker})
			continue
		}
		suit := map[byte]life.Suit{'H': life.Hearts, 'D': life.Diamonds, 'C': life.Clubs, 'S': life.Spades}[f[len(f)-1]]
		r := f[:len(f)-1]
		rank := map[string]int{"J": life.Jack, "Q": life.Queen, "K": life.King, "A": life.Ace}[r]
		if rank == 0 {
			rank, _ = strconv.Atoi(r)
		}
		cs = append(cs, life.Card{ID: 1000 + i, Suit: suit, Rank: rank})
	}
	return cs
}

func card1(s string) *life.Card { return &lc(s)[0] }

// scored returns the half-point score of a seat's table by RULINGS 2.2
// rule 20, without choose_spades, so that fixtures are consistent.
func scored(sv life.SeatView) int {
	n := 0
	for _, c := range slices.Concat(sv.FaceUp, sv.Bank) {
		v := 2 * c.Value()
		switch {
		case c.Suit == life.Spades:
			v = -v
		case c.Suit == sv.Suit:
			v *= 2
		}
		n += v
	}
	return n
}

func shown(suit life.Suit, hand int, faceUp, bank string, total2 int) life.SeatView {
	sv := life.SeatView{Suit: suit, SuitShown: true, Chosen: true, HandSize: hand, FaceUp: lc(faceUp), Bank: lc(bank), Total2: total2}
	for i := range sv.Bank {
		// Ids differ between a seat's rows, as in a game.
		sv.Bank[i].ID += 100
	}
	sv.HandScore2 = scored(sv)
	return sv
}

func lifeMid3() life.View {
	v := life.View{
		Seat:       games.Observer,
		Seats:      []life.SeatView{shown(life.Hearts, 5, "3H 4H 2C 6D", "KH 5H 9C", 95), shown(life.Clubs, 7, "8C 2D 3D 5S", "10D", 60), shown(life.Diamonds, 4, "", "QS 4S 7D", -7)},
		Turned:     card1("8H"),
		DiscardTop: card1("5C"),
		DeckSize:   23,
		Turn:       1,
		Active:     []games.Seat{1},
		Step:       "lay",
		HandNo:     2,
		Target:     100,
		Options:    "one pack · choose spades · fortune",
	}
	v.Seats[0].Dealer = true
	return v
}

// lifeEight is the densest table: eight seats with names as long as
// Discord allows, a seat with three face-up cards of every suit, hands and
// banks in two digits, in a spade chain: Liam's spades came to 10 and
// were banked, and Sofía may steal from him.
func lifeEight() life.View {
	v := life.View{
		Seat: games.Observer,
		Seats: []life.SeatView{
			shown(life.Hearts, 6, "2H 3H 4H 7C 5D", "KH QH 10C", 40),
			shown(life.Diamonds, 3, "8D 6S 2C 2C", "AS 9S", 122),
			shown(life.Clubs, 7, "", "", -31),
			shown(life.Hearts, 0, "3H 3H 2D 2D 4D 9C", "10S JS 8S 5S", 8),
			shown(life.Clubs, 9, "7H 2S 2S", "QC KC 10C JD", 77),
			shown(life.Diamonds, 5, "4C 5C", "", 0),
			shown(life.Clubs, 2, "9H 6D 8S", "KD KD 7D", 131),
			shown(life.Hearts, 23, "2H 3H 4H 2D 3D 4D 2C 3C 4C 2S 3S 4S", "AH 10H KH QH JH 9H AD 10D KD QD JD 10C", 65),
		},
		Turned:     nil,
		DiscardTop: card1("10S"),
		DeckSize:   41,
		Turn:       3,
		Active:     []games.Seat{4},
		Step:       "react",
		HandNo:     6,
		Target:     150,
		Options:    "two packs · target 150",
	}
	v.Seats[2].Dealer = true
	v.Seats[3].Fresh = v.Seats[3].Bank
	v.Seats[3].HandMoved = true
	return v
}

// lifeSealed is the start of a hand: every card is back in the deck, the
// new hand is dealt, and two seats have chosen their suits. The engine
// shows sealed suits as NoSuit; the suits here are set to prove they are
// not drawn.
func lifeSealed() life.View {
	return life.View{
		Seat: games.Observer,
		Seats: []life.SeatView{
			{Suit: life.Spades, HandSize: 7, Total2: 68, LastHand2: 14},
			{Suit: life.Hearts, Chosen: true, HandSize: 7, Total2: 41, LastHand2: -9},
			{HandSize: 7, Total2: -12, LastHand2: -30},
			{Suit: life.Clubs, Chosen: true, HandSize: 7, Total2: 90, LastHand2: 52, Dealer: true},
		},
		DiscardTop: nil,
		DeckSize:   26,
		Turn:       0,
		Active:     []games.Seat{0, 2},
		Step:       "suit",
		HandNo:     3,
		Target:     100,
		Options:    "one pack · target 100",
	}
}

func lifeOver() life.View {
	v := life.View{
		Seat: games.Observer,
		Seats: []life.SeatView{
			shown(life.Clubs, 2, "2D", "KC QC 10C 9C", 171),
			shown(life.Hearts, 0, "3H", "AH KH QH 7S", 211),
			shown(life.Diamonds, 3, "", "10D 2S", 143),
			shown(life.Spades, 1, "4H", "8D", 99),
		},
		DiscardTop: card1("6H"),
		DeckSize:   12,
		Turn:       1,
		Step:       "over",
		HandNo:     9,
		Target:     100,
		Over:       true,
		Fortune: []string{
			"Clubs in plenty: friends will crowd your table and your evenings, and one of them will owe you a favour.",
			"Hearts run deep: a great romance waits where you least expect it, probably behind a door you keep closed.",
			"Diamonds but a few: money comes and goes, mostly goes, but a single spade means bad luck stays small.",
			"A life of spades banked face down: trouble found you, but you saw it coming.",
		},
	}
	v.Seats[3].Total2 = 99 // 49½ under choose_spades
	totals := []int{171, 211, 143, 99}
	v.Result = games.Result{Over: true, Scores: []int{85, 105, 71, 49}, Rank: games.RankByScore(totals), Shown: []string{"85½", "105½", "71½", "49½"}}
	return v
}

// lifeOver8 is the densest finished table: eight seats with the longest
// names, each with a fortune.
func lifeOver8() life.View {
	v := lifeEight()
	v.Over, v.Step, v.Active = true, "over", []games.Seat{}
	totals := make([]int, len(v.Seats))
	shownTotals := make([]string, len(v.Seats))
	for i := range v.Seats {
		v.Seats[i].Fresh, v.Seats[i].HandMoved = nil, false
		v.Seats[i].Total2 += 200
		totals[i] = v.Seats[i].Total2
		shownTotals[i] = strconv.Itoa(totals[i]/2) + map[bool]string{true: "½"}[totals[i]%2 != 0]
		v.Fortune = append(v.Fortune, lifeOver().Fortune[i%4])
	}
	v.Result = games.Result{Over: true, Rank: games.RankByScore(totals), Shown: shownTotals}
	return v
}

// lifeHand7 is seat 1's own view of lifeMid3: its turn to lay hearts.
// Its first note is a message of the game's, said in the reader's
// language; the others are plain text, as a game saved before the game
// spoke in messages holds them, and are drawn as written.
func lifeHand7() life.View {
	v := lifeMid3()
	v.Seat = 1
	v.Hand = lc("KS 2H JK 9H 10C QH 4D")
	v.Notes = []string{
		i18n.Msg("life.note.picked_up", "card", "4♦"),
		"{0} laid 3♥ and 4♥.",
		"You stole 10♣ from {2}'s hand; only you and {2} know.",
	}
	v.FreshHand = []life.Card{v.Hand[4]} // the 10♣
	return v
}

// lifeHandCapacity is how many cards a hand image shows whole: two rows
// at the tightest fan that still shows every index.
func lifeHandCapacity() int {
	k := shared().life()
	return 2 * (int((PhoneWidth-2*frameMargin-float64(cardBig.spec().w))/(k.indexWidth(cardBig)+2)) + 1)
}

// lifeHandFull is seat 1's view with as many cards as its image shows
// whole, two rows of them, when it is not its turn; its last move laid
// 8♣ face up and it picked up 3♠ before.
func lifeHandFull() life.View {
	v := lifeMid3()
	v.Seat = 1
	v.Turn, v.Active = 0, []games.Seat{0}
	v.Step = "joker"
	v.Turned = nil
	v.Hand = lc("2H 3H 5H 9H JH QH KH AH 4D 7D 9D 10D 2C 5C 10C JC KS QS 8S 3S JK JK")[:lifeHandCapacity()]
	v.FreshHand = []life.Card{v.Hand[19]} // the 3♠
	v.Seats[1].HandSize = len(v.Hand)
	v.Seats[1].Fresh = v.Seats[1].FaceUp[:1] // the 8♣
	v.Seats[1].HandMoved = true
	v.Notes = []string{
		i18n.Msg("life.event.turned_joker", "who", games.SeatRef(0)),
		i18n.Msg("life.event.redeal", "who", games.SeatRef(0)),
		i18n.Msg("life.note.picked_up", "card", "3♠"),
	}
	return v
}

// lifeHandEmpty is seat 0's view at the end of the game: its last card
// was stolen, which ended the last hand.
func lifeHandEmpty() life.View {
	v := lifeOver()
	v.Seat = 0
	v.Hand = []life.Card{}
	v.Seats[0].HandSize = 0
	v.Seats[0].LastHand2 = 46
	v.Notes = []string{"{1} stole your last card, 9♣.", "The game is over: {1} wins with 105½."}
	return v
}

var lifeNames3 = []string{"Ada", "Grace", "Linus"}

// lifeNames8 are eight names as long as Discord allows (32 characters),
// in wide letters.
var lifeNames8 = []string{
	"Maximilian Alexander Hohenzoller", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Olivia Charlotte Montgomery-Wynn",
	"Liam Bartholomew Featherstonehau", "Sofía Guadalupe Fernández-Olmedo", "Jürgen Wolfgang Schwarzenberger",
	"Maximilian Alexander von Hohenzo", "Zoë Ångström-Łukasiewicz Wrighte",
}

// lifeTableHeight is the height of a table of seats seats, and
// lifeHandHeight of every hand image.
func lifeTableHeight(seats int) int {
	return shared().life().tableHeight(min(max(seats, ltMinRow), ltMaxRow), english)
}

func lifeHandHeight() int { return shared().life().handBackdrop(english).rect.Dy() }

func lifeGoldens() []golden {
	return []golden{
		{"life_table_mid3", func() any { return lifeMid3() }, lifeNames3, PhoneWidth, lifeTableHeight(3)},
		{"life_table_eight", func() any { return lifeEight() }, lifeNames8, PhoneWidth, lifeTableHeight(8)},
		{"life_table_sealed", func() any { return lifeSealed() }, []string{"Ana", "Björn", "Chen", "Dmitri"}, PhoneWidth, lifeTableHeight(4)},
		{"life_table_over", func() any { return lifeOver() }, []string{"Ana", "Björn", "Chen", "Dmitri"}, PhoneWidth, lifeTableHeight(4)},
		{"life_table_over8", func() any { return lifeOver8() }, lifeNames8, PhoneWidth, lifeTableHeight(8)},
		{"life_hand_seven", func() any { return lifeHand7() }, lifeNames3, PhoneWidth, lifeHandHeight()},
		{"life_hand_empty", func() any { return lifeHandEmpty() }, []string{"Ana", "Björn", "Chen", "Dmitri"}, PhoneWidth, lifeHandHeight()},
		{"life_hand_full", func() any { return lifeHandFull() }, lifeNames3, PhoneWidth, lifeHandHeight()},
	}
}

func TestLifeGolden(t *testing.T) {
	t.Parallel()
	checkGoldens(t, lifeGoldens())
}

// TestLifeTableRefusesPrivate: a bug upstream that puts a hand or private
// notes into the public view must not reach the channel.
func TestLifeTableRefusesPrivate(t *testing.T) {
	t.Parallel()
	r := shared()
	withHand := lifeMid3()
	withHand.Hand = lc("AH KH")
	emptyHand := lifeMid3()
	emptyHand.Hand = []life.Card{}
	withNotes := lifeMid3()
	withNotes.Notes = []string{"You stole 7♥ from {0}."}
	withFresh := lifeMid3()
	withFresh.FreshHand = lc("7H")
	for name, v := range map[string]life.View{"hand": withHand, "empty hand": emptyHand, "notes": withNotes, "card put in a hand": withFresh} {
		if _, err := r.Board(v, lifeNames3, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("Board with a public view carrying a %s: err = %v, want ErrPrivateInPublic", name, err)
		}
		if _, err := r.LifeTable(v, lifeNames3, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
			t.Errorf("LifeTable with a view carrying a %s: err = %v, want ErrPrivateInPublic", name, err)
		}
	}
	// A seat's own view is never the table either, since it has a hand.
	if _, err := r.LifeTable(lifeHand7(), lifeNames3, i18n.English); !errors.Is(err, ErrPrivateInPublic) {
		t.Errorf("LifeTable with a seat's view: err = %v, want ErrPrivateInPublic", err)
	}
	if _, err := r.LifeHand(lifeMid3(), lifeNames3, i18n.English); err == nil {
		t.Error("LifeHand drew the public view as somebody's hand")
	}
}

// TestLifeBoardDispatch checks that Board draws the public view as the
// table and a seat's view as its hand image.
func TestLifeBoardDispatch(t *testing.T) {
	t.Parallel()
	r := shared()
	for _, c := range []struct {
		v    life.View
		w, h int
	}{{lifeMid3(), PhoneWidth, lifeTableHeight(3)}, {lifeHand7(), PhoneWidth, lifeHandHeight()}} {
		data, err := r.Board(c.v, lifeNames3, i18n.English)
		if err != nil {
			t.Fatal(err)
		}
		if b := decode(t, data).Bounds(); b.Dx() != c.w || b.Dy() != c.h {
			t.Errorf("seat %d: image is %v, want %dx%d", c.v.Seat, b, c.w, c.h)
		}
	}
	// The frames are pooled across sizes: a table after a hand must be
	// whole.
	table, err := r.LifeTable(lifeMid3(), lifeNames3, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	alone, _ := NewRenderer().LifeTable(lifeMid3(), lifeNames3, i18n.English)
	if !bytes.Equal(decode(t, table).Pix, decode(t, alone).Pix) {
		t.Error("a table drawn after a hand differs from one drawn alone")
	}
}

// TestLifeSealedSuits checks that a suit is never drawn before the suits
// are shown: seats that differ only in a sealed suit draw the same table.
func TestLifeSealedSuits(t *testing.T) {
	t.Parallel()
	r := shared()
	var images []*image.RGBA
	for _, s := range []life.Suit{life.Hearts, life.Diamonds, life.Clubs, life.Spades} {
		v := lifeSealed()
		for i := range v.Seats {
			v.Seats[i].Suit = s
		}
		data, err := r.LifeTable(v, nil, i18n.English)
		if err != nil {
			t.Fatal(err)
		}
		images = append(images, decode(t, data))
	}
	for i := 1; i < len(images); i++ {
		if !bytes.Equal(images[0].Pix, images[i].Pix) {
			t.Fatalf("sealed suits show: the table changes with the suit chosen (%d)", i)
		}
	}
	v := lifeSealed()
	v.Seats[1].SuitShown = true
	shown, _ := r.LifeTable(v, nil, i18n.English)
	if bytes.Equal(decode(t, shown).Pix, images[0].Pix) {
		t.Error("a shown suit draws nothing")
	}
}

// TestLifeHandShowsOnlyOwnHand checks that a seat's image depends on its
// own hand and not on what the view says of other seats' hand sizes.
func TestLifeHandShowsOnlyOwnHand(t *testing.T) {
	t.Parallel()
	r := shared()
	a, err := r.LifeHand(lifeHand7(), lifeNames3, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	v := lifeHand7()
	v.Seats[0].HandSize, v.Seats[2].HandSize = 12, 1
	b, err := r.LifeHand(v, lifeNames3, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(decode(t, a).Pix, decode(t, b).Pix) {
		t.Error("the hand image changes with other seats' hands")
	}
	v = lifeHand7()
	v.Hand = v.Hand[:3]
	c, _ := r.LifeHand(v, lifeNames3, i18n.English)
	if bytes.Equal(decode(t, a).Pix, decode(t, c).Pix) {
		t.Error("the hand image does not show the hand")
	}
}

// TestLifeConcurrent renders every golden at once on one Renderer, whose
// card faces are drawn as they are first met; run with -race it shows the
// caches and pools are shared safely, and each image must match a lone
// render.
func TestLifeConcurrent(t *testing.T) {
	t.Parallel()
	checkConcurrent(t, lifeGoldens())
}

func TestLifeOddViews(t *testing.T) {
	t.Parallel()
	crowded := func() life.View {
		v := lifeEight()
		for i := range v.Seats {
			v.Seats[i].FaceUp = nil
			for j := range 40 {
				v.Seats[i].FaceUp = append(v.Seats[i].FaceUp, life.Card{ID: j, Suit: life.Suit(j % 4), Rank: 2 + j%13})
			}
			v.Seats[i].Bank = v.Seats[i].FaceUp
			v.Seats[i].HandSize = 1 << 30
		}
		return v
	}
	huge := func() life.View {
		v := lifeMid3()
		v.Target = math.MaxInt
		v.DeckSize = -5
		v.HandNo = math.MinInt
		v.Turn = 99
		v.Active = []games.Seat{-3, 77}
		for i := range v.Seats {
			v.Seats[i].Total2 = []int{math.MaxInt, math.MinInt, -1}[i]
			v.Seats[i].HandScore2 = []int{-3, math.MaxInt, math.MinInt}[i]
			v.Seats[i].Suit = life.Suit(40 * (i - 1))
			v.Seats[i].FaceUp = append(v.Seats[i].FaceUp, life.Card{Suit: 9, Rank: 99}, life.Card{Suit: -2, Rank: -4})
		}
		v.Turned = &life.Card{Suit: 17, Rank: 1}
		return v
	}
	negative := func() life.View {
		v := lifeMid3()
		v.Target = -20
		for i := range v.Seats {
			v.Seats[i].Total2 = -2*i - 1
			v.Seats[i].HandScore2 = -41
		}
		return v
	}
	nine := func() life.View {
		v := lifeEight()
		v.Seats = append(v.Seats, v.Seats[:4]...)
		v.Over = true
		v.Result.Rank = []int{1} // shorter than Seats
		v.Fortune = []string{"", strings.Repeat("long ", 400)}
		return v
	}
	bigHand := func() life.View {
		v := lifeHand7()
		for j := range 60 {
			v.Hand = append(v.Hand, life.Card{ID: j, Suit: life.Suit(j % 4), Rank: 2 + j%13})
		}
		v.Notes = append(v.Notes, strings.Repeat("{1} {9} {x} ", 200), "\x00\u202e", strings.Repeat("W", 500))
		return v
	}
	stranger := func() life.View {
		v := lifeHand7()
		v.Seat = 12 // no such seat
		v.Over = true
		return v
	}
	cases := []struct {
		name  string
		view  life.View
		names []string
		w, h  int
	}{
		{"empty table", life.View{Seat: games.Observer}, nil, PhoneWidth, lifeTableHeight(0)},
		{"empty hand view", life.View{Seat: 0}, nil, PhoneWidth, lifeHandHeight()},
		{"eight seats, 40 face-up cards each", crowded(), nil, PhoneWidth, lifeTableHeight(8)},
		{"huge numbers", huge(), []string{"", "\x00\u200d", "\xff\xfe"}, PhoneWidth, lifeTableHeight(3)},
		{"negative half points", negative(), lifeNames3, PhoneWidth, lifeTableHeight(3)},
		{"nine seats, over, short result", nine(), nil, PhoneWidth, lifeTableHeight(9)},
		{"seventy cards in hand", bigHand(), []string{string(make([]byte, 100000))}, PhoneWidth, lifeHandHeight()},
		{"seat beyond the table", stranger(), nil, PhoneWidth, lifeHandHeight()},
		{"huge numbers in a hand", func() life.View { v := huge(); v.Seat = 0; v.Hand = lc("AS"); return v }(), nil, PhoneWidth, lifeHandHeight()},
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
	// Faces no pack holds are drawn, not cached.
	n := 0
	r.life().faces.Range(func(key, _ any) bool {
		if k := key.(faceKey); !validFace(life.Card{Suit: k.suit, Rank: k.rank}) {
			t.Errorf("face %+v was cached", k)
		}
		n++
		return true
	})
	if n == 0 {
		t.Error("no faces were cached")
	}
}

func TestHalf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in          int
		plain, sign string
	}{
		{0, "0", "0"}, {1, "½", "+½"}, {-1, "−½", "−½"}, {95, "47½", "+47½"}, {-7, "−3½", "−3½"},
		{200, "100", "+100"}, {math.MinInt64, "−4611686018427387904", "−4611686018427387904"},
		{math.MaxInt64, "4611686018427387903½", "+4611686018427387903½"},
	}
	for _, c := range cases {
		if got := half(c.in); got != c.plain {
			t.Errorf("half(%d) = %q, want %q", c.in, got, c.plain)
		}
		if got := signedHalf(c.in); got != c.sign {
			t.Errorf("signedHalf(%d) = %q, want %q", c.in, got, c.sign)
		}
	}
}

func TestSortedCardsAndGroups(t *testing.T) {
	t.Parallel()
	in := lc("KS 2H JK 9H 10C QH 4D AS 2C")
	var got []string
	for _, c := range sortedCards(in) {
		got = append(got, c.Label())
	}
	if want := "2♥ 9♥ Q♥ 4♦ 2♣ 10♣ K♠ A♠ Joker"; strings.Join(got, " ") != want {
		t.Errorf("sorted hand = %s, want %s", strings.Join(got, " "), want)
	}
	if in[0].Rank != life.King {
		t.Error("sortedCards changed its input")
	}
	var sizes []int
	for _, g := range suitGroups(in) {
		sizes = append(sizes, len(g))
	}
	if fmt.Sprint(sizes) != "[3 1 2 2 1]" {
		t.Errorf("group sizes = %v, want [3 1 2 2 1]", sizes)
	}
}

func TestBankValue(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sv   life.SeatView
		want int
	}{
		{life.SeatView{Bank: lc("KH 7S"), Suit: life.Hearts, SuitShown: true}, 2*20 - 2*7},
		{life.SeatView{Bank: lc("KH 7S"), Suit: life.Hearts}, 2*10 - 2*7}, // sealed: nothing doubles
		{life.SeatView{Bank: lc("KS 7S 2D"), Suit: life.Spades, SuitShown: true}, -10 - 7 + 4},
		{life.SeatView{}, 0},
	}
	for _, c := range cases {
		if got := bankValue(c.sv); got != c.want {
			t.Errorf("bankValue(%v) = %d, want %d", c.sv.Bank, got, c.want)
		}
	}
}

func TestFan(t *testing.T) {
	t.Parallel()
	if step, n := fan(7, 100, 968, 12, 48); n != 7 || step != 112 {
		t.Errorf("7 cards: step %v, %d shown; want 112, 7", step, n)
	}
	if step, n := fan(15, 100, 968, 12, 48); n != 15 || step < 48 || 100+14*step > 968 {
		t.Errorf("15 cards: step %v, %d shown; want all within 968", step, n)
	}
	if step, n := fan(70, 100, 968, 12, 48); n >= 70 || 100+float64(n-1)*step > 968 {
		t.Errorf("70 cards: step %v, %d shown; want fewer, within 968", step, n)
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	f := NewFace(Regular, 19)
	text := "Hearts run deep: a great romance waits where you least expect it, " + strings.Repeat("W", 80)
	lines := f.Wrap(text, 200)
	if len(lines) < 3 {
		t.Fatalf("Wrap gave %d lines, want several", len(lines))
	}
	for _, l := range lines {
		if f.Measure(l) > 200 {
			t.Errorf("line %q is %.0f px wide, want at most 200", l, f.Measure(l))
		}
	}
	if len(f.Wrap("  ", 200)) != 0 {
		t.Error("blank text wrapped to lines")
	}
}

func BenchmarkLifeTable(b *testing.B) { benchmarkBoard(b, lifeEight(), lifeGoldens()[1].names) }

func BenchmarkLifeHand(b *testing.B) { benchmarkBoard(b, lifeHand7(), lifeNames3) }

// TestLifeHandHoldsAFullHand checks that the fullest hand golden is the
// most cards the image shows whole.
func TestLifeHandHoldsAFullHand(t *testing.T) {
	t.Parallel()
	if n := len(lifeHandFull().Hand); n != lifeHandCapacity() || n < 20 {
		t.Errorf("the full hand holds %d cards, the image %d; want the same, at least 20", n, lifeHandCapacity())
	}
}

// lifeRow is where a table draws its i-th row of seats.
func lifeRow(i int) image.Rectangle {
	top := headerH + ltStripH + ltRowGap + i*(ltRowH+ltRowGap)
	return image.Rect(frameMargin, top, PhoneWidth-frameMargin, top+ltRowH)
}

// countColour counts the pixels of im within r that are exactly c.
func countColour(im *image.RGBA, r image.Rectangle, c uint32) int {
	want := rgb(c)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if im.RGBAAt(x, y) == want {
				n++
			}
		}
	}
	return n
}

func lifeImage(t *testing.T, v life.View, names []string) *image.RGBA {
	t.Helper()
	data, err := shared().Board(v, names, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data)
}

// In a spade chain the seat that may steal is to play, not the seat it
// may steal from, whose turn it is: only the thief's row has the arrow
// and the accent outline.
func TestLifeOneSeatToPlay(t *testing.T) {
	t.Parallel()
	im := lifeImage(t, lifeEight(), lifeNames8)
	for i := range 8 {
		// The right edge of a row: its outline, away from any token,
		// which may share the accent's colour.
		r := lifeRow(i)
		n := countColour(im, image.Rect(r.Max.X-4, r.Min.Y+20, r.Max.X, r.Max.Y-20), accent)
		if i == 4 && n == 0 {
			t.Errorf("the row of the seat that may steal has no accent")
		}
		if i != 4 && n > 0 {
			t.Errorf("row %d, not to play, has %d accent pixels", i, n)
		}
	}
}

// A table's height depends only on its seats, so that a replay's frames
// line up, and fits a phone's screen with eight.
func TestLifeHeightFollowsTheSeats(t *testing.T) {
	t.Parallel()
	views := map[string]life.View{"lay": lifeMid3(), "suit": lifeSealed(), "over": lifeOver(), "chain": lifeEight()}
	for name, v := range views {
		for n := 2; n <= 8; n++ {
			v := v
			v.Seats = slices.Repeat(v.Seats, 8)[:n]
			v.Fortune = nil
			im := lifeImage(t, v, nil)
			if im.Rect.Dy() != lifeTableHeight(n) || im.Rect.Dx() != PhoneWidth {
				t.Errorf("%s with %d seats: %v, want %d×%d", name, n, im.Rect, PhoneWidth, lifeTableHeight(n))
			}
		}
	}
	if h := lifeTableHeight(8); h > 1000 {
		t.Errorf("eight seats are %d px tall, want at most 1000", h)
	}
	if h := lifeHandHeight(); h > 1000 {
		t.Errorf("a hand is %d px tall, want at most 1000", h)
	}
}

// What the last move changed is outlined in the fresh colour, and
// nothing else is; a deal, which moves every hand, outlines no hand.
func TestLifeLastMoveOutlined(t *testing.T) {
	t.Parallel()
	v := lifeEight()
	im := lifeImage(t, v, lifeNames8)
	for i := range 8 {
		n := countColour(im, lifeRow(i), fresh)
		if (i == 3) != (n > 0) {
			t.Errorf("row %d has %d fresh pixels; want them in Liam's row alone", i, n)
		}
	}
	if n := countColour(im, image.Rect(0, 0, PhoneWidth, lifeRow(0).Min.Y-freshLine-1), fresh); n > 0 {
		t.Errorf("%d fresh pixels above the rows, where nothing changed", n)
	}
	for i := range v.Seats {
		v.Seats[i].Fresh, v.Seats[i].HandMoved = nil, true
	}
	im = lifeImage(t, v, lifeNames8)
	if n := countColour(im, image.Rect(0, lifeRow(0).Min.Y-freshLine-1, PhoneWidth, lifeRow(7).Max.Y+freshLine+1), fresh); n > 0 {
		t.Errorf("after a deal %d fresh pixels outline the rows", n)
	}
}

// The game's words in a view, a fortune and a note, are said in the
// reader's language: a message draws as its German text written out
// does, and not as its English.
func TestLifeSaysTheGamesWords(t *testing.T) {
	t.Parallel()
	fortune := i18n.Msg("life.fortune.blank")
	note := i18n.Msg("life.note.picked_up", "card", "4♦")
	views := func(say func(string) string) []life.View {
		table, hand := lifeOver(), lifeHand7()
		table.Fortune[0], hand.Notes[0] = say(fortune), say(note)
		return []life.View{table, hand}
	}
	names := [][]string{{"Ana", "Björn", "Chen", "Dmitri"}, lifeNames3}
	messages := views(func(s string) string { return s })
	german, english := views(words().In(i18n.German).Say), views(words().In(i18n.English).Say)
	for i, v := range messages {
		draw := func(v life.View) []byte {
			data, err := shared().Board(v, names[i], i18n.German)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
		got := draw(v)
		if !bytes.Equal(got, draw(german[i])) {
			t.Errorf("view %d: the message draws otherwise than its German text", i)
		} else if bytes.Equal(got, draw(english[i])) {
			t.Errorf("view %d: the message draws as its English text", i)
		}
	}
}

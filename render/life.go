package render

import (
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/fogleman/gg"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
)

// Life, the card game, is drawn twice: the table for the channel
// (LifeTable, in lifetable.go) and each player's hand for their DM
// (LifeHand, in lifehand.go). This file holds what both draw: cards, suit
// badges, markers and the wording of scores.

// ErrPrivateInPublic refuses a view meant for the channel that carries a
// seat's private material (a hand, the cards put in it, private notes).
// The table never draws them, but such a view means something upstream
// mixed the views up, and a loud error is better than a board posted from
// a view that leaks.
var ErrPrivateInPublic = errors.New("render: public view carries a seat's private material")

// cardSize is one size of card face. Each size is drawn for itself, not
// scaled, so that its index stays crisp.
type cardSize int

const (
	cardBig  cardSize = iota // the turned card, the discard, a long hand
	cardHand                 // a player's own hand
	cardMini                 // the backs that stand for a hand or a bank
	cardSizes
)

// cardSpec is how a card of one size is laid out: the index (rank over a
// small pip) at the top left, wide enough for "10", and a large pip in the
// free part of the face.
type cardSpec struct {
	w, h     int
	radius   float64
	rankSize float64 // index rank font size
	pipSize  float64 // index pip
	bigPip   float64 // the pip in the middle of the face; 0 for none
	line     float64 // edge width
}

func (s cardSize) spec() cardSpec {
	switch s {
	case cardBig:
		return cardSpec{76, 106, 8, 32, minIcon, 40, 2}
	case cardHand:
		return cardSpec{104, 146, 10, 40, 27, 58, 2}
	}
	return cardSpec{minIcon, 30, 3, 0, 0, 0, 1.5}
}

// faceKey names a card face of one size. Faces depend on suit and rank,
// not id: the two 7♥ of two packs look alike; a joker in hand also on the
// word printed on it, which is in the reader's language.
type faceKey struct {
	suit  life.Suit
	rank  int
	size  cardSize
	label string
}

// The colours of cards. Suits are red and near-black as on any pack; the
// joker is gold and purple, unlike any suit.
const (
	cardFace    = 0xFBFBF8
	cardEdge    = 0x8795A1
	suitRed     = 0xC8102E
	suitDark    = 0x1D232A
	jokerFace   = 0xFFF1C9
	jokerInk    = 0x6B2FA3
	backFill    = 0x2F5D9E
	backPattern = 0x4C7BC0
	backRim     = 0xE8EEF5
	barGain     = 0x4E8F67 // this hand's gain ahead of a total
	barLoss     = 0xB0544C // this hand's loss
)

// lifeKit is everything the Life images reuse, built once per Renderer.
// Card faces are drawn on first use and kept: the faces of a real game are
// a fixed set (53 per size), and faces outside it are drawn each time
// instead, so a malformed view cannot grow the cache.
type lifeKit struct {
	*frameKit
	faces    sync.Map // faceKey → *image.RGBA
	backs    [cardSizes]*image.RGBA
	bank     *image.RGBA              // a banked pile: three backs stacked
	badges   [life.NoSuit]*image.RGBA // a chosen suit, next to a name
	choosing *image.RGBA              // a seat still choosing, suits sealed
	chosen   *image.RGBA              // a seat that has chosen, suits sealed
	dealer   *image.RGBA
	gain     *image.RGBA // "+5", the legend's sample of a hand's score
	freshKey *image.RGBA // the legend's sample of the fresh outline

	// chips are face-up groups, one suit's cards as one chip, and
	// backdrops the empty images with their legends, by layout.
	chips     spriteCache
	backdrops backdropCache

	panelBoxes
	slot *Box

	index      [cardSizes][]*Face // rank faces of each card size, largest first
	jokerLabel *Face

	name, total, totalOf, stat, small, body, chipRank *Face
	prompt, big, rank                                 *Face
}

// Sizes of the pieces every Life image shares.
const (
	lfBadge  = 32 // a suit badge, its pip minIcon
	lfDealer = 24
	lfChipH  = 30 // a face-up group
)

func newLifeKit(fonts *fontSet) *lifeKit {
	k := &lifeKit{
		frameKit: newFrameKit(fonts),
		name:     fonts.face(Bold, 21),
		total:    fonts.face(Bold, 26),
		totalOf:  fonts.face(Regular, minText),
		stat:     fonts.face(Bold, 19),
		small:    fonts.face(Regular, minText),
		body:     fonts.face(Regular, 19),
		chipRank: fonts.face(Bold, 20),
		prompt:   fonts.face(Bold, 22),
		big:      fonts.face(Bold, 34),
		rank:     fonts.face(Bold, 22),
	}
	for s := range cardSizes {
		sp := s.spec()
		if sp.rankSize > 0 {
			k.index[s] = []*Face{fonts.face(Bold, sp.rankSize), fonts.face(Bold, sp.rankSize*0.7)}
		}
		k.backs[s] = drawBack(s)
	}
	k.jokerLabel = fonts.face(Bold, minText)
	mini := cardMini.spec()
	k.bank = Sprite(mini.w+6, mini.h+4, func(dc *gg.Context) {
		for i := 2; i >= 0; i-- {
			dc.DrawImage(k.backs[cardMini], 3*i, 2*(2-i))
		}
	})
	for s := range life.NoSuit {
		k.badges[s] = centredSprite(lfBadge, lfBadge, func(dc *gg.Context, cx, cy float64) {
			dc.DrawCircle(cx, cy, lfBadge/2)
			dc.SetColor(rgb(cardFace))
			dc.Fill()
			suitPip(dc, s, cx, cy+1, minIcon)
		})
	}
	k.choosing = centredSprite(lfBadge, lfBadge, func(dc *gg.Context, c, _ float64) {
		dc.DrawCircle(c, c, lfBadge/2-1)
		dc.SetColor(rgb(textSoft))
		dc.SetLineWidth(2)
		dc.SetDash(4, 3)
		dc.Stroke()
		dc.SetDash()
		for i := -1; i <= 1; i++ {
			dc.DrawCircle(c+float64(i)*7, c, 2.2)
		}
		dc.Fill()
	})
	k.chosen = centredSprite(lfBadge, lfBadge, func(dc *gg.Context, c, _ float64) {
		dc.DrawCircle(c, c, lfBadge/2)
		dc.SetColor(rgb(goodSoft))
		dc.Fill()
		CheckMark(dc, c, c+1, lfBadge*0.5, rgb(inkDark))
	})
	k.dealer = centredSprite(lfDealer, lfDealer, func(dc *gg.Context, c, _ float64) {
		dc.DrawCircle(c, c, lfDealer/2)
		dc.SetColor(rgb(white))
		dc.Fill()
		k.jokerLabel.Draw(dc.Image().(*image.RGBA), "D", c, c, Centre, rgb(inkDark))
	})
	gw := int(k.stat.Measure("+5")) + 2
	k.gain = Sprite(gw, minIcon, func(dc *gg.Context) {
		k.stat.Draw(dc.Image().(*image.RGBA), "+5", 1, minIcon/2, MiddleLeft, rgb(goodSoft))
	})
	k.freshKey = Sprite(minIcon+2, minIcon+2, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		markFresh(im, image.Rect(freshLine+1, freshLine+1, minIcon+1-freshLine, minIcon+1-freshLine))
	})
	k.panelBoxes = newPanelBoxes()
	k.slot = NewBox(8, 2, rgb(tableInset), rgb(tableLine), rgb(table))
	return k
}

// suitColour is the ink of a suit on a card.
func suitColour(s life.Suit) color.RGBA {
	if s == life.Hearts || s == life.Diamonds {
		return rgb(suitRed)
	}
	return rgb(suitDark)
}

// suitPip draws suit s in its card colour; anything that is no suit
// draws nothing.
func suitPip(dc *gg.Context, s life.Suit, cx, cy, size float64) {
	suitPipIn(dc, s, cx, cy, size, suitColour(s))
}

func suitPipIn(dc *gg.Context, s life.Suit, cx, cy, size float64, c color.Color) {
	switch s {
	case life.Hearts:
		HeartPath(dc, cx, cy, size)
	case life.Diamonds:
		DiamondPath(dc, cx, cy, size)
	case life.Clubs:
		FillClub(dc, cx, cy, size, c)
		return
	case life.Spades:
		FillSpade(dc, cx, cy, size, c)
		return
	default:
		return
	}
	dc.SetColor(c)
	dc.Fill()
}

// validFace reports whether a card is one a pack holds, and so may be
// cached.
func validFace(c life.Card) bool {
	return c.Rank == life.Joker || c.Suit >= life.Hearts && c.Suit < life.NoSuit && c.Rank >= 2 && c.Rank <= life.Ace
}

// rankLabel is a rank as its card's index shows it.
func rankLabel(rank int) string {
	switch rank {
	case life.Jack:
		return "J"
	case life.Queen:
		return "Q"
	case life.King:
		return "K"
	case life.Ace:
		return "A"
	}
	if rank >= 2 && rank <= 10 {
		return strconv.Itoa(rank)
	}
	return "?"
}

// face returns the sprite of card c at size s, a joker's word in say's
// language.
func (k *lifeKit) face(c life.Card, s cardSize, say i18n.Printer) *packed {
	label := ""
	if c.Rank == life.Joker && s == cardHand {
		label = say.T("life.joker")
	}
	if !validFace(c) {
		return pack(k.drawFace(c, s, label))
	}
	if c.Rank == life.Joker {
		c.Suit = life.NoSuit
	}
	key := faceKey{c.Suit, c.Rank, s, label}
	if im, ok := k.faces.Load(key); ok {
		return im.(*packed)
	}
	im, _ := k.faces.LoadOrStore(key, pack(k.drawFace(c, s, label)))
	return im.(*packed)
}

// indexWidth is the width of a card's index column at size s: room for
// "10", so that every rank of a fan lines up. A fanned card shows at least
// this much.
func (k *lifeKit) indexWidth(s cardSize) float64 {
	sp := s.spec()
	return math.Ceil(k.index[s][0].Measure("10")) + 2*cardPad(sp)
}

func cardPad(sp cardSpec) float64 { return math.Max(3, float64(sp.w)*0.05) }

// drawFace draws a card face, transparent around its rounded corners, for
// it lies on panels of several colours and overlaps its neighbours.
// A joker in hand carries label, the word for it, under its star.
func (k *lifeKit) drawFace(c life.Card, s cardSize, label string) *image.RGBA {
	sp := s.spec()
	return Sprite(sp.w, sp.h, func(dc *gg.Context) {
		im := dc.Image().(*image.RGBA)
		w, h := float64(sp.w), float64(sp.h)
		joker := c.Rank == life.Joker
		fill, ink := rgb(cardFace), suitColour(c.Suit)
		if joker {
			fill, ink = rgb(jokerFace), rgb(jokerInk)
		}
		RoundedCard(dc, 0, 0, w, h, sp.radius, fill, rgb(cardEdge), sp.line)
		pad := cardPad(sp)
		col := k.indexWidth(s) - 2*pad
		ix := pad + col/2
		rankY := pad + sp.line + 1
		faces := k.index[s]
		if joker {
			StarPath(dc, ix, rankY+sp.rankSize*0.36, sp.rankSize*0.42)
			dc.SetColor(ink)
			dc.Fill()
			StarPath(dc, w/2+col/4, h*0.55, sp.bigPip*0.62)
			dc.Fill()
			if label != "" {
				// Under the star, unless a long word needs the face's
				// whole width.
				cx := w/2 + col/4
				if half := k.jokerLabel.Measure(label) / 2; cx+half > w-pad {
					cx = math.Max(w/2, w-pad-half)
				}
				k.jokerLabel.Draw(im, k.jokerLabel.Fit(label, w-2*pad), cx, h-pad-4, BaseCentre, ink)
			}
			return
		}
		rank := rankLabel(c.Rank)
		f := FitFace(rank, col+2, faces...)
		f.Draw(im, rank, ix, rankY, TopCentre, ink)
		pipY := rankY + faces[0].CapHeight() + sp.pipSize*0.5 + math.Max(3, sp.pipSize*0.25)
		suitPip(dc, c.Suit, ix, pipY, sp.pipSize)
		// The large pip sits in the part of the face a fan leaves visible
		// last, below and right of the index, so that a lone card reads at
		// a glance and a fanned one still shows its index.
		bx := (pad + col + w) / 2
		by := (pipY+sp.pipSize/2+h)/2 + 1
		if s == cardHand {
			bx, by = w/2+col/4, h*0.58
		}
		suitPip(dc, c.Suit, bx, by, sp.bigPip)
	})
}

// drawBack draws a card back: a blue lattice inside a light rim.
func drawBack(s cardSize) *image.RGBA {
	sp := s.spec()
	return Sprite(sp.w, sp.h, func(dc *gg.Context) {
		w, h := float64(sp.w), float64(sp.h)
		RoundedCard(dc, 0, 0, w, h, sp.radius, rgb(backFill), rgb(backRim), math.Max(sp.line, w*0.06))
		if sp.w < 30 {
			return
		}
		in := w * 0.12
		dc.DrawRoundedRectangle(in, in, w-2*in, h-2*in, sp.radius*0.6)
		dc.Clip()
		dc.SetColor(rgb(backPattern))
		dc.SetLineWidth(math.Max(w*0.03, 1.2))
		step := math.Max(w*0.14, 6)
		for d := -h; d < w+h; d += step {
			dc.DrawLine(d, 0, d+h, h)
			dc.DrawLine(d, h, d+h, 0)
		}
		dc.Stroke()
		dc.ResetClip()
	})
}

// half writes a score kept in half points as players read it: "47½",
// "−3½", "½", "0". It takes any int, math.MinInt included.
func half(n int) string {
	u := uint64(n)
	sign := ""
	if n < 0 {
		u, sign = -u, "−"
	}
	s := strconv.FormatUint(u/2, 10)
	if u%2 == 1 {
		if u == 1 {
			s = ""
		}
		s += "½"
	}
	return sign + s
}

// signedHalf is half with a plus sign on gains: "+12½".
func signedHalf(n int) string {
	if n > 0 {
		return "+" + half(n)
	}
	return half(n)
}

// scoreColour colours a score by its sign.
func scoreColour(n int) color.RGBA {
	switch {
	case n > 0:
		return rgb(goodSoft)
	case n < 0:
		return rgb(badSoft)
	}
	return rgb(textMain)
}

// bankValue is what a seat's banked cards score, in half points, by
// RULINGS 2.2 rules 20 and 23: face value, the chosen suit twice, spades
// negative, and a chosen spade half its value, negative. Before the suits
// are shown the chosen suit is unknown to the table, so nothing counts
// twice.
func bankValue(sv life.SeatView) int {
	total := 0
	for _, c := range sv.Bank {
		v := 2 * c.Value()
		chosen := sv.SuitShown && c.Suit == sv.Suit
		switch {
		case c.Suit == life.Spades && chosen:
			v = -v / 2
		case c.Suit == life.Spades:
			v = -v
		case chosen:
			v *= 2
		}
		total += v
	}
	return total
}

// suitGroups returns cards grouped by suit in the game's order, each group
// by rank; anything that is not one of the four suits comes last.
func suitGroups(cards []life.Card) [][]life.Card {
	sorted := sortedCards(cards)
	var groups [][]life.Card
	for i, c := range sorted {
		if i == 0 || groupOf(c) != groupOf(sorted[i-1]) {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	return groups
}

func groupOf(c life.Card) life.Suit {
	if c.Rank == life.Joker || c.Suit < life.Hearts || c.Suit > life.NoSuit {
		return life.NoSuit
	}
	return c.Suit
}

// sortedCards returns a copy of cards sorted by suit, then rank, jokers
// last: how a player arranges a hand.
func sortedCards(cards []life.Card) []life.Card {
	out := slices.Clone(cards)
	slices.SortStableFunc(out, func(a, b life.Card) int {
		if ga, gb := groupOf(a), groupOf(b); ga != gb {
			return int(ga) - int(gb)
		}
		return a.Rank - b.Rank
	})
	return out
}

// isActive reports whether seat must act now.
func isActive(v life.View, seat int) bool {
	return slices.Contains(v.Active, games.Seat(seat))
}

// ranks returns each seat's final rank: the result's, or by total when the
// result does not cover every seat.
func ranks(v life.View) []int {
	if len(v.Result.Rank) == len(v.Seats) {
		return v.Result.Rank
	}
	totals := make([]int, len(v.Seats))
	for i, s := range v.Seats {
		totals[i] = s.Total2
	}
	return games.RankByScore(totals)
}

// totalText is a seat's match total as players read it: the result's own
// text once the game is over, else the total in half points.
func totalText(v life.View, seat int) string {
	if v.Over && seat < len(v.Result.Shown) && v.Result.Shown[seat] != "" {
		return v.Result.Shown[seat]
	}
	return half(v.Seats[seat].Total2)
}

// target is the match target, or the game's default when a view has none.
func target(v life.View) int {
	if v.Target > 0 {
		return v.Target
	}
	return 100
}

// fan places n cards of width w in at most room pixels: the step between
// their left edges, from a full gap down to minStep, and how many of them
// fit. When not all fit, the last place is left for a count of the rest.
func fan(n, w int, room, gap, minStep float64) (step float64, shown int) {
	if n <= 1 {
		return 0, n
	}
	step = math.Min(float64(w)+gap, (room-float64(w))/float64(n-1))
	if step >= minStep {
		return step, n
	}
	shown = max(int((room-float64(w))/minStep), 0)
	return minStep, shown
}

// handScore is the score a seat's line shows: what its table scores this
// hand while one is played; between hands (choosing suits, game over),
// when the rows hold nothing that counts, what it scored in the last one,
// which last reports.
func handScore(v life.View, sv life.SeatView) (last bool, score2 int) {
	if v.Over || v.Step == "suit" {
		return true, sv.LastHand2
	}
	return false, sv.HandScore2
}

// handScoreWord names the score handScore gives, in say's words.
func handScoreWord(say i18n.Printer, last bool) string {
	if last {
		return say.T("life.last_hand")
	}
	return say.T("life.this_hand")
}

// pending is the score a seat's bar shows ahead of its total: this hand's,
// while one is played.
func pending(v life.View, sv life.SeatView) int {
	if v.Over || v.Step == "suit" {
		return 0
	}
	return sv.HandScore2
}

// progress draws a bar from x to x+w: the match total against the target,
// and, lighter, where this hand's score would take it.
func progress(im *image.RGBA, x, y, w, h int, total2, hand2, target int) {
	FillRect(im, image.Rect(x, y, x+w, y+h), rgb(tableLine))
	at := func(v2 int) int {
		f := float64(v2) / float64(2*target)
		return x + int(math.Round(math.Min(math.Max(f, 0), 1)*float64(w)))
	}
	now, next := at(total2), at(total2+hand2)
	fill := rgb(goodSoft)
	if total2 >= 2*target {
		fill = rgb(gold)
	}
	FillRect(im, image.Rect(x, y, now, y+h), fill)
	if next > now {
		FillRect(im, image.Rect(now, y, next, y+h), rgb(barGain))
	} else if next < now {
		FillRect(im, image.Rect(next, y, now, y+h), rgb(barLoss))
	}
}

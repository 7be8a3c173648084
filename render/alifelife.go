package render

import (
	"image"
	"strconv"

	"github.com/lifebot/lifebot/games/alife"
)

// A seat's life board, open to all: a header with the seat and, at the
// end, its final score and rank, large, since this is the image of a
// finished life shared at the game's end; on the left its twenty tracks
// with the ten products and the score, its hearts, money, baby card and
// the cards it befriended; on the right its tableau by phase, each card a
// compact chip: title and symbols, a developed card with a gold tick and
// its development's gains, a child's card with a baby, and how many seats
// befriended it.
const (
	alHeadTop  = 10
	alHeadH    = 74
	alBodyTop  = alHeadTop + alHeadH + 10
	alLeftW    = 436
	alTabX     = abMargin + alLeftW + 12
	alTabPitch = (Width - abMargin - alTabX + 8) / 5
	alTrackRow = 32
)

func (r *Renderer) paintAlifeLife(v alife.LifeBoardView, names []string) (*image.RGBA, func(*image.RGBA), error) {
	k := r.alife()
	return k.plain, func(im *image.RGBA) { k.drawLife(im, v, names) }, nil
}

func (k *alifeKit) drawLife(im *image.RGBA, v alife.LifeBoardView, names []string) {
	name := k.name.SeatName(names, v.Seat)
	k.drawLifeHeader(im, v, name)
	k.drawLifeTracks(im, v.Life)
	k.drawLifeSide(im, v.Life)
	k.drawTableau(im, v)
	k.drawLegend(im, "A Life · life board")
}

func (k *alifeKit) drawLifeHeader(im *image.RGBA, v alife.LifeBoardView, name string) {
	r := image.Rect(abMargin, alHeadTop, Width-abMargin, alHeadTop+alHeadH)
	if v.Over {
		k.over.Draw(im, r)
	} else {
		k.status.Draw(im, r)
	}
	cy := float64(r.Min.Y+r.Max.Y) / 2
	x, right := float64(r.Min.X)+18, float64(r.Max.X)-18
	sv := v.Life

	// The score, and at the end the rank, at the right.
	if v.Over {
		c := rgb(textMain)
		if v.Rank == 1 {
			c = rgb(gold)
		}
		rank := ""
		if v.Rank > 0 {
			rank = ordinal(v.Rank)
			if v.Seats > 0 {
				rank += " of " + strconv.Itoa(v.Seats)
			}
		}
		right -= k.huge.Draw(im, k.huge.Fit(number(sv.Score), 170), right, cy+1, MiddleRight, c) + 10
		right -= k.caption.Draw(im, "final score", right, cy+8, MiddleRight, rgb(textSoft)) + 24
		if rank != "" {
			right -= k.huge.Draw(im, rank, right, cy+1, MiddleRight, c) + 24
		}
	} else {
		right -= k.big.Draw(im, k.big.Fit(number(sv.Score), 130), right, cy, MiddleRight, scoreColour(sv.Score)) + 8
		right -= k.caption.Draw(im, "score so far", right, cy+4, MiddleRight, rgb(textSoft)) + 24
	}

	BlitCentred(im, k.pips[paletteIndex(v.Seat)], x+9, cy-12)
	title := "The life of " + name
	if v.Over && v.Rank == 1 {
		title = "The winning life of " + name
	}
	k.prompt.Draw(im, k.prompt.Fit(title, right-x-26), x+26, cy-12, MiddleLeft, rgb(textMain))
	sub := ""
	switch {
	case sv.Dead:
		sub = "life ended early · scored as lived"
	case v.Over:
		sub = "all fifteen rounds lived"
	default:
		head, ph := roundText(v.Round, v.Phase)
		sub = head + " · " + ph
	}
	c := rgb(textSoft)
	if sv.Dead {
		c = rgb(badSoft)
	}
	k.body.Draw(im, k.body.Fit(sub, right-x-26), x+26, cy+16, MiddleLeft, c)
}

// drawLifeTracks draws the tracks as a table: a row per resource with its
// name, scoring and life values and their product; the score below.
func (k *alifeKit) drawLifeTracks(im *image.RGBA, sv alife.SeatView) {
	x := abMargin
	top := alBodyTop
	h := 30 + alNumRes*alTrackRow + 40
	k.section.Draw(im, image.Rect(x, top, x+alLeftW, top+h))
	colS, colL, colP := float64(x+196), float64(x+282), float64(x+alLeftW-18)
	hy := float64(top + 16)
	k.titleTiny.Draw(im, "RESOURCE", float64(x+14), hy, MiddleLeft, rgb(textSoft))
	k.titleTiny.Draw(im, "MATTERS", colS, hy, Centre, rgb(textSoft))
	k.titleTiny.Draw(im, "CAN DO", colL, hy, Centre, rgb(textSoft))
	k.titleTiny.Draw(im, "SCORES", colP, hy, MiddleRight, rgb(textSoft))
	for r := range alNumRes {
		cy := float64(top+30+r*alTrackRow) + alTrackRow/2
		if r%2 == 0 {
			FillRect(im, image.Rect(x+6, int(cy)-alTrackRow/2+1, x+alLeftW-6, int(cy)+alTrackRow/2-1), rgb(rowFill))
		}
		BlitCentred(im, k.life[r], float64(x+24), cy)
		k.body.Draw(im, alResources[r].name, float64(x+40), cy, MiddleLeft, rgb(textMain))
		BlitCentred(im, k.scoring[r], colS-16, cy)
		k.stat.Draw(im, k.stat.Fit(number(sv.Scoring[r]), 40), colS+2, cy, MiddleLeft, rgb(textMain))
		BlitCentred(im, k.life[r], colL-16, cy)
		lc := rgb(textMain)
		if sv.Life[r] < 0 {
			lc = rgb(badSoft)
		}
		k.stat.Draw(im, k.stat.Fit(number(sv.Life[r]), 40), colL+2, cy, MiddleLeft, lc)
		k.small.Draw(im, "×", (colS+colL)/2+8, cy, Centre, rgb(textSoft))
		p := sv.Scoring[r] * sv.Life[r]
		k.stat.Draw(im, k.stat.Fit(number(p), 70), colP, cy, MiddleRight, productColour(p))
	}
	ty := float64(top+30+alNumRes*alTrackRow) + 20
	FillRect(im, image.Rect(x+10, int(ty)-19, x+alLeftW-10, int(ty)-18), rgb(tableLine))
	k.label.Draw(im, "SCORE", float64(x+14), ty, MiddleLeft, rgb(textSoft))
	k.name.Draw(im, k.name.Fit(number(sv.Score), 120), colP, ty, MiddleRight, scoreColour(sv.Score))
}

// drawLifeSide draws, under the tracks, hearts, money, the baby card and
// the cards befriended.
func (k *alifeKit) drawLifeSide(im *image.RGBA, sv alife.SeatView) {
	x := float64(abMargin + 6)
	y := float64(alBodyTop + 30 + alNumRes*alTrackRow + 40 + 22)
	cx := x + k.drawHearts(im, sv.Hearts, x, y) + 16
	cx += k.drawMoney(im, sv.Money, cx, y) + 16
	BlitCentred(im, k.hand, cx+11, y)
	cx += 24
	cx += k.stat.Draw(im, number(sv.HandSize), cx, y, MiddleLeft, rgb(textMain)) + 16
	// The baby card: the scoring symbols a life starts with.
	BlitCentred(im, k.baby, cx+9, y)
	cx += 22
	cx += k.small.Draw(im, "born with", cx, y, MiddleLeft, rgb(textSoft)) + 6
	base := k.babyItems(sv.Baby)
	for _, it := range base {
		for range min(it.n, 4) {
			set := &k.scoring
			if it.kind == alLife {
				set = &k.life
			}
			if s := resSprite(set, it.res); s != nil {
				BlitCentred(im, s, cx+9, y)
			}
			cx += 21
		}
	}

	y += 26
	if len(sv.Befriended) == 0 {
		k.small.Draw(im, "no friendships made", x, y, MiddleLeft, rgb(textSoft))
		return
	}
	// Rows of two chips while they fit; the count in the head says how
	// many there are in all.
	left := int(x) - 6
	const per = 2
	type row struct {
		chips []*image.RGBA
		h     int
	}
	var rows []row
	cyp := int(y) + 12
	shown := 0
	for i := 0; i < len(sv.Befriended); i += per {
		var rw row
		for _, c := range sv.Befriended[i:min(i+per, len(sv.Befriended))] {
			chip := k.chip(alife.PlayedView{Card: c})
			rw.chips = append(rw.chips, chip)
			rw.h = max(rw.h, chip.Bounds().Dy())
		}
		if cyp+rw.h > abFooterY-6 {
			break
		}
		rows = append(rows, rw)
		shown += len(rw.chips)
		cyp += rw.h + 4
	}
	head := "BEFRIENDED (" + strconv.Itoa(len(sv.Befriended)) + ")"
	if shown < len(sv.Befriended) {
		head = "BEFRIENDED (" + strconv.Itoa(len(sv.Befriended)) + ", " + strconv.Itoa(shown) + " shown)"
	}
	k.titleTiny.Draw(im, head, x, y, MiddleLeft, rgb(textSoft))
	cyp = int(y) + 12
	for _, rw := range rows {
		for j, chip := range rw.chips {
			Blit(im, chip, left+j*(alChipW+8), cyp)
		}
		cyp += rw.h + 4
	}
}

// babyItems lists a baby card's symbols.
func (k *alifeKit) babyItems(a alife.Area) []alItem {
	var out []alItem
	for _, it := range areaItems(a) {
		if it.kind == alScoring || it.kind == alLife {
			out = append(out, it)
		}
	}
	return out
}

// drawTableau draws the five phase columns: a head with the phase's
// colour, name and count, then a chip per card, oldest on top.
func (k *alifeKit) drawTableau(im *image.RGBA, v alife.LifeBoardView) {
	top := alBodyTop
	bottom := abFooterY - 8
	for p := range 5 {
		x := alTabX + p*alTabPitch
		cards := v.Life.Tableau[p]
		now := !v.Over && v.Phase == p+1
		head := image.Rect(x, top, x+alChipW, top+30)
		FillRect(im, image.Rect(x, top+26, x+alChipW, top+30), alPhaseFill(p+1))
		nameC := rgb(textMain)
		if now {
			nameC = rgb(accent)
		}
		k.label.Draw(im, alPhases[p].name, float64(head.Min.X+2), float64(top+12), MiddleLeft, nameC)
		count := strconv.Itoa(len(cards))
		if len(cards) == 0 {
			count = "–"
		}
		k.label.Draw(im, count, float64(head.Max.X-2), float64(top+12), MiddleRight, rgb(textSoft))
		y := top + 38
		for i, pv := range cards {
			chip := k.chip(pv)
			h := chip.Bounds().Dy()
			if y+h > bottom || (i < len(cards)-1 && y+h+alChipH+6 > bottom) {
				k.label.Draw(im, "+"+strconv.Itoa(len(cards)-i)+" more", float64(x+8), float64(y+12), MiddleLeft, rgb(textSoft))
				break
			}
			Blit(im, chip, x, y)
			if pv.Friends > 0 {
				k.friendsBadge(im, pv.Friends, x+alChipW-4, y+h-4)
			}
			y += h + 6
		}
		if len(cards) == 0 && (v.Over || p+1 < v.Phase) {
			k.small.Draw(im, "nothing lived", float64(x+alChipW/2), float64(top+60), Centre, rgb(textSoft))
		}
	}
}

// friendsBadge writes, at a chip's bottom right corner (right, bottom),
// how many seats befriended the card.
func (k *alifeKit) friendsBadge(im *image.RGBA, n int, right, bottom int) {
	text := strconv.Itoa(min(n, 99))
	w := int(k.titleTiny.Measure(text)) + 26
	r := image.Rect(right-w, bottom-18, right, bottom)
	FillRect(im, r, rgb(alDevBand))
	Blit(im, k.friends, r.Min.X+2, r.Min.Y)
	k.titleTiny.Draw(im, text, float64(r.Max.X-4), float64(r.Min.Y+9), MiddleRight, rgb(inkDark))
}

package alife

import "github.com/lifebot/lifebot/games"

// View is what one viewer may see. The public view (Seat −1) has no hand
// and no child pairs; each seat's view adds its own.
type View struct {
	Seat  int    `json:"seat"`
	Round int    `json:"round"`
	Phase int    `json:"phase"`
	Step  string `json:"step"`
	Turn  int    `json:"turn"`
	Start int    `json:"start"`
	// Columns are the two card columns in play, this round's first.
	Columns []ColumnView `json:"columns"`
	Seats   []SeatView   `json:"seats"`
	// The seat's own side.
	Hand     []Card    `json:"hand,omitempty"`
	Children [][2]Card `json:"children,omitempty"`
	Draws    int       `json:"draws,omitempty"`
}

// ColumnView is one card column of the board.
type ColumnView struct {
	Column int     `json:"column"`
	Cards  []*Card `json:"cards"` // by row; nil for an empty slot
}

// SeatView is one seat as everyone sees it.
type SeatView struct {
	Scoring  [numResources]int `json:"scoring"`
	Life     [numResources]int `json:"life"`
	Money    int               `json:"money"`
	Hearts   int               `json:"hearts"`
	Dead     bool              `json:"dead,omitempty"`
	Baby     Area              `json:"baby"`
	Col      int               `json:"col"`
	Row      int               `json:"row"`
	Score    int               `json:"score"`
	HandSize int               `json:"hand_size"`
	// HandPhases counts the hand's cards by phase, as their backs show.
	HandPhases [numPhases]int          `json:"hand_phases"`
	Tableau    [numPhases][]PlayedView `json:"tableau"`
}

// PlayedView is a card in a tableau.
type PlayedView struct {
	Card      Card `json:"card"`
	Developed bool `json:"developed,omitempty"`
	Child     bool `json:"child,omitempty"`
	// Friends counts the seats that befriended it.
	Friends int `json:"friends,omitempty"`
}

// View implements games.State.
func (s *state) View(seat games.Seat) any {
	v := View{Seat: int(seat), Round: s.round, Phase: s.phase(), Step: s.step, Turn: int(s.turn), Start: int(s.startSeat)}
	for c := max(s.round, 1); c <= min(max(s.round, 1)+1, s.shape.columns); c++ {
		col := ColumnView{Column: c}
		for _, id := range s.slots[c] {
			var card *Card
			if id >= 0 {
				card = s.card(id)
			}
			col.Cards = append(col.Cards, card)
		}
		v.Columns = append(v.Columns, col)
	}
	res := s.Result()
	for p := range s.ps {
		pl := &s.ps[p]
		sv := SeatView{Scoring: pl.Scoring, Life: pl.Life, Money: pl.Money, Hearts: pl.Hearts, Dead: pl.Dead,
			Baby: s.set.babies[pl.Baby], Col: pl.Col, Row: pl.Row, Score: res.Scores[p], HandSize: len(pl.Hand)}
		for _, c := range pl.Hand {
			sv.HandPhases[s.card(c).Phase-1]++
		}
		for ph, col := range pl.Tableau {
			for _, t := range col {
				pv := PlayedView{Card: *s.card(t.Card), Developed: t.Developed, Child: t.Child}
				for q := range s.ps {
					for _, f := range s.ps[q].Friends {
						if f == t.Card {
							pv.Friends++
						}
					}
				}
				sv.Tableau[ph] = append(sv.Tableau[ph], pv)
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	if seat >= 0 && int(seat) < s.seats {
		pl := &s.ps[seat]
		for _, c := range pl.Hand {
			v.Hand = append(v.Hand, *s.card(c))
		}
		for _, pair := range pl.Children {
			v.Children = append(v.Children, [2]Card{*s.card(pair[0]), *s.card(pair[1])})
		}
		v.Draws = pl.Draws
	}
	return v
}

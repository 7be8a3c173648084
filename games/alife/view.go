package alife

import (
	"slices"

	"github.com/lifebot/lifebot/games"
)

// View is what one viewer may see. The public view (Seat −1) has no hand
// and no child pairs; each seat's view adds its own. Its cards' titles
// and flavour lines are messages (see shown), said in the reader's
// language by whoever draws them.
type View struct {
	Seat  int    `json:"seat"`
	Round int    `json:"round"`
	Phase int    `json:"phase"`
	Step  string `json:"step"` // the game's: start, round, child or over
	// Turn is the seat placing its start stack, or in a round the last
	// seat whose card step opened.
	Turn  int `json:"turn"`
	Start int `json:"start"`
	// Acting lists the seats with a decision to make now.
	Acting []int `json:"acting"`
	// Rank holds each seat's rank once the game is over.
	Rank []int `json:"rank,omitempty"`
	// Columns are the two card columns in play, this round's first.
	Columns []ColumnView `json:"columns"`
	Seats   []SeatView   `json:"seats"`
	// The seat's own side.
	Hand     []Card    `json:"hand,omitempty"`
	Children [][2]Card `json:"children,omitempty"`
	// Kept are the cards the seat kept for its children while others still
	// choose: its own, sealed from everyone else until all have chosen.
	Kept []Card `json:"kept,omitempty"`
	// Chosen is the card the seat chose to take or play while the seat
	// before it still finishes its turn: its own, sealed from everyone
	// else until it is lived.
	Chosen *Card `json:"chosen,omitempty"`
	Draws  int   `json:"draws,omitempty"`
	// Last is what the last move changed, for the board to point at; nil
	// before the first.
	Last *LastMove `json:"last,omitempty"`
}

// LastMove is the last move as everyone may see it: who made it and what
// kind of move it was, and where the seat's stack stood after it. It
// names no card, so that keeping a child's card, sealed until everyone
// has chosen, shows only that the seat chose.
type LastMove struct {
	Seat int `json:"seat"`
	// Move is the kind: start, take, stand, draw, develop, friend, res or
	// keep, as the actions are named, or chose for a card chosen while
	// the seat before still finishes its turn, which names nothing until
	// it is lived.
	Move string `json:"move"`
	// Col and Row are where the seat's stack stood after the move.
	Col int `json:"col"`
	Row int `json:"row"`
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
	// Befriended lists the opponent cards this seat befriended.
	Befriended []Card `json:"befriended,omitempty"`
	// Step is where the seat is in its turn (card, stand, draw, action,
	// pay), chosen while its card waits for the seat before it, or empty.
	Step string `json:"step,omitempty"`
	// Children counts the child cards in the tableau.
	Children int `json:"children,omitempty"`
}

// LifeBoardView is one seat's whole life board as anyone may look at it:
// both tracks of every resource, the tableau by phase, the baby card,
// children and friendships; at the end, with the final score and rank.
type LifeBoardView struct {
	Seat  int      `json:"seat"`
	Round int      `json:"round"`
	Phase int      `json:"phase"`
	Over  bool     `json:"over"`
	Rank  int      `json:"rank,omitempty"`
	Seats int      `json:"seats"`
	Life  SeatView `json:"life"`
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
	v := View{Seat: int(seat), Round: s.round, Phase: s.phase(), Step: s.step, Turn: int(s.turn), Start: int(s.startSeat), Acting: []int{}}
	for _, a := range s.Active() {
		v.Acting = append(v.Acting, int(a))
	}
	for c := max(s.round, 1); c <= min(max(s.round, 1)+1, s.shape.columns); c++ {
		col := ColumnView{Column: c}
		for _, id := range s.slots[c] {
			var card *Card
			if id >= 0 {
				c := shown(s.card(id))
				card = &c
			}
			col.Cards = append(col.Cards, card)
		}
		v.Columns = append(v.Columns, col)
	}
	res := s.Result()
	if res.Over {
		v.Rank = res.Rank
	}
	if s.last.Move != "" {
		last := s.last
		v.Last = &last
	}
	for p := range s.ps {
		v.Seats = append(v.Seats, s.seatView(p, res))
	}
	if seat >= 0 && int(seat) < s.seats {
		pl := &s.ps[seat]
		for _, c := range pl.Hand {
			v.Hand = append(v.Hand, shown(s.card(c)))
		}
		for _, pair := range pl.Children {
			v.Children = append(v.Children, [2]Card{shown(s.card(pair[0])), shown(s.card(pair[1]))})
		}
		for _, k := range pl.Kept {
			v.Kept = append(v.Kept, shown(s.card(k[0])))
		}
		v.Draws = pl.Draws
		if choice, err := games.ParseAction(pl.Chosen); err == nil && pl.Step == "" {
			var chosen Card
			switch choice.Kind {
			case actTake:
				chosen = shown(s.card(s.slots[s.round][choice.Args[0]]))
				v.Chosen = &chosen
			case actPlay:
				chosen = shown(s.card(pl.Hand[choice.Args[0]]))
				v.Chosen = &chosen
			}
		}
	}
	return v
}

// seatView is one seat as everyone sees it.
func (s *state) seatView(p int, res games.Result) SeatView {
	pl := &s.ps[p]
	sv := SeatView{Scoring: pl.Scoring, Life: pl.Life, Money: pl.Money, Hearts: pl.Hearts, Dead: pl.Dead,
		Baby: s.set.babies[pl.Baby], Col: pl.Col, Row: pl.Row, Score: res.Scores[p], HandSize: len(pl.Hand)}
	if s.step == stepRound {
		sv.Step = pl.Step
		if pl.Step == "" && pl.Chosen != "" {
			sv.Step = moveChose
		}
	}
	for _, c := range pl.Hand {
		sv.HandPhases[s.card(c).Phase-1]++
	}
	for ph, col := range pl.Tableau {
		for _, t := range col {
			pv := PlayedView{Card: shown(s.card(t.Card)), Developed: t.Developed, Child: t.Child}
			for q := range s.ps {
				if slices.Contains(s.ps[q].Friends, t.Card) {
					pv.Friends++
				}
			}
			if t.Child {
				sv.Children++
			}
			sv.Tableau[ph] = append(sv.Tableau[ph], pv)
		}
	}
	for _, f := range pl.Friends {
		sv.Befriended = append(sv.Befriended, shown(s.card(f)))
	}
	return sv
}

// Inspect implements games.Inspector: seat's life board, public to all.
func (s *state) Inspect(seat games.Seat) any {
	if seat < 0 || int(seat) >= s.seats {
		return nil
	}
	res := s.Result()
	v := LifeBoardView{Seat: int(seat), Round: s.round, Phase: s.phase(), Over: res.Over, Seats: s.seats, Life: s.seatView(int(seat), res)}
	if res.Over {
		v.Rank = res.Rank[seat]
	}
	return v
}

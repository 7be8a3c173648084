package yodo

import (
	"math/rand/v2"

	"github.com/lifebot/lifebot/games"
)

// policy is the heuristic player. It weighs every play of every hand
// card: what the memory would be worth to its fate and cost it in rivals'
// points if it were set as it would then stand, counted fully for the
// memory the next heartbeat sets and less the further a memory is from
// it, since a card far from death is likely to be covered first.
type policy struct{}

// plan is one card played on one memory.
type plan struct {
	hand, place int
}

func (policy) Choose(gs games.State, seat games.Seat, rng *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok || s.over || seat != s.turn {
		return games.Action{}
	}
	if len(s.options(seat, true)) == 0 {
		return games.Action{Kind: actBury, Args: []int{s.weakest(seat)}}
	}
	best, bestValue := plan{-1, -1}, 0.0
	for _, i := range s.options(seat, true) {
		if s.taken >= 0 && i != s.taken {
			continue
		}
		for _, place := range s.playable(s.hands[seat][i]) {
			v := s.playValue(seat, i, place) + rng.Float64()*1e-6
			if best.hand < 0 || v > bestValue {
				best, bestValue = plan{i, place}, v
			}
		}
	}
	if s.taken >= 0 {
		return games.Action{Kind: actPlay, Args: []int{best.place}}
	}
	return games.Action{Kind: actCard, Args: []int{best.hand}}
}

// worth is what a card on top of a set memory gives the seat's fate, less
// what it gives rival seats' fates. Fates nobody serves count for nothing.
func (s *state) worth(seat games.Seat, x card) float64 {
	fs := s.c.symbols[x]
	each := float64(pointsFor[len(fs)])
	v := 0.0
	for _, f := range fs {
		switch {
		case f == s.fate[seat]:
			v += each
		case s.serves(f):
			v -= each / float64(s.seats-1)
		}
	}
	return v
}

func (s *state) serves(fate int) bool {
	for _, f := range s.fate {
		if f == fate {
			return true
		}
	}
	return false
}

// playValue is the gain of playing hand card i on memory place.
func (s *state) playValue(seat games.Seat, i, place int) float64 {
	x := s.hands[seat][i]
	m := &s.board[place]
	gain := s.worth(seat, x)
	if t := m.top(); t >= 0 {
		gain -= s.worth(seat, t)
	}
	// A card a rival can cover is less likely to last: count the rival
	// fates it shows besides this seat's.
	exposed := 0
	for _, f := range s.c.symbols[x] {
		if f != s.fate[seat] && s.serves(f) {
			exposed++
		}
	}
	distance := len(s.board) - 1 - s.locked - place
	return gain / float64(1+distance+exposed)
}

// weakest is the hand card worth least to the seat: the one to bury.
func (s *state) weakest(seat games.Seat) int {
	best := 0
	for i, x := range s.hands[seat] {
		if s.worth(seat, x) < s.worth(seat, s.hands[seat][best]) {
			best = i
		}
	}
	return best
}

// standin decides for a player who is away, by the plain rule of RULINGS
// 4.4: a card of one symbol onto the empty memory nearest death; else
// cover a rival's card nearest death; else the first play there is. When
// nothing is playable it buries the card with the most symbols.
type standin struct{}

func (standin) Choose(gs games.State, seat games.Seat, _ *rand.Rand) games.Action {
	s, ok := gs.(*state)
	if !ok || s.over || seat != s.turn {
		return games.Action{}
	}
	if len(s.options(seat, true)) == 0 {
		most := 0
		for i, x := range s.hands[seat] {
			if len(s.c.symbols[x]) > len(s.c.symbols[s.hands[seat][most]]) {
				most = i
			}
		}
		return games.Action{Kind: actBury, Args: []int{most}}
	}
	p := s.standinPlan(seat)
	if s.taken >= 0 {
		return games.Action{Kind: actPlay, Args: []int{p.place}}
	}
	return games.Action{Kind: actCard, Args: []int{p.hand}}
}

func (s *state) standinPlan(seat games.Seat) plan {
	cards := s.options(seat, true)
	if s.taken >= 0 {
		cards = []int{s.taken}
	}
	// Memories nearest death come last on the board.
	for place := len(s.board) - 1; place >= 0; place-- {
		if m := &s.board[place]; m.locked || m.top() >= 0 {
			continue
		}
		for _, i := range cards {
			if len(s.c.symbols[s.hands[seat][i]]) == 1 {
				return plan{i, place}
			}
		}
	}
	for place := len(s.board) - 1; place >= 0; place-- {
		m := &s.board[place]
		if m.locked || m.top() < 0 || m.top().fate() == s.fate[seat] {
			continue
		}
		for _, i := range cards {
			if s.c.shares(s.hands[seat][i], m.top()) {
				return plan{i, place}
			}
		}
	}
	for _, i := range cards {
		if places := s.playable(s.hands[seat][i]); len(places) > 0 {
			return plan{i, places[0]}
		}
	}
	return plan{cards[0], 0}
}

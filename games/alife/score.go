package alife

import (
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// product is what one resource scores for a seat: its scoring value times
// its life value, negative when the life value is −1 (RULINGS 3.3.23).
func (pl *player) product(r Resource) int { return pl.Scoring[r] * pl.Life[r] }

// Result implements games.State: the sum of the ten products; ties go to
// the higher Joy product, then the higher life Joy (RULINGS 3.3.24).
func (s *state) Result() games.Result {
	n := s.seats
	r := games.Result{Over: s.step == stepOver, Scores: make([]int, n), Detail: make([]string, n)}
	joy, lifeJoy := make([]int, n), make([]int, n)
	for p := range s.ps {
		pl := &s.ps[p]
		var parts []string
		for res := range numResources {
			v := pl.product(Resource(res))
			r.Scores[p] += v
			if v != 0 {
				parts = append(parts, fmt.Sprintf("%s %d", Resource(res), v))
			}
		}
		joy[p], lifeJoy[p] = pl.product(Joy), pl.Life[Joy]
		r.Detail[p] = strings.Join(parts, ", ")
	}
	r.Rank = games.RankByScore(r.Scores, joy, lifeJoy)
	return r
}

func (s *state) finalLine() string {
	r := s.Result()
	var who []string
	for _, w := range r.Winners() {
		who = append(who, games.SeatRef(w))
	}
	return fmt.Sprintf("The lives are lived. %s lived most by their own values, with %d.", strings.Join(who, " and "), r.Scores[r.Winners()[0]])
}

// Prompt implements games.State.
func (s *state) Prompt() string {
	who := games.SeatRef(s.turn)
	switch s.step {
	case stepOver:
		return "The game is over."
	case stepStart:
		return who + " chooses where to start."
	case stepCard:
		return fmt.Sprintf("Round %d (phase %d): %s chooses an experience.", s.round, s.phase(), who)
	case stepStand:
		return who + " chooses which card to stand behind."
	case stepDraw:
		return who + " chooses which deck to draw from."
	case stepAction:
		return who + " chooses how to spend their time."
	case stepChild:
		return "Everyone with a child chooses the child's card."
	}
	return ""
}

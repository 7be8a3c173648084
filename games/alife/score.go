package alife

import (
	"fmt"
	"slices"
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

// Prompt implements games.State. In a round it names every seat with a
// decision, since the next seat may choose its card while the one before
// finishes its turn.
func (s *state) Prompt() string {
	switch s.step {
	case stepOver:
		return "The game is over."
	case stepStart:
		return games.SeatRef(s.turn) + " chooses where to start."
	case stepChild:
		return "Everyone with a child chooses the child's card."
	}
	var parts []string
	for _, seat := range s.Active() {
		parts = append(parts, games.SeatRef(seat)+" "+stepWords[s.ps[seat].Step])
	}
	for p, pl := range s.ps {
		if pl.Step == "" && pl.Chosen != "" {
			parts = append(parts, games.SeatRef(games.Seat(p))+" has chosen an experience")
		}
	}
	return fmt.Sprintf("Round %d (phase %d): %s.", s.round, s.phase(), strings.Join(parts, "; "))
}

// PromptTo implements games.Addresser.
func (s *state) PromptTo(seat games.Seat) string {
	switch s.step {
	case stepOver:
		return "The game is over."
	case stepStart:
		return startWords
	case stepChild:
		return "Choose your child's card."
	}
	if pl := &s.ps[seat]; pl.Step == "" && pl.Chosen != "" {
		if before, waits := s.finishing(seat); waits {
			return fmt.Sprintf("Round %d (phase %d): your experience is chosen; you live it as soon as %s has finished their turn.", s.round, s.phase(), games.SeatRef(before))
		}
	}
	return fmt.Sprintf("Round %d (phase %d): %s.", s.round, s.phase(), stepWordsYou[s.ps[seat].Step])
}

// startWords ask a seat where to start, in the first DM of its game, and
// explain the board's words there once, briefly; /rules alife says more.
const startWords = "Choose where to start: your **stack** (your marker) stands on a row's space and reaches the cards its lines join. " +
	"On cards, a grey square is what **matters** to you, a coloured disc what you **can do**; each resource scores the two multiplied. " +
	"A cost \"can do Joy ≥2\" is shown, not spent; a developed card is lived **to the full**. `/rules alife` says more."

// stepWordsYou say to a seat what it does at each step of its turn.
var stepWordsYou = map[string]string{
	stepCard:   "choose an experience",
	stepStand:  "choose which card to stand behind",
	stepDraw:   "choose which deck to draw from",
	stepAction: "choose how to spend your time",
	stepPay:    "choose which cards to discard",
}

// stepWords say what a seat does at each step of its turn.
var stepWords = map[string]string{
	stepCard:   "chooses an experience",
	stepStand:  "chooses which card to stand behind",
	stepDraw:   "chooses which deck to draw from",
	stepAction: "chooses how to spend their time",
	stepPay:    "chooses which cards to discard",
}

// Stats implements games.Reporter: the measures RULINGS 3.2 tunes.
func (s *state) Stats() []games.Stat {
	first := 0.0
	if s.step == stepOver {
		if w := s.Result().Winners(); slices.Contains(w, s.firstSeat) {
			first = 1 / float64(len(w))
		}
	}
	early, children, developed := 0.0, 0, 0
	for _, pl := range s.ps {
		if pl.Dead && pl.DiedIn < s.shape.columns {
			early = 1
		}
		for _, col := range pl.Tableau {
			for _, t := range col {
				if t.Child {
					children++
				}
				if t.Developed {
					developed++
				}
			}
		}
	}
	n := float64(s.seats)
	return []games.Stat{
		{Name: "share of wins to the first seat", Value: first},
		{Name: "games with a life ended early", Value: early},
		{Name: "children per life", Value: float64(children) / n},
		{Name: "developments per life", Value: float64(developed) / n},
	}
}

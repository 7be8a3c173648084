package alife

import (
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
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
				parts = append(parts, i18n.Msg("alife.detail.product", "resource", Resource(res).name(), "points", v))
			}
		}
		joy[p], lifeJoy[p] = pl.product(Joy), pl.Life[Joy]
		r.Detail[p] = joinItems(parts)
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
	return i18n.Msg("alife.event.over", "n", len(who), "winners", i18n.List(who...), "points", r.Scores[r.Winners()[0]])
}

// Prompt implements games.State. In a round it names every seat with a
// decision, since the next seat may choose its card while the one before
// finishes its turn.
func (s *state) Prompt() string {
	switch s.step {
	case stepOver:
		return i18n.Msg("alife.prompt.over")
	case stepStart:
		return i18n.Msg("alife.prompt.start", "who", games.SeatRef(s.turn))
	case stepChild:
		return i18n.Msg("alife.prompt.child")
	}
	var parts []string
	for _, seat := range s.Active() {
		parts = append(parts, i18n.Msg("alife.prompt.doing."+s.ps[seat].Step, "who", games.SeatRef(seat)))
	}
	for p, pl := range s.ps {
		if pl.Step == "" && pl.Chosen != "" {
			parts = append(parts, i18n.Msg("alife.prompt.doing."+moveChose, "who", games.SeatRef(games.Seat(p))))
		}
	}
	return i18n.Msg("alife.prompt.round", "round", s.round, "phase", s.phase(), "doing", joinWith("alife.join.groups", parts))
}

// PromptTo implements games.Addresser. At the start it explains the
// board's words once, briefly, in the first DM of the game; /rules alife
// says more.
func (s *state) PromptTo(seat games.Seat) string {
	switch s.step {
	case stepOver:
		return i18n.Msg("alife.prompt.over")
	case stepStart:
		return i18n.Msg("alife.prompt_to.start")
	case stepChild:
		return i18n.Msg("alife.prompt_to.child")
	}
	pl := &s.ps[seat]
	if pl.Step == "" && pl.Chosen != "" {
		if before, waits := s.finishing(seat); waits {
			return i18n.Msg("alife.prompt_to.chosen", "round", s.round, "phase", s.phase(), "before", games.SeatRef(before))
		}
	}
	if pl.Step == "" {
		return i18n.Msg("alife.prompt_to.idle", "round", s.round, "phase", s.phase())
	}
	return i18n.Msg("alife.prompt_to."+pl.Step, "round", s.round, "phase", s.phase())
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

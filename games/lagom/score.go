package lagom

import (
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// score runs rulebook step 8 for every seat in the game (ruling 16).
func (s *state) score(ev *[]games.Event) {
	var parts []string
	for p := range s.ps {
		pl := &s.ps[p]
		if pl.out {
			continue
		}
		rel, leisure, purpose := s.roundScore(p)
		pl.fromRel += rel
		pl.fromLeisure += leisure
		pl.fromPurpose += purpose
		pl.scored = rel + leisure + purpose
		pl.fulfil += pl.scored
		parts = append(parts, i18n.Msg("lagom.event.score", "who", games.SeatRef(games.Seat(p)), "gain", pl.scored, "total", pl.fulfil))
	}
	*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.scores", "round", s.round, "scores", chain("lagom.comma", parts))})
}

// roundScore is what p scores this round from Relationships, Leisure and
// Purpose.
func (s *state) roundScore(p int) (rel, leisure, purpose int) {
	tab := s.ps[p].tableau
	for _, pl := range tab {
		for j, sym := range pl.syms {
			if sym == Relationship && !pl.sunset[j] {
				rel += s.round - pl.round + 1
			}
		}
	}
	if n := len(tab); n > 0 && tab[n-1].round == s.round {
		last := tab[n-1].syms
		leisure = 2 * count(last, Leisure)
		if count(last, Purpose) > 0 {
			purpose = s.symbolCount(p, Purpose)
		}
	}
	return rel, leisure, purpose
}

// symbolCount counts sym on the active sides of p's tableau, sunset or not.
func (s *state) symbolCount(p int, sym Symbol) int {
	n := 0
	for _, pl := range s.ps[p].tableau {
		n += count(pl.syms, sym)
	}
	return n
}

// Result implements games.State: fulfilment, ranked with the tie-breaks
// of ruling 18.
func (s *state) Result() games.Result {
	n := s.seats
	r := games.Result{Over: s.step == stepOver, Scores: make([]int, n), Detail: make([]string, n)}
	purpose, rels, leisure := make([]int, n), make([]int, n), make([]int, n)
	for p := range s.ps {
		pl := &s.ps[p]
		r.Scores[p] = pl.fulfil
		purpose[p] = s.symbolCount(p, Purpose)
		rels[p] = s.activeRels(p)
		leisure[p] = s.symbolCount(p, Leisure)
		r.Detail[p] = i18n.Msg("lagom.result.detail", "from_rel", pl.fromRel, "from_leisure", pl.fromLeisure, "from_purpose", pl.fromPurpose,
			"purpose", purpose[p], "active", i18n.Msg("lagom.result.active", "n", rels[p]), "leisure", leisure[p])
	}
	r.Rank = games.RankByScore(r.Scores, purpose, rels, leisure)
	return r
}

// finalLine narrates the end of the game.
func (s *state) finalLine() string {
	r := s.Result()
	var who []string
	for _, w := range r.Winners() {
		who = append(who, games.SeatRef(w))
	}
	return i18n.Msg("lagom.event.over", "health", roundHealth, "who", i18n.List(who...), "n", len(who), "fulfilment", r.Scores[r.Winners()[0]])
}

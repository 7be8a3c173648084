package yodo

import (
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Story implements games.Teller: Philip's life as the game left it, told
// from birth to death (RULINGS 4.2.15). Each memory is told by the fates
// of its winning card, in the order the card shows them, joined by a
// template when there are two or three, or by its forgotten line. Then
// come each fate's total, the winner's epilogue and who served which fate.
// Nothing is told before the game is over.
func (s *state) Story() []string {
	if !s.over {
		return nil
	}
	out := []string{i18n.Msg("yodo.story.opening")}
	for _, m := range s.board {
		out = append(out, i18n.Msg("yodo.story.memory", "memory", s.c.title(m.event), "told", s.remembered(m)))
	}
	out = append(out, i18n.Msg("yodo.story.closing"))

	var totals []string
	for f, fate := range s.c.fates {
		if !s.serves(f) && s.points[f] == 0 {
			continue
		}
		key := "yodo.story.total"
		if !s.serves(f) {
			key = "yodo.story.total_unserved"
		}
		totals = append(totals, i18n.Msg(key, "emoji", fate.Emoji, "fate", s.c.fateName(f), "points", s.points[f]))
	}
	out = append(out, i18n.Msg("yodo.story.points", "totals", joined("yodo.join.dot", totals)))

	r := s.Result()
	for _, w := range r.Winners() {
		out = append(out, "*"+s.c.epilogue(s.fate[w])+"*")
	}
	var served []string
	for seat, f := range s.fate {
		served = append(served, i18n.Msg("yodo.story.served", "who", games.SeatRef(games.Seat(seat)), "emoji", s.c.fates[f].Emoji, "fate", s.c.fateName(f)))
	}
	out = append(out, joined("yodo.join.comma", served)+".")
	return out
}

// remembered is how a set memory is told, as a message.
func (s *state) remembered(m memory) string {
	if len(m.stack) == 0 {
		return s.c.forgotten(m.event)
	}
	fs := s.c.symbols[m.top()]
	if len(fs) == 1 {
		return s.c.line(m.event, fs[0])
	}
	count := len(s.c.story.Pairs)
	if len(fs) == 3 {
		count = len(s.c.story.Triples)
	}
	var args []any
	for k, f := range fs {
		args = append(args, "line_"+string(rune('a'+k)), s.c.line(m.event, f), "fate_"+string(rune('a'+k)), s.c.fateName(f))
	}
	return i18n.Msg(template(len(fs), m.event%count), args...)
}

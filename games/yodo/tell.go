package yodo

import (
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/games"
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
	out := []string{s.c.story.Opening}
	for _, m := range s.board {
		out = append(out, fmt.Sprintf("**%s.** %s", s.c.events[m.event].Title, s.remembered(m)))
	}
	out = append(out, s.c.story.Closing)

	var totals []string
	for f, fate := range s.c.fates {
		if !s.serves(f) && s.points[f] == 0 {
			continue
		}
		t := fmt.Sprintf("%s %s %d", fate.Emoji, fate.Name, s.points[f])
		if !s.serves(f) {
			t += " (served by nobody)"
		}
		totals = append(totals, t)
	}
	out = append(out, "Points: "+strings.Join(totals, " · ")+".")

	r := s.Result()
	for _, w := range r.Winners() {
		out = append(out, "*"+s.c.fates[s.fate[w]].Epilogue+"*")
	}
	var served []string
	for seat, f := range s.fate {
		served = append(served, fmt.Sprintf("%s served %s %s", games.SeatRef(games.Seat(seat)), s.c.fates[f].Emoji, s.c.fates[f].Name))
	}
	out = append(out, strings.Join(served, ", ")+".")
	return out
}

// remembered is how a set memory is told.
func (s *state) remembered(m memory) string {
	ev := s.c.events[m.event]
	if len(m.stack) == 0 {
		return ev.Forgotten
	}
	fs := s.c.symbols[m.top()]
	if len(fs) == 1 {
		return ev.Lines[fs[0]]
	}
	templates := s.c.story.Pairs
	if len(fs) == 3 {
		templates = s.c.story.Triples
	}
	text := templates[m.event%len(templates)]
	for k, f := range fs {
		text = strings.ReplaceAll(text, "{"+string(rune('A'+k))+"}", ev.Lines[f])
		text = strings.ReplaceAll(text, "{"+string(rune('a'+k))+"}", s.c.fates[f].Name)
	}
	return text
}

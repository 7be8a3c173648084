package core

import (
	"fmt"
	"strings"
	"sync"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Long games are played in glances: a player back after a day must read
// at once what the others did since they last acted. Each player's living
// DM, and the ping that calls a player of a game without hidden hands,
// opens with it: the public lines of every decision taken after the
// player's own last one, in order, or, when they would not fit, how many
// moves each player made and the latest of them.

// catchUpBudget is how many characters the catch-up may take of a
// message, leaving the rest of Discord's 2000 to the message itself.
const catchUpBudget = 1100

// toldMoves holds the public lines of each decision of a snapshot's game,
// worked out once however many messages ask.
type toldMoves struct {
	once  sync.Once
	lines [][]string // by decision; nil when the game could not be replayed
}

// toldByMove returns the public lines each decision of sn's game told,
// worked out once per snapshot.
func (s *Service) toldByMove(sn *snapshot) [][]string {
	sn.told.once.Do(func() {
		if g, ok := s.games.Get(sn.rec.Game); ok {
			sn.told.lines, _ = sn.t.told(g)
		}
	})
	return sn.told.lines
}

// told replays the game from its seed and decisions and returns, by
// decision, the public lines each told, in the names players read. The
// engines are pure and replay exactly; private events never enter.
func (t *table) told(g games.Game) ([][]string, error) {
	st, err := g.New(t.config())
	if err != nil {
		return nil, err
	}
	names := t.textNames()
	lines := make([][]string, len(t.Log))
	for n := range t.Log {
		events, err := t.play(st, n)
		if err != nil {
			return nil, err
		}
		for _, ev := range events {
			if ev.Public() {
				lines[n] = append(lines[n], ev.Format(names))
			}
		}
	}
	return lines, nil
}

// sinceLastMove is what happened in sn's game since seat last decided (since
// the start when it never has), in words: "" when nothing has. Its own
// words, the moves' lines too, are in say's language, the reader's: the
// player's in their DMs, the game's in its channel.
func (s *Service) sinceLastMove(say i18n.Printer, sn *snapshot, seat games.Seat) string {
	t := sn.t
	last := len(t.Log) - t.sinceSeat(seat) - 1
	told := s.toldByMove(sn)
	var lines []string
	moves := make([]int, len(t.Seats))
	total := 0
	for n := last + 1; n < len(told); n++ {
		if len(told[n]) == 0 {
			continue
		}
		total++
		if by := int(t.Log[n].Seat); by >= 0 && by < len(moves) {
			moves[by]++
		}
		for _, l := range told[n] {
			lines = append(lines, say.Say(l))
		}
	}
	if total == 0 {
		return ""
	}
	head := say.T("log.catchup.head", "n", total) + "\n"
	body := quoteLines(lines)
	if len(head)+len(body) <= catchUpBudget {
		return head + body
	}
	names := t.textNames()
	var who []string
	for i, n := range moves {
		if n > 0 && i < len(names) {
			who = append(who, fmt.Sprintf("%s %d", names[i], n))
		}
	}
	head = say.T("log.catchup.summary", "n", total, "who", strings.Join(who, ", "), "game", sn.rec.ID) + "\n"
	keep := len(lines)
	for keep > 0 && len(head)+len(quoteLines(lines[len(lines)-keep:])) > catchUpBudget {
		keep--
	}
	return head + quoteLines(lines[len(lines)-keep:])
}

// quoteLines writes lines as a quote, one line each.
func quoteLines(lines []string) string {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString("> ")
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// markActed records the decisions clicker's own click took among those
// logged from from on.
func (t *table) markActed(from int, clicker string) {
	if clicker == "" {
		return
	}
	for n := from; n < len(t.Log); n++ {
		seat := int(t.Log[n].Seat)
		if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].User != clicker {
			continue
		}
		if len(t.Acted) != len(t.Seats) {
			t.Acted = make([]int, len(t.Seats))
			for i := range t.Acted {
				t.Acted[i] = -1
			}
		}
		t.Acted[seat] = n + 1
	}
}

// sinceSeat is how many decisions were taken since seat's player last
// decided themselves (since the start when they never have). A record
// from before Acted was kept counts from the seat's last logged decision.
func (t *table) sinceSeat(seat games.Seat) int {
	if i := int(seat); i < len(t.Acted) && t.Acted[i] >= 0 {
		return len(t.Log) - t.Acted[i]
	}
	if len(t.Acted) == len(t.Seats) {
		return len(t.Log)
	}
	for n := len(t.Log) - 1; n >= 0; n-- {
		if t.Log[n].Seat == seat {
			return len(t.Log) - 1 - n
		}
	}
	return len(t.Log)
}

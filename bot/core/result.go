package core

import (
	"slices"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// result is how a game ended. It is written into the table by the same
// commit that finishes or abandons the game, so a closed record either
// says how it ended or predates results and is left out of the stats.
// Records closed before results were kept are not rebuilt: when they
// finished is not known (Updated moves with every later delivery), and
// ratings depend on the order of games.
type result struct {
	Game     string    `json:"game"`
	Guild    string    `json:"guild"`
	Channel  string    `json:"channel"`
	Finished time.Time `json:"finished"`
	// Abandoned says /abandon ended the game before it was over; scores
	// and ranks are then where the game stood.
	Abandoned bool           `json:"abandoned,omitempty"`
	Players   []resultPlayer `json:"players"`
	// AISeats lists every seat an AI played, for the whole game or part.
	AISeats []int `json:"ai_seats,omitempty"`
}

// resultPlayer is one seat at the end: who played it and how it did.
type resultPlayer struct {
	Seat  int    `json:"seat"`
	User  string `json:"user,omitempty"` // empty for an AI
	Name  string `json:"name"`
	AI    bool   `json:"ai,omitempty"`
	Score int    `json:"score"`
	Rank  int    `json:"rank"` // 1 for the winners; equal ranks are shared
}

// endResult is the result of the game as it stands in rec and res.
func (t *table) endResult(rec storage.Record, res games.Result, at time.Time, abandoned bool) *result {
	out := &result{
		Game: rec.Game, Guild: rec.Guild, Channel: rec.Channel,
		Finished: at.UTC(), Abandoned: abandoned, AISeats: t.aiSeats(),
	}
	for i, s := range t.Seats {
		p := resultPlayer{Seat: i, User: s.User, Name: s.Name, AI: s.AI}
		if i < len(res.Scores) {
			p.Score = res.Scores[i]
		}
		if i < len(res.Rank) {
			p.Rank = res.Rank[i]
		}
		out.Players = append(out.Players, p)
	}
	return out
}

// aiSeats lists the seats an AI played at any time in the game. A person
// whose turn the AI finished because they stayed away (sweep.go) still
// played their seat: that is not an AI seat.
func (t *table) aiSeats() []int {
	var out []int
	for i := range t.Seats {
		if slices.ContainsFunc(t.history(games.Seat(i)), func(h stint) bool { return h.AI }) {
			out = append(out, i)
		}
	}
	return out
}

// hasAI says an AI played any seat of the game.
func (r *result) hasAI() bool { return len(r.AISeats) > 0 }

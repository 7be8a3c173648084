package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// recordVersion is the layout of table below; bump it with a migration.
const recordVersion = 1

// table is everything the bot keeps about one game, lobby or running. It
// is stored as the Data of a storage.Record.
type table struct {
	V       int           `json:"v"`
	Game    string        `json:"game"`
	Host    string        `json:"host"`
	Seats   []seat        `json:"seats"`
	Options games.Options `json:"options,omitempty"`
	Seed    uint64        `json:"seed"`
	// Content is the version of the game's content it was dealt from, for
	// games whose content is versioned (games.Versioned).
	Content string `json:"content,omitempty"`
	// Log is every decision taken, in order: with Game, Options, the seat
	// count, Seed and Content it replays the game exactly (see replay).
	Log   []logEntry      `json:"log,omitempty"`
	State json.RawMessage `json:"state,omitempty"`
	// Board is the lobby message that became the game's board.
	Board msgRef `json:"board"`
	// Ping is the last "your turn" message, deleted when the next is sent.
	Ping msgRef `json:"ping,omitempty"`
	// Recent holds the last public narration lines shown on the board.
	Recent []string `json:"recent,omitempty"`
	// DMClosed lists players told once that their DMs are closed.
	DMClosed []string `json:"dm_closed,omitempty"`
	// Asked holds, per seat, the move number at which its current decision
	// began (see decisions.go); Choices fingerprints that decision.
	Asked   []int    `json:"asked,omitempty"`
	Choices []string `json:"choices,omitempty"`
	// Fresh lists the seats whose decision is new since the last commit:
	// they are the ones to ping.
	Fresh []games.Seat `json:"fresh,omitempty"`
	// Notes holds private lines per seat from the last commit, shown with
	// that seat's private view and never in the channel.
	Notes map[int][]string `json:"notes,omitempty"`
	// Sent fingerprints the private view last sent to each player (see
	// privateKey), so a DM goes out only when there is something new.
	Sent map[string]string `json:"sent,omitempty"`
	// TurnFrom is when the current decision was first asked for, and
	// Reminded how many reminders have gone out about it since.
	TurnFrom time.Time `json:"turn_from,omitzero"`
	Reminded int       `json:"reminded,omitempty"`
	Outcome  string    `json:"outcome,omitempty"`
}

type seat struct {
	User string `json:"user,omitempty"` // Discord user id; empty for an AI
	Name string `json:"name"`
	AI   bool   `json:"ai,omitempty"`
}

type logEntry struct {
	Seat   games.Seat `json:"s"`
	Action string     `json:"a"`
}

type msgRef struct {
	Channel string `json:"c,omitempty"`
	ID      string `json:"m,omitempty"`
}

func decodeTable(r storage.Record) (*table, error) {
	var t table
	if err := json.Unmarshal(r.Data, &t); err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	if t.V != recordVersion {
		return nil, fmt.Errorf("game %s: record version %d, this build reads %d", r.ID, t.V, recordVersion)
	}
	return &t, nil
}

func (t *table) encode() ([]byte, error) { return json.Marshal(t) }

// config is what the game was, or will be, set up from.
func (t *table) config() games.Config {
	return games.Config{Seats: len(t.Seats), Options: t.Options, Seed: t.Seed, Content: t.Content}
}

// replay rebuilds the game from its setup and every decision in the log.
func (t *table) replay(g games.Game) (games.State, error) {
	st, err := g.New(t.config())
	if err != nil {
		return nil, err
	}
	for n, e := range t.Log {
		a, err := games.ParseAction(e.Action)
		if err != nil {
			return nil, fmt.Errorf("decision %d: %w", n+1, err)
		}
		if _, err := st.Apply(e.Seat, a); err != nil {
			return nil, fmt.Errorf("decision %d: %w", n+1, err)
		}
	}
	return st, nil
}

// humans lists the user ids of the people at the table, for the index.
func (t *table) humans() []string {
	var out []string
	for _, s := range t.Seats {
		if !s.AI && !slices.Contains(out, s.User) {
			out = append(out, s.User)
		}
	}
	return out
}

// seatOf returns the seat a user plays, or false.
func (t *table) seatOf(user string) (games.Seat, bool) {
	for i, s := range t.Seats {
		if !s.AI && s.User == user {
			return games.Seat(i), true
		}
	}
	return 0, false
}

func (t *table) names() []string {
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = s.Name
	}
	return out
}

// mention is how a seat is named in text: a mention for a person, the
// name for an AI.
func (t *table) mention(s games.Seat) string {
	if int(s) < 0 || int(s) >= len(t.Seats) {
		return "?"
	}
	if st := t.Seats[s]; !st.AI {
		return "<@" + st.User + ">"
	}
	return t.Seats[s].Name
}

func (t *table) mentions() []string {
	out := make([]string, len(t.Seats))
	for i := range t.Seats {
		out[i] = t.mention(games.Seat(i))
	}
	return out
}

// moves is the number of decisions taken: the move number in custom_ids.
func (t *table) moves() int { return len(t.Log) }

const recentLines = 6

func (t *table) narrate(lines ...string) {
	t.Recent = append(t.Recent, lines...)
	if n := len(t.Recent); n > recentLines {
		t.Recent = slices.Clone(t.Recent[n-recentLines:])
	}
}

package core

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// recordVersion is the layout of table below. Version 1 records (from
// before the delivery ledger) are read and upgraded in place.
const recordVersion = 2

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
	// Rev numbers the changes of what the table shows: every commit bumps
	// it, and the ledger records which Rev the board shows.
	Rev int `json:"rev"`
	// Recent holds the last public narration lines shown on the board.
	Recent []string `json:"recent,omitempty"`
	// Notes holds the last private lines per seat, shown with that seat's
	// private view and never in the channel.
	Notes map[int][]string `json:"notes,omitempty"`
	// Asked holds, per seat, the move number at which its current decision
	// began (see decisions.go); Choices fingerprints that decision.
	Asked   []int    `json:"asked,omitempty"`
	Choices []string `json:"choices,omitempty"`
	// Seen holds, per seat, the decision its player already knows about
	// because their own click led to it: nobody pings them about it.
	Seen []int `json:"seen,omitempty"`
	// Acted holds, per seat, how many decisions the log held once its
	// player's own last one was taken: what the AI decided for them while
	// they were away is news to them (see catchup.go). Missing for a seat
	// whose player has not clicked since records began to keep it.
	Acted []int `json:"acted,omitempty"`
	// Thread asks for the game to be played in a thread of its own, made
	// from the lobby message when the game starts; ThreadAsked says its
	// host asked for one (/newgame's thread option), not the server's
	// setting (see thread.go).
	Thread      bool `json:"thread,omitempty"`
	ThreadAsked bool `json:"thread_asked,omitempty"`
	// Opened is when the lobby was opened, for its expiry.
	Opened time.Time `json:"opened,omitzero"`
	// Clock is the turn clock: its setting and each seat's deadline (see
	// clock.go). Nil in a record from before clocks.
	Clock   *tableClock `json:"clock,omitempty"`
	Outcome string      `json:"outcome,omitempty"`
	// Result is how the game ended, set by the commit that closed it.
	Result *result `json:"result,omitempty"`
	// Out is what has been delivered to Discord (see ledger). Commits carry
	// it along; deliveries change it.
	Out ledger `json:"out"`
	// Lang is the language the game speaks in its channel (an i18n.Lang),
	// fixed when it opens; "" for English.
	Lang string `json:"lang,omitempty"`
	// Lease names the process delivering the game when several share the
	// store (see lease.go).
	Lease *lease `json:"lease,omitempty"`
	// Invites are the seats of a running game open to a new player, and
	// Invited the players of the last game a rematch lobby waits for;
	// Rematch is the lobby a finished game's Rematch button leads to (see
	// seats.go and rematch.go).
	Invites []invite `json:"invites,omitempty"`
	Invited []seat   `json:"invited,omitempty"`
	Rematch string   `json:"rematch,omitempty"`
}

type seat struct {
	User string `json:"user,omitempty"` // Discord user id; empty for an AI
	Name string `json:"name"`
	AI   bool   `json:"ai,omitempty"`
	// From is the move its holder took the seat over at, and Before who
	// held it until then (see seats.go).
	From   int     `json:"from,omitempty"`
	Before []stint `json:"before,omitempty"`
}

type logEntry struct {
	Seat   games.Seat `json:"s"`
	Action string     `json:"a"`
}

// MessageRef names a message: the channel it is in and its id.
type MessageRef struct {
	Channel string `json:"c,omitempty"`
	ID      string `json:"m,omitempty"`
}

// legacy holds the fields of version 1 records that moved into the ledger.
type legacy struct {
	Board MessageRef `json:"board"`
	Ping  MessageRef `json:"ping"`
}

func decodeTable(r storage.Record) (*table, error) {
	var t table
	if err := json.Unmarshal(r.Data, &t); err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	switch t.V {
	case recordVersion:
	case 1:
		var old legacy
		if err := json.Unmarshal(r.Data, &old); err != nil {
			return nil, fmt.Errorf("game %s: %w", r.ID, err)
		}
		// What a version 1 record showed is unknown: Rev 1 against a board
		// at 0 has the board redrawn once, which is harmless.
		t.V, t.Rev = recordVersion, 1
		t.Out = ledger{Board: old.Board, Ping: old.Ping}
	default:
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
	return t.walk(g, func(int, games.State) error { return nil })
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

// textNames are the seats' names as message text shows them, escaped so
// that no name brings formatting with it; images use names.
func (t *table) textNames() []string {
	out := t.names()
	for i := range out {
		out[i] = escapeText(out[i])
	}
	return out
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
	t.Recent = keepLast(append(t.Recent, lines...), recentLines)
}

// note adds a private line for a seat; the last few stay with its view,
// so a line is not lost when two changes reach the player as one edit.
func (t *table) note(s games.Seat, line string) {
	if t.Notes == nil {
		t.Notes = map[int][]string{}
	}
	t.Notes[int(s)] = keepLast(append(t.Notes[int(s)], line), recentLines)
}

func keepLast(lines []string, n int) []string {
	if len(lines) > n {
		return slices.Clone(lines[len(lines)-n:])
	}
	return lines
}

// narrateEvents keeps the public events for the board, and the private
// ones as notes for the seats they are addressed to: those never reach the
// channel.
func (t *table) narrateEvents(events []games.Event) {
	names := t.textNames()
	for _, e := range events {
		if e.Public() {
			t.narrate(e.Format(names))
			continue
		}
		for _, seat := range e.To {
			t.note(seat, e.Format(names))
		}
	}
}

func (t *table) activeAI(st games.State) (games.Seat, bool) {
	for _, s := range st.Active() {
		if int(s) < len(t.Seats) && t.Seats[s].AI {
			return s, true
		}
	}
	return 0, false
}

func (t *table) activeHuman(st games.State) (games.Seat, bool) {
	for _, s := range st.Active() {
		if !t.Seats[s].AI {
			return s, true
		}
	}
	return 0, false
}

func (t *table) aiCount() int {
	n := 0
	for _, s := range t.Seats {
		if s.AI {
			n++
		}
	}
	return n
}

// waitingNames lists the seats st waits for, as message text.
func (t *table) waitingNames(st games.State) string {
	return t.activeNames(st, func(s games.Seat) string { return escapeText(t.Seats[s].Name) })
}

// activeNames lists the seats st waits for, each as name writes it.
func (t *table) activeNames(st games.State, name func(games.Seat) string) string {
	var who []string
	for _, s := range st.Active() {
		who = append(who, name(s))
	}
	return strings.Join(who, ", ")
}

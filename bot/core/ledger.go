package core

import (
	"maps"
	"slices"
	"time"
)

// ledger is what has reached Discord for one game: which message is the
// board and which change (table.Rev) it shows, the last ping, what each
// player's living DM shows. The table holds what should be shown; the
// difference between the two is what delivery still owes, so a lost edit,
// an expired interaction or a restart between commit and delivery is made
// good by comparing them again (see Service.heal).
type ledger struct {
	Board    MessageRef `json:"board"`
	BoardRev int        `json:"board_rev,omitempty"`
	// Synced is the last Rev every place was found up to date with: the
	// sweep looks only at games whose ledger lags their table.
	Synced int `json:"synced,omitempty"`
	// Ping is the last channel ping, deleted when the next one goes out.
	Ping MessageRef `json:"ping,omitempty"`
	// Pinged holds, per seat, the decision (table.Asked) its player was
	// last pinged about.
	Pinged []int `json:"pinged,omitempty"`
	// Nudged names the last reminder sent: the turn's start and its number.
	Nudged string `json:"nudged,omitempty"`
	// Announced says the closing announcement went out; Told counts the
	// parts of a finished game's story told, the announcement holding the
	// first; Replayed says its replay followed the story.
	Announced bool `json:"announced,omitempty"`
	Told      int  `json:"told,omitempty"`
	Replayed  bool `json:"replayed,omitempty"`
	// Thread is the thread a game plays in, once made (noThread when it
	// could not be).
	Thread string `json:"thread,omitempty"`
	// Players holds each person's DM side, by user id.
	Players map[string]*contact `json:"players,omitempty"`
	// Held is when the channel's pings held for someone's quiet hours may
	// go; zero when none waits.
	Held time.Time `json:"held,omitzero"`
}

// contact is one player's private side of a game.
type contact struct {
	// DM is the DM channel with the player, once opened.
	DM string `json:"dm,omitempty"`
	// View is the living DM: the player's private view, edited in place.
	View MessageRef `json:"view,omitempty"`
	// Shows fingerprints what View shows (see privateKey).
	Shows string `json:"shows,omitempty"`
	// Ping is the last short DM telling the player to act.
	Ping MessageRef `json:"ping,omitempty"`
	// ClosedAt is when Discord last refused a DM to the player; zero while
	// their DMs work. Told says they were told so in the channel.
	ClosedAt time.Time `json:"closed_at,omitzero"`
	Told     bool      `json:"told,omitempty"`
	// Nudge is the last DM the channel's ping lane sent the player in
	// the channel's stead (they asked for DMs, see prefs), replaced by
	// the next.
	Nudge MessageRef `json:"nudge,omitempty"`
	// Held is when the DM ping held for the player's quiet hours may go.
	Held time.Time `json:"held,omitzero"`
}

func (l ledger) clone() ledger {
	l.Pinged = slices.Clone(l.Pinged)
	l.Players = maps.Clone(l.Players)
	for u, c := range l.Players {
		cc := *c
		l.Players[u] = &cc
	}
	return l
}

// refs is the ledger without what only says which version a place shows:
// what a restart must not forget (see liveGame.update).
func (l ledger) refs() ledger {
	l = l.clone()
	l.BoardRev, l.Synced = 0, 0
	for _, c := range l.Players {
		c.Shows = ""
	}
	return l
}

// sameViews reports whether two ledgers name the same living DMs; players
// are only ever added, so b's are all there are.
func sameViews(a, b ledger) bool {
	view := func(l ledger, user string) MessageRef {
		if c := l.Players[user]; c != nil {
			return c.View
		}
		return MessageRef{}
	}
	for user := range b.Players {
		if view(a, user) != view(b, user) {
			return false
		}
	}
	return true
}

// heldUntil is the first time a held ping may go, zero when none waits.
func (l ledger) heldUntil() time.Time {
	at := l.Held
	for _, c := range l.Players {
		at = earliest(at, c.Held)
	}
	return at
}

// earliest is the earlier of two times, a zero one counting as none.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// player returns the contact for user, creating it.
func (l *ledger) player(user string) *contact {
	if l.Players == nil {
		l.Players = map[string]*contact{}
	}
	c := l.Players[user]
	if c == nil {
		c = &contact{}
		l.Players[user] = c
	}
	return c
}

// pinged records that seat was told about decision asked.
func (l *ledger) pinged(seat, asked, seats int) {
	for len(l.Pinged) < seats {
		l.Pinged = append(l.Pinged, -1)
	}
	l.Pinged[seat] = max(l.Pinged[seat], asked)
}

package core

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// A seat's buttons carry the number of the move at which its current
// decision began (table.Asked), not the game's latest move number: in a
// simultaneous step other seats move while a seat still decides, and its
// buttons must stay good. A click is stale when the seat's decision has
// changed since its buttons were drawn.

// legalKey fingerprints a seat's choices. It never leaves the server: a
// hash of private choices on a public button could be searched for the
// cards behind it.
func legalKey(st games.State, seat games.Seat) string {
	h := sha256.New()
	for _, c := range st.Legal(seat) {
		h.Write([]byte(c.Action.String()))
		h.Write([]byte{0})
		h.Write([]byte(c.Label))
		h.Write([]byte{0})
		if c.Pick != nil {
			for _, it := range c.Pick.Items {
				h.Write([]byte(it.Label))
				h.Write([]byte{1})
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// refreshDecisions records which seats face a new decision after a change
// of the game, given the seats that acted during it. A seat faces a new
// decision when it must act and it has just acted, or was not asked
// before, or its choices differ. The person who clicked has seen theirs.
func (t *table) refreshDecisions(st games.State, acted []games.Seat, clicker string) {
	n := len(t.Seats)
	if len(t.Asked) != n || len(t.Choices) != n {
		t.Asked, t.Choices = make([]int, n), make([]string, n)
	}
	if len(t.Seen) != n {
		t.Seen = slices.Repeat([]int{-1}, n)
	}
	active := st.Active()
	for i := range n {
		seat := games.Seat(i)
		if !slices.Contains(active, seat) {
			t.Choices[i] = ""
			continue
		}
		key := legalKey(st, seat)
		if t.Choices[i] == "" || key != t.Choices[i] || slices.Contains(acted, seat) {
			t.Asked[i] = t.moves()
			if clicker != "" && t.Seats[i].User == clicker {
				t.Seen[i] = t.Asked[i]
			}
		}
		t.Choices[i] = key
	}
}

// awaits reports whether seat's player must still be told of the decision
// they face: they act now, are a person, and neither a ping nor their own
// click has shown it to them.
func (t *table) awaits(st games.State, seat games.Seat, pinged []int) bool {
	i := int(seat)
	if t.Seats[i].AI || !games.IsActive(st, seat) || i >= len(t.Asked) {
		return false
	}
	told := -1
	if i < len(t.Seen) {
		told = t.Seen[i]
	}
	if i < len(pinged) {
		told = max(told, pinged[i])
	}
	return t.Asked[i] > told
}

// asked is the decision number that seat's buttons carry.
func (t *table) asked(seat games.Seat) int {
	if int(seat) < len(t.Asked) {
		return t.Asked[seat]
	}
	return t.moves()
}

// actedSince lists the seats that took a decision from log entry from on.
func (t *table) actedSince(from int) []games.Seat {
	var out []games.Seat
	for _, e := range t.Log[from:] {
		if !slices.Contains(out, e.Seat) {
			out = append(out, e.Seat)
		}
	}
	return out
}

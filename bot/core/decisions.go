package core

import (
	"encoding/hex"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// A seat's buttons carry the number of the move at which its current
// decision began (table.Asked), not the game's latest move number: in a
// simultaneous step, or while the next seat already chooses, other seats
// move while a seat still decides, and its buttons must stay good. A click
// is stale when the seat's decision has changed since its buttons were
// drawn: when a choice it was offered, as it was worded, is gone. Choices
// that only came in addition (a card another player just played, now
// there to befriend) leave the buttons good and ping nobody; the next
// drawing of the message shows them.

// legalKey fingerprints each of a seat's choices, in order, as fixed-width
// hex. It never leaves the server: a hash of private choices on a public
// button could be searched for the cards behind it.
func legalKey(st games.State, seat games.Seat) string {
	var b strings.Builder
	for _, c := range st.Legal(seat) {
		h := fnv.New32a()
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
		b.WriteString(hex.EncodeToString(h.Sum(nil)))
	}
	if b.Len() == 0 {
		return "-" // no choices is a decision too, and differs from "not asked"
	}
	return b.String()
}

// keptChoices reports whether every choice fingerprinted in old is still
// among those of now.
func keptChoices(old, now string) bool {
	if old == "-" {
		return now == "-"
	}
	if len(old)%choiceKeyLen != 0 {
		return false
	}
	for i := 0; i < len(old); i += choiceKeyLen {
		if !containsChoice(now, old[i:i+choiceKeyLen]) {
			return false
		}
	}
	return true
}

// choiceKeyLen is the width of one choice's fingerprint in a legalKey.
const choiceKeyLen = 8

func containsChoice(key, choice string) bool {
	for i := 0; i+choiceKeyLen <= len(key); i += choiceKeyLen {
		if key[i:i+choiceKeyLen] == choice {
			return true
		}
	}
	return false
}

// refreshDecisions records which seats face a new decision after a change
// of the game, given the seats that acted during it. A seat faces a new
// decision when it must act and it has just acted, or was not asked
// before, or a choice it was offered is gone. The person who clicked has
// seen theirs.
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
		if t.Choices[i] == "" || !keptChoices(t.Choices[i], key) || slices.Contains(acted, seat) {
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

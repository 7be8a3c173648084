package core

import (
	"errors"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// A custom_id names what a component does and to which game, so a click
// can be served by any process that has the database, even after a
// restart: "<verb>:<game id>:<move number>[:<action>]". The move number is
// how many decisions the game had taken when the message was drawn; a
// click whose number differs is stale.
type customID struct {
	Verb   string
	Game   string
	Move   int
	Action games.Action // verbMove, and the prefix for verbSubset
	// Menu is, for verbPick, which of several menus, from 1; for
	// verbSteps, which control (stepFirst…stepJump), 0 for opening.
	Menu int
	// Target is the seat chosen in a verbLook menu, taken from its value.
	Target games.Seat
}

// Component verbs.
const (
	verbJoin   = "join"
	verbLeave  = "leave"
	verbAddAI  = "ai"
	verbStart  = "start"
	verbCancel = "cancel"
	verbMove   = "mv"
	verbPick   = "pick" // a select menu of moves; the action is the chosen value
	verbSubset = "sub"  // a multi-select; the action is this prefix plus the chosen items
	verbHand   = "hand" // show my private view
	verbLook   = "look" // show anyone one seat's own board (games.Inspector)
	// The number of these two is a seat, not a move: a resignation and an
	// open seat stay good however the game moves on.
	verbResign  = "resign" // confirm leaving the seat to the AI
	verbTake    = "take"   // take over a seat opened to a new player
	verbRematch = "rematch"
)

var errBadCustomID = errors.New("unrecognised component")

func (c customID) String() string {
	s := c.Verb + ":" + c.Game + ":" + strconv.Itoa(c.Move)
	switch {
	case c.Verb == verbMove || c.Verb == verbSubset:
		s += ":" + c.Action.String()
	case (c.Verb == verbPick || c.Verb == verbSteps) && c.Menu > 0:
		s += ":" + strconv.Itoa(c.Menu)
	case c.Verb == verbResign || c.Verb == verbTake:
		s = c.Verb + ":" + c.Game + ":" + strconv.Itoa(int(c.Target))
	}
	return s
}

func parseCustomID(s string) (customID, error) {
	if len(s) > 100 {
		return customID{}, errBadCustomID
	}
	parts := strings.Split(s, ":")
	if len(parts) < 3 {
		return customID{}, errBadCustomID
	}
	c := customID{Verb: parts[0], Game: parts[1]}
	switch c.Verb {
	case verbJoin, verbLeave, verbAddAI, verbStart, verbCancel, verbHand, verbLook, verbLog, verbMine, verbNext:
		if len(parts) != 3 {
			return customID{}, errBadCustomID
		}
	case verbResign, verbTake, verbRematch:
		if len(parts) != 3 {
			return customID{}, errBadCustomID
		}
	case verbPick, verbSteps:
		// A fourth part numbers the menu when choices fill several, or a
		// step-through's control, since custom_ids must differ within a
		// message.
		top := maxRows - 1
		if c.Verb == verbSteps {
			top = stepControls - 1
		}
		if len(parts) == 4 {
			n, err := strconv.Atoi(parts[3])
			if err != nil || n < 1 || n > top || strconv.Itoa(n) != parts[3] {
				return customID{}, errBadCustomID
			}
			c.Menu = n
		} else if len(parts) != 3 {
			return customID{}, errBadCustomID
		}
	case verbMove, verbSubset:
		if len(parts) != 4 {
			return customID{}, errBadCustomID
		}
		a, err := games.ParseAction(parts[3])
		if err != nil {
			return customID{}, errBadCustomID
		}
		c.Action = a
	default:
		return customID{}, errBadCustomID
	}
	if !validGameID(c.Game) {
		return customID{}, errBadCustomID
	}
	n, err := strconv.Atoi(parts[2])
	if err != nil || n < 0 || strconv.Itoa(n) != parts[2] {
		return customID{}, errBadCustomID
	}
	c.Move = n
	if c.Verb == verbResign || c.Verb == verbTake {
		c.Target, c.Move = games.Seat(n), 0
	}
	return c, nil
}

// validGameID accepts the base-36 ids the store hands out.
func validGameID(id string) bool {
	if id == "" || len(id) > 13 {
		return false
	}
	for _, r := range id {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}

package alife

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// Steps of the game.
const (
	stepStart = "start" // each seat in turn places its stack in marker column 0
	stepRound = "round" // a round is being played: each seat is at its own step
	stepChild = "child" // after phases 3 and 4: everyone keeps one card of each pair
	stepOver  = "over"
)

// Steps of a seat's turn, in the order a turn goes through them. While one
// seat still draws or chooses its action, the next may choose its card
// (RULINGS 3.5), so each seat keeps its own.
const (
	stepCard   = "card"   // take a connected card or play a hand card
	stepStand  = "stand"  // after choosing a hand card to play: behind which card to stand
	stepDraw   = "draw"   // choose the deck for the next card to draw
	stepAction = "action" // development, friendship or resources
	stepPay    = "pay"    // which hand cards a development or friendship discards
)

// Action kinds.
const (
	actStart  = "start"   // start.r: stand on row r of marker column 0
	actTake   = "take"    // take.r: take the card of row r in this round's column
	actPlay   = "play"    // play.i: play hand card i
	actStand  = "stand"   // stand.r: stand behind row r without taking it
	actDraw   = "draw"    // draw.p: draw the next card from phase p's deck
	actDevel  = "develop" // develop.i.o[.cards…]: develop tableau card i with cost option o
	actFriend = "friend"  // friend.s.i[.cards…]: befriend seat s's card i
	actRes    = "res"     // res.k: use resource space k
	actKeep   = "keep"    // keep.k: keep card k of the next child pair
	// A development or friendship whose cost discards waits at stepPay
	// for the cards, or for the seat to change its mind.
	actDiscard = "discard" // discard.i…: discard hand cards i… and carry out the pending action
	actBack    = "back"    // back: choose another action instead
)

// moveChose is the last move of a seat whose choice of card is sealed
// until the seat before it has finished its turn.
const moveChose = "chose"

const (
	numPhases     = 5
	roundsInPhase = 3
	startHearts   = 3
	maxSeats      = 4
	minSeats      = 2
)

// played is a card in a tableau.
type played struct {
	Card      int  `json:"card"`
	Developed bool `json:"developed,omitempty"`
	Child     bool `json:"child,omitempty"`
}

// player is one seat's life.
type player struct {
	Scoring [numResources]int `json:"scoring"`
	Life    [numResources]int `json:"life"`
	Money   int               `json:"money"`
	Hand    []int             `json:"hand"`
	Hearts  int               `json:"hearts"`
	Dead    bool              `json:"dead,omitempty"`
	DiedIn  int               `json:"died_in,omitempty"` // the round a dead seat's life ended
	Baby    int               `json:"baby"`
	// Col and Row are where the seat's marker stack stands; Col is −1
	// before the start spaces are chosen.
	Col int `json:"col"`
	Row int `json:"row"`
	// Tableau holds the cards of each phase's column, index phase−1.
	Tableau [numPhases][]played `json:"tableau"`
	// Friends lists the opponent cards befriended, by card id.
	Friends []int `json:"friends,omitempty"`
	// Used marks the resource spaces used this phase.
	Used [3]bool `json:"used"`
	// Draws is how many cards the seat still draws now.
	Draws int `json:"draws,omitempty"`
	// Step is the seat's step in its turn, empty when it has nothing to
	// decide; After is where the turn goes once its draws are done:
	// stepStand, stepAction, or empty for the end of the turn.
	Step  string `json:"step,omitempty"`
	After string `json:"after,omitempty"`
	// Pending is the development or friendship waiting at stepPay for
	// the cards its cost discards, as an action string.
	Pending string `json:"pending,omitempty"`
	// Chosen is the seat's choice of card, as an action string: "play.i"
	// while it chooses where to stand, then "take.r", "play.i.r" or
	// "stand.r", sealed until the seat before it has finished its turn
	// (see chooseCard). Empty once the card is laid.
	Chosen string `json:"chosen,omitempty"`
	// Children holds the pairs the seat still keeps one of.
	Children [][2]int `json:"children,omitempty"`
	// Kept holds the seat's choices for its children, each the card kept
	// and the one let go, sealed until every seat has chosen (see
	// revealChildren).
	Kept [][2]int `json:"kept,omitempty"`
}

// state is a game of A Life in progress.
type state struct {
	set       *cardSet
	seats     int
	shape     boardShape
	decks     [numPhases + 1][]int // by phase; the top is the last card
	discards  [numPhases + 1][]int
	slots     [][]int // slots[c][r]: card id, −1 when empty
	babies    []int   // baby cards not dealt
	round     int
	startSeat games.Seat
	firstSeat games.Seat // the start seat of round 1
	// turn is the seat placing its start stack, or in a round the last
	// seat whose card step has opened.
	turn games.Seat
	step string
	ps   []player
	// acted counts the seats that have chosen their card this round (or
	// placed their start stack).
	acted int
	rng   *games.RNG
	// last is the last move that changed the game, Move empty before the
	// first.
	last LastMove
}

func (s *state) card(id int) *Card { return &s.set.cards[id] }

// Content implements games.Versioned: the content version the game was
// dealt from, which its record keeps so that it replays with it.
func (s *state) Content() string { return s.set.version }

func (s *state) phase() int { return phaseOf(max(s.round, 1)) }

// Active implements games.State.
func (s *state) Active() []games.Seat {
	switch s.step {
	case stepOver:
		return nil
	case stepStart:
		return []games.Seat{s.turn}
	case stepChild:
		var out []games.Seat
		for p := range s.ps {
			if len(s.ps[p].Children) > 0 {
				out = append(out, games.Seat(p))
			}
		}
		return out
	}
	// In a round, the seats at a step in round order: an earlier seat
	// finishing its action before a later one choosing its card.
	var out []games.Seat
	for k := range s.seats {
		seat := (s.startSeat + games.Seat(k)) % games.Seat(s.seats)
		if s.ps[seat].Step != "" {
			out = append(out, seat)
		}
	}
	return out
}

// stepOf is the step a seat is at: the game's, or in a round the seat's own.
func (s *state) stepOf(seat games.Seat) string {
	if s.step == stepRound {
		return s.ps[seat].Step
	}
	return s.step
}

// connected lists the rows of this round's card column a seat's stack
// reaches that hold a card.
func (s *state) connected(p int, withCard bool) []int {
	pl := &s.ps[p]
	var out []int
	for _, r := range s.shape.bars(pl.Row) {
		if !withCard || s.slots[s.round][r] >= 0 {
			out = append(out, r)
		}
	}
	return out
}

// playable lists the hand cards of the current phase.
func (s *state) playable(p int) []int {
	var out []int
	for i, c := range s.ps[p].Hand {
		if s.card(c).Phase == s.phase() {
			out = append(out, i)
		}
	}
	return out
}

// drawPhases lists the decks a seat may draw from now: the current phase
// and the two after it, each while it or its discard pile holds a card.
func (s *state) drawPhases() []int {
	var out []int
	for ph := s.phase(); ph <= min(s.phase()+2, numPhases); ph++ {
		if len(s.decks[ph])+len(s.discards[ph]) > 0 {
			out = append(out, ph)
		}
	}
	return out
}

// Legal implements games.State.
func (s *state) Legal(seat games.Seat) []games.Choice {
	if !games.IsActive(s, seat) {
		return nil
	}
	p := int(seat)
	var out []games.Choice
	add := func(kind, label string, args ...int) {
		out = append(out, games.Choice{Action: games.Action{Kind: kind, Args: args}, Label: label})
	}
	switch s.stepOf(seat) {
	case stepStart:
		for r := range s.shape.rows {
			add(actStart, i18n.Msg("alife.do.start.label", "row", r+1), r)
		}
	case stepCard:
		for _, r := range s.connected(p, true) {
			add(actTake, i18n.Msg("alife.do.take.label", "card", titleOf(s.card(s.slots[s.round][r]))), r)
		}
		for _, i := range s.playable(p) {
			add(actPlay, i18n.Msg("alife.do.play.label", "card", titleOf(s.card(s.ps[p].Hand[i]))), i)
		}
		if len(out) == 0 {
			// Empty decks left nothing to take and the hand holds
			// nothing of this phase: the seat only moves on (see doc.go).
			for _, r := range s.connected(p, false) {
				add(actStand, i18n.Msg("alife.do.move_on.label", "row", r+1), r)
			}
		}
	case stepStand:
		for _, r := range s.connected(p, false) {
			label := i18n.Msg("alife.do.stand.label", "row", r+1)
			if c := s.slots[s.round][r]; c >= 0 {
				label = i18n.Msg("alife.do.stand_behind.label", "card", titleOf(s.card(c)))
			}
			add(actStand, label, r)
		}
	case stepDraw:
		for _, ph := range s.drawPhases() {
			add(actDraw, i18n.Msg("alife.do.draw.label", "phase", ph), ph)
		}
	case stepAction:
		out = s.actions(p)
	case stepPay:
		out = s.payChoices(p)
	case stepChild:
		pair := s.ps[p].Children[0]
		for k, c := range pair {
			add(actKeep, i18n.Msg("alife.do.keep.label", "card", titleOf(s.card(c))), k)
		}
	}
	return out
}

// actions lists the seat's affordable actions: developments, friendships,
// then resource spaces, which are always possible.
func (s *state) actions(p int) []games.Choice {
	pl := &s.ps[p]
	ph := s.phase()
	var out []games.Choice
	for i, t := range pl.Tableau[ph-1] {
		if t.Developed || t.Child {
			continue
		}
		c := s.card(t.Card)
		for o, cost := range c.Costs {
			if !s.affords(p, cost) {
				continue
			}
			// The cost tells a card's two options apart; a title and a
			// cost of one would not fit a button in every language.
			label := i18n.Msg("alife.do.develop.label", "card", titleOf(c))
			if len(c.Costs) > 1 {
				label = i18n.Msg("alife.do.develop_option.label", "c", titleOf(c), "x", costText(cost))
			}
			out = append(out, games.Choice{Action: games.Action{Kind: actDevel, Args: []int{i, o}}, Label: label})
		}
	}
	fcost := s.set.friendship[ph-1]
	if s.affords(p, fcost) {
		for q := range s.ps {
			if q == p {
				continue
			}
			for i, t := range s.ps[q].Tableau[ph-1] {
				if t.Child || slices.Contains(pl.Friends, t.Card) {
					continue
				}
				out = append(out, games.Choice{Action: games.Action{Kind: actFriend, Args: []int{q, i}},
					Label: i18n.Msg("alife.do.befriend.label", "whose", games.SeatRef(games.Seat(q)), "card", titleOf(s.card(t.Card)))})
			}
		}
	}
	for k, used := range pl.Used {
		if !used {
			out = append(out, games.Choice{Action: games.Action{Kind: actRes, Args: []int{k}}, Label: i18n.Msg("alife.do.resources.label", "gain", spaceText(s.set.spaces[ph-1][k]))})
		}
	}
	return out
}

// payChoices ask which hand cards the pending development or friendship
// discards, or to choose another action.
func (s *state) payChoices(p int) []games.Choice {
	a, cost := s.pending(p)
	var label string
	if a.Kind == actFriend {
		card := s.card(s.ps[a.Args[0]].Tableau[s.phase()-1][a.Args[1]].Card)
		label = i18n.Msg("alife.do.discard.label", "n", cost.Discard, "card", titleOf(card))
	} else {
		card := s.card(s.ps[p].Tableau[s.phase()-1][a.Args[0]].Card)
		label = i18n.Msg("alife.do.discard.label", "n", cost.Discard, "card", titleOf(card))
	}
	pick := &games.Pick{Min: cost.Discard, Max: cost.Discard}
	for i, c := range s.ps[p].Hand {
		pick.Items = append(pick.Items, games.Item{Arg: i, Label: titleOf(s.card(c))})
	}
	return []games.Choice{
		{Action: games.Action{Kind: actDiscard}, Label: label, Pick: pick},
		{Action: games.Action{Kind: actBack}, Label: i18n.Msg("alife.do.back.label")},
	}
}

// pending is the development or friendship waiting at stepPay, and its
// cost.
func (s *state) pending(p int) (games.Action, Cost) {
	a, _ := games.ParseAction(s.ps[p].Pending)
	if a.Kind == actFriend {
		return a, s.set.friendship[s.phase()-1]
	}
	t := s.ps[p].Tableau[s.phase()-1][a.Args[0]]
	return a, s.card(t.Card).Costs[a.Args[1]]
}

// affords reports whether the seat meets a cost in full.
func (s *state) affords(p int, c Cost) bool {
	pl := &s.ps[p]
	for r := range numResources {
		if pl.Life[r] < c.Need[r] {
			return false
		}
	}
	return pl.Money >= c.Money && len(pl.Hand) >= c.Discard && pl.Hearts >= c.Hearts
}

// costText writes a cost for a button, the life values to show by the
// resources' codes the cards print in every language: "Jo ≥2, 1 money".
// A button has room for 80 characters in every language, a card's title
// among them.
func costText(c Cost) string {
	var need []string
	for r := range numResources {
		if c.Need[r] > 0 {
			need = append(need, resourceLetters(Resource(r))+" ≥"+strconv.Itoa(c.Need[r]))
		}
	}
	var parts []string
	if len(need) > 0 {
		parts = append(parts, strings.Join(need, ", "))
	}
	if c.Money > 0 {
		parts = append(parts, i18n.Msg("alife.cost.money", "n", c.Money))
	}
	if c.Discard > 0 {
		parts = append(parts, i18n.Msg("alife.cost.discard", "n", c.Discard))
	}
	if c.Hearts > 0 {
		parts = append(parts, i18n.Msg("alife.cost.hearts", "n", c.Hearts))
	}
	if len(parts) == 0 {
		return i18n.Msg("alife.cost.free")
	}
	return joinItems(parts)
}

// resourceLetters is a resource's code as the cards write it in every
// language: "Jo".
func resourceLetters(r Resource) string {
	return strings.ToUpper(resourceCodes[r][:1]) + resourceCodes[r][1:]
}

// areaText writes what an area gives, in short and in the words of the
// board's legend: "matters 2 Sports; can do 1 Art, 1 Joy; 1 money".
func areaText(a Area) string {
	var parts []string
	for _, g := range [...]struct {
		key    string
		values [numResources]int
	}{{"alife.area.matters", a.Scoring}, {"alife.area.can_do", a.Life}, {"alife.area.lose", a.Lose}} {
		var items []string
		for r, n := range g.values {
			if n > 0 {
				items = append(items, i18n.Msg("alife.area.item", "count", n, "resource", Resource(r).name()))
			}
		}
		if len(items) > 0 {
			parts = append(parts, i18n.Msg(g.key, "items", joinItems(items)))
		}
	}
	for _, g := range [...]struct {
		key string
		n   int
	}{{"alife.area.money", a.Money}, {"alife.area.draw", a.Draw}, {"alife.area.hearts", a.Hearts}, {"alife.area.babies", a.Babies}} {
		if g.n > 0 {
			parts = append(parts, i18n.Msg(g.key, "n", g.n))
		}
	}
	return joinWith("alife.join.groups", parts)
}

// spaceText writes what a resource space gives for its button, shorter
// than areaText: the spaces give life symbols, one of a kind, so it names
// them by the codes the cards print: "Ed, Ex, Co, lose 1 heart".
func spaceText(a Area) string {
	var codes, parts []string
	for r, n := range a.Life {
		if n > 0 {
			codes = append(codes, resourceLetters(Resource(r)))
		}
	}
	if len(codes) > 0 {
		parts = append(parts, strings.Join(codes, ", "))
	}
	for _, g := range [...]struct {
		key string
		n   int
	}{{"alife.area.money", a.Money}, {"alife.area.draw", a.Draw}, {"alife.area.hearts", a.Hearts}} {
		if g.n > 0 {
			parts = append(parts, i18n.Msg(g.key, "n", g.n))
		}
	}
	return joinItems(parts)
}

package life

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// phase is what the game waits for.
type phase int

const (
	phaseSuit  phase = iota // every seat that has not chosen a suit
	phaseJoker              // the seat to play: play a joker or turn the top card
	phaseLay                // the seat to play: which cards of the turned suit to lay
	phaseSteal              // the seat to play: whom to steal from, if anyone
	phaseTake               // the thief: which face-up card of the victim
	phasePos                // the thief: which position of the victim's shuffled hand
	phaseReact              // the next seat of a spade chain: steal from the victim or not
	phaseOver
)

var phaseNames = [...]string{"suit", "joker", "lay", "steal", "take", "pos", "react", "over"}

const (
	// maxNotes is how many private lines each seat keeps for its view.
	maxNotes = 5
	// maxOptions bounds the items of one decision: Discord shows at most
	// 25 buttons on a message and 25 options in a select menu.
	maxOptions = 25
	// maxActionLen is the longest encoded action the platform accepts.
	maxActionLen = 48
)

// state is one match in progress. Card slices hold card ids: hands, rows
// and banks in hand order, the deck and discard pile with the top last.
type state struct {
	opts  games.Options
	rules rules
	seats int
	phase phase
	// handNo counts hands from 1.
	handNo int
	// dealer is the seat that dealt the hand in play, or redealt it last.
	dealer  games.Seat
	turn    games.Seat
	deck    []int
	discard []int
	removed []int // jokers out of play for the rest of the hand
	// turned is the card turned this turn while its lay decision waits;
	// at any other time it is noCard and the card is on the discard pile.
	turned int
	hands  [][]int
	up     [][]int // face-up rows
	bank   [][]int // face-down banks
	suit   []Suit  // chosen suits, NoSuit until chosen
	total2 []int   // match totals in half points
	// history holds each seat's score of every finished hand, in half
	// points; banked sums the face values each seat scored per suit over
	// the match, for the fortune reading.
	history [][]int
	banked  [][4]int
	notes   [][]string
	// thief and victim are the seats of the steal in progress. chain says
	// it is part of a spade chain, whose victim is the seat to play and
	// whose thief is the seat being asked.
	thief, victim games.Seat
	chain         bool
	// blind is the victim's hand in the shuffled order the thief picks
	// from under the blind_steal option.
	blind []int
	// moved is what the last action changed at each seat, for the views
	// to show it; nil before the first action.
	moved []seatMove
	rng   *games.RNG
}

// seatMove is what one action changed at one seat: the cards it put on
// the seat's table (face up or banked), the cards it put in the seat's
// hand, and whether the hand changed at all. The table's cards are
// public; the hand's are the seat's alone.
type seatMove struct {
	table, hand []int
	handMoved   bool
}

// illegal refuses a move with the message of key, under the game's
// refusal keys, and its arguments.
func illegal(key string, args ...any) error {
	return games.Refuse(games.ErrIllegal, "%s", i18n.Msg("life.refuse."+key, args...))
}

var errNotMove = illegal("not_a_move")

// log collects the events of one Apply.
type log struct{ ev []games.Event }

// say adds a public event: the message of key, under the game's event
// keys, with its arguments.
func (l *log) say(key string, args ...any) {
	l.ev = append(l.ev, games.Event{Text: i18n.Msg("life.event."+key, args...)})
}

// tell sends a private line to one seat, the message of key under the
// game's note keys, and keeps it for the seat's view.
func (s *state) tell(l *log, to games.Seat, key string, args ...any) {
	text := i18n.Msg("life.note."+key, args...)
	l.ev = append(l.ev, games.Event{To: []games.Seat{to}, Text: text})
	n := append(s.notes[to], text)
	if len(n) > maxNotes {
		n = slices.Delete(n, 0, len(n)-maxNotes)
	}
	s.notes[to] = n
}

func ref(p games.Seat) string { return games.SeatRef(p) }

func (s *state) left(p games.Seat) games.Seat { return (p + 1) % games.Seat(s.seats) }

func (s *state) numCards() int { return s.rules.packs * packSize }

// newHand gathers every card into the deck, in id order, clears the table
// and asks everyone for a suit (rulings 4 and 21). The dealer is already
// set.
func (s *state) newHand() {
	s.handNo++
	s.phase = phaseSuit
	s.deck = s.deck[:0]
	for id := range s.numCards() {
		s.deck = append(s.deck, id)
	}
	s.discard, s.removed = s.discard[:0], s.removed[:0]
	s.turned, s.chain, s.blind = noCard, false, nil
	s.thief, s.victim = 0, 0
	s.hands = make([][]int, s.seats)
	s.up = make([][]int, s.seats)
	s.bank = make([][]int, s.seats)
	s.suit = make([]Suit, s.seats)
	for p := range s.suit {
		s.suit[p] = NoSuit
	}
}

// deal shuffles the deck and deals seven cards to each seat, one at a
// time from the left of from; the seat on from's left then plays.
func (s *state) deal(from games.Seat) {
	s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	for range handCards {
		for k := 1; k <= s.seats; k++ {
			p := (int(from) + k) % s.seats
			top := s.deck[len(s.deck)-1]
			s.deck = s.deck[:len(s.deck)-1]
			s.hands[p] = insertCard(s.hands[p], top)
		}
	}
	s.dealer = from
	s.turn = s.left(from)
}

// draw takes the top card of the deck, first shuffling the discard pile
// into a new deck when the deck is empty (ruling 12). It reports false
// when both are empty.
func (s *state) draw(l *log) (int, bool) {
	if len(s.deck) == 0 {
		if len(s.discard) == 0 {
			return noCard, false
		}
		s.deck = append(s.deck, s.discard...)
		s.discard = s.discard[:0]
		slices.Sort(s.deck)
		s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
		l.say("reshuffle")
	}
	c := s.deck[len(s.deck)-1]
	s.deck = s.deck[:len(s.deck)-1]
	return c, true
}

// emptyHand returns a seat whose hand is empty, if any.
func (s *state) emptyHand() (games.Seat, bool) {
	for p, h := range s.hands {
		if len(h) == 0 {
			return games.Seat(p), true
		}
	}
	return 0, false
}

// checkEnd ends the hand when a seat has run out of cards (ruling 19) and
// reports whether it did.
func (s *state) checkEnd(l *log) bool {
	p, ok := s.emptyHand()
	if ok {
		l.say("out_of_cards", "who", ref(p))
		s.endHand(l)
	}
	return ok
}

// Active implements games.State.
func (s *state) Active() []games.Seat {
	switch s.phase {
	case phaseOver:
		return nil
	case phaseSuit:
		var out []games.Seat
		for p, su := range s.suit {
			if su == NoSuit {
				out = append(out, games.Seat(p))
			}
		}
		return out
	case phaseTake, phasePos, phaseReact:
		return []games.Seat{s.thief}
	}
	return []games.Seat{s.turn}
}

func (s *state) isActive(seat games.Seat) bool {
	switch s.phase {
	case phaseOver:
		return false
	case phaseSuit:
		return seat >= 0 && int(seat) < s.seats && s.suit[seat] == NoSuit
	case phaseTake, phasePos, phaseReact:
		return seat == s.thief
	}
	return seat == s.turn
}

// suits lists the suits a seat may choose.
func (s *state) suits() []Suit {
	if s.rules.chooseSpades {
		return []Suit{Hearts, Diamonds, Clubs, Spades}
	}
	return []Suit{Hearts, Diamonds, Clubs}
}

// layable lists the cards offered in the lay decision: the hand's cards of
// the turned suit, the highest 25 when there are more.
func (s *state) layable() []int {
	cs := ofSuit(s.hands[s.turn], cards[s.turned].Suit)
	return cs[max(0, len(cs)-maxOptions):]
}

// layMax is the most of k offered cards one lay may name: the encoded
// action must fit the platform's limit even when the longest indices are
// picked. Only a hand of 19 or more cards of one suit is ever limited.
func layMax(k int) int {
	length := len(kindLay)
	for m := 1; m <= k; m++ {
		length += 1 + len(strconv.Itoa(k-m))
		if length > maxActionLen {
			return m - 1
		}
	}
	return k
}

// victims lists the seats the thief may steal from, from the thief's
// left: any other seat with a card in hand or face up (ruling 9).
func (s *state) victims() []games.Seat {
	var out []games.Seat
	for k := 1; k < s.seats; k++ {
		p := (s.turn + games.Seat(k)) % games.Seat(s.seats)
		if len(s.hands[p]) > 0 || len(s.up[p]) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// takeable lists the victim's face-up cards the thief may take: one card
// per face, since copies from two packs are alike.
func (s *state) takeable() []int {
	var out []int
	for _, id := range s.up[s.victim] {
		if len(out) == 0 || cards[out[len(out)-1]].Label() != cards[id].Label() {
			out = append(out, id)
		}
	}
	return out
}

// positions is how many face-down positions a blind steal offers.
func (s *state) positions() int { return min(len(s.blind), maxOptions) }

// Action kinds.
const (
	kindSuit    = "suit"
	kindJoker   = "joker"
	kindTurn    = "turn"
	kindLay     = "lay"
	kindSteal   = "steal"
	kindNoSteal = "nosteal"
	kindTake    = "take"
	kindPos     = "pos"
	kindReact   = "react"
	kindPass    = "pass"
)

// Legal implements games.State.
func (s *state) Legal(seat games.Seat) []games.Choice {
	if !s.isActive(seat) {
		return nil
	}
	var cs []games.Choice
	add := func(label, kind string, args ...int) {
		cs = append(cs, games.Choice{Action: games.Action{Kind: kind, Args: args}, Label: label})
	}
	switch s.phase {
	case phaseSuit:
		for _, su := range s.suits() {
			add(suitLabel(su), kindSuit, int(su))
		}
	case phaseJoker:
		add(i18n.Msg("life.choice.joker.label"), kindJoker)
		add(i18n.Msg("life.choice.turn.label"), kindTurn)
	case phaseLay:
		suit := cards[s.turned].Suit
		offer := s.layable()
		items := make([]games.Item, len(offer))
		for i, id := range offer {
			items[i] = games.Item{Arg: i, Label: cards[id].Label()}
		}
		cs = append(cs, games.Choice{
			Action: games.Action{Kind: kindLay},
			Label:  i18n.Msg("life.choice.lay.label", "suit", suit.Name(), "symbol", suit.Symbol()),
			Pick:   &games.Pick{Min: 0, Max: layMax(len(offer)), Items: items},
		})
	case phaseSteal:
		for _, v := range s.victims() {
			add(i18n.Msg("life.choice.steal.label", "victim", ref(v)), kindSteal, int(v))
		}
		add(i18n.Msg("life.choice.no_steal.label"), kindNoSteal)
	case phaseTake:
		for _, id := range s.takeable() {
			add(i18n.Msg("life.choice.take.label", "card", cards[id].Name(), "victim", ref(s.victim)), kindTake, id)
		}
	case phasePos:
		for n := 1; n <= s.positions(); n++ {
			add(i18n.Msg("life.choice.pos.label", "pos", n, "victim", ref(s.victim)), kindPos, n)
		}
	case phaseReact:
		add(i18n.Msg("life.choice.steal.label", "victim", ref(s.victim)), kindReact)
		add(i18n.Msg("life.choice.no_steal.label"), kindPass)
	}
	return cs
}

// Apply implements games.State. Each phase checks the whole action before
// changing anything, so a refused action leaves the state as it was.
func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.phase == phaseOver {
		return nil, games.Refuse(games.ErrOver, "%s", i18n.Msg("life.refuse.over"))
	}
	if !s.isActive(seat) {
		return nil, games.Refuse(games.ErrNotYourTurn, "%s", i18n.Msg("life.refuse.not_your_turn"))
	}
	l := &log{}
	before := s.snapshot()
	var err error
	switch s.phase {
	case phaseSuit:
		err = s.applySuit(l, seat, a)
	case phaseJoker:
		err = s.applyJoker(l, a)
	case phaseLay:
		err = s.applyLay(l, a)
	case phaseSteal:
		err = s.applySteal(l, a)
	case phaseTake:
		err = s.applyTake(l, a)
	case phasePos:
		err = s.applyPos(l, a)
	case phaseReact:
		err = s.applyReact(l, a)
	}
	if err != nil {
		return nil, err
	}
	s.moved = s.changesSince(before)
	return l.ev, nil
}

// snapshot is each seat's cards before an action: its table (face up
// and banked) and its hand.
type snapshot struct{ table, hand [][]int }

func (s *state) snapshot() snapshot {
	sn := snapshot{table: make([][]int, s.seats), hand: make([][]int, s.seats)}
	for p := range s.seats {
		sn.table[p] = slices.Concat(s.up[p], s.bank[p])
		sn.hand[p] = slices.Clone(s.hands[p])
	}
	return sn
}

// changesSince lists, seat by seat, what changed since before.
func (s *state) changesSince(before snapshot) []seatMove {
	moved := make([]seatMove, s.seats)
	for p := range s.seats {
		m := &moved[p]
		for _, id := range slices.Concat(s.up[p], s.bank[p]) {
			if !slices.Contains(before.table[p], id) {
				m.table = append(m.table, id)
			}
		}
		sortCards(m.table)
		for _, id := range s.hands[p] {
			if !slices.Contains(before.hand[p], id) {
				m.hand = append(m.hand, id)
			}
		}
		m.handMoved = !slices.Equal(before.hand[p], s.hands[p])
	}
	return moved
}

// noArgs checks an action that takes no arguments.
func noArgs(a games.Action) error {
	if len(a.Args) != 0 {
		return errNotMove
	}
	return nil
}

// oneArg checks an action that takes one argument and returns it.
func oneArg(a games.Action) (int, error) {
	if len(a.Args) != 1 {
		return 0, errNotMove
	}
	return a.Args[0], nil
}

func (s *state) applySuit(l *log, seat games.Seat, a games.Action) error {
	if a.Kind != kindSuit {
		return errNotMove
	}
	n, err := oneArg(a)
	if err != nil {
		return err
	}
	if !slices.Contains(s.suits(), Suit(n)) {
		if n == int(Spades) {
			return illegal("spades")
		}
		return errNotMove
	}
	s.suit[seat] = Suit(n)
	s.tell(l, seat, "chose", "suit", Suit(n).Name(), "symbol", Suit(n).Symbol(), "hand", s.handNo)
	if slices.Contains(s.suit, NoSuit) {
		return nil
	}
	parts := make([]string, s.seats)
	for p, su := range s.suit {
		parts[p] = ref(games.Seat(p)) + " " + su.Symbol()
	}
	l.say("suits", "hand", s.handNo, "suits", strings.Join(parts, ", "))
	s.deal(s.dealer)
	l.say("deal", "dealer", ref(s.dealer), "first", ref(s.turn))
	s.runTurns(l)
	return nil
}

func (s *state) applyJoker(l *log, a games.Action) error {
	if a.Kind != kindJoker && a.Kind != kindTurn {
		return errNotMove
	}
	if err := noArgs(a); err != nil {
		return err
	}
	p := s.turn
	if a.Kind == kindTurn {
		if s.turnTop(l) {
			s.nextTurn(l)
		}
		return nil
	}
	j := s.hands[p][slices.IndexFunc(s.hands[p], func(id int) bool { return cards[id].IsJoker() })]
	s.hands[p] = removeCard(s.hands[p], j)
	l.say("plays_joker", "who", ref(p))
	if s.redeal(l, j) {
		s.nextTurn(l)
	}
	return nil
}

func (s *state) applyLay(l *log, a games.Action) error {
	if a.Kind != kindLay {
		return errNotMove
	}
	offer := s.layable()
	if len(a.Args) > layMax(len(offer)) {
		return illegal("too_many")
	}
	picked := make([]int, len(a.Args))
	for i, n := range a.Args {
		if n < 0 || n >= len(offer) || (i > 0 && n <= a.Args[i-1]) {
			return errNotMove
		}
		picked[i] = offer[n]
	}
	p, suit, turned := s.turn, cards[s.turned].Suit, s.turned
	s.turned = noCard
	s.discard = append(s.discard, turned)
	if len(picked) == 0 {
		l.say("lays_none", "who", ref(p), "suit", suit.Name())
		if s.pickUp(l) {
			s.nextTurn(l)
		}
		return nil
	}
	if s.lay(l, picked) {
		s.nextTurn(l)
	}
	return nil
}

func (s *state) applySteal(l *log, a games.Action) error {
	switch a.Kind {
	case kindNoSteal:
		if err := noArgs(a); err != nil {
			return err
		}
		l.say("no_steal", "who", ref(s.turn))
		s.nextTurn(l)
		return nil
	case kindSteal:
		v, err := oneArg(a)
		if err != nil {
			return err
		}
		if !slices.Contains(s.victims(), games.Seat(v)) {
			return illegal("victim")
		}
		s.steal(l, s.turn, games.Seat(v))
		return nil
	}
	return errNotMove
}

func (s *state) applyTake(l *log, a games.Action) error {
	if a.Kind != kindTake {
		return errNotMove
	}
	id, err := oneArg(a)
	if err != nil {
		return err
	}
	if !slices.Contains(s.takeable(), id) {
		return illegal("not_on_table", "victim", ref(s.victim))
	}
	t, v := s.thief, s.victim
	s.up[v] = removeCard(s.up[v], id)
	s.hands[t] = insertCard(s.hands[t], id)
	l.say("took", "who", ref(t), "card", cards[id].Name(), "victim", ref(v))
	s.afterSteal(l)
	return nil
}

func (s *state) applyPos(l *log, a games.Action) error {
	if a.Kind != kindPos {
		return errNotMove
	}
	n, err := oneArg(a)
	if err != nil {
		return err
	}
	if n < 1 || n > s.positions() {
		return illegal("no_position", "pos", n)
	}
	id := s.blind[n-1]
	s.blind = nil
	s.stealFromHand(l, id)
	return nil
}

func (s *state) applyReact(l *log, a games.Action) error {
	if a.Kind != kindReact && a.Kind != kindPass {
		return errNotMove
	}
	if err := noArgs(a); err != nil {
		return err
	}
	if a.Kind == kindPass {
		l.say("leaves_alone", "who", ref(s.thief), "victim", ref(s.victim))
		s.afterSteal(l)
		return nil
	}
	s.steal(l, s.thief, s.victim)
	return nil
}

// nextTurn passes the turn to the left and plays on.
func (s *state) nextTurn(l *log) {
	s.turn = s.left(s.turn)
	s.runTurns(l)
}

// runTurns plays the turns that need no decision, from the seat to play
// on, until one does or the hand ends (ruling 6).
func (s *state) runTurns(l *log) {
	for {
		if hasJoker(s.hands[s.turn]) {
			s.phase = phaseJoker
			return
		}
		if !s.turnTop(l) {
			return
		}
		s.turn = s.left(s.turn)
	}
}

// turnTop turns the top card for the seat to play and carries out what
// needs no decision. It reports whether the turn is over with play going
// on; otherwise a decision is pending or the hand has ended.
func (s *state) turnTop(l *log) bool {
	p := s.turn
	c, ok := s.draw(l)
	if !ok {
		l.say("deck_empty")
		s.endHand(l)
		return false
	}
	card := cards[c]
	switch {
	case card.IsJoker():
		l.say("turned_joker", "who", ref(p))
		return s.redeal(l, c)
	case card.Rank == Ace:
		s.aceTurned(l, c)
		if s.checkEnd(l) {
			return false
		}
		return s.pickUp(l)
	case card.Suit == Spades:
		// The turned card goes to the discard pile once its effect is
		// known (ruling 7); laying spades never draws, so order is moot.
		s.discard = append(s.discard, c)
		spades := ofSuit(s.hands[p], Spades)
		if len(spades) == 0 {
			l.say("turned_no_spades", "who", ref(p), "card", card.Name())
			return s.pickUp(l)
		}
		l.say("turned_spade", "who", ref(p), "card", card.Name())
		return s.lay(l, spades)
	}
	if len(ofSuit(s.hands[p], card.Suit)) == 0 {
		s.discard = append(s.discard, c)
		l.say("turned_none", "who", ref(p), "card", card.Name(), "suit", card.Suit.Name())
		return s.pickUp(l)
	}
	s.turned = c
	s.phase = phaseLay
	l.say("turned", "who", ref(p), "card", card.Name())
	return false
}

// pickUp gives the seat to play the top card (ruling 11) and reports
// whether play goes on: with no card left anywhere the hand ends.
func (s *state) pickUp(l *log) bool {
	p := s.turn
	c, ok := s.draw(l)
	if !ok {
		l.say("cannot_pick_up", "who", ref(p))
		s.endHand(l)
		return false
	}
	s.hands[p] = insertCard(s.hands[p], c)
	l.say("picks_up", "who", ref(p))
	s.tell(l, p, "picked_up", "card", cards[c].Name())
	return true
}

// aceTurned discards every card of the ace's suit from all hands and
// face-up rows, then the ace (ruling 13).
func (s *state) aceTurned(l *log, ace int) {
	suit := cards[ace].Suit
	var from []string
	for p := range s.seats {
		inHand, onTable := ofSuit(s.hands[p], suit), ofSuit(s.up[p], suit)
		from = appendFrom(from, inHand, onTable, games.Seat(p))
		for _, id := range append(inHand, onTable...) {
			s.hands[p] = removeCard(s.hands[p], id)
			s.up[p] = removeCard(s.up[p], id)
			s.discard = append(s.discard, id)
		}
	}
	s.discard = append(s.discard, ace)
	if len(from) == 0 {
		l.say("ace_none", "who", ref(s.turn), "card", cards[ace].Name(), "suit", suit.Name())
		return
	}
	l.say("ace_discards", "who", ref(s.turn), "card", cards[ace].Name(), "each", suitMsg("suit_each", suit), "from", join(from))
}

// appendFrom adds to from where an ace takes cards from at seat p: the
// cards of its suit in p's hand and those on p's table, if any.
func appendFrom(from []string, inHand, onTable []int, p games.Seat) []string {
	if len(inHand) > 0 {
		from = append(from, i18n.Msg("life.from.hand", "cards", cardList(inHand), "who", ref(p)))
	}
	if len(onTable) > 0 {
		from = append(from, i18n.Msg("life.from.table", "cards", cardList(onTable), "who", ref(p)))
	}
	return from
}

// lay puts cards of one suit from the hand of the seat to play face up,
// with the effects of an ace (ruling 14), the hand-end check and the
// threshold (rulings 1, 2). It reports whether the turn is over with play
// going on; otherwise a steal is pending or the hand has ended.
func (s *state) lay(l *log, picked []int) bool {
	p := s.turn
	suit := cards[picked[0]].Suit
	for _, id := range picked {
		s.hands[p] = removeCard(s.hands[p], id)
		s.up[p] = insertCard(s.up[p], id)
	}
	l.say("lays", "who", ref(p), "cards", cardList(picked))
	if slices.ContainsFunc(picked, func(id int) bool { return cards[id].Rank == Ace }) {
		s.pullSuit(l, suit)
	}
	reached := faceValue(s.up[p], suit) >= 10
	if reached {
		row := ofSuit(s.up[p], suit)
		for _, id := range row {
			s.up[p] = removeCard(s.up[p], id)
			s.bank[p] = insertCard(s.bank[p], id)
		}
		l.say("banked", "who", ref(p), "suit", suit.Name(), "value", faceValue(row, suit))
	}
	if s.checkEnd(l) {
		return false
	}
	if !reached {
		return true
	}
	if suit == Spades {
		s.chain, s.victim, s.thief = true, p, s.left(p)
		s.phase = phaseReact
		return false
	}
	if len(s.victims()) == 0 {
		return true
	}
	s.phase = phaseSteal
	return false
}

// pullSuit brings every card of suit from all hands and all other face-up
// rows to the table of the seat to play, whose ace was laid (ruling 14).
func (s *state) pullSuit(l *log, suit Suit) {
	p := s.turn
	var from []string
	for q := range s.seats {
		inHand := ofSuit(s.hands[q], suit)
		var onTable []int
		if games.Seat(q) != p {
			onTable = ofSuit(s.up[q], suit)
		}
		from = appendFrom(from, inHand, onTable, games.Seat(q))
		for _, id := range append(inHand, onTable...) {
			s.hands[q] = removeCard(s.hands[q], id)
			s.up[q] = removeCard(s.up[q], id)
			s.up[p] = insertCard(s.up[p], id)
		}
	}
	if len(from) > 0 {
		l.say("ace_pulls", "each", suitMsg("suit_each", suit), "from", join(from))
	}
}

// steal starts a steal of thief from victim: a face-up card of the
// thief's choice when the victim has any, else a card from the hand, at
// random or, with blind_steal, at a position the thief picks.
func (s *state) steal(l *log, thief, victim games.Seat) {
	s.thief, s.victim = thief, victim
	switch {
	case len(s.up[victim]) > 0:
		s.phase = phaseTake
		l.say("steals_face_up", "who", ref(thief), "victim", ref(victim))
	case s.rules.blind:
		l.say("steals_blind", "who", ref(thief), "victim", ref(victim))
		s.blind = slices.Clone(s.hands[victim])
		s.rng.Shuffle(len(s.blind), func(i, j int) { s.blind[i], s.blind[j] = s.blind[j], s.blind[i] })
		s.phase = phasePos
	default:
		h := s.hands[victim]
		s.stealFromHand(l, h[s.rng.IntN(len(h))])
	}
}

// stealFromHand moves card id from the victim's hand to the thief's. Only
// the two of them learn which card it was (ruling 26).
func (s *state) stealFromHand(l *log, id int) {
	t, v := s.thief, s.victim
	s.hands[v] = removeCard(s.hands[v], id)
	s.hands[t] = insertCard(s.hands[t], id)
	l.say("stole_from_hand", "who", ref(t), "victim", ref(v))
	s.tell(l, t, "you_stole", "card", cards[id].Name(), "victim", ref(v))
	s.tell(l, v, "stole_yours", "who", ref(t), "card", cards[id].Name())
	s.afterSteal(l)
}

// afterSteal ends the hand if the steal emptied a hand, cancelling any
// steals still to come (ruling 19); otherwise it asks the next seat of a
// spade chain, or ends the turn.
func (s *state) afterSteal(l *log) {
	if s.checkEnd(l) {
		return
	}
	if s.chain {
		if next := s.left(s.thief); next != s.victim {
			s.thief, s.phase = next, phaseReact
			return
		}
		s.chain = false
	}
	s.nextTurn(l)
}

// redeal takes joker out of play and, when enough cards can be gathered,
// deals every seat a new hand from the left of the seat to play, which
// becomes the last dealer (rulings 16–18). It reports whether play goes
// on; the caller passes the turn.
func (s *state) redeal(l *log, joker int) bool {
	p := s.turn
	s.removed = append(s.removed, joker)
	n := len(s.deck) + len(s.discard)
	for q := range s.seats {
		n += len(s.up[q]) + len(s.hands[q])
	}
	if n < handCards*s.seats {
		l.say("too_few_to_redeal", "n", n)
		s.endHand(l)
		return false
	}
	s.deck = append(s.deck, s.discard...)
	s.discard = s.discard[:0]
	for q := range s.seats {
		s.deck = append(s.deck, s.up[q]...)
		s.deck = append(s.deck, s.hands[q]...)
		s.up[q], s.hands[q] = nil, nil
	}
	slices.Sort(s.deck)
	s.deal(p)
	s.turn = p // the caller passes the turn to the left, as after any turn
	l.say("redeal", "who", ref(p))
	return true
}

package lagom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// Numbers from the rulebook.
const (
	maxSeats    = 6
	startHealth = 30
	startCoins  = 5
	startHand   = 3
	roundHealth = 3 // health spent at the start of every round
	extraCost   = 5 // coins for the extra draw
	spendCoins  = 3 // coins paid per Spend Wealth symbol
	noCard      = -1
	// maxLiquidations bounds the liquidation buttons of one decision, so
	// that with the other choices a seat never has more than Discord's 25.
	maxLiquidations = 18
)

// step is where the round stands for the whole table.
type step int

const (
	stepSelect step = iota // extra draw and pick; picks sealed
	stepPlay               // after the reveal: play or discard, and pass
	stepOver
)

// phase is where one seat stands within the current step.
type phase int

const (
	phaseDraw phase = iota // liquidations and the extra draw
	phasePick              // choose the card to reveal
	phasePlay              // play the revealed card on a side, or discard it
	phasePass              // choose the card to pass
	phaseDone              // waiting for the others
)

// played is one card of a tableau. syms, sunset and stacks run in
// parallel over the active side's symbols.
type played struct {
	card   int
	side   Side
	round  int
	syms   []Symbol
	sunset []bool
	stacks []int
}

// player is one seat's position.
type player struct {
	health, coins, fulfil int
	out                   bool
	phase                 phase
	hand                  []int
	tableau               []played
	// pick is the picked card while it is sealed or awaiting play; pass is
	// the card chosen to pass until the passes are delivered.
	pick, pass int
	// shown, passed and received only feed the views: the card revealed
	// this round, and the last card passed and received.
	shown, passed, received int
	discarded               bool
	extra                   bool // took the extra draw this round
	scored                  int
	// fulfilment by source, for Result.Detail and simulation figures.
	fromRel, fromLeisure, fromPurpose int
	// rounds played and extra draws bought, for simulation figures.
	rounds, extras int
	notes          []string
}

// state is a game of Lagom in progress.
type state struct {
	set     *cardSet
	opts    games.Options
	seats   int
	round   int
	step    step
	deck    []int // top at the end
	discard []int
	ps      []player
	rng     *games.RNG
}

func (s *state) card(id int) Card { return s.set.cards[id] }

// Content implements games.Versioned: the card set the game was dealt from.
func (s *state) Content() string { return s.set.version }

// Active implements games.State: the seats still to answer the step.
func (s *state) Active() []games.Seat {
	var out []games.Seat
	if s.step == stepOver {
		return nil
	}
	for p := range s.ps {
		if !s.ps[p].out && s.ps[p].phase != phaseDone {
			out = append(out, games.Seat(p))
		}
	}
	return out
}

// inGame lists the seats that are not out.
func (s *state) inGame() int {
	n := 0
	for p := range s.ps {
		if !s.ps[p].out {
			n++
		}
	}
	return n
}

// stack names one investment: a tableau card and a symbol on it.
type stack struct{ card, sym int }

// stacks lists p's active investments, oldest first.
func (s *state) stacks(p int) []stack {
	var out []stack
	for i, pl := range s.ps[p].tableau {
		for j, sym := range pl.syms {
			if sym == Wealth && !pl.sunset[j] {
				out = append(out, stack{i, j})
			}
		}
	}
	return out
}

// cashable is what p would get by liquidating every investment.
func (s *state) cashable(p int) int {
	n := 0
	for _, st := range s.stacks(p) {
		n += s.ps[p].tableau[st.card].stacks[st.sym]
	}
	return n
}

// activeRels counts p's Relationship symbols not yet sunset.
func (s *state) activeRels(p int) int {
	n := 0
	for _, pl := range s.ps[p].tableau {
		for j, sym := range pl.syms {
			if sym == Relationship && !pl.sunset[j] {
				n++
			}
		}
	}
	return n
}

// payable reports whether p can pay every cost of the side, counting
// coins obtainable by liquidation (ruling 12), and how many coins it
// lacks in its purse.
func (s *state) payable(p int, syms []Symbol) (ok bool, short int) {
	pl := &s.ps[p]
	need := spendCoins * count(syms, SpendWealth)
	short = max(0, need-pl.coins)
	ok = count(syms, LoseHealth) <= pl.health &&
		count(syms, LoseRelationship) <= s.activeRels(p) &&
		short <= s.cashable(p)
	return ok, short
}

// Legal implements games.State.
func (s *state) Legal(seat games.Seat) []games.Choice {
	p := int(seat)
	if s.step == stepOver || p < 0 || p >= s.seats || s.ps[p].out {
		return nil
	}
	pl := &s.ps[p]
	var out []games.Choice
	switch pl.phase {
	case phaseDraw:
		out = append(out, games.Choice{Action: games.Action{Kind: "done"}, Label: "No extra draw"})
		if s.canExtra(p) {
			label := fmt.Sprintf("Draw an extra card (%d coins)", extraCost)
			if n := len(s.toCash(p, extraCost-pl.coins)); n > 0 {
				label = fmt.Sprintf("Draw an extra card (%d coins, cashing in %s)", extraCost, plural(n, "investment"))
			}
			out = append(out, games.Choice{Action: games.Action{Kind: "extra"}, Label: label})
		}
		out = append(out, s.liquidations(p)...)
	case phasePick:
		for _, c := range pl.hand {
			out = append(out, games.Choice{Action: games.Action{Kind: "pick", Args: []int{c}}, Label: "Pick " + s.card(c).Title})
		}
	case phasePlay:
		c := s.card(pl.pick)
		needCash := false
		for side := Left; side <= Bottom; side++ {
			syms := c.symbols(side)
			ok, short := s.payable(p, syms)
			if !ok {
				continue
			}
			cash := 0
			if short > 0 {
				needCash = true
				cash = len(s.toCash(p, short))
			}
			out = append(out, games.Choice{
				Action: games.Action{Kind: "play", Args: []int{int(side)}},
				Label:  sideLabel(side, syms, cash),
			})
		}
		label := "Discard " + c.Title
		if c.Reward > 0 {
			label += fmt.Sprintf(" (+%d coins)", c.Reward)
		}
		out = append(out, games.Choice{Action: games.Action{Kind: "discard"}, Label: label})
		if needCash {
			out = append(out, s.liquidations(p)...)
		}
	case phasePass:
		for _, c := range pl.hand {
			out = append(out, games.Choice{Action: games.Action{Kind: "pass", Args: []int{c}}, Label: "Pass " + s.card(c).Title})
		}
	}
	return out
}

// canExtra reports whether p may still buy the extra draw (ruling 8):
// once a round, with coins in the purse or from investments, and a card
// to draw.
func (s *state) canExtra(p int) bool {
	pl := &s.ps[p]
	return !pl.extra && pl.coins+s.cashable(p) >= extraCost && len(s.deck)+len(s.discard) > 0
}

// toCash lists the investments cashed in automatically to raise need
// coins: the largest first, so that as few investments as possible stop
// growing.
func (s *state) toCash(p, need int) []stack {
	if need <= 0 {
		return nil
	}
	sts := s.stacks(p)
	tab := s.ps[p].tableau
	slices.SortStableFunc(sts, func(a, b stack) int {
		return tab[b.card].stacks[b.sym] - tab[a.card].stacks[a.sym]
	})
	var out []stack
	for _, st := range sts {
		if need <= 0 {
			break
		}
		out = append(out, st)
		need -= tab[st.card].stacks[st.sym]
	}
	return out
}

func (s *state) liquidations(p int) []games.Choice {
	var out []games.Choice
	for _, st := range s.stacks(p) {
		if len(out) == maxLiquidations {
			break
		}
		pl := s.ps[p].tableau[st.card]
		out = append(out, games.Choice{
			Action: games.Action{Kind: "cash", Args: []int{st.card, st.sym}},
			Label: fmt.Sprintf("Cash in %s from %s (card %d, symbol %d)",
				plural(pl.stacks[st.sym], "coin"), s.card(pl.card).Title, st.card+1, st.sym+1),
		})
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// sideLabel is the button for playing a side: the side, the symbols it
// activates by the names the boards' legend gives them, and how many
// investments paying for it cashes in. When that would pass Discord's
// limit the count is said more briefly, and only then are the symbols
// left out.
func sideLabel(side Side, syms []Symbol, cash int) string {
	parts := make([]string, len(syms))
	for i, sym := range syms {
		parts[i] = sym.String()
	}
	what := strings.Join(parts, " + ")
	if what == "" {
		what = "nothing"
	}
	suffixes := []string{""}
	if cash > 0 {
		suffixes = []string{fmt.Sprintf(" (cashing in %s)", plural(cash, "investment")), fmt.Sprintf(" (cashing in %d)", cash), fmt.Sprintf(" (cash in %d)", cash)}
	}
	for _, suffix := range suffixes {
		if label := "Play facing " + side.String() + ": " + what + suffix; len([]rune(label)) <= 80 {
			return label
		}
	}
	return "Play facing " + side.String() + suffixes[len(suffixes)-1]
}

// Apply implements games.State. It validates against Legal first, so a
// refused action changes nothing.
func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.step == stepOver {
		return nil, fmt.Errorf("%w", games.ErrOver)
	}
	if !games.IsActive(s, seat) {
		return nil, fmt.Errorf("%w: you have nothing to decide now", games.ErrNotYourTurn)
	}
	if !games.IsLegal(s, seat, a) {
		return nil, fmt.Errorf("%w: %q is not one of your choices", games.ErrIllegal, a.String())
	}
	p := int(seat)
	pl := &s.ps[p]
	var ev []games.Event
	switch a.Kind {
	case "done":
		pl.phase = phasePick
		s.afterSelect(p, &ev)
	case "extra":
		s.cashIn(p, s.toCash(p, extraCost-pl.coins), &ev)
		pl.coins -= extraCost
		pl.extra = true
		pl.extras++
		ev = append(ev, games.Event{Text: fmt.Sprintf("%s pays %d coins for an extra card.", games.SeatRef(seat), extraCost)})
		s.draw(p, &ev)
		pl.phase = phasePick
		s.afterSelect(p, &ev)
	case "cash":
		s.cashIn(p, []stack{{a.Args[0], a.Args[1]}}, &ev)
	case "pick":
		pl.pick = a.Args[0]
		pl.hand = remove(pl.hand, pl.pick)
		pl.phase = phaseDone
		ev = append(ev, games.Event{To: []games.Seat{seat}, Text: "You picked " + s.card(pl.pick).Title + "."})
		s.maybeReveal(&ev)
	case "play":
		s.play(p, Side(a.Args[0]), &ev)
		s.toPass(p)
		s.maybeEndRound(&ev)
	case "discard":
		c := s.card(pl.pick)
		pl.coins += c.Reward
		pl.discarded = true
		s.discard = append(s.discard, pl.pick)
		pl.pick = noCard
		text := fmt.Sprintf("%s discards %s.", games.SeatRef(seat), c.Title)
		if c.Reward > 0 {
			text = fmt.Sprintf("%s discards %s for %s.", games.SeatRef(seat), c.Title, plural(c.Reward, "coin"))
		}
		ev = append(ev, games.Event{Text: text})
		s.toPass(p)
		s.maybeEndRound(&ev)
	case "pass":
		pl.pass = a.Args[0]
		pl.hand = remove(pl.hand, pl.pass)
		pl.phase = phaseDone
		s.maybeEndRound(&ev)
	}
	return ev, nil
}

func remove(hand []int, c int) []int {
	i := slices.Index(hand, c)
	return slices.Delete(slices.Clone(hand), i, i+1)
}

// afterSelect moves a seat past picking when it has nothing to pick.
func (s *state) afterSelect(p int, ev *[]games.Event) {
	if len(s.ps[p].hand) == 0 {
		s.ps[p].phase = phaseDone
		s.maybeReveal(ev)
	}
}

// cashIn liquidates investments (ruling 9): each symbol is sunset and its
// coins go to the purse.
func (s *state) cashIn(p int, sts []stack, ev *[]games.Event) {
	for _, st := range sts {
		pl := &s.ps[p].tableau[st.card]
		n := pl.stacks[st.sym]
		s.ps[p].coins += n
		pl.stacks[st.sym] = 0
		pl.sunset[st.sym] = true
		*ev = append(*ev, games.Event{Text: fmt.Sprintf("%s cashes in an investment on %s for %s.",
			games.SeatRef(games.Seat(p)), s.card(pl.card).Title, plural(n, "coin"))})
	}
}

// draw gives p the top card, reshuffling the discard pile into the draw
// pile when it runs out (ruling 7).
func (s *state) draw(p int, ev *[]games.Event) {
	if len(s.deck) == 0 {
		if len(s.discard) == 0 {
			return
		}
		s.deck, s.discard = s.discard, nil
		s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
		*ev = append(*ev, games.Event{Text: fmt.Sprintf("The discard pile is shuffled into a new draw pile of %d cards.", len(s.deck))})
	}
	c := s.deck[len(s.deck)-1]
	s.deck = s.deck[:len(s.deck)-1]
	pl := &s.ps[p]
	pl.hand = append(pl.hand, c)
	s.note(p, ev, "You draw "+s.card(c).Title+".")
}

// note records a private line for p, as an event and in its view.
func (s *state) note(p int, ev *[]games.Event, text string) {
	s.ps[p].notes = append(s.ps[p].notes, text)
	*ev = append(*ev, games.Event{To: []games.Seat{games.Seat(p)}, Text: text})
}

// maybeReveal reveals all picks once every seat has picked (ruling 10).
func (s *state) maybeReveal(ev *[]games.Event) {
	if len(s.Active()) > 0 {
		return
	}
	s.step = stepPlay
	for p := range s.ps {
		pl := &s.ps[p]
		if pl.out {
			continue
		}
		if pl.pick == noCard {
			pl.phase = phasePlay
			s.toPass(p)
			continue
		}
		pl.shown = pl.pick
		pl.phase = phasePlay
		*ev = append(*ev, games.Event{Text: fmt.Sprintf("%s reveals %s.", games.SeatRef(games.Seat(p)), s.card(pl.pick).Title)})
	}
	s.maybeEndRound(ev)
}

// toPass moves a seat that has played or discarded on to passing, or
// straight to done when it has nothing to pass or nobody to pass to.
func (s *state) toPass(p int) {
	pl := &s.ps[p]
	if len(pl.hand) == 0 || s.inGame() < 2 {
		pl.phase = phaseDone
		return
	}
	pl.phase = phasePass
}

// play puts the revealed card in p's tableau on side, paying its costs
// first (ruling 12) and then taking its gains.
func (s *state) play(p int, side Side, ev *[]games.Event) {
	pl := &s.ps[p]
	c := s.card(pl.pick)
	syms := c.symbols(side)
	_, short := s.payable(p, syms)
	s.cashIn(p, s.toCash(p, short), ev)
	pl.health -= count(syms, LoseHealth)
	pl.coins -= spendCoins * count(syms, SpendWealth)
	for range count(syms, LoseRelationship) {
		s.sunsetOldest(p, ev)
	}
	np := played{card: pl.pick, side: side, round: s.round, syms: syms}
	if len(syms) > 0 { // a blank side keeps nil slices, as a restored state does
		np.sunset, np.stacks = make([]bool, len(syms)), make([]int, len(syms))
	}
	for i, sym := range syms {
		if sym == Wealth {
			np.stacks[i] = 1
		}
	}
	pl.health += count(syms, Leisure)
	pl.tableau = append(pl.tableau, np)
	pl.pick = noCard
	*ev = append(*ev, games.Event{Text: fmt.Sprintf("%s plays %s facing %s: %s.",
		games.SeatRef(games.Seat(p)), c.Title, side, symbolList(syms))})
}

func symbolList(syms []Symbol) string {
	if len(syms) == 0 {
		return "nothing"
	}
	parts := make([]string, len(syms))
	for i, sym := range syms {
		parts[i] = sym.String()
	}
	return strings.Join(parts, " + ")
}

// sunsetOldest sunsets the oldest active Relationship (ruling 13).
func (s *state) sunsetOldest(p int, ev *[]games.Event) {
	for i := range s.ps[p].tableau {
		pl := &s.ps[p].tableau[i]
		for j, sym := range pl.syms {
			if sym == Relationship && !pl.sunset[j] {
				pl.sunset[j] = true
				*ev = append(*ev, games.Event{Text: fmt.Sprintf("%s sunsets the Relationship on %s.",
					games.SeatRef(games.Seat(p)), s.card(pl.card).Title)})
				return
			}
		}
	}
}

// maybeEndRound finishes the round once every seat has played and passed:
// passes are delivered, the round is scored and the next one begins.
func (s *state) maybeEndRound(ev *[]games.Event) {
	if s.step != stepPlay || len(s.Active()) > 0 {
		return
	}
	for p := range s.ps {
		s.ps[p].notes = nil
	}
	s.deliver(ev)
	s.score(ev)
	s.startRound(ev)
}

// deliver hands each chosen card to the next seat still in the game on
// the giver's right (ruling 15).
func (s *state) deliver(ev *[]games.Event) {
	for p := range s.ps {
		s.ps[p].passed, s.ps[p].received = noCard, noCard
	}
	var pairs []string
	for p := range s.ps {
		pl := &s.ps[p]
		if pl.pass == noCard {
			continue
		}
		to := s.rightOf(p)
		pairs = append(pairs, fmt.Sprintf("%s to %s", games.SeatRef(games.Seat(p)), games.SeatRef(games.Seat(to))))
		s.ps[to].hand = append(s.ps[to].hand, pl.pass)
		pl.passed, s.ps[to].received = pl.pass, pl.pass
		title := s.card(pl.pass).Title
		s.note(p, ev, fmt.Sprintf("You passed %s to %s.", title, games.SeatRef(games.Seat(to))))
		s.note(to, ev, fmt.Sprintf("You received %s from %s.", title, games.SeatRef(games.Seat(p))))
		pl.pass = noCard
	}
	if len(pairs) > 0 {
		// The channel learns who gave to whom, never which card.
		*ev = append(*ev, games.Event{Text: "Cards are passed on: " + strings.Join(pairs, ", ") + "."})
	}
}

// rightOf is the next seat in the game in previous-seat order.
func (s *state) rightOf(p int) int {
	for i := 1; i < s.seats; i++ {
		q := (p - i + s.seats) % s.seats
		if !s.ps[q].out {
			return q
		}
	}
	return p
}

// startRound runs rulebook steps 1–3: spend health or leave the game,
// grow investments, draw.
func (s *state) startRound(ev *[]games.Event) {
	s.round++
	for p := range s.ps {
		pl := &s.ps[p]
		pl.shown, pl.discarded, pl.extra = noCard, false, false
		if pl.out {
			continue
		}
		if pl.health < roundHealth {
			pl.out = true
			pl.phase = phaseDone
			*ev = append(*ev, games.Event{Text: fmt.Sprintf("%s cannot spend %d health: their journey is over with %d fulfilment.",
				games.SeatRef(games.Seat(p)), roundHealth, pl.fulfil)})
			continue
		}
		pl.health -= roundHealth
		pl.rounds++
	}
	if s.inGame() == 0 {
		s.step = stepOver
		s.round--
		*ev = append(*ev, games.Event{Text: s.finalLine()})
		return
	}
	*ev = append(*ev, games.Event{Text: fmt.Sprintf("Round %d begins.", s.round)})
	s.step = stepSelect
	for p := range s.ps {
		pl := &s.ps[p]
		if pl.out {
			continue
		}
		for i := range pl.tableau {
			t := &pl.tableau[i]
			for j, sym := range t.syms {
				if sym == Wealth && !t.sunset[j] {
					t.stacks[j]++
				}
			}
		}
		pl.phase = phaseDraw
	}
	for p := range s.ps {
		if !s.ps[p].out {
			s.draw(p, ev)
		}
	}
}

// Prompt implements games.State.
// PromptTo implements games.Addresser.
func (s *state) PromptTo(seat games.Seat) string {
	if s.step == stepOver {
		return "The game is over."
	}
	what := "wait for the others"
	if p := int(seat); p >= 0 && p < s.seats {
		switch s.ps[p].phase {
		case phaseDraw:
			what = "draw an extra card or cash in, or go on"
		case phasePick:
			what = "pick the card you will reveal"
		case phasePlay:
			what = "play your revealed card on a side, or discard it"
		case phasePass:
			what = "choose the card you pass on"
		}
	}
	return fmt.Sprintf("Round %d: %s.", s.round, what)
}

func (s *state) Prompt() string {
	if s.step == stepOver {
		return "The game is over."
	}
	var who []string
	for _, seat := range s.Active() {
		who = append(who, games.SeatRef(seat))
	}
	what := "to pick"
	if s.step == stepPlay {
		what = "to play and pass"
	}
	return fmt.Sprintf("Round %d: waiting for %s %s", s.round, strings.Join(who, ", "), what)
}

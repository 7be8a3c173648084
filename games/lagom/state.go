package lagom

import (
	"slices"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
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
		out = append(out, games.Choice{Action: games.Action{Kind: "done"}, Label: i18n.Msg("lagom.choice.no_extra.label")})
		if s.canExtra(p) {
			label := i18n.Msg("lagom.choice.extra.label", "cost", extraCost)
			if n := len(s.toCash(p, extraCost-pl.coins)); n > 0 {
				label = i18n.Msg("lagom.choice.extra_cashing.label", "cost", extraCost, "n", n)
			}
			out = append(out, games.Choice{Action: games.Action{Kind: "extra"}, Label: label})
		}
		out = append(out, s.liquidations(p)...)
	case phasePick:
		for _, c := range pl.hand {
			out = append(out, games.Choice{Action: games.Action{Kind: "pick", Args: []int{c}}, Label: i18n.Msg("lagom.choice.pick.label", "card", s.card(c).Name())})
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
		label := i18n.Msg("lagom.choice.discard.label", "card", c.Name())
		if c.Reward > 0 {
			label = i18n.Msg("lagom.choice.discard_reward.label", "card", c.Name(), "n", c.Reward)
		}
		out = append(out, games.Choice{Action: games.Action{Kind: "discard"}, Label: label})
		if needCash {
			out = append(out, s.liquidations(p)...)
		}
	case phasePass:
		for _, c := range pl.hand {
			out = append(out, games.Choice{Action: games.Action{Kind: "pass", Args: []int{c}}, Label: i18n.Msg("lagom.choice.pass.label", "card", s.card(c).Name())})
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
		coins, at, sym := pl.stacks[st.sym], st.card+1, st.sym+1
		out = append(out, games.Choice{
			Action: games.Action{Kind: "cash", Args: []int{st.card, st.sym}},
			Label: firstFitting(
				i18n.Msg("lagom.choice.cash.label", "n", coins, "card", s.card(pl.card).Name(), "at", at, "symbol", sym),
				i18n.Msg("lagom.choice.cash_short.label", "n", coins, "at", at, "symbol", sym)),
		})
	}
	return out
}

// sideLabel is the button for playing a side: the side, the symbols it
// activates by the names the boards' legend gives them, and how many
// investments paying for it cashes in. Where that would pass Discord's
// limit in some language the count is said more briefly, then the side,
// and only then are the symbols left out: the player's own image shows
// them under each side.
func sideLabel(side Side, syms []Symbol, cash int) string {
	what := symbolsMsg(syms)
	if cash == 0 {
		return firstFitting(
			i18n.Msg("lagom.choice.play.label", "side", facing(side), "what", what),
			i18n.Msg("lagom.choice.play_short.label", "side", sideName(side), "what", what),
			i18n.Msg("lagom.choice.play_side.label", "side", facing(side)))
	}
	short := i18n.Msg("lagom.cash.short", "n", cash)
	var labels []string
	for _, key := range []string{"lagom.cash.long", "lagom.cash.medium", "lagom.cash.short"} {
		labels = append(labels, i18n.Msg("lagom.choice.play_cashing.label", "side", facing(side), "what", what, "cash", i18n.Msg(key, "n", cash)))
	}
	return firstFitting(append(labels,
		i18n.Msg("lagom.choice.play_short_cashing.label", "side", sideName(side), "what", what, "cash", short),
		i18n.Msg("lagom.choice.play_side_cashing.label", "side", facing(side), "cash", short))...)
}

// Apply implements games.State. It validates against Legal first, so a
// refused action changes nothing.
func (s *state) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if s.step == stepOver {
		return nil, games.Refuse(games.ErrOver, "%s", i18n.Msg("lagom.refuse.over"))
	}
	if !games.IsActive(s, seat) {
		return nil, games.Refuse(games.ErrNotYourTurn, "%s", i18n.Msg("lagom.refuse.not_your_turn"))
	}
	if !games.IsLegal(s, seat, a) {
		return nil, games.Refuse(games.ErrIllegal, "%s", i18n.Msg("lagom.refuse.illegal"))
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
		ev = append(ev, games.Event{Text: i18n.Msg("lagom.event.extra", "who", games.SeatRef(seat), "cost", extraCost)})
		s.draw(p, &ev)
		pl.phase = phasePick
		s.afterSelect(p, &ev)
	case "cash":
		s.cashIn(p, []stack{{a.Args[0], a.Args[1]}}, &ev)
	case "pick":
		pl.pick = a.Args[0]
		pl.hand = remove(pl.hand, pl.pick)
		pl.phase = phaseDone
		ev = append(ev, games.Event{To: []games.Seat{seat}, Text: i18n.Msg("lagom.event.picked", "card", s.card(pl.pick).Name())})
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
		text := i18n.Msg("lagom.event.discard", "who", games.SeatRef(seat), "card", c.Name())
		if c.Reward > 0 {
			text = i18n.Msg("lagom.event.discard_reward", "who", games.SeatRef(seat), "card", c.Name(), "n", c.Reward)
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
		*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.cash",
			"who", games.SeatRef(games.Seat(p)), "card", s.card(pl.card).Name(), "n", n)})
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
		*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.reshuffle", "n", len(s.deck))})
	}
	c := s.deck[len(s.deck)-1]
	s.deck = s.deck[:len(s.deck)-1]
	pl := &s.ps[p]
	pl.hand = append(pl.hand, c)
	s.note(p, ev, i18n.Msg("lagom.event.draw", "card", s.card(c).Name()))
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
		*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.reveal", "who", games.SeatRef(games.Seat(p)), "card", s.card(pl.pick).Name())})
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
	*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.play",
		"who", games.SeatRef(games.Seat(p)), "card", c.Name(), "side", facing(side), "what", symbolsMsg(syms))})
}

// sunsetOldest sunsets the oldest active Relationship (ruling 13).
func (s *state) sunsetOldest(p int, ev *[]games.Event) {
	for i := range s.ps[p].tableau {
		pl := &s.ps[p].tableau[i]
		for j, sym := range pl.syms {
			if sym == Relationship && !pl.sunset[j] {
				pl.sunset[j] = true
				*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.sunset",
					"who", games.SeatRef(games.Seat(p)), "card", s.card(pl.card).Name())})
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
		pairs = append(pairs, i18n.Msg("lagom.event.passed_pair", "from", games.SeatRef(games.Seat(p)), "to", games.SeatRef(games.Seat(to))))
		s.ps[to].hand = append(s.ps[to].hand, pl.pass)
		pl.passed, s.ps[to].received = pl.pass, pl.pass
		card := s.card(pl.pass).Name()
		s.note(p, ev, i18n.Msg("lagom.event.you_passed", "card", card, "to", games.SeatRef(games.Seat(to))))
		s.note(to, ev, i18n.Msg("lagom.event.you_received", "card", card, "from", games.SeatRef(games.Seat(p))))
		pl.pass = noCard
	}
	if len(pairs) > 0 {
		// The channel learns who gave to whom, never which card.
		*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.passed", "pairs", chain("lagom.comma", pairs))})
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
			*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.out",
				"who", games.SeatRef(games.Seat(p)), "health", roundHealth, "fulfilment", pl.fulfil)})
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
	*ev = append(*ev, games.Event{Text: i18n.Msg("lagom.event.round", "round", s.round)})
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

// PromptTo implements games.Addresser.
func (s *state) PromptTo(seat games.Seat) string {
	if s.step == stepOver {
		return i18n.Msg("lagom.prompt.over")
	}
	key := "lagom.prompt.wait"
	if p := int(seat); p >= 0 && p < s.seats {
		switch s.ps[p].phase {
		case phaseDraw:
			key = "lagom.prompt.draw"
		case phasePick:
			key = "lagom.prompt.pick"
		case phasePlay:
			key = "lagom.prompt.play"
		case phasePass:
			key = "lagom.prompt.pass"
		}
	}
	return i18n.Msg(key, "round", s.round)
}

// Prompt implements games.State.
func (s *state) Prompt() string {
	if s.step == stepOver {
		return i18n.Msg("lagom.prompt.over")
	}
	var who []string
	for _, seat := range s.Active() {
		who = append(who, games.SeatRef(seat))
	}
	key := "lagom.prompt.table_pick"
	if s.step == stepPlay {
		key = "lagom.prompt.table_play"
	}
	return i18n.Msg(key, "round", s.round, "who", chain("lagom.comma", who))
}

package lagom

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/lifebot/lifebot/games"
)

// version is the format written by MarshalBinary.
const version = 1

// wireState is the saved form of a state. Content names the card set, so
// a game keeps the set it was dealt from.
type wireState struct {
	V       int           `json:"v"`
	Content string        `json:"content"`
	Seats   int           `json:"seats"`
	Options games.Options `json:"options"`
	Round   int           `json:"round"`
	Step    int           `json:"step"`
	Deck    []int         `json:"deck"`
	Discard []int         `json:"discard"`
	Players []wireSeat    `json:"players"`
	RNG     *games.RNG    `json:"rng"`
}

type wireSeat struct {
	Health      int          `json:"health"`
	Coins       int          `json:"coins"`
	Fulfil      int          `json:"fulfil"`
	Out         bool         `json:"out,omitempty"`
	Phase       int          `json:"phase"`
	Hand        []int        `json:"hand"`
	Tableau     []wirePlayed `json:"tableau"`
	Pick        int          `json:"pick"`
	Pass        int          `json:"pass"`
	Shown       int          `json:"shown"`
	Passed      int          `json:"passed"`
	Received    int          `json:"received"`
	Discarded   bool         `json:"discarded,omitempty"`
	Extra       bool         `json:"extra,omitempty"`
	Scored      int          `json:"scored"`
	FromRel     int          `json:"from_rel"`
	FromLeisure int          `json:"from_leisure"`
	FromPurpose int          `json:"from_purpose"`
	Rounds      int          `json:"rounds"`
	Extras      int          `json:"extras,omitempty"`
	Notes       []string     `json:"notes,omitempty"`
}

type wirePlayed struct {
	Card   int    `json:"card"`
	Side   int    `json:"side"`
	Round  int    `json:"round"`
	Sunset []bool `json:"sunset,omitempty"`
	Stacks []int  `json:"stacks,omitempty"`
}

// MarshalBinary implements games.State.
func (s *state) MarshalBinary() ([]byte, error) {
	w := wireState{V: version, Content: s.set.version, Seats: s.seats, Options: s.opts, Round: s.round,
		Step: int(s.step), Deck: orNil(s.deck), Discard: orNil(s.discard), RNG: s.rng}
	for _, pl := range s.ps {
		ws := wireSeat{Health: pl.health, Coins: pl.coins, Fulfil: pl.fulfil, Out: pl.out, Phase: int(pl.phase),
			Hand: orNil(pl.hand), Pick: pl.pick, Pass: pl.pass, Shown: pl.shown, Passed: pl.passed, Received: pl.received,
			Discarded: pl.discarded, Extra: pl.extra, Scored: pl.scored,
			FromRel: pl.fromRel, FromLeisure: pl.fromLeisure, FromPurpose: pl.fromPurpose,
			Rounds: pl.rounds, Extras: pl.extras, Notes: pl.notes}
		for _, t := range pl.tableau {
			ws.Tableau = append(ws.Tableau, wirePlayed{Card: t.card, Side: int(t.side), Round: t.round, Sunset: t.sunset, Stacks: t.stacks})
		}
		w.Players = append(w.Players, ws)
	}
	return json.Marshal(w)
}

// orNil writes an empty pile as null, the way Decode restores it.
func orNil(cs []int) []int {
	if len(cs) == 0 {
		return nil
	}
	return cs
}

// Decode implements games.Game. It refuses other versions, unknown card
// sets and any state that breaks an invariant Apply relies on, so stored
// data can never make the engine panic.
func (Game) Decode(data []byte) (games.State, error) {
	return games.DecodeState("lagom", data, version, func(w wireState) (games.State, error) { return fromWire(w) })
}

func fromWire(w wireState) (*state, error) {
	set, ok := setByVersion(w.Content)
	if !ok {
		return nil, fmt.Errorf("unknown card set %q", w.Content)
	}
	opts, err := resolve(w.Seats, w.Options)
	if err != nil {
		return nil, err
	}
	if w.RNG == nil {
		return nil, errors.New("no generator")
	}
	if len(w.Players) != w.Seats {
		return nil, errors.New("players do not match the seats")
	}
	if w.Step < int(stepSelect) || w.Step > int(stepOver) || w.Round < 1 || w.Round > 10000 {
		return nil, errors.New("bad round or step")
	}
	n := len(set.cards)
	s := &state{set: set, opts: opts, seats: w.Seats, round: w.Round, step: step(w.Step), rng: w.RNG}
	seen := make([]bool, n)
	take := func(c int) error {
		if c < 0 || c >= n {
			return fmt.Errorf("unknown card %d", c)
		}
		if seen[c] {
			return fmt.Errorf("card %d appears twice", c)
		}
		seen[c] = true
		return nil
	}
	takeAll := func(cs []int) ([]int, error) {
		for _, c := range cs {
			if err := take(c); err != nil {
				return nil, err
			}
		}
		if len(cs) == 0 {
			return nil, nil
		}
		return cs, nil
	}
	if s.deck, err = takeAll(w.Deck); err != nil {
		return nil, err
	}
	if s.discard, err = takeAll(w.Discard); err != nil {
		return nil, err
	}
	view := func(c int) error { // a card shown in a view: any card, or none
		if c != noCard && (c < 0 || c >= n) {
			return fmt.Errorf("unknown card %d", c)
		}
		return nil
	}
	for p, ws := range w.Players {
		pl := player{health: ws.Health, coins: ws.Coins, fulfil: ws.Fulfil, out: ws.Out, phase: phase(ws.Phase),
			pick: ws.Pick, pass: ws.Pass, shown: ws.Shown, passed: ws.Passed, received: ws.Received,
			discarded: ws.Discarded, extra: ws.Extra, scored: ws.Scored,
			fromRel: ws.FromRel, fromLeisure: ws.FromLeisure, fromPurpose: ws.FromPurpose,
			rounds: ws.Rounds, extras: ws.Extras}
		if len(ws.Notes) > 0 {
			pl.notes = ws.Notes
		}
		const big = 1 << 20
		for _, x := range []int{ws.Health, ws.Coins, ws.Fulfil, ws.Scored, ws.FromRel, ws.FromLeisure, ws.FromPurpose} {
			if x < 0 || x > big {
				return nil, fmt.Errorf("seat %d: a count out of range", p)
			}
		}
		if ws.FromRel+ws.FromLeisure+ws.FromPurpose != ws.Fulfil {
			return nil, fmt.Errorf("seat %d: fulfilment does not add up", p)
		}
		if ws.Phase < int(phaseDraw) || ws.Phase > int(phaseDone) {
			return nil, fmt.Errorf("seat %d: bad phase", p)
		}
		if pl.hand, err = takeAll(ws.Hand); err != nil {
			return nil, err
		}
		for _, c := range []int{ws.Pick, ws.Pass} {
			if c != noCard {
				if err := take(c); err != nil {
					return nil, err
				}
			}
		}
		for _, c := range []int{ws.Shown, ws.Passed, ws.Received} {
			if err := view(c); err != nil {
				return nil, err
			}
		}
		for i, wp := range ws.Tableau {
			if err := take(wp.Card); err != nil {
				return nil, err
			}
			if wp.Side < int(Left) || wp.Side > int(Bottom) || wp.Round < 1 || wp.Round > w.Round {
				return nil, fmt.Errorf("seat %d: bad tableau card %d", p, i)
			}
			if i > 0 && wp.Round <= ws.Tableau[i-1].Round {
				return nil, fmt.Errorf("seat %d: tableau out of order", p)
			}
			syms := set.cards[wp.Card].symbols(Side(wp.Side))
			t := played{card: wp.Card, side: Side(wp.Side), round: wp.Round, syms: syms}
			if len(wp.Sunset) != len(syms) || len(wp.Stacks) != len(syms) {
				return nil, fmt.Errorf("seat %d: tableau card %d does not match its side", p, i)
			}
			if len(syms) > 0 {
				t.sunset, t.stacks = wp.Sunset, wp.Stacks
			}
			for j, sym := range syms {
				st := wp.Stacks[j]
				if st < 0 || st > big || (sym != Wealth || wp.Sunset[j]) && st != 0 ||
					sym == Wealth && !wp.Sunset[j] && st == 0 ||
					wp.Sunset[j] && sym != Wealth && sym != Relationship {
					return nil, fmt.Errorf("seat %d: bad investment or sunset on tableau card %d", p, i)
				}
			}
			pl.tableau = append(pl.tableau, t)
		}
		s.ps = append(s.ps, pl)
	}
	for c := range n {
		if !seen[c] {
			return nil, fmt.Errorf("card %d is missing", c)
		}
	}
	if err := s.checkPhases(); err != nil {
		return nil, err
	}
	return s, nil
}

// checkPhases verifies that every seat's phase fits the step and what it
// holds, so that Legal always offers an active seat a choice.
func (s *state) checkPhases() error {
	inGame := s.inGame()
	if (s.step == stepOver) != (inGame == 0) {
		return errors.New("the game should be over, or should not be")
	}
	if s.step != stepOver && len(s.Active()) == 0 {
		return errors.New("a running step with nobody to act")
	}
	for p := range s.ps {
		pl := &s.ps[p]
		if pl.out {
			if pl.phase != phaseDone || pl.pick != noCard || pl.pass != noCard {
				return fmt.Errorf("seat %d is out but acting", p)
			}
			continue
		}
		var ok bool
		switch s.step {
		case stepSelect:
			ok = pl.pass == noCard && pl.shown == noCard &&
				(pl.phase == phaseDraw && pl.pick == noCard ||
					pl.phase == phasePick && pl.pick == noCard && len(pl.hand) > 0 ||
					pl.phase == phaseDone)
		case stepPlay:
			ok = pl.phase == phasePlay && pl.pick != noCard && pl.pass == noCard && !pl.discarded ||
				pl.phase == phasePass && pl.pick == noCard && pl.pass == noCard && len(pl.hand) > 0 && inGame > 1 ||
				pl.phase == phaseDone && pl.pick == noCard
			if pl.pick != noCard && pl.shown != pl.pick {
				ok = false
			}
		}
		if pl.phase == phaseDraw && pl.extra {
			ok = false
		}
		if !ok {
			return fmt.Errorf("seat %d: phase %d does not fit the step", p, pl.phase)
		}
	}
	return nil
}

package life

import (
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// cardScore2 is what one card on the table scores, in half points, for a
// seat that chose suit: its value, double in the chosen suit, negative
// for spades, and half of that for a seat that chose spades (rulings 20
// and 23).
func cardScore2(id int, chosen Suit) int {
	c := cards[id]
	v := c.Value()
	switch {
	case c.Suit == Spades && chosen == Spades:
		return -v
	case c.Suit == Spades:
		return -2 * v
	case c.Suit == chosen:
		return 4 * v
	}
	return 2 * v
}

// tableScore2 is what seat p's face-up and face-down cards score now.
func (s *state) tableScore2(p int) int {
	n := 0
	for _, id := range s.up[p] {
		n += cardScore2(id, s.suit[p])
	}
	for _, id := range s.bank[p] {
		n += cardScore2(id, s.suit[p])
	}
	return n
}

// endHand scores the table, ends the match when a seat alone leads at or
// above the target (ruling 22) and otherwise starts the next hand, dealt
// by the seat left of the last dealer (ruling 5).
func (s *state) endHand(l *log) {
	parts := make([]string, s.seats)
	for p := range s.seats {
		hs := s.tableScore2(p)
		s.total2[p] += hs
		s.history[p] = append(s.history[p], hs)
		for _, row := range [][]int{s.up[p], s.bank[p]} {
			for _, id := range row {
				s.banked[p][cards[id].Suit] += cards[id].Value()
			}
		}
		parts[p] = ref(games.Seat(p)) + " " + signedHalf(hs) + " (" + halfText(s.total2[p]) + ")"
	}
	l.say("hand_scores", "hand", s.handNo, "scores", strings.Join(parts, ", "))
	s.turned, s.chain, s.blind = noCard, false, nil
	leaders := s.leaders()
	switch {
	case s.total2[leaders[0]] < 2*s.rules.target:
	case len(leaders) == 1:
		s.phase = phaseOver
		l.say("game_over", "who", ref(leaders[0]), "total", halfText(s.total2[leaders[0]]))
		return
	default:
		refs := make([]string, len(leaders))
		for i, p := range leaders {
			refs[i] = ref(p)
		}
		l.say("tied", "who", i18n.List(refs...), "total", halfText(s.total2[leaders[0]]))
	}
	s.dealer = s.left(s.dealer)
	s.newHand()
}

// leaders lists the seats with the highest total.
func (s *state) leaders() []games.Seat {
	best := s.total2[0]
	for _, t := range s.total2 {
		best = max(best, t)
	}
	var out []games.Seat
	for p, t := range s.total2 {
		if t == best {
			out = append(out, games.Seat(p))
		}
	}
	return out
}

// halfText writes a score kept in half points: "47½", "−3½", "0".
func halfText(n2 int) string {
	sign := ""
	if n2 < 0 {
		sign, n2 = "−", -n2
	}
	text := strconv.Itoa(n2 / 2)
	if n2%2 == 1 {
		if n2 == 1 {
			text = ""
		}
		text += "½"
	}
	return sign + text
}

// signedHalf is halfText with a plus sign on gains: "+24", "−3½".
func signedHalf(n2 int) string {
	if n2 > 0 {
		return "+" + halfText(n2)
	}
	return halfText(n2)
}

// Result implements games.State. Scores are the totals rounded down to
// whole points, ranked by the exact half points; Shown writes the halves.
func (s *state) Result() games.Result {
	r := games.Result{
		Over:   s.phase == phaseOver,
		Scores: make([]int, s.seats),
		Detail: make([]string, s.seats),
		Shown:  make([]string, s.seats),
	}
	for p, t := range s.total2 {
		r.Scores[p] = t >> 1 // floor, also for negative totals
		r.Shown[p] = halfText(t)
		if len(s.history[p]) == 0 {
			r.Detail[p] = i18n.Msg("life.result.none")
			continue
		}
		hands := make([]string, len(s.history[p]))
		for i, h := range s.history[p] {
			hands[i] = signedHalf(h)
		}
		r.Detail[p] = i18n.Msg("life.result.hands", "scores", strings.Join(hands, " "))
	}
	r.Rank = games.RankByScore(s.total2)
	return r
}

// fortune reads one seat's banked cards as a fortune (ruling 25): hearts
// are romance, diamonds money, clubs friendship and spades bad luck.
func fortune(banked [4]int) string {
	good := banked[Hearts] + banked[Diamonds] + banked[Clubs]
	if good+banked[Spades] == 0 {
		return i18n.Msg("life.fortune.blank")
	}
	top := Hearts
	for _, su := range []Suit{Diamonds, Clubs} {
		if banked[su] > banked[top] {
			top = su
		}
	}
	ahead := "life.fortune.ahead." + suitKeys[top]
	if good == 0 {
		ahead = "life.fortune.ahead.none"
	}
	var luck string
	switch spades := banked[Spades]; {
	case spades == 0:
		luck = "life.fortune.luck.none"
	case 3*spades < good:
		luck = "life.fortune.luck.cloud"
	case spades < good:
		luck = "life.fortune.luck.storm"
	default:
		luck = "life.fortune.luck.close"
	}
	tally := i18n.Msg("life.fortune.tally", "romance", banked[Hearts], "money", banked[Diamonds],
		"friendship", banked[Clubs], "bad_luck", banked[Spades])
	return i18n.Msg("life.fortune.reading", "tally", tally, "ahead", i18n.Msg(ahead), "luck", i18n.Msg(luck))
}

package alife

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
)

// phaseTarget is RULINGS 3.2's table for one phase, with the slack each
// figure is allowed.
type phaseTarget struct {
	cards          int
	baseSymbols    float64 // average symbols in a base area
	lifeShare      float64 // share of base symbols that are life symbols
	needMin        int     // development requirement: sum of thresholds
	needMax        int
	moneyCostShare [2]float64 // cards with a money cost, min and max share
	moneyGainShare float64    // cards whose base or development gives money
	devRatio       float64    // development value ÷ base value
}

var phaseTargets = [5]phaseTarget{
	{46, 1.5, 0.70, 1, 2, [2]float64{0, 0.05}, 0.10, 1.5},
	{46, 2, 0.60, 2, 4, [2]float64{0.15, 0.25}, 0.30, 1.7},
	{46, 2, 0.50, 3, 6, [2]float64{0.25, 0.35}, 0.35, 1.8},
	{45, 2.5, 0.40, 4, 8, [2]float64{0.30, 0.40}, 0.25, 2},
	{43, 2.5, 0.30, 5, 10, [2]float64{0.30, 0.40}, 0.10, 2.2},
}

// symbols counts an area's scoring and life symbols.
func (a Area) symbols() (scoring, life int) {
	for r := range numResources {
		scoring += a.Scoring[r]
		life += a.Life[r]
	}
	return scoring, life
}

// value weighs an area for the development ratio: a symbol, a money, a
// card drawn count 1 each, a baby 2; a lost symbol −1, a lost heart −3.
func (a Area) value() float64 {
	s, l := a.symbols()
	lost := 0
	for _, n := range a.Lose {
		lost += n
	}
	return float64(s+l+a.Money+a.Draw+2*a.Babies-lost) - 3*float64(a.Hearts)
}

// need is the sum of a cost option's thresholds.
func (c Cost) need() int {
	n := 0
	for _, v := range c.Need {
		n += v
	}
	return n
}

func cardsOf(phase int) []Card {
	var out []Card
	for _, c := range deck {
		if c.Phase == phase {
			out = append(out, c)
		}
	}
	return out
}

// byPhase lists a per-phase count for phases 1–5.
func byPhase(m map[int]int) []int {
	out := make([]int, numPhases)
	for p := range out {
		out[p] = m[p+1]
	}
	return out
}

// TestPhaseTargets checks each phase against RULINGS 3.2's table.
func TestPhaseTargets(t *testing.T) {
	for p, want := range phaseTargets {
		phase := p + 1
		t.Run(fmt.Sprintf("phase%d", phase), func(t *testing.T) {
			cards := cardsOf(phase)
			if len(cards) != want.cards {
				t.Fatalf("%d cards, want %d", len(cards), want.cards)
			}
			n := float64(len(cards))
			var sym, life, moneyCost, moneyGain int
			var base, dev float64
			for _, c := range cards {
				s, l := c.Base.symbols()
				sym += s + l
				life += l
				base += c.Base.value()
				dev += c.Dev.value()
				paysMoney := false
				for _, cost := range c.Costs {
					// An option that also pays may ask less than the
					// phase's requirement, even nothing; none asks more.
					k := cost.need()
					pays := cost.Money+cost.Discard+cost.Hearts > 0
					if k > want.needMax || !pays && k < want.needMin {
						t.Errorf("%q: a cost option requires %d in all, want %d–%d", c.Title, k, want.needMin, want.needMax)
					}
					paysMoney = paysMoney || cost.Money > 0
				}
				if paysMoney {
					moneyCost++
				}
				if c.Base.Money > 0 || c.Dev.Money > 0 {
					moneyGain++
				}
			}
			if avg := float64(sym) / n; math.Abs(avg-want.baseSymbols) > 0.25 {
				t.Errorf("base areas hold %.2f symbols on average, want %.1f ± 0.25", avg, want.baseSymbols)
			}
			if share := float64(life) / float64(sym); math.Abs(share-want.lifeShare) > 0.07 {
				t.Errorf("%.0f%% of base symbols are life symbols, want %.0f%% ± 7", 100*share, 100*want.lifeShare)
			}
			if share := float64(moneyCost) / n; share < want.moneyCostShare[0] || share > want.moneyCostShare[1]+1e-9 {
				t.Errorf("%.0f%% of cards cost money, want %.0f–%.0f%%", 100*share, 100*want.moneyCostShare[0], 100*want.moneyCostShare[1])
			}
			if share := float64(moneyGain) / n; math.Abs(share-want.moneyGainShare) > 0.07 {
				t.Errorf("%.0f%% of cards give money, want %.0f%% ± 7", 100*share, 100*want.moneyGainShare)
			}
			if ratio := dev / base; math.Abs(ratio-want.devRatio) > 0.2 {
				t.Errorf("development areas are worth %.2f× the base areas, want %.1f ± 0.2", ratio, want.devRatio)
			}
			t.Logf("%d cards; %.2f base symbols (want %.1f), %.0f%% life (want %.0f%%), %.0f%% cost money (want %.0f–%.0f%%), %.0f%% give money (want %.0f%%), development %.2f× base (want %.1f)",
				len(cards), float64(sym)/n, want.baseSymbols, 100*float64(life)/float64(sym), 100*want.lifeShare,
				100*float64(moneyCost)/n, 100*want.moneyCostShare[0], 100*want.moneyCostShare[1],
				100*float64(moneyGain)/n, 100*want.moneyGainShare, dev/base, want.devRatio)
		})
	}
}

// TestDeckWideShares checks the shares RULINGS 3.2 sets across the deck.
func TestDeckWideShares(t *testing.T) {
	n := float64(len(deck))
	var draw, discard, slash, loses int
	heartLoss := map[int]int{}
	heartCost := map[int]int{}
	babies := map[int]int{}
	for _, c := range deck {
		if c.Base.Draw > 0 || c.Dev.Draw > 0 {
			draw++
		}
		if len(c.Costs) == 2 {
			slash++
		}
		for _, cost := range c.Costs {
			if cost.Discard > 0 {
				discard++
				break
			}
		}
		for _, cost := range c.Costs {
			if cost.Hearts > 0 {
				heartCost[c.Phase]++
				break
			}
		}
		lost := 0
		for r := range numResources {
			lost += c.Base.Lose[r] + c.Dev.Lose[r]
		}
		if lost > 0 {
			loses++
		}
		if c.Base.Hearts > 0 {
			heartLoss[c.Phase]++
		}
		if c.Dev.Hearts > 0 {
			t.Errorf("%q: a development area takes a heart; hearts are lost in base areas or paid as costs", c.Title)
		}
		if c.Base.Babies+c.Dev.Babies > 0 {
			babies[c.Phase]++
		}
	}
	for _, s := range []struct {
		name      string
		got, want float64
	}{
		{"cards that draw", float64(draw) / n, 0.10},
		{"cards with a discard cost", float64(discard) / n, 0.10},
		{"cards with a slash cost", float64(slash) / n, 0.20},
		{"cards with a life-symbol loss", float64(loses) / n, 0.05},
	} {
		if math.Abs(s.got-s.want) > 0.03 {
			t.Errorf("%s: %.1f%%, want %.0f%% ± 3", s.name, 100*s.got, 100*s.want)
		}
		t.Logf("%s: %.1f%% (want %.0f%% ± 3)", s.name, 100*s.got, 100*s.want)
	}
	t.Logf("by phase 1–5: base areas taking a heart %v, costs in hearts %v, cards with a baby symbol %v",
		byPhase(heartLoss), byPhase(heartCost), byPhase(babies))
	for phase := 1; phase <= 5; phase++ {
		if phase < 3 && heartLoss[phase] > 0 || heartLoss[phase] > 2 {
			t.Errorf("phase %d: %d base areas take a heart, want none before phase 3 and at most 2 after", phase, heartLoss[phase])
		}
		if phase < 4 && heartCost[phase] > 0 || heartCost[phase] > 4 {
			t.Errorf("phase %d: %d cards cost a heart, want none before phase 4 and at most 4 after", phase, heartCost[phase])
		}
	}
	for phase, want := range map[int]int{1: 0, 2: 2, 3: 8, 4: 4, 5: 0} {
		if got := babies[phase]; got < want-1 || got > want+1 || want == 0 && got > 0 {
			t.Errorf("phase %d: %d cards with a baby symbol, want about %d", phase, got, want)
		}
	}
}

// TestSymbolBalance: the five scoring-common types appear colourless about
// three times as often as coloured, the five life-common types the
// reverse, and every type's weight is within 15% of the mean.
func TestSymbolBalance(t *testing.T) {
	var scoring, life [numResources]int
	for _, c := range deck {
		for _, a := range []Area{c.Base, c.Dev} {
			for r := range numResources {
				scoring[r] += a.Scoring[r]
				life[r] += a.Life[r]
			}
		}
	}
	total := 0
	for r := range numResources {
		total += scoring[r] + life[r]
	}
	mean := float64(total) / float64(numResources)
	for r := range numResources {
		res := Resource(r)
		w := float64(scoring[r] + life[r])
		if math.Abs(w-mean)/mean > 0.15 {
			t.Errorf("%s appears %v times, want within 15%% of %.0f", res, w, mean)
		}
		common, rare := scoring[r], life[r]
		if res >= Strength {
			common, rare = life[r], scoring[r]
		}
		if ratio := float64(common) / math.Max(1, float64(rare)); ratio < 2.2 || ratio > 4 {
			t.Errorf("%s: %d scoring and %d life symbols, want about 3 to 1 the common way", res, scoring[r], life[r])
		}
		t.Logf("%-13s %3d symbols (%+.0f%% from the mean %.0f): %d scoring, %d life", res, scoring[r]+life[r], 100*(w-mean)/mean, mean, scoring[r], life[r])
	}
}

// TestCardTexts: every card has its own title and a flavour line of its
// own, short enough for a card image.
func TestCardTexts(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range deck {
		for _, s := range []string{c.Title, c.Flavour} {
			key := strings.ToLower(s)
			if s == "" || seen[key] {
				t.Errorf("card %d: %q is empty or used twice", c.ID, s)
			}
			seen[key] = true
		}
		if n := utf8.RuneCountInString(c.Title); n > 32 {
			t.Errorf("%q: title of %d characters, want at most 32", c.Title, n)
		}
		if n := utf8.RuneCountInString(c.Flavour); n > 90 {
			t.Errorf("%q: flavour of %d characters, want at most 90", c.Title, n)
		}
		if len(c.Costs) == 0 {
			t.Errorf("%q has no development cost", c.Title)
		}
	}
}

// TestBabyCards: twelve cards of three scoring symbols, two of one type
// and one of another; each scoring-common type five times, each
// life-common type two or three times; no two alike.
func TestBabyCards(t *testing.T) {
	if len(babyCards) != 12 {
		t.Fatalf("%d baby cards, want 12", len(babyCards))
	}
	var count [numResources]int
	seen := map[[numResources]int]bool{}
	for _, raw := range babyCards {
		a, err := parseArea(raw)
		if err != nil {
			t.Fatal(err)
		}
		s, l := a.symbols()
		if s != 3 || l != 0 || a.Money+a.Draw+a.Babies+a.Hearts != 0 {
			t.Errorf("baby card %q: want three scoring symbols and nothing else", raw)
		}
		two := false
		for r := range numResources {
			count[r] += a.Scoring[r]
			two = two || a.Scoring[r] == 2
		}
		if !two {
			t.Errorf("baby card %q: want two symbols of one type", raw)
		}
		if seen[a.Scoring] {
			t.Errorf("baby card %q is there twice", raw)
		}
		seen[a.Scoring] = true
	}
	for r := range numResources {
		lo, hi := 2, 3
		if Resource(r) < Strength {
			lo, hi = 5, 5
		}
		if count[r] < lo || count[r] > hi {
			t.Errorf("%s appears %d times on baby cards, want %d–%d", Resource(r), count[r], lo, hi)
		}
	}
}

// TestLifeBoard: each phase's friendship cost and three resource spaces
// read, and the spaces grow in value as RULINGS 3.2 starts them.
func TestLifeBoard(t *testing.T) {
	want := [5]float64{1, 1.5, 2, 2.5, 3}
	for p, ph := range lifeBoard {
		if _, err := parseCosts(ph.friendship); err != nil {
			t.Errorf("phase %d friendship cost: %v", p+1, err)
		}
		sum := 0.0
		for _, raw := range ph.spaces {
			a, err := parseArea(raw)
			if err != nil {
				t.Errorf("phase %d space %q: %v", p+1, raw, err)
				continue
			}
			if p == 4 && a.Hearts != 1 {
				t.Errorf("phase 5 space %q: every phase-5 space costs one heart", raw)
			}
			sum += a.value() + 3*float64(a.Hearts)
		}
		if avg := sum / 3; math.Abs(avg-want[p]) > 0.5 {
			t.Errorf("phase %d spaces are worth %.1f on average, want about %.1f", p+1, avg, want[p])
		}
	}
}

// A game dealt from the first content version, as saved games and records
// name it, still deals from that version's cards and baby cards, names
// it, and plays to the end and reloads with it.
func TestFirstContentVersionStillPlays(t *testing.T) {
	const first = "93c6384aa28f3128"
	if currentSet().version == first {
		t.Fatal("the current content still has the first version")
	}
	st, err := Game{}.New(games.Config{Seats: 3, Seed: 5, Content: first})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	if s.Content() != first {
		t.Fatalf("dealt from %s, want %s", s.Content(), first)
	}
	for _, c := range s.set.cards {
		if c.Title == "Wedding in the rain" && c.Base.Scoring[Joy] != 1 {
			t.Fatalf("the first version's Wedding in the rain lives %+v, want its Joy that matters", c.Base)
		}
	}
	for p := range s.ps {
		if baby := strings.ReplaceAll(babyName(s.set.babies[s.ps[p].Baby]), "+", " "); !slices.Contains(firstBabyCards, baby) {
			t.Fatalf("seat %d was dealt baby %q, not one of the first version's", p, baby)
		}
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for len(s.Active()) > 0 {
		seat := s.Active()[0]
		if _, err := s.Apply(seat, policy{}.Choose(s, seat, rng)); err != nil {
			t.Fatal(err)
		}
	}
	data, back := reload(t, s)
	if again, _ := back.MarshalBinary(); back.(games.Versioned).Content() != first || !bytes.Equal(again, data) {
		t.Fatal("the finished game does not reload with its own content")
	}
}

package alife

import (
	"fmt"
	"strconv"
	"strings"
)

// Resource is one of the ten resource types. Each has a scoring track
// (colourless symbols) and a life track (coloured symbols).
type Resource int

// The first five are common as scoring symbols and rare as life symbols;
// the last five the reverse (RULINGS 3.1).
const (
	Sports Resource = iota
	Education
	Art
	Fame
	Experience
	Strength
	Knowledge
	Creativity
	Joy
	Community
	numResources
)

// resourceCodes are the two-letter codes the content tables use: upper
// case for a scoring symbol, lower case for a life symbol.
var resourceCodes = [numResources]string{"sp", "ed", "ar", "fa", "ex", "st", "kn", "cr", "jo", "co"}

var resourceNames = [numResources]string{"Sports", "Education", "Art", "Fame", "Experience", "Strength", "Knowledge", "Creativity", "Joy", "Community"}

func (r Resource) String() string {
	if r < 0 || r >= numResources {
		return "Resource(" + strconv.Itoa(int(r)) + ")"
	}
	return resourceNames[r]
}

// Area is what a base or development area gives when it is experienced.
type Area struct {
	Scoring [numResources]int // colourless symbols
	Life    [numResources]int // coloured symbols
	Money   int
	Draw    int
	// Lose lists life symbols taken away, after the gains.
	Lose   [numResources]int
	Hearts int // hearts lost
	Babies int
}

// Cost is one way to pay for a development.
type Cost struct {
	// Need holds life-track thresholds that must be shown, not spent.
	Need    [numResources]int
	Money   int
	Discard int
	Hearts  int
}

// Card is one life card.
type Card struct {
	ID      int
	Phase   int // 1–5
	Title   string
	Flavour string
	Base    Area
	// Costs holds one option, or two when the card shows a slash.
	Costs []Cost
	Dev   Area
}

// rawCard is a card as the content tables write it:
//
//	{phase, "Title", "Flavour line.", base, cost, development}
//
// An area is a list of tokens separated by spaces:
//
//	AR, 2AR    one or two scoring (colourless) Art symbols
//	ar, 2ar    one or two life (coloured) Art symbols
//	$2         two money
//	+1         draw one life card
//	-ar        lose one life Art symbol
//	-h         lose one heart
//	baby       a baby symbol
//
// A cost is one option, or two separated by " / ". An option is a list
// of tokens:
//
//	ar3        show at least 3 on the life Art track (nothing is spent)
//	$2         pay two money
//	d1         discard one hand card
//	h1         pay one heart
type rawCard struct {
	phase                           int
	title, flavour, base, cost, dev string
}

// parseArea reads an area written as above.
func parseArea(s string) (Area, error) {
	var a Area
	for _, tok := range strings.Fields(s) {
		switch {
		case tok == "baby":
			a.Babies++
		case tok == "-h":
			a.Hearts++
		case strings.HasPrefix(tok, "$"):
			n, err := strconv.Atoi(tok[1:])
			if err != nil || n < 1 {
				return a, fmt.Errorf("bad money %q", tok)
			}
			a.Money += n
		case strings.HasPrefix(tok, "+"):
			n, err := strconv.Atoi(tok[1:])
			if err != nil || n < 1 || n > 3 {
				return a, fmt.Errorf("bad draw %q", tok)
			}
			a.Draw += n
		case strings.HasPrefix(tok, "-"):
			r, ok := lifeCode(tok[1:])
			if !ok {
				return a, fmt.Errorf("bad loss %q", tok)
			}
			a.Lose[r]++
		default:
			n, code := 1, tok
			if tok[0] >= '1' && tok[0] <= '9' {
				n, code = int(tok[0]-'0'), tok[1:]
			}
			if r, ok := lifeCode(code); ok {
				a.Life[r] += n
			} else if r, ok := lifeCode(strings.ToLower(code)); ok && code == strings.ToUpper(code) {
				a.Scoring[r] += n
			} else {
				return a, fmt.Errorf("bad symbol %q", tok)
			}
		}
	}
	return a, nil
}

// parseCosts reads one cost option, or two separated by " / ".
func parseCosts(s string) ([]Cost, error) {
	var out []Cost
	for _, opt := range strings.Split(s, "/") {
		var c Cost
		toks := strings.Fields(opt)
		if len(toks) == 0 {
			return nil, fmt.Errorf("empty cost option in %q", s)
		}
		for _, tok := range toks {
			var err error
			switch {
			case strings.HasPrefix(tok, "$"):
				c.Money, err = positive(tok[1:])
			case len(tok) >= 2 && tok[0] == 'd' && tok[1] >= '0' && tok[1] <= '9':
				c.Discard, err = positive(tok[1:])
			case len(tok) >= 2 && tok[0] == 'h' && tok[1] >= '0' && tok[1] <= '9':
				c.Hearts, err = positive(tok[1:])
			case len(tok) >= 3:
				r, ok := lifeCode(tok[:2])
				if !ok {
					return nil, fmt.Errorf("bad requirement %q", tok)
				}
				c.Need[r], err = positive(tok[2:])
			default:
				err = fmt.Errorf("bad cost %q", tok)
			}
			if err != nil {
				return nil, fmt.Errorf("cost %q: %w", tok, err)
			}
		}
		out = append(out, c)
	}
	if len(out) > 2 {
		return nil, fmt.Errorf("more than two cost options in %q", s)
	}
	return out, nil
}

func positive(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a positive number", s)
	}
	return n, nil
}

// lifeCode finds a resource by its lower-case code.
func lifeCode(code string) (Resource, bool) {
	for r, c := range resourceCodes {
		if c == code {
			return Resource(r), true
		}
	}
	return 0, false
}

// parseCards turns content tables into cards, numbered in order. A
// malformed entry is a programming error, caught by any test that loads
// the package.
func parseCards(raws []rawCard) []Card {
	var out []Card
	for i, r := range raws {
		base, err := parseArea(r.base)
		if err == nil {
			var dev Area
			var costs []Cost
			if dev, err = parseArea(r.dev); err == nil {
				costs, err = parseCosts(r.cost)
			}
			if err == nil {
				out = append(out, Card{ID: i, Phase: r.phase, Title: r.title, Flavour: r.flavour, Base: base, Costs: costs, Dev: dev})
				continue
			}
		}
		panic(fmt.Sprintf("alife: card %d %q: %v", i, r.title, err))
	}
	return out
}

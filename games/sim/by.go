package sim

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
)

// Breakdown is a batch's results broken down by one kind of fact the
// game tells of its seats (games.Breakdown), such as the fate each seat
// played.
type Breakdown struct {
	Kind string
	// Fair is a seat's share of the wins if nothing but chance decided:
	// 1/Seats.
	Fair float64
	// Facts holds one row per fact seen, the most favoured first.
	Facts []FactShare
}

// FactShare sums up the seat-games holding one fact. A seat holding a
// fact several times in one game counts once. Standard errors treat each
// game as one sample of the seats in it that hold the fact, so they stay
// honest when several seats of one game hold it.
type FactShare struct {
	Fact string
	// Seats counts the seat-games holding the fact.
	Seats int
	// Win is the holders' average share of the win, a shared win split as
	// in Report.Wins; WinSE is its standard error.
	Win, WinSE float64
	// Score is the holders' average score less the mean score of their
	// table; ScoreSE is its standard error.
	Score, ScoreSE float64
}

// Edge is how far the holders' share of the win lies from a fair share,
// in percentage points; its standard error is EdgeSE.
func (f FactShare) Edge(fair float64) float64 { return 100 * (f.Win - fair) }

// EdgeSE is the standard error of Edge, in percentage points.
func (f FactShare) EdgeSE() float64 { return 100 * f.WinSE }

// factSums gathers one fact's figures game by game: totals, and the sums
// of squares and products a ratio's standard error needs.
type factSums struct {
	seats              int
	win, score         float64 // totals over seat-games
	nn, ww, ss, wn, sn float64 // sums over games of n², w², s², w·n, s·n
	// This game's seat-games holding the fact, their wins and scores.
	gameN        int
	gameW, gameS float64
	gameSeen     bool
}

func (f *factSums) closeGame() {
	if !f.gameSeen {
		return
	}
	n := float64(f.gameN)
	f.seats += f.gameN
	f.win += f.gameW
	f.score += f.gameS
	f.nn += n * n
	f.ww += f.gameW * f.gameW
	f.ss += f.gameS * f.gameS
	f.wn += f.gameW * n
	f.sn += f.gameS * n
	f.gameN, f.gameW, f.gameS, f.gameSeen = 0, 0, 0, false
}

// ratioSE is the standard error of the ratio total/seats over played
// games, from the sums of one measure (x) per game: the linearised
// variance of a ratio estimator, which counts each game as one sample.
func ratioSE(played int, seats, total, xx, xn, nn float64) float64 {
	if played < 2 || seats == 0 {
		return 0
	}
	r := total / seats
	sq := xx - 2*r*xn + r*r*nn
	g := float64(played)
	return math.Sqrt(max(0, sq)*g/(g-1)) / seats
}

// byKinds tallies a batch's breakdowns as its games finish.
type byKinds struct {
	kinds []string
	sums  []map[string]*factSums
	fair  float64
	games int
}

func newByKinds(kinds []string, seats int) *byKinds {
	b := &byKinds{kinds: kinds, fair: 1 / float64(seats)}
	for range kinds {
		b.sums = append(b.sums, map[string]*factSums{})
	}
	return b
}

// add counts one finished game, shares[seat] being each seat's share of
// the win.
func (b *byKinds) add(st games.State, res games.Result, shares []float64) error {
	bd, ok := st.(games.Breakdown)
	if !ok {
		return fmt.Errorf("the game tells no facts to break its results down by")
	}
	mean := 0.0
	for _, s := range res.Scores {
		mean += float64(s)
	}
	mean /= float64(len(res.Scores))
	offered := bd.Breakdowns()
	for k, kind := range b.kinds {
		if !slices.Contains(offered, kind) {
			return fmt.Errorf("no breakdown by %q: the game offers %s", kind, strings.Join(offered, ", "))
		}
		sums := b.sums[k]
		for seat := range res.Scores {
			facts := bd.Facts(kind, games.Seat(seat))
			for i, fact := range facts {
				if slices.Contains(facts[:i], fact) {
					continue
				}
				f := sums[fact]
				if f == nil {
					f = &factSums{}
					sums[fact] = f
				}
				f.gameSeen = true
				f.gameN++
				f.gameW += shares[seat]
				f.gameS += float64(res.Scores[seat]) - mean
			}
		}
		for _, f := range sums {
			f.closeGame()
		}
	}
	b.games++
	return nil
}

// report turns the tallies into tables, each sorted by how far its facts
// lie from a fair share, the most favoured first.
func (b *byKinds) report() []Breakdown {
	var out []Breakdown
	for k, kind := range b.kinds {
		bd := Breakdown{Kind: kind, Fair: b.fair}
		for fact, f := range b.sums[k] {
			n := float64(f.seats)
			bd.Facts = append(bd.Facts, FactShare{
				Fact: fact, Seats: f.seats,
				Win: f.win / n, WinSE: ratioSE(b.games, n, f.win, f.ww, f.wn, f.nn),
				Score: f.score / n, ScoreSE: ratioSE(b.games, n, f.score, f.ss, f.sn, f.nn),
			})
		}
		slices.SortFunc(bd.Facts, func(x, y FactShare) int {
			return cmp.Or(cmp.Compare(y.Win, x.Win), cmp.Compare(y.Score, x.Score), strings.Compare(x.Fact, y.Fact))
		})
		out = append(out, bd)
	}
	return out
}

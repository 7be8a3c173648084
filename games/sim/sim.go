// Package sim plays games headless, seat policies against each other, and
// measures them: win rates, game length and scores. It is how the games are
// tuned and how anyone can try them without Discord.
package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/lifebot/lifebot/games"
)

// Spec describes a batch of games.
type Spec struct {
	Game    games.Game
	Seats   int
	Games   int
	Seed    uint64
	Options games.Options
	// Lineup gives one policy per slot; slot k plays seat (k+g) mod Seats in
	// game g when Rotate is set, so every slot sits in every chair equally.
	Lineup []Entrant
	Rotate bool
	// MaxSteps bounds one game; a game that does not end is an error.
	MaxSteps int
	// By names kinds of facts to break the results down by; the game's
	// states must offer them (games.Breakdown).
	By []string
}

// Entrant is a named policy.
type Entrant struct {
	Name   string
	Policy games.Policy
}

// Report sums up a batch.
type Report struct {
	Games int
	// Wins counts wins per lineup slot; a shared win counts 1/k to each of k.
	Wins []float64
	// SeatWins counts wins per seat (chair), whoever sat there.
	SeatWins []float64
	// ScoreSum and Scores per lineup slot.
	ScoreSum []int
	MinScore []int
	MaxScore []int
	// Decisions is the total number of decisions over all games.
	Decisions int
	// Stats averages the measures of games whose states are Reporters, in
	// the order first reported.
	Stats []games.Stat
	// Last is the final state of the last game played, and LastSeating maps
	// its seats to lineup slots.
	Last        games.State
	LastSeating []int
	// By holds one breakdown per kind of Spec.By, in its order.
	By []Breakdown
}

// Run plays spec.Games games. Game g is seeded from spec.Seed and g, so any
// single game can be replayed alone.
func Run(spec Spec) (Report, error) {
	n := spec.Seats
	if len(spec.Lineup) != n {
		return Report{}, fmt.Errorf("lineup has %d entrants for %d seats", len(spec.Lineup), n)
	}
	if spec.MaxSteps == 0 {
		spec.MaxSteps = 100000
	}
	rep := Report{
		Wins: make([]float64, n), SeatWins: make([]float64, n),
		ScoreSum: make([]int, n), MinScore: make([]int, n), MaxScore: make([]int, n),
	}
	by := newByKinds(spec.By, n)
	for g := range spec.Games {
		seed := GameSeed(spec.Seed, g)
		st, err := spec.Game.New(games.Config{Seats: n, Options: spec.Options, Seed: seed})
		if err != nil {
			return rep, err
		}
		// slotOf[seat] is the lineup slot playing that seat.
		slotOf := make([]int, n)
		for seat := range n {
			slotOf[seat] = seat
			if spec.Rotate {
				slotOf[seat] = (seat - g%n + n) % n
			}
		}
		rng := rand.New(rand.NewPCG(seed, 0x51a))
		steps, err := Play(st, func(seat games.Seat) games.Policy { return spec.Lineup[slotOf[seat]].Policy }, rng, spec.MaxSteps)
		if err != nil {
			return rep, fmt.Errorf("game %d (seed %d): %w", g, seed, err)
		}
		rep.Decisions += steps
		res := st.Result()
		winners := res.Winners()
		for seat, score := range res.Scores {
			slot := slotOf[seat]
			rep.ScoreSum[slot] += score
			if rep.Games == 0 || score < rep.MinScore[slot] {
				rep.MinScore[slot] = score
			}
			if rep.Games == 0 || score > rep.MaxScore[slot] {
				rep.MaxScore[slot] = score
			}
		}
		shares := make([]float64, n)
		for _, w := range winners {
			shares[w] = 1 / float64(len(winners))
			rep.Wins[slotOf[w]] += shares[w]
			rep.SeatWins[w] += shares[w]
		}
		if len(spec.By) > 0 {
			if err := by.add(st, res, shares); err != nil {
				return rep, err
			}
		}
		rep.Games++
		if r, ok := st.(games.Reporter); ok {
			for _, stat := range r.Stats() {
				i := slices.IndexFunc(rep.Stats, func(s games.Stat) bool { return s.Name == stat.Name })
				if i < 0 {
					rep.Stats = append(rep.Stats, games.Stat{Name: stat.Name})
					i = len(rep.Stats) - 1
				}
				rep.Stats[i].Value += stat.Value
			}
		}
		rep.Last, rep.LastSeating = st, slotOf
	}
	for i := range rep.Stats {
		rep.Stats[i].Value /= float64(rep.Games)
	}
	if len(spec.By) > 0 {
		rep.By = by.report()
	}
	return rep, nil
}

// GameSeed derives the seed of game g of a batch.
func GameSeed(seed uint64, g int) uint64 {
	return seed*0x9e3779b97f4a7c15 + uint64(g)
}

// Play runs st to the end, asking policyOf for each seat's decisions; a
// decision with one legal choice is taken without asking. It returns the
// number of decisions taken.
func Play(st games.State, policyOf func(games.Seat) games.Policy, rng *rand.Rand, maxSteps int) (int, error) {
	for step := range maxSteps {
		active := st.Active()
		if len(active) == 0 {
			return step, nil
		}
		seat, a, forced := games.Forced(st)
		if !forced {
			seat = active[0]
			a = policyOf(seat).Choose(st, seat, rng)
		}
		if _, err := st.Apply(seat, a); err != nil {
			return step, fmt.Errorf("seat %d chose %s: %w", seat, a, err)
		}
	}
	return maxSteps, fmt.Errorf("no end after %d decisions", maxSteps)
}

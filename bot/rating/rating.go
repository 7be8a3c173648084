// Package rating estimates players' skill from the finishing order of
// free-for-all and team games.
//
// It is the Weng–Lin Bayesian approximation with the Plackett–Luce model
// (Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR
// 12, 2011, Algorithm 4), with the defaults and choices of OpenSkill. Each
// player's skill is a normal belief: Mu is the best guess and Sigma how unsure
// it is. A game's result moves every Mu towards what the order of finish
// suggests and shrinks every Sigma, by more when the result was surprising
// and for players the model knew less about.
//
// Leaderboards sort by [Rating.Ordinal], Mu − 3·Sigma, rather than by Mu: a
// newcomer who wins one game has a high Mu but a wide Sigma, and the ordinal
// ranks a player only as high as the model is almost sure (about 99.9%) their
// skill is, so a place at the top is earned by many results, not one lucky one.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is one player's skill belief: a normal distribution with mean Mu and
// standard deviation Sigma.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill figure, Mu − 3·Sigma, that leaderboards
// sort by.
func (r Rating) Ordinal() float64 {
	return r.Mu - 3*r.Sigma
}

// Model holds the parameters of the rating system.
//
// Mu and Sigma are a newcomer's rating. Beta is the spread of one game's
// performance around a player's skill. Kappa is the least factor by which one
// update may scale a variance, which keeps every Sigma positive. Tau is the
// additive dynamics: before each update every Sigma becomes
// sqrt(Sigma² + Tau²), so that skills may drift and ratings never freeze.
//
// Because of Tau, a Sigma may end an update slightly larger than it began it,
// when the game taught the model less than Tau added; that is OpenSkill's
// default behaviour (its limit_sigma option off), and it keeps long-standing
// players' ratings able to follow a change in their play.
type Model struct {
	Mu, Sigma, Beta, Kappa, Tau float64
}

// Default returns OpenSkill's default model: Mu 25, Sigma 25/3, Beta 25/6,
// Kappa 0.0001 and Tau 25/300.
func Default() Model {
	return Model{
		Mu:    25,
		Sigma: 25.0 / 3,
		Beta:  25.0 / 6,
		Kappa: 0.0001,
		Tau:   25.0 / 300,
	}
}

// New returns a newcomer's rating.
func (m Model) New() Rating {
	return Rating{Mu: m.Mu, Sigma: m.Sigma}
}

// Errors returned by [Model.Rate] and [Model.RateFreeForAll], wrapped with
// the details of the offending input.
var (
	// ErrTooFewTeams means a game had fewer than two sides.
	ErrTooFewTeams = errors.New("rating: a game needs at least two teams")
	// ErrRanks means the ranks did not give one rank per team.
	ErrRanks = errors.New("rating: need one rank per team")
	// ErrEmptyTeam means a team had no players.
	ErrEmptyTeam = errors.New("rating: a team has no players")
	// ErrInvalidRating means a Mu was not finite or a Sigma was not a
	// positive finite number.
	ErrInvalidRating = errors.New("rating: invalid rating")
	// ErrInvalidModel means a model parameter was negative or not finite,
	// or Kappa was not positive.
	ErrInvalidModel = errors.New("rating: invalid model")
)

// Rate returns the teams' ratings after a game in which team i finished with
// ranks[i]. A lower rank is better and equal ranks are a tie. A team's update
// is shared among its players in proportion to their variances. The result
// has the shape of teams; teams itself is not changed.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fmt.Errorf("%w: got %d", ErrTooFewTeams, len(teams))
	}
	if len(ranks) != len(teams) {
		return nil, fmt.Errorf("%w: %d ranks for %d teams", ErrRanks, len(ranks), len(teams))
	}
	for i, team := range teams {
		if len(team) == 0 {
			return nil, fmt.Errorf("%w: team %d", ErrEmptyTeam, i)
		}
		for j, r := range team {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
				return nil, fmt.Errorf("%w: team %d player %d has mu %v, sigma %v", ErrInvalidRating, i, j, r.Mu, r.Sigma)
			}
		}
	}

	tau2 := m.Tau * m.Tau
	k := len(teams)
	// Per team: summed skill, summed variance after dynamics, and the
	// Plackett–Luce strength exp(mu/c).
	mu := make([]float64, k)
	variance := make([]float64, k)
	strength := make([]float64, k)
	var c2 float64
	for i, team := range teams {
		for _, r := range team {
			mu[i] += r.Mu
			variance[i] += r.Sigma*r.Sigma + tau2
		}
		c2 += variance[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)

	// Only ratios of strengths matter, so they are taken relative to the
	// strongest team, which keeps exp from overflowing when Mus are large.
	top := math.Inf(-1)
	for i := range k {
		top = max(top, mu[i]/c)
	}
	for i := range k {
		strength[i] = math.Exp(mu[i]/c - top)
	}

	// sumQ[q] is the strength of everyone who did not beat team q, the
	// field q was picked from; tied[q] is A_q, how many teams share q's rank.
	sumQ := make([]float64, k)
	tied := make([]float64, k)
	for q := range k {
		for s := range k {
			if ranks[s] >= ranks[q] {
				sumQ[q] += strength[s]
			}
			if ranks[s] == ranks[q] {
				tied[q]++
			}
		}
	}

	out := make([][]Rating, k)
	for i, team := range teams {
		var omega, delta float64
		for q := range k {
			if ranks[q] > ranks[i] {
				continue
			}
			p := strength[i] / sumQ[q]
			delta += p * (1 - p) / tied[q]
			// Only team i itself counts as picked at q, not the teams tied
			// with it; otherwise a tie between equals would raise them all.
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
		}
		omega *= variance[i] / c
		// OpenSkill's default gamma, sqrt(team variance)/c, damps the
		// variance update.
		gamma := math.Sqrt(variance[i]) / c
		delta *= variance[i] / c2 * gamma

		out[i] = make([]Rating, len(team))
		for j, r := range team {
			v := r.Sigma*r.Sigma + tau2
			share := v / variance[i]
			out[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: math.Sqrt(v) * math.Sqrt(max(1-share*delta, m.Kappa)),
			}
		}
	}
	return out, nil
}

// RateFreeForAll is [Model.Rate] for a game of single players: player i
// finished with ranks[i], lower being better and equal being a tie.
func (m Model) RateFreeForAll(players []Rating, ranks []int) ([]Rating, error) {
	// Each team is a one-player window on players, which Rate only reads.
	teams := make([][]Rating, len(players))
	for i := range players {
		teams[i] = players[i : i+1 : i+1]
	}
	rated, err := m.Rate(teams, ranks)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, len(rated))
	for i, team := range rated {
		out[i] = team[0]
	}
	return out, nil
}

func (m Model) validate() error {
	for _, p := range []struct {
		name  string
		value float64
	}{{"beta", m.Beta}, {"kappa", m.Kappa}, {"tau", m.Tau}} {
		if !finite(p.value) || p.value < 0 {
			return fmt.Errorf("%w: %s is %v", ErrInvalidModel, p.name, p.value)
		}
	}
	if m.Kappa == 0 {
		return fmt.Errorf("%w: kappa must be positive so that sigma stays positive", ErrInvalidModel)
	}
	return nil
}

func finite(x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}

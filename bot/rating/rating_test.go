package rating

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// tolerance is how closely results must match published values, which are
// printed to full double precision; the sums here run in a different order
// from the published implementations', so the last few bits may differ.
const tolerance = 1e-9

// vector is one published rating update: the model, the teams before the
// game, their ranks and the teams after it.
type vector struct {
	name  string
	model Model
	teams [][]Rating
	ranks []int
	want  [][]Rating
}

// team returns n copies of r, as the published tests build their teams.
func team(n int, r Rating) []Rating {
	return slices.Repeat([]Rating{r}, n)
}

// solos returns n teams of one player each, all rated r.
func solos(n int, r Rating) [][]Rating {
	return ones(slices.Repeat([]Rating{r}, n)...)
}

// ones puts each player in a team of their own.
func ones(players ...Rating) [][]Rating {
	out := make([][]Rating, len(players))
	for i, r := range players {
		out[i] = []Rating{r}
	}
	return out
}

// openSkillJS are the Plackett–Luce vectors of openskill.js, in
// philihp/openskill.js, src/models/__tests__/plackett-luce.test.ts
// (commit 1528fe740c3335ca3812dbedcef5e75df0f1b2c4). They were made with
// Tau 0 (a 2-player game with Tau 25/300 gives a winner's Mu of 27.63539, not
// their 27.63523), from OpenSkill's default newcomer, with the teams ranked in
// the order given.
func openSkillJS() []vector {
	m := Default()
	m.Tau = 0
	r := m.New()
	return []vector{
		{
			name:  "js 2p FFA",
			model: m,
			teams: solos(2, r),
			ranks: []int{1, 2},
			want: ones(
				Rating{27.63523138347365, 8.065506316323548},
				Rating{22.36476861652635, 8.065506316323548},
			),
		},
		{
			name:  "js 3p FFA",
			model: m,
			teams: solos(3, r),
			ranks: []int{1, 2, 3},
			want: ones(
				Rating{27.868876552746237, 8.204837030780652},
				Rating{25.717219138186557, 8.057829747583874},
				Rating{21.413904309067206, 8.057829747583874},
			),
		},
		{
			name:  "js 4p FFA",
			model: m,
			teams: solos(4, r),
			ranks: []int{1, 2, 3, 4},
			want: ones(
				Rating{27.795084971874736, 8.263160757613477},
				Rating{26.552824984374855, 8.179213704945203},
				Rating{24.68943500312503, 8.083731307186588},
				Rating{20.96265504062538, 8.083731307186588},
			),
		},
		{
			name:  "js 5p FFA",
			model: m,
			teams: solos(5, r),
			ranks: []int{1, 2, 3, 4, 5},
			want: ones(
				Rating{27.666666666666668, 8.290556877154474},
				Rating{26.833333333333332, 8.240145629781066},
				Rating{25.72222222222222, 8.179996679645559},
				Rating{24.055555555555557, 8.111796013701358},
				Rating{20.72222222222222, 8.111796013701358},
			),
		},
		{
			name:  "js 3 teams of different sizes",
			model: m,
			teams: [][]Rating{team(3, r), team(1, r), team(2, r)},
			ranks: []int{1, 2, 3},
			want: [][]Rating{
				team(3, Rating{25.939870821784513, 8.247641552260456}),
				team(1, Rating{27.21366020491262, 8.274321317985242}),
				team(2, Rating{21.84646897330287, 8.213058173195341}),
			},
		},
	}
}

// openSkillPy are the Plackett–Luce vectors of openskill.py, in
// vivekjoshy/openskill.py, tests/models/data/plackettluce.json, at two
// commits whose files were generated with different random newcomers, and
// openskill.py 6.2.0's as asserted by openskill.js in
// philihp/openskill.js, src/__tests__/parity-plackett-luce.test.ts (commit
// 4bea3d2df3ccea630453abb1bd9c77c94535e89e). They were made with OpenSkill's
// default Beta, Kappa and Tau (25/300, applied before the update) and the
// file's own Mu and Sigma for newcomers. Their limit_sigma cases were rated
// with sigma limited, but no Sigma grew in them, so they are also the
// unlimited results.
//
// The ties case of commit db1e0a5 is left out: that release of openskill.py
// took every team tied with team i for team i itself in the sum for Omega,
// so tied teams all gained Mu; the paper, openskill.js and openskill.py
// before and since (061f71f and 6.2.0 below) count only team i itself.
func openSkillPy() []vector {
	var out []vector

	// Commit 061f71f61e20313435b02c14abce215bcfc054ae.
	m := Default()
	m.Mu, m.Sigma = 31.321989232514305, 11.379964801443018
	r := m.New()
	out = append(out,
		vector{
			name:  "py 061f71f normal",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r)},
			ranks: []int{1, 2},
			want: [][]Rating{
				team(1, Rating{36.48967347401391, 11.237778601372977}),
				team(2, Rating{26.154304991014694, 11.17822477763209}),
			},
		},
		vector{
			name:  "py 061f71f ranks",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r)},
			ranks: []int{2, 1},
			want: [][]Rating{
				team(1, Rating{30.19454401757094, 11.237778601372977}),
				team(2, Rating{32.44943444745767, 11.17822477763209}),
			},
		},
		vector{
			name:  "py 061f71f limit_sigma",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(3, r)},
			ranks: []int{2, 1, 3},
			want: [][]Rating{
				team(1, Rating{35.008962716922355, 11.322612945836939}),
				team(2, Rating{34.774820565754936, 11.291328826858104}),
				team(3, Rating{24.182184414865624, 11.192736898569162}),
			},
		},
		vector{
			name:  "py 061f71f ties",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(3, r)},
			ranks: []int{1, 2, 1},
			want: [][]Rating{
				team(1, Rating{33.21874815457553, 11.354896725884002}),
				team(2, Rating{30.27713112192334, 11.291328826858104}),
				team(3, Rating{30.470088421044046, 11.249240904583088}),
			},
		},
	)

	// Commit db1e0a5e0e3b9ad3513a20ff54837512d39dc106.
	m = Default()
	m.Mu, m.Sigma = 30.9227929079249, 6.478417585666653
	r = m.New()
	out = append(out,
		vector{
			name:  "py db1e0a5 normal",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r)},
			ranks: []int{1, 2},
			want: [][]Rating{
				team(1, Rating{33.969011487326654, 6.446958847986065}),
				team(2, Rating{27.876574328523148, 6.433659614219379}),
			},
		},
		vector{
			name:  "py db1e0a5 ranks",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(1, r), team(2, r)},
			ranks: []int{2, 1, 4, 3},
			want: [][]Rating{
				team(1, Rating{32.77994443000071, 6.450747134006956}),
				team(2, Rating{32.2707505138986, 6.425889055872058}),
				team(1, Rating{30.08402921805331, 6.430997477977663}),
				team(2, Rating{28.556447469746985, 6.355257645226833}),
			},
		},
		vector{
			name:  "py db1e0a5 limit_sigma",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(3, r)},
			ranks: []int{2, 1, 3},
			want: [][]Rating{
				team(1, Rating{33.20529342367193, 6.470524927271524}),
				team(2, Rating{32.98962167464573, 6.450310652727856}),
				team(3, Rating{26.573463625457038, 6.431144842504635}),
			},
		},
	)

	// openskill.py 6.2.0.
	m = Default()
	m.Mu, m.Sigma = 20.35125162611535, 8.33148112355601
	r = m.New()
	out = append(out,
		vector{
			name:  "py 6.2.0 normal",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r)},
			ranks: []int{1, 2},
			want: [][]Rating{
				team(1, Rating{23.855123082692877, 8.22447878583752}),
				team(2, Rating{16.84738016953782, 8.179571171464575}),
			},
		},
		vector{
			name:  "py 6.2.0 ranks",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(1, r), team(2, r)},
			ranks: []int{2, 1, 4, 3},
			want: [][]Rating{
				team(1, Rating{22.35555943890167, 8.265434830225024}),
				team(2, Rating{22.373451456616035, 8.258479912445537}),
				team(1, Rating{18.311159777900297, 8.219170401234347}),
				team(2, Rating{18.364835831043397, 8.112716571808326}),
			},
		},
		vector{
			name:  "py 6.2.0 limit_sigma",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(3, r)},
			ranks: []int{2, 1, 3},
			want: [][]Rating{
				team(1, Rating{22.81664991565251, 8.28331609373364}),
				team(2, Rating{22.74645120129216, 8.268148437657915}),
				team(3, Rating{15.49065376140138, 8.18959307104567}),
			},
		},
		vector{
			name:  "py 6.2.0 ties",
			model: m,
			teams: [][]Rating{team(1, r), team(2, r), team(3, r)},
			ranks: []int{1, 2, 1},
			want: [][]Rating{
				team(1, Rating{21.63766806988004, 8.310709773172306}),
				team(2, Rating{19.53956360838512, 8.268148437657915}),
				team(3, Rating{19.87652320008089, 8.237522411103104}),
			},
		},
	)

	// The same file's games between players of different ratings, at
	// OpenSkill's defaults.
	out = append(out,
		vector{
			name:  "py 6.2.0 doubles",
			model: Default(),
			teams: [][]Rating{
				{{29.182, 4.782}, {27.174, 4.922}},
				{{16.672, 6.217}, {25, 25.0 / 3}},
			},
			ranks: []int{1, 2},
			want: [][]Rating{
				{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
				{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}},
			},
		},
		vector{
			name:  "py 6.2.0 four-way free-for-all",
			model: Default(),
			teams: ones(Rating{29.182, 4.782}, Rating{27.174, 4.922}, Rating{16.672, 6.217}, Rating{25, 25.0 / 3}),
			ranks: []int{1, 2, 3, 4},
			want: ones(
				Rating{30.210227447000438, 4.765617924939384},
				Rating{27.644725221915632, 4.883479590134575},
				Rating{17.4036218889969, 6.101259408259549},
				Rating{19.21460876538932, 7.854669920480409},
			),
		},
	)
	return out
}

func TestRatePublishedVectors(t *testing.T) {
	for _, v := range append(openSkillJS(), openSkillPy()...) {
		t.Run(v.name, func(t *testing.T) {
			got, err := v.model.Rate(v.teams, v.ranks)
			if err != nil {
				t.Fatalf("Rate: %v", err)
			}
			checkTeams(t, got, v.want)
		})
	}
}

// TestRateTournament replays the sixteen doubles games of openskill.js's
// parity test with openskill.py (philihp/openskill.js,
// src/__tests__/parity-plackett-luce.test.ts, commit
// 4bea3d2df3ccea630453abb1bd9c77c94535e89e): newcomers at Mu 0, Sigma 1, with
// OpenSkill's default Beta and Tau, which are large beside that Sigma, so
// every Sigma ends above where it began.
func TestRateTournament(t *testing.T) {
	m := Default()
	m.Mu, m.Sigma = 0, 1
	games := []struct {
		a, b  [2]int
		ranks []int
	}{
		{[2]int{1, 0}, [2]int{5, 2}, []int{2, 1}},
		{[2]int{3, 1}, [2]int{6, 0}, []int{2, 1}},
		{[2]int{1, 4}, [2]int{3, 0}, []int{2, 1}},
		{[2]int{0, 7}, [2]int{1, 5}, []int{1, 2}},
		{[2]int{0, 4}, [2]int{1, 6}, []int{1, 2}},
		{[2]int{6, 1}, [2]int{3, 4}, []int{2, 1}},
		{[2]int{4, 6}, [2]int{0, 1}, []int{1, 2}},
		{[2]int{6, 2}, [2]int{7, 1}, []int{1, 2}},
		{[2]int{3, 6}, [2]int{2, 0}, []int{2, 1}},
		{[2]int{1, 3}, [2]int{0, 2}, []int{2, 1}},
		{[2]int{5, 4}, [2]int{2, 0}, []int{2, 1}},
		{[2]int{7, 4}, [2]int{0, 3}, []int{2, 1}},
		{[2]int{1, 4}, [2]int{2, 6}, []int{2, 1}},
		{[2]int{5, 4}, [2]int{1, 0}, []int{1, 2}},
		{[2]int{0, 5}, [2]int{1, 2}, []int{1, 2}},
		{[2]int{1, 6}, [2]int{7, 0}, []int{2, 1}},
	}
	players := slices.Repeat([]Rating{m.New()}, 8)
	for i, g := range games {
		out, err := m.Rate([][]Rating{
			{players[g.a[0]], players[g.a[1]]},
			{players[g.b[0]], players[g.b[1]]},
		}, g.ranks)
		if err != nil {
			t.Fatalf("game %d: Rate: %v", i, err)
		}
		players[g.a[0]], players[g.a[1]] = out[0][0], out[0][1]
		players[g.b[0]], players[g.b[1]] = out[1][0], out[1][1]
	}
	checkTeams(t, ones(players...), ones(
		Rating{0.5567026846130032, 1.034158775793176},
		Rating{-1.040809215541878, 1.0341609940620864},
		Rating{0.39069662848779696, 1.018714971172244},
		Rating{0.00418100716362646, 1.0160852090650665},
		Rating{0.004454102509053343, 1.0213323603679194},
		Rating{0.08064393443147759, 1.0134445163810648},
		Rating{0.0008019558612562538, 1.0213325142564154},
		Rating{-0.004756003021986366, 1.0107885446332125},
	))
}

func checkTeams(t *testing.T, got, want [][]Rating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("team %d: got %d players, want %d", i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if math.Abs(g.Mu-w.Mu) > tolerance || math.Abs(g.Sigma-w.Sigma) > tolerance {
				t.Errorf("team %d player %d: got %+v, want %+v", i, j, g, w)
			}
		}
	}
}

func TestRateFreeForAllMatchesRate(t *testing.T) {
	m := Default()
	players := []Rating{{30, 5}, {25, 8}, {20, 2}, {27, 6}}
	ranks := []int{3, 1, 2, 3}
	got, err := m.RateFreeForAll(players, ranks)
	if err != nil {
		t.Fatalf("RateFreeForAll: %v", err)
	}
	teams := make([][]Rating, len(players))
	for i, p := range players {
		teams[i] = []Rating{p}
	}
	want, err := m.Rate(teams, ranks)
	if err != nil {
		t.Fatalf("Rate: %v", err)
	}
	for i := range players {
		if got[i] != want[i][0] {
			t.Errorf("player %d: got %+v, want %+v", i, got[i], want[i][0])
		}
	}
}

func TestRateFreeForAllFourPlayers(t *testing.T) {
	// openskill.js's "4p FFA" vector, given in a shuffled seating: the
	// results must follow the ranks, not the order of the slice.
	m := Default()
	m.Tau = 0
	r := m.New()
	got, err := m.RateFreeForAll([]Rating{r, r, r, r}, []int{3, 1, 4, 2})
	if err != nil {
		t.Fatalf("RateFreeForAll: %v", err)
	}
	want := []Rating{
		{24.68943500312503, 8.083731307186588},
		{27.795084971874736, 8.263160757613477},
		{20.96265504062538, 8.083731307186588},
		{26.552824984374855, 8.179213704945203},
	}
	checkTeams(t, ones(got...), ones(want...))
}

func TestTwoPlayerInvariants(t *testing.T) {
	m := Default()
	m.Tau = 0
	for _, tc := range []struct {
		name           string
		winner, loser  Rating
		symmetricStart bool
	}{
		{"fresh", m.New(), m.New(), true},
		{"favourite wins", Rating{35, 4}, Rating{20, 7}, false},
		{"upset", Rating{18, 7}, Rating{33, 3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := m.RateFreeForAll([]Rating{tc.winner, tc.loser}, []int{1, 2})
			if err != nil {
				t.Fatalf("RateFreeForAll: %v", err)
			}
			w, l := got[0], got[1]
			if w.Mu <= tc.winner.Mu {
				t.Errorf("winner's mu went from %v to %v, want a rise", tc.winner.Mu, w.Mu)
			}
			if l.Mu >= tc.loser.Mu {
				t.Errorf("loser's mu went from %v to %v, want a fall", tc.loser.Mu, l.Mu)
			}
			if w.Sigma >= tc.winner.Sigma || l.Sigma >= tc.loser.Sigma {
				t.Errorf("sigmas went from %v, %v to %v, %v; want both smaller with tau 0",
					tc.winner.Sigma, tc.loser.Sigma, w.Sigma, l.Sigma)
			}
			if tc.symmetricStart {
				if gain, loss := w.Mu-tc.winner.Mu, tc.loser.Mu-l.Mu; math.Abs(gain-loss) > 1e-12 {
					t.Errorf("winner gained %v, loser lost %v; want equal", gain, loss)
				}
				if w.Sigma != l.Sigma {
					t.Errorf("sigmas %v and %v, want equal", w.Sigma, l.Sigma)
				}
			}
		})
	}
}

func TestUpsetMovesMoreThanExpectedWin(t *testing.T) {
	m := Default()
	strong, weak := Rating{33, 4}, Rating{18, 4}
	expected, err := m.RateFreeForAll([]Rating{strong, weak}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	upset, err := m.RateFreeForAll([]Rating{strong, weak}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := expected[0].Mu-strong.Mu, weak.Mu-upset[1].Mu; a >= -b {
		t.Errorf("strong player's gain on winning %v, weak player's gain on an upset %v; want the upset to move more", a, -b)
	}
}

func TestTieBetweenEqualsChangesNoMu(t *testing.T) {
	m := Default()
	r := m.New()
	got, err := m.RateFreeForAll([]Rating{r, r, r}, []int{1, 1, 1})
	if err != nil {
		t.Fatalf("RateFreeForAll: %v", err)
	}
	for i, g := range got {
		if math.Abs(g.Mu-r.Mu) > 1e-12 {
			t.Errorf("player %d: mu %v after a three-way tie of equals, want %v", i, g.Mu, r.Mu)
		}
	}
}

func TestTauCanGrowSigma(t *testing.T) {
	// A very certain player in a game that teaches little: Tau adds more
	// variance than the game removes, and no limit is applied.
	m := Default()
	m.Tau = 1
	sure := Rating{25, 0.5}
	got, err := m.RateFreeForAll([]Rating{sure, m.New()}, []int{1, 2})
	if err != nil {
		t.Fatalf("RateFreeForAll: %v", err)
	}
	if got[0].Sigma <= sure.Sigma {
		t.Errorf("sigma went from %v to %v, want growth from tau", sure.Sigma, got[0].Sigma)
	}
}

func TestRateDoesNotChangeInput(t *testing.T) {
	m := Default()
	teams := [][]Rating{{{30, 5}, {20, 3}}, {{25, 8}}}
	before := [][]Rating{slices.Clone(teams[0]), slices.Clone(teams[1])}
	if _, err := m.Rate(teams, []int{2, 1}); err != nil {
		t.Fatalf("Rate: %v", err)
	}
	for i := range teams {
		if !slices.Equal(teams[i], before[i]) {
			t.Errorf("team %d changed from %v to %v", i, before[i], teams[i])
		}
	}
}

// TestRateProperties rates random games and checks what must hold for any:
// results are valid ratings again, seating order does not matter, and with
// Tau 0 no Sigma grows.
func TestRateProperties(t *testing.T) {
	seed := uint64(20110301)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	for g := range 500 {
		m := Default()
		if g%2 == 0 {
			m.Tau = 0
		}
		k := 2 + rng.IntN(7)
		teams := make([][]Rating, k)
		ranks := make([]int, k)
		for i := range k {
			teams[i] = make([]Rating, 1+rng.IntN(3))
			for j := range teams[i] {
				teams[i][j] = Rating{Mu: rng.Float64()*60 - 10, Sigma: 0.1 + rng.Float64()*10}
			}
			ranks[i] = rng.IntN(k)
		}
		got, err := m.Rate(teams, ranks)
		if err != nil {
			t.Fatalf("game %d: Rate: %v", g, err)
		}
		for i := range got {
			for j, r := range got[i] {
				if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
					t.Fatalf("game %d team %d player %d: invalid result %+v", g, i, j, r)
				}
				if m.Tau == 0 && r.Sigma > teams[i][j].Sigma {
					t.Errorf("game %d team %d player %d: sigma grew from %v to %v with tau 0", g, i, j, teams[i][j].Sigma, r.Sigma)
				}
			}
		}

		perm := rng.Perm(k)
		shuffled := make([][]Rating, k)
		shuffledRanks := make([]int, k)
		for i, p := range perm {
			shuffled[i], shuffledRanks[i] = teams[p], ranks[p]
		}
		again, err := m.Rate(shuffled, shuffledRanks)
		if err != nil {
			t.Fatalf("game %d: Rate shuffled: %v", g, err)
		}
		for i, p := range perm {
			for j := range again[i] {
				a, b := again[i][j], got[p][j]
				if math.Abs(a.Mu-b.Mu) > 1e-9 || math.Abs(a.Sigma-b.Sigma) > 1e-9 {
					t.Errorf("game %d: team %d rated %+v seated first, %+v seated elsewhere", g, p, b, a)
				}
			}
		}
	}
}

func TestRateErrors(t *testing.T) {
	m := Default()
	r := m.New()
	noKappa := m
	noKappa.Kappa = 0
	nanBeta := m
	nanBeta.Beta = math.NaN()
	negTau := m
	negTau.Tau = -1
	for _, tc := range []struct {
		name  string
		model Model
		teams [][]Rating
		ranks []int
		want  error
	}{
		{"no teams", m, nil, nil, ErrTooFewTeams},
		{"one team", m, [][]Rating{{r, r}}, []int{1}, ErrTooFewTeams},
		{"too few ranks", m, [][]Rating{{r}, {r}, {r}}, []int{1, 2}, ErrRanks},
		{"too many ranks", m, [][]Rating{{r}, {r}}, []int{1, 2, 3}, ErrRanks},
		{"no ranks", m, [][]Rating{{r}, {r}}, nil, ErrRanks},
		{"empty team", m, [][]Rating{{r}, {}}, []int{1, 2}, ErrEmptyTeam},
		{"NaN sigma", m, [][]Rating{{r}, {{25, math.NaN()}}}, []int{1, 2}, ErrInvalidRating},
		{"zero sigma", m, [][]Rating{{{25, 0}}, {r}}, []int{1, 2}, ErrInvalidRating},
		{"negative sigma", m, [][]Rating{{r}, {r, {25, -1}}}, []int{1, 2}, ErrInvalidRating},
		{"infinite sigma", m, [][]Rating{{r}, {{25, math.Inf(1)}}}, []int{1, 2}, ErrInvalidRating},
		{"NaN mu", m, [][]Rating{{r}, {{math.NaN(), 8}}}, []int{1, 2}, ErrInvalidRating},
		{"infinite mu", m, [][]Rating{{{math.Inf(-1), 8}}, {r}}, []int{1, 2}, ErrInvalidRating},
		{"zero kappa", noKappa, [][]Rating{{r}, {r}}, []int{1, 2}, ErrInvalidModel},
		{"NaN beta", nanBeta, [][]Rating{{r}, {r}}, []int{1, 2}, ErrInvalidModel},
		{"negative tau", negTau, [][]Rating{{r}, {r}}, []int{1, 2}, ErrInvalidModel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.model.Rate(tc.teams, tc.ranks)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
			if got != nil {
				t.Errorf("got ratings %v with an error, want none", got)
			}
		})
	}
}

func TestRateFreeForAllErrors(t *testing.T) {
	m := Default()
	r := m.New()
	for _, tc := range []struct {
		name    string
		players []Rating
		ranks   []int
		want    error
	}{
		{"one player", []Rating{r}, []int{1}, ErrTooFewTeams},
		{"rank missing", []Rating{r, r}, []int{1}, ErrRanks},
		{"NaN sigma", []Rating{r, {25, math.NaN()}}, []int{1, 2}, ErrInvalidRating},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := m.RateFreeForAll(tc.players, tc.ranks); !errors.Is(err, tc.want) {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
		})
	}
}

func TestLargeMuDoesNotOverflow(t *testing.T) {
	m := Default()
	got, err := m.RateFreeForAll([]Rating{{1e5, 8}, {-1e5, 8}, {0, 8}}, []int{3, 1, 2})
	if err != nil {
		t.Fatalf("RateFreeForAll: %v", err)
	}
	for i, r := range got {
		if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
			t.Errorf("player %d: invalid result %+v", i, r)
		}
	}
	if got[1].Mu <= -1e5 {
		t.Errorf("the winner's mu went from -1e5 to %v, want a rise", got[1].Mu)
	}
}

func TestDefaultAndNew(t *testing.T) {
	m := Default()
	want := Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
	if m != want {
		t.Errorf("Default() = %+v, want %+v", m, want)
	}
	if got := m.New(); got != (Rating{25, 25.0 / 3}) {
		t.Errorf("New() = %+v, want mu 25, sigma 25/3", got)
	}
}

func TestOrdinal(t *testing.T) {
	for _, tc := range []struct {
		r    Rating
		want float64
	}{
		{Rating{25, 25.0 / 3}, 0},
		{Rating{30, 2}, 24},
		{Rating{10, 5}, -5},
	} {
		if got := tc.r.Ordinal(); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%+v.Ordinal() = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestRatingJSON(t *testing.T) {
	r := Rating{Mu: 27.5, Sigma: 6.25}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"mu":27.5,"sigma":6.25}`; got != want {
		t.Errorf("marshalled %s, want %s", got, want)
	}
	var back Rating
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back != r {
		t.Errorf("round trip gave %+v, want %+v", back, r)
	}
}

func BenchmarkRateFreeForAll4(b *testing.B) {
	m := Default()
	players := []Rating{{31, 4}, {25, 8.3}, {22, 6}, {28, 2.5}}
	ranks := []int{2, 1, 4, 3}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.RateFreeForAll(players, ranks); err != nil {
			b.Fatal(err)
		}
	}
}

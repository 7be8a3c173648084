package sim_test

import (
	"math"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/sim"
)

// lots is a game decided by its seed alone, for testing breakdowns: it is
// over before anyone moves. Seat seed%seats wins with 2 points, except
// that every fifth seed seats 0 and 1 share the win with 1 point each.
// Each seat tells its chair, and a badge: gold twice at seat 0 (a fact
// held twice counts once), none at seat 1, silver at every other seat.
type lots struct{}

func (lots) Info() games.Info { return games.Info{ID: "lots", Name: "Lots", MinSeats: 2, MaxSeats: 6} }
func (lots) New(cfg games.Config) (games.State, error) {
	return &lotsState{seats: cfg.Seats, seed: cfg.Seed}, nil
}
func (lots) Decode([]byte) (games.State, error) { return nil, nil }
func (lots) AI() games.Policy                   { return games.RandomPolicy{} }

type lotsState struct {
	seats int
	seed  uint64
}

func (s *lotsState) scores() []int {
	sc := make([]int, s.seats)
	if s.seed%5 == 0 {
		sc[0], sc[1] = 1, 1
	} else {
		sc[s.seed%uint64(s.seats)] = 2
	}
	return sc
}

func (s *lotsState) Active() []games.Seat                                  { return nil }
func (s *lotsState) Legal(games.Seat) []games.Choice                       { return nil }
func (s *lotsState) View(games.Seat) any                                   { return nil }
func (s *lotsState) Prompt() string                                        { return "" }
func (s *lotsState) MarshalBinary() ([]byte, error)                        { return nil, nil }
func (s *lotsState) Breakdowns() []string                                  { return []string{"chair", "badge"} }
func (s *lotsState) Apply(games.Seat, games.Action) ([]games.Event, error) { return nil, games.ErrOver }
func (s *lotsState) Result() games.Result {
	sc := s.scores()
	return games.Result{Over: true, Scores: sc, Rank: games.RankByScore(sc)}
}

func (s *lotsState) Facts(kind string, seat games.Seat) []string {
	switch {
	case kind == "chair":
		return []string{"seat " + string(rune('0'+seat))}
	case kind != "badge" || seat == 1:
		return nil
	case seat == 0:
		return []string{"gold", "gold"}
	}
	return []string{"silver"}
}

func lotsLineup(n int) []sim.Entrant {
	var l []sim.Entrant
	for range n {
		l = append(l, sim.Entrant{Name: "any", Policy: games.RandomPolicy{}})
	}
	return l
}

// Each fact's share of the wins, its score against the table and their
// standard errors agree with the same figures worked out seat-game by
// seat-game; the rows come most favoured first.
func TestBreakdownByFact(t *testing.T) {
	const seats, played = 4, 200
	rep, err := sim.Run(sim.Spec{Game: lots{}, Seats: seats, Games: played, Seed: 0, Lineup: lotsLineup(seats), By: []string{"chair", "badge"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.By) != 2 || rep.By[0].Kind != "chair" || rep.By[1].Kind != "badge" {
		t.Fatalf("breakdowns %+v, want chair then badge", rep.By)
	}
	// The same figures, seat-game by seat-game: a seed of 0 makes game g's
	// seed g.
	wins := map[string][]float64{}
	diffs := map[string][]float64{}
	for g := range played {
		st := &lotsState{seats: seats, seed: uint64(g)}
		res := st.Result()
		w := res.Winners()
		for seat := range seats {
			share := 0.0
			for _, x := range w {
				if int(x) == seat {
					share = 1 / float64(len(w))
				}
			}
			fact := st.Facts("chair", games.Seat(seat))[0]
			wins[fact] = append(wins[fact], share)
			diffs[fact] = append(diffs[fact], float64(res.Scores[seat])-0.5)
		}
	}
	chair := rep.By[0]
	if chair.Fair != 0.25 || len(chair.Facts) != seats {
		t.Fatalf("chair breakdown %+v, want 4 facts and a fair share of 0.25", chair)
	}
	for i, f := range chair.Facts {
		if i > 0 && f.Win > chair.Facts[i-1].Win {
			t.Errorf("%s (%.3f) follows %s (%.3f): want the most favoured first", f.Fact, f.Win, chair.Facts[i-1].Fact, chair.Facts[i-1].Win)
		}
		if f.Seats != played {
			t.Errorf("%s held by %d seat-games, want %d", f.Fact, f.Seats, played)
		}
		wantWin, wantWinSE := meanSE(wins[f.Fact])
		wantScore, wantScoreSE := meanSE(diffs[f.Fact])
		if !near(f.Win, wantWin, 1e-9) || !near(f.Score, wantScore, 1e-9) {
			t.Errorf("%s: win %.4f, score %+.4f; want %.4f, %+.4f", f.Fact, f.Win, f.Score, wantWin, wantScore)
		}
		if !near(f.WinSE, wantWinSE, 1e-9) || !near(f.ScoreSE, wantScoreSE, 1e-9) {
			t.Errorf("%s: standard errors %.5f, %.5f; want %.5f, %.5f", f.Fact, f.WinSE, f.ScoreSE, wantWinSE, wantScoreSE)
		}
		if got, want := f.Edge(chair.Fair), 100*(wantWin-0.25); !near(got, want, 1e-9) || !near(f.EdgeSE(), 100*wantWinSE, 1e-9) {
			t.Errorf("%s: edge %.2f ± %.2f points, want %.2f ± %.2f", f.Fact, got, f.EdgeSE(), want, 100*wantWinSE)
		}
	}
	// Seat 0 wins its quarter and shares every fifth game: it leads.
	if chair.Facts[0].Fact != "seat 0" {
		t.Errorf("most favoured chair %q, want seat 0", chair.Facts[0].Fact)
	}

	badge := map[string]sim.FactShare{}
	for _, f := range rep.By[1].Facts {
		badge[f.Fact] = f
	}
	if len(badge) != 2 || badge["gold"].Seats != played || badge["silver"].Seats != 2*played {
		t.Fatalf("badges %+v, want gold once a game and silver twice", rep.By[1].Facts)
	}
	if g := badge["gold"]; !near(g.Win, wantMean(wins["seat 0"]), 1e-9) {
		t.Errorf("gold wins %.4f, want seat 0's %.4f", g.Win, wantMean(wins["seat 0"]))
	}
	silver := (wantMean(wins["seat 2"]) + wantMean(wins["seat 3"])) / 2
	if s := badge["silver"]; !near(s.Win, silver, 1e-9) || s.WinSE <= 0 {
		t.Errorf("silver wins %.4f ± %.4f, want %.4f with a standard error", s.Win, s.WinSE, silver)
	}
}

// Two holders of a fact in one game are one sample, not two: silver's
// seats 2 and 3 never both win, so counting them as separate seats would
// misstate the error. Its standard error is that of the silver seats'
// mean share, game by game.
func TestBreakdownCountsAGameOnce(t *testing.T) {
	const seats, played = 4, 400
	rep, err := sim.Run(sim.Spec{Game: lots{}, Seats: seats, Games: played, Seed: 0, Lineup: lotsLineup(seats), By: []string{"badge"}})
	if err != nil {
		t.Fatal(err)
	}
	var perGame, perSeat []float64
	for g := range played {
		w := (&lotsState{seats: seats, seed: uint64(g)}).Result().Winners()
		share := [seats]float64{}
		for _, x := range w {
			share[x] = 1 / float64(len(w))
		}
		perGame = append(perGame, (share[2]+share[3])/2)
		perSeat = append(perSeat, share[2], share[3])
	}
	_, want := meanSE(perGame)
	_, naive := meanSE(perSeat)
	if near(want, naive, 1e-4) {
		t.Fatalf("the per-game error %.5f and the per-seat one %.5f agree: the test tells nothing", want, naive)
	}
	for _, f := range rep.By[0].Facts {
		if f.Fact == "silver" && !near(f.WinSE, want, 1e-9) {
			t.Errorf("silver's standard error %.5f, want %.5f, one sample per game (per seat it would be %.5f)", f.WinSE, want, naive)
		}
	}
}

func TestBreakdownRefusals(t *testing.T) {
	if _, err := sim.Run(sim.Spec{Game: lots{}, Seats: 2, Games: 3, Lineup: lotsLineup(2), By: []string{"colour"}}); err == nil ||
		!strings.Contains(err.Error(), "chair, badge") {
		t.Errorf("an unknown kind gave %v, want an error naming the kinds offered", err)
	}
	if _, err := sim.Run(sim.Spec{Game: race{}, Seats: 2, Games: 3, Lineup: lotsLineup(2), By: []string{"chair"}}); err == nil {
		t.Error("a game without facts was broken down")
	}
	rep, err := sim.Run(sim.Spec{Game: lots{}, Seats: 2, Games: 3, Lineup: lotsLineup(2)})
	if err != nil || rep.By != nil {
		t.Errorf("no kinds asked gave %+v, %v; want no breakdowns", rep.By, err)
	}
}

// meanSE is the mean of xs and its standard error from the sample
// variance.
func meanSE(xs []float64) (float64, float64) {
	m := wantMean(xs)
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	n := float64(len(xs))
	return m, math.Sqrt(ss / (n - 1) / n)
}

func wantMean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

package alife

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// said is the game's catalog with i18n's own words (how lists are
// joined), as whoever shows the game's messages holds them.
var said = func() *i18n.Catalog {
	c, err := i18n.Join(i18n.Words(), words())
	if err != nil {
		panic(err)
	}
	return c
}()

// english says the game's messages in English, as the tests read them.
var english = said.In(i18n.English)

// testSet is a small content set for rules tests, independent of the
// designed deck: per phase thirty plain cards, the last of phase 3 with
// a baby, every development costing a little life and money.
func testSet() *cardSet {
	var raws []rawCard
	codes := []string{"st", "kn", "cr", "jo", "co"}
	for ph := 1; ph <= numPhases; ph++ {
		for k := range 30 {
			code := codes[k%len(codes)]
			base := code + " SP"
			if ph == 3 && k == 29 {
				base += " baby"
			}
			raws = append(raws, rawCard{ph, fmt.Sprintf("P%d card %d", ph, k), "A test card.", base, fmt.Sprintf("%s1 / $1", code), "2AR " + code})
		}
	}
	babies := []string{"2SP ED", "2ED AR", "2AR FA", "2FA EX", "2EX SP", "2SP AR", "2ED FA", "2AR EX", "2FA SP", "2EX ED", "2ST JO", "2KN CO"}
	board := [numPhases]phaseSpaces{
		{"d1", [3]string{"jo", "$1", "+1"}},
		{"$1", [3]string{"kn cr", "$2", "co"}},
		{"$2", [3]string{"2st", "$2", "ED AR"}},
		{"$2 d1", [3]string{"2jo", "$3", "FA EX"}},
		{"$3", [3]string{"2SP -h", "3kn -h", "$3 -h"}},
	}
	return mustBuildSet(parseCards(raws), babies, board)
}

// playTest plays a game of the test set to the end with one policy.
func playTest(t testing.TB, seats int, seed uint64, pol games.Policy) *state {
	t.Helper()
	s := newState(testSet(), games.Config{Seats: seats, Seed: seed})
	rng := rand.New(rand.NewPCG(seed, 3))
	for steps := 0; len(s.Active()) > 0; steps++ {
		if steps > 5000 {
			t.Fatalf("seed %d: no end after 5000 decisions (step %s, round %d)", seed, s.step, s.round)
		}
		seat := s.Active()[0]
		a := pol.Choose(s, seat, rng)
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: step %s, seat %d, %v: %v", seed, s.step, seat, a, err)
		}
	}
	return s
}

func TestSmoke(t *testing.T) {
	for seed := range uint64(50) {
		for seats := 2; seats <= 4; seats++ {
			for _, pol := range []games.Policy{games.RandomPolicy{}, policy{}} {
				s := playTest(t, seats, seed, pol)
				if s.round != 15 && !s.allDead() {
					t.Fatalf("ended in round %d", s.round)
				}
			}
		}
	}
}

// reload saves a game and decodes the save, as the bot does between
// decisions, and returns both.
func reload(t *testing.T, s games.State) ([]byte, games.State) {
	t.Helper()
	data, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Game{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return data, back
}

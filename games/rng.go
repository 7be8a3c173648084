package games

import (
	"encoding/json"
	"math/rand/v2"
)

// RNG is the seeded generator a state carries. It is a PCG whose position
// is saved with the state, so a restored game continues the same sequence.
// The zero value is not usable; use NewRNG.
type RNG struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewRNG returns a generator seeded from seed.
func NewRNG(seed uint64) *RNG {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &RNG{pcg: pcg, r: rand.New(pcg)}
}

// IntN returns a number in [0, n).
func (g *RNG) IntN(n int) int { return g.r.IntN(n) }

// Die returns a roll of a six-sided die, 1..6.
func (g *RNG) Die() int { return g.r.IntN(6) + 1 }

// Shuffle permutes n items by Fisher–Yates through swap.
func (g *RNG) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Clone returns an independent generator at the same position.
func (g *RNG) Clone() *RNG {
	b, _ := g.pcg.MarshalBinary()
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(b); err != nil {
		panic("games: PCG state does not round-trip: " + err.Error())
	}
	return &RNG{pcg: pcg, r: rand.New(pcg)}
}

// MarshalJSON saves the generator's position.
func (g *RNG) MarshalJSON() ([]byte, error) {
	b, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a position saved by MarshalJSON.
func (g *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(b); err != nil {
		return err
	}
	g.pcg, g.r = pcg, rand.New(pcg)
	return nil
}

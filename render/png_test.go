package render

import (
	stdadler "hash/adler32"
	"math/rand/v2"
	"testing"
)

func TestAdler32(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 1000, 5552, 5553, 1 << 20} {
		for _, fill := range []string{"zeros", "ones", "random"} {
			data := make([]byte, n)
			for i := range data {
				switch fill {
				case "ones":
					data[i] = 0xFF
				case "random":
					data[i] = byte(rng.Uint32())
				}
			}
			// Written in two parts, as the encoder writes it row by row.
			a := newAdler()
			a.write(data[:n/3])
			a.write(data[n/3:])
			if got, want := a.sum(), stdadler.Checksum(data); got != want {
				t.Errorf("adler32 of %d bytes of %s = %#08x, want %#08x", n, fill, got, want)
			}
		}
	}
}

func FuzzAdler32(f *testing.F) {
	f.Add([]byte("Wikipedia"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a := newAdler()
		a.write(data)
		if got, want := a.sum(), stdadler.Checksum(data); got != want {
			t.Errorf("adler32 = %#08x, want %#08x", got, want)
		}
	})
}

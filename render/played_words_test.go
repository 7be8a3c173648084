package render

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
)

// Every word on every image of a game as it is played comes from a
// catalog: real games, played at random, are drawn in the
// pseudo-language at their start, their middle and their end (the board,
// each player's own image and each player's life where a game has one),
// and no word may be drawn in plain English.
func TestPlayedImagesDrawOnlyTheCatalogsWords(t *testing.T) {
	t.Parallel()
	names := []string{"Ada", "Ben", "Cy", "Dee"}
	for _, g := range []games.Game{thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}} {
		t.Run(g.Info().ID, func(t *testing.T) {
			t.Parallel()
			fonts := newFontSet(DefaultFallbackFonts())
			fonts.sight = new(sight)
			r := newRenderer(fonts)
			seats := max(g.Info().MinSeats, 3)
			st, err := g.New(games.Config{Seats: seats, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			draw := func(when string) {
				t.Helper()
				views := []any{st.View(games.Observer)}
				for s := range seats {
					views = append(views, st.View(games.Seat(s)))
					if insp, ok := st.(games.Inspector); ok {
						views = append(views, insp.Inspect(games.Seat(s)))
					}
				}
				for i, v := range views {
					if _, err := r.Board(v, names[:seats], i18n.Pseudo); err != nil {
						t.Fatalf("%s, image %d: %v", when, i, err)
					}
				}
			}
			rng := rand.New(rand.NewPCG(5, 6))
			draw("at the start")
			for move := 0; len(st.Active()) > 0; move++ {
				if move == 40 {
					draw("after 40 moves")
				}
				for _, seat := range st.Active() {
					if !games.IsActive(st, seat) {
						continue
					}
					if _, err := st.Apply(seat, games.RandomPolicy{}.Choose(st, seat, rng)); err != nil {
						t.Fatal(err)
					}
				}
			}
			draw("at the end")
			for _, text := range slices.Sorted(maps.Keys(fonts.sight.drawn)) {
				if w := plainWord(text, names); w != "" {
					t.Errorf("%q is drawn in plain English in %q: it did not come from a catalog", w, text)
				}
			}
		})
	}
}

// plainWord returns a word of four letters or more, all plain ASCII, in
// text outside the players' names: in the pseudo-language such a word
// skipped the catalog.
func plainWord(text string, names []string) string {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) >= 4 && !slices.Contains(names, w) && !strings.ContainsFunc(w, func(r rune) bool { return r > unicode.MaxASCII }) {
			return w
		}
	}
	return ""
}

func TestPlainWordFindsEnglish(t *testing.T) {
	for text, want := range map[string]string{"Ada plays": "plays", "Ada płáàŷŝ": "", "Bartholomew": "Bartholomew", "": ""} {
		if got := plainWord(text, []string{"Ada"}); got != want {
			t.Errorf("plainWord(%q) = %q, want %q", text, got, want)
		}
	}
}

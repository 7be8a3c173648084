package render

import (
	"bytes"
	"image/png"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games/gametest"
	"github.com/lifebot/lifebot/games/i18n"
)

// phoneWidth is how wide Discord shows an image in chat on a phone.
const phoneWidth = 400

// Every image a player sees is read in chat at a phone's width before
// anyone taps it: its smallest label must be at least 11 px tall there and
// its smallest meaningful icon 14 px. Each golden is drawn by a renderer
// of its own, so that what its kit draws once (card faces, legends) is
// seen too, and the sizes are those the renderer drew.
//
// The same holds in every language. The densest images are drawn again in
// German, whose words run longest, and in the pseudo-language, English
// made 40 % longer: no text may be smaller there, and none of the
// renderer's words may be cut short or run off the image, where English
// keeps them whole. Players' names give way to the words around them,
// and a game's name in the header to its stage, as they do in English;
// the games' own words may be cut where they are in English.
func TestEveryImageIsLegibleOnAPhone(t *testing.T) {
	t.Parallel()
	dense := denseGoldens()
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			cut := legibleIn(t, g, i18n.English)
			if !dense[g.name] {
				return
			}
			for _, lang := range []i18n.Lang{i18n.German, i18n.Pseudo} {
				for _, s := range slices.Sorted(maps.Keys(legibleIn(t, g, lang))) {
					if !cut[s] && !givesWay(g, lang, s) {
						t.Errorf("%s: %q is cut short or runs off the image", lang, s)
					}
				}
			}
		})
	}
}

// denseGoldens are the goldens with the most words in the least room,
// drawn in every language by TestEveryImageIsLegibleOnAPhone: the densest
// of each kind of image in the default run, all of them in the long run.
func denseGoldens() map[string]bool {
	dense := map[string]bool{
		"thatslife_dense6": true, "life_table_eight": true, "life_hand_seven": true,
		"lagom_table_full6": true, "lagom_hand_play": true,
		"yodo_board_hidden4": true, "yodo_hand_taken4": true, "yodo_story6": true,
		"alife_board_late4": true, "alife_hand_full4": true, "alife_life_over3": true,
	}
	if gametest.Long() {
		for _, name := range []string{
			"thatslife_long2", "thatslife_over6",
			"life_table_sealed", "life_table_over8", "life_hand_empty", "life_hand_full",
			"lagom_table_sealed6", "lagom_table_over4", "lagom_hand_pick", "lagom_hand_over",
			"alife_board_start4", "alife_board_over3", "alife_hand_child4", "alife_hand_kept4",
			"alife_life_late4",
		} {
			dense[name] = true
		}
	}
	return dense
}

// givesWay reports whether text, drawn on g in lang, may be cut short by
// design: a player's name, the name of a game, or the title of a card
// (or the words of it on a line) where a tile or a line gives it the room
// it has in every language
// (A Life's card titles run up to 40 characters in German; the card's
// face in its owner's hand and the life story give them room).
func givesWay(g golden, lang i18n.Lang, text string) bool {
	if slices.Contains(g.names, text) {
		return true
	}
	say := words().In(lang)
	return slices.ContainsFunc(words().Keys(), func(key string) bool {
		if strings.Contains(key, ".card.") && strings.HasSuffix(key, ".title") {
			// A tile breaks a title into lines, a word each at worst.
			return strings.Contains(say.T(key), strings.TrimRight(text, "·"))
		}
		return strings.HasPrefix(key, "game.") && say.T(key) == text
	})
}

// legibleIn draws g in lang with a renderer of its own and holds it to a
// phone's width; it returns the texts that did not fit.
func legibleIn(t *testing.T, g golden, lang i18n.Lang) map[string]bool {
	t.Helper()
	fonts := newFontSet(DefaultFallbackFonts())
	fonts.sight = new(sight)
	data, err := g.drawIn(newRenderer(fonts), lang)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	s := fonts.sight
	scale := phoneWidth / float64(cfg.Width)
	text, icon := s.text*scale, s.icon*scale
	t.Logf("%s: %d×%d at %d px: smallest text %.1f px (%q), smallest icon %.1f px (%s)",
		lang, cfg.Width, cfg.Height, phoneWidth, text, s.label, icon, s.iconWhat)
	if s.text == 0 {
		t.Errorf("%s: no text drawn", lang)
	} else if text < 11 {
		t.Errorf("%s: %q is drawn at %.1f px on a phone, want at least 11", lang, s.label, text)
	}
	if s.icon == 0 {
		t.Errorf("%s: no icon marked as carrying meaning: every image has some (a player's token, a suit, a fate), and each is reported with fontSet.icon", lang)
	} else if icon < 14 {
		t.Errorf("%s: the %s icon is %.1f px on a phone, want at least 14", lang, s.iconWhat, icon)
	}
	if cfg.Width > PhoneWidth {
		t.Errorf("%s: %d px wide, want at most %d", lang, cfg.Width, PhoneWidth)
	}
	if cfg.Height > 1000 {
		t.Errorf("%s: %d px tall, want at most 1000", lang, cfg.Height)
	}
	return s.cut
}

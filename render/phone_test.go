package render

import (
	"bytes"
	"image/png"
	"testing"
)

// phoneWidth is how wide Discord shows an image in chat on a phone.
const phoneWidth = 400

// Every image a player sees is read in chat at a phone's width before
// anyone taps it: its smallest label must be at least 11 px tall there and
// its smallest meaningful icon 14 px. Each golden is drawn by a renderer
// of its own, so that what its kit draws once (card faces, legends) is
// seen too, and the sizes are those the renderer drew.
func TestEveryImageIsLegibleOnAPhone(t *testing.T) {
	t.Parallel()
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			fonts := newFontSet(DefaultFallbackFonts())
			fonts.sight = new(sight)
			data, err := g.draw(newRenderer(fonts))
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
			t.Logf("%d×%d at %d px: smallest text %.1f px (%q), smallest icon %.1f px (%s)",
				cfg.Width, cfg.Height, phoneWidth, text, s.label, icon, s.iconWhat)
			if s.text == 0 {
				t.Errorf("no text drawn")
			} else if text < 11 {
				t.Errorf("%q is drawn at %.1f px on a phone, want at least 11", s.label, text)
			}
			if s.icon == 0 {
				t.Errorf("no icon marked as carrying meaning: every image has some (a player's token, a suit, a fate), and each is reported with fontSet.icon")
			} else if icon < 14 {
				t.Errorf("the %s icon is %.1f px on a phone, want at least 14", s.iconWhat, icon)
			}
			if cfg.Width > PhoneWidth {
				t.Errorf("%d px wide, want at most %d", cfg.Width, PhoneWidth)
			}
		})
	}
}

// Replays are made of the boards themselves: they must not be shrunk.
func TestReplaysKeepTheBoardsWidth(t *testing.T) {
	if defaultAnimateWidth < PhoneWidth {
		t.Errorf("replays are stored %d px wide, boards are %d", defaultAnimateWidth, PhoneWidth)
	}
}

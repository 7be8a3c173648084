package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// typedNames are names as players type them on Discord: emoji with skin
// tones, families and professions joined by zero-width joiners, flags,
// keycaps, emoji asked for by variation selector 16, every script the
// embedded fonts cover, alone and mixed, and the symbols and alphabets
// that decorate names.
var typedNames = []string{
	// Emoji.
	"😀", "Ana 😀", "🌸 Sakura 🌸", "🐉🔥", "❤️", "❤️‍🔥 Blaze", "☺️ Joy", "⭐ Star", "⚓ Anchor", "♟️ Pawn",
	"👍🏽 Sam", "👋🏿 Wave", "🧑🏻‍💻 Dev", "👩🏾‍🚀 Ada", "👨‍👩‍👧‍👦 The Lees", "👩‍❤️‍👨", "🏳️‍🌈 Pride", "🏳️‍⚧️", "🐻‍❄️ Polar", "😶‍🌫️",
	"🇯🇵 Yuki", "🇫🇷🇩🇪🇮🇹", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scot", "🏴󠁧󠁢󠁷󠁬󠁳󠁿 Cymru", "#️⃣ Hash", "1️⃣2️⃣3️⃣", "*️⃣", "👨🏻‍🤝‍👨🏿", "🫶🏼 Love", "🤌 Ciao",
	// Chinese, Japanese, Korean.
	"王小明", "李华", "张伟 Zhang", "陳大文", "さくら", "サクラ", "山田太郎", "たなか ゆうき", "김민준", "이서연",
	"박지훈 Park", "한국어 닉네임", "東京タワー", "龍之介", "ㅋㅋㅋ",
	// Arabic, Hebrew.
	"محمد", "فاطمة الزهراء", "عبد الله", "نور", "علي ٤٢", "Ali محمد 42", "שלום", "דוד כהן", "נועה", "אבי 7",
	// Devanagari, Thai.
	"देवनागरी", "नमस्ते", "प्रिया शर्मा", "क्षत्रिय", "राहुल", "สวัสดี", "สมชาย", "ภาษาไทย", "น้ำใจ", "กุ้ง",
	// Cyrillic, Greek.
	"Дмитрий", "Ольга", "Їжак", "Ελένη", "Γιώργος", "Ωμέγα",
	// Mixed.
	"Zoë 王小明 😀 Wo", "김민준 Kim 🇰🇷", "Ольга 🌻", "Νίκος 🏛️", "Omar عمر 🕌", "Noa נועה 🌊", "Raj राज 🪔", "Nok นก 🐦",
	"さくら🌸", "🎮 GamerGirl 🎮", "🍕🍕🍕",
	// Decorated.
	"★ Star ★", "♡ Mia ♡", "✿ Hana ✿", "☾ Luna ☽", "𝓕𝓪𝓷𝓬𝔂", "𝕬𝖑𝖊𝖝", "ᴀʟᴇx", "ʚ Rin ɞ", "※ Kai",
}

// manyTypedNames returns n names built from typedNames, each alone and
// joined with its neighbours, so that every pairing of scripts is met.
func manyTypedNames(n int) []string {
	names := make([]string, 0, n)
	for i := 0; len(names) < n; i++ {
		a := typedNames[i%len(typedNames)]
		if i < len(typedNames) {
			names = append(names, a)
			continue
		}
		names = append(names, a+" "+typedNames[(i*7+3)%len(typedNames)])
	}
	return names
}

// TestNamesAreDrawnAsTyped draws 200 names in emoji and many scripts with
// the embedded fonts alone and fails on any glyph they lack: a substitute
// box or an empty glyph. Cleaning must keep every visible rune, and
// drawing, measuring, fitting and wrapping must agree on widths.
func TestNamesAreDrawnAsTyped(t *testing.T) {
	t.Parallel()
	fs := newFontSet(nil)
	for _, size := range []float64{17, 26} {
		f := fs.face(Bold, size)
		for _, name := range manyTypedNames(200) {
			s := f.Clean(name)
			if s != name {
				t.Errorf("Clean(%q) = %q, want it as typed", name, s)
			}
			if l := f.layoutOf(s); f.needsLayout(s) && l.missing > 0 {
				t.Errorf("%q at %v px: %d glyphs missing", s, size, l.missing)
			}
			for _, r := range s {
				if !f.Has(r) && !clings(r) && r != zeroWidthJoiner && r != keycapMark && r != emojiPresentation {
					t.Errorf("%q at %v px: no font has %U", s, size, r)
				}
			}
			if f.missingIn(s) {
				t.Errorf("%q at %v px is drawn with a substitute box", s, size)
			}
			im, w := drawn(f, s, 800, 60, 10, 30, MiddleLeft)
			if w != f.Measure(s) {
				t.Errorf("%q: Draw advanced %.2f, Measure says %.2f", s, w, f.Measure(s))
			}
			if inkBounds(im).Empty() {
				t.Errorf("%q: nothing drawn", s)
			}
			for _, width := range []float64{30, 60, 100} {
				if got := f.Fit(s, width); got != ellipsis && f.Measure(got) > width {
					t.Errorf("Fit(%q, %.0f) = %q, %.1f px wide", s, width, got, f.Measure(got))
				}
				for _, line := range f.Wrap(s, width) {
					if f.Measure(line) > width {
						t.Errorf("Wrap(%q, %.0f) has %q, %.1f px wide", s, width, line, f.Measure(line))
					}
				}
			}
		}
	}
}

// missingIn reports whether s is drawn with a substitute box anywhere.
func (f *Face) missingIn(s string) bool {
	if f.needsLayout(s) {
		return f.layoutOf(s).missing > 0
	}
	for _, r := range s {
		if f.source(r) == nil {
			return true
		}
	}
	return false
}

// TestNamesGolden draws a sheet of typed names at three sizes, through the
// board encoder's palette, for a person to check by eye: emoji in colour,
// Arabic joined and right to left, Devanagari and Thai marks in place.
func TestNamesGolden(t *testing.T) {
	t.Parallel()
	fs := newFontSet(nil)
	names := []string{
		"Ana 😀 🌸 Sakura", "👍🏽 👋🏿 🧑🏻‍💻 👩🏾‍🚀 👨‍👩‍👧‍👦", "🇯🇵 🇫🇷 🏴󠁧󠁢󠁳󠁣󠁴󠁿 #️⃣ 1️⃣ ❤️‍🔥 🏳️‍🌈",
		"王小明 さくら 김민준", "محمد · فاطمة الزهراء", "Ali محمد 42 ok", "דוד כהן · שלום",
		"प्रिया शर्मा · क्षत्रिय", "สวัสดี · น้ำใจ", "Дмитрий Ελένη", "Omar عمر 🕌 Raj राज 🪔",
		"★ 𝓕𝓪𝓷𝓬𝔂 ♡ ᴀʟᴇx ✿ ☾",
	}
	const width = 600
	sizes := []float64{17, 22, 30}
	height := 0
	for _, size := range sizes {
		height += int(size*1.5)*len(names) + 10
	}
	im := image.NewRGBA(image.Rect(0, 0, width, height))
	FillRect(im, im.Rect, color.RGBA{0xF4, 0xEF, 0xE6, 0xFF})
	y := 0.0
	for _, size := range sizes {
		f := fs.face(Bold, size)
		for _, name := range names {
			y += size * 1.5
			f.Draw(im, f.Fit(f.Clean(name), width-20), 10, y-size*0.75, MiddleLeft, color.RGBA{0x22, 0x22, 0x2A, 0xFF})
		}
		y += 10
	}
	checkGolden(t, "names_as_typed", new(workspace).encodeBoard(nil, im))
}

// TestCleanKeepsSequencesOnly checks that Clean keeps what shapes an emoji
// or a shaped script inside its sequence and drops it elsewhere.
func TestCleanKeepsSequencesOnly(t *testing.T) {
	t.Parallel()
	f := NewFace(Regular, 20)
	for _, c := range []struct{ in, want string }{
		{"A\u200dB", "AB"},
		{"\ufe0fAna", "Ana"},
		{"x\u20e3", "x"},
		{"Ana\u200f", "Ana"},
		{"\U000e0067Ana", "Ana"},
		{"👍🏽", "👍🏽"},
		{"🏽", "🏽"},
		{"#️⃣", "#️⃣"},
		{"👨‍👩‍👧", "👨‍👩‍👧"},
		{"  Ana   😀  ", "Ana 😀"},
		{"\u0627\u0644\u200c\u0639", "\u0627\u0644\u200c\u0639"},
		{"𐤀\u200d𐤁", "𐤀"},
	} {
		if got := f.Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestEmojiSequences checks how emoji sequences are read: one image for a
// sequence Twemoji draws whole, its parts for one it does not, and text
// for a character that is text unless asked to be an emoji.
func TestEmojiSequences(t *testing.T) {
	t.Parallel()
	f := NewFace(Regular, 20)
	images := func(s string) int {
		n := 0
		for _, g := range f.layoutOf(s).glyphs {
			if g.emoji >= 0 {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		s    string
		want int
	}{
		{"👨‍👩‍👧‍👦", 1}, {"👍🏽", 1}, {"🇯🇵", 1}, {"🏴󠁧󠁢󠁳󠁣󠁴󠁿", 1}, {"#️⃣", 1}, {"❤️", 1},
		{"🐉\u200d🐉", 2}, // no such sequence: both dragons
		{"#", 0}, {"©", 0}, {"©️", 1},
		{"🇯🇯", 0}, // no such flag: its letters
	} {
		if got := images(c.s); got != c.want {
			t.Errorf("%q is drawn with %d emoji images, want %d", c.s, got, c.want)
		}
		if f.missingIn(c.s) {
			t.Errorf("%q is drawn with a substitute box", c.s)
		}
	}
}

// TestRightToLeft checks that Arabic and Hebrew are drawn right to left:
// the first letter typed is drawn rightmost, and a name mixing directions
// keeps the Latin words in place around the Arabic one.
func TestRightToLeft(t *testing.T) {
	t.Parallel()
	f := NewFace(Regular, 24)
	for _, s := range []string{"שלום", "محمد"} {
		first := string([]rune(s)[:1])
		alone, _ := drawn(f, first, 300, 40, 10, 20, MiddleLeft)
		whole, _ := drawn(f, s, 300, 40, 10, 20, MiddleLeft)
		if a, w := inkBounds(alone), inkBounds(whole); a.Dx() >= w.Dx() || w.Max.X-a.Dx() < w.Min.X+w.Dx()/3 {
			t.Errorf("%q: the first letter is not at the right end (alone %v, whole %v)", s, a, w)
		}
	}
	got := fmt.Sprint(bidiLevels([]rune("Ali محمد 42 ok")))
	if want := "[0 0 0 0 1 1 1 1 1 2 2 0 0 0]"; got != want {
		t.Errorf("levels of a mixed name: %s, want %s", got, want)
	}
	// In right-to-left text a bracket is mirrored, so that "(" still opens
	// what follows it in reading order, on its right.
	var brackets []rune
	for _, g := range f.layoutOf("(نور)").glyphs {
		if g.src != nil {
			brackets = append(brackets, g.r)
		}
	}
	if string(brackets) != "()" {
		t.Errorf("the brackets of (نور) are drawn as %q, left to right, want \"()\"", string(brackets))
	}
}

// TestEmojiColoursSurviveThePalette checks that emoji whose colours the
// board palette lacks keep their colour on average once a board is reduced
// to the palette: their pixels are mixed from palette colours rather than
// each moved to the nearest one. Skin tones come out within a few levels
// (mapped one by one, a dark one moves 26 levels); the palette's greens
// are all bluer than Twemoji's, so greens come closer (from 44 levels off
// to 17) but no closer.
func TestEmojiColoursSurviveThePalette(t *testing.T) {
	t.Parallel()
	f := NewFace(Regular, 30)
	for _, c := range []struct {
		s     string
		limit int
	}{{"👋🏿", 4}, {"👍🏾", 4}, {"🧑🏽", 4}, {"👍🏻", 4}, {"🌳", 20}, {"🍏", 20}} {
		s := c.s
		img := f.layoutOf(s).glyphs[0].emoji
		side, _ := f.emojiMetrics()
		src := emojis().decode(img)
		want := image.NewRGBA(image.Rect(0, 0, side, side))
		xdraw.CatmullRom.Scale(want, want.Rect, src, src.Bounds(), xdraw.Src, nil)
		board := image.NewRGBA(want.Rect)
		draw.Draw(board, board.Rect, f.emojiImage(img), image.Point{}, draw.Src)
		got := decode(t, new(workspace).encodeBoard(nil, board))
		var sum [2][3]int
		n := 0
		for i := 0; i < len(want.Pix); i += 4 {
			if want.Pix[i+3] != 0xFF {
				continue
			}
			n++
			for c := range 3 {
				sum[0][c] += int(want.Pix[i+c])
				sum[1][c] += int(got.Pix[i+c])
			}
		}
		for ch := range 3 {
			if d := (sum[1][ch] - sum[0][ch]) / n; d < -c.limit || d > c.limit {
				t.Errorf("%q: channel %d moves by %d levels on average through the palette, want at most %d", s, ch, d, c.limit)
			}
		}
	}
}

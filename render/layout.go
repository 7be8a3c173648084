package render

import (
	"image"
	"image/color"
	"image/draw"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/go-text/typesetting/di"
	gotext "github.com/go-text/typesetting/font"
	"golang.org/x/image/math/fixed"
)

// Text is laid out one of two ways. Text whose every rune is drawn alone
// from the Go fonts or the fallback fonts, left to right, goes rune by rune
// (Face.measure and Face.Draw): every label of a board, and most names.
// Text with emoji, with a script that must be shaped, or with a run written
// right to left is laid out whole first (layout): split into runs of one
// direction by the Unicode bidirectional algorithm, each run split into
// emoji, shaped text and single runes, the runs put in the order they are
// seen, and every glyph given its place. A Face keeps the layouts of the
// names it has drawn, so a board drawn again lays out nothing.

// needsLayout reports whether s must be laid out whole: whether some rune
// of it is not simply the next glyph to the right.
func (f *Face) needsLayout(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			for _, r := range s[i:] {
				if f.special(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// special reports whether r needs the whole layout: a rune of a shaped or
// right-to-left script, an emoji or what joins and modifies emoji, or an
// invisible formatting mark.
func (f *Face) special(r rune) bool {
	switch {
	case r < 0x0590:
		return r == 0xA9 || r == 0xAE // ©, ®: emoji with a selector
	case r <= 0x0E7F, r >= 0xFB1D && r <= 0xFEFF, r >= 0x1F000, r == keycapMark,
		unicode.Is(unicode.Cf, r), r >= 0x2000 && r <= 0x2BFF && isEmojiDefault(r):
		return true
	}
	return !f.Has(r) && emojis().has(r)
}

// placedGlyph is one glyph of a laid out text, x from the text's left edge
// and y from its baseline, down.
type placedGlyph struct {
	x, y fixed.Int26_6
	// One of: src and r, a rune drawn alone (src nil for the substitute
	// box); shaped ≥ 0 and gid, a glyph of shapedFonts()[shaped]; emoji ≥ 0,
	// an emoji image.
	src    *glyphFace
	r      rune
	shaped int
	gid    gotext.GID
	emoji  int
}

// layout is text laid out: its glyphs, left to right as drawn, its advance,
// and how many of its glyphs no font has (boxes and empty shaped glyphs).
type layout struct {
	glyphs  []placedGlyph
	width   fixed.Int26_6
	missing int
}

// maxLayouts bounds the layouts one Face keeps.
const maxLayouts = 1024

// layoutOf returns s laid out, kept for the life of the Face while there
// is room. The key kept is a copy, so that s does not escape: callers
// measure strings built on the stack (Wrap's candidate lines).
func (f *Face) layoutOf(s string) *layout {
	if l, ok := f.layouts.get(s); ok {
		return l
	}
	return f.layouts.keep(strings.Clone(s), f.lay(s))
}

// item is a piece of laid out text of one kind: an emoji sequence, a run
// of one shaped font, or one rune drawn alone. start and end index runes.
type item struct {
	start, end int
	level      uint8
	emoji      []int // emoji images, or nil
	shaped     int   // shaped font, or -1
}

// lay lays s out (see the comment at the top of the file).
func (f *Face) lay(s string) *layout {
	rs := []rune(s)
	levels := bidiLevels(rs)

	var items []item
	hasText := func(r rune) bool { return f.source(r) != nil }
	for i := 0; i < len(rs); {
		if e, ok := f.emojiAt(rs, i, hasText); ok {
			items = append(items, item{start: e.start, end: e.end, level: levels[i], emoji: e.images, shaped: -1})
			i = e.end
			continue
		}
		if sf := shapedFontOf(rs[i]); sf >= 0 {
			j := i + 1
			for j < len(rs) && levels[j] == levels[i] && joinsShaped(rs[j], sf) {
				j++
			}
			items = append(items, item{start: i, end: j, level: levels[i], shaped: sf})
			i = j
			continue
		}
		items = append(items, item{start: i, end: i + 1, level: levels[i], shaped: -1})
		i++
	}
	reorder(items)

	l := new(layout)
	var x fixed.Int26_6
	prev, prevSrc := rune(-1), (*glyphFace)(nil)
	for _, it := range items {
		switch {
		case it.emoji != nil:
			_, pad := f.emojiMetrics()
			for _, img := range it.emoji {
				l.glyphs = append(l.glyphs, placedGlyph{x: x + fixed.I(pad), shaped: -1, emoji: img})
				x += fixed.I(f.emojiAdvance())
			}
			prev = -1
		case it.shaped >= 0:
			weighted := f.shapedWeight(it.shaped)
			for _, g := range shapedFonts()[weighted].shape(rs, it.start, it.end, f.size, it.level%2 == 1) {
				if g.GlyphID == 0 {
					l.missing++
				}
				l.glyphs = append(l.glyphs, placedGlyph{x: x + g.XOffset, y: -g.YOffset, shaped: weighted, gid: g.GlyphID, emoji: -1})
				x += g.XAdvance
			}
			prev = -1
		default:
			r := rs[it.start]
			if invisible(r) {
				continue
			}
			if isRegionalIndicator(r) {
				// A flag without an image: its letter.
				r = 'A' + r - 0x1F1E6
			}
			if m, ok := mirrored[r]; ok && it.level%2 == 1 {
				r = m // rule L4: a bracket in right-to-left text faces the other way
			}
			kern, src := f.step(prev, prevSrc, r)
			if it.level%2 == 1 {
				kern = 0
			}
			x += kern
			if src == nil {
				l.missing++
			}
			l.glyphs = append(l.glyphs, placedGlyph{x: x, src: src, r: r, shaped: -1, emoji: -1})
			x += f.advance(src, r)
			prev, prevSrc = r, src
			if it.level%2 == 1 {
				prev = -1
			}
		}
	}
	l.width = x
	return l
}

// mirrored pairs the brackets that names use with their mirror images.
var mirrored = map[rune]rune{
	'(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<',
	'«': '»', '»': '«', '‹': '›', '›': '‹',
}

// joinsShaped reports whether r continues a run of shaped font sf: a rune
// of its script, or a mark, joiner or selector the shaper places with it.
func joinsShaped(r rune, sf int) bool {
	return shapedFontOf(r) == sf || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) ||
		r == zeroWidthJoiner || r == zeroWidthNonJoiner || unicode.Is(unicode.Variation_Selector, r)
}

// invisible reports whether r, met alone, is drawn as nothing: a
// formatting mark or a selector outside the sequence it would modify.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) || r == keycapMark
}

// reorder puts items laid out in reading order into the order they are
// seen, by rule L2 of the bidirectional algorithm: from the highest level
// down to the lowest odd one, every stretch of items at that level or
// higher is reversed.
func reorder(items []item) {
	var top, lowestOdd uint8 = 0, 0xFF
	for _, it := range items {
		top = max(top, it.level)
		if it.level%2 == 1 {
			lowestOdd = min(lowestOdd, it.level)
		}
	}
	for lvl := top; lvl >= lowestOdd && lvl > 0; lvl-- {
		for i := 0; i < len(items); {
			if items[i].level < lvl {
				i++
				continue
			}
			j := i
			for j < len(items) && items[j].level >= lvl {
				j++
			}
			slices.Reverse(items[i:j])
			i = j
		}
	}
}

// The bidirectional classes bidiLevels tells apart.
const (
	neutral       = iota
	leftToRight   // strong left to right: Latin, CJK, Devanagari, Thai…
	rightToLeft   // strong right to left: Hebrew
	arabicLetter  // strong right to left, and turning the digits after it Arabic
	europeanDigit // 0–9
	arabicDigit   // ٠–٩, or 0–9 after an Arabic letter
)

// bidiClass is r's class; combining marks are told apart by the caller.
func bidiClass(r rune) int {
	switch {
	case r >= '0' && r <= '9', r >= '０' && r <= '９':
		return europeanDigit
	case r >= 0x0660 && r <= 0x0669, r >= 0x06F0 && r <= 0x06F9:
		return arabicDigit
	case r == '\u200f':
		return rightToLeft
	case r == '\u200e':
		return leftToRight
	case !unicode.IsLetter(r):
		return neutral
	case unicode.In(r, unicode.Arabic, unicode.Syriac, unicode.Thaana):
		return arabicLetter
	case unicode.In(r, unicode.Hebrew, unicode.Nko, unicode.Samaritan, unicode.Mandaic):
		return rightToLeft
	}
	return leftToRight
}

// bidiLevels resolves the embedding level of each rune of a line by the
// implicit rules of the Unicode bidirectional algorithm (UAX #9), which are
// all a name needs: the paragraph takes the direction of its first strong
// letter; a mark takes the class of the rune it marks (W1); digits after an
// Arabic letter are Arabic (W2) and digits after a left-to-right letter are
// left to right (W7); neutrals between two runes of one direction take it,
// others the paragraph's (N1, N2); and levels follow (I1, I2). Explicit
// embeddings and isolates are not honoured: Clean drops them.
func bidiLevels(rs []rune) []uint8 {
	cls := make([]int, len(rs))
	var para uint8
	paraSet := false
	lastStrong := neutral
	for i, r := range rs {
		c := bidiClass(r)
		if unicode.In(r, unicode.Mn, unicode.Me) && i > 0 {
			c = cls[i-1] // W1
		}
		switch c {
		case leftToRight, rightToLeft, arabicLetter:
			if !paraSet && c != leftToRight {
				para = 1
			}
			paraSet = true
			lastStrong = c
		case europeanDigit:
			switch lastStrong {
			case arabicLetter:
				c = arabicDigit // W2
			case leftToRight:
				c = leftToRight // W7
			}
		}
		cls[i] = c
	}
	if para == 0 {
		// W7 at the start of a left-to-right paragraph.
		for i := 0; i < len(cls) && cls[i] != rightToLeft && cls[i] != arabicLetter; i++ {
			if cls[i] == europeanDigit {
				cls[i] = leftToRight
			}
		}
	}
	rtl := func(c int) bool { return c != leftToRight && c != neutral }
	paraRTL := para == 1
	levels := make([]uint8, len(rs))
	for i := 0; i < len(cls); {
		if cls[i] != neutral {
			i++
			continue
		}
		j := i
		for j < len(cls) && cls[j] == neutral {
			j++
		}
		before, after := paraRTL, paraRTL
		if i > 0 {
			before = rtl(cls[i-1])
		}
		if j < len(cls) {
			after = rtl(cls[j])
		}
		dir := leftToRight
		if before == after && before || before != after && paraRTL {
			dir = rightToLeft
		}
		for k := i; k < j; k++ {
			cls[k] = dir
		}
		i = j
	}
	for i, c := range cls {
		switch {
		case c == leftToRight:
			levels[i] = para + para%2 // 0 stays 0; 1 goes up to 2
		case c == rightToLeft || c == arabicLetter:
			levels[i] = para | 1
		default: // digits
			levels[i] = para + 1 + (1 - para%2)
		}
	}
	return levels
}

// progression is the direction of a run for the shaper.
func progression(rtl bool) di.Progression {
	if rtl {
		return di.TowardTopLeft
	}
	return di.FromTopLeft
}

// drawLayout draws l with its left edge at dotX and its baseline at dotY.
func (f *Face) drawLayout(dst *image.RGBA, l *layout, dotX fixed.Int26_6, dotY int, ink inkColour) {
	for _, g := range l.glyphs {
		at := dotX + g.x
		if g.emoji >= 0 {
			im := f.emojiImage(g.emoji)
			side, _ := f.emojiMetrics()
			top := dotY - int(f.capHeight/2+0.5) - side/2
			left := int((at + 32) >> 6)
			r := image.Rect(left, top, left+side, top+side)
			if ink.a == 0xFFFF {
				draw.Draw(dst, r, im, image.Point{}, draw.Over)
			} else {
				draw.DrawMask(dst, r, im, image.Point{}, image.NewUniform(color.Alpha16{uint16(ink.a)}), image.Point{}, draw.Over)
			}
			continue
		}
		at = (at + 8) &^ 15 // to the nearest quarter pixel
		var gl *glyph
		switch {
		case g.shaped >= 0:
			gl = f.shapedGlyph(g.shaped, g.gid, at&63)
		case g.src != nil:
			gl = g.src.glyph(g.r, at&63)
		default:
			gl = f.missing
		}
		if b := gl.mask.Rect; !b.Empty() {
			min := gl.offset.Add(image.Pt(int(at>>6), dotY+int((g.y+32)>>6)))
			ink.drawMask(dst, image.Rectangle{min, min.Add(b.Size())}, gl.mask)
		}
	}
}

// fitLaidOut is Fit for text that needs a layout: the longest prefix,
// ended between clusters, that fits with the ellipsis. Shaping can make a
// prefix wider or narrower than its part of the whole, so each candidate
// is laid out, by bisection over the clusters' ends.
func (f *Face) fitLaidOut(s string, limit fixed.Int26_6) string {
	ends := clusterEnds(s)
	cut := func(k int) string {
		if k < 0 {
			return ellipsis
		}
		return strings.TrimRightFunc(s[:ends[k]], unicode.IsSpace) + ellipsis
	}
	lo, hi := -1, len(ends)-1 // cut(lo) fits or is the ellipsis alone; cut(hi+1) does not fit
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.lay(cut(mid)).width <= limit {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cut(lo)
}

// clusterEnds returns the byte offsets in s, ascending, after which text
// may be cut without splitting what is drawn as one: a letter and its
// marks, an emoji sequence, a flag's pair of letters. The end of s is not
// among them.
func clusterEnds(s string) []int {
	var ends []int
	prev := rune(-1)
	pairOpen := false // prev is the first of a pair of regional indicators
	for i, r := range s {
		if i > 0 && !clings(r) && prev != zeroWidthJoiner && !(pairOpen && isRegionalIndicator(r)) {
			ends = append(ends, i)
		}
		pairOpen = isRegionalIndicator(r) && !pairOpen
		prev = r
	}
	return ends
}

// clings reports whether r belongs with the rune before it.
func clings(r rune) bool {
	return unicode.Is(unicode.M, r) || r == zeroWidthJoiner || r == zeroWidthNonJoiner ||
		unicode.Is(unicode.Variation_Selector, r) || isSkinTone(r) || isTag(r)
}

// bounded is a map of what a Face has worked out once, shared by every
// goroutine and holding at most limit entries; past that, new entries are
// worked out at each use. It is a map behind a lock rather than a sync.Map
// so that looking up a string or a struct allocates nothing.
type bounded[K comparable, V any] struct {
	mu    sync.RWMutex
	m     map[K]V
	limit int
}

func (b *bounded[K, V]) get(k K) (V, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	v, ok := b.m[k]
	return v, ok
}

// keep stores v under k while there is room and returns what k holds:
// v, or what another goroutine stored first.
func (b *bounded[K, V]) keep(k K, v V) V {
	b.mu.Lock()
	defer b.mu.Unlock()
	if old, ok := b.m[k]; ok {
		return old
	}
	if len(b.m) < b.limit {
		if b.m == nil {
			b.m = make(map[K]V)
		}
		b.m[k] = v
	}
	return v
}

package yodo

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Limits of the content checks (RULINGS 4.1 and the writers' brief).
const (
	maxRunes = 200 // every text, templates counted with their placeholders

	// minRGBDistance is the least Euclidean distance, in 0–255 sRGB units,
	// between two fate colours. The closest pair of the Okabe–Ito colours
	// that read on a dark board (orange #e69f00, vermillion #d55e00) sits
	// at 67; two shades of one hue (#d55e00 against #e06a10, say) sit
	// under 20. 60 lets the palette through and keeps look-alikes out.
	minRGBDistance = 60

	// minCVDDelta is the least CIELAB ΔE*76 between two fate colours as a
	// protanope, deuteranope or tritanope sees them (Machado et al. 2009,
	// full severity). Around 10 small swatches start to blur; Okabe–Ito,
	// designed for these viewers, bottoms out at 16.
	minCVDDelta = 15

	// minContrast is the WCAG 2.1 contrast ratio asked of graphical
	// objects (SC 1.4.11) against darkBoard.
	minContrast = 3.0

	// maxSamePrefix is the share of event lines (fate and forgotten lines)
	// allowed to open on "He", "His" or "Philip".
	maxSamePrefix = 0.25

	// maxJaccard is the most two prose texts may share, as the Jaccard
	// index of their lower-cased word sets, before they count as near
	// duplicates.
	maxJaccard = 0.5
)

// darkBoard is the background the fate colours must read on: the boards'
// table colour (render's table). In Discord's text a fate is its emoji, so
// its colour only ever stands on the board.
const darkBoard = "#17212b"

// Machado et al. (2009) simulation matrices at severity 1.0, applied to
// linear RGB.
var cvdMatrices = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

var (
	colourRE      = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	placeholderRE = regexp.MustCompile(`\{[^{}]*\}`)
	wordRE        = regexp.MustCompile(`[\p{L}']+`)
	lowerStartRE  = regexp.MustCompile(`[.!?…] +(\p{Ll})`) // a sentence opening in lower case
)

// text is one piece of content, named for error messages.
type text struct {
	where    string
	s        string
	template bool
	prose    bool // a sentence a reader sees on its own (not a title or template)
}

// allTexts lists every text of the content.
func allTexts() []text {
	var ts []text
	for i, f := range fates {
		ts = append(ts,
			text{where: fmt.Sprintf("fates[%d].Voice", i), s: f.Voice, prose: true},
			text{where: fmt.Sprintf("fates[%d].Epilogue", i), s: f.Epilogue, prose: true})
	}
	for i, e := range events {
		ts = append(ts, text{where: fmt.Sprintf("events[%d].Title", i), s: e.Title})
		for j, l := range e.Lines {
			ts = append(ts, text{where: fmt.Sprintf("events[%d].Lines[%d] (%s)", i, j, fates[j].Name), s: l, prose: true})
		}
		ts = append(ts, text{where: fmt.Sprintf("events[%d].Forgotten", i), s: e.Forgotten, prose: true})
	}
	ts = append(ts,
		text{where: "story.Opening", s: story.Opening, prose: true},
		text{where: "story.Closing", s: story.Closing, prose: true})
	for i, p := range story.Pairs {
		ts = append(ts, text{where: fmt.Sprintf("story.Pairs[%d]", i), s: p, template: true})
	}
	for i, p := range story.Triples {
		ts = append(ts, text{where: fmt.Sprintf("story.Triples[%d]", i), s: p, template: true})
	}
	return ts
}

func TestContent(t *testing.T) {
	t.Run("fates", testFates)
	t.Run("colours", testColours)
	t.Run("events", testEvents)
	t.Run("texts", testTexts)
	t.Run("templates", testTemplates)
	t.Run("near duplicates", testNearDuplicates)
}

func testFates(t *testing.T) {
	names := map[string]int{}
	emojis := map[string]int{}
	for i, f := range fates {
		if f.Name == "" || strings.ContainsFunc(f.Name, func(r rune) bool { return !unicode.IsLetter(r) }) {
			t.Errorf("fates[%d].Name = %q, want one word of letters", i, f.Name)
		} else if r, _ := utf8.DecodeRuneInString(f.Name); !unicode.IsUpper(r) || f.Name[1:] != strings.ToLower(f.Name[1:]) {
			t.Errorf("fates[%d].Name = %q, want capitalised (%q)", i, f.Name, strings.ToUpper(f.Name[:1])+strings.ToLower(f.Name[1:]))
		}
		if n := strings.ToLower(f.Name); n == "death" || n == "fate" {
			t.Errorf("fates[%d].Name = %q, want a name of our own, not the rulebook's", i, f.Name)
		}
		if j, ok := names[strings.ToLower(f.Name)]; ok {
			t.Errorf("fates[%d].Name = %q, want distinct, got the same as fates[%d]", i, f.Name, j)
		}
		names[strings.ToLower(f.Name)] = i

		rs := []rune(f.Emoji)
		switch {
		case len(rs) == 0:
			t.Errorf("fates[%d].Emoji is empty, want one emoji", i)
		case len(rs) > 2 || len(rs) == 2 && rs[1] != '\uFE0F':
			t.Errorf("fates[%d].Emoji = %q (%U), want one rune, optionally followed by U+FE0F", i, f.Emoji, rs)
		case !unicode.Is(unicode.So, rs[0]):
			t.Errorf("fates[%d].Emoji = %q (%U), want a symbol (category So)", i, f.Emoji, rs[0])
		}
		if j, ok := emojis[f.Emoji]; ok {
			t.Errorf("fates[%d].Emoji = %q, want distinct, got the same as fates[%d]", i, f.Emoji, j)
		}
		emojis[f.Emoji] = i
	}
}

func testColours(t *testing.T) {
	rgb := make([][3]float64, len(fates))
	for i, f := range fates {
		if !colourRE.MatchString(f.Colour) {
			t.Errorf("fates[%d].Colour = %q, want #rrggbb in lower-case hex", i, f.Colour)
			continue
		}
		rgb[i] = parseColour(f.Colour)
		if c := contrast(rgb[i], parseColour(darkBoard)); c < minContrast {
			t.Errorf("fates[%d].Colour %s on %s: got contrast %.2f, want ≥ %.1f", i, f.Colour, darkBoard, c, minContrast)
		}
	}
	if t.Failed() {
		return
	}
	for i := range fates {
		for j := i + 1; j < len(fates); j++ {
			pair := fmt.Sprintf("fates[%d].Colour %s and fates[%d].Colour %s", i, fates[i].Colour, j, fates[j].Colour)
			if d := distance(rgb[i], rgb[j]); d < minRGBDistance {
				t.Errorf("%s: got RGB distance %.1f, want ≥ %d", pair, d, minRGBDistance)
			}
			for _, cvd := range cvdMatrices {
				a, b := toLab(simulate(rgb[i], cvd.m)), toLab(simulate(rgb[j], cvd.m))
				if d := distance(a, b); d < minCVDDelta {
					t.Errorf("%s under %s: got ΔE %.1f, want ≥ %d", pair, cvd.name, d, minCVDDelta)
				}
			}
		}
	}
}

func testEvents(t *testing.T) {
	titles := map[string]int{}
	for i, e := range events {
		if n := len(strings.Fields(e.Title)); n < 1 || n > 4 {
			t.Errorf("events[%d].Title = %q: got %d words, want 1–4", i, e.Title, n)
		}
		if strings.ContainsAny(e.Title, ".!?…:;") {
			t.Errorf("events[%d].Title = %q, want no sentence punctuation", i, e.Title)
		}
		if j, ok := titles[strings.ToLower(e.Title)]; ok {
			t.Errorf("events[%d].Title = %q, want distinct, got the same as events[%d]", i, e.Title, j)
		}
		titles[strings.ToLower(e.Title)] = i
	}

	// Openings: the story reads as a list if most lines start alike.
	var total, same int
	for _, e := range events {
		for _, l := range append(e.Lines[:], e.Forgotten) {
			total++
			switch strings.ToLower(firstWord(l)) {
			case "he", "his", "philip", "philip's":
				same++
			}
		}
	}
	if got := float64(same) / float64(total); got > maxSamePrefix {
		t.Errorf("event lines opening on He/His/Philip: got %d of %d (%.0f%%), want ≤ %.0f%%", same, total, 100*got, 100*maxSamePrefix)
	}
}

func testTexts(t *testing.T) {
	seen := map[string]string{}
	for _, x := range allTexts() {
		s := x.s
		if s == "" {
			t.Errorf("%s is empty, want text", x.where)
			continue
		}
		if n := utf8.RuneCountInString(s); n > maxRunes {
			t.Errorf("%s: got %d runes, want ≤ %d", x.where, n, maxRunes)
		}
		if strings.TrimSpace(s) != s || strings.Contains(s, "  ") || strings.ContainsAny(s, "\n\t") {
			t.Errorf("%s = %q, want trimmed, on one line, single-spaced", x.where, s)
		}
		if key := strings.ToLower(s); seen[key] != "" {
			t.Errorf("%s = %q, want unique, got the same as %s", x.where, s, seen[key])
		} else {
			seen[key] = x.where
		}
		if !x.template && strings.ContainsAny(s, "{}") {
			t.Errorf("%s = %q, want no braces outside templates", x.where, s)
		}
		if x.prose || x.template {
			if !startsWell(s, x.template) {
				t.Errorf("%s = %q: got first rune %q, want a capital letter%s", x.where, s, firstRune(s), orPlaceholder(x.template))
			}
			if !endsWell(s, x.template) {
				t.Errorf("%s = %q: got last rune %q, want . ! ? or …%s", x.where, s, lastRune(s), orPlaceholder(x.template))
			}
		}
		// Third person and past tense, as far as single words tell.
		for _, w := range words(placeholderRE.ReplaceAllString(s, " ")) {
			switch w {
			case "i", "me", "my", "mine", "we", "us", "our", "you", "your":
				t.Errorf("%s = %q: got %q, want third person", x.where, s, w)
			case "is", "are", "am", "will", "isn't", "aren't", "won't":
				t.Errorf("%s = %q: got %q, want past tense", x.where, s, w)
			}
		}
	}
}

func testTemplates(t *testing.T) {
	if got := len(story.Pairs); got < 6 {
		t.Errorf("story.Pairs: got %d templates, want ≥ 6", got)
	}
	if got := len(story.Triples); got < 4 {
		t.Errorf("story.Triples: got %d templates, want ≥ 4", got)
	}
	groups := []struct {
		name      string
		templates []string
		want      []string
	}{
		{"Pairs", story.Pairs, []string{"{A}", "{B}", "{a}", "{b}"}},
		{"Triples", story.Triples, []string{"{A}", "{B}", "{C}", "{a}", "{b}", "{c}"}},
	}
	for _, g := range groups {
		for i, tpl := range g.templates {
			where := fmt.Sprintf("story.%s[%d]", g.name, i)
			for _, p := range g.want {
				if n := strings.Count(tpl, p); n != 1 {
					t.Errorf("%s = %q: got %s %d times, want once", where, tpl, p, n)
				}
			}
			for _, p := range placeholderRE.FindAllString(tpl, -1) {
				if !contains(g.want, p) {
					t.Errorf("%s = %q: got placeholder %s, want only %v", where, tpl, p, g.want)
				}
			}
			if got, want := strings.Count(tpl, "{"), len(placeholderRE.FindAllString(tpl, -1)); got != want {
				t.Errorf("%s = %q: got %d '{', want %d (one per placeholder)", where, tpl, got, want)
			}

			// Fill the template with real lines of every event, rotating
			// the fates so every line is used, and check the result reads
			// as sentences. One report per template is enough.
			for e, ev := range events {
				f := [3]int{e % 6, (e + 1) % 6, (e + 2) % 6}
				out := strings.NewReplacer(
					"{A}", ev.Lines[f[0]], "{B}", ev.Lines[f[1]], "{C}", ev.Lines[f[2]],
					"{a}", fates[f[0]].Name, "{b}", fates[f[1]].Name, "{c}", fates[f[2]].Name,
				).Replace(tpl)
				if strings.ContainsAny(out, "{}") || strings.Contains(out, "  ") ||
					strings.Contains(out, " .") || strings.Contains(out, "..") ||
					!endsWell(out, false) || lowerStartRE.MatchString(out) {
					t.Errorf("%s with events[%d]: got %q, want clean sentences", where, e, out)
					break
				}
			}
		}
	}
}

func testNearDuplicates(t *testing.T) {
	var prose []text
	for _, x := range allTexts() {
		if x.prose {
			prose = append(prose, x)
		}
	}
	openings := map[string]string{}
	for _, x := range prose {
		ws := words(x.s)
		if len(ws) >= 3 {
			key := strings.Join(ws[:3], " ")
			if w, ok := openings[key]; ok {
				t.Errorf("%s = %q: got opening %q, want one not shared with %s", x.where, x.s, key, w)
			}
			openings[key] = x.where
		}
	}
	for i, x := range prose {
		for _, y := range prose[i+1:] {
			if j := jaccard(words(x.s), words(y.s)); j > maxJaccard {
				t.Errorf("%s and %s: got word overlap %.2f, want ≤ %.2f:\n\t%q\n\t%q", x.where, y.where, j, maxJaccard, x.s, y.s)
			}
		}
	}
}

// TestContentCatchesFaults breaks one copy of the checks' inputs at a time
// and expects each to be caught, so the checks above cannot pass vacuously.
func TestContentCatchesFaults(t *testing.T) {
	long := strings.Repeat("a", maxRunes) + "."
	cases := []struct {
		name  string
		s     string
		tmpl  bool
		check func(string, bool) bool
	}{
		{"lower-case start", "he swam.", false, startsWell},
		{"no final stop", "He swam", false, endsWell},
		{"placeholder start outside a template", "{A} swam.", false, startsWell},
		{"too long", long, false, func(s string, _ bool) bool { return utf8.RuneCountInString(s) <= maxRunes }},
	}
	for _, c := range cases {
		if c.check(c.s, c.tmpl) {
			t.Errorf("%s: %q passed, want it caught", c.name, c.s)
		}
	}
	if d := distance(parseColour("#d55e00"), parseColour("#e06a10")); d >= minRGBDistance {
		t.Errorf("two vermillions: got distance %.1f, want < %d", d, minRGBDistance)
	}
	if j := jaccard(words(events[0].Lines[0]), words(strings.Replace(events[0].Lines[0], "shilling", "penny", 1))); j <= maxJaccard {
		t.Errorf("a line with one word changed: got overlap %.2f, want > %.2f", j, maxJaccard)
	}
}

func startsWell(s string, template bool) bool {
	if template && strings.HasPrefix(s, "{") {
		return true
	}
	r := firstRune(s)
	return unicode.IsUpper(r)
}

func endsWell(s string, template bool) bool {
	if template && strings.HasSuffix(s, "}") {
		return true
	}
	return strings.ContainsRune(".!?…", lastRune(s))
}

func orPlaceholder(template bool) string {
	if template {
		return " or a placeholder"
	}
	return ""
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstWord(s string) string {
	if ws := words(s); len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// words lists the lower-cased words of s, quotes trimmed.
func words(s string) []string {
	var ws []string
	for _, w := range wordRE.FindAllString(strings.ToLower(s), -1) {
		if w = strings.Trim(w, "'"); w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

func jaccard(a, b []string) float64 {
	set := map[string]int{}
	for _, w := range a {
		set[w] |= 1
	}
	for _, w := range b {
		set[w] |= 2
	}
	both := 0
	for _, v := range set {
		if v == 3 {
			both++
		}
	}
	if len(set) == 0 {
		return 0
	}
	return float64(both) / float64(len(set))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func parseColour(s string) [3]float64 {
	var c [3]float64
	for i := range c {
		v, _ := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		c[i] = float64(v)
	}
	return c
}

func distance(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// linear turns an sRGB channel (0–255) into linear light (0–1).
func linear(v float64) float64 {
	v /= 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// encode turns linear light (clamped to 0–1) back into an sRGB channel.
func encode(v float64) float64 {
	v = math.Max(0, math.Min(1, v))
	if v <= 0.0031308 {
		return 255 * 12.92 * v
	}
	return 255 * (1.055*math.Pow(v, 1/2.4) - 0.055)
}

func luminance(c [3]float64) float64 {
	return 0.2126*linear(c[0]) + 0.7152*linear(c[1]) + 0.0722*linear(c[2])
}

func contrast(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func simulate(c [3]float64, m [3][3]float64) [3]float64 {
	l := [3]float64{linear(c[0]), linear(c[1]), linear(c[2])}
	var out [3]float64
	for i := range out {
		out[i] = encode(m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2])
	}
	return out
}

// toLab converts sRGB (0–255) to CIELAB under D65.
func toLab(c [3]float64) [3]float64 {
	r, g, b := linear(c[0]), linear(c[1]), linear(c[2])
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(v float64) float64 {
		if v > 216.0/24389 {
			return math.Cbrt(v)
		}
		return (24389.0/27*v + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

package core

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitMessageKeepsSentencesWhole(t *testing.T) {
	sentence := func(i int) string { return "Memory " + strings.Repeat("a", i%7) + " went on and on, as memories do." }
	var long []string
	for i := range 120 {
		long = append(long, sentence(i))
	}
	paragraphs := []string{"Opening line.", strings.Join(long, " "), "A short one.", strings.Repeat("word ", 30) + "end."}
	for _, limit := range []int{2000, 300, 120} {
		parts := splitMessage(paragraphs, limit)
		joined := strings.Join(parts, " ")
		for _, p := range parts {
			if n := utf8.RuneCountInString(p); n > limit {
				t.Fatalf("limit %d: a part of %d characters", limit, n)
			}
			if limit >= 300 && !strings.HasSuffix(p, ".") {
				t.Fatalf("limit %d: a part ends mid-sentence: …%q", limit, p[max(0, len(p)-30):])
			}
		}
		if got, want := strings.Join(strings.Fields(joined), " "), strings.Join(strings.Fields(strings.Join(paragraphs, " ")), " "); got != want {
			t.Fatalf("limit %d: the parts do not hold the text, in order", limit)
		}
	}
	if parts := splitMessage([]string{"One.", "Two."}, 2000); len(parts) != 1 || parts[0] != "One.\n\nTwo." {
		t.Fatalf("short paragraphs share one message a blank line apart: %q", parts)
	}
	if parts := splitMessage([]string{strings.Repeat("x", 50)}, 20); len(parts) != 1 || utf8.RuneCountInString(parts[0]) != 20 {
		t.Fatalf("a word longer than a message is cut to fit: %q", parts)
	}
}

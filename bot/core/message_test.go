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
		parts := splitMessage(paragraphs, limit, limit)
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
	if parts := splitMessage([]string{"One.", "Two."}, 2000, 2000); len(parts) != 1 || parts[0] != "One.\n\nTwo." {
		t.Fatalf("short paragraphs share one message a blank line apart: %q", parts)
	}
	if parts := splitMessage([]string{strings.Repeat("x", 50)}, 20, 20); len(parts) != 1 || utf8.RuneCountInString(parts[0]) != 20 {
		t.Fatalf("a word longer than a message is cut to fit: %q", parts)
	}
}

// Each message is filled before the next begins, a paragraph going on in
// the next message from one of its sentences, and the first has only the
// room it is given.
func TestSplitMessageFillsEachMessage(t *testing.T) {
	life := func(who string) string {
		return "The life of " + who + ". " + strings.Repeat("A day went by, much like the one before. ", 20) + "The end."
	}
	paragraphs := []string{life("Ada"), life("Ben"), life("Cy")}
	for _, first := range []int{1000, 300, 10} {
		parts := splitMessage(paragraphs, first, 1000)
		if n := utf8.RuneCountInString(parts[0]); n > first {
			t.Fatalf("room %d: the first part has %d characters", first, n)
		}
		if first == 10 && parts[0] != "" {
			t.Fatalf("room %d: the first part is %q, want none", first, parts[0])
		}
		for i := 0; i+1 < len(parts); i++ {
			room := 1000
			if i == 0 {
				room = first
			}
			next := sentences(strings.SplitN(parts[i+1], "\n\n", 2)[0])[0]
			if utf8.RuneCountInString(parts[i])+2+utf8.RuneCountInString(next) <= room {
				t.Fatalf("room %d: part %d has room for %q, which begins part %d", first, i, next, i+1)
			}
		}
		if got, want := strings.Join(strings.Fields(strings.Join(parts, " ")), " "), strings.Join(strings.Fields(strings.Join(paragraphs, " ")), " "); got != want {
			t.Fatalf("room %d: the parts do not hold the text, in order", first)
		}
	}
}

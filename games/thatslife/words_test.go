package thatslife

import (
	"slices"
	"testing"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
)

// A German reader reads the game in Verflixxt!'s words: the prompt, the
// buttons with the ends of the course, the log with its list of winners,
// a refusal and a score, with the players' names put in.
func TestGermanReader(t *testing.T) {
	de := said().In(i18n.German)
	names := []string{"Ada", "Ben", "Cy"}
	german := func(text string) string { return games.FormatSeats(de.Say(text), names) }

	s := build(t, pos{opts: opts("figures=2"), course: "start:01 A-3:0 +6 finish:1", roll: 2})
	if got, want := german(s.Prompt()), "Ada hat eine 2 gewürfelt – wähle einen Zug"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	if got, want := german(s.PromptTo(0)), "Du hast eine 2 gewürfelt – wähle einen Zug"; got != want {
		t.Errorf("prompt to the player %q, want %q", got, want)
	}
	var labels []string
	for _, c := range s.Legal(0) {
		labels = append(labels, german(c.Label))
	}
	if want := []string{"Figur Start → +6", "Figur −3 → Ziel (du nimmst −3)"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	_, err := s.Apply(1, act(t, "fig", "start"))
	if got, want := german(err.Error()), "du bist nicht am Zug"; got != want {
		t.Errorf("refusal %q, want %q", got, want)
	}
	ev := play(t, s, act(t, "fig", "A-3"))
	if got, want := german(ev[0].Text), "Ada zieht eine Figur: −3 → Ziel und nimmt −3"; got != want {
		t.Errorf("event %q, want %q", got, want)
	}

	tie := build(t, pos{seats: 3, opts: opts("figures=2"), course: "start +1:2 finish:00112",
		taken: [][]string{{"+5"}, {"+3", "+2"}, {"+4"}}, turn: 2, roll: 3})
	ev = play(t, tie, act(t, "fig", "+1"))
	if got, want := german(ev[len(ev)-1].Text), "Spielende: Ada, Ben und Cy teilen sich den Sieg mit 5"; got != want {
		t.Errorf("last event %q, want %q", got, want)
	}

	locked := build(t, pos{opts: opts("figures=2", "end_at_last_figure=true"), course: "start finish:0011",
		taken: [][]string{nil, {"F1", "A-2", "B-8"}}, locked: "B-8", lifted: []int{0, 0}, over: true})
	if got, want := german(locked.Result().Detail[1]), "★→−2 −8 (kein ★) = −6"; got != want {
		t.Errorf("score %q, want %q", got, want)
	}
	if got, want := german(locked.Result().Detail[0]), "keine Karten = 0"; got != want {
		t.Errorf("score %q, want %q", got, want)
	}
}

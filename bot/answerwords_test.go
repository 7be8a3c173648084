package bot

import "testing"

// The bot's own catalog is complete in every language, each English entry
// with a note, within Discord's limits.
func TestTheAnswersCatalogIsComplete(t *testing.T) {
	for _, p := range answerWords().Problems() {
		t.Error(p)
	}
}

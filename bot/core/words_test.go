package core

import (
	"context"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games/i18n"
)

func TestTheCoreCatalogIsComplete(t *testing.T) {
	for _, p := range coreWords().Problems() {
		t.Error(p)
	}
}

// A player reads their private answers in their Discord client's language
// until they choose another with /notify, which then holds wherever they
// click from.
func TestAPlayerReadsTheirOwnLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	german := ada
	german.Locale = "de"
	if got := f.svc.Notify(ctx, german, NotifyChange{}).Content; !strings.Contains(got, "So sage ich dir, dass du dran bist") || !strings.Contains(got, "Sprache: wie dein Discord eingestellt ist, gerade Deutsch") {
		t.Errorf("a German client's /notify:\n%s", got)
	}
	if got := f.svc.Notify(ctx, german, NotifyChange{Zone: "Mars/Base"}).Content; !strings.Contains(got, "Die Zeitzone \"Mars/Base\" kenne ich nicht") {
		t.Errorf("a German client's refusal: %q", got)
	}
	got := f.svc.Notify(ctx, german, NotifyChange{Language: string(i18n.French)}).Content
	if !strings.Contains(got, "Comment je te préviens") || !strings.Contains(got, "Langue : français.") {
		t.Errorf("after choosing French:\n%s", got)
	}
	// Chosen, the language holds whatever the client says.
	if got := f.svc.Notify(ctx, ada, NotifyChange{}).Content; !strings.Contains(got, "Comment je te préviens") {
		t.Errorf("an English client of a player who chose French:\n%s", got)
	}
	if got := f.svc.Notify(ctx, ada, NotifyChange{Language: "auto"}).Content; !strings.Contains(got, "How I tell you it's your move") || !strings.Contains(got, "as your Discord is set, now English") {
		t.Errorf("back to the client's language:\n%s", got)
	}
	if got := f.svc.Notify(ctx, ada, NotifyChange{Language: "tlh"}).Content; !strings.Contains(got, "pick one of the choices") {
		t.Errorf("a forged language: %q", got)
	}
}

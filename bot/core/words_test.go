package core

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
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

// A player's client language is kept with their settings when it changes,
// for the DMs sent later without an interaction, and a server's language
// is the game's in its channel unless the admins chose one.
func TestLanguagesOutliveTheInteraction(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	french := ben
	french.Locale = "fr"
	f.svc.NoteLocale(french)
	for deadline := time.Now().Add(5 * time.Second); f.svc.playerPrefs(ctx, ben.User).Seen != "fr"; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the client's language was never kept")
		}
	}
	if got := f.svc.userSay(ctx, ben.User).Lang(); got != i18n.French {
		t.Errorf("a French client seen, DMs later speak %s", got)
	}
	f.svc.Notify(ctx, ben, NotifyChange{Language: string(i18n.Spanish)})
	if got := f.svc.userSay(ctx, ben.User).Lang(); got != i18n.Spanish {
		t.Errorf("after choosing Spanish, DMs speak %s", got)
	}

	german := ada
	german.ServerLocale = "de"
	if got := f.svc.serverLang(german); got != i18n.German {
		t.Errorf("a German server's games speak %s", got)
	}
	f.svc.cfg.Language = func(guild string) string {
		if guild == german.Guild {
			return string(i18n.Portuguese)
		}
		return ""
	}
	if got := f.svc.serverLang(german); got != i18n.Portuguese {
		t.Errorf("a server set to Portuguese by its admins speaks %s", got)
	}
}

// The options' words are the games' own in English, and every option and
// value a game offers has them.
func TestEveryOptionHasItsWords(t *testing.T) {
	en := coreWords().In(i18n.English)
	for _, g := range []games.Game{thatslife.Game{}, life.Game{}, lagom.Game{}, alife.Game{}, yodo.Game{}} {
		info := g.Info()
		for _, o := range info.Options {
			key := "options." + info.ID + "." + o.Key
			if got := en.T(key + ".named"); got != o.Name {
				t.Errorf("%s.named reads %q, the game calls it %q", key, got, o.Name)
			}
			if o.Kind != games.Enum {
				continue
			}
			for _, v := range o.Choices {
				if got := en.T(key + ".value." + v); got != o.ChoiceName(v) {
					t.Errorf("%s.value.%s reads %q, the game calls it %q", key, v, got, o.ChoiceName(v))
				}
			}
		}
	}
	opts := games.Options{"layout": "random", "recycle_cards": "true", "figures": "auto"}
	if got := describe(coreWords().In(i18n.French), thatslife.Game{}.Info(), opts); got != "Parcours : Au hasard, Recycler les cartes" {
		t.Errorf("a French board names its options %q", got)
	}
}

// A host who chose options that do not go together is told so in their
// language, with the options named as their language names them.
func TestAHostReadsWhatIsWrongWithTheOptionsInTheirLanguage(t *testing.T) {
	info := thatslife.Game{}.Info()
	fr := wordsFor(games.NewRegistry()).In(i18n.French)
	for given, want := range map[string]string{
		"end_when_first_player_home=true,end_at_last_figure=true": "Fin dès qu'un joueur est arrivé et Fin au dernier pion ne se jouent pas ensemble",
		"layout=spiral":   "Parcours doit être parmi : Standard, Cartes plus d'abord, Cartes chance à la fin et Au hasard",
		"recycle_cards=1": "Recycler les cartes doit valoir true ou false",
		"colour=blue":     "ce jeu n'a pas d'option colour ; Discord affiche peut-être une ancienne liste, retape donc la commande",
	} {
		opts := games.Options{}
		for _, kv := range strings.Split(given, ",") {
			k, v, _ := strings.Cut(kv, "=")
			opts[k] = v
		}
		_, err := games.Resolve(info.Options, opts)
		if got := optionProblem(fr, info, err); got != want {
			t.Errorf("%s: a French host reads %q, want %q", given, got, want)
		}
	}
}

// A number out of range, and the refusals a game gives by its sentinels
// alone, are said in the reader's language too; /rules shows a game's
// title and rules in the asker's.
func TestMoreRefusalsInTheReadersLanguage(t *testing.T) {
	fr := wordsFor(games.NewRegistry(life.Game{})).In(i18n.French)
	info := life.Game{}.Info()
	_, err := games.Resolve(info.Options, games.Options{"target": "20"})
	if got, want := optionProblem(fr, info, err), "Score à atteindre doit être un nombre de 50 à 500"; got != want {
		t.Errorf("a French host reads %q, want %q", got, want)
	}
	f := newFixture(t)
	for err, want := range map[error]string{
		fmt.Errorf("%w: malformed action", games.ErrIllegal): "Ce coup n'est pas permis maintenant.",
		games.ErrNotYourTurn: "Ce n'est pas ton tour.",
		games.ErrOver:        "La partie est terminée.",
	} {
		if got := f.svc.playerError(f.svc.words.In(i18n.French), err, "1"); got != want {
			t.Errorf("%v reads %q in French, want %q", err, got, want)
		}
	}
	if got := f.svc.Rules(context.Background(), in(ada, "de"), "thatslife").Content; !strings.HasPrefix(got, "## Verflixxt!\n") {
		t.Errorf("a German /rules reads %q", got[:min(len(got), 80)])
	}
	if got := f.svc.Rules(context.Background(), in(ada, "de"), "chess").Content; got != "**`chess`** kommt bald: Die Regeln kommen mit dem Spiel." {
		t.Errorf("a German /rules of a game to come reads %q", got)
	}
}

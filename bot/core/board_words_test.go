package core

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games/i18n"
)

// A game opened in a French server speaks French in its channel, its
// lobby, board, presence lines and outcome included; a German player at
// the table reads their answers in German, and the reminder sent to their
// DMs too; the English host's answer stays English.
func TestAFrenchTableSpeaksFrenchAndAGermanPlayerGerman(t *testing.T) {
	f := newClockFixture(t, Setup{Clock: "1d"})
	ctx := context.Background()
	host, guest := ada, ben
	host.ServerLocale, guest.ServerLocale, guest.Locale = "fr", "fr", "de"
	f.svc.Notify(ctx, guest, NotifyChange{Pings: pingsDM})
	// The bot notes each interaction's client language, for the DMs the
	// sweep sends later.
	f.svc.NoteLocale(guest)
	for deadline := time.Now().Add(5 * time.Second); f.svc.playerPrefs(ctx, guest.User).Seen != "de"; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the German client's language was never kept")
		}
	}

	lobby := &responder{original: MessageRef{Channel: host.Channel, ID: "800"}}
	f.svc.NewGame(ctx, host, "thatslife", nil, Setup{}, lobby)
	if _, m := lobby.answer(); m == nil || !strings.Contains(m.Content, "Nouvelle partie") || m.Rows[0][0].Label != "Rejoindre" {
		t.Fatalf("a French server's lobby: %+v", m)
	}

	id, board := f.openBy("thatslife", host, guest)
	_, _, st := f.load(id)
	for who, _ := mover(t, st); who.User != guest.User; who, _ = mover(t, st) {
		f.clickLegal(id, who)
		_, _, st = f.load(id)
	}
	f.at(12 * time.Hour)
	f.quiesce(id)
	if got := f.p.lastEdit(board.ID); !strings.Contains(got, "partie `"+id+"`") || !strings.Contains(got, "⏳ Ben : coup à jouer <t:") {
		t.Errorf("the French board:\n%s", got)
	}
	// The channel speaks French: a German reminder went to the DMs.
	if n := f.reminders(guest.User, "die Hälfte deiner Zeit für diesen Zug ist um"); n != 1 {
		t.Errorf("%d German half-time reminders for the German player, want 1", n)
	}
	if n := f.reminders(guest.User, "la moitié de ton temps"); n != 0 {
		t.Errorf("%d reminders in the channel for a player who asked for DMs", n)
	}

	if got := f.svc.Away(ctx, guest, "soon").Content; !strings.HasPrefix(got, "`soon` kann ich nicht lesen: Eine Dauer ist eine Zahl mit Einheit") {
		t.Errorf("a German refusal of /away: %q", got)
	}
	if got := f.svc.Away(ctx, guest, "1d").Content; !strings.HasPrefix(got, "Deine Zugzeit pausiert in 1 Spiel bis spätestens <t:") || !strings.Contains(got, "es bleiben noch 6 Tage Pause") {
		t.Errorf("a German /away answer:\n%s", got)
	}
	if got := f.svc.Away(ctx, guest, "off").Content; got != "Willkommen zurück: Deine Zugzeit läuft wieder, in 1 Spiel." {
		t.Errorf("a German /away off: %q", got)
	}
	_, tb, _ := f.load(id)
	if last := tb.Recent[len(tb.Recent)-1]; last != "Ben est de retour : son temps de jeu s'écoule à nouveau." || strings.Contains(strings.Join(tb.Recent, "\n"), "s'absente") {
		t.Errorf("the French table's presence lines: %q", tb.Recent)
	}

	if got := f.svc.Abandon(ctx, host, id).Content; got != "Game `"+id+"` is abandoned." {
		t.Errorf("the English host's answer: %q", got)
	}
	if _, tb, _ := f.load(id); tb.Outcome != "Abandonnée par Ada." {
		t.Errorf("the French table's outcome: %q", tb.Outcome)
	}
}

// Spans are said with each language's units and plurals.
func TestSpansAreSaidInEachLanguage(t *testing.T) {
	words := coreWords()
	for _, c := range []struct {
		lang i18n.Lang
		d    time.Duration
		want string
	}{
		{i18n.English, 36 * time.Hour, "1 day 12 hours"},
		{i18n.German, 36 * time.Hour, "1 Tag und 12 Stunden"},
		{i18n.French, 90 * time.Minute, "1 heure et 30 minutes"},
		{i18n.French, 30 * time.Second, "moins d'une minute"},
		{i18n.Spanish, 2 * 7 * 24 * time.Hour, "2 semanas"},
		{i18n.Portuguese, 24*time.Hour + time.Minute, "1 dia e 1 minuto"},
	} {
		if got := spanWords(words.In(c.lang), c.d); got != c.want {
			t.Errorf("%s: spanWords(%v) = %q, want %q", c.lang, c.d, got, c.want)
		}
	}
}

// A player's latest absence is the one line of theirs a table keeps, in
// every language: the line's time is what changes between two of them.
func TestPresenceLinesReplaceEachOtherInEveryLanguage(t *testing.T) {
	words := coreWords()
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, l := range i18n.Langs {
		say := words.In(l)
		tb := &table{Recent: []string{"Ada played a card."}}
		tb.presence(say, "Ada", at)
		tb.presence(say, "Ben", at)
		tb.presence(say, "Ada", at.Add(time.Hour))
		tb.presence(say, "Ada", time.Time{})
		tb.presence(say, "Ada", at.Add(2*time.Hour))
		want := []string{
			"Ada played a card.",
			say.T("clock.presence.away", "name", "Ben", "until", "<t:1772355600:f>"),
			say.T("clock.presence.away", "name", "Ada", "until", "<t:1772362800:f>"),
		}
		if strings.Join(tb.Recent, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: recent lines %q, want %q", l, tb.Recent, want)
		}
	}
}

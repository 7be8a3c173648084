package core

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/storage"
)

// mustHaveAll fails unless text holds every one of want.
func mustHaveAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// labels lists the labels and placeholders of m's components.
func labels(m *Message) []string {
	var out []string
	for _, row := range m.Rows {
		for _, c := range row {
			out = append(out, c.Label+c.Placeholder)
		}
	}
	return out
}

// A player's dashboard, its Next button, the games suggested as they type
// and their daily digest are in their language, whoever else sits at the
// game.
func TestADashboardAndADigestAreInTheirReadersLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, _ := f.game()
	german, spanish := ada, ben
	german.Locale, spanish.Locale = "de", "es-ES"

	got := f.svc.MyGames(ctx, german)
	mustHaveAll(t, "a German /mygames", got.Content, "**Deine Spiele** · ", "gegen Ben", "auf diesem Server", "aktiv <t:")
	if l := labels(got); len(l) != 1 || l[0] != "Nächstes Spiel, das auf mich wartet" {
		t.Errorf("a German dashboard's buttons: %q", l)
	}
	mustHaveAll(t, "an English /mygames", f.svc.MyGames(ctx, ben).Content, "**Your games** · ", "vs Ada")
	if got := f.svc.GameChoices(ctx, german, "", false); len(got) != 1 || !strings.Contains(got[0].Name, " · läuft · "+id) {
		t.Errorf("a German player's suggestions: %+v", got)
	}

	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	st, _ := f.svc.decodeState(rec.Game, tb)
	waiter := ada
	if st.Active()[0] == 1 {
		waiter = ben
	}
	// The digest goes without an interaction: in the language the player
	// chose, whatever their client said last.
	p := prefs{Digest: true, Lang: string(i18n.Spanish), Seen: "de"}
	m, err := f.svc.digest(ctx, waiter.User, p)
	if err != nil || m == nil {
		t.Fatalf("no digest for the player to move: %v", err)
	}
	mustHaveAll(t, "a Spanish digest", m.Content, "📬 **Tu resumen diario** · 1 partida espera tu jugada", "**te toca**", "`/notificaciones` cambia cómo te aviso.")
	if l := labels(m); len(l) != 1 || l[0] != "Siguiente partida que me espera" {
		t.Errorf("a Spanish digest's buttons: %q", l)
	}
}

// /stats answers the asker in their language, with their decimal mark;
// /leaderboard is the channel's, in the server's language, and only its
// refusals are the asker's.
func TestStatsAreTheAskersAndTheLeaderboardTheServers(t *testing.T) {
	f := newStatsFixture(t, Config{MinRated: 1})
	ada, ben := person(1), person(2)
	f.play([]seatClaim{{who: ada, points: 3}, {who: ben, points: 1}}, -1)
	ctx := context.Background()
	german := ada
	german.Locale = "de"

	got := f.svc.Stats(ctx, german, "", "").Content
	mustHaveAll(t, "German /stats", got, "📊 **Statistik von <@"+ada.User+">** auf diesem Server", "1 Spiel · 1 Sieg (100 %)", "Wertung ", "Platz 1 von 2")
	if strings.Contains(got, ".") {
		t.Errorf("German /stats writes a rating with a decimal point:\n%s", got)
	}

	inFrance := german
	inFrance.ServerLocale = "fr"
	board := f.svc.Leaderboard(ctx, inFrance, "claim")
	if board.Private {
		t.Error("/leaderboard answered privately")
	}
	mustHaveAll(t, "a French server's leaderboard", board.Content, "🏆 Classement **Claim** · 1 partie comptée", "1 victoire (100 %)", "0 victoire (0 %)")
	mustHaveAll(t, "a refusal to a German player in a French server", f.svc.Leaderboard(ctx, inFrance, "chess").Content, "Es gibt kein Spiel namens `chess`")
	mustHaveAll(t, "an English server's leaderboard", f.svc.Leaderboard(ctx, ben, "claim").Content, "🏆 **Claim** leaderboard · 1 counted game")
}

// A game's log and its History are their reader's; its replay and the
// History button on it are the channel's, in the game's language.
func TestTheLogIsTheReadersAndTheReplayTheChannels(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, _ := f.game()
	french := ben
	french.Locale = "fr"

	log := f.svc.GameLog(ctx, french, id, 0)
	mustHaveAll(t, "a French /log", log.Content, " · page 1 sur 1", "Organisée par <@"+ada.User+">.", "La partie commence : Ada, Ben.")
	history := component(t, log, "⏮ Historique")

	r := &responder{}
	f.svc.Click(ctx, Click{Actor: french, CustomID: history.CustomID}, r)
	_, steps := r.answer()
	if steps == nil {
		t.Fatal("the History gave no answer")
	}
	mustHaveAll(t, "a French History", steps.Content, "le plateau tel que le salon l'a vu", "**Coup "+strconv.Itoa(f.moves(id))+" sur "+strconv.Itoa(f.moves(id))+"** : ")
	mustHaveAll(t, "a French History's picture", steps.Image.Alt, "tel que le salon l'a vu. Joueurs : Ada, Ben")
	for _, l := range []string{"⏮ Début", "◀ Retour", "Suivant ▶", "Dernier ⏭"} {
		component(t, steps, l)
	}
	if _, refusal := f.svc.stepsMessage(ctx, french, customID{Verb: verbSteps, Game: id, Move: 999}); !strings.Contains(refusal, "il n'y a donc pas de coup 999 à montrer") {
		t.Errorf("a French refusal of a move never made: %q", refusal)
	}

	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	tb.Lang = string(i18n.German)
	g, _ := f.svc.games.Get(rec.Game)
	sn := &snapshot{rec: rec, t: tb, info: g.Info()}
	m, err := f.svc.replayMessage(sn, &filmRenderer{})
	if err != nil {
		t.Fatal(err)
	}
	mustHaveAll(t, "a German game's replay", m.Content, "🎞️ Die ganze Partie **Verflixxt!** `"+id+"` noch einmal, Zug um Zug.")
	mustHaveAll(t, "a German game's replay picture", m.Image.Alt, "Eine animierte Wiederholung der Partie")
	component(t, m, "⏮ Verlauf")
}

// What a player missed is told in their language in their DM, and in the
// game's in the channel's ping of a game without hidden hands.
func TestTheCatchUpIsInTheLanguageOfWhereItIsRead(t *testing.T) {
	svc := catchUpService(t)
	tb, st, _ := playedLife(t, 4)
	sn := &snapshot{rec: storage.Record{ID: "7", Game: "life", Status: storage.Playing}, t: tb, st: st, info: life.Game{}.Info()}
	german := ada
	german.Locale = "de"
	svc.Notify(context.Background(), german, NotifyChange{Language: string(i18n.German)})
	dm, err := svc.privateMessage(sn, 0, svc.userSay(context.Background(), tb.Seats[0].User))
	if err != nil {
		t.Fatal(err)
	}
	mustHaveAll(t, "the DM of a player who chose German", dm.Content, "**Seit deinem letzten Zug** (")

	long, longSt, _ := playedLife(t, 60)
	long.Lang = string(i18n.Portuguese)
	sn = &snapshot{rec: storage.Record{ID: "8", Game: "life", Status: storage.Playing}, t: long, st: longSt, info: life.Game{}.Info()}
	mustHaveAll(t, "a Portuguese summary", svc.sinceLastMove(svc.tableSay(long), sn, 0), "**Desde a sua última jogada**: ", "`/histórico partida:8`", "As mais recentes:\n> ")

	f := newFixture(t)
	ctx := context.Background()
	id, _ := f.game()
	for range 3 {
		who, cid := f.legalClick(id)
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid}, &responder{})
	}
	rec, _ := f.store.Get(ctx, id)
	tb, _ = decodeTable(rec)
	tb.Lang = string(i18n.French)
	st = mustState(t, f.svc, rec, tb)
	g, _ := f.svc.games.Get(rec.Game)
	ping := f.svc.turnPing(&snapshot{rec: rec, t: tb, st: st, info: g.Info()}, st.Active()[:1], ledger{})
	mustHaveAll(t, "the channel's ping of a French game", ping.Content, "**Depuis ton dernier coup** (")
}

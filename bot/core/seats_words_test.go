package core

import (
	"context"
	"strings"
	"testing"

	"github.com/lifebot/lifebot/storage"
)

// in is who acting from a client in locale.
func in(who Actor, locale string) Actor {
	who.Locale = locale
	return who
}

// A game of a French server speaks French in its channel whoever acts:
// the invitation to a seat, the story's lines and the results. Each
// player reads their own answers in their client's language.
func TestSeatChangesSpeakToEachInTheirLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	host := ada
	host.ServerLocale = "fr"
	id, board := f.openBy("thatslife", host, ben)
	f.play(id, board)

	if got := f.svc.Resign(ctx, in(cy, "de"), "").Content; !strings.Contains(got, "Du spielst in keinem laufenden Spiel in diesem Kanal.") {
		t.Errorf("a German stranger's /resign answered %q", got)
	}
	ask := f.svc.Resign(ctx, in(ben, "de"), "")
	if !strings.Contains(ask.Content, "**Verflixxt!** `"+id+"` aufgeben?") || ask.Rows[0][0].Label != "Verflixxt! aufgeben – die KI übernimmt deinen Platz" {
		t.Errorf("a German player's /resign asked %q with %q", ask.Content, ask.Rows[0][0].Label)
	}
	if got := f.svc.Replace(ctx, in(ben, "pt-BR"), "", ada.User, false).Content; got != "Só o anfitrião ou um admin do servidor pode substituir um jogador." {
		t.Errorf("a Brazilian guest's /replace answered %q", got)
	}

	at := f.moves(id)
	if got := f.svc.Replace(ctx, in(ada, "es-ES"), "", ben.User, true).Content; !strings.Contains(got, "El puesto de Ben en la partida `"+id+"` está abierto a un jugador nuevo") {
		t.Fatalf("a Spanish host's /replace answered %q", got)
	}
	_, tb := f.table(id)
	inv := tb.Invites[0].Msg
	posted := f.p.sentText(inv)
	if !strings.HasPrefix(posted, "🪑 La place de Ben dans **That's Life!**") || !strings.Contains(posted, "**Prendre la place**") {
		t.Errorf("the invitation in the channel reads %q", posted)
	}
	if !strings.Contains(strings.Join(tb.Recent, "\n"), "Ada a ouvert la place de Ben à un nouveau joueur") {
		t.Errorf("the story's recent lines: %q", tb.Recent)
	}

	take := customID{Verb: verbTake, Game: id, Target: 1}.String()
	if _, text := f.click(in(ada, "pt-BR"), take, inv.ID, false); text != "Você já joga um lugar nesta partida: um por pessoa." {
		t.Errorf("a Brazilian player taking a second seat: %q", text)
	}
	kind, text := f.click(in(cy, "de"), take, inv.ID, false)
	if kind != "update" || text != "~~Une place était libre dans **That's Life!** `"+id+"`.~~ Cy a pris la place de Ben : ses coups se jouent sur le plateau." {
		t.Errorf("the invitation taken by a German player became %s %q", kind, text)
	}
	_, tb = f.table(id)
	if got, want := tb.playedBy(f.svc.tableSay(tb), 1), "Ben (remplacé au coup "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "), puis Cy") {
		t.Errorf("the seat is played by %q, want %q%d), puis Cy", got, want, at)
	}

	f.playOut(id, board)
	if _, tb := f.table(id); !strings.Contains(tb.Outcome, "), puis Cy") {
		t.Errorf("the results read %q", tb.Outcome)
	}

	// The rematch answers its opener in their language, and its lobby
	// speaks the server's.
	rematch := customID{Verb: verbRematch, Game: id}.String()
	german := in(cy, "de")
	german.ServerLocale = "fr"
	if _, text := f.click(german, rematch, "ann", false); !strings.HasPrefix(text, "Du hast eine Revanche von **Verflixxt!** eröffnet: ") {
		t.Errorf("a German player's Rematch was answered %q", text)
	}
	if _, old := f.table(id); old.Rematch == "" {
		t.Error("no rematch was opened")
	} else if _, lobby := f.table(old.Rematch); lobby.Lang != "fr" {
		t.Errorf("the rematch of a French server's game speaks %q", lobby.Lang)
	}
}

// A click's refusal is said in the clicker's language, a lobby's
// cancellation in its channel's.
func TestClicksAreRefusedInTheClickersLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, text := f.click(in(ada, "fr"), "nonsense", "", false); !strings.HasPrefix(text, "Ce bouton n'est pas l'un des miens") {
		t.Errorf("a French player's click on a foreign button: %q", text)
	}
	host := in(ada, "es-ES")
	host.ServerLocale = "de"
	board := MessageRef{Channel: host.Channel, ID: "900"}
	f.svc.NewGame(ctx, host, "thatslife", nil, Setup{}, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[len(recs)-1].ID
	if _, text := f.click(host, customID{Verb: verbStart, Game: id}.String(), board.ID, false); text != "That's Life! necesita al menos 2 jugadores: espera a que se unan tus amigos o añade un jugador IA." {
		t.Errorf("a Spanish host starting alone: %q", text)
	}
	if _, text := f.click(in(ben, "pt-BR"), customID{Verb: verbCancel, Game: id}.String(), board.ID, false); text != "Só o anfitrião pode cancelar esta partida." {
		t.Errorf("a Brazilian guest cancelling: %q", text)
	}
	f.click(host, customID{Verb: verbCancel, Game: id}.String(), board.ID, false)
	if _, tb := f.table(id); tb.Outcome != "vom Gastgeber abgebrochen." {
		t.Errorf("a German server's cancelled lobby says %q", tb.Outcome)
	}
}

package core

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lifebot/lifebot/storage"
)

var (
	cy    = Actor{User: "3", Name: "Cy", Guild: "g", Channel: "c"}
	dee   = Actor{User: "4", Name: "Dee", Guild: "g", Channel: "c"}
	admin = Actor{User: "9", Name: "Admin", Guild: "g", Channel: "c", Admin: true}
)

func (f *fixture) table(id string) (storage.Record, *table) {
	f.t.Helper()
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	tb, err := decodeTable(rec)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec, tb
}

// sentText is the text a message was sent with.
func (p *platform) sentText(ref MessageRef) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.log {
		if s.op == "send" && s.ref == ref {
			return s.text
		}
	}
	return ""
}

// click clicks as who and returns the answer's kind and text.
func (f *fixture) click(who Actor, cid, message string, ephemeral bool) (string, string) {
	f.t.Helper()
	r := &responder{}
	f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: message, Ephemeral: ephemeral}, r)
	kind, m := r.answer()
	if m == nil {
		return kind, ""
	}
	return kind, m.Content
}

// play makes the seated person to act take their first legal choice, and
// reports false once nobody has to.
func (f *fixture) play(id string, board MessageRef) bool {
	f.t.Helper()
	rec, tb := f.table(id)
	if rec.Status != storage.Playing {
		return false
	}
	st := mustState(f.t, f.svc, rec, tb)
	seat, ok := tb.activeHuman(st)
	if !ok {
		f.t.Fatalf("game %s waits for nobody: active %v", id, st.Active())
	}
	who := Actor{User: tb.Seats[seat].User, Name: tb.Seats[seat].Name, Guild: "g", Channel: "c"}
	cid := customID{Verb: verbMove, Game: id, Move: tb.asked(seat), Action: st.Legal(seat)[0].Action}.String()
	if kind, text := f.click(who, cid, board.ID, false); kind == "reply" {
		f.t.Fatalf("%s's move was refused: %q", who.Name, text)
	}
	return true
}

func (f *fixture) playOut(id string, board MessageRef) {
	f.t.Helper()
	for n := 0; f.play(id, board); n++ {
		if n > 1000 {
			f.t.Fatal("the game did not end in 1000 moves")
		}
	}
}

// buttonOf returns the only button of a message.
func buttonOf(t *testing.T, m *Message) string {
	t.Helper()
	if len(m.Rows) != 1 || len(m.Rows[0]) != 1 {
		t.Fatalf("want one button, got %+v in %q", m.Rows, m.Content)
	}
	return m.Rows[0][0].CustomID
}

func TestSeatCustomIDsRoundTrip(t *testing.T) {
	for _, c := range []customID{
		{Verb: verbResign, Game: "a1", Target: 3},
		{Verb: verbTake, Game: "a1", Target: 0},
		{Verb: verbRematch, Game: "zz"},
	} {
		got, err := parseCustomID(c.String())
		if err != nil || got.String() != c.String() || got.Verb != c.Verb || got.Target != c.Target || got.Move != c.Move {
			t.Errorf("parseCustomID(%q) = %+v, %v; want %+v", c.String(), got, err, c)
		}
	}
}

// Ben resigns mid-game: the AI plays his seat from then on, at once when
// it is his turn, Ada plays to the end, and the results say Ben resigned.
func TestResignHandsTheSeatToTheAI(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	for range 3 {
		f.play(id, board)
	}
	if got := f.svc.Resign(ctx, cy, "").Content; !strings.Contains(got, "don't play") {
		t.Errorf("a stranger's /resign answered %q", got)
	}
	ask := f.svc.Resign(ctx, ben, "")
	if !ask.Private || !strings.Contains(ask.Rows[0][0].Label, "Resign from That's Life! — the AI takes your seat") {
		t.Fatalf("/resign answered %+v", ask)
	}
	confirm := buttonOf(t, ask)
	if _, tb := f.table(id); len(tb.Seats[1].Before) != 0 {
		t.Fatal("/resign alone changed the seat; only its confirmation should")
	}
	if kind, text := f.click(ada, confirm, "eph", true); !strings.Contains(text, "no longer play") {
		t.Errorf("Ada confirming Ben's resignation: %s %q", kind, text)
	}
	at := f.moves(id)
	kind, text := f.click(ben, confirm, "eph", true)
	if kind != "update" || !strings.Contains(text, "You resigned") {
		t.Fatalf("the confirmation was answered %s %q", kind, text)
	}
	rec, tb := f.table(id)
	if !tb.Seats[1].AI || tb.Seats[1].User != "" {
		t.Fatalf("Ben's seat after resigning: %+v", tb.Seats[1])
	}
	if h := tb.history(1); len(h) != 2 || h[0].User != ben.User || h[0].Left != leftResigned || h[0].To != at || !h[1].AI || h[1].From != at {
		t.Fatalf("Ben's seat's history: %+v (resigned at move %d)", h, at)
	}
	if !tb.aiPlayed() {
		t.Error("a game with a resigned seat does not count as one the AI played in")
	}
	if len(rec.Users) != 1 || rec.Users[0] != ada.User {
		t.Errorf("the game lists %v as its players, want Ada alone", rec.Users)
	}
	st := mustState(t, f.svc, rec, tb)
	if seat, ok := tb.activeHuman(st); !ok || seat != 0 {
		t.Fatalf("after the resignation the game waits for %v, want Ada", st.Active())
	}
	if _, text := f.click(ben, confirm, "eph", true); !strings.Contains(text, "no longer play") {
		t.Errorf("a second confirmation answered %q", text)
	}
	f.playOut(id, board)
	rec, tb = f.table(id)
	if rec.Status != storage.Over {
		t.Fatalf("the game ended %v, want over", rec.Status)
	}
	if want := "Ben (resigned at move " + strconv.Itoa(at) + "), then the AI"; !strings.Contains(tb.Outcome, want) {
		t.Fatalf("the outcome %q does not say %q", tb.Outcome, want)
	}
}

// The last person at the table resigning ends the game, abandoned.
func TestLastPersonResigningAbandons(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	board := MessageRef{Channel: "c", ID: "900"}
	f.svc.NewGame(ctx, ada, "thatslife", nil, Setup{}, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[0].ID
	for _, verb := range []string{verbAddAI, verbStart} {
		f.click(ada, customID{Verb: verb, Game: id}.String(), board.ID, false)
	}
	ask := f.svc.Resign(ctx, ada, id)
	if !strings.Contains(ask.Rows[0][0].Label, "the game ends") {
		t.Fatalf("the last person's /resign does not say the game ends: %+v", ask)
	}
	f.click(ada, buttonOf(t, ask), "eph", true)
	rec, tb := f.table(id)
	if rec.Status != storage.Cancelled || !strings.Contains(tb.Outcome, "Abandoned") {
		t.Fatalf("after the last person resigned: status %v, outcome %q", rec.Status, tb.Outcome)
	}
}

// The host replaces Ben with a new player: the AI keeps the seat until Cy
// takes it through the invitation; nobody takes a second seat, and the
// seat goes once.
func TestReplaceWithANewPlayerWhoTakesTheSeat(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	f.play(id, board)
	if got := f.svc.Replace(ctx, ben, "", ada.User, false).Content; !strings.Contains(got, "Only the host") {
		t.Fatalf("a guest's /replace answered %q", got)
	}
	if got := f.svc.Replace(ctx, ada, "", cy.User, false).Content; !strings.Contains(got, "doesn't play") {
		t.Fatalf("replacing a stranger answered %q", got)
	}
	at := f.moves(id)
	got := f.svc.Replace(ctx, ada, "", ben.User, true).Content
	if !strings.Contains(got, "open to a new player") {
		t.Fatalf("/replace with a new player answered %q", got)
	}
	_, tb := f.table(id)
	if !tb.Seats[1].AI || len(tb.Invites) != 1 || tb.Invites[0].Msg.ID == "" {
		t.Fatalf("after /replace: seat %+v, invites %+v", tb.Seats[1], tb.Invites)
	}
	inv := tb.Invites[0].Msg
	posted := f.p.sentText(inv)
	if !strings.Contains(posted, "Ben's seat in **That's Life!**") || !strings.Contains(posted, "is open") {
		t.Fatalf("the invitation reads %q", posted)
	}
	take := customID{Verb: verbTake, Game: id, Target: 1}.String()
	if _, text := f.click(ada, take, inv.ID, false); !strings.Contains(text, "already play a seat") {
		t.Fatalf("a seated player taking a second seat: %q", text)
	}

	var wg sync.WaitGroup
	answers := make([][2]string, 2)
	for i, who := range []Actor{cy, dee} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind, text := f.click(who, take, inv.ID, false)
			answers[i] = [2]string{kind, text}
		}()
	}
	wg.Wait()
	_, tb = f.table(id)
	taker, other := cy, answers[1]
	if tb.Seats[1].User == dee.User {
		taker, other = dee, answers[0]
	}
	if tb.Seats[1].User != taker.User || tb.Seats[1].AI || len(tb.Invites) != 0 {
		t.Fatalf("after the takes: seat %+v, invites %+v", tb.Seats[1], tb.Invites)
	}
	if !strings.Contains(other[1], "took that seat already") {
		t.Fatalf("the second taker was answered %q", other[1])
	}
	h := tb.history(1)
	if len(h) != 3 || h[0].User != ben.User || h[0].Left != leftReplaced || h[0].To != at || !h[1].AI || h[2].User != taker.User {
		t.Fatalf("the seat's history: %+v", h)
	}
	if got := tb.playedBy(f.svc.tableSay(tb), 1); !strings.HasPrefix(got, "Ben (replaced at move ") || !strings.HasSuffix(got, ", then "+taker.Name) {
		t.Fatalf("the seat is played by %q", got)
	}
	// The new player plays the seat to the end.
	f.playOut(id, board)
	if rec, tb := f.table(id); rec.Status != storage.Over || !strings.Contains(tb.Outcome, taker.Name) {
		t.Fatalf("the game ended %v with %q", rec.Status, tb.Outcome)
	}
	if _, text := f.click(ben, take, inv.ID, false); !strings.Contains(text, "has ended") {
		t.Fatalf("an invitation clicked after the game: %q", text)
	}
}

func TestReplaceWithTheAI(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	at := f.moves(id)
	if got := f.svc.Replace(ctx, admin, id, ben.User, false).Content; !strings.Contains(got, "played by the AI") {
		t.Fatalf("an admin's /replace answered %q", got)
	}
	_, tb := f.table(id)
	if !tb.Seats[1].AI || len(tb.Invites) != 0 {
		t.Fatalf("after /replace with the AI: seat %+v, invites %+v", tb.Seats[1], tb.Invites)
	}
	if got := f.svc.Replace(ctx, ada, id, ada.User, false).Content; !strings.Contains(got, "last person") {
		t.Fatalf("replacing the last person answered %q", got)
	}
	f.playOut(id, board)
	if _, tb := f.table(id); !strings.Contains(tb.Outcome, "Ben (replaced at move "+strconv.Itoa(at)+"), then the AI") {
		t.Fatalf("the outcome %q does not say Ben was replaced", tb.Outcome)
	}
}

// Two players click Rematch at once: one lobby opens, with both in it.
// A stranger is told to use Join; a second click says they are in; once
// the lobby is cancelled, Rematch opens another.
func TestRematchOpensOneLobby(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	rematch := customID{Verb: verbRematch, Game: id}.String()
	if _, text := f.click(ada, rematch, board.ID, false); !strings.Contains(text, "finished game") {
		t.Fatalf("Rematch on a running game: %q", text)
	}
	f.playOut(id, board)
	if _, text := f.click(cy, rematch, "ann", false); !strings.Contains(text, "Only the players") {
		t.Fatalf("a stranger's Rematch with no lobby open: %q", text)
	}

	var wg sync.WaitGroup
	answers := make([]string, 2)
	for i, who := range []Actor{ada, ben} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind, text := f.click(who, rematch, "ann", false)
			if kind != "reply" {
				t.Errorf("%s's Rematch was answered %s", who.Name, kind)
			}
			answers[i] = text
		}()
	}
	wg.Wait()
	lobbies := func() []storage.Record {
		recs, err := f.store.List(ctx, storage.Filter{OnlyOpen: true})
		if err != nil {
			t.Fatal(err)
		}
		var out []storage.Record
		for _, r := range recs {
			if r.Status == storage.Lobby {
				out = append(out, r)
			}
		}
		return out
	}
	open := lobbies()
	if len(open) != 1 {
		t.Fatalf("two Rematch clicks opened %d lobbies", len(open))
	}
	_, old := f.table(id)
	lobbyRec, lobby := f.table(open[0].ID)
	if old.Rematch != lobbyRec.ID {
		t.Fatalf("the finished game names rematch %q, the lobby is %q", old.Rematch, lobbyRec.ID)
	}
	if len(lobby.Seats) != 2 || lobby.Options == nil && old.Options != nil || lobby.Game != old.Game {
		t.Fatalf("the rematch lobby: %+v", lobby)
	}
	host := lobby.Host
	if _, seated := lobby.seatOf(ada.User); !seated || host != lobby.Seats[0].User {
		t.Fatalf("the rematch lobby seats %+v with host %s", lobby.Seats, host)
	}
	if _, seated := lobby.seatOf(ben.User); !seated {
		t.Fatalf("Ben is not in the rematch: %+v", lobby.Seats)
	}
	if !strings.Contains(strings.Join(answers, "\n"), "You opened a rematch") || !strings.Contains(strings.Join(answers, "\n"), "You joined the rematch") {
		t.Fatalf("the two clickers were answered %q", answers)
	}
	out := lobby.Out
	f.svc.liveMu.Lock()
	lg := f.svc.live[lobbyRec.ID]
	f.svc.liveMu.Unlock()
	if lg != nil {
		out = lg.ledger()
	}
	if out.Board.ID == "" {
		t.Fatal("the rematch lobby's message was not recorded")
	}
	if _, text := f.click(ben, rematch, "ann", false); !strings.Contains(text, "already in the rematch") || !strings.Contains(text, out.Board.ID) {
		t.Fatalf("a second Rematch click: %q", text)
	}
	if _, text := f.click(cy, rematch, "ann", false); !strings.Contains(text, "Join") {
		t.Fatalf("a stranger's Rematch with a lobby open: %q", text)
	}

	f.click(Actor{User: host, Guild: "g", Channel: "c"}, customID{Verb: verbCancel, Game: lobbyRec.ID}.String(), out.Board.ID, false)
	if _, text := f.click(ben, rematch, "ann", false); !strings.Contains(text, "You opened a rematch") {
		t.Fatalf("Rematch after the lobby was cancelled: %q", text)
	}
	again := lobbies()
	if len(again) != 1 || again[0].ID == lobbyRec.ID {
		t.Fatalf("after the cancelled rematch, open lobbies %v", again)
	}
	if _, tb := f.table(again[0].ID); tb.Host != ben.User || len(tb.Invited) != 1 || tb.Invited[0].User != ada.User {
		t.Fatalf("the second rematch: host %s, invited %+v", tb.Host, tb.Invited)
	}
}

// A player replaced with a new player who comes back before anyone takes
// the seat takes it back, as anyone not at the table may: the seat's
// history names them twice, with the AI between.
func TestAReplacedPlayerMayTakeTheirSeatBack(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	f.play(id, board)
	if got := f.svc.Replace(ctx, ada, "", ben.User, true).Content; !strings.Contains(got, "open to a new player") {
		t.Fatalf("/replace with a new player answered %q", got)
	}
	_, tb := f.table(id)
	take := customID{Verb: verbTake, Game: id, Target: 1}.String()
	if _, text := f.click(ben, take, tb.Invites[0].Msg.ID, false); strings.Contains(text, "already") {
		t.Fatalf("Ben taking his seat back was answered %q", text)
	}
	_, tb = f.table(id)
	if tb.Seats[1].User != ben.User || tb.Seats[1].AI || len(tb.Invites) != 0 {
		t.Fatalf("after Ben took his seat back: seat %+v, invites %+v", tb.Seats[1], tb.Invites)
	}
	if got := tb.playedBy(f.svc.tableSay(tb), 1); !strings.HasPrefix(got, "Ben (replaced at move ") || !strings.HasSuffix(got, ", then Ben") {
		t.Fatalf("the seat is played by %q", got)
	}
}

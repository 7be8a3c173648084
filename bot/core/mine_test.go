package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

func TestMyGamesListsEveryServerAndMarksYourMove(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// A game the two finished is theirs no more to play: /mygames leaves
	// it out, and it waits for nobody.
	done, _ := f.game()
	f.playToEnd(done)
	id, _ := f.game()
	elsewhere := Actor{User: ada.User, Name: "Ada", Guild: "h", Channel: "d"}
	f.svc.NewGame(ctx, elsewhere, "thatslife", nil, Setup{}, &responder{original: MessageRef{Channel: "d", ID: "901"}})

	// Asked in a DM with the bot: no server, no channel.
	got := f.svc.MyGames(ctx, Actor{User: ada.User, Name: "Ada"})
	if !got.Private {
		t.Error("/mygames answered in public")
	}
	for _, want := range []string{"That's Life!", "lobby, 1 joined", "https://discord.com/channels/g/c/900"} {
		if !strings.Contains(got.Content, want) {
			t.Errorf("/mygames lacks %q:\n%s", want, got.Content)
		}
	}
	if n := strings.Count(got.Content, "That's Life!"); n != 2 {
		t.Errorf("/mygames lists %d games, want the running one and the lobby:\n%s", n, got.Content)
	}
	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	st, _ := f.svc.decodeState(rec.Game, tb)
	mover, waiter := ada, ben
	if st.Active()[0] == 1 {
		mover, waiter = ben, ada
	}
	if got := f.svc.MyGames(ctx, mover).Content; !strings.Contains(got, "1 is waiting for you") || !strings.Contains(got, "your move") {
		t.Errorf("the player to move is not told so:\n%s", got)
	}
	if got := f.svc.MyGames(ctx, waiter).Content; strings.Contains(got, "your move") || !strings.Contains(got, "waiting for "+mover.Name) {
		t.Errorf("the waiting player's list is wrong:\n%s", got)
	}
	if got := f.svc.MyGames(ctx, Actor{User: "99", Name: "Cy"}).Content; !strings.Contains(got, "not in any game") {
		t.Errorf("a stranger's /mygames: %q", got)
	}
}

func TestGameLogPagesTheWholeNarration(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	f.playOut(id, board)
	rec, _ := f.store.Get(ctx, id)
	tb, _ := decodeTable(rec)
	lines, err := f.svc.narration(f.svc.words.In(i18n.English), rec, tb)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 3*len(tb.Recent) {
		t.Fatalf("the narration has %d lines for a whole game", len(lines))
	}

	first := f.svc.GameLog(ctx, ada, id, 0)
	if !first.Private || !strings.Contains(first.Content, "page 1 of") || !strings.Contains(first.Content, "The game begins") {
		t.Fatalf("a finished game's log does not open at its start:\n%s", first.Content)
	}
	// Walk the pages with the buttons as a reader would; together they
	// hold every line, in order.
	var read []string
	m := first
	for pages := 0; ; pages++ {
		if len(m.Content) > maxContent {
			t.Fatalf("page of %d characters", len(m.Content))
		}
		body := m.Content[strings.Index(m.Content, "\n")+1:]
		read = append(read, strings.Split(body, "\n")...)
		if len(m.Rows) == 0 || m.Rows[0][1].Disabled {
			break
		}
		r := &responder{}
		f.svc.Click(ctx, Click{Actor: ben, CustomID: m.Rows[0][1].CustomID, Ephemeral: true}, r)
		kind, next := r.answer()
		if kind != "update" {
			t.Fatalf("turning a page answered %s", kind)
		}
		m = next
		if pages > 100 {
			t.Fatal("the pages never end")
		}
	}
	if strings.Join(read, "\n") != strings.Join(lines, "\n") {
		t.Errorf("the pages do not hold the narration in order: read %d lines, narration has %d", len(read), len(lines))
	}
	for _, l := range tb.Recent {
		if l = f.svc.words.In(i18n.English).Say(l); !strings.Contains(strings.Join(read, "\n"), l) {
			t.Errorf("the board's line %q is not in the log", l)
		}
	}

	// Its players read it wherever they ask, anyone else in the game's
	// channel only: elsewhere, even in the same server, the game is as
	// unknown as an id that was never given.
	if got := f.svc.GameLog(ctx, Actor{User: "7", Name: "Cy", Guild: "g", Channel: "c"}, id, 1).Content; !strings.Contains(got, "page 1") {
		t.Errorf("a member reading in the game's channel cannot read the log: %q", got)
	}
	if got := f.svc.GameLog(ctx, Actor{User: ben.User, Name: "Ben"}, id, 1).Content; !strings.Contains(got, "page 1") {
		t.Errorf("a player asking in a DM cannot read the log: %q", got)
	}
	unknown := f.svc.GameLog(ctx, ada, "999999", 0).Content
	for _, elsewhere := range []Actor{
		{User: "7", Name: "Cy", Guild: "g", Channel: "other"},
		{User: "7", Name: "Cy", Guild: "h", Channel: "x"},
		{User: "7", Name: "Cy"},
	} {
		if got := f.svc.GameLog(ctx, elsewhere, id, 1).Content; got != unknown {
			t.Errorf("Cy asking in %q of %q was told %q, want what an unknown id gets: %q", elsewhere.Channel, elsewhere.Guild, got, unknown)
		}
	}
	if got := f.svc.GameLog(ctx, Actor{User: ada.User}, "", 0).Content; !strings.Contains(got, "`"+id+"`") {
		t.Errorf("/log without a game does not show the latest one: %q", got)
	}
	if got := f.svc.GameLog(ctx, ada, "zzz", 0).Content; !strings.Contains(got, "no game with that id") {
		t.Errorf("/log of an unknown game: %q", got)
	}
	// The finished board points at the log.
	st, _ := f.svc.decodeState(rec.Game, tb)
	final, err := f.svc.boardMessage(&snapshot{rec: rec, t: tb, st: st, info: thatslife.Game{}.Info()})
	if err != nil || !strings.Contains(final.Content, "/log game:"+id) {
		t.Errorf("the final board does not point at the log (%v): %q", err, final.Content)
	}
}

func TestGameChoicesSuggestYourGames(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, board := f.game()
	f.playOut(id, board)
	open, _ := f.game()
	if got := f.svc.GameChoices(ctx, ada, "", false); len(got) != 1 || got[0].Value != open {
		t.Errorf("open games suggested: %+v, want only %s", got, open)
	}
	got := f.svc.GameChoices(ctx, ada, "", true)
	if len(got) != 2 || got[0].Value != open || got[1].Value != id {
		t.Errorf("all games suggested: %+v, want %s then %s", got, open, id)
	}
	if !strings.Contains(got[1].Name, "finished") || !strings.Contains(got[1].Name, "Ada, Ben") {
		t.Errorf("a suggestion reads %q", got[1].Name)
	}
	if got := f.svc.GameChoices(ctx, ada, "FINISHED", true); len(got) != 1 || got[0].Value != id {
		t.Errorf("typing filters nothing: %+v", got)
	}
	// A German player finds it by its German name, its English one or
	// its id.
	for _, typed := range []string{"verflixxt", "that's", "thatslife"} {
		if got := f.svc.GameChoices(ctx, in(ada, "de"), typed, false); len(got) != 1 || got[0].Value != open || !strings.HasPrefix(got[0].Name, "Verflixxt!") {
			t.Errorf("a German player typing %q is offered %+v", typed, got)
		}
	}
	// A stranger in the channel is offered the channel's open game.
	if got := f.svc.GameChoices(ctx, Actor{User: "7", Guild: "g", Channel: "c"}, "", false); len(got) != 1 || got[0].Value != open {
		t.Errorf("the channel's games are not suggested: %+v", got)
	}
}

func TestNamesCannotFormatMessages(t *testing.T) {
	for in, want := range map[string]string{
		"**Bo** _b_":     `\*\*Bo\*\* \_b\_`,
		"<@123> ||x||":   `\<@​123\> \|\|x\|\|`,
		"@everyone":      "@\u200beveryone",
		"# [x](http://)": `\# \[x\]\(http\://\)`,
		"王小明":            "王小明",
	} {
		if got := escapeText(in); got != want {
			t.Errorf("escapeText(%q) = %q, want %q", in, got, want)
		}
	}
	f := newFixture(t)
	ctx := context.Background()
	f.svc.NewGame(ctx, Actor{User: "1", Name: "**Big** ~~Ada~~", Guild: "g", Channel: "c"}, "thatslife", nil, Setup{}, &responder{original: MessageRef{Channel: "c", ID: "900"}})
	recs, _ := f.store.List(ctx, storage.Filter{})
	tb, _ := decodeTable(recs[0])
	lobby := f.svc.lobbyMessage(&snapshot{rec: recs[0], t: tb, info: thatslife.Game{}.Info()})
	if !strings.Contains(lobby.Content, `\*\*Big\*\* \~\~Ada\~\~`) {
		t.Errorf("the lobby shows a name unescaped:\n%s", lobby.Content)
	}
}

func TestLobbiesExpireWithALine(t *testing.T) {
	f := newFixture(t)
	clock := &stepClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	f.svc.cfg.Clock, f.svc.cfg.LobbyExpiry = clock, 24*time.Hour
	ctx := context.Background()
	board := MessageRef{Channel: "c", ID: "900"}
	f.svc.NewGame(ctx, ada, "thatslife", nil, Setup{}, &responder{original: board})
	recs, _ := f.store.List(ctx, storage.Filter{})
	id := recs[0].ID
	clock.add(23 * time.Hour)
	f.svc.Sweep(ctx)
	if rec, _ := f.store.Get(ctx, id); rec.Status != storage.Lobby {
		t.Fatalf("the lobby closed early: status %v", rec.Status)
	}
	clock.add(time.Hour)
	f.svc.Sweep(ctx)
	if rec, _ := f.store.Get(ctx, id); rec.Status != storage.Cancelled {
		t.Fatalf("the lobby did not expire: status %v", rec.Status)
	}
	f.waitEdit(board.ID, "closed after 1 day without a start")
	r := &responder{}
	f.svc.Click(ctx, Click{Actor: ben, CustomID: customID{Verb: verbJoin, Game: id}.String(), Message: board.ID}, r)
	if _, m := r.answer(); m == nil || !strings.Contains(m.Content, "closed") {
		t.Errorf("joining an expired lobby answered %+v", m)
	}
}

func TestCapsOnLobbiesAndChannelGames(t *testing.T) {
	f := newFixture(t)
	f.svc.cfg.MaxLobbies, f.svc.cfg.MaxChannelGames = 1, 2
	ctx := context.Background()
	open := func(a Actor) string {
		r := &responder{original: MessageRef{Channel: a.Channel, ID: "9" + a.User}}
		f.svc.NewGame(ctx, a, "thatslife", nil, Setup{}, r)
		_, m := r.answer()
		return m.Content
	}
	if got := open(ada); !strings.Contains(got, "Join") {
		t.Fatalf("the first lobby was refused: %q", got)
	}
	if got := open(Actor{User: ada.User, Name: "Ada", Guild: "g", Channel: "elsewhere"}); !strings.Contains(got, "already host 1 open lobbies") {
		t.Errorf("a second lobby by the same host: %q", got)
	}
	if got := open(ben); !strings.Contains(got, "Join") {
		t.Fatalf("another person's lobby was refused: %q", got)
	}
	if got := open(Actor{User: "3", Name: "Cy", Guild: "g", Channel: "c"}); !strings.Contains(got, "channel already has 2 games open") {
		t.Errorf("a third game in the channel: %q", got)
	}
	if n := len(mustList(t, f.store)); n != 2 {
		t.Errorf("%d records after refusals, want 2", n)
	}
}

// Lobbies opened at the same moment count against the caps together: the
// caps are part of the commit, not only a look before it.
func TestCapsHoldWhenLobbiesOpenAtOnce(t *testing.T) {
	f := newFixture(t)
	f.svc.cfg.MaxLobbies, f.svc.cfg.MaxChannelGames = 3, 10
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			host := ada
			if i >= 10 {
				host = Actor{User: fmt.Sprint(100 + i), Name: fmt.Sprint("P", i), Guild: "g", Channel: "c"}
			}
			f.svc.NewGame(ctx, host, "thatslife", nil, Setup{}, &responder{original: MessageRef{Channel: "c", ID: fmt.Sprint(9000 + i)}})
		})
	}
	wg.Wait()
	recs := mustList(t, f.store)
	hosted := 0
	for _, r := range recs {
		if r.Users[0] == ada.User {
			hosted++
		}
	}
	if len(recs) > 10 || hosted > 3 {
		t.Fatalf("20 lobbies opened at once left %d games in the channel, %d hosted by Ada; the caps are 10 and 3", len(recs), hosted)
	}
	if len(recs) != 10 {
		t.Errorf("%d lobbies were opened, want the channel's 10 filled", len(recs))
	}
}

func mustList(t *testing.T, s storage.Store) []storage.Record {
	t.Helper()
	recs, err := s.List(context.Background(), storage.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// waitEdit waits for delivery to edit a message to show want.
func (f *fixture) waitEdit(id, want string) {
	f.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(f.p.lastEdit(id), want) {
		if time.Now().After(deadline) {
			f.t.Fatalf("message %s never showed %q; last edit %q", id, want, f.p.lastEdit(id))
		}
		time.Sleep(time.Millisecond)
	}
}

// The log is the channel's story: what a game told one player alone (the
// card they picked, what was passed to them) never enters it.
func TestGameLogLeavesOutPrivateLines(t *testing.T) {
	g := lagom.Game{}
	tb := &table{Game: "lagom", Host: "1", Seed: 8, Seats: []seat{{User: "1", Name: "Ada"}, {User: "2", Name: "Ben"}, {User: "3", Name: "Cy"}}}
	st, err := g.New(tb.config())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	private := map[string]bool{}
	public := 0
	for len(st.Active()) > 0 {
		seat := st.Active()[0]
		a := games.RandomPolicy{}.Choose(st, seat, rng)
		events, err := st.Apply(seat, a)
		if err != nil {
			t.Fatal(err)
		}
		tb.Log = append(tb.Log, logEntry{Seat: seat, Action: a.String()})
		for _, e := range events {
			if e.Public() {
				public++
			} else {
				private[e.Format(tb.textNames())] = true
			}
		}
	}
	if len(private) == 0 {
		t.Fatal("the game told nobody anything privately")
	}
	s := &Service{games: games.NewRegistry(g)}
	lines, err := s.narration(coreWords().In(i18n.English), storage.Record{Game: "lagom", Status: storage.Over}, tb)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < public {
		t.Fatalf("the log has %d lines for %d public events", len(lines), public)
	}
	for _, l := range lines {
		if private[l] {
			t.Errorf("the log shows the private line %q", l)
		}
	}
}

// dashboardLine is the line of /mygames that names the game id, and its
// place among the lines; -1 when the game is not listed.
func dashboardLine(m *Message, id string) (int, string) {
	for n, l := range strings.Split(m.Content, "\n") {
		if strings.Contains(l, "`"+id+"`") {
			return n, l
		}
	}
	return -1, ""
}

// A player of several games reads each one's title, number, place,
// opponents, turn and clock on /mygames, those waiting for them first and
// the one due soonest first, each with a link to the message holding
// their buttons: the living DM in a game with hidden hands.
func TestMyGamesDashboard(t *testing.T) {
	f, _, clock := clockedFixture(t)
	f.svc.games = games.NewRegistry(thatslife.Game{}, lagom.Game{})
	f.turns = Setup{Clock: "1d"}
	ctx := context.Background()
	load := func(id string) (*table, games.State) {
		rec, tb := f.table(id)
		return tb, mustState(t, f.svc, rec, tb)
	}
	done, _ := f.game()
	f.playToEnd(done)
	hidden, _ := f.open("lagom")
	clock.Advance(time.Hour)
	here, hereBoard := f.game()
	clock.Advance(time.Hour)
	cy := Actor{User: "3", Name: "Cy", Guild: "h", Channel: "d"}
	there, thereBoard := f.openBy("thatslife", cy, Actor{User: ada.User, Name: "Ada", Guild: "h", Channel: "d"})
	// The living DMs are saved with the ledger once the game is quiet.
	deadline := time.Now().Add(5 * time.Second)
	for out, _ := f.storedLedger(hidden); out.Players[ada.User] == nil || out.Players[ada.User].View.ID == ""; out, _ = f.storedLedger(hidden) {
		if time.Now().After(deadline) {
			t.Fatal("Ada's living DM was never saved")
		}
		clock.Advance(time.Minute)
		time.Sleep(time.Millisecond)
	}

	// The two That's Life! tables seat Ada first and second, and a seat
	// begins the same way in both: one of them waits for her.
	_, hereState := load(here)
	mine, theirs, theirsBoard, opponent := here, there, thereBoard, "Cy"
	myBoard := JumpLink("g", hereBoard)
	if !games.IsActive(hereState, 0) {
		mine, theirs, theirsBoard, opponent = there, here, hereBoard, "Ben"
		myBoard = JumpLink("h", thereBoard)
	}
	hiddenTable, hiddenState := load(hidden)
	if !games.IsActive(hiddenState, 0) {
		t.Fatal("the Lagom game does not wait for Ada")
	}
	view := hiddenTable.Out.Players[ada.User].View

	got := f.svc.MyGames(ctx, ada)
	if !got.Private || len(got.Content) > maxContent {
		t.Fatalf("/mygames is public or too long (%d characters)", len(got.Content))
	}
	if !strings.Contains(got.Content, "2 are waiting for you") {
		t.Errorf("the heading does not count the waiting games:\n%s", got.Content)
	}
	order := make([]int, 3)
	lines := make([]string, 3)
	for i, id := range []string{hidden, mine, theirs} {
		order[i], lines[i] = dashboardLine(got, id)
	}
	if !(order[0] >= 0 && order[0] < order[1] && order[1] < order[2]) {
		t.Errorf("games in the order %v, want the Lagom due first, the other game waiting for Ada next, then the one waiting for %s:\n%s", order, opponent, got.Content)
	}
	if n, _ := dashboardLine(got, done); n >= 0 {
		t.Errorf("the finished game %s is listed:\n%s", done, got.Content)
	}
	hiddenDue := hiddenTable.Clock.Seats[0].Due.Unix()
	for _, want := range []string{"👉 **Lagom**", "<#c> in this server", "vs Ben", "**your move**", fmt.Sprintf("due <t:%d:R>", hiddenDue), "active <t:", "[your buttons](" + JumpLink("", view) + ")"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the hidden-hand game's line lacks %q: %s", want, lines[0])
		}
	}
	if !strings.Contains(lines[1], "👉 **That's Life!**") || !strings.Contains(lines[1], "[your buttons]("+myBoard+")") {
		t.Errorf("the That's Life! game waiting for Ada does not link its board %s: %s", myBoard, lines[1])
	}
	if !strings.Contains(lines[2], "▫️ **That's Life!**") || !strings.Contains(lines[2], "waiting for "+opponent+", due <t:") || strings.Contains(lines[2], "your move") {
		t.Errorf("the game waiting for %s reads: %s", opponent, lines[2])
	}
	_, thereLine := dashboardLine(got, there)
	_, hereLine := dashboardLine(got, here)
	if !strings.Contains(thereLine, "<#d> in another server") || !strings.Contains(thereLine, "vs Cy") ||
		!strings.Contains(hereLine, "<#c> in this server") || !strings.Contains(hereLine, "vs Ben") {
		t.Errorf("the two That's Life! games are not told apart:\n%s\n%s", hereLine, thereLine)
	}
	_, boardLine := dashboardLine(got, theirs)
	if board := JumpLink(map[string]string{here: "g", there: "h"}[theirs], theirsBoard); !strings.Contains(boardLine, "[board]("+board+")") {
		t.Errorf("the game waiting for someone else does not link its board %s: %s", board, boardLine)
	}
	// Nothing of Ada's hand is on it.
	for _, c := range hiddenState.Legal(0) {
		if strings.Contains(got.Content, c.Label) {
			t.Errorf("/mygames shows Ada's choice %q", c.Label)
		}
	}
	// Asked in a DM, no game is in "this server".
	if dm := f.svc.MyGames(ctx, Actor{User: ada.User, Name: "Ada"}); strings.Contains(dm.Content, "this server") {
		t.Errorf("/mygames in a DM places a game in this server:\n%s", dm.Content)
	}

	// Next leads through the waiting games in the dashboard's order, and
	// round again.
	if len(got.Rows) != 1 || got.Rows[0][0].Label != "Next game waiting for me" || got.Rows[0][0].Disabled {
		t.Fatalf("/mygames has no Next button: %+v", got.Rows)
	}
	next := func(m *Message) *Message {
		t.Helper()
		r := &responder{}
		f.svc.Click(ctx, Click{Actor: ada, CustomID: m.Rows[0][0].CustomID, Ephemeral: true}, r)
		kind, ans := r.answer()
		if kind != "reply" || !ans.Private || len(ans.Rows) != 1 {
			t.Fatalf("Next answered %s %+v", kind, ans)
		}
		return ans
	}
	first := next(got)
	if !strings.Contains(first.Content, "(1 of 2)") || !strings.Contains(first.Content, JumpLink("", view)) {
		t.Errorf("Next does not lead to the Lagom DM first:\n%s", first.Content)
	}
	second := next(first)
	if !strings.Contains(second.Content, "(2 of 2)") || !strings.Contains(second.Content, myBoard) {
		t.Errorf("Next does not lead to the That's Life! board second:\n%s", second.Content)
	}
	if again := next(second); !strings.Contains(again.Content, "(1 of 2)") {
		t.Errorf("Next does not come round again:\n%s", again.Content)
	}
	// Once Ada has moved in one, Next leads only to the other.
	for {
		who, cid := f.legalClick(mine)
		if who.User != ada.User {
			break
		}
		f.svc.Click(ctx, Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
	}
	if ans := next(got); !strings.Contains(ans.Content, "(1 of 1)") || !strings.Contains(ans.Content, JumpLink("", view)) {
		t.Errorf("Next after Ada moved:\n%s", ans.Content)
	}
}

// Hundreds of open games and a long history are read with one list of the
// open games per page, and pages of at most a message each hold every
// game once.
func TestMyGamesPagesHundredsOfGames(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	const closed, open = 600, 200
	seedHistory(t, f.store, closed, 8)
	id, _ := f.game()
	rec, err := f.store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{id: true}
	for range open - 1 {
		rec.ID = ""
		made, err := f.store.Create(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		ids[made.ID] = true
	}
	waitIdle(t, f.svc)
	counted := &countingStore{Store: f.store}
	f.svc.store = counted

	m := f.svc.MyGames(ctx, ada)
	seen := map[string]bool{}
	for pages := 1; ; pages++ {
		if n := counted.listed.Swap(0); n != open {
			t.Fatalf("page %d read %d games, want the %d open ones alone", pages, n, open)
		}
		if len(m.Content) > maxContent || len(m.Rows) > maxRows {
			t.Fatalf("page %d: %d characters, %d rows", pages, len(m.Content), len(m.Rows))
		}
		for _, c := range m.Rows[0] {
			if len(c.CustomID) > 100 || len(c.Label) > maxLabel {
				t.Fatalf("component %+v passes Discord's limits", c)
			}
		}
		for g := range ids {
			if n, _ := dashboardLine(m, g); n >= 0 {
				if seen[g] {
					t.Fatalf("game %s is on two pages", g)
				}
				seen[g] = true
			}
		}
		if len(m.Rows[0]) != 3 || m.Rows[0][2].Label != "Later ▶" {
			t.Fatalf("page %d has no page buttons: %+v", pages, m.Rows)
		}
		if m.Rows[0][2].Disabled {
			if pages < 5 {
				t.Errorf("%d pages for %d games", pages, open)
			}
			break
		}
		r := &responder{}
		f.svc.Click(ctx, Click{Actor: ada, CustomID: m.Rows[0][2].CustomID, Ephemeral: true}, r)
		kind, next := r.answer()
		if kind != "update" || !strings.Contains(next.Content, fmt.Sprintf("page %d of", pages+1)) {
			t.Fatalf("turning to page %d answered %s %q", pages+1, kind, next.Content)
		}
		m = next
		if pages > open {
			t.Fatal("the pages never end")
		}
	}
	if len(seen) != open {
		t.Errorf("the pages list %d of the %d open games", len(seen), open)
	}
}

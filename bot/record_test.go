package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/lifebot/lifebot/bot/discordtest"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/storage"
)

// storedGame returns the one game in the harness's store and its data as
// raw fields.
func storedGame(t testing.TB, h *harness) (storage.Record, map[string]json.RawMessage) {
	t.Helper()
	recs, err := h.store.List(h.ctx(), storage.Filter{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("stored games: %d, %v; want one", len(recs), err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(recs[0].Data, &fields); err != nil {
		t.Fatal(err)
	}
	return recs[0], fields
}

// waitBoardRecorded waits until game id's record names its board message.
func (h *harness) waitBoardRecorded(id string) {
	h.t.Helper()
	waitUntil(h.t, h, func() bool {
		rec, err := h.store.Get(context.Background(), id)
		return err == nil && recordedBoard(rec.Data) != ""
	})
}

// recordedBoard is the id of the board message a stored game names, ""
// while it names none.
func recordedBoard(data []byte) string {
	var t struct {
		Out struct {
			Board struct {
				ID string `json:"m"`
			} `json:"board"`
		} `json:"out"`
	}
	if json.Unmarshal(data, &t) != nil {
		return ""
	}
	return t.Out.Board.ID
}

// replayRecord rebuilds a stored game with the engine alone, from the
// fields a record promises are enough: seats, options, seed, content and
// the log of decisions.
func replayRecord(t testing.TB, g games.Game, fields map[string]json.RawMessage) games.State {
	t.Helper()
	var rec struct {
		Seats   []json.RawMessage `json:"seats"`
		Options games.Options     `json:"options"`
		Seed    uint64            `json:"seed"`
		Content string            `json:"content"`
		Log     []struct {
			Seat   games.Seat `json:"s"`
			Action string     `json:"a"`
		} `json:"log"`
	}
	raw, _ := json.Marshal(fields)
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Seats: len(rec.Seats), Options: rec.Options, Seed: rec.Seed, Content: rec.Content})
	if err != nil {
		t.Fatal(err)
	}
	for n, e := range rec.Log {
		a, err := games.ParseAction(e.Action)
		if err == nil {
			_, err = st.Apply(e.Seat, a)
		}
		if err != nil {
			t.Fatalf("decision %d of the record: %v", n+1, err)
		}
	}
	return st
}

// checkRecordReplays checks that the stored state is exactly what the
// record's setup and log replay to.
func checkRecordReplays(t testing.TB, h *harness, g games.Game) {
	t.Helper()
	_, fields := storedGame(t, h)
	saved := fields["state"]
	got, err := replayRecord(t, g, fields).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, saved) {
		t.Errorf("the record's log replays to a different state than the one saved:\n%s\n%s", got, saved)
	}
}

// A saved state the engine can no longer read (its saved form changed in
// an upgrade, say) is rebuilt from the record's move log, and the game
// goes on from where it was.
func TestUnreadableStateIsRebuiltFromTheLog(t *testing.T) {
	t.Parallel()
	h := thatsLifeHarness(t)
	ada, ben, lobby := h.twoPlayerGame()
	players := []discordtest.User{ada, ben}
	move := func() {
		t.Helper()
		board := h.fake.Message(lobby.ID)
		u, _ := activeUser(t, board, players)
		h.click(u, board, plays(board)[0].CustomID)
	}
	for range 3 {
		move()
	}
	checkRecordReplays(t, h, thatslife.Game{})
	// The bot is stopped while the record is spoilt: it writes the record
	// by itself too (the delivery ledger), which would race the change.
	h.stop()
	store, err := storage.OpenBolt(h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	h.store = store
	rec, fields := storedGame(t, h)
	var logBefore []json.RawMessage
	json.Unmarshal(fields["log"], &logBefore)
	fields["state"] = json.RawMessage(`{"v":999}`)
	rec.Data, _ = json.Marshal(fields)
	if _, err := store.Put(h.ctx(), rec); err != nil {
		t.Fatal(err)
	}
	store.Close()
	h.start()

	move()
	_, fields = storedGame(t, h)
	var logAfter []json.RawMessage
	json.Unmarshal(fields["log"], &logAfter)
	if len(logAfter) <= len(logBefore) {
		t.Fatalf("log has %d decisions after the move, had %d: the move was not applied", len(logAfter), len(logBefore))
	}
	checkRecordReplays(t, h, thatslife.Game{})
}

// A game with versioned content records the version it was dealt from,
// and its record replays to the saved state.
func TestRecordNamesTheContentVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, games.NewRegistry(lagom.Game{}), textRenderer{})
	ada, ben := h.fake.AddUser("Ada"), h.fake.AddUser("Ben")
	board := h.command(ada, "newgame lagom", nil).Message
	h.click(ben, h.fake.Message(board.ID), buttonLabelled(t, h.fake.Message(board.ID), "Join"))
	h.click(ada, h.fake.Message(board.ID), buttonLabelled(t, h.fake.Message(board.ID), "Start"))
	_, fields := storedGame(t, h)
	var content string
	json.Unmarshal(fields["content"], &content)
	fresh, err := lagom.Game{}.New(games.Config{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := fresh.(games.Versioned).Content(); content != want {
		t.Errorf("record names content %q, want the current card set %q", content, want)
	}
	checkRecordReplays(t, h, lagom.Game{})
}

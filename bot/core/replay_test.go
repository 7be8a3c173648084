package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/alife"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/lagom"
	"github.com/lifebot/lifebot/games/life"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/games/yodo"
	"github.com/lifebot/lifebot/render"
	"github.com/lifebot/lifebot/storage"
)

// The bot's renderer makes replays.
var _ Animator = (*render.Renderer)(nil)

// filmRenderer "draws" a view as its JSON and records every view it is
// given; as an Animator it makes a GIF of one tiny frame per board.
type filmRenderer struct {
	mu    sync.Mutex
	views []any
	films int
}

func (r *filmRenderer) Board(view any, _ []string, _ i18n.Lang) ([]byte, error) {
	r.mu.Lock()
	r.views = append(r.views, view)
	r.mu.Unlock()
	return json.Marshal(view)
}

func (r *filmRenderer) Animate(frames int, board func(int) ([]byte, error)) ([]byte, error) {
	r.mu.Lock()
	r.films++
	r.mu.Unlock()
	pal := color.Palette{color.Black, color.White}
	g := &gif.GIF{}
	for i := range frames {
		if _, err := board(i); err != nil {
			return nil, err
		}
		g.Image = append(g.Image, image.NewPaletted(image.Rect(0, 0, 1, 1), pal))
		g.Delay = append(g.Delay, 10)
	}
	var buf bytes.Buffer
	err := gif.EncodeAll(&buf, g)
	return buf.Bytes(), err
}

// filmPlatform is the scripted platform, keeping the images sent too.
type filmPlatform struct {
	*platform
	mu     sync.Mutex
	images []Image
	// refuse, when set, fails a send before it reaches the platform; it
	// runs under mu.
	refuse func(m *Message) error
}

func (p *filmPlatform) Send(ctx context.Context, channel string, m *Message) (MessageRef, error) {
	p.mu.Lock()
	var err error
	if p.refuse != nil {
		err = p.refuse(m)
	}
	p.mu.Unlock()
	if err != nil {
		return MessageRef{}, err
	}
	ref, err := p.platform.Send(ctx, channel, m)
	if err == nil && m.Image != nil {
		p.mu.Lock()
		p.images = append(p.images, *m.Image)
		p.mu.Unlock()
	}
	return ref, err
}

// replays returns the replays sent for a game.
func (p *filmPlatform) replays(id string) []Image {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Image
	for _, im := range p.images {
		if im.Name == "replay-"+id+".gif" {
			out = append(out, im)
		}
	}
	return out
}

// sentTexts returns the texts of the messages sent to channel, in order:
// a player's DM lane may still be sending while the game ends.
func (p *filmPlatform) sentTexts(channel string) []string {
	p.platform.mu.Lock()
	defer p.platform.mu.Unlock()
	var out []string
	for _, s := range p.log {
		if s.op == "send" && s.ref.Channel == channel {
			out = append(out, s.text)
		}
	}
	return out
}

func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// playToEnd clicks the first legal choice for whoever must act until the
// game is over.
func (f *fixture) playToEnd(id string) {
	f.t.Helper()
	for range maxAutoSteps {
		rec, err := f.store.Get(context.Background(), id)
		if err != nil {
			f.t.Fatal(err)
		}
		if rec.Status == storage.Over {
			return
		}
		who, cid := f.legalClick(id)
		f.svc.Click(context.Background(), Click{Actor: who, CustomID: cid, Message: "elsewhere", Ephemeral: true}, &responder{})
	}
	f.t.Fatal("the game never ended")
}

// turnsOf counts the turns of a recorded game, replaying it apart from
// the code under test: each time the seats to act change.
func turnsOf(t *testing.T, g games.Game, tb *table) int {
	t.Helper()
	st, err := g.New(tb.config())
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	before := fmt.Sprint(slices.Sorted(slices.Values(st.Active())))
	for _, e := range tb.Log {
		a, err := games.ParseAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(e.Seat, a); err != nil {
			t.Fatal(err)
		}
		if now := fmt.Sprint(slices.Sorted(slices.Values(st.Active()))); now != before {
			turns++
			before = now
		}
	}
	return turns
}

func gifFrames(t *testing.T, data []byte) int {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the replay is not a GIF: %v", err)
	}
	return len(g.Image)
}

func (f *fixture) film() (*filmRenderer, *filmPlatform) {
	r := &filmRenderer{}
	p := &filmPlatform{platform: f.p}
	f.svc.cfg.Renderer, f.svc.cfg.Discord = r, p
	return r, p
}

// A finished game posts its replay once, after the closing announcement:
// one frame at the start and one after each turn.
func TestFinishedGamePostsItsReplayOnce(t *testing.T) {
	f := newFixture(t)
	_, p := f.film()
	id, _ := f.game()
	f.playToEnd(id)
	waitFor(t, "the replay", func() bool { return len(p.replays(id)) > 0 })
	f.svc.Sweep(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	replays := p.replays(id)
	if len(replays) != 1 {
		t.Fatalf("%d replays sent, want 1", len(replays))
	}
	rec, _ := f.store.Get(context.Background(), id)
	tb, _ := decodeTable(rec)
	turns := turnsOf(t, thatslife.Game{}, tb)
	want := min(turns+1, maxReplayFrames)
	t.Logf("%d decisions, %d turns", len(tb.Log), turns)
	if got := gifFrames(t, replays[0].Data); got != want {
		t.Errorf("the replay has %d frames; the game had %d turns, so want %d", got, turns, want)
	}
	if replays[0].Alt == "" {
		t.Error("the replay has no description")
	}
	texts := p.sentTexts("c")
	over := slices.IndexFunc(texts, func(s string) bool { return strings.Contains(s, "is over") })
	film := slices.IndexFunc(texts, func(s string) bool { return strings.Contains(s, "again, turn by turn") })
	if over < 0 || film != over+1 {
		t.Errorf("the replay is message %d, want the one right after the announcement (message %d)", film, over)
	}
	if !tb.Out.Replayed {
		t.Error("the stored ledger does not record the replay")
	}
}

// The replay is sent once however its delivery goes: a send that fails is
// tried again until it lands, and then neither the sweep nor a new
// process that delivers what the game owes sends it again.
func TestReplayIsSentOnceAcrossFailuresAndRestarts(t *testing.T) {
	f := newFixture(t)
	r, p := f.film()
	down := errors.New("discord is down")
	tries := 0
	p.refuse = func(m *Message) error {
		if m.Image == nil || !strings.HasSuffix(m.Image.Name, ".gif") {
			return nil
		}
		tries++
		switch tries {
		case 1:
			return &Temporary{Err: down} // tried again at once
		case 2:
			return down // given up until the sweep
		}
		return nil
	}
	sent := func() int {
		p.mu.Lock()
		defer p.mu.Unlock()
		return tries
	}
	id, _ := f.game()
	f.playToEnd(id)
	waitFor(t, "the replay given up", func() bool { return sent() == 2 })
	if n := len(p.replays(id)); n != 0 {
		t.Fatalf("%d replays landed while Discord refused them", n)
	}
	f.svc.Sweep(context.Background())
	waitFor(t, "the replay tried again", func() bool { return len(p.replays(id)) > 0 })
	f.svc.Sweep(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// A new process delivers whatever the game still owes: nothing.
	svc := New(Config{
		Store: f.store, Games: games.NewRegistry(thatslife.Game{}), Renderer: r,
		Discord: p, Seed: func() uint64 { return 7 }, Backoff: time.Millisecond,
	})
	rec, err := f.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := decodeTable(rec)
	func() {
		unlock := svc.lock(id)
		defer unlock()
		svc.publish(svc.liveLocked(id, tb), &snapshot{rec: rec, t: tb, st: mustState(t, svc, rec, tb), info: thatslife.Game{}.Info()}, "", nil)
	}()
	if err := svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	if n := len(p.replays(id)); n != 1 {
		t.Fatalf("%d replays reached Discord, want 1", n)
	}
	if n := sent(); n != 3 {
		t.Errorf("the replay was sent %d times, want 3: refused, given up, landed", n)
	}
	r.mu.Lock()
	films := r.films
	r.mu.Unlock()
	if films != 2 {
		t.Errorf("the replay was made %d times, want 2: a retry within one delivery reuses it", films)
	}
	announced := 0
	for _, s := range p.sentTexts("c") {
		if strings.Contains(s, "is over") {
			announced++
		}
	}
	if announced != 1 {
		t.Errorf("the game was announced over %d times, want 1", announced)
	}
}

// playedTable plays a whole game between AI players and returns its
// record, as the bot keeps it.
func playedTable(tb testing.TB, g games.Game, seats int, seed uint64) *table {
	tb.Helper()
	return playedTableOf(tb, g, seats, seed, "")
}

// playedTableOf plays a whole game dealt from the content version given
// ("" for the newest) and returns its record with its final state.
func playedTableOf(tb testing.TB, g games.Game, seats int, seed uint64, content string) *table {
	tb.Helper()
	t := &table{Game: g.Info().ID, Seed: seed, Content: content}
	for i := range seats {
		t.Seats = append(t.Seats, seat{Name: aiNames[i], AI: true})
	}
	st, err := g.New(t.config())
	if err != nil {
		tb.Fatal(err)
	}
	ai := g.AI()
	for steps := 0; len(st.Active()) > 0; steps++ {
		if steps == 100*maxAutoSteps {
			tb.Fatal("the game never ended")
		}
		s := st.Active()[0]
		a := aiChoice(ai, t, st, s)
		if _, err := st.Apply(s, a); err != nil {
			tb.Fatal(err)
		}
		t.Log = append(t.Log, logEntry{Seat: s, Action: a.String()})
	}
	state, err := st.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	t.State = state
	return t
}

var playable = []struct {
	game  games.Game
	seats int
}{
	{thatslife.Game{}, 4},
	{life.Game{}, 4},
	{lagom.Game{}, 4},
	{alife.Game{}, 4},
	{yodo.Game{}, 4},
}

// A replay draws only the public board, as the channel showed it: never a
// seat's private view, in any game.
func TestReplayDrawsOnlyThePublicView(t *testing.T) {
	for _, p := range playable {
		id := p.game.Info().ID
		tb := playedTable(t, p.game, p.seats, 11)
		public := map[string]bool{}
		if _, err := tb.walk(p.game, func(_ int, st games.State) error {
			v, _ := json.Marshal(st.View(games.Observer))
			public[string(v)] = true
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		r := &filmRenderer{}
		svc := New(Config{Games: games.NewRegistry(p.game), Renderer: r})
		frames, board, err := svc.replayBoards(p.game, tb)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		var pngs [][]byte
		for i := range frames {
			png, err := board(i)
			if err != nil {
				t.Fatalf("%s: board %d: %v", id, i, err)
			}
			pngs = append(pngs, png)
		}
		if len(pngs) < 2 || len(pngs) > maxReplayFrames || len(r.views) != len(pngs) {
			t.Fatalf("%s: %d boards for %d views drawn, want between 2 and %d", id, len(pngs), len(r.views), maxReplayFrames)
		}
		for i, v := range r.views {
			b, _ := json.Marshal(v)
			// A private view that showed nothing hidden would be one of
			// these too; any other is a seat's own.
			if !public[string(b)] {
				t.Fatalf("%s: frame %d is not the public view of the game at any moment", id, i)
			}
			if lv, ok := v.(life.View); ok && (lv.Seat != games.Observer || lv.Hand != nil) {
				t.Fatalf("life: frame %d shows seat %d's hand", i, lv.Seat)
			}
		}
	}
}

// A game longer than maxReplayFrames turns is shown by an even sample that
// keeps its start and its end.
func TestLongReplayKeepsAnEvenSample(t *testing.T) {
	g := thatslife.Game{}
	tb := playedTable(t, g, 6, 3)
	turns := turnsOf(t, g, tb)
	if turns+1 <= maxReplayFrames {
		t.Fatalf("the game played here had only %d turns: it must have more than %d to be sampled", turns, maxReplayFrames-1)
	}
	moments, err := tb.replayMoments(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(moments) != maxReplayFrames || moments[0] != 0 || moments[len(moments)-1] != tb.moves() {
		t.Fatalf("got %d moments from %d to %d, want %d from 0 to %d", len(moments), moments[0], moments[len(moments)-1], maxReplayFrames, tb.moves())
	}
	if !slices.IsSorted(moments) || len(slices.Compact(slices.Clone(moments))) != len(moments) {
		t.Fatalf("moments out of order or repeated: %v", moments)
	}
}

// BenchmarkReplay builds the replay of a whole four-player game of each
// playable game with the bot's renderer, and reports the GIF's size.
func BenchmarkReplay(b *testing.B) {
	r := render.NewRenderer()
	for _, p := range playable {
		b.Run(p.game.Info().ID, func(b *testing.B) {
			tb := playedTable(b, p.game, p.seats, 1)
			svc := New(Config{Games: games.NewRegistry(p.game), Renderer: r})
			sn := &snapshot{rec: storage.Record{ID: "bench", Game: p.game.Info().ID}, t: tb, info: p.game.Info()}
			var m *Message
			for b.Loop() {
				var err error
				if m, err = svc.replayMessage(sn, r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(m.Image.Data)), "gif-bytes")
			b.ReportMetric(float64(len(tb.Log)), "decisions")
		})
	}
}

// gatedRenderer holds every board it draws until open is closed, and
// counts the draws under way.
type gatedRenderer struct {
	filmRenderer
	open          chan struct{}
	drawing, most atomic.Int64
}

func (r *gatedRenderer) Board(view any, names []string, lang i18n.Lang) ([]byte, error) {
	n := r.drawing.Add(1)
	defer r.drawing.Add(-1)
	for m := r.most.Load(); n > m && !r.most.CompareAndSwap(m, n); m = r.most.Load() {
	}
	<-r.open
	return r.filmRenderer.Board(view, names, lang)
}

// Games that end together have their replays drawn one after the other:
// each holds all its boards until animated, and drawn at once they would
// crowd out the boards of the games still in play.
func TestReplaysAreDrawnOneAtATime(t *testing.T) {
	f := newFixture(t)
	f.film()
	var finished []*snapshot
	for range 2 {
		id, _ := f.game()
		f.playToEnd(id)
		rec, tb := f.table(id)
		finished = append(finished, &snapshot{rec: rec, t: tb, st: mustState(t, f.svc, rec, tb), info: thatslife.Game{}.Info()})
	}
	waitIdle(t, f.svc)

	r := &gatedRenderer{open: make(chan struct{})}
	f.svc.cfg.Renderer = r
	errs := make(chan error, len(finished))
	for i, sn := range finished {
		go func() {
			_, err := f.svc.drawReplay(sn, r)
			errs <- err
		}()
		if i == 0 {
			waitFor(t, "the first replay's first board", func() bool { return r.drawing.Load() == 1 })
		}
	}
	// The second replay has had every chance to start drawing.
	time.Sleep(50 * time.Millisecond)
	if n := r.drawing.Load(); n != 1 {
		t.Fatalf("%d boards drawn at once for two replays, want the second to wait", n)
	}
	close(r.open)
	for range finished {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if r.films != 2 || r.most.Load() != 1 {
		t.Fatalf("%d replays animated, at most %d boards drawn at once; want 2 and 1", r.films, r.most.Load())
	}
}

// A record saved before the game named its content version replays with
// the cards its saved state was dealt from, not the newest: its History
// and catch-up tell the game that was played.
func TestARecordWithoutAContentVersionReplaysWithItsOwnCards(t *testing.T) {
	const first = "93c6384aa28f3128" // A Life's first content
	g := alife.Game{}
	tb := playedTableOf(t, g, 3, 11, first)
	tb.Content = ""
	st, err := tb.replay(g)
	if err != nil {
		t.Fatalf("replaying a record without its content version: %v", err)
	}
	got, _ := st.MarshalBinary()
	if !bytes.Equal(got, tb.State) {
		t.Error("the record replays to another game than the one saved")
	}
	if newest, err := g.New(games.Config{Seats: 3, Seed: 11}); err == nil {
		if v, ok := newest.(games.Versioned); !ok || v.Content() == first {
			t.Fatal("the newest A Life content is the first: the test shows nothing")
		}
	}
}

package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/lifebot/lifebot/bot/rating"
	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/gametest"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// expected replays counted games the way the rules of stats.go say, from
// the plan rather than from stored results.
type expected struct {
	played, wins map[string]int
	ratings      map[string]rating.Rating
}

func expect(plans [][]seatClaim) expected {
	e := expected{played: map[string]int{}, wins: map[string]int{}, ratings: map[string]rating.Rating{}}
	model := rating.Default()
	for _, plan := range plans {
		var points []int
		var before []rating.Rating
		for _, s := range plan {
			points = append(points, s.points)
			r, ok := e.ratings[s.who.User]
			if !ok {
				r = model.New()
			}
			before = append(before, r)
		}
		ranks := games.RankByScore(points)
		after, err := model.RateFreeForAll(before, ranks)
		if err != nil {
			panic(err)
		}
		for i, s := range plan {
			e.played[s.who.User]++
			if ranks[i] == 1 {
				e.wins[s.who.User]++
			}
			e.ratings[s.who.User] = after[i]
		}
	}
	return e
}

func TestStatsCountFinishedGamesOfPeopleOnly(t *testing.T) {
	f := newStatsFixture(t, Config{MinRated: 3})
	ada, ben, cy := person(1), person(2), person(3)
	counted := [][]seatClaim{
		{{who: ada, points: 3}, {who: ben, points: 1}},
		{{who: ben, points: 2}, {who: ada, points: 2}, {who: cy, points: 0}}, // a shared win
		{{who: cy, points: 3}, {who: ada, points: 1}},
		{{who: ada, points: 0}, {who: ben, points: 3}},
	}
	f.play(counted[0], -1)
	f.play(counted[1], -1)
	f.play([]seatClaim{{who: ada, points: 3}, {ai: true}}, -1)
	f.play(counted[2], -1)
	f.play([]seatClaim{{who: ada, points: 3}, {who: cy, points: 0}}, 1)
	f.play(counted[3], -1)
	want := expect(counted)
	ctx := context.Background()
	en := f.svc.words.In(i18n.English)

	for _, p := range []Actor{ada, ben, cy} {
		m := f.svc.Stats(ctx, ada, p.User, "")
		if !m.Private {
			t.Errorf("/stats for %s answered in public", p.Name)
		}
		line := fmt.Sprintf("**Claim**: %s · %s (", plural(want.played[p.User], "game"), plural(want.wins[p.User], "win"))
		mustHave(t, "stats of "+p.Name, m.Content, line)
		if more := 3 - want.played[p.User]; more > 0 {
			mustHave(t, "stats of "+p.Name, m.Content, plural(more, "more game")+" to be ranked")
		} else {
			mustHave(t, "stats of "+p.Name, m.Content, "rating "+ordinal(en, want.ratings[p.User]))
		}
	}
	mustHave(t, "Ada's own stats", f.svc.Stats(ctx, ada, "", "claim").Content, "Not counted: 1 game with AI players, 1 abandoned.")
	mustHave(t, "Ada's own stats", f.svc.Stats(ctx, ada, "", "").Content, "<@"+ada.User+">")

	board := f.svc.Leaderboard(ctx, cy, "claim")
	if board.Private {
		t.Error("/leaderboard answered privately")
	}
	// Ada and Ben have three games or more; Cy has two.
	first, second := ada, ben
	if want.ratings[ben.User].Ordinal() > want.ratings[ada.User].Ordinal() {
		first, second = ben, ada
	}
	mustHave(t, "leaderboard", board.Content, fmt.Sprintf("1. <@%s> · %s · %s", first.User, ordinal(en, want.ratings[first.User]), plural(want.played[first.User], "game")))
	mustHave(t, "leaderboard", board.Content, fmt.Sprintf("2. <@%s> · %s", second.User, ordinal(en, want.ratings[second.User])))
	mustHave(t, "leaderboard", board.Content, "You: 2 games · 1 win (50%) · 1 more game to be ranked")
	mustHave(t, "leaderboard", board.Content, "4 counted games")
}

func TestAIGamesCountWhenConfiguredRatingPeopleAmongThemselves(t *testing.T) {
	f := newStatsFixture(t, Config{MinRated: 1, CountAI: true})
	ada, ben := person(1), person(2)
	f.play([]seatClaim{{who: ada, points: 1}, {ai: true}, {who: ben, points: 2}}, -1)
	want := expect([][]seatClaim{{{who: ada, points: 1}, {who: ben, points: 2}}})
	en := f.svc.words.In(i18n.English)
	m := f.svc.Leaderboard(context.Background(), ada, "claim").Content
	mustHave(t, "leaderboard", m, fmt.Sprintf("1. <@%s> · %s · 1 game · 1 win (100%%)", ben.User, ordinal(en, want.ratings[ben.User])))
	mustHave(t, "leaderboard", m, fmt.Sprintf("2. <@%s> · %s · 1 game · 0 wins (0%%)", ada.User, ordinal(en, want.ratings[ada.User])))
}

func TestTheLeaderboardShowsTheTopAndTheCallersOwnPlace(t *testing.T) {
	f := newStatsFixture(t, Config{MinRated: 1})
	var people []Actor
	for i := range 2 * 6 {
		people = append(people, person(i))
	}
	// Six games of two: the first of each pair wins, so six share first
	// place and six share seventh.
	for i := 0; i < len(people); i += 2 {
		f.play([]seatClaim{{who: people[i], points: 2}, {who: people[i+1], points: 1}}, -1)
	}
	last := people[len(people)-1]
	m := f.svc.Leaderboard(context.Background(), last, "claim").Content
	lines := strings.Split(strings.TrimSpace(m), "\n")
	if len(lines) != 1+leaderboardSize+2 {
		t.Fatalf("%d lines, want a title, %d places, an ellipsis and the caller's line:\n%s", len(lines), leaderboardSize, m)
	}
	for i, l := range lines[1 : 1+leaderboardSize] {
		want := "1. "
		if i >= 6 {
			want = "7. "
		}
		if !strings.HasPrefix(l, want) {
			t.Errorf("line %q, want place %s", l, want)
		}
	}
	if lines[len(lines)-2] != "…" || !strings.HasPrefix(lines[len(lines)-1], "7. <@"+last.User+">") {
		t.Errorf("last lines %q, want an ellipsis and the caller in 7th place", lines[len(lines)-2:])
	}
	mine := f.svc.Leaderboard(context.Background(), people[0], "claim").Content
	if strings.Count(mine, "<@"+people[0].User+">") != 1 || strings.Contains(mine, "…") {
		t.Errorf("a caller in the top ten is listed once, with no extra line:\n%s", mine)
	}
}

func TestStatsRefuseWhatTheyCannotAnswer(t *testing.T) {
	f := newStatsFixture(t, Config{})
	dm := Actor{User: "1", Name: "Ada"}
	ctx := context.Background()
	for _, c := range []struct{ what, got, want string }{
		{"stats in a DM", f.svc.Stats(ctx, dm, "", "").Content, "per server"},
		{"leaderboard in a DM", f.svc.Leaderboard(ctx, dm, "claim").Content, "per server"},
		{"unknown game", f.svc.Leaderboard(ctx, person(1), "chess").Content, "no game called"},
		{"nothing played", f.svc.Leaderboard(ctx, person(1), "claim").Content, "Nobody is ranked yet: a place takes 5 counted games."},
		{"no games of theirs", f.svc.Stats(ctx, person(1), "", "claim").Content, "No counted games of Claim yet."},
	} {
		mustHave(t, c.what, c.got, c.want)
	}
}

func mustHave(t *testing.T, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("%s: %q does not contain %q", what, got, want)
	}
}

// BenchmarkLeaderboard figures a leaderboard from 1,000 finished games of
// four among twenty people, each record carrying a log of 300 decisions
// like a real game's: cold reads every result, warm finds them read.
func BenchmarkLeaderboard(b *testing.B) {
	store := storage.NewMemory()
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ctx := context.Background()
	for n := range 1000 {
		t := &table{V: recordVersion, Game: "claim", Rev: 1}
		for range 300 {
			t.Log = append(t.Log, logEntry{Seat: games.Seat(rng.IntN(4)), Action: "claim.3"})
		}
		r := &result{Game: "claim", Guild: "g", Channel: "c", Finished: start.Add(time.Duration(n) * time.Minute)}
		for i, u := range rng.Perm(20)[:4] {
			r.Players = append(r.Players, resultPlayer{Seat: i, User: fmt.Sprint(100 + u), Name: fmt.Sprintf("P%d", u), Rank: 1 + rng.IntN(4)})
		}
		t.Result = r
		data, err := t.encode()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := store.Create(ctx, storage.Record{Game: "claim", Guild: "g", Channel: "c", Status: storage.Over, Data: data}); err != nil {
			b.Fatal(err)
		}
	}
	svc := func() *Service {
		return New(Config{Store: store, Games: games.NewRegistry(gametest.Claim{MaxSeats: 12}), Renderer: echoRenderer{}, Discord: &platform{}})
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			svc().Leaderboard(ctx, person(1), "claim")
		}
	})
	b.Run("warm", func(b *testing.B) {
		s := svc()
		s.Leaderboard(ctx, person(1), "claim")
		for b.Loop() {
			s.Leaderboard(ctx, person(1), "claim")
		}
	})
}

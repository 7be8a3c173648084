package core

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/lifebot/lifebot/bot/rating"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Stats and ratings are figured per server and per game from the results
// of its closed games (result.go), replayed in the order the store closed
// them (storage.Record.Closed), which every process sharing the store
// reads alike. Nothing is stored besides the results themselves: a rating
// is always what the server's games say. Each process keeps a server's
// tally as far as it has read and on each request folds in only the games
// closed since, so a question costs the same for a server of ten thousand
// games as for one of ten; the first after a start reads them all.
//
// Decisions:
//   - A game counts when it was played to the end by people only: games
//     with an AI seat and abandoned games are left out (Config.CountAI
//     counts the first, rating the people among themselves).
//   - A shared first place is a win for each who shares it.
//   - A rating and a place on the leaderboard are shown after
//     Config.MinRated rated games; the rating is the model's ordinal
//     (mu − 3σ), which only climbs as the model grows sure of a player.
//   - /stats answers privately: it is one person's question. /leaderboard
//     answers in the channel, as a table to talk about; its mentions ping
//     nobody.

// leaderboardSize is how many players the leaderboard lists.
const leaderboardSize = 10

// standing is one player's record in one game of one server.
type standing struct {
	user   string
	played int
	wins   int
	rated  int
	rating rating.Rating
}

// ladder is one game's standings in one server.
type ladder struct {
	games   int // counted games
	players map[string]*standing
}

// tally is what a server's results add up to.
type tally struct {
	ladders map[string]*ladder
	// withAI and abandoned count, per game and person, the games of
	// theirs that were left out.
	withAI    map[played]int
	abandoned map[played]int
}

// played names a person in one game kind.
type played struct{ game, user string }

// Stats answers /stats: user's figures in the actor's server, for one
// game or every game they played. An empty user means the actor.
func (s *Service) Stats(ctx context.Context, a Actor, user, game string) *Message {
	say := s.say(ctx, a)
	if a.Guild == "" {
		return Text(say.T("stats.no_server"))
	}
	if game != "" && !s.knownGame(game) {
		return Text(say.T("stats.unknown_game", "game", quote(game)))
	}
	if user == "" {
		user = a.User
	}
	var m *Message
	if err := s.tally(ctx, a.Guild, func(tl *tally) { m = s.statsOf(say, tl, user, game) }); err != nil {
		return Text(s.playerError(say, err, ""))
	}
	return m
}

// statsOf is the answer to /stats from a server's tally, in say's
// language.
func (s *Service) statsOf(say i18n.Printer, tl *tally, user, game string) *Message {
	var sb strings.Builder
	sb.WriteString(say.T("stats.head", "user", "<@"+user+">") + "\n")
	lines := 0
	for _, g := range s.gameIDs() {
		if game != "" && g != game {
			continue
		}
		ld := tl.ladders[g]
		if ld == nil || ld.players[user] == nil {
			continue
		}
		st := ld.players[user]
		fmt.Fprintf(&sb, "**%s**: %s · %s\n", say.Say(s.GameName(g)), record(say, st), s.rank(say, ld, st))
		lines++
	}
	switch {
	case lines > 0:
	case game == "":
		sb.WriteString(say.T("stats.none") + "\n")
	default:
		sb.WriteString(say.T("stats.none_of", "game", s.GameName(game)) + "\n")
	}
	withAI, abandoned := 0, 0
	for k, n := range tl.withAI {
		if k.user == user && (game == "" || k.game == game) {
			withAI += n
		}
	}
	for k, n := range tl.abandoned {
		if k.user == user && (game == "" || k.game == game) {
			abandoned += n
		}
	}
	var left []string
	if withAI > 0 {
		left = append(left, say.T("stats.with_ai", "n", withAI))
	}
	if abandoned > 0 {
		left = append(left, say.T("stats.abandoned", "n", abandoned))
	}
	if len(left) > 0 {
		sb.WriteString(say.T("stats.not_counted", "games", strings.Join(left, ", ")) + "\n")
	}
	return &Message{Content: truncate(sb.String(), maxContent), Private: true}
}

// Leaderboard answers /leaderboard: the best rated players of a game in
// the actor's server, and the actor's own line when they are not among
// them. A refusal is the actor's alone, in their language; the board is
// the channel's, in the server's.
func (s *Service) Leaderboard(ctx context.Context, a Actor, game string) *Message {
	if a.Guild == "" {
		return Text(s.say(ctx, a).T("stats.board.no_server"))
	}
	if !s.knownGame(game) {
		return Text(s.say(ctx, a).T("stats.unknown_game", "game", quote(game)))
	}
	say := s.words.In(s.serverLang(a))
	var m *Message
	if err := s.tally(ctx, a.Guild, func(tl *tally) { m = s.leaderboardOf(say, tl, a.User, game) }); err != nil {
		return Text(s.playerError(s.say(ctx, a), err, ""))
	}
	return m
}

// leaderboardOf is the answer to /leaderboard from a server's tally, for
// the user asking, in say's language.
func (s *Service) leaderboardOf(say i18n.Printer, tl *tally, user, game string) *Message {
	name := s.GameName(game)
	ld := tl.ladders[game]
	if ld == nil {
		ld = &ladder{}
	}
	ranked := s.ranked(ld)
	var sb strings.Builder
	sb.WriteString(say.T("stats.board.head", "game", name, "n", ld.games) + "\n")
	if len(ranked) == 0 {
		sb.WriteString(say.T("stats.board.nobody", "n", s.minRated()) + "\n")
	}
	mine := false
	for i, st := range ranked {
		if i >= leaderboardSize && st.user != user {
			continue
		}
		if i >= leaderboardSize {
			sb.WriteString("…\n")
		}
		fmt.Fprintf(&sb, "%d. <@%s> · %s · %s\n", place(ranked, i), st.user, ordinal(say, st.rating), record(say, st))
		mine = mine || st.user == user
	}
	if st := ld.players[user]; st != nil && !mine {
		sb.WriteString(say.T("stats.board.you", "record", record(say, st), "rank", s.rank(say, ld, st)) + "\n")
	}
	return &Message{Content: truncate(sb.String(), maxContent)}
}

// serverTally is a server's tally as far as this process has read it.
type serverTally struct {
	mu      sync.Mutex
	tl      *tally
	through uint64 // the last Closed number folded in
}

// tally brings a server's tally up to date with the games closed since it
// was last read, and calls answer with it; the tally is the process's own
// and answer must not keep it.
func (s *Service) tally(ctx context.Context, guild string, answer func(*tally)) error {
	s.talliesMu.Lock()
	st := s.tallies[guild]
	if st == nil {
		st = &serverTally{tl: &tally{ladders: map[string]*ladder{}, withAI: map[played]int{}, abandoned: map[played]int{}}}
		s.tallies[guild] = st
	}
	s.talliesMu.Unlock()
	st.mu.Lock()
	defer st.mu.Unlock()
	recs, err := s.listOpen(ctx, storage.Filter{Guild: guild, OnlyClosed: true, ClosedAfter: st.through})
	if err != nil {
		return err
	}
	slices.SortFunc(recs, func(a, b storage.Record) int { return cmp.Compare(a.Closed, b.Closed) })
	for _, rec := range recs {
		if r := s.resultOf(rec); r != nil && rec.Guild == guild {
			s.count(st.tl, rec.ID, r)
		}
		st.through = max(st.through, rec.Closed)
	}
	answer(st.tl)
	return nil
}

// count adds one game's result to the tally.
func (s *Service) count(tl *tally, id string, r *result) {
	var people []resultPlayer
	for _, p := range r.Players {
		if !p.AI && p.User != "" {
			people = append(people, p)
		}
	}
	switch {
	case r.Abandoned:
		for _, p := range people {
			tl.abandoned[played{r.Game, p.User}]++
		}
		return
	case r.hasAI() && !s.cfg.CountAI:
		for _, p := range people {
			tl.withAI[played{r.Game, p.User}]++
		}
		return
	}
	ld := tl.ladders[r.Game]
	if ld == nil {
		ld = &ladder{players: map[string]*standing{}}
		tl.ladders[r.Game] = ld
	}
	ld.games++
	model := rating.Default()
	before := make([]rating.Rating, len(people))
	ranks := make([]int, len(people))
	for i, p := range people {
		st := ld.players[p.User]
		if st == nil {
			st = &standing{user: p.User, rating: model.New()}
			ld.players[p.User] = st
		}
		st.played++
		if p.Rank == 1 {
			st.wins++
		}
		before[i], ranks[i] = st.rating, p.Rank
	}
	if len(people) < 2 {
		return
	}
	after, err := model.RateFreeForAll(before, ranks)
	if err != nil {
		s.log.Error("rating a game", "game", id, "err", err)
		return
	}
	for i, p := range people {
		st := ld.players[p.User]
		st.rating = after[i]
		st.rated++
	}
}

// resultOf reads the result of a closed record; only the result section
// is decoded.
func (s *Service) resultOf(rec storage.Record) *result {
	var only struct {
		Result *result `json:"result"`
	}
	if err := json.Unmarshal(rec.Data, &only); err != nil {
		s.log.Error("reading the result of a game", "game", rec.ID, "err", err)
		return nil
	}
	return only.Result
}

// ranked lists the players of a ladder who have played enough to be
// ranked, best first: by rating, then by more games, then by id so the
// order never wavers.
func (s *Service) ranked(ld *ladder) []*standing {
	var out []*standing
	for _, st := range ld.players {
		if st.rated >= s.minRated() {
			out = append(out, st)
		}
	}
	slices.SortFunc(out, func(a, b *standing) int {
		return cmp.Or(cmp.Compare(b.rating.Ordinal(), a.rating.Ordinal()), cmp.Compare(b.played, a.played), cmp.Compare(a.user, b.user))
	})
	return out
}

// place is the i-th ranked player's place: players of equal rating share
// the better place ("1, 1, 3").
func place(ranked []*standing, i int) int {
	for i > 0 && ranked[i-1].rating.Ordinal() == ranked[i].rating.Ordinal() {
		i--
	}
	return i + 1
}

// rank says where a player stands: rating and place, or how many more
// games it takes to be ranked.
func (s *Service) rank(say i18n.Printer, ld *ladder, st *standing) string {
	if more := s.minRated() - st.rated; more > 0 {
		return say.T("stats.to_rank", "n", more)
	}
	ranked := s.ranked(ld)
	i := slices.Index(ranked, st)
	return say.T("stats.rank", "rating", ordinal(say, st.rating), "place", place(ranked, i), "of", len(ranked))
}

func (s *Service) minRated() int {
	if s.cfg.MinRated > 0 {
		return s.cfg.MinRated
	}
	return 5
}

// gameIDs lists the catalogue's games, then any other registered one, in
// the order the commands offer them.
func (s *Service) gameIDs() []string {
	var out []string
	for _, g := range Catalogue {
		out = append(out, g.ID)
	}
	for _, id := range s.games.IDs() {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *Service) knownGame(id string) bool { return slices.Contains(s.gameIDs(), id) }

// record is a player's games and wins: "7 games · 4 wins (57%)".
func record(say i18n.Printer, st *standing) string {
	return say.T("stats.record",
		"games", say.T("stats.games", "n", st.played),
		"wins", say.T("stats.wins", "n", st.wins),
		"percent", (200*st.wins+st.played)/(2*st.played))
}

// ordinal writes a rating as players of say's language read it, to a
// tenth with their decimal mark and a typographic minus; a rating that
// rounds to zero has no sign.
func ordinal(say i18n.Printer, r rating.Rating) string {
	v := math.Round(r.Ordinal()*10) / 10
	if v == 0 {
		v = 0
	}
	return strings.Replace(message.NewPrinter(language.Make(string(say.Lang()))).Sprintf("%.1f", v), "-", "−", 1)
}

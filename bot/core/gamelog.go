package core

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// verbLog pages through a game's log; its move slot holds the page.
const verbLog = "log"

// logPageBudget is what one page of a log may fill, leaving room for its
// heading and page line within a message.
const logPageBudget = maxContent - 300

// GameLog answers /log: a game's whole public narration, paged, always
// privately. id may be empty: the actor's most recent game is shown. A
// page below 1 opens the page a reader wants first: the start of a
// finished game, the latest page of one still running.
func (s *Service) GameLog(ctx context.Context, a Actor, id string, page int) *Message {
	say := s.say(ctx, a)
	rec, t, msg := s.logRecord(ctx, say, a, id)
	if msg != "" {
		return Text(msg)
	}
	lines, err := s.narration(say, rec, t)
	if err != nil {
		return Text(s.playerError(s.say(ctx, a), err, rec.ID))
	}
	pages := pageLines(lines, logPageBudget)
	if page < 1 {
		page = 1
		if rec.Status.Open() {
			page = len(pages)
		}
	}
	page = min(page, len(pages))
	var sb strings.Builder
	sb.WriteString(say.T("log.head", "game", s.GameName(rec.Game), "id", rec.ID, "players", strings.Join(t.textNames(), ", "), "page", page, "pages", len(pages)))
	if t.Out.Board.ID != "" {
		sb.WriteString(" · " + say.T("log.board_link", "url", JumpLink(rec.Guild, t.Out.Board)))
	}
	sb.WriteString("\n" + pages[page-1])
	m := Text(truncate(sb.String(), maxContent))
	if len(pages) > 1 {
		at := func(p int) string { return customID{Verb: verbLog, Game: rec.ID, Move: p}.String() }
		m.Rows = []Row{{
			{Kind: Button, Label: say.T("log.earlier.label"), Style: Secondary, CustomID: at(max(page-1, 1)), Disabled: page == 1},
			{Kind: Button, Label: say.T("log.later.label"), Style: Secondary, CustomID: at(min(page+1, len(pages))), Disabled: page == len(pages)},
		}}
	}
	if len(t.State) > 0 {
		m.Rows = withButton(m.Rows, stepsButton(say, rec.ID, t.moves()))
	}
	return m
}

// logRecord finds the game a /log asks for, or says in say's language why
// it cannot be shown. A game's log goes to those who could see the game: its players,
// wherever they ask, and anyone asking in the game's own channel or
// thread, which Discord shows only to who may read it. Anyone else is
// answered as for an unknown id: ids are sequential, and a game in a
// private channel is nobody else's business, not even that it exists.
func (s *Service) logRecord(ctx context.Context, say i18n.Printer, a Actor, id string) (storage.Record, *table, string) {
	if id == "" {
		// The most recently active of the open games, else the latest.
		recs, err := s.listOpen(ctx, storage.Filter{User: a.User, OnlyOpen: true})
		if err == nil && len(recs) == 0 {
			recs, err = s.listOpen(ctx, storage.Filter{User: a.User, Last: 1})
		}
		if err != nil {
			return storage.Record{}, nil, s.playerError(s.say(ctx, a), err, "")
		}
		if len(recs) == 0 {
			return storage.Record{}, nil, say.T("log.no_games")
		}
		sortNewest(recs)
		id = recs[0].ID
	}
	unknown := say.T("log.unknown")
	if !validGameID(id) {
		return storage.Record{}, nil, unknown
	}
	rec, err := s.store.Get(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return rec, nil, unknown
	}
	if err != nil {
		return rec, nil, s.playerError(s.say(ctx, a), err, id)
	}
	t, err := decodeTable(rec)
	if err != nil {
		return rec, nil, s.playerError(s.say(ctx, a), err, id)
	}
	where := a.Channel != "" && (a.Channel == rec.Channel || a.Channel == t.Out.Thread)
	if !t.played(a.User) && !where {
		return rec, nil, unknown
	}
	return rec, t, ""
}

// narration rebuilds a game's public story line by line from its setup
// and move log: the engines replay exactly, so nothing beyond the last
// few lines needs to be kept. Private events never enter it. Every line
// is in say's language.
func (s *Service) narration(say i18n.Printer, rec storage.Record, t *table) ([]string, error) {
	lines := []string{say.T("log.hosted", "host", "<@"+t.Host+">")}
	if rec.Status == storage.Lobby {
		return append(lines, say.T("log.lobby", "players", strings.Join(t.textNames(), ", "))), nil
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return nil, fmt.Errorf("game kind %q is not registered", rec.Game)
	}
	told, err := t.told(g)
	if err != nil {
		return nil, err
	}
	lines = append(lines, say.T("log.begins", "players", strings.Join(t.textNames(), ", ")))
	for _, ls := range told {
		for _, l := range ls {
			lines = append(lines, say.Say(l))
		}
	}
	if t.Outcome != "" {
		lines = append(lines, t.Outcome)
	}
	return lines, nil
}

// pageLines packs lines, in order, into pages of at most budget
// characters; a line longer than a page is cut.
func pageLines(lines []string, budget int) []string {
	var pages []string
	var cur strings.Builder
	for _, l := range lines {
		l = truncate(l, budget)
		if cur.Len() > 0 && cur.Len()+1+len(l) > budget {
			pages = append(pages, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(l)
	}
	return append(pages, cur.String())
}

// logClick turns a log's page, in place; a log button on a public message
// opens the log privately instead. Reading needs no lock: the log only
// reads a committed record.
func (s *Service) logClick(ctx context.Context, c Click, cid customID, r Responder) {
	m := s.GameLog(ctx, c.Actor, cid.Game, cid.Move)
	if !c.Ephemeral {
		s.reply(ctx, r, m)
		return
	}
	if err := r.Update(ctx, m); err != nil {
		s.log.Warn("turning a log's page", "game", cid.Game, "err", err)
	}
}

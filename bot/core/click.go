package core

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// maxAutoSteps bounds the forced and AI decisions taken after one click. It
// is far above any real chain; reaching it means a broken engine, which
// must not hang a handler.
const maxAutoSteps = 5000

// Actor is who acted, and where.
type Actor struct {
	User    string
	Name    string // as others in that server know them
	Guild   string // empty in a DM
	Channel string
	// Admin says the person may manage the server.
	Admin bool
	// Locale is the language of their Discord client, as Discord names
	// it ("de", "pt-BR"), and ServerLocale the server's; empty when not
	// known.
	Locale, ServerLocale string
}

// Click is a press of a button or a choice in a select menu.
type Click struct {
	Actor
	CustomID string
	Values   []string
	// Message is the message the component is on; Ephemeral says it is a
	// reply only the clicker sees.
	Message   string
	Ephemeral bool
}

// clicked is what serving a click under the game's lock decided.
type clicked struct {
	lg *liveGame
	// say speaks to the clicker.
	say  i18n.Printer
	snap *snapshot // the committed change, or the game as it stands
	// refusal is the private answer when nothing changed; conflict says
	// it was refused because another process changed the game meanwhile.
	refusal  string
	conflict bool
	// notTurn says the refusal is that the clicker plays here but the
	// game waits for someone else, whatever the refusal's words.
	notTurn bool
	// elsewhere says another process shows the change (see publish): the
	// click is only acknowledged here.
	elsewhere bool
	// hand asks for the clicker's private view as a private answer, look
	// for the public view of seat's own board.
	hand bool
	look bool
	seat games.Seat
	// on names the lane of the message that was clicked; "" for a message
	// delivery does not track (an ephemeral hand, an old message), which
	// private says showed the clicker's own view.
	on      string
	private bool
	// then, when set, finishes the click once the lock is released, for
	// work that calls Discord, and gives the answer: a private message,
	// or the clicked message's new content when it is not private.
	then func(ctx context.Context) *Message
}

// Click serves a component interaction: under the game's lock it checks
// the click, applies it and commits; the lock released, the clicked
// message is answered by the lane that owns it, and the rest of what the
// change shows is delivered in the background.
func (s *Service) Click(ctx context.Context, c Click, r Responder) {
	s.inflight.Add(1)
	defer s.inflight.Done()
	cid, err := parseCustomID(c.CustomID)
	if err == nil {
		cid, err = withValues(cid, c.Values)
	}
	if err != nil {
		s.reply(ctx, r, Text(s.say(ctx, c.Actor).T("click.not_mine")))
		return
	}
	switch cid.Verb {
	case verbLog:
		s.logClick(ctx, c, cid, r)
		return
	case verbSteps:
		s.stepsClick(ctx, c, cid, r)
		return
	}
	if cid.Verb == verbMine || cid.Verb == verbNext {
		s.mineClick(ctx, c, cid, r)
		return
	}
	say := s.say(ctx, c.Actor)
	var res clicked
	var ans *answer
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic serving a click", "panic", p, "stack", string(debug.Stack()))
			if res.snap != nil && res.refusal == "" && !res.hand && !res.look {
				s.reply(ctx, r, Text(say.T("errors.move_saved")))
			} else {
				s.reply(ctx, r, Text(say.T("errors.sorry")))
			}
		}
	}()
	func() {
		unlock := s.lock(cid.Game)
		defer unlock()
		// A conflict is another process's commit to the same game: the
		// click is judged again against it, as if it had come second here.
		for tries := 0; ; tries++ {
			res = s.click(ctx, say, c, cid)
			if !res.conflict || tries == 2 {
				break
			}
		}
		if res.lg == nil {
			return
		}
		if res.refusal == "" && !res.hand && !res.look && res.then == nil && res.on != "" {
			ans = &answer{r: r, done: make(chan struct{})}
		}
		if res.snap != nil && res.refusal == "" && !res.hand && !res.look {
			if !s.publish(res.lg, res.snap, res.on, ans) && ans != nil {
				ans, res.elsewhere = nil, true
			}
		} else if rec, t, ok := s.readGame(ctx, cid.Game, "reading a game to deliver"); ok {
			// Any interaction on a game is a chance to deliver what it
			// owes, as the store has it: the process that owed it may be
			// gone.
			s.deliverOwed(ctx, rec, t)
		}
	}()
	switch {
	case res.refusal != "":
		s.reply(ctx, r, Text(res.refusal))
	case res.then != nil:
		s.finish(ctx, r, res.then(ctx), c.Ephemeral)
	case res.hand || res.look:
		var m *Message
		var err error
		if res.look {
			// Only the clicker reads the board they asked to look at.
			m, err = s.lookMessage(res.snap, res.seat, say)
		} else {
			// Only the clicker reads their hand: in their language.
			m, err = s.privateMessage(res.snap, res.seat, say)
		}
		if err != nil {
			s.reply(ctx, r, Text(s.playerError(say, err, res.snap.rec.ID)))
			return
		}
		m.Private = true
		s.reply(ctx, r, m)
	case res.elsewhere:
		if err := r.Ack(ctx); err != nil {
			s.log.Warn("answering a click shown by another process", "game", res.snap.rec.ID, "err", err)
		}
	case ans != nil:
		select {
		case <-ans.done:
		case <-ctx.Done():
			return
		}
		if ans.err != nil {
			s.log.Warn("answering a click with the change", "game", res.snap.rec.ID, "err", ans.err)
			s.reply(ctx, r, Text(say.T("errors.move_saved")))
		}
	default:
		// A change made on a message delivery does not track: redraw it
		// in place, as it was the clicker's view.
		m, err := s.clickedView(res)
		if err != nil {
			s.log.Error("drawing a clicked message", "game", res.snap.rec.ID, "err", err)
			s.reply(ctx, r, Text(say.T("errors.move_saved")))
			return
		}
		if err := r.Update(ctx, m); err != nil {
			s.log.Warn("answering a click with the change", "game", res.snap.rec.ID, "err", err)
		}
	}
}

// refuse answers a click with what err means to the player.
func (s *Service) refuse(res *clicked, err error, game string) {
	res.refusal = s.playerError(res.say, err, game)
	res.conflict = errors.Is(err, storage.ErrConflict)
}

func (s *Service) reply(ctx context.Context, r Responder, m *Message) {
	if err := r.Reply(ctx, m); err != nil {
		s.log.Warn("answering an interaction", "err", err)
	}
}

func (s *Service) clickedView(res clicked) (*Message, error) {
	if res.private && res.snap.st != nil {
		return s.privateMessage(res.snap, res.seat, res.say)
	}
	return s.boardMessage(res.snap)
}

// withValues folds a select menu's chosen values into the custom_id.
func withValues(cid customID, values []string) (customID, error) {
	switch cid.Verb {
	case verbPick:
		if len(values) != 1 {
			return cid, errBadCustomID
		}
		a, err := games.ParseAction(values[0])
		if err != nil {
			return cid, errBadCustomID
		}
		cid.Verb, cid.Action = verbMove, a
	case verbLook:
		if len(values) != 1 {
			return cid, errBadCustomID
		}
		n, err := strconv.Atoi(values[0])
		if err != nil || n < 0 || strconv.Itoa(n) != values[0] {
			return cid, errBadCustomID
		}
		cid.Target = games.Seat(n)
	case verbSteps:
		// Only the jump menu carries a value: the move to show.
		if cid.Menu != stepJump {
			if len(values) != 0 {
				return cid, errBadCustomID
			}
			break
		}
		if len(values) != 1 {
			return cid, errBadCustomID
		}
		n, err := strconv.Atoi(values[0])
		if err != nil || n < 0 || strconv.Itoa(n) != values[0] {
			return cid, errBadCustomID
		}
		cid.Move = n
	case verbSubset:
		if len(values) > maxSelectOpt {
			return cid, errBadCustomID
		}
		for _, v := range values {
			n, err := strconv.Atoi(v)
			if err != nil || strconv.Itoa(n) != v {
				return cid, errBadCustomID
			}
			cid.Action.Args = append(cid.Action.Args, n)
		}
	}
	return cid, nil
}

// click serves a click under the game's lock; say speaks to the clicker.
func (s *Service) click(ctx context.Context, say i18n.Printer, c Click, cid customID) clicked {
	rec, err := s.store.Get(ctx, cid.Game)
	if err != nil {
		return clicked{refusal: s.playerError(say, err, cid.Game)}
	}
	t, err := decodeTable(rec)
	if err != nil {
		return clicked{refusal: s.playerError(say, err, rec.ID)}
	}
	g, ok := s.games.Get(rec.Game)
	if !ok {
		return clicked{refusal: s.playerError(say, fmt.Errorf("game kind %q is not registered", rec.Game), rec.ID)}
	}
	lg := s.liveLocked(rec.ID, t)
	res := clicked{lg: lg, say: say}
	// A click counts only where the game is: its own channel, or the
	// clicker's DM with the bot.
	seat, seated := t.seatOf(c.User)
	here := c.Channel == rec.Channel || c.Channel == channelOf(rec, lg.ledger())
	if c.Guild != "" && (c.Guild != rec.Guild || !here) || c.Guild == "" && !seated {
		res.refusal = say.T("click.elsewhere")
		if c.Guild == rec.Guild {
			// Only a member of the game's server is shown where it is.
			res.refusal = linkTo(say, rec, lg.ledger().Board, "click.elsewhere_here", "click.elsewhere")
		}
		return res
	}
	out := lg.ledger()
	if out.Board.ID == "" && c.Guild != "" && c.Message != "" && !c.Ephemeral {
		// The lobby's message id was not learnt when it was sent: it is the
		// message this click came from.
		lg.update(func(o *ledger) { o.Board = MessageRef{Channel: c.Channel, ID: c.Message} })
		out = lg.ledger()
	}
	switch {
	case c.Message != "" && c.Message == out.Board.ID:
		res.on = laneBoard
	case c.Message != "" && seated && out.Players[c.User] != nil && c.Message == out.Players[c.User].View.ID:
		res.on = laneDMs + c.User
	}
	res.seat, res.private = seat, c.Ephemeral || c.Guild == ""

	switch cid.Verb {
	case verbJoin, verbLeave, verbAddAI, verbStart, verbCancel:
		if rec.Status != storage.Lobby {
			res.refusal = say.T("click.lobby_closed")
			return res
		}
		return s.lobby(ctx, res, c, cid, rec, t, g)
	case verbHand:
		if rec.Status == storage.Lobby {
			res.refusal = say.T("click.hand_before_start")
			return res
		}
		if !seated {
			res.refusal = say.T("click.hand_not_playing")
			return res
		}
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
		// Asking for the hand is the moment to try DMs again.
		if p := out.Players[c.User]; p != nil && !p.ClosedAt.IsZero() {
			lg.update(func(o *ledger) { o.player(c.User).ClosedAt = time.Time{} })
		}
		res.hand, res.snap = true, &snapshot{rec: rec, t: t, st: st, info: g.Info()}
		return res
	case verbLook:
		if rec.Status == storage.Lobby || rec.Status == storage.Cancelled {
			res.refusal = say.T("click.look_never_started")
			return res
		}
		if int(cid.Target) >= len(t.Seats) {
			res.refusal = say.T("click.not_mine")
			return res
		}
		st, err := s.decodeState(rec.Game, t)
		if err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
		res.look, res.seat, res.snap = true, cid.Target, &snapshot{rec: rec, t: t, st: st, info: g.Info()}
		return res
	case verbMove, verbSubset:
		return s.move(ctx, res, c, cid, rec, t, g)
	case verbResign:
		return s.resign(ctx, res, c, cid, rec, t, g)
	case verbTake:
		return s.take(ctx, res, c, cid, rec, t, g)
	case verbRematch:
		return s.rematch(ctx, res, c, rec, t, g)
	}
	res.refusal = say.T("click.not_mine")
	return res
}

func (s *Service) move(ctx context.Context, res clicked, c Click, cid customID, rec storage.Record, t *table, g games.Game) clicked {
	switch rec.Status {
	case storage.Lobby:
		res.refusal = res.say.T("click.not_started")
		return res
	case storage.Over, storage.Cancelled:
		res.refusal = res.say.T("click.ended", "game", rec.ID)
		return res
	}
	seat, ok := t.seatOf(c.User)
	if !ok {
		res.refusal = res.say.T("click.not_playing")
		return res
	}
	st, err := s.decodeState(rec.Game, t)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	if !games.IsActive(st, seat) {
		res.refusal = res.say.T("click.not_your_turn", "names", t.waitingNames(st))
		res.notTurn = true
		return res
	}
	if cid.Move != t.asked(seat) {
		res.refusal = staleRefusal(res.say, rec, res.lg.ledger(), c.User, res.private)
		return res
	}
	action := cid.Action
	if cid.Verb == verbSubset {
		action = orderPicked(st.Legal(seat), action)
	}
	events, err := st.Apply(seat, action)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	from := len(t.Log)
	t.Log = append(t.Log, logEntry{Seat: seat, Action: action.String()})
	t.narrateEvents(events)
	sn, err := s.advanceAndCommit(ctx, res.lg, rec, t, st, g, from, c.User)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	res.snap = sn
	return res
}

// advanceAndCommit plays the forced and AI moves a change leads to, then
// commits it all as one write.
func (s *Service) advanceAndCommit(ctx context.Context, lg *liveGame, rec storage.Record, t *table, st games.State, g games.Game, from int, clicker string) (*snapshot, error) {
	if err := s.advance(t, st, g); err != nil {
		return nil, err
	}
	return s.commit(ctx, lg, rec, t, st, g, from, clicker)
}

// advance applies what nobody needs to be asked about: decisions with a
// single legal choice, and the AI seats' moves. It stops when a person must
// decide or the game is over.
func (s *Service) advance(t *table, st games.State, g games.Game) error {
	ai := g.AI()
	for range maxAutoSteps {
		if len(st.Active()) == 0 {
			return nil
		}
		seat, a, ok := games.Forced(st)
		if !ok {
			seat, ok = t.activeAI(st)
			if !ok {
				return nil
			}
			a = aiChoice(ai, t, st, seat)
		}
		events, err := st.Apply(seat, a)
		if err != nil {
			// Neither the action nor the engine's reason goes into the error:
			// in a game with hidden hands either can name a card, and this
			// error is logged, never shown as a player's mistake.
			return fmt.Errorf("automatic move %d for seat %d refused: %v", len(t.Log), seat, errors.Unwrap(err))
		}
		t.Log = append(t.Log, logEntry{Seat: seat, Action: a.String()})
		t.narrateEvents(events)
	}
	return errors.New("automatic moves did not stop")
}

// aiChoice lets the AI decide for seat. It draws from its own generator,
// seeded from the game and the move number, so replays need only the log.
func aiChoice(ai games.Policy, t *table, st games.State, seat games.Seat) games.Action {
	return ai.Choose(st, seat, rand.New(rand.NewPCG(t.Seed, uint64(len(t.Log)))))
}

// commit writes the game after a change — its state, who faces a new
// decision, the outcome once it is over, and the delivery ledger as it
// stands — and returns the snapshot to deliver. from is the log length
// before the change; clicker is who caused it ("" for the bot itself).
func (s *Service) commit(ctx context.Context, lg *liveGame, rec storage.Record, t *table, st games.State, g games.Game, from int, clicker string) (*snapshot, error) {
	if st != nil {
		state, err := st.MarshalBinary()
		if err != nil {
			return nil, err
		}
		t.State = state
		t.refreshDecisions(st, t.actedSince(from), clicker)
		t.markActed(from, clicker)
		if res := st.Result(); res.Over {
			rec.Status = storage.Over
			t.Outcome = outcome(s.tableSay(t), t, res)
			t.Result = t.endResult(rec, res, s.cfg.Clock.Now(), false)
		}
		s.clockOf(t).refresh(t, st, s.cfg.Clock.Now().UTC())
	}
	t.Rev++
	stored, err := s.save(ctx, lg, rec, t)
	if err != nil {
		return nil, err
	}
	if rec.Status == storage.Over && st != nil {
		s.log.Info("game over", "game", rec.ID, "kind", rec.Game, "ai_played", t.aiPlayed())
	}
	return &snapshot{rec: stored, t: t, st: st, info: g.Info()}, nil
}

// save writes t into rec with the live ledger (compare-and-swap on
// rec.Version) and returns the stored record.
func (s *Service) save(ctx context.Context, lg *liveGame, rec storage.Record, t *table) (storage.Record, error) {
	changes := 0
	if lg != nil {
		t.Out, changes = lg.ledgerForCommit()
	}
	s.takeLease(t)
	data, err := t.encode()
	if err != nil {
		return rec, err
	}
	rec.Data = data
	rec.Due = s.dueOf(rec, t)
	rec.Users = t.humans()
	// A game that moved to its thread is found there from now on.
	rec.Channel = channelOf(rec, t.Out)
	stored, err := s.store.Put(ctx, rec)
	if err != nil && !errors.Is(err, storage.ErrConflict) && !errors.Is(err, storage.ErrNotFound) {
		stored, err = s.landed(ctx, rec, err)
	}
	if err == nil && lg != nil {
		lg.stored(changes, t.Out)
		if s.cfg.Shared {
			// A lease taken by a save that delivers nothing must be let go
			// at once, or the game's next commits wait for it to lapse.
			s.scheduleFlush(lg)
		}
	}
	return stored, err
}

// landed settles a write whose outcome is unknown, such as one whose
// answer a dropped connection lost: the record is read back, and a write
// that is there counts as made, so a move that was saved is never reported
// as refused. Otherwise, or when the read fails too, the write's error
// stands.
func (s *Service) landed(ctx context.Context, rec storage.Record, err error) (storage.Record, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), callTimeout)
	defer cancel()
	got, gerr := s.store.Get(ctx, rec.ID)
	if gerr == nil && got.Version == rec.Version+1 && bytes.Equal(got.Data, rec.Data) {
		s.log.Warn("a write's answer was lost, but the write was made", "game", rec.ID, "err", err)
		return got, nil
	}
	return rec, err
}

// orderPicked puts the items of a subset action in the order of its
// choice's Items, as the engine expects; a select menu sends them in the
// order they were clicked.
func orderPicked(legal []games.Choice, a games.Action) games.Action {
	for _, c := range legal {
		if c.Pick == nil || c.Action.Kind != a.Kind || len(a.Args) < len(c.Action.Args) {
			continue
		}
		prefix := games.Action{Kind: a.Kind, Args: a.Args[:len(c.Action.Args)]}
		if !prefix.Equal(c.Action) {
			continue
		}
		picked := a.Args[len(c.Action.Args):]
		out := games.Action{Kind: a.Kind, Args: slices.Clone(prefix.Args)}
		for _, it := range c.Pick.Items {
			if slices.Contains(picked, it.Arg) {
				out.Args = append(out.Args, it.Arg)
			}
		}
		if len(out.Args)-len(prefix.Args) == len(picked) {
			return out
		}
	}
	return a
}

// lobby serves the lobby's buttons.
func (s *Service) lobby(ctx context.Context, res clicked, c Click, cid customID, rec storage.Record, t *table, g games.Game) clicked {
	info, say := g.Info(), res.say
	_, seated := t.seatOf(c.User)
	isHost := c.User == t.Host
	var st games.State
	switch cid.Verb {
	case verbJoin:
		if seated {
			res.refusal = say.T("click.lobby.already_in")
			return res
		}
		if len(t.Seats) >= info.MaxSeats {
			res.refusal = say.T("click.lobby.full")
			return res
		}
		t.Seats = append(t.Seats, seat{User: c.User, Name: c.Name})
	case verbLeave:
		if isHost {
			res.refusal = say.T("click.lobby.host_leaves")
			return res
		}
		if !seated {
			res.refusal = say.T("click.lobby.leave_not_in")
			return res
		}
		gone, _ := t.seatOf(c.User)
		t.Seats = slices.Delete(t.Seats, int(gone), int(gone)+1)
	case verbAddAI:
		if !isHost {
			res.refusal = say.T("click.lobby.host_adds_ai")
			return res
		}
		if len(t.Seats) >= info.MaxSeats {
			res.refusal = say.T("click.lobby.no_seat_for_ai")
			return res
		}
		t.Seats = append(t.Seats, seat{AI: true, Name: "🤖 " + aiNames[t.aiCount()%len(aiNames)]})
	case verbCancel:
		if !isHost {
			res.refusal = say.T("click.lobby.host_cancels")
			return res
		}
		rec.Status = storage.Cancelled
		t.Outcome = s.tableSay(t).T("click.lobby.cancelled")
	case verbStart:
		if !isHost {
			res.refusal = say.T("click.lobby.host_starts")
			return res
		}
		if len(t.Seats) < info.MinSeats {
			res.refusal = say.T("click.lobby.too_few", "game", s.title(info), "n", info.MinSeats)
			return res
		}
		var err error
		if st, err = g.New(t.config()); err != nil {
			res.refusal = say.T("click.lobby.cannot_start", "reason", err.Error())
			return res
		}
		if v, ok := st.(games.Versioned); ok {
			t.Content = v.Content()
		}
		t.narrate(s.tableSay(t).T("click.lobby.begins", "names", strings.Join(t.textNames(), ", ")))
		if err := s.advance(t, st, g); err != nil {
			s.refuse(&res, err, rec.ID)
			return res
		}
		rec.Status = storage.Playing
		s.log.Info("game started", "game", rec.ID, "kind", rec.Game, "seats", len(t.Seats))
	}
	sn, err := s.commit(ctx, res.lg, rec, t, st, g, 0, c.User)
	if err != nil {
		s.refuse(&res, err, rec.ID)
		return res
	}
	res.snap = sn
	return res
}

// staleRefusal answers a click on an older drawing of a decision, with a
// link to where the player's current buttons are: their private message
// when they act from one, else the board.
func staleRefusal(say i18n.Printer, rec storage.Record, out ledger, user string, private bool) string {
	where := out.Board
	if p := out.Players[user]; private && p != nil && p.View.ID != "" {
		where = p.View
		if rec.Guild != "" {
			// A DM's jump link names no server.
			return linkTo(say, storage.Record{}, where, "click.stale_dm_here", "click.stale_dm")
		}
	}
	return linkTo(say, rec, where, "click.stale_board_here", "click.stale_board")
}

// linkTo says the text of key with, its {link} a jump link to ref, or of
// without when the message is not known.
func linkTo(say i18n.Printer, rec storage.Record, ref MessageRef, with, without string) string {
	if ref.ID == "" {
		return say.T(without)
	}
	return say.T(with, "link", JumpLink(rec.Guild, ref))
}

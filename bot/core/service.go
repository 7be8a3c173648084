package core

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// Renderer draws a game's view as a PNG, its own words in lang: the
// language of whoever reads the image.
type Renderer interface {
	Board(view any, names []string, lang i18n.Lang) ([]byte, error)
}

// Discord is what delivery needs from the chat platform. Implementations
// translate failures: ErrGone for a message or channel that no longer
// exists, ErrDMClosed for a person who accepts no DMs, ErrForbidden for
// a missing permission, ErrChannelKind for what a channel's kind does not
// allow, and *Temporary for anything worth trying again.
type Discord interface {
	Send(ctx context.Context, channel string, m *Message) (MessageRef, error)
	Edit(ctx context.Context, ref MessageRef, m *Message) error
	Delete(ctx context.Context, ref MessageRef) error
	// DMChannel opens, or finds, the DM channel with a user.
	DMChannel(ctx context.Context, user string) (string, error)
	// StartThread opens a public thread from a message and returns the
	// thread's channel id.
	StartThread(ctx context.Context, from MessageRef, name string) (string, error)
}

// Responder answers one interaction. It keeps the platform's rules (one
// answer, in time, deferring when the answer is slow) to itself.
type Responder interface {
	// Update replaces the message whose component was clicked.
	Update(ctx context.Context, m *Message) error
	// Ack answers a click without changing its message.
	Ack(ctx context.Context) error
	// Reply answers with a new message.
	Reply(ctx context.Context, m *Message) error
	// Original returns the message a public Reply created, with the
	// custom ids of its components, which say whose message it is.
	Original(ctx context.Context) (MessageRef, []string, error)
}

// Delivery errors, as Discord implementations report them.
var (
	ErrGone     = errors.New("the message or channel no longer exists")
	ErrDMClosed = errors.New("the player accepts no DMs from the bot")
	// ErrForbidden is a call the bot lacks the permission for.
	ErrForbidden = errors.New("the bot lacks a permission for this")
	// ErrChannelKind is a call the channel's kind does not allow, such as
	// a thread opened inside a thread.
	ErrChannelKind = errors.New("not possible in this kind of channel")
)

// Temporary is a failure worth trying again: the platform was busy or
// slow, or asked to wait After before the next try.
type Temporary struct {
	Err   error
	After time.Duration
}

func (e *Temporary) Error() string { return e.Err.Error() }
func (e *Temporary) Unwrap() error { return e.Err }

// Clock is the service's time: Now for turn clocks, After for its
// periodic work. Tests move it by hand.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Config is what a Service is built from.
type Config struct {
	Store    storage.Store
	Games    *games.Registry
	Renderer Renderer
	Discord  Discord
	Log      *slog.Logger
	Clock    Clock
	// Seed stands in for fresh game seeds.
	Seed func() uint64
	// TurnClock is the time each decision may take in games whose host
	// chose no clock, and in games from before clocks; zero is no clock.
	TurnClock time.Duration
	// AwayCap bounds the pause one player's absences may take in one game
	// (a week if unset), so nobody holds a table hostage.
	AwayCap time.Duration
	// SweepEvery is how often games are checked for due reminders and for
	// boards or DMs that lag what was committed (a minute if unset).
	SweepEvery time.Duration
	// DMRetry is how long a player whose DMs were closed is left alone
	// before DMs are tried again (six hours if unset).
	DMRetry time.Duration
	// Backoff is the first wait before a failed delivery is tried again; it
	// doubles with each try (half a second if unset).
	Backoff time.Duration
	// LobbyExpiry is how long a lobby may wait for its host to start it;
	// zero keeps lobbies open until they start or are cancelled.
	LobbyExpiry time.Duration
	// MaxLobbies caps the open lobbies one person may host, and
	// MaxChannelGames the open games (lobbies and running) of a channel;
	// zero means no cap.
	MaxLobbies      int
	MaxChannelGames int
	// Threads says whether a server's games play in threads of their own
	// unless /newgame says otherwise; nil means none do.
	Threads func(guild string) bool
	// Language is the language a server's games speak in its channels
	// (an i18n.Lang); nil, or "" for a server, means the server's own
	// language as Discord tells it.
	Language func(guild string) string
	// MinRated is how many rated games a player needs before their rating
	// and place are shown (5 if unset); CountAI counts games with AI seats
	// in stats and ratings (see stats.go).
	MinRated int
	CountAI  bool
	// Shared says other processes serve the same store (see lease.go);
	// Replica names this one (a random name if unset) and LeaseFor is how
	// long a game's deliveries stay with the process that committed it
	// last (30 seconds if unset).
	Shared   bool
	Replica  string
	LeaseFor time.Duration
}

// Service runs games: lobbies, moves, reminders, and delivery of what
// each change must show to whom. It does not know Discord's types; the
// bot package translates interactions into its calls.
type Service struct {
	cfg     Config
	replica string
	// delivered numbers the interactions this process took, so each holds
	// its own mark (FirstDelivery): a copy reaching the same process is
	// still a copy.
	delivered atomic.Uint64
	// beating says the heartbeat runs; beats are the heartbeats it read
	// last, until when each lasts (heartbeat.go).
	beating atomic.Bool
	beatsMu sync.Mutex
	beats   map[string]time.Time
	// sweptAll says a sweep has read every open game (see Sweep).
	sweptAll atomic.Bool
	store    storage.Store
	games    *games.Registry
	log      *slog.Logger
	// words are the core's words in every language, with the words of
	// the games it plays, so a printer says what an engine returned too;
	// locales are the client languages of players this process saw, by
	// user (NoteLocale).
	words   *i18n.Catalog
	locales sync.Map

	locksMu sync.Mutex
	locks   map[string]*gameLock

	liveMu sync.Mutex
	live   map[string]*liveGame

	// tallies keeps each server's stats as far as they were read
	// (stats.go).
	talliesMu sync.Mutex
	tallies   map[string]*serverTally

	// threadless holds the channels where a game found it could not have
	// a thread of its own (see thread.go).
	threadlessMu sync.Mutex
	threadless   map[string]threadless

	// replaying lets one replay be drawn at a time (see syncReplay).
	replaying chan struct{}

	// ctx ends deliveries at shutdown; work tracks every goroutine the
	// service started, inflight the calls being served.
	ctx      context.Context
	cancel   context.CancelFunc
	work     sync.WaitGroup
	inflight sync.WaitGroup
	stop     chan struct{}
	stopOnce sync.Once
}

type gameLock struct {
	mu    sync.Mutex
	users int
}

// New returns a Service. Start its periodic work with Run.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.AwayCap <= 0 {
		cfg.AwayCap = 7 * 24 * time.Hour
	}
	if cfg.SweepEvery <= 0 {
		cfg.SweepEvery = time.Minute
	}
	if cfg.DMRetry <= 0 {
		cfg.DMRetry = 6 * time.Hour
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	if cfg.LeaseFor <= 0 {
		cfg.LeaseFor = 30 * time.Second
	}
	// Two processes must never share a name: a restarted one is another
	// process, whose predecessor's leases it may not assume are its own.
	replica := fmt.Sprintf("%s/%x", cfg.Replica, randomSeed())
	ctx, cancel := context.WithCancel(context.Background())
	return &Service{
		cfg: cfg, store: cfg.Store, games: cfg.Games, log: cfg.Log, replica: replica, words: wordsFor(cfg.Games),
		locks: map[string]*gameLock{}, live: map[string]*liveGame{}, tallies: map[string]*serverTally{}, threadless: map[string]threadless{},
		ctx: ctx, cancel: cancel, stop: make(chan struct{}), replaying: make(chan struct{}, 1),
	}
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Run starts the periodic sweep: due reminders, and boards or DMs that lag
// their game. The first sweep runs at once, so what a restart interrupted
// is delivered.
func (s *Service) Run() {
	s.startHeartbeat()
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		for {
			ctx, cancel := context.WithTimeout(s.ctx, s.cfg.SweepEvery)
			s.Sweep(ctx)
			cancel()
			select {
			case <-s.stop:
				return
			case <-s.cfg.Clock.After(s.cfg.SweepEvery):
			}
		}
	}()
}

// Shutdown stops the sweep, waits for the calls being served and for
// deliveries under way, and saves what was delivered, up to ctx's
// deadline. Deliveries still waiting to retry are dropped: the record
// says what they owed, and the next start delivers it.
func (s *Service) Shutdown(ctx context.Context) error {
	s.stopOnce.Do(func() { close(s.stop) })
	wait := func(wg *sync.WaitGroup) error {
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	err := wait(&s.inflight)
	if err == nil {
		err = wait(&s.work)
	}
	// Requests still under way end now; what deliveries achieved is saved.
	s.cancel()
	s.work.Wait()
	s.flushAll()
	if s.beating.Load() {
		// What this process still owed passes to the others at once.
		s.beat(context.Background(), time.Now())
	}
	return err
}

// lock serialises everything done to one game's record in this process.
// The store's compare-and-swap backs it up across processes. It is never
// held across a call to Discord.
func (s *Service) lock(id string) func() {
	s.locksMu.Lock()
	l := s.locks[id]
	if l == nil {
		l = &gameLock{}
		s.locks[id] = l
	}
	l.users++
	s.locksMu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		s.locksMu.Lock()
		l.users--
		if l.users == 0 {
			delete(s.locks, id)
		}
		s.locksMu.Unlock()
	}
}

// playerError turns an engine or storage error into words for a player,
// said by say; anything unexpected is logged and answered with an apology.
func (s *Service) playerError(say i18n.Printer, err error, game string) string {
	var refusal *games.Refusal
	switch {
	case errors.As(err, &refusal) && i18n.Key(refusal.Reason) != "":
		return say.Say(refusal.Reason)
	case errors.As(err, &refusal):
		// A game without a catalog refuses in its own words.
		return capitalise(refusal.Reason) + "."
	case errors.Is(err, games.ErrNotYourTurn):
		return say.T("errors.not_your_turn")
	case errors.Is(err, games.ErrOver):
		return say.T("errors.over")
	case errors.Is(err, games.ErrIllegal):
		return say.T("errors.illegal")
	case errors.Is(err, storage.ErrNotFound):
		return say.T("errors.gone")
	case errors.Is(err, storage.ErrConflict):
		return say.T("errors.conflict")
	}
	s.log.Error("serving game", "game", game, "err", err)
	return say.T("errors.sorry")
}

// Sorry is the apology to a for something that failed on the bot's side
// before a change was saved.
func (s *Service) Sorry(ctx context.Context, a Actor) string {
	return s.say(ctx, a).T("errors.sorry")
}

// decodeState restores a running game. A saved state this build cannot
// read (an engine's saved form changed across an upgrade, say) is rebuilt
// from the record's move log, so games in progress survive the upgrade.
func (s *Service) decodeState(game string, t *table) (games.State, error) {
	g, ok := s.games.Get(game)
	if !ok {
		return nil, fmt.Errorf("game kind %q is not registered", game)
	}
	st, err := g.Decode(t.State)
	if err == nil {
		return st, nil
	}
	st, rerr := t.replay(g)
	if rerr != nil {
		return nil, fmt.Errorf("%w; replaying its %d decisions failed too: %v", err, len(t.Log), rerr)
	}
	s.log.Warn("saved state unreadable, rebuilt from the move log", "kind", game, "decisions", len(t.Log), "err", err)
	return st, nil
}

// GameName is a game's display name, for games not registered too: a
// message of the game's catalog, which a printer says in its language.
func (s *Service) GameName(id string) string {
	if g, ok := s.games.Get(id); ok {
		return s.title(g.Info())
	}
	for _, g := range Catalogue {
		if g.ID == id {
			return g.Name
		}
	}
	return quote(id)
}

// Catalogue lists every game lifebot will offer, built or not, so the
// commands name all five from the start and answer "coming soon" for the
// ones not yet registered.
var Catalogue = []struct{ ID, Name string }{
	{"thatslife", "That's Life!"},
	{"life", "Life, the card game"},
	{"lagom", "Lagom"},
	{"alife", "A Life"},
	{"yodo", "You Only Die Once"},
}

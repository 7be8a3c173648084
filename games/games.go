// Package games is the contract between lifebot's game engines and
// everything that drives them (the Discord bot, the simulator, tests).
//
// An engine is pure: it performs no I/O, reads no clock and keeps no
// globals. Every bit of chance comes from an RNG stored inside the state,
// seeded once at New, so a game replays exactly from its Config and the
// ordered list of (seat, action) pairs applied to it.
//
// Seats are numbered 0..n-1 and turn order is seat order. A state names the
// seats that must act now (Active): one seat is an ordinary turn, several is
// a simultaneous step whose answers stay sealed until all are in, none means
// the game is over.
package games

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/lifebot/lifebot/games/i18n"
)

// Seat is a player position at the table, 0..n-1. It is never a Discord id.
type Seat int

// Observer is the seat passed to View for the public view: what anyone
// watching the channel may see.
const Observer Seat = -1

// Action is one decision of one seat. Kind is a short lowercase token and
// Args a few small integers, so that an action fits inside a Discord
// custom_id (see String and ParseAction).
type Action struct {
	Kind string
	Args []int
}

// String encodes the action as "kind" or "kind.1.2", the form ParseAction reads.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Kind)
	for _, n := range a.Args {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// Equal reports whether two actions are the same decision.
func (a Action) Equal(o Action) bool {
	if a.Kind != o.Kind || len(a.Args) != len(o.Args) {
		return false
	}
	for i := range a.Args {
		if a.Args[i] != o.Args[i] {
			return false
		}
	}
	return true
}

// maxActionLen bounds encoded actions so that they always fit in a custom_id
// next to a game id and a version.
const maxActionLen = 48

// ParseAction decodes the output of Action.String. It rejects anything that
// String could not have produced, since its input arrives from outside.
func ParseAction(s string) (Action, error) {
	if s == "" || len(s) > maxActionLen {
		return Action{}, fmt.Errorf("%w: malformed action", ErrIllegal)
	}
	parts := strings.Split(s, ".")
	kind := parts[0]
	if kind == "" {
		return Action{}, fmt.Errorf("%w: malformed action", ErrIllegal)
	}
	for _, r := range kind {
		if (r < 'a' || r > 'z') && r != '_' {
			return Action{}, fmt.Errorf("%w: malformed action", ErrIllegal)
		}
	}
	a := Action{Kind: kind}
	for _, p := range parts[1:] {
		n, err := strconv.Atoi(p)
		if err != nil || strconv.Itoa(n) != p {
			return Action{}, fmt.Errorf("%w: malformed action", ErrIllegal)
		}
		a.Args = append(a.Args, n)
	}
	return a, nil
}

// Choice is a legal action together with the words a player sees on its
// button: "Figure −3 → +6 (you take −3)".
//
// A choice with a Pick is a subset choice (which cards to lay): the player
// picks between Min and Max of its Items, and the action applied is Action
// with the picked items' Args appended in the order of Items. Such a
// choice stands for every subset at once, so Legal stays short.
type Choice struct {
	Action Action
	Label  string
	Pick   *Pick
}

// Pick describes a subset choice.
type Pick struct {
	Min, Max int
	Items    []Item
}

// Item is one thing that can be picked, named by its Arg.
type Item struct {
	Arg   int
	Label string
}

// Accepts reports whether a is this choice: the same action, or for a
// subset choice the action followed by a valid subset of the items.
func (c Choice) Accepts(a Action) bool {
	if c.Pick == nil {
		return c.Action.Equal(a)
	}
	n := len(c.Action.Args)
	if a.Kind != c.Action.Kind || len(a.Args) < n || !(Action{Kind: a.Kind, Args: a.Args[:n]}).Equal(c.Action) {
		return false
	}
	picked := a.Args[n:]
	if len(picked) < c.Pick.Min || len(picked) > c.Pick.Max {
		return false
	}
	next := 0 // picked items must follow the order of Items, each once
	for _, arg := range picked {
		for next < len(c.Pick.Items) && c.Pick.Items[next].Arg != arg {
			next++
		}
		if next == len(c.Pick.Items) {
			return false
		}
		next++
	}
	return true
}

// Event is one thing that happened, in words. To lists the seats allowed to
// see it; nil means everyone, including the channel.
//
// Text names seats as {0}, {1}, …; Format replaces them with player names,
// because engines know seats, not people.
type Event struct {
	To   []Seat
	Text string
}

// Public reports whether anyone may see the event.
func (e Event) Public() bool { return e.To == nil }

// VisibleTo reports whether seat s may see the event.
func (e Event) VisibleTo(s Seat) bool {
	if e.To == nil {
		return true
	}
	for _, t := range e.To {
		if t == s {
			return true
		}
	}
	return false
}

// Format returns the event text with every {n} replaced by names[n].
func (e Event) Format(names []string) string {
	return FormatSeats(e.Text, names)
}

// FormatSeats replaces {n} in text with names[n]; unknown seats are left as
// they are. In a message (see package i18n) a name is written as a
// literal, so it is drawn as typed once the message is said.
func FormatSeats(text string, names []string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	if strings.ContainsRune(text, '⟦') {
		escaped := make([]string, len(names))
		for i, n := range names {
			escaped[i] = i18n.Escape(n)
		}
		names = escaped
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		n, err := strconv.Atoi(text[i+1 : i+j])
		b.WriteString(text[:i])
		if err == nil && n >= 0 && n < len(names) {
			b.WriteString(names[n])
		} else {
			b.WriteString(text[i : i+j+1])
		}
		text = text[i+j+1:]
	}
}

// Addresser is a State that can say what a seat must do to that seat's
// player: a player's own DM shows PromptTo rather than Prompt, so nobody
// reads about themselves in the third person there. PromptTo may name
// other seats with SeatRef, never the seat it speaks to.
type Addresser interface {
	PromptTo(seat Seat) string
}

// SeatRef is how an engine names a seat inside Event text.
func SeatRef(s Seat) string { return "{" + strconv.Itoa(int(s)) + "}" }

// Result is the outcome of a game, or the standings so far while it runs.
type Result struct {
	Over bool
	// Scores holds one total per seat.
	Scores []int
	// Rank holds one rank per seat, 1 for the winners; equal ranks are shared.
	Rank []int
	// Detail holds one short breakdown per seat, e.g. "+8 +7, −3 turned by a fortune".
	Detail []string
	// Shown, when set, is how each seat's score is written where Scores
	// would round it, e.g. "47½" in a game of half points.
	Shown []string
}

// ScoreText is seat's score as players read it, with a typographic minus.
func (r Result) ScoreText(seat Seat) string {
	if int(seat) < len(r.Shown) && r.Shown[seat] != "" {
		return r.Shown[seat]
	}
	if n := r.Scores[seat]; n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(r.Scores[seat])
}

// Winners lists the seats ranked first.
func (r Result) Winners() []Seat {
	var w []Seat
	for s, rk := range r.Rank {
		if rk == 1 {
			w = append(w, Seat(s))
		}
	}
	return w
}

// RankByScore ranks seats by descending score; equal scores share a rank.
// Games with tie-breaks pass extra keys, compared in order after the score.
func RankByScore(scores []int, tiebreaks ...[]int) []int {
	n := len(scores)
	better := func(a, b int) int {
		if scores[a] != scores[b] {
			return scores[a] - scores[b]
		}
		for _, k := range tiebreaks {
			if k[a] != k[b] {
				return k[a] - k[b]
			}
		}
		return 0
	}
	rank := make([]int, n)
	for i := range n {
		rank[i] = 1
		for j := range n {
			if better(j, i) > 0 {
				rank[i]++
			}
		}
	}
	return rank
}

// Config is everything a new game is built from. Together with the actions
// applied since, it is the complete record of a game.
type Config struct {
	Seats   int
	Options Options
	Seed    uint64
	// Content names the version of a game's content (its cards or boards)
	// to deal from, as a Versioned state reports it; empty means the
	// newest. A record keeps it, so an old game replays with its own
	// content after the content has changed.
	Content string
}

// FixedContent is the check New makes in a game whose components are
// fixed by its rules rather than versioned data: it knows no Content.
func FixedContent(cfg Config) error {
	if cfg.Content != "" {
		return fmt.Errorf("unknown content version %q: this game's components never change", cfg.Content)
	}
	return nil
}

// Versioned is implemented by the states of games whose content is
// versioned data (RULINGS 0.10): Content names the version the game was
// dealt from.
type Versioned interface {
	Content() string
}

// Game is the stateless rule set of one game, registered by its id.
type Game interface {
	Info() Info
	// New sets up a game. It validates cfg.Options against Info().Options,
	// refuses incompatible combinations, and refuses a cfg.Content it does
	// not know (every Content, for a game without versioned content).
	New(cfg Config) (State, error)
	// Decode restores a state written by State.MarshalBinary, refusing
	// unknown format versions.
	Decode(data []byte) (State, error)
	// AI returns the game's heuristic player.
	AI() Policy
}

// State is one game in progress. Apply is the only method that changes it.
type State interface {
	// Active lists the seats that must act now: one for a turn, several for
	// a simultaneous step, none once the game is over.
	Active() []Seat
	// Legal lists what seat may do now; empty when the seat is not active.
	Legal(seat Seat) []Choice
	// Apply performs one decision of seat. On error (ErrNotYourTurn,
	// ErrIllegal, ErrOver, wrapped with a reason a player can read) the
	// state is unchanged. It never panics on bad input.
	Apply(seat Seat, a Action) ([]Event, error)
	// View returns what seat may see, or the public view for Observer. The
	// concrete type belongs to the game and is what its renderer draws; it
	// must marshal to JSON, which is how the bot notices a view changed.
	View(seat Seat) any
	// Prompt is a one-line, public description of what the active seats
	// must do now, e.g. "{2} rolled a 5 and must move".
	Prompt() string
	// Result gives the scores so far, and the final ranking once Over.
	Result() Result
	// MarshalBinary writes the state, RNG included, in a versioned format.
	MarshalBinary() ([]byte, error)
}

// Policy chooses an action for a seat. It may read the state but never
// changes it and never draws from the game's own RNG: rng is the policy's
// own source, so AI choices do not disturb replay.
type Policy interface {
	Choose(s State, seat Seat, rng *rand.Rand) Action
}

// RandomPolicy picks uniformly among the legal choices, and for a subset
// choice a random subset of a random allowed size.
type RandomPolicy struct{}

// Choose implements Policy.
func (RandomPolicy) Choose(s State, seat Seat, rng *rand.Rand) Action {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return Action{}
	}
	c := legal[rng.IntN(len(legal))]
	if c.Pick == nil {
		return c.Action
	}
	items := c.Pick.Items
	size := c.Pick.Min + rng.IntN(min(c.Pick.Max, len(items))-c.Pick.Min+1)
	chosen := make([]bool, len(items))
	for _, i := range rng.Perm(len(items))[:size] {
		chosen[i] = true
	}
	a := Action{Kind: c.Action.Kind, Args: append([]int(nil), c.Action.Args...)}
	for i, it := range items {
		if chosen[i] {
			a.Args = append(a.Args, it.Arg)
		}
	}
	return a
}

// Errors returned by State.Apply, wrapped with a reason for the player.
var (
	ErrNotYourTurn = errors.New("it is not your turn")
	ErrIllegal     = errors.New("that move is not allowed")
	ErrOver        = errors.New("the game is over")
)

// Refusal is an error from Apply that carries its own sentence for the
// player: Err is one of the sentinels above, for errors.Is, and Reason is
// what the player reads.
type Refusal struct {
	Err    error
	Reason string
}

func (e *Refusal) Error() string { return e.Reason }
func (e *Refusal) Unwrap() error { return e.Err }

// Refuse makes a Refusal of sentinel with a formatted reason.
func Refuse(sentinel error, format string, args ...any) error {
	return &Refusal{Err: sentinel, Reason: fmt.Sprintf(format, args...)}
}

// IsLegal reports whether a is among the legal choices of seat.
func IsLegal(s State, seat Seat, a Action) bool {
	for _, c := range s.Legal(seat) {
		if c.Accepts(a) {
			return true
		}
	}
	return false
}

// IsActive reports whether seat must act now.
func IsActive(s State, seat Seat) bool {
	for _, a := range s.Active() {
		if a == seat {
			return true
		}
	}
	return false
}

// Standin is implemented by games whose rules say how to decide for a
// player who stayed away too long, when that is not what their AI would
// do. Other games stand in with their AI.
type Standin interface {
	Standin() Policy
}

// StandinFor is the policy that decides for an away player of g.
func StandinFor(g Game) Policy {
	if s, ok := g.(Standin); ok {
		return s.Standin()
	}
	return g.AI()
}

// Teller is implemented by states that tell a story once the game is
// over (RULINGS 0.11): paragraphs in order, naming seats as {n} like event
// texts. It returns nothing while the game runs.
type Teller interface {
	Story() []string
}

// Inspector is implemented by states whose seats each have a board of
// their own worth a closer look than the table shows: Inspect returns the
// public view of one seat's board, for anyone to look at (the renderer
// draws it), or nil for a seat that does not exist. It never holds hidden
// information.
type Inspector interface {
	Inspect(seat Seat) any
}

// NamedPolicy is a policy with a short name, for simulations.
type NamedPolicy struct {
	Name   string
	Policy Policy
}

// Strategist is implemented by games that offer named policies besides
// their AI, to measure one style of play against another in simulation
// ("lifebot sim -lineup balanced,wealth").
type Strategist interface {
	Strategies() []NamedPolicy
}

// Breakdown is implemented by the states of games that tell the simulator
// more about a finished game than its result, so a designer can see what
// decides it ("lifebot sim -by fate"): for each kind of fact the game
// offers, the facts of one seat, such as the fate it played or every card
// it kept. A seat may have no fact of a kind, or several.
type Breakdown interface {
	// Breakdowns names the kinds of facts offered, such as "fate".
	Breakdowns() []string
	// Facts lists seat's facts of kind in a finished game.
	Facts(kind string, seat Seat) []string
}

// Speaker is implemented by games whose words live in a catalog (see
// package i18n): the texts their states return (events, prompts, labels,
// results, refusals, stories, the strings of their views) are messages
// of its keys, said in each reader's language by whoever shows them.
// Its keys begin with the game's id; "<id>.title" is the game's name.
type Speaker interface {
	Words() *i18n.Catalog
}

// Stat is one measure of a finished game, such as its length in rounds.
type Stat struct {
	Name  string
	Value float64
}

// Reporter is implemented by states that can describe a finished game in
// their own measures; simulations average them over many games.
type Reporter interface {
	Stats() []Stat
}

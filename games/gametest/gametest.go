// Package gametest is the suite every game engine passes. It plays seeded
// games to the end with random and AI players and checks the contract of
// package games after every step: who is active, what is legal, that
// refused actions change nothing, that states survive a save and restore,
// and that a game replays exactly from its Config and action log.
//
// Games with hidden information pass a Hidden hook (WithHidden), and the
// suite then checks that no view, prompt, button label or public event
// shows a viewer what the hook says it may not see.
//
// Every failure names the Config and the players, so it can be rerun on
// its own with Playout.
package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lifebot/lifebot/games"
)

// Limits the platform imposes on what an engine shows.
const (
	maxLabel     = 80   // Discord button label
	maxActionLen = 48   // encoded action inside a custom_id
	maxHelp      = 100  // option description
	maxRules     = 2000 // one Discord message
	maxSummary   = 80   // /newgame's description, with room for the players
	maxChoices   = 25   // choices of a slash-command option
	maxSteps     = 10000
)

// Players says who plays the seats of a checked game.
type Players int

// The line-ups Run cycles through.
const (
	RandomPlayers Players = iota // games.RandomPolicy everywhere
	AIPlayers                    // the game's AI everywhere
	MixedPlayers                 // the AI on even seats, random on odd ones
)

func (p Players) String() string {
	switch p {
	case RandomPlayers:
		return "gametest.RandomPlayers"
	case AIPlayers:
		return "gametest.AIPlayers"
	default:
		return "gametest.MixedPlayers"
	}
}

// Secrets is what one viewer must never be shown.
type Secrets struct {
	// Text holds strings that must not appear in anything the viewer
	// reads as text: the prompt and public events (for games.Observer,
	// whose secrets every seat shares) and the labels of the viewer's own
	// choices, subset items included.
	Text []string
	// View holds strings that must not appear in the JSON encoding of
	// View(viewer).
	View []string
	// Epoch names the arrangement of the hidden things: a game changes it
	// whenever it shuffles (its generator's position will do). Within one
	// decision a card may be shown and then shuffled out of sight again,
	// so public events are only checked across decisions that keep the
	// epoch.
	Epoch string
}

// Hidden lists what viewer, a seat or games.Observer, may not see in s:
// for a card game, the cards in other seats' hands, written the way the
// game writes them in text and in its views. The game chooses forms that
// cannot match by accident (a card another seat may see under the same
// label is no secret in text).
//
// Public events are checked against what both the state before and the
// state after the decision that produced them hide, since an event may
// name a card that the decision itself revealed.
type Hidden func(s games.State, viewer games.Seat) Secrets

// Option adjusts the checks of Run and Playout.
type Option func(*suite)

type suite struct {
	hidden Hidden
}

// WithHidden turns on the no-leak checks with h.
func WithHidden(h Hidden) Option { return func(c *suite) { c.hidden = h } }

// Run checks g's Info, then plays playouts games for each config, in
// parallel subtests, with seeds cfg.Seed, cfg.Seed+1, …, cycling through
// random, AI and mixed players (starting at a different line-up for each
// config). Outside the long run it plays half as many, at least one, and
// under -short a quarter of that (see Count).
func Run(t *testing.T, g games.Game, cfgs []games.Config, playouts int, opts ...Option) {
	t.Helper()
	CheckInfo(t, g)
	playouts = max(1, Count(playouts, max(1, playouts/2)))
	for i, cfg := range cfgs {
		t.Run(fmt.Sprintf("cfg%03d", i), func(t *testing.T) {
			t.Parallel()
			for k := range playouts {
				c := cfg
				c.Seed = cfg.Seed + uint64(k)
				Playout(t, g, c, Players((i+k)%3), opts...)
			}
		})
	}
}

// CheckInfo checks that g describes itself within the platform's limits:
// ids and option keys Discord accepts, help texts that fit, defaults that
// resolve, exclusions that name Bool options both ways, and that New
// refuses seat counts and options outside the schema.
func CheckInfo(t testing.TB, g games.Game) {
	t.Helper()
	checkInfoWords(t, g)
	info := g.Info()
	if !validName(info.ID) {
		t.Errorf("Info.ID %q: want a lowercase id", info.ID)
	}
	if info.Name == "" || info.Summary == "" || strings.Contains(info.Summary, "\n") {
		t.Errorf("Info: want a name and a one-line summary, got %q, %q", info.Name, info.Summary)
	}
	if n := utf8.RuneCountInString(info.Summary); n > maxSummary {
		t.Errorf("Info.Summary has %d characters, want at most %d", n, maxSummary)
	}
	if n := utf8.RuneCountInString(info.Rules); n == 0 || n > maxRules {
		t.Errorf("Info.Rules has %d characters, want 1..%d", n, maxRules)
	}
	if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
		t.Errorf("Info seats %d..%d: want 1 <= min <= max", info.MinSeats, info.MaxSeats)
	}
	byKey := map[string]games.Option{}
	for _, o := range info.Options {
		if !validName(o.Key) {
			t.Errorf("option key %q is not a Discord option name", o.Key)
		}
		if _, dup := byKey[o.Key]; dup {
			t.Errorf("option %q declared twice", o.Key)
		}
		byKey[o.Key] = o
		if n := utf8.RuneCountInString(o.Help); n == 0 || n > maxHelp {
			t.Errorf("option %q help has %d characters, want 1..%d", o.Key, n, maxHelp)
		}
		if o.Name == "" {
			t.Errorf("option %q has no name", o.Key)
		}
		switch o.Kind {
		case games.Enum:
			if len(o.Choices) == 0 || len(o.Choices) > maxChoices {
				t.Errorf("option %q has %d choices, want 1..%d", o.Key, len(o.Choices), maxChoices)
			}
			if o.Default != "" && !slices.Contains(o.Choices, o.Default) {
				t.Errorf("option %q default %q is not a choice", o.Key, o.Default)
			}
		case games.Int:
			if o.Min > o.Max {
				t.Errorf("option %q range %d..%d is empty", o.Key, o.Min, o.Max)
			}
		}
	}
	for _, o := range info.Options {
		for _, x := range o.Excludes {
			other, ok := byKey[x]
			switch {
			case o.Kind != games.Bool || !ok || other.Kind != games.Bool:
				t.Errorf("option %q excludes %q: both must be Bool options", o.Key, x)
			case !slices.Contains(other.Excludes, o.Key):
				t.Errorf("option %q excludes %q but not the other way round", o.Key, x)
			}
		}
	}
	if _, err := games.Resolve(info.Options, nil); err != nil {
		t.Errorf("default options do not resolve: %v", err)
	}
	for _, seats := range []int{info.MinSeats - 1, info.MaxSeats + 1} {
		if _, err := g.New(games.Config{Seats: seats}); err == nil {
			t.Errorf("New with %d seats: got no error, want one", seats)
		}
	}
	bad := games.Options{"no_such_option_anywhere": "true"}
	if _, err := g.New(games.Config{Seats: info.MinSeats, Options: bad}); err == nil {
		t.Errorf("New with an unknown option: got no error, want one")
	}
}

// playout is one checked game in progress.
type playout struct {
	t       testing.TB
	g       games.Game
	cfg     games.Config
	who     Players
	step    int
	private bool
	words   *words
	suite
}

func (p *playout) fail(format string, args ...any) {
	p.t.Helper()
	p.t.Fatalf("seed %d, %d seats, options %v, %v, step %d: %s",
		p.cfg.Seed, p.cfg.Seats, p.cfg.Options, p.who, p.step, fmt.Sprintf(format, args...))
}

// move is one logged decision.
type move struct {
	seat games.Seat
	a    games.Action
}

// Playout plays one game of g from cfg to the end with the given players,
// checking the contract after every step, then replays it from cfg and
// its action log and compares the final states byte for byte. Every
// other step continues from a decoded copy of the state, so restored
// states are played as well as checked. In a simultaneous step every
// active seat acts in turn, each seeing the state its predecessors left.
func Playout(t testing.TB, g games.Game, cfg games.Config, who Players, opts ...Option) {
	t.Helper()
	p := &playout{t: t, g: g, cfg: cfg, who: who, private: g.Info().Private, words: newWords(t, g)}
	for _, o := range opts {
		o(&p.suite)
	}
	defer func() {
		if r := recover(); r != nil {
			p.fail("panic: %v", r)
		}
	}()
	s, err := g.New(cfg)
	if err != nil {
		p.fail("New: %v", err)
	}
	p.checkContent(s)
	policies := make([]games.Policy, cfg.Seats)
	for seat := range policies {
		policies[seat] = games.RandomPolicy{}
		if who == AIPlayers || (who == MixedPlayers && seat%2 == 0) {
			policies[seat] = g.AI()
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x9a3e7e57))
	var log []move
	for ; ; p.step++ {
		if p.step > maxSteps {
			p.fail("no end after %d steps", maxSteps)
		}
		data, restored := p.check(s)
		if s.Result().Over {
			break
		}
		p.checkAddressed(s)
		if p.step%2 == 1 {
			s = restored
		}
		for i, seat := range s.Active() {
			if i > 0 {
				if !games.IsActive(s, seat) {
					continue
				}
				data = p.marshal(s)
			}
			a := policies[seat].Choose(s, seat, rng)
			if !bytes.Equal(p.marshal(s), data) {
				p.fail("the policy of seat %d changed the state", seat)
			}
			if !games.IsLegal(s, seat, a) {
				p.fail("the policy of seat %d chose %q, which is not legal", seat, a)
			}
			before := p.publicSecrets(s)
			events, err := s.Apply(seat, a)
			if err != nil {
				p.fail("seat %d applying legal %q: %v", seat, a, err)
			}
			p.checkEvents(events)
			p.checkPublicEvents(events, before, p.publicSecrets(s))
			log = append(log, move{seat, a})
		}
	}
	p.replay(s, log)
}

// checkContent checks what New does with Config.Content: a game with
// versioned content names its version and deals from it when asked; every
// game refuses a version it does not know.
func (p *playout) checkContent(s games.State) {
	p.t.Helper()
	unknown := p.cfg
	unknown.Content = "no such content"
	if _, err := p.g.New(unknown); err == nil {
		p.fail("New accepted the unknown content version %q", unknown.Content)
	}
	v, ok := s.(games.Versioned)
	if !ok {
		return
	}
	if v.Content() == "" {
		p.fail("a versioned state names no content version")
	}
	named := p.cfg
	named.Content = v.Content()
	r, err := p.g.New(named)
	if err != nil {
		p.fail("New with the content version %q the game reports: %v", named.Content, err)
	}
	if !bytes.Equal(p.marshal(r), p.marshal(s)) {
		p.fail("New naming the content version %q the game reports deals a different game", named.Content)
	}
}

// replay rebuilds the game from its Config and log and compares bytes,
// naming the content version the way a record keeps it.
func (p *playout) replay(s games.State, log []move) {
	p.t.Helper()
	cfg := p.cfg
	if v, ok := s.(games.Versioned); ok {
		cfg.Content = v.Content()
	}
	r, err := p.g.New(cfg)
	if err != nil {
		p.fail("replay New: %v", err)
	}
	for i, m := range log {
		if _, err := r.Apply(m.seat, m.a); err != nil {
			p.fail("replay of decision %d (seat %d, %q): %v", i, m.seat, m.a, err)
		}
	}
	if !bytes.Equal(p.marshal(r), p.marshal(s)) {
		p.fail("replaying %d decisions from the Config gives a different state", len(log))
	}
}

func (p *playout) marshal(s games.State) []byte {
	p.t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		p.fail("MarshalBinary: %v", err)
	}
	return b
}

// check verifies the contract on s and returns its bytes and the state
// decoded from them.
func (p *playout) check(s games.State) ([]byte, games.State) {
	p.t.Helper()
	n := p.cfg.Seats
	data := p.marshal(s)
	res := s.Result()
	if len(res.Scores) != n || len(res.Rank) != n {
		p.fail("Result has %d scores and %d ranks, want %d each", len(res.Scores), len(res.Rank), n)
	}
	if res.Detail != nil && len(res.Detail) != n {
		p.fail("Result has %d details, want %d", len(res.Detail), n)
	}
	active := s.Active()
	if res.Over == (len(active) > 0) {
		p.fail("Over is %v with active seats %v", res.Over, active)
	}
	if !res.Over && s.Prompt() == "" {
		p.fail("empty prompt while the game runs")
	}
	p.say("the prompt", s.Prompt())
	for i := range res.Detail {
		p.say("a result's detail", res.Detail[i])
	}
	for i := range res.Shown {
		p.say("a shown score", res.Shown[i])
	}
	if tl, ok := s.(games.Teller); ok && res.Over {
		for _, para := range tl.Story() {
			p.say("the story", para)
		}
	}
	for _, seat := range active {
		if seat < 0 || int(seat) >= n {
			p.fail("active seat %d out of range", seat)
		}
	}
	// Views cost more than the rest of a step: take the public one and
	// one seat's in turn, and every seat's at the end.
	viewers := []games.Seat{games.Observer, games.Seat(p.step % n)}
	if res.Over {
		viewers = append(viewers, seats(n)...)
	}
	views := make([][]byte, len(viewers))
	for i, seat := range viewers {
		v := s.View(seat)
		if v == nil {
			p.fail("View(%d) is nil", seat)
		}
		p.checkView(s, seat, v)
		views[i] = p.viewJSON(seat, v)
	}
	if p.hidden != nil && !res.Over {
		p.checkText("the prompt", s.Prompt(), p.hidden(s, games.Observer).Text)
	}
	var sample games.Action
	legal := map[games.Seat][]games.Choice{}
	for seat := range n {
		seat := games.Seat(seat)
		choices := s.Legal(seat)
		if !slices.Contains(active, seat) {
			if len(choices) > 0 {
				p.fail("inactive seat %d has %d legal choices", seat, len(choices))
			}
			continue
		}
		if len(choices) == 0 {
			p.fail("active seat %d has no legal choice", seat)
		}
		p.checkChoices(seat, choices)
		p.checkLabels(s, seat, choices)
		legal[seat] = choices
		sample = choices[0].Action
	}
	p.checkRefusals(s, legal, sample)
	if !bytes.Equal(p.marshal(s), data) {
		p.fail("a refused Apply changed the state")
	}
	d, err := p.g.Decode(data)
	if err != nil {
		p.fail("Decode of MarshalBinary output: %v", err)
	}
	if !bytes.Equal(p.marshal(d), data) {
		p.fail("MarshalBinary after Decode gives different bytes")
	}
	// The bot tells a changed view by its JSON, so a restored state must
	// show exactly what the original showed.
	for i, seat := range viewers {
		if got := p.viewJSON(seat, d.View(seat)); !bytes.Equal(got, views[i]) {
			p.fail("View(%d) after Decode differs:\n%s\nwant\n%s", seat, got, views[i])
		}
	}
	return data, d
}

func (p *playout) viewJSON(seat games.Seat, v any) []byte {
	p.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		p.fail("View(%d) does not marshal to JSON: %v", seat, err)
	}
	return b
}

// checkChoices verifies one seat's choices: few enough to show, encodable,
// parseable, labelled and distinct, and subset choices that fit a select
// menu whatever is picked.
func (p *playout) checkChoices(seat games.Seat, legal []games.Choice) {
	p.t.Helper()
	if len(legal) > maxChoices {
		p.fail("seat %d has %d choices, want <= %d", seat, len(legal), maxChoices)
	}
	actions := map[string]bool{}
	// labels holds the labels seen in each language, by its place in
	// the words' forms.
	labels := map[int]map[string]bool{}
	for _, c := range legal {
		if c.Pick != nil {
			p.checkPick(seat, c)
		}
		enc := c.Action.String()
		if len(enc) > maxActionLen {
			p.fail("seat %d action %q is %d bytes, want <= %d", seat, enc, len(enc), maxActionLen)
		}
		back, err := games.ParseAction(enc)
		if err != nil || !back.Equal(c.Action) {
			p.fail("seat %d action %q does not round-trip: got %v, %v", seat, enc, back, err)
		}
		p.say("a label", c.Label)
		for i, label := range p.words.forms(c.Label) {
			if n := utf8.RuneCountInString(label); n == 0 || n > maxLabel {
				p.fail("seat %d label %q has %d characters, want 1..%d", seat, label, n, maxLabel)
			}
			if labels[i][label] {
				p.fail("seat %d has two choices labelled %q", seat, label)
			}
			if labels[i] == nil {
				labels[i] = map[string]bool{}
			}
			labels[i][label] = true
		}
		if actions[enc] {
			p.fail("seat %d has a duplicate choice %q", seat, enc)
		}
		actions[enc] = true
	}
}

// checkPick verifies a subset choice: 0 <= Min <= Max <= len(Items) <=
// 25, distinct item arguments, item labels that fit a select option, and
// an action that fits a custom_id even when the Max longest items are
// picked.
func (p *playout) checkPick(seat games.Seat, c games.Choice) {
	p.t.Helper()
	pk := c.Pick
	if pk.Min < 0 || pk.Min > pk.Max || pk.Max > len(pk.Items) || len(pk.Items) > maxChoices || len(pk.Items) == 0 {
		p.fail("seat %d subset choice %q picks %d..%d of %d items, want 0 <= min <= max <= items, 1..%d items",
			seat, c.Action, pk.Min, pk.Max, len(pk.Items), maxChoices)
	}
	args := map[int]bool{}
	lengths := make([]int, 0, len(pk.Items))
	for _, it := range pk.Items {
		if args[it.Arg] {
			p.fail("seat %d subset choice %q lists item %d twice", seat, c.Action, it.Arg)
		}
		args[it.Arg] = true
		p.say("an item's label", it.Label)
		for _, label := range p.words.forms(it.Label) {
			if n := utf8.RuneCountInString(label); n == 0 || n > maxLabel {
				p.fail("seat %d item label %q has %d characters, want 1..%d", seat, label, n, maxLabel)
			}
		}
		lengths = append(lengths, len(games.Action{Args: []int{it.Arg}}.String()))
	}
	slices.Sort(lengths)
	longest := len(c.Action.String())
	for _, n := range lengths[len(lengths)-pk.Max:] {
		longest += n
	}
	if longest > maxActionLen {
		p.fail("seat %d subset choice %q can encode to %d bytes, want <= %d", seat, c.Action, longest, maxActionLen)
	}
}

// checkView looks for the viewer's secrets in the JSON of its view.
func (p *playout) checkView(s games.State, viewer games.Seat, v any) {
	p.t.Helper()
	if p.hidden == nil {
		return
	}
	b := p.viewJSON(viewer, v)
	for _, secret := range p.hidden(s, viewer).View {
		if bytes.Contains(b, []byte(secret)) {
			p.fail("View(%d) shows %q, which that viewer may not see", viewer, secret)
		}
	}
}

// checkLabels looks for a seat's secrets in the labels of its choices,
// and for the public secrets too when the game shows buttons publicly.
func (p *playout) checkLabels(s games.State, seat games.Seat, legal []games.Choice) {
	p.t.Helper()
	if p.hidden == nil {
		return
	}
	secrets := p.hidden(s, seat).Text
	if !p.private {
		secrets = append(secrets, p.hidden(s, games.Observer).Text...)
	}
	for _, c := range legal {
		p.checkText(fmt.Sprintf("seat %d's label", seat), c.Label, secrets)
		if c.Pick != nil {
			for _, it := range c.Pick.Items {
				p.checkText(fmt.Sprintf("seat %d's item label", seat), it.Label, secrets)
			}
		}
	}
}

func (p *playout) checkText(what, text string, secrets []string) {
	p.t.Helper()
	for _, secret := range secrets {
		if strings.Contains(text, secret) {
			p.fail("%s %q shows %q", what, text, secret)
		}
	}
}

// publicSecrets is what the channel may not see in s, as a set, and the
// epoch of s.
type publicSecrets struct {
	text  map[string]bool
	epoch string
}

func (p *playout) publicSecrets(s games.State) publicSecrets {
	if p.hidden == nil {
		return publicSecrets{}
	}
	sec := p.hidden(s, games.Observer)
	out := publicSecrets{text: map[string]bool{}, epoch: sec.Epoch}
	for _, secret := range sec.Text {
		out.text[secret] = true
	}
	return out
}

// checkPublicEvents looks in public events for what the channel could
// see neither before nor after the decision.
func (p *playout) checkPublicEvents(events []games.Event, before, after publicSecrets) {
	p.t.Helper()
	if before.epoch != after.epoch {
		return
	}
	var secrets []string
	for secret := range after.text {
		if before.text[secret] {
			secrets = append(secrets, secret)
		}
	}
	slices.Sort(secrets)
	for _, e := range events {
		if e.Public() {
			p.checkText("public event", e.Text, secrets)
		}
	}
}

// checkRefusals applies what must be refused: any action from a seat that
// is not active or does not exist, and malformed or unknown actions from
// an active seat. The caller checks that the state did not change.
func (p *playout) checkRefusals(s games.State, legal map[games.Seat][]games.Choice, sample games.Action) {
	p.t.Helper()
	n := p.cfg.Seats
	want := games.ErrNotYourTurn
	if len(legal) == 0 {
		want = games.ErrOver
		sample = games.Action{Kind: "x"}
	}
	for _, seat := range append(seats(n), -1, games.Seat(n), games.Seat(n+7)) {
		if _, ok := legal[seat]; ok {
			continue
		}
		if _, err := s.Apply(seat, sample); !errors.Is(err, want) {
			p.fail("Apply(%d, %q) by a seat that may not act: got %v, want %v", seat, sample, err, want)
		}
	}
	for _, seat := range seats(n) {
		choices, ok := legal[seat]
		if !ok {
			continue
		}
		for _, a := range garbage(sample) {
			if slices.ContainsFunc(choices, func(c games.Choice) bool { return c.Accepts(a) }) {
				continue
			}
			_, err := s.Apply(seat, a)
			if !errors.Is(err, games.ErrIllegal) {
				p.fail("Apply(%d, %q), not a legal action: got %v, want %v", seat, a, err, games.ErrIllegal)
			}
			if err.Error() == "" {
				p.fail("Apply(%d, %q) refused without a reason", seat, a)
			}
			if r := (*games.Refusal)(nil); errors.As(err, &r) {
				p.say("a refusal", r.Reason)
			}
		}
	}
}

// garbage lists actions no game should accept, and near-misses of a legal
// action (extra, missing or absurd arguments).
func garbage(legal games.Action) []games.Action {
	out := []games.Action{
		{},
		{Kind: "no_such_move"},
		{Kind: legal.Kind, Args: append(slices.Clone(legal.Args), 1<<30)},
		{Kind: legal.Kind, Args: []int{-1 << 40}},
		{Kind: strings.ToUpper(legal.Kind), Args: legal.Args},
	}
	if len(legal.Args) > 0 {
		out = append(out, games.Action{Kind: legal.Kind})
	}
	return out
}

// validName reports whether s is a valid lowercase Discord option name,
// which also makes a safe game id.
func validName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

func seats(n int) []games.Seat {
	out := make([]games.Seat, n)
	for i := range out {
		out[i] = games.Seat(i)
	}
	return out
}

// checkEvents verifies that events have text and name only real seats.
func (p *playout) checkEvents(events []games.Event) {
	p.t.Helper()
	for _, e := range events {
		if e.Text == "" {
			p.fail("an event without text")
		}
		p.say("an event", e.Text)
		for _, seat := range e.To {
			if seat < 0 || int(seat) >= p.cfg.Seats {
				p.fail("event %q is addressed to seat %d", e.Text, seat)
			}
			// A private line reaches its reader's own DM, where it says "you".
			if strings.Contains(e.Text, games.SeatRef(seat)) {
				p.fail("private event %q names its own reader, seat %d, in the third person", e.Text, seat)
			}
		}
	}
}

// checkAddressed checks what each seat to act reads in its own DM: the
// state speaks to it (games.Addresser), never about it.
func (p *playout) checkAddressed(s games.State) {
	p.t.Helper()
	a, ok := s.(games.Addresser)
	if !ok {
		p.fail("the state does not implement games.Addresser, so a player's DM would name them in the third person")
	}
	for _, seat := range s.Active() {
		text := a.PromptTo(seat)
		if text == "" || strings.Contains(text, games.SeatRef(seat)) {
			p.fail("PromptTo(%d) = %q, want words to that seat's player", seat, text)
		}
		p.say("a prompt to a seat", text)
	}
}

// CheckDecode feeds data to g.Decode, as a fuzz target does: Decode must
// not panic, and a state it accepts must work: its methods must not panic,
// its legal moves must apply, and it must save to bytes that decode to the
// same bytes again.
func CheckDecode(t testing.TB, g games.Game, data []byte) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Decode(%q) or the decoded state panicked: %v", data, r)
		}
	}()
	s, err := g.Decode(data)
	if err != nil {
		return
	}
	saved, err := s.MarshalBinary()
	if err != nil {
		t.Fatalf("Decode(%q) accepted a state that does not save: %v", data, err)
	}
	again, err := g.Decode(saved)
	if err != nil {
		t.Fatalf("Decode(%q) accepted a state whose save %q it refuses: %v", data, saved, err)
	}
	if b, _ := again.MarshalBinary(); !bytes.Equal(b, saved) {
		t.Fatalf("Decode(%q): saving twice gives %q, then %q", data, saved, b)
	}
	res := s.Result()
	active := s.Active()
	if res.Over == (len(active) > 0) {
		t.Fatalf("Decode(%q): Over is %v with active seats %v", data, res.Over, active)
	}
	// Everything the bot may ask of a decoded state must answer: a save
	// that a newer or damaged file brings in never panics the bot.
	s.Prompt()
	s.View(games.Observer)
	for seat := range len(res.Scores) {
		s.View(games.Seat(seat))
		if insp, ok := s.(games.Inspector); ok {
			insp.Inspect(games.Seat(seat))
		}
	}
	if res.Over {
		if tl, ok := s.(games.Teller); ok {
			tl.Story()
		}
		if rp, ok := s.(games.Reporter); ok {
			rp.Stats()
		}
	}
	for _, seat := range active {
		if !games.IsActive(s, seat) {
			continue // an earlier seat's decision ended the step
		}
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("Decode(%q): active seat %d has no legal choice", data, seat)
		}
		a := Smallest(legal[0])
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatalf("Decode(%q): legal %q refused: %v", data, a, err)
		}
	}
}

// Smallest is the action of c with the fewest picks: the action itself,
// or for a subset choice its first Min items.
func Smallest(c games.Choice) games.Action {
	if c.Pick == nil {
		return c.Action
	}
	a := games.Action{Kind: c.Action.Kind, Args: slices.Clone(c.Action.Args)}
	for _, it := range c.Pick.Items[:c.Pick.Min] {
		a.Args = append(a.Args, it.Arg)
	}
	return a
}

// BenchPlayout measures whole games of g at seats, every seat played by
// pol, each game from the next seed.
func BenchPlayout(b *testing.B, g games.Game, seats int, pol games.Policy) {
	rng := rand.New(rand.NewPCG(1, 2))
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s, err := g.New(games.Config{Seats: seats, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		for len(s.Active()) > 0 {
			seat := s.Active()[0]
			if _, err := s.Apply(seat, pol.Choose(s, seat, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchApply measures one Apply of g from the state data holds, a
// random legal decision of the first active seat each time; decoding and
// choosing are not timed.
func BenchApply(b *testing.B, g games.Game, data []byte) {
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s, err := g.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		seat := s.Active()[0]
		a := games.RandomPolicy{}.Choose(s, seat, rng)
		b.StartTimer()
		if _, err := s.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
	}
}

// PlayWith plays a game of g from cfg to the end, each seat deciding by
// the policy that policy returns for it, all drawing from one generator
// seeded from cfg.Seed. A refused decision, or a game still going after
// maxSteps decisions, fails t.
func PlayWith(t testing.TB, g games.Game, cfg games.Config, policy func(games.Seat) games.Policy) games.State {
	t.Helper()
	s, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	for step := 0; len(s.Active()) > 0; step++ {
		if step > maxSteps {
			t.Fatalf("seed %d: no end after %d decisions", cfg.Seed, maxSteps)
		}
		seat := s.Active()[0]
		a := policy(seat).Choose(s, seat, rng)
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: seat %d playing %v: %v", cfg.Seed, seat, a, err)
		}
	}
	return s
}

// MustRefuse applies a for seat and fails the test unless Apply refuses it
// with want (errors.Is), returns no events and leaves the state as it was.
// It returns the error, for checks of its wording.
func MustRefuse(t testing.TB, s games.State, seat games.Seat, a games.Action, want error) error {
	t.Helper()
	before, _ := s.MarshalBinary()
	ev, err := s.Apply(seat, a)
	if !errors.Is(err, want) {
		t.Fatalf("Apply(%d, %v): got %v, want %v", seat, a, err, want)
	}
	if ev != nil {
		t.Errorf("Apply(%d, %v) refused but returned events %v", seat, a, ev)
	}
	if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
		t.Errorf("Apply(%d, %v) refused but changed the state", seat, a)
	}
	return err
}

// FuzzDecode is the decode fuzz target every game runs: the corpus holds
// the states saved along random games of g from cfgs (about every
// stride-th one), some junk every decoder must refuse gracefully, and the
// game's own junk; every input goes through CheckDecode.
func FuzzDecode(f *testing.F, g games.Game, cfgs []games.Config, stride int, junk ...string) {
	for _, cfg := range cfgs {
		states, err := States(g, cfg, stride)
		if err != nil {
			f.Fatal(err)
		}
		for _, b := range states {
			f.Add(b)
		}
	}
	for _, j := range append([]string{"", "{}", `{"v":1}`, `{"v":2}`, "null"}, junk...) {
		f.Add([]byte(j))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		CheckDecode(t, g, data)
	})
}

// States plays a random game of g from cfg and returns its saved states
// along the way, about every stride-th one, for seeding fuzz corpora.
func States(g games.Game, cfg games.Config, stride int) ([][]byte, error) {
	s, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 1))
	var out [][]byte
	for step := 0; step <= maxSteps; step++ {
		if step%max(1, stride) == 0 || s.Result().Over {
			b, err := s.MarshalBinary()
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
		if s.Result().Over {
			return out, nil
		}
		for _, seat := range s.Active() {
			if _, err := s.Apply(seat, (games.RandomPolicy{}).Choose(s, seat, rng)); err != nil {
				return nil, err
			}
		}
	}
	return nil, fmt.Errorf("no end after %d steps", maxSteps)
}

// CheckApply applies an arbitrary action from an arbitrary seat, the body
// of a game's fuzz target. Apply must accept exactly the legal actions,
// refuse the rest with an error wrapping a games sentinel, and leave the
// state untouched when it refuses. It returns the events of an accepted
// action and whether it was accepted.
func CheckApply(t testing.TB, s games.State, seat games.Seat, a games.Action) ([]games.Event, bool) {
	t.Helper()
	legal := games.IsLegal(s, seat, a)
	before, _ := s.MarshalBinary()
	ev, err := s.Apply(seat, a)
	if err != nil {
		if legal {
			t.Fatalf("legal %v refused: %v", a, err)
		}
		if !errors.Is(err, games.ErrIllegal) && !errors.Is(err, games.ErrNotYourTurn) && !errors.Is(err, games.ErrOver) {
			t.Fatalf("Apply(%d, %v): error %v wraps no games sentinel", seat, a, err)
		}
		if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
			t.Fatalf("refused Apply(%d, %v) changed the state", seat, a)
		}
		return nil, false
	}
	if !legal {
		t.Fatalf("Apply(%d, %v) accepted an action that is not legal", seat, a)
	}
	return ev, true
}

// CheckDamagedSaves decodes saves of g damaged one value at a time, as a
// newer build or a damaged file might bring them, with CheckDecode: each
// is refused, or is a working state. The saves come from seeded games of
// cfgs, about every stride-th state; each number in them is set to −1, 0
// and a large value in turn, each list loses its last element and gains a
// copy of its first. At most limit damaged saves are checked, spread over
// all of them.
func CheckDamagedSaves(t *testing.T, g games.Game, cfgs []games.Config, stride, limit int) {
	t.Helper()
	var docs []any
	for _, cfg := range cfgs {
		states, err := States(g, cfg, stride)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range states {
			var doc any
			if json.Unmarshal(b, &doc) == nil {
				docs = append(docs, doc)
			}
		}
	}
	// Count the damaged saves first, then encode only those checked.
	n := 0
	for _, doc := range docs {
		damage(doc, func() { n++ })
	}
	step, i := max(1, n/max(1, limit)), 0
	for _, doc := range docs {
		damage(doc, func() {
			if i%step == 0 {
				data, err := json.Marshal(doc)
				if err != nil {
					t.Fatal(err)
				}
				CheckDecode(t, g, data)
			}
			i++
		})
	}
}

// damage damages one value of doc at a time, in place, calling visit with
// each damage done and undoing it afterwards.
func damage(doc any, visit func()) {
	var walk func(v any, set func(any))
	walk = func(v any, set func(any)) {
		switch x := v.(type) {
		case float64:
			for _, bad := range []float64{-1, 0, 1 << 20} {
				set(bad)
				visit()
			}
			set(x)
		case []any:
			if len(x) > 0 {
				set(x[:len(x)-1])
				visit()
				set(append(slices.Clone(x), x[0]))
				visit()
				set(x)
			}
			for i := range x {
				walk(x[i], func(n any) { x[i] = n })
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(x[k], func(n any) { x[k] = n })
			}
		}
	}
	walk(doc, func(any) {})
}

// say checks text in every language of a game's catalog, once.
func (p *playout) say(what, text string) {
	p.t.Helper()
	if problems := p.words.problems(what, text); len(problems) > 0 {
		p.fail("%s", strings.Join(problems, "\n"))
	}
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/sim"
	"github.com/lifebot/lifebot/render"
)

// optionFlags collects repeated -opt key=value flags.
type optionFlags games.Options

func (o optionFlags) String() string { return "" }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("want key=value, got %q", v)
	}
	o[k] = val
	return nil
}

// simRun is what "lifebot sim" is asked to play.
type simRun struct {
	game, lineup, png, by, lang string
	players, games, top         int
	seed                        uint64
	opts                        optionFlags
}

// simFlags declares sim's flags and returns what plays the games.
func simFlags(fs *flag.FlagSet) runFunc {
	r := &simRun{opts: optionFlags{}}
	fs.StringVar(&r.game, "game", "thatslife", "game id: "+strings.Join(registry().IDs(), ", "))
	fs.IntVar(&r.players, "players", 4, "number of seats")
	fs.IntVar(&r.games, "games", 1000, "number of games")
	fs.Uint64Var(&r.seed, "seed", 1, "seed of the batch; game g uses a seed derived from it and g")
	fs.StringVar(&r.lineup, "lineup", "", "comma-separated policies per seat: ai, random, or a strategy the game offers (default: one ai, the rest random)")
	fs.StringVar(&r.png, "png", "", "write the last game's final board to this PNG `file`")
	fs.StringVar(&r.lang, "lang", string(i18n.English), "draw the -png board in this `language`: "+langList())
	fs.Var(r.opts, "opt", "game option `key=value` (repeatable), e.g. -opt layout=random")
	fs.StringVar(&r.by, "by", "", "break the results down by these `kinds` of facts, comma-separated, such as fate or card; the game says which it offers")
	fs.IntVar(&r.top, "top", 0, "with -by, show only the `n` most and n least favoured facts of each kind")
	return r.run
}

func (r *simRun) run(_ context.Context, _ []string, out io.Writer, _ func(string) string) error {
	reg := registry()
	g, ok := reg.Get(r.game)
	if !ok {
		return errUsage{fmt.Errorf("unknown game %q (have %s)", r.game, strings.Join(reg.IDs(), ", "))}
	}
	info := g.Info()
	if r.players < info.MinSeats || r.players > info.MaxSeats {
		return errUsage{fmt.Errorf("%s takes %d to %d players", info.Name, info.MinSeats, info.MaxSeats)}
	}
	resolved, err := games.Resolve(info.Options, games.Options(r.opts))
	if err != nil {
		return errUsage{err}
	}
	entrants, err := parseLineup(r.lineup, r.players, g)
	if err != nil {
		return errUsage{err}
	}
	by, err := byKinds(r.by, g, games.Config{Seats: r.players, Options: resolved, Seed: r.seed})
	if err != nil {
		return errUsage{err}
	}
	lang := i18n.Lang(r.lang)
	if !slices.Contains(i18n.Langs, lang) && lang != i18n.Pseudo {
		return errUsage{fmt.Errorf("unknown language %q (have %s)", r.lang, langList())}
	}
	rep, err := sim.Run(sim.Spec{
		Game: g, Seats: r.players, Games: r.games, Seed: r.seed, Options: resolved,
		Lineup: entrants, Rotate: true, By: by,
	})
	if err != nil {
		return err
	}
	printReport(out, info, resolved, r.seed, entrants, rep)
	printBreakdowns(out, rep.Games, rep.By, r.top)
	if r.png != "" && rep.Last != nil {
		names := make([]string, r.players)
		for seat, slot := range rep.LastSeating {
			names[seat] = fmt.Sprintf("%s %d", entrants[slot].Name, slot+1)
		}
		img, err := render.NewRenderer().Board(rep.Last.View(games.Observer), names, lang)
		if err != nil {
			return err
		}
		if err := os.WriteFile(r.png, img, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(out, "final board of the last game written to %s\n", r.png)
	}
	return nil
}

// langList names the languages a board may be drawn in.
func langList() string {
	var names []string
	for _, l := range append(slices.Clone(i18n.Langs), i18n.Pseudo) {
		names = append(names, string(l))
	}
	return strings.Join(names, ", ")
}

func parseLineup(s string, seats int, g games.Game) ([]sim.Entrant, error) {
	var names []string
	if s == "" {
		names = append(names, "ai")
		for range seats - 1 {
			names = append(names, "random")
		}
	} else {
		names = strings.Split(s, ",")
	}
	if len(names) != seats {
		return nil, fmt.Errorf("-lineup names %d policies for %d players", len(names), seats)
	}
	known := []games.NamedPolicy{{Name: "ai", Policy: g.AI()}, {Name: "random", Policy: games.RandomPolicy{}}}
	if st, ok := g.(games.Strategist); ok {
		known = append(known, st.Strategies()...)
	}
	var out []sim.Entrant
	for _, name := range names {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(known, func(p games.NamedPolicy) bool { return p.Name == name })
		if i < 0 {
			var have []string
			for _, p := range known {
				have = append(have, p.Name)
			}
			return nil, fmt.Errorf("unknown policy %q: use one of %s", name, strings.Join(have, ", "))
		}
		out = append(out, sim.Entrant{Name: name, Policy: known[i].Policy})
	}
	return out, nil
}

func printReport(out io.Writer, info games.Info, opts games.Options, seed uint64, entrants []sim.Entrant, rep sim.Report) {
	desc := games.Describe(info.Options, opts)
	if desc == "" {
		desc = "base game"
	}
	fmt.Fprintf(out, "%s · %d players · %d games · seed %d · %s\n", info.Name, len(entrants), rep.Games, seed, desc)
	width := len("policy")
	for _, e := range entrants {
		width = max(width, len(e.Name))
	}
	fmt.Fprintf(out, "%-6s %-*s %8s %8s %10s %6s %6s\n", "slot", width, "policy", "wins", "win%", "avg score", "min", "max")
	for i, e := range entrants {
		fmt.Fprintf(out, "%-6d %-*s %8.1f %7.1f%% %10.2f %6d %6d\n", i+1, width, e.Name, rep.Wins[i],
			100*rep.Wins[i]/float64(rep.Games), float64(rep.ScoreSum[i])/float64(rep.Games), rep.MinScore[i], rep.MaxScore[i])
	}
	fmt.Fprintf(out, "win%% by seat:")
	for seat, w := range rep.SeatWins {
		fmt.Fprintf(out, " %d: %.1f%%", seat+1, 100*w/float64(rep.Games))
	}
	fmt.Fprintf(out, "\naverage game length: %.1f decisions\n", float64(rep.Decisions)/float64(rep.Games))
	for _, s := range rep.Stats {
		fmt.Fprintf(out, "average %s: %.2f\n", s.Name, s.Value)
	}
}

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
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

func runSim(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("lifebot sim", flag.ContinueOnError)
	fs.SetOutput(out)
	gameID := fs.String("game", "thatslife", "game id")
	players := fs.Int("players", 4, "number of seats")
	n := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the batch; game g uses a seed derived from it and g")
	lineup := fs.String("lineup", "", "comma-separated policies per seat: ai, random, or a strategy the game offers (default: one ai, the rest random)")
	pngPath := fs.String("png", "", "write the last game's final board to this PNG file")
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable), e.g. -opt layout=random")
	if err := fs.Parse(args); err != nil {
		return errUsage{err}
	}
	reg := registry()
	g, ok := reg.Get(*gameID)
	if !ok {
		return errUsage{fmt.Errorf("unknown game %q (have %s)", *gameID, strings.Join(reg.IDs(), ", "))}
	}
	info := g.Info()
	if *players < info.MinSeats || *players > info.MaxSeats {
		return errUsage{fmt.Errorf("%s takes %d to %d players", info.Name, info.MinSeats, info.MaxSeats)}
	}
	resolved, err := games.Resolve(info.Options, games.Options(opts))
	if err != nil {
		return errUsage{err}
	}
	entrants, err := parseLineup(*lineup, *players, g)
	if err != nil {
		return errUsage{err}
	}
	rep, err := sim.Run(sim.Spec{
		Game: g, Seats: *players, Games: *n, Seed: *seed, Options: resolved,
		Lineup: entrants, Rotate: true,
	})
	if err != nil {
		return err
	}
	printReport(out, info, resolved, *seed, entrants, rep)
	if *pngPath != "" && rep.Last != nil {
		names := make([]string, *players)
		for seat, slot := range rep.LastSeating {
			names[seat] = fmt.Sprintf("%s %d", entrants[slot].Name, slot+1)
		}
		img, err := render.NewRenderer().Board(rep.Last.View(games.Observer), names)
		if err != nil {
			return err
		}
		if err := os.WriteFile(*pngPath, img, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(out, "final board of the last game written to %s\n", *pngPath)
	}
	return nil
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

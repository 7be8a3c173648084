package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/games/sim"
)

// byKinds reads -by: kinds of facts, comma-separated, that the game must
// offer at this table. A fresh game tells which it offers.
func byKinds(s string, g games.Game, cfg games.Config) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	bd, ok := st.(games.Breakdown)
	if !ok {
		return nil, fmt.Errorf("%s tells no facts to break its results down by", g.Info().Name)
	}
	offered := bd.Breakdowns()
	var kinds []string
	for _, k := range strings.Split(s, ",") {
		k = strings.TrimSpace(k)
		if !slices.Contains(offered, k) {
			return nil, fmt.Errorf("-by %q: %s at %d players breaks down by %s", k, g.Info().Name, cfg.Seats, strings.Join(offered, ", "))
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

// printBreakdowns prints one table per kind, the facts most favoured
// first: how many seat-games held each, their share of the wins against a
// fair share, in points, and their score against their table's mean, each
// with its standard error. With top > 0 only the top and bottom rows
// show.
func printBreakdowns(out io.Writer, played int, by []sim.Breakdown, top int) {
	for _, bd := range by {
		fmt.Fprintf(out, "\nby %s · %d games · fair share %.1f%% a seat\n", bd.Kind, played, 100*bd.Fair)
		width := len(bd.Kind)
		for _, f := range bd.Facts {
			width = max(width, len([]rune(f.Fact)))
		}
		fmt.Fprintf(out, "%-*s %10s %7s %5s %8s %5s %9s %5s\n", width, bd.Kind, "seat-games", "win%", "±", "vs fair", "±", "vs table", "±")
		for i, f := range bd.Facts {
			if top > 0 && len(bd.Facts) > 2*top && i >= top && i < len(bd.Facts)-top {
				if i == top {
					fmt.Fprintf(out, "… %d more\n", len(bd.Facts)-2*top)
				}
				continue
			}
			fmt.Fprintf(out, "%-*s %10d %6.1f%% %5.1f %+8.1f %5.1f %+9.2f %5.2f\n", width, f.Fact, f.Seats,
				100*f.Win, 100*f.WinSE, f.Edge(bd.Fair), f.EdgeSE(), f.Score, f.ScoreSE)
		}
	}
	if len(by) > 0 {
		fmt.Fprintln(out, "\nwin% is the holders' share of the wins (a shared win split); vs fair is its distance from a fair share, in points; vs table is their score less their table's mean; ± is one standard error.")
	}
}

package game

import (
	"errors"
	"strings"
	"testing"
)

// nonTurnOptions are the rule options that do not concern sets or turns
// (dealing, time, scoring, matches, drawing), each with a value other than
// its default. Setting them must never change how a turn is judged.
var nonTurnOptions = []string{
	"rack-size=20", "joker-penalty=25", "turn-seconds=0", "timeout-draws=1",
	"blocked=fewest-tiles", "never-melded-penalty=true", "winner-only=true",
	"games=3", "target=500", "match-winner=score", "draw=river", "max-players=6",
}

// allCases is every table-driven turn case.
func allCases() []turnCase {
	var all []turnCase
	for _, g := range [][]turnCase{tileCases, manipulationCases, jokerCases, initialMeldCases, wrapCases, riverCases, largeSetCases} {
		all = append(all, g...)
	}
	return all
}

// TestNonTurnOptionsKeepVerdicts: every case keeps its verdict and code
// when an option that is not about turns changes.
func TestNonTurnOptionsKeepVerdicts(t *testing.T) {
	for _, opt := range nonTurnOptions {
		for _, c := range allCases() {
			if c.code == "start" {
				continue
			}
			r := caseRules(t, c)
			if err := r.SetAssignment(opt); err != nil {
				t.Fatal(err)
			}
			if opt == "max-players=6" {
				r.Copies = max(r.Copies, 3) // the only edition for six
			}
			start := TurnStart{Table: mustTable(t, c.table), Rack: mustTiles(t, c.rack), Opened: c.opened,
				Must: mustTiles(t, c.must), Locked: mustTiles(t, c.locked)}
			_, err := JudgeTurn(r, start, mustTable(t, c.after))
			code := ""
			var te *TurnError
			if errors.As(err, &te) {
				code = te.Code
			} else if err != nil {
				t.Errorf("%s with %s: %v", c.name, opt, err)
				continue
			}
			if code != c.code {
				t.Errorf("%s with %s: code %q, want %q", c.name, opt, code, c.code)
			}
		}
	}
}

// TestEveryOptionCovered: every rule option of docs/rules.md is exercised by a
// turn case (directly or through a preset) or is one of the options that
// must not change a turn's verdict.
func TestEveryOptionCovered(t *testing.T) {
	covered := map[string]bool{"table": true} // TestJudgeTurnGridRefused
	for _, o := range nonTurnOptions {
		name, _, _ := strings.Cut(o, "=")
		covered[name] = true
	}
	for _, c := range allCases() {
		for _, o := range c.opts {
			name, _, _ := strings.Cut(o, "=")
			covered[name] = true
		}
		for _, o := range PresetOptions(c.rules) {
			name, _, _ := strings.Cut(o, "=")
			covered[name] = true
		}
	}
	for _, name := range OptionNames() {
		if !covered[name] {
			t.Errorf("rule option %s is covered by no turn test", name)
		}
	}
	for _, p := range []string{"standard", "pressman", "forty", "wrap", "six", "river"} {
		found := false
		for _, c := range allCases() {
			if c.rules == p || (p == "standard" && c.rules == "") {
				found = true
			}
		}
		if !found {
			t.Errorf("preset %s is used by no turn case", p)
		}
	}
}

// TestJudgeTurnGridRefused: JudgeTurn judges tables of sets; under the
// French grid (table=grid) it refuses rather than judge a grid as sets.
func TestJudgeTurnGridRefused(t *testing.T) {
	r := Standard()
	if err := r.Set("table", "grid"); err != nil {
		t.Fatal(err)
	}
	_, err := JudgeTurn(&r, TurnStart{Rack: mustTiles(t, "R1 R2 R3"), Opened: true}, mustTable(t, "R1 R2 R3"))
	var te *TurnError
	if err == nil || errors.As(err, &te) || !strings.Contains(err.Error(), "table=grid") {
		t.Fatalf("got %v, want a refusal to judge table=grid", err)
	}
}

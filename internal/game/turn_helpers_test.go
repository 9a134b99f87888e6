package game

import (
	"errors"
	"strings"
	"testing"
)

// turnCase is one turn to judge, written in notation.
type turnCase struct {
	name   string
	rules  string   // preset ("" = standard)
	opts   []string // name=value on top of the preset
	opened bool
	table  string // "R3 R4 R5 | B7 O7 K7"
	rack   string
	after  string
	must   string // River Key Tile
	locked string // River Plunder
	code   string // "" when the turn is valid; "start" for an impossible start
	set    int    // expected TurnError.Set for a refused turn (0 = don't care; -1 = none)
	placed string // expected placed tiles (valid turns)
	points int    // expected points (valid turns; -1 = don't care)
}

func caseRules(t *testing.T, c turnCase) *Rules {
	t.Helper()
	r, err := Preset(c.rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range c.opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatal(err)
		}
	}
	return &r
}

func mustTable(t *testing.T, s string) Table {
	t.Helper()
	tab, err := ParseTable(s)
	if err != nil {
		t.Fatalf("parse table %q: %v", s, err)
	}
	return tab
}

func runTurnCase(t *testing.T, c turnCase) {
	t.Helper()
	r := caseRules(t, c)
	start := TurnStart{
		Table:  mustTable(t, c.table),
		Rack:   mustTiles(t, c.rack),
		Opened: c.opened,
		Must:   mustTiles(t, c.must),
		Locked: mustTiles(t, c.locked),
	}
	res, err := JudgeTurn(r, start, mustTable(t, c.after))
	if c.code == "start" {
		var te *TurnError
		if err == nil || errors.As(err, &te) {
			t.Fatalf("got %v, want an error about the start position", err)
		}
		return
	}
	if c.code == "" {
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		if c.placed != "" {
			if got := FormatTiles(res.Placed); got != c.placed {
				t.Errorf("placed %q, want %q", got, c.placed)
			}
		}
		if c.points >= 0 && res.Points != c.points {
			t.Errorf("points %d, want %d", res.Points, c.points)
		}
		if res.Melded == c.opened {
			t.Errorf("melded %v with opened %v", res.Melded, c.opened)
		}
		checkConserved(t, start, res)
		return
	}
	var te *TurnError
	if !errors.As(err, &te) {
		t.Fatalf("got %v (%T), want code %s", err, err, c.code)
	}
	if te.Code != c.code {
		t.Fatalf("code %s (%s), want %s", te.Code, te.Message, c.code)
	}
	if c.set != 0 && te.Set != c.set-1 && !(c.set == -1 && te.Set == -1) {
		t.Errorf("set %d, want %d (%s)", te.Set+1, c.set, te.Message)
	}
	if te.Set >= 0 && !strings.Contains(te.Message, "set ") {
		t.Errorf("message names no set: %s", te.Message)
	}
	if strings.TrimSpace(te.Message) == "" {
		t.Errorf("empty message")
	}
}

// checkConserved checks that the result's table and rack hold exactly the
// start's tiles (by face, and by id when ids are present), that every set
// is valid, and that Placed + Rack is the start rack.
func checkConserved(t *testing.T, start TurnStart, res TurnResult) {
	t.Helper()
	var before, after []Tile
	for _, s := range SetsOf(start.Table) {
		before = append(before, s...)
	}
	before = append(before, start.Rack...)
	for _, s := range SetsOf(res.After) {
		after = append(after, s...)
	}
	after = append(after, res.Rack...)
	if CountFaces(before) != CountFaces(after) {
		t.Errorf("faces not conserved: before %s, after %s", FormatTiles(before), FormatTiles(after))
	}
	ids := map[TileID]int{}
	for _, x := range before {
		if x.ID != NoID {
			ids[x.ID]++
		}
	}
	for _, x := range after {
		if x.ID != NoID {
			ids[x.ID]--
		}
	}
	for id, n := range ids {
		if n != 0 {
			t.Errorf("tile id %d not conserved (%d)", id, n)
		}
	}
	if len(res.Placed)+len(res.Rack) != len(start.Rack) {
		t.Errorf("placed %d + rack %d != start rack %d", len(res.Placed), len(res.Rack), len(start.Rack))
	}
	var tableBefore []Tile
	for _, s := range SetsOf(start.Table) {
		tableBefore = append(tableBefore, s...)
	}
	var tableAfter []Tile
	for _, s := range SetsOf(res.After) {
		tableAfter = append(tableAfter, s...)
	}
	tb, ta, pl := CountFaces(tableBefore), CountFaces(tableAfter), CountFaces(res.Placed)
	for x := range ta {
		if ta[x] != tb[x]+pl[x] {
			t.Errorf("table after holds %d %v, before %d + placed %d", ta[x], FaceAt(x), tb[x], pl[x])
		}
	}
}

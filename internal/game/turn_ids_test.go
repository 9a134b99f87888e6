package game

import "testing"

// idTiles hands out physical tiles of the standard set by face, in id
// order, so tests can build positions whose tiles carry ids.
type idTiles struct{ free []Tile }

func newIDTiles() *idTiles { return &idTiles{free: TileSet(2, 2)} }

func (p *idTiles) take(t *testing.T, s string) []Tile {
	t.Helper()
	var out []Tile
	for _, want := range mustTiles(t, s) {
		found := false
		for i, u := range p.free {
			if u.Face == want.Face {
				u.As = want.As
				out = append(out, u)
				p.free = append(p.free[:i], p.free[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no tile %v left", want.Face)
		}
	}
	return out
}

// TestJudgeTurnIDs: with ids, the result reports the physical tiles that
// moved, keeps table tiles' ids on the table, and conserves every id.
func TestJudgeTurnIDs(t *testing.T) {
	std := Standard()
	p := newIDTiles()
	run := p.take(t, "R3 R4 R5")
	rack := p.take(t, "R2 B5 K5 R6")
	start := TurnStart{Table: Table{run}, Rack: rack, Opened: true}
	after := Table{
		{rack[0], run[0], run[1]},
		{rack[2], run[2], rack[1]},
	}
	res, err := JudgeTurn(&std, start, after)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Placed) != 3 || res.Placed[0].ID != rack[0].ID || res.Placed[1].ID != rack[1].ID || res.Placed[2].ID != rack[2].ID {
		t.Errorf("placed %v, want the rack's R2 B5 K5 by id", res.Placed)
	}
	if len(res.Rack) != 1 || res.Rack[0].ID != rack[3].ID {
		t.Errorf("rack %v, want R6 by id", res.Rack)
	}
	if got := FormatTable(SetsOf(res.After)); got != "R2 R3 R4 | R5 B5 K5" {
		t.Errorf("table %q", got)
	}
	if SetsOf(res.After)[1][0].ID != run[2].ID {
		t.Errorf("the table's R5 changed id: %v", SetsOf(res.After)[1][0])
	}
	checkConserved(t, start, res)

	// After tiles without ids are matched to rack tiles by face.
	noIDs := mustTable(t, "R2 R3 R4 | R5 B5 K5")
	res2, err := JudgeTurn(&std, start, noIDs)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Placed[0].ID != rack[0].ID || SetsOf(res2.After)[0][1].ID != run[0].ID {
		t.Errorf("ids not matched by face: placed %v table %v", res2.Placed, SetsOf(res2.After))
	}
	checkConserved(t, start, res2)

	// An after tile claiming a table copy's id while the copy on the rack is
	// the one judged played: the verdict is by face, ids stay conserved.
	p2 := newIDTiles()
	tab := p2.take(t, "R7 B7 O7")
	rk := p2.take(t, "R7 R8 R9")
	start3 := TurnStart{Table: Table{tab}, Rack: rk, Opened: true}
	after3 := Table{{rk[0], tab[1], tab[2]}, {tab[0], rk[1], rk[2]}}
	res3, err := JudgeTurn(&std, start3, after3)
	if err != nil {
		t.Fatal(err)
	}
	checkConserved(t, start3, res3)
	if res3.Points != 24 {
		t.Errorf("points %d, want 24", res3.Points)
	}
}

// TestJudgeTurnIDsJokers: a table joker keeps its id when its set is
// extended and a rack joker is reported as placed.
func TestJudgeTurnIDsJokers(t *testing.T) {
	std := Standard()
	p := newIDTiles()
	set := p.take(t, "R5 R6 J")
	rack := p.take(t, "J R8 B9 O9")
	start := TurnStart{Table: Table{set}, Rack: rack, Opened: true}
	after := Table{{set[0], set[1], set[2], rack[1]}, {rack[2], rack[3], rack[0]}}
	res, err := JudgeTurn(&std, start, after)
	if err != nil {
		t.Fatal(err)
	}
	checkConserved(t, start, res)
	if SetsOf(res.After)[0][2].ID != set[2].ID {
		t.Errorf("table joker moved: %v", SetsOf(res.After))
	}
	if res.Placed[0].ID != rack[0].ID {
		t.Errorf("placed %v, want the rack joker first", res.Placed)
	}
	if res.Points != 8+9+9+9 {
		t.Errorf("points %d, want 35", res.Points)
	}
	if got := FormatTable(SetsOf(res.After)); got != "R5 R6 J:R7 R8 | B9 O9 J:R9" {
		t.Errorf("table %q", got)
	}
}

// TestJudgeTurnRiverIDs: with ids, the Plunder tile stays on the rack when
// a copy of its face is played.
func TestJudgeTurnRiverIDs(t *testing.T) {
	r, _ := Preset("river")
	p := newIDTiles()
	tab := p.take(t, "R3 R4 R5")
	rack := p.take(t, "K10 K9 K11 R6 K10")
	start := TurnStart{Table: Table{tab}, Rack: rack, Opened: true, Must: rack[3:4], Locked: rack[4:5]}
	after := Table{{tab[0], tab[1], tab[2], rack[3]}, {rack[1], rack[4], rack[2]}}
	res, err := JudgeTurn(&r, start, after)
	if err != nil {
		t.Fatal(err)
	}
	checkConserved(t, start, res)
	if len(res.Rack) != 1 || res.Rack[0].ID != rack[4].ID {
		t.Errorf("rack %v, want the Plunder K10 (id %d) kept", res.Rack, rack[4].ID)
	}
}

package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestGridNotation(t *testing.T) {
	cases := []struct{ in, want string }{
		{"R3 R4 R5", "@0,0 R3 R4 R5"},
		{"  r3 r4  r5 ", "@0,0 R3 R4 R5"},
		{srcExample, srcExample},
		{"@-1,-1 . . b4 / r2 r3 r4 r5 / . . k4", srcExample},
		{"@5,5 . . / . R1 R2 R3", "@6,6 R1 R2 R3"},
		{"@0,0 J:R4 / B4 / K4", "@0,0 J:R4 / B4 / K4"},
		{"", "."},
		{".", "."},
		{"@3,4", "."},
	}
	for _, c := range cases {
		g, err := ParseGrid(c.in)
		if err != nil {
			t.Errorf("ParseGrid(%q): %v", c.in, err)
			continue
		}
		if got := g.String(); got != c.want {
			t.Errorf("ParseGrid(%q) = %s, want %s", c.in, got, c.want)
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back Grid
		if err := json.Unmarshal(data, &back); err != nil || back.String() != c.want {
			t.Errorf("JSON %s read back as %v (%v), want %s", data, back, err, c.want)
		}
	}
	var g Grid
	if err := json.Unmarshal([]byte(`{"origin":[-1,2],"rows":[["R3","R4","R5"],[".","B4"]]}`), &g); err != nil || g.String() != "@-1,2 R3 R4 R5 / . B4 ." {
		t.Errorf("JSON grid read as %v, %v", g, err)
	}
	bad := []struct{ in, want string }{
		{"@1 R3", "origin"},
		{"@a,b R3", "origin"},
		{"R3 X4", "cell (0,1)"},
		{"R3 R14", "numbers run from 1 to 13"},
		{"@0,9999 R1 R2", "last column"},
		{"@0,-10000 R1", "off the grid"},
		{"R1 " + strings.Repeat(". ", 70) + "R2", "at most 40 rows by 60 columns"},
	}
	for _, c := range bad {
		_, err := ParseGrid(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseGrid(%q): got %v, want an error with %q", c.in, err, c.want)
		}
	}
	if err := json.Unmarshal([]byte(`{"origin":[0,0],"rows":[["R3",""]]}`), &g); err == nil || !strings.Contains(err.Error(), "write .") {
		t.Errorf("an empty JSON cell: got %v", err)
	}
}

func TestGridDrawing(t *testing.T) {
	want := "rows -1..1, columns -1..2\n.  .  B4 .\nR2 R3 R4 R5\n.  .  K4 .\n"
	if got := mustGrid(t, srcExample).Drawing(); got != want {
		t.Errorf("drawing:\n%s\nwant:\n%s", got, want)
	}
}

func TestReadGrid(t *testing.T) {
	r, _ := Preset("french")
	if err := ReadGrid(mustGrid(t, srcExample), &r); err != nil {
		t.Errorf("the source's example: %v", err)
	}
	err := ReadGrid(mustGrid(t, "R1 R2"), &r)
	var te *TurnError
	if !errors.As(err, &te) || te.Code != CodeLineOfTwo || len(te.Cells) != 2 {
		t.Errorf("a line of two: %v", err)
	}
}

// FuzzParseGrid: the parser never panics, and what it accepts prints
// canonically and reads back to the same grid.
func FuzzParseGrid(f *testing.F) {
	for _, s := range []string{"R3 R4 R5", srcExample, "@2,3 J / . B4", ".", "@-1,0 J:K7 / R7", "@0,0 / / R1", "@x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGrid(s)
		if err != nil {
			return
		}
		out := g.String()
		back, err := ParseGrid(out)
		if err != nil || back.String() != out {
			t.Fatalf("%q printed as %q, which reads back as %v (%v)", s, out, back, err)
		}
	})
}

// FuzzJudgeGridTurn: the judge never panics on any grid and rack, and an
// accepted turn leaves a valid grid holding the start grid's tiles and the
// placed ones.
func FuzzJudgeGridTurn(f *testing.F) {
	f.Add("R3 R4 R5", "R2 B4 K4", srcExample, true)
	f.Add("R3 J R5", "B4 K4", "@-1,0 . B4 / R3 J R5 / . K4", true)
	f.Add("", "R9 R10 R11 B10 K10", "@-1,0 . B10 / R9 R10 R11 / . K10", false)
	f.Add("J R4 R5", "R6", "@0,1 R4 R5 R6 J", true)
	r, _ := Preset("french")
	f.Fuzz(func(t *testing.T, gs, rs, as string, opened bool) {
		g, err1 := ParseGrid(gs)
		rack, err2 := ParseTiles(rs)
		after, err3 := ParseGrid(as)
		if err1 != nil || err2 != nil || err3 != nil || len(rack) > 30 {
			return
		}
		start := TurnStart{Table: g, Rack: rack, Opened: opened}
		res, err := JudgeGridTurn(&r, start, after)
		if err != nil {
			return
		}
		if err := ReadGrid(GridOf(res.After), &r); err != nil {
			t.Fatalf("accepted grid %v is not valid: %v", GridOf(res.After), err)
		}
		if GridOf(res.After).Len() != g.Len()+len(res.Placed) || len(res.Placed)+len(res.Rack) != len(rack) || len(res.Placed) == 0 {
			t.Fatalf("tiles not conserved: grid %d -> %d, placed %d, rack %d -> %d", g.Len(), GridOf(res.After).Len(), len(res.Placed), len(rack), len(res.Rack))
		}
	})
}

package game

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sampleMatch is a short match in progress under the river rules: a play,
// draws, a River discard, a pending pull.
func sampleMatch(t testing.TB) *Match {
	r, _ := Preset("river")
	m, err := NewMatch(r, []string{"Ana", "Ben", "Cai"}, 2026)
	if err != nil {
		t.Fatal(err)
	}
	p := newRandomPlayer(5)
	for i := 0; i < 40 && !m.Game.Over; i++ {
		m.Apply(p.act(m)) // a refused play is fine here
	}
	return m
}

func TestSaveLoadFile(t *testing.T) {
	m := sampleMatch(t)
	path := filepath.Join(t.TempDir(), "match.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Fatal("the loaded match differs")
	}
	// The loaded match plays on exactly like the original.
	p1, p2 := newRandomPlayer(8), newRandomPlayer(8)
	for i := 0; i < 30 && !m.Game.Over; i++ {
		_, e1 := m.Apply(p1.act(m))
		_, e2 := back.Apply(p2.act(back))
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("the loaded match judged move %d differently", i)
		}
	}
	if !reflect.DeepEqual(back, m) {
		t.Fatal("the loaded match played on differently")
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"format": "rummikub-match"`) || !strings.Contains(string(data), `"version": 1`) {
		t.Fatal("the save does not name its format and version")
	}
}

// editSave changes a decoded save and encodes it again.
func editSave(t *testing.T, data []byte, edit func(f map[string]any)) []byte {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestLoadRefuses(t *testing.T) {
	m := sampleMatch(t)
	good, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	game := func(f map[string]any) map[string]any { return f["game"].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"truncated", good[:len(good)/2], "damaged or cut short"},
		{"not json", []byte("hello"), "damaged"},
		{"foreign json", []byte(`{"name": "a shopping list"}`), "not a rummikub save"},
		{"json array", []byte(`[1,2,3]`), "not a rummikub save"},
		{"future version", editSave(t, good, func(f map[string]any) { f["version"] = 2 }), "newer version"},
		{"no version", editSave(t, good, func(f map[string]any) { delete(f, "version") }), "no valid save version"},
		{"unknown field", editSave(t, good, func(f map[string]any) { f["extra"] = 1 }), "damaged"},
		{"bad option", editSave(t, good, func(f map[string]any) { f["options"].(map[string]any)["wrap"] = "maybe" }), "wrap"},
		{"unknown option", editSave(t, good, func(f map[string]any) { f["options"].(map[string]any)["gravity"] = "on" }), "gravity"},
		{"missing option", editSave(t, good, func(f map[string]any) { delete(f["options"].(map[string]any), "copies") }), "copies is missing"},
		{"one player", editSave(t, good, func(f map[string]any) { f["names"] = []string{"Ana"} }), "players"},
		{"lost tile", editSave(t, good, func(f map[string]any) {
			pool := game(f)["pool"].([]any)
			game(f)["pool"] = pool[1:]
		}), "nowhere"},
		{"tile twice", editSave(t, good, func(f map[string]any) {
			pool := game(f)["pool"].([]any)
			game(f)["pool"] = append(pool, pool[0])
		}), "both in"},
		{"wrong face for id", editSave(t, good, func(f map[string]any) {
			pool := game(f)["pool"].([]any)
			id := strings.Split(pool[0].(string), "@")[1]
			if strings.HasPrefix(pool[0].(string), "R1@") {
				pool[0] = "B1@" + id
			} else {
				pool[0] = "R1@" + id
			}
		}), "id"},
		{"tile without id", editSave(t, good, func(f map[string]any) { game(f)["pool"].([]any)[0] = "R5" }), "no id"},
		{"bad turn", editSave(t, good, func(f map[string]any) { game(f)["turn"] = 9 }), "no seat"},
		{"bad totals", editSave(t, good, func(f map[string]any) { f["totals"] = []int{5, 0, -5} }), "totals"},
		{"invalid table set", editSave(t, good, func(f map[string]any) {
			g := game(f)
			racks := g["racks"].([]any)
			rack := racks[0].([]any)
			tbl, _ := g["table"].([]any)
			g["table"] = append(tbl, []any{rack[0]})
			racks[0] = rack[1:]
		}), "not a valid set"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := UnmarshalSave(c.data)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("%T is not a *LoadError", err)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nothing.json"))
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("got %v, want a not-exist error", err)
	}
}

func TestLoadNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(path, []byte("{"), 0o644)
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("got %v, want the path in the error", err)
	}
}

func FuzzUnmarshalSave(f *testing.F) {
	m := sampleMatch(f)
	good, err := m.MarshalSave()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format":"rummikub-match","version":1}`))
	f.Add([]byte(`{"format":"rummikub-match","version":1,"preset":"standard","names":["a","b"],"game":{"racks":[[],[]]}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := UnmarshalSave(data)
		if err != nil {
			var le *LoadError
			if !errors.As(err, &le) || le.Reason == "" {
				t.Fatalf("not a clear LoadError: %v", err)
			}
			return
		}
		// Whatever loads is a sound match that saves and loads again.
		if err := m.CheckConservation(); err != nil {
			t.Fatal(err)
		}
		saveLoads(t, m)
	})
}

// saveLoads saves m and fails unless the save loads; it returns the save.
func saveLoads(t *testing.T, m *Match) []byte {
	t.Helper()
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UnmarshalSave(data); err != nil {
		t.Fatalf("the save does not load: %v", err)
	}
	return data
}

// TestLoadRefusesInconsistentTurnState covers what conservation alone does
// not catch: a River pull naming one tile as both Key Tile and Plunder, and
// a finished game whose score is not its recorded result.
func TestLoadRefusesInconsistentTurnState(t *testing.T) {
	m := riverPosition(t)
	mustApply(t, m, Action{Seat: 0, Kind: ActPull, Index: 2})
	good, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UnmarshalSave(good); err != nil {
		t.Fatalf("a save with a pull pending does not load: %v", err)
	}
	dup := editSave(t, good, func(f map[string]any) {
		pull := f["game"].(map[string]any)["pull"].(map[string]any)
		pull["plunder"] = []any{pull["key"]}
	})
	if _, err := UnmarshalSave(dup); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("a pull naming one tile twice loaded: %v", err)
	}

	b := riverMatch(t)
	arrange(t, b, position{racks: []string{"R5", "B6 B6", "K10 K10"}, melded: []bool{true, true, true}, pool: noPool})
	blockGame(t, b)
	over, err := b.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UnmarshalSave(over); err != nil {
		t.Fatalf("a finished game does not load: %v", err)
	}
	changed := editSave(t, over, func(f map[string]any) {
		score := f["game"].(map[string]any)["score"].(map[string]any)
		score["winner"] = 1
	})
	if _, err := UnmarshalSave(changed); err == nil || !strings.Contains(err.Error(), "last recorded result") {
		t.Fatalf("a finished game with a changed score loaded: %v", err)
	}
}

// TestLoadRefusesTheOtherShape: a save holds the table in the field of
// the shape its rules play on ("table" for sets, "grid" for the French
// grid), and nothing in the other.
func TestLoadRefusesTheOtherShape(t *testing.T) {
	cases := []struct {
		name, preset string
		edit         func(g map[string]any, tile string)
		want         string
	}{
		{"a grid under sets rules", "standard", func(g map[string]any, tile string) {
			g["grid"] = map[string]any{"origin": []int{0, 0}, "rows": [][]string{{tile}}}
		}, "played on a table of sets but the save holds a grid"},
		{"sets under the French rules", "french", func(g map[string]any, tile string) {
			g["table"] = [][]string{{tile}}
		}, "played on the French grid but the save holds sets"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Preset(c.preset)
			if err != nil {
				t.Fatal(err)
			}
			m, err := NewMatch(r, []string{"Ana", "Ben"}, 7)
			if err != nil {
				t.Fatal(err)
			}
			bad := editSave(t, saveLoads(t, m), func(f map[string]any) {
				g := f["game"].(map[string]any)
				racks := g["racks"].([]any)
				rack := racks[0].([]any)
				racks[0] = rack[1:]
				c.edit(g, rack[0].(string))
			})
			if _, err := UnmarshalSave(bad); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

package game

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Saves written before Action, TurnStart, TurnResult and SeatView carried
// one Layout in place of a Table and a Grid side by side (testdata, made
// by that code from random matches of three players, 40 actions each)
// still load, and are written back byte for byte.
func TestOldSavesRoundTrip(t *testing.T) {
	for _, name := range []string{"save-sets-v1.json", "save-grid-v1.json"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			m, err := UnmarshalSave(data)
			if err != nil {
				t.Fatalf("the old save does not load: %v", err)
			}
			plays := 0
			for _, a := range m.History {
				if a.Kind == ActPlay {
					plays++
					if a.After == nil || a.After.Empty() {
						t.Fatalf("a play of the history has no table")
					}
				}
			}
			if plays == 0 {
				t.Fatal("the save holds no play")
			}
			again, err := m.MarshalSave()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Errorf("the save written back differs from the old one")
			}
		})
	}
}

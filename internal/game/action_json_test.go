package game

import (
	"encoding/json"
	"testing"
)

// An Action's JSON is the form it had with Sets and Grid side by side
// (the sim's digests hash it; the wants are what that code wrote), and
// reads back to the same JSON.
func TestActionJSON(t *testing.T) {
	grid, err := ParseGrid("@0,0 R3 R4 R5")
	if err != nil {
		t.Fatal(err)
	}
	grid.Tiles[0].Tile.ID = 7
	cases := []struct {
		name string
		a    Action
		want string
	}{
		{"draw", Action{Seat: 1, Kind: ActDraw},
			`{"Seat":1,"Kind":"draw","Sets":null,"Grid":{"origin":[0,0],"rows":[]},"Unfinished":false,"Index":0}`},
		{"sets", Action{Seat: 0, Kind: ActPlay, After: Table{{Tile{ID: 3, Face: Face{Color: Red, Num: 7}}}}},
			`{"Seat":0,"Kind":"play","Sets":[[{"ID":3,"Face":{"Color":0,"Num":7},"As":{"Color":0,"Num":0}}]],"Grid":{"origin":[0,0],"rows":[]},"Unfinished":false,"Index":0}`},
		{"grid", Action{Seat: 2, Kind: ActPlay, After: grid},
			`{"Seat":2,"Kind":"play","Sets":null,"Grid":{"origin":[0,0],"rows":[["R3","R4","R5"]]},"Unfinished":false,"Index":0}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := json.Marshal(c.a)
			if err != nil {
				t.Fatal(err)
			}
			if string(data) != c.want {
				t.Errorf("got  %s\nwant %s", data, c.want)
			}
			var back Action
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(back)
			if string(again) != string(data) {
				t.Errorf("read back as %s", again)
			}
		})
	}
}

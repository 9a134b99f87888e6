package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestSimBadInput(t *testing.T) {
	cases := [][]string{
		{"sim", "--players", "medium,wizard"},
		{"sim", "--players", "medium"},
		{"sim", "--players", "medium,,easy"},
		{"sim", "--games", "0"},
		{"sim", "--think", "-1s"},
		{"sim", "--think", "soon"},
		{"sim", "--jobs", "-2"},
		{"sim", "--turn-seconds", "-5"},
		{"sim", "--rules", "chess"},
		{"sim", "--option", "wrap=maybe"},
		{"sim", "--players", "easy,easy,easy,easy,easy"},
		{"sim", "extra"},
	}
	refusesInOneLine(t, cases)
}

func TestSimJSONAndTable(t *testing.T) {
	args := []string{"sim", "--players", "medium,easy", "--games", "2", "--seed", "5", "--think", "300ms", "--mirror", "--turn-seconds", "0"}
	var out, errb bytes.Buffer
	if code := run(append(args, "--json"), strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if errb.Len() != 0 {
		t.Errorf("stderr is not a terminal, so no progress bar: got %q", errb.String())
	}
	var res map[string]any
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	for _, k := range []string{"games", "seats", "blocked", "avg_turns", "move_ms", "invalid_moves", "over_deadline", "games_per_sec"} {
		if _, ok := res[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	seats := res["seats"].([]any)
	for _, s := range seats {
		for _, k := range []string{"player", "wins", "win_rate", "ci95", "score", "avg_rack_left"} {
			if _, ok := s.(map[string]any)[k]; !ok {
				t.Errorf("seat lacks %q", k)
			}
		}
	}
	if res["games"].(float64) != 2 || len(seats) != 2 || res["invalid_moves"].(float64) != 0 {
		t.Errorf("unexpected results: %s", out.String())
	}
	out.Reset()
	if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"player", "medium", "easy", "win rate", "invalid moves 0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestProgressLine(t *testing.T) {
	got := progressLine(50, 200, 10*time.Second)
	for _, want := range []string{"50/200", "25%", "ETA 30s", "#######"} {
		if !strings.Contains(got, want) {
			t.Errorf("progress line %q lacks %q", got, want)
		}
	}
	if got := progressLine(200, 200, 12*time.Second); !strings.Contains(got, "done") {
		t.Errorf("finished bar %q should say done", got)
	}
	var b bytes.Buffer
	if isTerminal(&b) {
		t.Error("a buffer is not a terminal")
	}
}

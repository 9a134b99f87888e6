package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

// FuzzParseAnswer: whatever a bot writes on a line, the referee's reading
// of it never panics, and an answer it takes writes back to the same
// answer.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{
		`{"type":"draw","id":1}`,
		`{"type":"play","id":2,"table":[["R1","R2","R3"],["J:K7","O7","B7"]]}`,
		`{"type":"keep","id":3,"index":1}`,
		`{"type":"play","id":2,"table":[["R1@0","R2@1","R3"],["J:K7@104","O7@5000","B7@x"]]}`,
		`{"type":"play","id":7,"grid":{"origin":[0,0],"rows":[["R2@1","R3@2","J:R4@105"]]}}`,
		`{"type":"pull","id":4,"index":-7}`,
		`{"type":"cancel-pull","id":5}`,
		`{"type":"play","id":6,"table":[]}`,
		`{"type":"play","id":6,"table":[["X9"]]}`,
		`{"type":"play","id":7,"grid":{"origin":[-1,-1],"rows":[[".",".","B4","."],["R2","R3","R4","R5"],[".",".","K4","."]]}}`,
		`{"type":"play","id":8,"grid":{"rows":[["R3","J:R4"]]},"table":[["R1"]]}`,
		`{"type":"play","id":9,"grid":{"origin":[5],"rows":[["Q3"]]}}`,
		`{"type":"ready"}`,
		`{"id":"1"}`,
		`[1,2]`,
		`not json`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		a, err := ParseAnswer(line)
		if err != nil {
			if err.Error() == "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("the error is not one sentence: %q", err)
			}
			return
		}
		r := game.Standard()
		if a.Grid != nil {
			r, _ = game.Preset("french")
		}
		act, err := ActionOf(&a, &r, 1)
		if err != nil {
			return
		}
		if act.Seat != 1 || string(act.Kind) != a.Type {
			t.Fatalf("answer %+v became %+v", a, act)
		}
		b, err := json.Marshal(AnswerOf(act, a.ID, true))
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseAnswer(b)
		if err != nil {
			t.Fatalf("%s does not read back: %v", b, err)
		}
		act2, err := ActionOf(&again, &r, 1)
		if err != nil || again.ID != a.ID || act2.Kind != act.Kind || game.FormatTable(game.SetsOf(act2.After)) != game.FormatTable(game.SetsOf(act.After)) ||
			game.GridOf(act2.After).String() != game.GridOf(act.After).String() {
			t.Fatalf("%s read back as %+v (%v)", b, again, err)
		}
	})
}

// FuzzReadLines: the referee's line reader hands out every line of a
// bot's output without its newline, never longer than the limit, and
// reports each overlong line once.
func FuzzReadLines(f *testing.F) {
	f.Add([]byte("a\nb\r\n\nccc"), 4)
	f.Add([]byte(strings.Repeat("x", 100)+"\nok\n"), 10)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max < 1 || max > 1<<12 {
			max = 1 + (max&0xff+0xff)%0xff
		}
		var got []Line
		for l := range ReadLines(bytes.NewReader(data), max, nil) {
			got = append(got, l)
		}
		// The reference: split at newlines.
		parts := bytes.Split(data, []byte("\n"))
		if len(parts) > 0 && len(parts[len(parts)-1]) == 0 {
			parts = parts[:len(parts)-1]
		}
		if len(got) != len(parts) {
			t.Fatalf("%d lines, want %d", len(got), len(parts))
		}
		for i, p := range parts {
			full := len(p)
			if i < len(parts)-1 || bytes.HasSuffix(data, []byte("\n")) {
				full++ // the newline counts against the limit
			}
			if full > max {
				if got[i].Err != ErrTooLong {
					t.Fatalf("line %d (%d bytes, limit %d) was not refused", i, full, max)
				}
				continue
			}
			want := bytes.TrimSuffix(p, []byte("\r"))
			if got[i].Err != nil || !bytes.Equal(got[i].Text, want) {
				t.Fatalf("line %d is %q (%v), want %q", i, got[i].Text, got[i].Err, want)
			}
		}
	})
}

// FuzzServe: whatever the referee sends, the bot side never panics and
// answers only with protocol messages, one per line.
func FuzzServe(f *testing.F) {
	r := game.Standard()
	m, err := game.NewMatch(r, []string{"a", "b"}, 5)
	if err != nil {
		f.Fatal(err)
	}
	v := m.ViewFor(m.Game.Turn)
	hello, _ := json.Marshal(HelloFor(&r, v.Names, v.Seat, 1))
	turn, _ := json.Marshal(TurnFor(&v, 1, 200, 0, true))
	f.Add(string(hello) + "\n" + string(turn) + "\n")
	f.Add(string(turn) + "\n" + string(hello) + "\n")
	f.Add(string(hello) + "\n" + `{"type":"turn","id":2,"seat":5,"rack":["R1"],"rack_counts":[1],"time_ms":50}` + "\n")
	f.Add(string(hello) + "\n" + `{"type":"turn","id":2,"table":[["J:R1","J","Q3"]],"time_ms":-5}` + "\n")
	f.Add(`{"type":"hello","preset":"six","rules":{"wrap":"maybe"}}` + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out, diag bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		err := Serve(ctx, strings.NewReader(in), &out, &diag, "fuzz", func(seed uint64) (Player, error) {
			return ai.New("easy", seed)
		})
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, MaxLine)
		for sc.Scan() {
			var msg struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
				t.Fatalf("%q is not JSON", sc.Text())
			}
			if msg.Type == TypeReady {
				continue
			}
			if _, err := ParseAnswer(sc.Bytes()); err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
		}
	})
}

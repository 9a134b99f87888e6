package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

type slowMaker struct{}

func (slowMaker) Owns(e string) bool   { return strings.HasPrefix(e, "slow:") }
func (slowMaker) Check(e string) error { return nil }
func (slowMaker) Budget(e string, think time.Duration, r *game.Rules) time.Duration {
	return time.Second
}
func (slowMaker) New(e string, seed uint64, think time.Duration) (ai.Player, error) {
	p, err := ai.New(strings.TrimPrefix(e, "slow:"), seed)
	return slowP{p}, err
}

type slowP struct{ p ai.Player }

func (s slowP) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	t0 := time.Now()
	a, err := s.p.Move(context.Background(), v)
	if d := time.Since(t0); d > 60*time.Millisecond {
		b, _ := json.Marshal(v)
		fmt.Printf("SLOW %v pool %d rack %d opp %v\n", d, v.Pool, len(v.Rack), v.RackCounts)
		os.WriteFile(fmt.Sprintf("/tmp/i22/slow-%d.json", time.Now().UnixNano()), b, 0o644)
	}
	return a, err
}

func TestZZSlow(t *testing.T) {
	if os.Getenv("SLOW") == "" {
		t.Skip()
	}
	res, err := Run(context.Background(), Config{Rules: game.Standard(), Players: []string{"slow:expert", "panel:holder"}, Games: 100, Seed: 20261202, Mirror: true, Jobs: 1, Deterministic: true, Seats: slowMaker{}})
	fmt.Println(res.Blocked, err)
}

func TestZZReplaySlow(t *testing.T) {
	f := os.Getenv("SLOWFILE")
	if f == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(f)
	var v game.SeatView
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		p, _ := ai.New("expert", 1)
		t0 := time.Now()
		p.Move(context.Background(), v)
		fmt.Println("took", time.Since(t0))
	}
}

package host_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// overrunner is a computer that finds its move and answers only after
// the deadline has passed.
type overrunner struct{ p ai.Player }

func (o overrunner) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	a, err := o.p.Move(context.Background(), v)
	<-ctx.Done()
	return a, err
}

// One rule for every computer seat: an answer after the turn's deadline
// is not played; the turn is drawn (or passed) and counted as late. Before
// the rule, a built-in level's late answer was played and only counted.
func TestALateAnswerIsNotPlayed(t *testing.T) {
	r := game.Standard()
	m, err := game.NewMatch(r, []string{"a", "b"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	seat := m.Game.Turn
	p, err := ai.New(ai.Medium, 1)
	if err != nil {
		t.Fatal(err)
	}
	pool, rack := len(m.Game.Pool), len(m.Game.Racks[seat])
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	rep := host.ComputerTurn(ctx, m, seat, overrunner{p})
	if len(rep.Faults) != 1 || !errors.Is(rep.Faults[0].Err, host.ErrLate) || rep.Faults[0].Refused {
		t.Fatalf("faults %+v; want one late answer", rep.Faults)
	}
	var f interface{ FaultKind() string }
	if !errors.As(rep.Faults[0].Err, &f) || f.FaultKind() != "late" {
		t.Errorf("the fault is not counted as late: %v", rep.Faults[0].Err)
	}
	if len(rep.Outcomes) != 1 || len(m.Game.Pool) != pool-1 || len(m.Game.Racks[seat]) != rack+1 {
		t.Errorf("the turn should be one draw: %d outcomes, pool %d -> %d, rack %d -> %d",
			len(rep.Outcomes), pool, len(m.Game.Pool), rack, len(m.Game.Racks[seat]))
	}
	// Without a deadline nothing is late.
	rep = host.ComputerTurn(context.Background(), m, m.Game.Turn, p)
	if len(rep.Faults) != 0 {
		t.Errorf("no deadline, yet faults %+v", rep.Faults)
	}
}

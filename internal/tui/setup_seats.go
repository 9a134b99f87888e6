package tui

import (
	"fmt"
	"strings"
)

// The seats of the setup screen: their kinds, names that never clash,
// a human name kept through a round of the computer levels.

// kinds a seat can be: human, then the computer levels when available.
func (s *Setup) seatKinds() []string {
	out := []string{"human"}
	if s.svc.NewComputer != nil {
		for _, l := range ComputerLevels {
			out = append(out, "computer "+l)
		}
	}
	return out
}

func seatKind(c SeatConfig) string {
	if c.Computer {
		return "computer " + c.Level
	}
	return "human"
}

// changeSeat moves a seat to its next or previous kind: human, then the
// computer levels. A human's name comes back when the seat is human
// again; a computer is named after its level unless that name is taken.
func (s *Setup) changeSeat(seat, d int) {
	s.syncNames()
	c := &s.cfg.Seats[seat]
	next := cycle(s.seatKinds(), seatKind(*c), d)
	if !c.Computer {
		s.humanNames[seat] = c.Name
	}
	wasAuto := c.Computer && strings.HasPrefix(c.Name, "CPU ")
	if next == "human" {
		c.Computer, c.Level = false, ""
		c.Name = s.humanNames[seat]
		if c.Name == "" || s.nameTaken(c.Name, seat) {
			c.Name = s.freeName(fmt.Sprintf("Player %d", seat+1), seat)
		}
		return
	}
	named := c.Computer && !wasAuto // a computer the player renamed
	c.Computer, c.Level = true, strings.TrimPrefix(next, "computer ")
	if !named {
		c.Name = s.freeName("CPU "+c.Level, seat)
	}
}

// nameTaken reports whether a seat other than seat is called name.
func (s *Setup) nameTaken(name string, seat int) bool {
	for i, c := range s.cfg.Seats {
		if i != seat && strings.EqualFold(strings.TrimSpace(c.Name), strings.TrimSpace(name)) {
			return true
		}
	}
	return false
}

// freeName is base, or base numbered from 2, whichever no other seat has.
func (s *Setup) freeName(base string, seat int) string {
	name := base
	for n := 2; s.nameTaken(name, seat); n++ {
		name = fmt.Sprintf("%s %d", base, n)
	}
	return name
}

// syncNames keeps humanNames as long as the seats.
func (s *Setup) syncNames() {
	for len(s.humanNames) < len(s.cfg.Seats) {
		s.humanNames = append(s.humanNames, "")
	}
	s.humanNames = s.humanNames[:len(s.cfg.Seats)]
}

// dropSeat removes a seat, or says why it cannot.
func (s *Setup) dropSeat(seat int) {
	if len(s.cfg.Seats) <= 2 {
		s.err = "A match needs at least two seats: change this one to a computer or a human instead."
		return
	}
	s.syncNames()
	s.cfg.Seats = append(s.cfg.Seats[:seat], s.cfg.Seats[seat+1:]...)
	s.humanNames = append(s.humanNames[:seat], s.humanNames[seat+1:]...)
}

package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// Direct moves: a tile picked by typing its name (r7, k13, j), what is
// carried sent to the end of set N (1-9) or of the set under the cursor
// (e). Typed names look on the rack first, then on the table.

// colourKey is the colour a key names (r b o k), if any.
func colourKey(s string) (game.Color, bool) {
	switch strings.ToLower(s) {
	case "r":
		return game.Red, true
	case "b":
		return game.Blue, true
	case "o":
		return game.Orange, true
	case "k":
		return game.Black, true
	}
	return 0, false
}

// onTyped takes a key of a typed tile name. It reports whether the key
// was taken; a key that is not part of a name ends the name and goes on
// to its own meaning.
func (p *Board) onTyped(k tea.KeyPressMsg) (bool, error) {
	s := k.String()
	if p.typed == "" {
		if strings.EqualFold(s, "j") {
			return true, p.pickFace(game.JokerFace)
		}
		if _, ok := colourKey(s); ok {
			p.typed = strings.ToLower(s)
			p.setStatus(fmt.Sprintf("Tile %s…: type its number.", strings.ToUpper(p.typed)), false)
			return true, nil
		}
		return false, nil
	}
	c, _ := colourKey(p.typed[:1])
	num := p.typed[1:]
	switch {
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		num += s
		n := atoi(num)
		if n < 1 || n > game.MaxNumber {
			p.typed = ""
			return true, fmt.Errorf("there is no %c%s: numbers go from 1 to %d", c.Letter(), num, game.MaxNumber)
		}
		if n == 1 && p.anyTens(c) {
			// R1 or R10..R13: wait for the next key.
			p.typed += s
			l := c.Letter()
			p.setStatus(fmt.Sprintf("Tile %c1…: 0-3 for %c10-%c13, space for %c1.", l, l, l, l), false)
			return true, nil
		}
		p.typed = ""
		return true, p.pickFace(game.F(c, n))
	case k.Code == tea.KeySpace || k.Code == tea.KeyEnter:
		p.typed = ""
		if num == "" {
			return true, nil
		}
		return true, p.pickFace(game.F(c, atoi(num)))
	case k.Code == tea.KeyEsc || k.Code == tea.KeyBackspace:
		p.typed = ""
		return true, nil
	}
	p.typed = ""
	return false, nil
}

// anyTens reports whether a tile of colour c numbered 10 to 13 is on the
// rack or the table, so that a typed 1 may go on.
func (p *Board) anyTens(c game.Color) bool {
	for n := 10; n <= game.MaxNumber; n++ {
		if p.work().HasFace(game.F(c, n)) {
			return true
		}
	}
	return false
}

// pickFace picks up the first tile showing f, from the rack or else the
// table, and says where it came from.
func (p *Board) pickFace(f game.Face) error {
	msg, err := p.work().pickFace(f)
	if err != nil {
		return err
	}
	p.setStatus(msg, false)
	return nil
}

// pickFace picks up the first tile showing f (a joker: the first joker),
// from the rack or else the table; msg says where it came from.
func (a *Arrangement) pickFace(f game.Face) (msg string, err error) {
	at, ok := a.Find(f)
	if f.IsJoker() {
		at, ok = a.FindJoker()
	}
	if !ok {
		return "", fmt.Errorf("there is no %s on your rack or the table", f)
	}
	if err := a.PickUpAt(at); err != nil {
		return "", err
	}
	where := "your rack"
	if at.Area == AreaTable {
		where = fmt.Sprintf("set %d", at.Set+1)
	}
	return fmt.Sprintf("Picked %s from %s: 1-9 puts what you carry at the end of that set, e at the end of this one, + in a new set.", f, where), nil
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
	}
	return n
}

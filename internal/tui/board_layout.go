package tui

// The board's layout: where the table's sets, the grid's window and the
// rack's rows sit on the screen. It is worked out by the functions here
// from the board's state and the terminal's size, when a message may have
// changed them (the end of every Update, and SetSize), and never while
// drawing: View draws from it and changes nothing, and the keys and the
// mouse read the same layout, so a click lands on the tile drawn there.
//
// The screen around the board (the players bar and the help bar of the
// match, the title of a lesson) says how many lines it takes above the
// table, between the table and the rack, and under the rack (frameLines);
// the table gets the rest.

// frameLines are the lines a screen's own parts take around the board:
// above the table, between the table and the rack (the River, a hint),
// and under the rack (the status and the help).
type frameLines struct{ top, mid, foot int }

// placeBoard works out the board's layout for its state and size now:
// the table's rows (the surface's sets, none on the grid) and the rack's
// at the screen's width, the rack's height, and where the surface puts
// the table (the sets' scroll, or the grid's window, which the grid's
// working arrangement is told: its cursor moves within it).
func (p *Board) placeBoard(f frameLines) {
	lens, slots := p.surf.rows(p)
	tw, th := p.tileSize()
	p.lay = newLayout(lens, p.width-2, tw, slots)
	rackRows, rackLead, rackH := p.rackGeo()
	g := geometry{tableTop: f.top, left: 1, tileH: th, rackRows: rackRows, rackLead: rackLead, rackH: rackH}
	g.avail = p.height - f.top - f.mid - f.foot - rackH
	tableH := p.surf.place(p, &g, f.top)
	g.rackTop = f.top + tableH + f.mid
	p.geo = g
}

// rackGeo is the rack block's rows of tiles, the lines above them (the
// heading, a River draw's two tiles, the tiles carried) and its height.
// During the viewer's turn the block keeps, from the first key to the
// last, the lines of the tiles carried (at the full size, where they are
// drawn lifted above the rack) and the rows of every tile the turn began
// with and the end slot: a tile picked up, put down or put back changes
// what the block shows, never where it and the table are.
func (p *Board) rackGeo() (rows, lead, height int) {
	if p.viewer < 0 || p.viewer != p.v.Seat {
		return 0, 0, 1 // the pool's size alone
	}
	_, th := p.tileSize()
	n := len(p.v.Rack)
	var held int
	turn := p.turnHeld()
	if a := p.work(); a != nil {
		n, held = len(a.Rack()), len(a.Held())
		if a.Holding() {
			n++
		}
		if turn {
			n = max(n, len(p.v.Rack)+1)
		}
	}
	per := max(p.lay.rackPer, 1)
	rows = (n + per - 1) / per
	lead = 1
	if p.phase == phaseRiverChoice && len(p.v.Reveal) > 0 {
		lead += th
	}
	if (held > 0 || turn) && !p.compact() {
		lead += th
	}
	return rows, lead, lead + rows*th
}

// turnHeld says the rack block keeps its lines for the whole turn
// (rackGeo): the viewer works on the board now.
func (p *Board) turnHeld() bool { return p.work() != nil && p.phase == phaseTurn }

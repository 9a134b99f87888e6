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
// While the viewer's rack is in play (keepsRack) the block keeps, from
// the others' turns through the viewer's, the rows of every tile the rack
// holds and the end slot, and at the full size the lines of the tiles
// carried (drawn lifted above the rack; a River draw's two tiles take
// the same place): a tile picked up, put down or put back, or the turn
// coming round, changes what the block shows, never where it and the
// table are.
func (p *Board) rackGeo() (rows, lead, height int) {
	if p.viewer < 0 || p.viewer != p.v.Seat {
		return 0, 0, 1 // the pool's size alone
	}
	_, th := p.tileSize()
	n := len(p.v.Rack)
	var held int
	if a := p.work(); a != nil {
		n, held = len(a.Rack()), len(a.Held())
		if a.Holding() {
			n++
		}
	}
	keep := p.keepsRack()
	if keep {
		n = max(n, len(p.v.Rack)+1)
	}
	per := max(p.lay.rackPer, 1)
	rows = (n + per - 1) / per
	blocks := 0
	if p.revealShown() {
		blocks++
	}
	if held > 0 && !p.compact() {
		blocks++
	}
	if keep && !p.compact() {
		blocks = max(blocks, 1)
	}
	lead = 1 + blocks*th
	return rows, lead, lead + rows*th
}

// keepsRack says the rack block keeps its lines (rackGeo): the viewer's
// own rack is shown in a game going on.
func (p *Board) keepsRack() bool {
	if p.viewer < 0 || p.viewer != p.v.Seat {
		return false
	}
	switch p.phase {
	case phaseTurn, phaseRiverChoice, phasePullSelect, phaseComputer, phaseComputerShow:
		return true
	}
	return false
}

// turnHeld says the viewer works on the board now: the place of the
// tiles carried is drawn (heldRow).
func (p *Board) turnHeld() bool { return p.work() != nil && p.phase == phaseTurn }

// revealShown says a River draw's two tiles are shown above the rack.
func (p *Board) revealShown() bool { return p.phase == phaseRiverChoice && len(p.v.Reveal) > 0 }

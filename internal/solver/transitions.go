package solver

import "rummikub/internal/game"

// The transitions of the DP: every way to fill one place from a state,
// colour by colour, with groups checked once per mix of colours.

// trans is one transition's details, for rebuilding the arrangement.
type trans struct {
	keptColour [8]int // for each table joker kept at this number: its colour (-1 otherwise)
	opts       [4]*colOpt
	groups     groupIn
	split      bool
}

// transitions enumerates every way to fill place p from state s.
func (d *dp) transitions(p int, s *state, visit func(t *trans, next *state, gain int64) bool) {
	n := placeNum(p)
	d.ubAt[p] = d.ubTable(p, s)
	tr := &d.trBuf[p]
	*tr = trans{split: d.split(s)}
	// kept jokers at this number, each choosing among its colours
	var kept, freedHere []int
	if p <= game.MaxNumber {
		for j, h := range d.jHome {
			tr.keptColour[j] = -1
			if h != n {
				continue
			}
			if d.freeAll || s.freed&(1<<j) != 0 {
				freedHere = append(freedHere, j)
			} else {
				kept = append(kept, j)
			}
		}
	} else {
		for j := range d.jHome {
			tr.keptColour[j] = -1
		}
	}
	if d.freeAll {
		freedHere = nil
	}
	var kc [4]int
	var assign func(i int) bool
	assign = func(i int) bool {
		if i < len(kept) {
			j := kept[i]
			for _, c := range d.jOpts[j] {
				// skip colour choices that repeat an earlier joker's with the
				// same options (they lead to the same states)
				if i > 0 && sameOpts(d.jOpts[kept[i-1]], d.jOpts[j]) && c < tr.keptColour[kept[i-1]] {
					continue
				}
				tr.keptColour[j] = c
				kc[c]++
				ok := assign(i + 1)
				kc[c]--
				tr.keptColour[j] = -1
				if !ok {
					return false
				}
			}
			return true
		}
		return d.colours(p, n, s, tr, kc, freedHere, visit)
	}
	assign(0)
}

func sameOpts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// colours combines per-colour choices at place p.
//
// The four colours' loops are unrolled by hand, and measured faster than
// a loop (issue 23): the same combinations walked by one loop over the
// colours (an index and the running sums of jokers and rack tiles per
// colour) visit the same states but took about 7% more thread CPU on the
// standard and wrap benchmark sets (per position the best of 5 passes,
// summed; six interleaved runs each, a shared machine: standard 20.2-23.8
// against 22.3-24.5 ms, wrap 140-173 against 156-173 ms; the unrolled form
// faster in 5 of 6 pairs on each set), 2% at the standard set's median;
// a recursion over the colours took 45% more.
func (d *dp) colours(p, n int, s *state, tr *trans, kc [4]int, freedHere []int, visit func(*trans, *state, int64) bool) bool {
	wildLeft := int(s.wild)
	if wildLeft < 0 {
		return true
	}
	var lists [4][]colOpt
	var bk [4][]bucket
	for c := 0; c < 4; c++ {
		e := d.colEntry(p, n, c, s, kc[c], wildLeft, tr.split)
		if len(e.opts) == 0 {
			return true
		}
		lists[c], bk[c] = e.opts, e.bk
	}
	next := &d.nextBuf[p]
	next.freed = s.freed
	next.relax = false
	next.value = s.value
	next.res = s.res
	var rooms [16]int
	// solve cuts every next state that cannot beat the incumbent: ways to
	// lay this place that play too few rack tiles are left out here, before
	// they are built. With freed jokers here, some of them could not have
	// matched the jokers: their bound is taken all the same, which only
	// makes the recorded bound the bound of more ways (still a bound).
	poor := d.cutOn[p] && p < d.last && p <= game.MaxNumber
	// Once the options chosen so far place every wild joker left, the rest
	// must need none (maxY0), the groups take none (rooms[0]), and the next
	// states have no wild joker: their bound is ubSuffix0, tighter than
	// skipPoor's. So a partial combination that is too poor even with the
	// most rack tiles of the colours still to choose is left out whole,
	// with that bound (the bound of one of its combinations) recorded. With
	// no wild joker at all (flat) every option is such, and options come in
	// decreasing rack tiles within a bucket, so the rest of the loop goes too.
	flat := poor && wildLeft == 0
	st := 0
	if d.strip {
		st = 1
	}
	pc := poorCut{inc: negInf}
	// the most wild jokers groups may take here
	wgMax := wildLeft
	if p == game.MaxNumber+1 {
		wgMax = 0
	}
	// the fourth colour's group counts, when the quick table can judge all
	eAll, eSet, eMinW := !tr.split, uint8(0), 1<<30
	for _, be := range bk[3] {
		if be.sc < 0 {
			eAll = false
		}
		eSet |= 1 << (be.sc & 3)
		eMinW = min(eMinW, be.minW)
	}
	for _, ba := range bk[0] {
		for _, bb := range bk[1] {
			for _, bc := range bk[2] {
				abc := -1 // the quick group table's index so far, when it can judge
				if !tr.split && ba.sc >= 0 && bb.sc >= 0 && bc.sc >= 0 {
					abc = int(ba.sc) | int(bb.sc)<<2 | int(bc.sc)<<4
				}
				minABC := ba.minW + bb.minW + bc.minW
				if abc >= 0 && eAll {
					if b := min(wgMax, wildLeft-minABC-eMinW); b < 0 || simpleLast[st][abc][min(b, 16)]&eSet == 0 {
						continue // no fourth colour's bucket makes groups with these
					}
				}
				for _, be := range bk[3] {
					if abc >= 0 && be.sc >= 0 && int(simpleFirst[st][abc|int(be.sc)<<6]) > min(wgMax, wildLeft-minABC-be.minW) {
						continue // no groups of these tiles with the jokers there is room for
					}
					g := groupIn{
						t: [4]int8{ba.gT, bb.gT, bc.gT, be.gT},
						r: [4]int8{ba.gR, bb.gR, bc.gR, be.gR},
						k: [4]int8{ba.gK, bb.gK, bc.gK, be.gK},
					}
					any := false
					minRoom := 1 << 30 // the fewest wild jokers groups can take
					minW := ba.minW + bb.minW + bc.minW + be.minW
					// the common case straight from the quick group table
					var row *[16]int8
					if abc >= 0 && be.sc >= 0 {
						row = &simpleRoom[st][abc|int(be.sc)<<6]
					}
					for wg := 0; wg <= wildLeft; wg++ {
						g.w = int8(wg)
						rooms[wg] = -1
						if wg+minW > wildLeft || (p == game.MaxNumber+1 && wg > 0) {
							continue
						}
						if row != nil && wg < len(row) {
							rooms[wg] = int(row[wg])
						} else {
							rooms[wg] = groupRoom(g, tr.split, d.strip)
						}
						if rooms[wg] >= 0 {
							any = true
							minRoom = min(minRoom, wg)
						}
					}
					if !any {
						continue
					}
					// groups that need every wild joker left: the runs take
					// none, and every way is tight (see flat) with bound
					// ubSuffix0; options are still in decreasing rack tiles
					allJ := poor && wildLeft > 0 && minRoom == wildLeft
					tr.groups = g
					if poor && d.cutStop[p] {
						return false
					}
					for ai := ba.from; ai < ba.to; ai++ {
						oa := &lists[0][ai]
						w1 := int(oa.wild + oa.def)
						if w1 > wildLeft {
							continue
						}
						if allJ {
							if oa.wild > 0 {
								continue
							}
							if d.tooPoor(&pc, p, n, int(oa.y)+int(bb.maxYnw)+int(bc.maxYnw)+int(be.maxYnw), wildLeft) {
								break
							}
						}
						if poor && int(oa.wild) == wildLeft {
							if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(bb.maxY0)+int(bc.maxY0)+int(be.maxY0), wildLeft) {
								if flat || d.cutStop[p] {
									break
								}
								continue
							}
						}
						for bi := bb.from; bi < bb.to; bi++ {
							ob := &lists[1][bi]
							w2 := w1 + int(ob.wild+ob.def)
							if w2 > wildLeft {
								continue
							}
							if allJ {
								if ob.wild > 0 {
									continue
								}
								if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(bc.maxYnw)+int(be.maxYnw), wildLeft) {
									break
								}
							}
							if poor && int(oa.wild+ob.wild) == wildLeft {
								if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(bc.maxY0)+int(be.maxY0), wildLeft) {
									if flat || d.cutStop[p] {
										break
									}
									continue
								}
							}
							for ci := bc.from; ci < bc.to; ci++ {
								oc := &lists[2][ci]
								w3 := w2 + int(oc.wild+oc.def)
								if w3 > wildLeft {
									continue
								}
								if allJ {
									if oc.wild > 0 {
										continue
									}
									if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(be.maxYnw), wildLeft) {
										break
									}
								}
								if poor && int(oa.wild+ob.wild+oc.wild) == wildLeft {
									if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(be.maxY0), wildLeft) {
										if flat || d.cutStop[p] {
											break
										}
										continue
									}
								}
								for ei := be.from; ei < be.to; ei++ {
									if d.work != nil {
										d.count() // counted only: tick stops the search (rebuild replays this loop)
									}
									oe := &lists[3][ei]
									if w3+int(oe.wild+oe.def) > wildLeft {
										continue
									}
									w4 := int(oa.wild + ob.wild + oc.wild + oe.wild)
									if allJ {
										if oe.wild > 0 {
											continue
										}
										if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(oe.y), wildLeft) {
											break
										}
									} else if poor && w4 == wildLeft {
										if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(oe.y), wildLeft) {
											if flat || d.cutStop[p] {
												break
											}
											continue
										}
									} else if poor && d.skipPoor(p, n, int(oa.y+ob.y+oc.y+oe.y), w4, wildLeft, &rooms) {
										if d.cutStop[p] {
											return false
										}
										continue
									}
									tr.opts = [4]*colOpt{oa, ob, oc, oe}
									if !d.finishPlace(p, n, s, tr, freedHere, w4, wildLeft, &rooms, next, visit) {
										return false
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return true
}

// finishPlace checks freed jokers and groups for one combination and visits
// the resulting states.
func (d *dp) finishPlace(p, n int, s *state, tr *trans, freedHere []int, wRuns, wildLeft int, rooms *[16]int, next *state, visit func(*trans, *state, int64) bool) bool {
	g := tr.groups
	items := 0
	o0, o1, o2, o3 := tr.opts[0], tr.opts[1], tr.opts[2], tr.opts[3]
	rackTiles := int(o0.y) + int(o1.y) + int(o2.y) + int(o3.y)
	cap := int(s.cap) + int(o0.cap) + int(o1.cap) + int(o2.cap) + int(o3.cap)
	if p == game.MaxNumber+1 {
		rackTiles = 0 // scored at place 1
	}
	if len(freedHere) > 0 && !d.freedReplaced(p, n, tr, freedHere) {
		return true
	}
	gainBase := d.tileGain(rackTiles, n)
	// solve cuts a next state at once when even its bound cannot beat the
	// incumbent: take that bound here, without building the state
	if d.cutOn[p] && p < d.last {
		lim := d.incVal - d.cutPrefix[p]
		if d.cutUB[p] <= lim {
			// as solve's visit would: the state itself is beaten now
			d.cutStop[p] = true
			return false
		}
		live := false
		for wg := 0; wg+wRuns <= wildLeft; wg++ {
			if rooms[wg] < 0 {
				continue
			}
			wHere := wRuns + wg
			v := gainBase + int64(wHere)*d.jokerGain + d.ubNext(p, wildLeft-wHere)
			if v <= lim {
				d.cutBound[p] = max(d.cutBound[p], v)
				continue
			}
			live = true
		}
		if !live {
			return !d.cutStep()
		}
	}
	for c := 0; c < 4; c++ {
		o := tr.opts[c]
		next.runs[c] = o.next
		if p == 1 && d.wrap {
			next.res[c] = [3]uint8{uint8(o.resT), uint8(o.resR), uint8(o.resK)}
		}
		if d.meld && p != game.MaxNumber+1 {
			items += int(o.y) + d.t[n][c]
		}
	}
	fc := d.freedCount(s)
	cut := d.cutOn[p] && p < d.last
	for wg := 0; wg+wRuns <= wildLeft; wg++ {
		g.w = int8(wg)
		room := rooms[wg]
		if room < 0 {
			continue
		}
		if cut {
			// the incumbent may have grown since the check above (while an
			// earlier joker count was searched): take the bound again
			if v := gainBase + int64(wRuns+wg)*d.jokerGain + d.ubNext(p, wildLeft-wRuns-wg); v <= d.incVal-d.cutPrefix[p] {
				d.cutBound[p] = max(d.cutBound[p], v)
				continue
			}
		}
		tr.groups = g
		wHere := wRuns + wg
		next.wild = s.wild - uint8(wHere)
		nc := cap + room
		if nc > fc {
			nc = fc
		}
		next.cap = uint8(nc)
		if d.meld {
			next.value = d.meldValue(s, n, items, wHere)
		}
		gain := gainBase + int64(wHere)*d.jokerGain
		if !visit(tr, next, gain) {
			return false
		}
	}
	return true
}

// freedReplaced reports whether the jokers freed at place p (number n) can
// each be matched to a numbered tile of a face it stood for, played this
// turn: from the rack under joker-from-rack, otherwise from the table or
// the rack.
func (d *dp) freedReplaced(p, n int, tr *trans, freedHere []int) bool {
	var have [4]int
	for c := 0; c < 4; c++ {
		y := int(tr.opts[c].y)
		x := d.t[n][c] + y
		if p == game.MaxNumber+1 {
			x = 0
		}
		if d.p.r.JokerFromRack {
			have[c] = y
		} else {
			have[c] = x + d.extra[n][c]
		}
	}
	return matchFreed(d.jOpts, freedHere, have[:])
}

// meldValue is the initial meld's value after this place (number n):
// items numbered tiles and wHere wild jokers, each joker worth its number
// or the rules' joker-meld-value, counted up to the threshold.
func (d *dp) meldValue(s *state, n, items, wHere int) uint8 {
	jv := n
	if d.p.r.JokerMeldValue > 0 {
		jv = d.p.r.JokerMeldValue
	}
	return uint8(min(int(s.value)+items*n+wHere*jv, d.thr))
}

// matchFreed reports whether each freed joker can be given its own real
// tile among have (counts by colour at this number).
func matchFreed(opts [][]int, freed []int, have []int) bool {
	if len(freed) == 0 {
		return true
	}
	j := freed[0]
	for _, c := range opts[j] {
		if have[c] > 0 {
			have[c]--
			ok := matchFreed(opts, freed[1:], have)
			have[c]++
			if ok {
				return true
			}
		}
	}
	return false
}

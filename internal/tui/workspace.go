package tui

import (
	"sort"

	"rummikub/internal/game"
)

// workState is one step of a working arrangement: everything undo and
// redo restore (arrState for the sets table, gridState for the grid).
type workState[S any] interface{ clone() S }

// workspace is what both working arrangements (Arrangement, and
// GridArrangement on the French grid) share: the state now and at the
// turn's start, and one undo stack. Only the state, and the steps that
// change it, differ with the table's shape.
type workspace[S workState[S]] struct {
	cur, start S
	undo, redo []S
}

func newWorkspace[S workState[S]](st S) workspace[S] {
	return workspace[S]{cur: st, start: st.clone()}
}

// step records the state before a change, for undo.
func (w *workspace[S]) step() {
	w.undo = append(w.undo, w.cur.clone())
	w.redo = nil
}

// Undo goes back one step.
func (w *workspace[S]) Undo() error {
	if len(w.undo) == 0 {
		return ErrNothingToUndo
	}
	w.redo = append(w.redo, w.cur)
	w.cur = w.undo[len(w.undo)-1]
	w.undo = w.undo[:len(w.undo)-1]
	return nil
}

// Redo goes forward one undone step.
func (w *workspace[S]) Redo() error {
	if len(w.redo) == 0 {
		return ErrNothingToRedo
	}
	w.undo = append(w.undo, w.cur)
	w.cur = w.redo[len(w.redo)-1]
	w.redo = w.redo[:len(w.redo)-1]
	return nil
}

// CanUndo reports whether Undo has a step to take.
func (w *workspace[S]) CanUndo() bool { return len(w.undo) > 0 }

// CanRedo reports whether Redo has a step to take.
func (w *workspace[S]) CanRedo() bool { return len(w.redo) > 0 }

// restart goes back to the turn's start as one step that Undo takes
// back; the caller puts its cursor back.
func (w *workspace[S]) restart() {
	w.step()
	w.cur = w.start.clone()
}

// sortRack orders a rack by colour then number (the "789" sort, byNumber
// false) or by number then colour (the "777" sort).
func sortRack(rack []game.Tile, byNumber bool) {
	sort.SliceStable(rack, func(i, j int) bool {
		if byNumber {
			return rack[i].Face.LessByNumber(rack[j].Face)
		}
		return rack[i].Face.Less(rack[j].Face)
	})
}

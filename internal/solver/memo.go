package solver

import (
	"encoding/binary"
	"math/bits"
)

// memoTable is the memo for states with short keys: open addressing over
// fixed 32-byte keys. It is cheaper than a Go map here (no generic hashing
// of the key, one probe sequence) and empties in constant time between
// solves: a slot is in use only when it carries the table's generation.
type memoTable struct {
	slots []memoSlot
	gen   uint32
	n     int
}

type memoSlot struct {
	k   [4]uint64
	e   memoEntry
	gen uint32
}

func memoWords(key *[memoShort]byte) [4]uint64 {
	return [4]uint64{
		binary.LittleEndian.Uint64(key[0:]),
		binary.LittleEndian.Uint64(key[8:]),
		binary.LittleEndian.Uint64(key[16:]),
		binary.LittleEndian.Uint64(key[24:]),
	}
}

func memoHash(k *[4]uint64) uint64 {
	h := k[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(k[1]*0xc2b2ae3d27d4eb4f, 17) ^
		bits.RotateLeft64(k[2]*0x165667b19e3779f9, 31) ^ bits.RotateLeft64(k[3]*0xd6e8feb86659fd93, 47)
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// reset empties the table, keeping its slots unless they are many.
func (t *memoTable) reset() {
	if len(t.slots) > 4*maxKeep {
		t.slots = nil
	}
	t.n = 0
	t.gen++
	if t.gen == 0 { // wrapped: old generations could look current
		clear(t.slots)
		t.gen = 1
	}
}

func (t *memoTable) get(k *[4]uint64) (memoEntry, bool) {
	if t.n == 0 {
		return memoEntry{}, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return memoEntry{}, false
		}
		if s.k == *k {
			return s.e, true
		}
	}
}

// memoMaxSlots is the most slots the memo table grows to (14.7 MB): past
// it the table fills up instead (the search stops at maxMemo states, below
// it), so a search that reaches the memory bound never holds a second,
// twice as big table.
const memoMaxSlots = 1 << 18

func (t *memoTable) put(k *[4]uint64, e memoEntry) {
	if 2*(t.n+1) > len(t.slots) && (len(t.slots) < memoMaxSlots || t.n+1 >= len(t.slots)) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = memoSlot{k: *k, e: e, gen: t.gen}
			t.n++
			return
		}
		if s.k == *k {
			s.e = e
			return
		}
	}
}

func (t *memoTable) grow() {
	old, oldGen := t.slots, t.gen
	size := max(256, 2*len(old))
	t.slots = make([]memoSlot, size)
	t.n = 0
	if t.gen == 0 { // a new table: zeroed slots must not look in use
		t.gen = 1
	}
	for i := range old {
		if old[i].gen == oldGen {
			t.put(&old[i].k, old[i].e)
		}
	}
}

// optTable is the per-search cache of colour choices (see colEntry), the
// same open addressing over 24-byte keys.
type optTable struct {
	slots []optSlot
	gen   uint32
	n     int
}

type optSlot struct {
	k   [3]uint64
	e   *optEntry
	gen uint32
}

func optHash(k *[3]uint64) uint64 {
	h := k[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(k[1]*0xc2b2ae3d27d4eb4f, 17) ^
		bits.RotateLeft64(k[2]*0x165667b19e3779f9, 31)
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// reset empties the table, keeping its slots unless they are many; it
// drops the entries' pointers when it does not keep them.
func (t *optTable) reset() {
	if len(t.slots) > 4*maxKeep {
		t.slots = nil
	}
	t.n = 0
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

func (t *optTable) get(k *[3]uint64) *optEntry {
	if t.n == 0 || t.gen == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := optHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return nil
		}
		if s.k == *k {
			return s.e
		}
	}
}

func (t *optTable) put(k *[3]uint64, e *optEntry) {
	if 2*(t.n+1) > len(t.slots) {
		old, oldGen := t.slots, t.gen
		t.slots = make([]optSlot, max(256, 2*len(old)))
		t.n = 0
		if t.gen == 0 { // a new table: zeroed slots must not look in use
			t.gen = 1
		}
		for i := range old {
			if old[i].gen == oldGen {
				t.put(&old[i].k, old[i].e)
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	for i := optHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = optSlot{k: *k, e: e, gen: t.gen}
			t.n++
			return
		}
		if s.k == *k {
			s.e = e
			return
		}
	}
}

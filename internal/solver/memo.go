package solver

import (
	"encoding/binary"
	"math/bits"
)

// openTable is open addressing over fixed 32-byte keys, for the memo of
// states with short keys and the per-search cache of colour choices. It is
// cheaper than a Go map here (no generic hashing of the key, one probe
// sequence) and empties in constant time between solves: a slot is in use
// only when it carries the table's generation.
type openTable[V any] struct {
	slots []openSlot[V]
	gen   uint32
	n     int
}

type openSlot[V any] struct {
	k   [4]uint64
	e   V
	gen uint32
}

// memoTable is the memo for states with short keys.
type memoTable = openTable[memoEntry]

// optTable is the per-search cache of colour choices (see colEntry).
type optTable = openTable[*optEntry]

func memoWords(key *[memoShort]byte) [4]uint64 {
	return [4]uint64{
		binary.LittleEndian.Uint64(key[0:]),
		binary.LittleEndian.Uint64(key[8:]),
		binary.LittleEndian.Uint64(key[16:]),
		binary.LittleEndian.Uint64(key[24:]),
	}
}

func openHash(k *[4]uint64) uint64 {
	h := k[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(k[1]*0xc2b2ae3d27d4eb4f, 17) ^
		bits.RotateLeft64(k[2]*0x165667b19e3779f9, 31) ^ bits.RotateLeft64(k[3]*0xd6e8feb86659fd93, 47)
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// reset empties the table, keeping its slots unless they are many (then
// it also drops what the entries point to).
func (t *openTable[V]) reset() {
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

func (t *openTable[V]) get(k *[4]uint64) (V, bool) {
	if t.n == 0 {
		var zero V
		return zero, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := openHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			var zero V
			return zero, false
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

// put stores e under k. The table doubles when half full, but not past
// limit slots (0: no limit) until it is full: a caller giving a limit
// must stop well before that.
func (t *openTable[V]) put(k *[4]uint64, e V, limit int) {
	if 2*(t.n+1) > len(t.slots) && (limit == 0 || len(t.slots) < limit || t.n+1 >= len(t.slots)) {
		t.grow(limit)
	}
	mask := uint64(len(t.slots) - 1)
	for i := openHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = openSlot[V]{k: *k, e: e, gen: t.gen}
			t.n++
			return
		}
		if s.k == *k {
			s.e = e
			return
		}
	}
}

func (t *openTable[V]) grow(limit int) {
	old, oldGen := t.slots, t.gen
	t.slots = make([]openSlot[V], max(256, 2*len(old)))
	t.n = 0
	if t.gen == 0 { // a new table: zeroed slots must not look in use
		t.gen = 1
	}
	for i := range old {
		if old[i].gen == oldGen {
			t.put(&old[i].k, old[i].e, limit)
		}
	}
}

package sim

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"

	"rummikub/internal/game"
)

// gameDigest hashes one game's actions, in the order they were applied,
// each as its JSON (every field of the action: the arrangement a play
// leaves, the River choices, draws and passes).
func gameDigest(m *game.Match) [32]byte {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for i := range m.History {
		if err := enc.Encode(&m.History[i]); err != nil {
			panic("sim: an action does not encode: " + err.Error())
		}
	}
	var d [32]byte
	h.Sum(d[:0])
	return d
}

// digest is the tournament's digest: SHA-256 over every game's digest,
// in the order of the games' numbers (whichever job finished first), as
// hex. Equal digests mean the same games, move for move.
func digest(outs []outcome) string {
	h := sha256.New()
	var n [8]byte
	for i := range outs {
		binary.BigEndian.PutUint64(n[:], uint64(i))
		h.Write(n[:])
		h.Write(outs[i].digest[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"rummikub/internal/game"
)

// Tiles in messages are written in the project's notation (R7, J, J:R4).
// A bot that asks for ids in its ready gets every tile with its physical
// id after an @ (R7@20, J:R4@104), the way saves write them, so it can
// tell two copies of a face apart; a tile in an answer may carry an id
// too. The ids are those of game.TileSet: copy by copy, the numbered
// tiles by colour and number, then the jokers.

// TileText writes t in the notation, with its id when ids is set and t
// has one.
func TileText(t game.Tile, ids bool) string {
	if !ids {
		return t.String()
	}
	return t.IDText()
}

// TileTexts writes every tile with TileText; never nil.
func TileTexts(ts []game.Tile, ids bool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = TileText(t, ids)
	}
	return out
}

// maxID bounds the ids a message may name: more than any edition holds
// (3 copies of 52 tiles and 8 jokers), below game.NoID.
const maxID = 1024

// ParseTile reads one tile of a message: the notation, optionally
// followed by @ID. A tile without an id gets game.NoID.
func ParseTile(s string) (game.Tile, error) {
	face, idText, hasID := strings.Cut(s, "@")
	t, err := game.ParseTile(face)
	if err != nil {
		return game.Tile{}, err
	}
	if hasID {
		id, err := strconv.Atoi(idText)
		if err != nil || id < 0 || id >= maxID {
			return game.Tile{}, fmt.Errorf("%q: the id after @ is a tile's number, from 0 up", Clip(s))
		}
		t.ID = game.TileID(id)
	}
	return t, nil
}

// ParseTiles reads tiles with ParseTile.
func ParseTiles(ss []string) ([]game.Tile, error) {
	out := make([]game.Tile, len(ss))
	for i, s := range ss {
		t, err := ParseTile(s)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// hasIDs reports whether a list of tiles carries ids (its first does).
func hasIDs(ss []string) bool {
	return len(ss) > 0 && strings.Contains(ss[0], "@")
}

// textOf is TileText with or without ids, as one tile's writer.
func textOf(ids bool) func(game.Tile) string {
	return func(t game.Tile) string { return TileText(t, ids) }
}

// GridText writes a grid in its JSON form, its tiles by TileText.
func GridText(g game.Grid, ids bool) game.GridJSON { return *g.Fields(textOf(ids)).Grid }

package rating

import "rummikub/internal/game"

// The rules families ratings are kept per: the rules change the game
// enough (River's draws, French's grid) that one skill number for all of
// them would mean little, while the standard-like presets (standard,
// pressman, forty, wrap, six and options of them) play alike.
const (
	FamilyStandard = "standard"
	FamilyRiver    = "river"
	FamilyFrench   = "french"
)

// Families lists the families in the order a ladder shows them.
func Families() []string { return []string{FamilyStandard, FamilyRiver, FamilyFrench} }

// Family is the family of a set of rules: French for a grid table, River
// for river draws, else standard.
func Family(r game.Rules) string {
	switch {
	case r.Table == game.TableGrid:
		return FamilyFrench
	case r.Draw == game.DrawRiver:
		return FamilyRiver
	}
	return FamilyStandard
}

// IsFamily says whether name is a family.
func IsFamily(name string) bool {
	for _, f := range Families() {
		if f == name {
			return true
		}
	}
	return false
}

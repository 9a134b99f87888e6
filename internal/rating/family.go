package rating

import "rummikub/internal/game"

// The rules families ratings are kept per (game.Rules.Family).
const (
	FamilyStandard = game.FamilyStandard
	FamilyRiver    = game.FamilyRiver
	FamilyFrench   = game.FamilyFrench
)

// Families lists the families in the order a ladder shows them.
func Families() []string { return []string{FamilyStandard, FamilyRiver, FamilyFrench} }

// Family is the family of a set of rules (game.Rules.Family).
func Family(r game.Rules) string { return r.Family() }

// IsFamily says whether name is a family.
func IsFamily(name string) bool {
	for _, f := range Families() {
		if f == name {
			return true
		}
	}
	return false
}

// Package rating rates players from the order they finished in: the
// Weng-Lin Bayesian approximation with the Plackett-Luce model (Weng and
// Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
// 2011, Algorithm 4), the model the OpenSkill libraries implement, for
// games of 2 to 6 players ranked by score, ties allowed.
//
// A rating is a Gaussian belief about a player's skill: Mu its mean,
// Sigma its spread. Ordinal, Mu - 3 Sigma, is the number a ladder sorts
// by: a skill the player has with about 99.7% certainty, low while little
// is known.
//
// The package also keeps a ladder (ratings per player key and per rules
// family, with the recent results) and its JSON file. It reads no clock:
// times are given to it.
package rating

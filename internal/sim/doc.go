// Package sim plays computer-only games in bulk, the tournaments behind
// `rummikub sim`: many single games between computer levels, deals
// mirrored so the luck of the deal cancels out, run in parallel with
// results that depend only on the seed, and summed up as win rates with
// 95% intervals, scores, move times, invalid moves and overrun deadlines.
//
// Unlike the packages below it, sim measures time: how long each computer
// move took, against the deadline it was given.
package sim

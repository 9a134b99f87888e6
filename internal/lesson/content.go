package lesson

// All is every lesson, in the order to take them.
func All() []Lesson {
	return []Lesson{
		{
			ID:    "runs-groups",
			Title: "Runs and groups",
			Intro: []string{
				"Every set on the table is a run or a group of at least three tiles.",
				"A run is three or more numbers in a row of one colour: R4 R5 R6. 1 is low: 12-13-1 is not a run.",
				"A group is three or four tiles of one number, every colour different: B9 O9 K9.",
			},
			Steps: []Step{
				{
					Prompt:   "Lay a run from your rack.",
					Hint:     "The blue tiles follow each other: B4 B5 B6.",
					Table:    [][]string{{"R10", "R11", "R12"}},
					Rack:     []string{"B4", "B5", "B6", "O2", "K13"},
					Opened:   true,
					Goal:     Goal{NewRun: true},
					Solution: [][]string{{"R10", "R11", "R12"}, {"B4", "B5", "B6"}},
				},
				{
					Prompt:   "Lay a group from your rack.",
					Hint:     "Three 8s of three colours: R8 O8 K8. The two B3s cannot be in one group.",
					Table:    [][]string{{"R10", "R11", "R12"}},
					Rack:     []string{"R8", "O8", "K8", "B3", "B3"},
					Opened:   true,
					Goal:     Goal{NewGroup: true},
					Solution: [][]string{{"R10", "R11", "R12"}, {"R8", "O8", "K8"}},
				},
			},
		},
		{
			ID:    "initial-meld",
			Title: "The initial meld",
			Intro: []string{
				"Your first play must be worth 30 points or more, in sets made only from your own rack.",
				"A tile is worth its number; a joker, the tile it stands for.",
				"Until then you may not touch the table: no adding to it, no rearranging.",
			},
			Steps: []Step{
				{
					Prompt:   "Make your initial meld: 30 points or more from your rack alone.",
					Hint:     "O10 O11 O12 is 33 on its own; K4 B4 R4 (12) is not enough alone.",
					Table:    [][]string{{"B1", "B2", "B3"}},
					Rack:     []string{"O10", "O11", "O12", "K4", "B4", "R4", "B5"},
					Goal:     Goal{Meld: true},
					Solution: [][]string{{"B1", "B2", "B3"}, {"O10", "O11", "O12"}, {"R4", "B4", "K4"}},
				},
				{
					Prompt:   "Two small sets together: meld with both.",
					Hint:     "R5 R6 R7 (18) and B4 O4 K4 (12) make exactly 30.",
					Table:    [][]string{},
					Rack:     []string{"R5", "R6", "R7", "B4", "O4", "K4", "K9"},
					Goal:     Goal{Meld: true, MinTiles: 6},
					Solution: [][]string{{"R5", "R6", "R7"}, {"B4", "O4", "K4"}},
				},
			},
		},
		{
			ID:    "adding",
			Title: "Adding to the table",
			Intro: []string{
				"Once you have melded, you may add your tiles to any set on the table.",
				"A run grows at either end; a group of three takes its missing colour.",
			},
			Steps: []Step{
				{
					Prompt:   "Add R4 and R8 to the run, and K9 to the group.",
					Hint:     "R4 goes before R5, R8 after R7, K9 beside B9 O9 R9.",
					Table:    [][]string{{"R5", "R6", "R7"}, {"R9", "B9", "O9"}},
					Rack:     []string{"R4", "R8", "K9", "B2"},
					Opened:   true,
					Goal:     Goal{Place: []string{"R4", "R8", "K9"}},
					Solution: [][]string{{"R4", "R5", "R6", "R7", "R8"}, {"R9", "B9", "O9", "K9"}},
				},
			},
		},
		{
			ID:    "splitting",
			Title: "Splitting and combining",
			Intro: []string{
				"You may rearrange the whole table, as long as every set is valid when your turn ends and every tile that was on the table is still on it.",
				"Split a long run to use a tile in the middle; take a tile from a group of four or from the end of a run.",
			},
			Steps: []Step{
				{
					Prompt:   "Place both of your tiles: split the long run.",
					Hint:     "R3 R4 R5 | R6 B6 O6 | R7 R8 R9.",
					Table:    [][]string{{"R3", "R4", "R5", "R6", "R7", "R8", "R9"}},
					Rack:     []string{"B6", "O6"},
					Opened:   true,
					Goal:     Goal{Out: true},
					Solution: [][]string{{"R3", "R4", "R5"}, {"R6", "B6", "O6"}, {"R7", "R8", "R9"}},
				},
				{
					Prompt:   "Place B6: take a tile from each group of four.",
					Hint:     "B5 from the 5s and B7 from the 7s make B5 B6 B7.",
					Table:    [][]string{{"R5", "B5", "O5", "K5"}, {"R7", "B7", "O7", "K7"}},
					Rack:     []string{"B6"},
					Opened:   true,
					Goal:     Goal{Out: true},
					Solution: [][]string{{"R5", "O5", "K5"}, {"R7", "O7", "K7"}, {"B5", "B6", "B7"}},
				},
				{
					Prompt:   "Place K4: join the two runs into one.",
					Hint:     "K1 K2 K3 and K5 K6 K7 are one run once K4 is between them.",
					Table:    [][]string{{"K1", "K2", "K3"}, {"K5", "K6", "K7"}},
					Rack:     []string{"K4", "O13"},
					Opened:   true,
					Goal:     Goal{Place: []string{"K4"}},
					Solution: [][]string{{"K1", "K2", "K3", "K4", "K5", "K6", "K7"}},
				},
			},
		},
		{
			ID:    "joker",
			Title: "The joker",
			Intro: []string{
				"A joker stands for any tile its set needs.",
				"Once you have melded, you may take a joker from the table by putting the tile it stands for in its place.",
				"The joker must then be played again in the same turn: it stays on the table, in a new set or in its own set made longer, and you must play a tile from your rack.",
			},
			Steps: []Step{
				{
					Prompt:   "Use a joker from your rack to make a run with R11 and R13.",
					Hint:     "R11 J R13: the joker stands for R12.",
					Table:    [][]string{{"B1", "B2", "B3"}},
					Rack:     []string{"R11", "R13", "J"},
					Opened:   true,
					Goal:     Goal{Out: true},
					Solution: [][]string{{"B1", "B2", "B3"}, {"R11", "J", "R13"}},
				},
				{
					Prompt:   "Free the joker: put R6 in its place, and play the joker with B9 and O9.",
					Hint:     "R5 R6 R7 stays a run; J B9 O9 is a group of 9s.",
					Table:    [][]string{{"R5", "J", "R7"}},
					Rack:     []string{"R6", "B9", "O9"},
					Opened:   true,
					Goal:     Goal{Out: true, FreeJoker: true},
					Solution: [][]string{{"R5", "R6", "R7"}, {"B9", "O9", "J"}},
				},
				{
					Prompt:   "Free the joker and keep it in its own run: play R7.",
					Hint:     "R5 R6 R7 J: the real R7 takes the joker's place, and the joker stays in the run as R8.",
					Table:    [][]string{{"R5", "R6", "J"}},
					Rack:     []string{"R7"},
					Opened:   true,
					Goal:     Goal{Out: true, FreeJoker: true},
					Solution: [][]string{{"R5", "R6", "R7", "J"}},
				},
			},
		},
		{
			ID:    "time-limit",
			Title: "The time limit",
			Intro: []string{
				"Every turn has a time limit. When it runs out you draw a tile and your turn ends.",
				"If the table is not valid when it runs out, it goes back to how it was, your tiles come back to you, and you draw three as a penalty.",
			},
			Steps: []Step{
				{
					Prompt:   "How many seconds does a turn last under the standard rules?",
					Hint:     "A minute.",
					Question: &Question{Text: "Seconds in a turn (standard rules)?", TurnSeconds: true},
				},
				{
					Prompt:   "Your time runs out with the table as it was: how many tiles do you draw?",
					Hint:     "Just as if you had drawn yourself.",
					Question: &Question{Text: "Tiles drawn?", Timeout: &TimeoutCase{}},
				},
				{
					Prompt:   "Your time runs out in the middle of a rearrangement, the table not valid: how many tiles do you draw?",
					Hint:     "The penalty is three tiles.",
					Question: &Question{Text: "Tiles drawn?", Timeout: &TimeoutCase{Unfinished: true}},
				},
			},
		},
		{
			ID:    "scoring",
			Title: "The scoring",
			Intro: []string{
				"When a player goes out, every other player scores minus the value of their rack (a joker costs 30), and the winner scores the sum of those values.",
				"When the game is blocked, the lowest rack wins and every other player loses the difference. Every game sums to zero.",
			},
			Steps: []Step{
				{
					Prompt:   "Ana went out. Ben holds R5 K9 J. What does Ben score?",
					Hint:     "5 + 9 + 30, counted against him.",
					Question: &Question{Text: "Ben's score?", Score: &ScoreCase{Names: []string{"Ana", "Ben", "Cai"}, Racks: [][]string{{}, {"R5", "K9", "J"}, {"B2", "B3"}}, Out: 0, Ask: 1}},
				},
				{
					Prompt:   "Same game: Cai holds B2 B3. What does Ana score?",
					Hint:     "Ben's 44 and Cai's 5 go to Ana.",
					Question: &Question{Text: "Ana's score?", Score: &ScoreCase{Names: []string{"Ana", "Ben", "Cai"}, Racks: [][]string{{}, {"R5", "K9", "J"}, {"B2", "B3"}}, Out: 0, Ask: 0}},
				},
				{
					Prompt:   "Nobody can play and the pool is empty: the game is blocked. Ana holds R2 (2), Ben K10 (10). What does Ben score?",
					Hint:     "The lowest rack wins; Ben loses the difference, 10 - 2.",
					Question: &Question{Text: "Ben's score?", Score: &ScoreCase{Names: []string{"Ana", "Ben"}, Racks: [][]string{{"R2"}, {"K10"}}, Out: -1, Ask: 1}},
				},
			},
		},
	}
}

// ByID is the lesson with the given id.
func ByID(id string) (Lesson, bool) {
	for _, l := range All() {
		if l.ID == id {
			return l, true
		}
	}
	return Lesson{}, false
}

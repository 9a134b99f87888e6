package rating_test

import (
	"fmt"

	"rummikub/internal/rating"
)

func ExampleModel_Rate() {
	m := rating.Default()
	ana, ben, cy := m.New(), m.New(), m.New()
	// Ana won the game, Ben and Cy tied behind her.
	out, err := m.Rate([]rating.Rating{ana, ben, cy}, rating.RanksFromScores([]int{31, -12, -12}))
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, name := range []string{"Ana", "Ben", "Cy"} {
		fmt.Printf("%s %.2f ordinal %.2f\n", name, out[i].Mu, out[i].Ordinal())
	}
	// Output:
	// Ana 27.87 ordinal 3.25
	// Ben 23.57 ordinal -0.61
	// Cy 23.57 ordinal -0.61
}

func ExampleRanksFromScores() {
	fmt.Println(rating.RanksFromScores([]int{-6, 12, -6, -0}))
	// Output: [3 1 3 2]
}

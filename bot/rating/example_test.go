package rating_test

import (
	"fmt"

	"github.com/lifebot/lifebot/bot/rating"
)

func ExampleModel_RateFreeForAll() {
	m := rating.Default()
	players := []rating.Rating{m.New(), m.New(), m.New()}

	// The second player won; the other two tied for second place.
	after, err := m.RateFreeForAll(players, []int{2, 1, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, r := range after {
		fmt.Printf("player %d: mu %.2f, sigma %.2f, ordinal %.2f\n", i, r.Mu, r.Sigma, r.Ordinal())
	}
	// Output:
	// player 0: mu 23.57, sigma 8.06, ordinal -0.61
	// player 1: mu 27.87, sigma 8.21, ordinal 3.25
	// player 2: mu 23.57, sigma 8.06, ordinal -0.61
}

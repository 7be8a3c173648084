package alife

// The board (RULINGS 3.2): card columns 1–15, the phase of column c being
// ⌈c/3⌉, and marker columns 0–15, each of rows 0–3. A marker space (c, r)
// has bars to the card slots (c+1, r−1), (c+1, r) and (c+1, r+1) that
// exist, so a marker on an edge row reaches 2 cards and one in the middle
// 3. The space behind card slot (c, r) is marker space (c, r). The shape
// is data, so other boards can be tried; TestRuling01BoardGraph holds every shape
// to "2 or 3 reachable cards".
type boardShape struct {
	columns int // card columns; marker columns are 0..columns
	rows    int
	// reach lists, for a marker on row r, the row offsets of the card
	// slots its bars lead to in the next column.
	reach []int
}

var standardBoard = boardShape{columns: 15, rows: 4, reach: []int{-1, 0, 1}}

// phaseOf is the phase of card column c.
func phaseOf(c int) int { return (c + 2) / 3 }

// bars lists the rows of card column c+1 a marker on row r of marker
// column c reaches.
func (b boardShape) bars(r int) []int {
	var out []int
	for _, d := range b.reach {
		if row := r + d; row >= 0 && row < b.rows {
			out = append(out, row)
		}
	}
	return out
}

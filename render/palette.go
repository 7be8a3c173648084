package render

import "image/color"

// Mark is the shape that stands for a player wherever their colour does:
// tokens on the board, and next to their name. Colour alone fails players
// with colour blindness (red and green are both player colours, and red,
// orange and black are close for some), so each colour has its own shape.
type Mark int

// Marks, one per player colour.
const (
	Circle Mark = iota
	Square
	TriangleUp
	Diamond
	Hexagon
	TriangleDown
	Star
	Cross
)

// PlayerColours is how many player colours the palette holds. The first
// six are the figure colours of the games' boxes — red, blue, green,
// yellow, black, orange — in that order, so a game's colour number indexes
// the palette directly; the last two serve games with up to eight seats.
const PlayerColours = 8

// PlayerStyle is how one player colour is drawn.
type PlayerStyle struct {
	Fill color.RGBA // the colour itself
	Ink  color.RGBA // text drawn on Fill: white, or near-black on light fills
	Mark Mark
}

// Player returns the style of player colour i. Numbers outside the palette
// wrap around rather than fail, so a malformed view still draws.
func Player(i int) PlayerStyle {
	i = paletteIndex(i)
	// Hues follow the Okabe–Ito set where a colour name allows it; the
	// lightness of the six box colours is spread out as well, so they stay
	// apart in greyscale and for the common forms of colour blindness.
	styles := [PlayerColours]PlayerStyle{
		{rgb(0xD7263D), rgb(0xFFFFFF), Circle},       // red
		{rgb(0x1F62C4), rgb(0xFFFFFF), Square},       // blue
		{rgb(0x009E73), rgb(0xFFFFFF), TriangleUp},   // green
		{rgb(0xF7E04A), rgb(0x1D1D1D), Diamond},      // yellow
		{rgb(0x2A2A2A), rgb(0xFFFFFF), Hexagon},      // black
		{rgb(0xEE7B10), rgb(0x1D1D1D), TriangleDown}, // orange
		{rgb(0xB05FC4), rgb(0xFFFFFF), Star},         // purple
		{rgb(0xC9CED6), rgb(0x1D1D1D), Cross},        // silver
	}
	return styles[i]
}

// paletteIndex folds any colour number into the palette.
func paletteIndex(i int) int {
	i %= PlayerColours
	if i < 0 {
		i += PlayerColours
	}
	return i
}

// rgb turns 0xRRGGBB into an opaque colour. Colours live as constants and
// calls to rgb, so the palette has no mutable package state.
func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xFF}
}

// rgba is rgb with an alpha from 0 to 255, premultiplied as color.RGBA
// requires.
func rgba(hex uint32, a uint8) color.RGBA {
	c := rgb(hex)
	mul := func(v uint8) uint8 { return uint8(uint32(v) * uint32(a) / 255) }
	return color.RGBA{mul(c.R), mul(c.G), mul(c.B), a}
}

// The house colours shared by every board: a dark table, so that the light
// cards carry the contrast and the image sits well in Discord's dark theme.
const (
	table      = 0x17212B // background
	tableInset = 0x1E2B37 // areas set into the table
	tableLine  = 0x34495C // tracks and rules on the table
	rowFill    = 0x243341 // a player's row in a side panel
	rowActive  = 0x2F4A62 // the row of the player to move
	textMain   = 0xF2F4F7 // text on the table
	textSoft   = 0x9FB2C4 // secondary text on the table
	inkDark    = 0x1D232A // text and outlines on light cards
	gold       = 0xE9B949 // winners, fortune
	goldDeep   = 0x8A5A00 // marks on gold
	goldTint   = 0x4A3E1E // a winner's row
	accent     = 0x63C3F0 // seats that must act now
	goodSoft   = 0x86E3A5 // positive scores on the table
	badSoft    = 0xFF9288 // negative scores on the table
	white      = 0xFFFFFF
	black      = 0x000000
)

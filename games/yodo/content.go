package yodo

// The fates, the life events and the story texts are original to lifebot
// (RULINGS 4.1). They are kept here as one table a writer can read and edit
// in one place; TestContent checks every constraint. Changing any text
// changes the content version, so a game keeps the content it was dealt.
// Players read these texts through the catalog in locales/, keyed by the
// English (words.go), which must say them exactly as they stand here.

// fateText is one fate: its name, symbol, colour, voice and epilogue.
type fateText struct {
	Name   string // one word, capitalised: "Hope"
	Emoji  string // one emoji, the fate's symbol on cards and boards
	Colour string // "#rrggbb", distinct from the other five for colour-blind players
	// Voice says, for writers, how the fate tells a memory.
	Voice string
	// Epilogue closes the story when this fate wins.
	Epilogue string
}

// eventText is one event of the man's life, in life order.
type eventText struct {
	Title string // neutral, 1–4 words: "A first word"
	// Lines holds how each fate remembers the event, in fates order.
	Lines [6]string
	// Forgotten is told when nobody's card held the event when it locked.
	Forgotten string
}

// storyText joins the lines into the story.
type storyText struct {
	Opening, Closing string
	// Pairs join two fates' lines about one event: {A} and {B} stand for
	// the lines, {a} and {b} for the fates' names.
	Pairs []string
	// Triples join three: {A} {B} {C} and {a} {b} {c}.
	Triples []string
}

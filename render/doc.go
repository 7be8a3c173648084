// Package render draws lifebot's game boards as PNG images for Discord.
//
// It is a small drawing kit shared by every game, and one file per game
// that turns the game's view into a board:
//
//   - Fonts: the Go fonts, embedded and parsed once (Weight, Face), for
//     Latin, Greek and Cyrillic. A Face is safe for concurrent use; it
//     measures, fits ("Maximilian Al…"), wraps and cleans text from
//     outside. Players' names come in any script, so a rune the Go font
//     lacks is drawn from the first fallback font that has it: TrueType
//     files read from the host once (Options.FallbackFonts,
//     DefaultFallbackFonts; Droid Sans Fallback for Chinese and Japanese,
//     WenQuanYi Micro Hei for Korean), since CJK fonts are megabytes too
//     large to embed. A rune no font has, such as an emoji (freetype draws
//     no colour emoji), is drawn as a substitute: an outlined box a
//     capital letter wide and tall, in the text's colour. The box shows
//     that a character stands there and keeps the name's length, where
//     dropping it would leave an emoji-only name blank, to be replaced by
//     a generic "Player 3". Measuring and drawing resolve each rune the
//     same way, so widths, truncation and centring hold in mixed scripts.
//   - Palette: eight player colours, each with its own Mark shape so that
//     players never depend on telling red from green (Player).
//   - Shapes: cards, tokens, pawns, pips, stars, dice and the four suits of
//     playing cards on a gg.Context; sprites drawn once and composited
//     (Sprite, Blit, Paste); rounded boxes drawn by slicing (Box).
//   - Encoding: boards are reduced to one fixed palette, the house colours
//     and the shades between them, and written as paletted PNG by an
//     encoder made for them (encode.go, deflate.go); EncodePNG encodes any
//     other image.
//   - Animation: Animate makes a looping GIF of a game's boards in the same
//     palette, each frame storing only what changed since the one before.
//
// A Renderer holds each game's unchanging parts, drawn on its first board,
// and the working memory of its renders, at most one per CPU at a time;
// one Renderer serves a whole bot from any number of goroutines. Boards
// are Width×Height (a private hand image HandWidth×HandHeight) and a few
// tens of kilobytes.
//
// render imports the games' view types and never the reverse: a game knows
// nothing of drawing.
package render

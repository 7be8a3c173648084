// Package render draws lifebot's game boards as PNG images for Discord.
//
// It is a small drawing kit shared by every game, and one file per game
// that turns the game's view into a board:
//
//   - Fonts: the Go fonts, embedded and parsed once (Weight, Face). A Face
//     is safe for concurrent use; it measures, fits ("Maximilian Al…"),
//     wraps and cleans text from outside, dropping what the fonts cannot
//     draw.
//   - Palette: eight player colours, each with its own Mark shape so that
//     players never depend on telling red from green (Player).
//   - Shapes: cards, tokens, pawns, pips, stars, dice and the four suits of
//     playing cards on a gg.Context; sprites drawn once and composited
//     (Sprite, Blit, Paste); rounded boxes drawn by slicing (Box).
//   - Encoding: EncodePNG, with reused buffers.
//
// A Renderer holds each game's unchanging parts, drawn on its first board,
// and the working memory of renders; one Renderer serves a whole bot from
// any number of goroutines. Boards are Width×Height (a private hand image
// HandWidth×HandHeight), reduced to 256 colours before encoding, and a few
// tens of kilobytes.
//
// render imports the games' view types and never the reverse: a game knows
// nothing of drawing.
package render

// Package render draws lifebot's game boards as PNG images for Discord.
//
// It is a small drawing kit shared by every game, and one file per game
// that turns the game's view into a board:
//
//   - Fonts: the Go fonts, embedded and parsed once (Weight, Face), for
//     Latin, Greek and Cyrillic. A Face is safe for concurrent use; it
//     measures, fits ("Maximilian Al…"), wraps and cleans text from
//     outside. Players' names come in any script and with emoji, so a rune
//     the Go font lacks is drawn from embedded fonts: Droid Sans Fallback
//     (Chinese, Japanese) and Lifebot Hangul (Korean) rune by rune; Noto
//     Sans Arabic, Hebrew, Devanagari and Thai through a shaper, right to
//     left where the bidirectional rules say (layout.go, shape.go); emoji
//     sequences as Twemoji images in colour (emoji.go). Host fonts named in
//     Options.FallbackFonts come after them. A rune nothing has is drawn as
//     a substitute: an outlined box a capital letter wide and tall, in the
//     text's colour, which keeps the name's length. Measuring, fitting,
//     wrapping and drawing lay text out the same way, so widths,
//     truncation and centring hold in every script.
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
// one Renderer serves a whole bot from any number of goroutines.
//
// # The visual language
//
// Every image is read first in a phone's chat column, about 400 px wide,
// and every game's images speak alike, so that a player who knows one
// board can read the next:
//
//   - Size. Every image is PhoneWidth (600) px wide: one column, panels
//     stacked rather than side by side. Its height depends only on what
//     is fixed when the game starts (seats, options), never on the moves,
//     so that a replay's frames line up; none is taller than 1000 px. No
//     label is smaller than minText (17 px, 11 px on a phone) and no
//     symbol that carries meaning smaller than minIcon (22 px, 14 px on a
//     phone); TestEveryImageIsLegibleOnAPhone holds every golden to this
//     from what the renderer drew. Words that need room go in the message
//     beside the image (the options in play, the log); the image keeps
//     what must be seen at a glance.
//   - The header. Every board, hand and life board opens with the same
//     band (frameKit.drawHeader): the game's name and its stage ("Round 3
//     of 15", "Hand 2 · to 100") on the first line; on the second, larger,
//     whose turn it is: the ▶ arrow, their tokens and "Ada to play"
//     ("Ada, Ben to play" when several decide at once, "Your turn" on
//     the image of the player who must act), or, once the game is over,
//     the ★ star, "Ada wins" in gold. These are the only words for whose
//     turn it is.
//   - Your turn. Whoever must act has the ▶ arrow beside their name
//     wherever it is drawn and the accent outline round their panel
//     (panelBoxes.active). Nothing else is drawn in the accent colour: a
//     seat a move concerns (the one who may be stolen from) is not
//     highlighted as if it were to play.
//   - What changed. What the last move changed (the card laid, the figure
//     moved, the memory set) is outlined in the fresh colour (markFresh),
//     and nothing else is.
//   - The legend. Where an image uses symbols, a legend band at its foot
//     (frameKit.drawLegend) draws each symbol as the image draws it beside
//     the word the buttons and the log use for it. A symbol on a button
//     is the symbol on the image: where a button shows an emoji, the image
//     draws that emoji, in colour, as Discord does.
//   - Game over. A finished board is a picture to keep: the winners and
//     the scores, large, are the picture; what is left of the play
//     area steps aside for them.
//   - Languages. The renderer's own words (the header's, the legends',
//     the labels') are written in the reader's language, from the catalog
//     in locales/ (words.go); the words a game gives in its view are the
//     game's. Words longer than English's find room rather than being
//     cut: a legend closes its gaps to stay on one row, a label moves to
//     where the line has room, and players' names give way to them, as
//     the game's name gives way to its stage. TestEveryImageIsLegibleOnAPhone
//     holds German and the pseudo-language to it.
//
// render imports the games' view types and never the reverse: a game knows
// nothing of drawing.
package render

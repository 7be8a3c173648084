// Package life is the rules engine of Life, the card game, registered as
// "life". It follows RULINGS.md section 2; this comment records the
// decisions that section leaves open.
//
// # Actions
//
// Every action fits a Discord custom_id:
//
//	suit.N     choose suit N (0 ♥, 1 ♦, 2 ♣, 3 ♠ with choose_spades)
//	joker      play a joker instead of turning the top card
//	turn       turn the top card while holding a joker
//	lay.I.J…   lay the picked cards of the turned suit (a subset choice)
//	steal.S    steal from seat S after a non-spade threshold
//	nosteal    do not steal
//	take.C     take card C (a card id) from the victim's face-up cards
//	pos.N      take the card at position N of the victim's shuffled hand
//	react      steal from the victim of a spade chain
//	pass       let the victim of a spade chain be
//
// The items of lay are indices into the seat's cards of the turned suit
// in hand order, not card ids: an index takes two or three characters
// where an id of the second pack takes four, so a whole suit fits. The
// decision offers at most the 25 highest of those cards (a select menu's
// limit) and lets a turn name at most as many as fit in 48 characters;
// both limits bite only with 19 or more cards of one suit in a hand.
//
// Two copies of a card from two packs are alike, so take offers one
// choice per face (the lower id). A blind steal offers at most 25
// positions: the hand is shuffled, so any 25 positions are as good as
// all of them.
//
// # Turns, chance and information
//
//   - Suits are chosen before the deal (ruling 4), so nobody sees a card
//     when choosing. A joker redeal keeps the hand and its suits.
//   - A seat sees its own sealed suit; everyone sees who has chosen.
//   - The joker decision exists only for a seat holding a joker (ruling
//     6), so the pause itself tells the table a joker is held, as a
//     player's hesitation would. Prompt and the other seats' views call
//     the step "turn" and never say "joker".
//   - The turned card stays in View.Turned while its lay is decided, then
//     goes to the discard pile before any steal; a turned spade goes there
//     before the spades are laid. Either way it is on the pile before a
//     pick-up could reshuffle it (ruling 7).
//   - Cards are dealt one at a time from the dealer's left. Gathered cards
//     (a redeal, a reshuffled discard pile) are put in id order before
//     shuffling, so only the generator decides their order. The
//     generator is drawn in the order of RULINGS 2.3: the deal, redeals,
//     reshuffles, and the hand steals (an index, or the shuffle of a
//     blind steal, drawn when the thief names the victim).
//   - Views say what the last action changed, so that boards can show
//     it: the cards it put on each table and whether it changed each
//     hand, to everyone (the log says as much); the cards it put in a
//     hand, to that hand's seat alone.
//   - A pick-up is public without the card; the seat is told privately.
//     A steal from a hand is public without the card; thief and victim are
//     told which (ruling 26). Each seat keeps its last five private lines
//     as View.Notes.
//
// # Rules decisions
//
//   - Only the suit laid this turn is checked against the threshold, so
//     at rest every suit's face-up total is below 10 (Decode checks it).
//   - An ace laid pulls in the layer's own remaining cards of its suit
//     with everyone else's (ruling 14 says every hand). Cards it pulls in,
//     a second ace included, add nothing more: the suit is already all
//     there.
//   - When a lay empties a hand, the threshold still turns cards face
//     down before the hand ends; scores do not depend on it, only the
//     final view does.
//   - In a spade chain each seat may take from the victim's face-up cards
//     (other suits below 10) by the face-up-first rule of ruling 9.
//   - A joker that cannot redeal (ruling 18) still leaves play; nothing
//     else moves.
//   - One pack for eight players is refused: seven cards each would leave
//     no card to turn. Seven players may use one pack.
//   - While a hand is in play every hand holds a card (ruling 19 ends the
//     hand otherwise), so every other seat is a possible victim.
//   - The fortune reading (ruling 25) reads the face values each seat had
//     on its table at the end of every hand of the match, suit by suit.
//
// # Scores
//
// Totals are kept in half points (ruling 23). Result.Scores rounds them
// down to whole points, Result.Rank ranks the exact half points and
// Result.Shown writes them as players read them: "47½", "−3½".
// Result.Detail lists each hand's score: "hands +24 +30½ −4".
//
// # Words
//
// Every text a player reads is a message of the game's catalog,
// locales/, in five languages: events, prompts, labels, refusals,
// private notes, result details, fortunes and the rules. Cards stay
// codes ("7♥", "K♠") in every language; a joker, the suits and the
// steps are words of the catalog. Notes saved before the game spoke in
// messages are English text and are shown as written.
//
// # Saved form
//
// MarshalBinary writes JSON with a version field, "v":1, and cards by id.
// Decode refuses other versions, unknown fields and any state that breaks
// an invariant Apply relies on: every card of the packs in play in
// exactly one place, jokers never on a table and only jokers out of play,
// hands and rows in hand order, totals equal to the sum of the hands, and
// a phase whose seats have something to decide. So a stored game can
// never make the engine panic.
//
// # AI
//
// Game.AI lays what it can unless going out would not suit it, plays a
// joker when its hand is poor or rivals have much face up, and steals
// where it hurts the leader most without taking a last card at a bad
// moment. It reads only what its seat may see. In simulated play it wins
// about twice its fair share against random players.
package life

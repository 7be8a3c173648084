// Package alife is A Life: each seat lives a whole life in fifteen rounds
// across five phases, choosing experiences from a shared board, and is
// scored by its own values: for each of ten resources, what mattered to it
// (scoring) times what it could do (life).
//
// The rules are the rulebook's, settled by RULINGS §3; each ruling is
// pinned by a TestRulingNN. The deck of 226 life cards, the 12 baby cards
// and the life board are original (cards_*.go, babies.go), written in one
// compact notation (content.go), checked against RULINGS 3.2 by the
// content tests and hashed into a content version that saved games and
// records name (Content). A change to the content adds a version rather
// than editing one in place: the first lives on in cards_retired.go, as
// the cards and baby cards that differ. The board's shape is data too
// (board.go).
//
// Decisions RULINGS leaves to us:
//   - A seat whose connected slots are empty (every deck and discard pile
//     of that phase spent) and whose hand holds nothing of the current
//     phase only moves on: it stands on one of the rows it reaches and
//     goes to its action without a new experience.
//   - A child's card gives its parent the card's base symbols, money and
//     losses, but neither its baby symbols nor its cards to draw, which
//     are the child's.
//   - Children are chosen at once (RULINGS 3.4): a seat's kept cards stay
//     sealed, shown only to that seat, until every seat with a baby has
//     chosen; then they are laid and lived together, seat by seat, and
//     the cards let go are discarded. A loss a child brings therefore
//     comes after all the seat's own choices.
//   - Cards to draw are drawn one at a time, each from a deck the seat
//     chooses; a deck whose pile and discards are both empty is not
//     offered, and draws with no deck left are lost.
//   - The hand cards a cost discards are chosen in a step of their own,
//     after the development or friendship, with a way back; nothing is
//     paid until they are chosen. Asking for them with the decision would
//     need one menu per target card, more than a Discord message holds
//     when several opponents have cards to befriend.
//   - Pipelining (RULINGS 3.5) is outcome-neutral: once a seat has
//     chosen its card and where it stands, the next seat may choose its
//     card while the first still draws and chooses its action, but that
//     choice is sealed: it changes nothing and is shown to nobody else
//     until the first seat's turn ends, and is carried out then. The
//     first seat's action is thus chosen from the game as it stood when
//     it chose its card: it cannot see or befriend a card the next seat
//     took this round, nor draw a card the next seat's refill would have
//     taken. Every game goes exactly as if each turn were played strictly
//     after the one before (TestPipeliningChangesNothing); the round ends
//     when every turn is finished.
//   - The end tells each life in a paragraph, winners first: phase by
//     phase the titles of the cards lived, developed ones "to the full",
//     and the flavour of the card that gave most; then the children and
//     the three values the life scored most by.
//   - A seat that plays a hand card chooses where to stand before the
//     card is lived, since where it stands is part of its choice of card;
//     the card's draws then come after, as after a take.
//   - "Each baby card's win rate within ±5 points" is measured pooled
//     over 2, 3 and 4 seats, where each card is dealt about 1500 times in
//     the seeded test (a standard error near 1.2 points). At one seat
//     count a card is dealt 330–670 times, a standard error of 1.7–2.7
//     points, so there the test allows 7.5 (about three standard errors)
//     rather than fail on chance.
package alife

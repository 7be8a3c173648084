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
// (board.go). A card's words in every language are keyed by its English
// title (words.go), so a retired version's card is said as the current
// card of the same title.
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
//   - A development option keeps to its phase's requirement band of
//     RULINGS 3.2 (the sum of its life thresholds) only when it pays
//     nothing else: an option that also costs money, cards or hearts may
//     ask less, even nothing; none asks more (TestPhaseTargets).
//   - Balance is measured over seeded games with the AI on every seat and
//     pinned by TestBalance; BenchmarkBalance prints the figures, and the
//     simulator breaks its runs down the same way, by the facts "card"
//     and "baby" (Facts). A fact's holders are compared with a fair share of
//     the wins (a shared win split, 1/seats each) and with their table's
//     mean score. Every baby card is within 4 points of fair, of win rate
//     and of score, at 2, 3 and 4 seats alike: over 20,000 games at each
//     count (standard errors under 0.9 and 0.5 points) the widest is
//     2SP+CO at two seats, +3.2 points of win rate. Every card a life
//     holds, and every card a child lived, counted apart since it stands
//     for its parent's baby as much as for itself, is held by winners
//     between 0.7 and 1.4 times as often as a fair card: 0.77× to 1.31×,
//     pooled over the seat counts.
//   - Three cards stand outside that measure, since the AI lives them in
//     fewer than one game in a thousand: Sixty-hour weeks, Alpine summit
//     attempt and Heart Scare on the Stairs, whose base areas take a
//     heart. The AI keeps its hearts for the phase-5 resource spaces that
//     cost one and takes such a card only when nothing else is in reach;
//     for people they stay what they are meant to be, a price a life may
//     choose to pay.
package alife

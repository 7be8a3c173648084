// Package yodo is You Only Die Once: Philip is dying, and each seat, the
// agent of one fate, races to decide how he remembers twelve moments of
// his life before his heart stops. The bot plays the part of the game's
// companion app: it keeps score and, at the end, tells his life story
// (Story) as the fates left it.
//
// The rules are the rulebook's, settled by RULINGS §4; each ruling is
// pinned by a TestRulingNN. The fates, the memories, the decks and the
// story texts are original (content.go, story.go, cards.go), kept with a
// content version that every saved game names.
//
// Decisions RULINGS leaves to us:
//   - A turn is two decisions: the card, then where it goes. Only cards
//     with somewhere to go are offered, two cards showing the same fates
//     are offered once, and "Choose another card" goes back a step when
//     more than one card could be played. With nothing playable the seat
//     chooses the card to bury instead.
//   - Which card a seat has taken is private until it is played; a seat's
//     draws are told to it alone ("You drew a Mirth-Regret card."). Burying is public,
//     the buried card is not.
//   - Pacing (RULINGS 4.1's knob): a game deals the first 10, 11, 12, 13
//     or 14 cards of each deck at 2, 3, 4, 5 or 6 seats, which puts the
//     median game at 11–12 turns per seat with a final cascade of 1.1–2
//     memories on average (TestTuningTargets).
//   - Turn-order balance: whoever plays first can claim the memory the
//     first heartbeat sets, and with good play the first to move won 61%
//     of two-seat games and 24% of six-seat ones (fair: 50% and 17%). So
//     the first to move gives up a little, set per seat count by
//     simulation: at 2 and 3 seats one more card of their fate goes under
//     their deck, which makes their heartbeat come later; at 4–6 seats
//     they are dealt three cards, the fourth going under their deck, and
//     play from a hand of three all game. Neither draws from the
//     generator, so the order of RULINGS 4.3 holds.
//   - With hidden scores, neither the lock lines nor the board show
//     points until the end; what each memory's card shows stays public,
//     as it is on the table.
//   - The story joins two or three fates' lines with a template chosen by
//     the memory's place in life, so a story reads the same on replay; a
//     shared win tells each winner's epilogue.
//   - A player away too long is stood in for by the plain rule of RULINGS
//     4.4 (Game.Standin), not by the AI.
package yodo

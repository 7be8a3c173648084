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
//   - The decks (RULINGS 4.1). Every deck is one deck turned to its fate:
//     6 cards show its fate alone, 10 one other fate too and 2 two others,
//     each other fate 2 or 3 times in all (cards.go). What a game deals
//     decides whether the fates are equal at its table, so the order of
//     the cards serves that rather than RULINGS' mix of 8, 6 and 4 kept in
//     every prefix, which no fair deal could keep (see Fairness).
//   - Pacing (RULINGS 4.1's knob): a game deals the first 10, 11, 12, 13
//     or 15 cards of each deck at 2, 3, 4, 5 or 6 seats, which puts the
//     median game at 11.6–13 turns per seat with a final cascade of
//     1.1–2.1 memories on average; the AI beats random players in 92–100%
//     of games (TestTuningTargets).
//   - Turn order: the first to move's heartbeat lies at least 3, 3, 4 or 5
//     cards down their deck at 3, 4, 5 or 6 seats: one among their top
//     cards trades places with the card that many places below it. It
//     draws nothing from the generator, so the order of RULINGS 4.3 holds
//     (see Fairness for why).
//   - Games dealt before the decks were made fair keep their content
//     (version 6db61e01a7f9b193) and its handicap, a card more under the
//     first to move's deck at two and three seats and a hand a card short
//     all game at four to six, so they load and replay as dealt.
//   - With hidden scores, neither the lock lines nor the board show
//     points until the end; what each memory's card shows stays public,
//     as it is on the table.
//   - The story joins two or three fates' lines with a template chosen by
//     the memory's place in life, so a story reads the same on replay; a
//     shared win tells each winner's epilogue.
//   - A player away too long is stood in for by the plain rule of RULINGS
//     4.4 (Game.Standin), not by the AI.
//
// # Fairness
//
// Which fate a seat is dealt must not decide its game (issue 25): with the
// game's AI in every seat, every ordered pair of fates at two seats wins
// 50 ± 4% and every fate within a table of three to six fates lies within
// 5 points of a fair share; the first to move lies within 3 points of it.
// The first decks missed by far: a seat whose rival was the next fate
// round the circle won 20% of two-seat games, since its cards showed that
// fate once and the rival's showed it twice.
//
// The first ten cards of a deck show one other fate each, every other
// fate twice; the next three show the deck's fate alone; three-symbol
// cards come after, and only a table of six deals them. So at every size
// dealt, fate A's cards show B as often as B's show A; at two seats the
// cards dealt stay the same when the circle of fates is mirrored, which
// makes every pair of fates play as its reverse; and at three to five
// seats a deck favours no other fate and no pair of them, so a table plays
// the same wherever its absent fates lie round the circle
// (TestDealtCardsTreatTheFatesAlike). Three-symbol cards favour some
// pairs of fates over others unless all ten pairs come as often, so they
// stay out: dealt in a trial, one showing the fates one place either side
// and one showing those two places either side, at a table of fates one,
// two and three places apart the fate with no rival opposite it won 17%
// of three-seat games and the other two 38–44%. A deck of mostly two-symbol
// cards also lets rivals cover each other's memories, which makes the
// memory nearest death, claimed first by the first to move, worth less:
// with five cards in ten showing their fate alone, the first to move won
// 63% of two-seat games.
//
// A handicap for the first to move acts at setup only, on what is dealt or
// where the heartbeat lies, never as a smaller hand all game, and is kept
// only where the first to move's share of wins lies more than 3 points
// from fair without it. Without one (lifebot sim -game yodo -players N
// -games G -seed 25N -lineup ai,…,ai -by order; ± one standard error):
//
//	seats  games   first to move  fair   distance, points
//	2      60,000  52.7%          50.0%  +2.7 ± 0.2
//	3      10,000  37.1%          33.3%  +3.7 ± 0.5
//	4      10,000  30.6%          25.0%  +5.6 ± 0.4
//	5      10,000  25.5%          20.0%  +5.5 ± 0.4
//	6      10,000  21.0%          16.7%  +4.3 ± 0.4
//
// So two seats have none, and at three to six the first to move's
// heartbeat lies deeper, which gives rivals time to cover their first
// claim before it is set. What the decks and that handicap give, each
// seat count seeded 25 times the seats (LIFEBOT_LONG=1 go test
// ./games/yodo -run '^$' -bench Fairness -benchtime 1x; or lifebot sim
// with -by pair,order at two seats and -by table,order beyond): the pair
// of fates, or the fate within a table, furthest from a fair share, and
// the first to move's distance from it, in points:
//
//	seats  games   furthest from fair                                first to move
//	2      60,000  Regret vs Pride               +1.3 ± 0.7          +2.7 ± 0.2
//	3      30,000  Pride in Regret+Wonder+Pride  −2.9 ± 1.1          −0.7 ± 0.3
//	4      20,000  Pride in Mirth+Duty+Pride+Love        +2.9 ± 1.2  +1.5 ± 0.3
//	5      10,000  Pride in Mirth+Duty+Wonder+Pride+Love −2.5 ± 0.9  +1.2 ± 0.4
//	6      10,000  Wonder in all six             −0.6 ± 0.4          +0.4 ± 0.4
//
// TestFairTables holds a seeded 200 games a seat count to the same
// targets, give or take two standard errors; -by circle groups the tables
// by where the others sit round the circle of fates, which the decks make
// play alike whatever the names.
package yodo

// Package thatslife is the rules engine of That's Life!, registered as
// "thatslife". It follows RULINGS.md section 1; this comment records the
// decisions that section leaves open.
//
// # Actions
//
// A move names the card its piece leaves by card number, which stays the
// same while taken cards leave the course, so a late click can never move
// a piece from a different card:
//
//	fig.N         a figure of the seat to move, forward by the roll
//	guard.N       a guard, forward by the roll
//	fig_back.N    a figure, one card back (variant 2, on a 1)
//	guard_back.N  a guard, one card back (variant 2, on a 1)
//	stay          no move (variant 2, on a 1)
//
// Card numbers follow the standard layout: 0 Start, 1–8 A−1…A−8, 9–14
// F1…F6, 15–22 +8…+1, 23–32 B−1…B−10, 33 Finish. A seat's figures on one
// card are one choice, and so are the guards on one card: guards are
// interchangeable, so moving "each guard" (ruling 5) gives the same
// position whichever one goes. With at most three own origins plus eight
// guard cards, a turn has at most 11 choices forward (23 on a 1 with
// variant 2), within Discord's limits.
//
// Button labels say what moves where and what it takes: "Figure −3 → +6
// (you take −3)". A card whose face another card on the course shares
// (A−3 and B−3, the six fortunes) is named with its Card.Mark, which
// never changes as cards leave: "Guard ★1 → ★4"; the board prints the mark
// on such cards. The
// log says what the board's legend says: a figure, a guard, a fortune,
// cards recycled to the end of the course. View.Last names the card the
// last move's piece stopped on and the card it took, so that the board can
// mark them; a saved game keeps it.
//
// # Words
//
// Every text the engine returns (labels, events, prompts, refusals, the
// words in a score's breakdown, and Card.Label of Start and Finish, which
// the board prints) is a message of the catalog in locales, one file per
// language, said in each reader's language by whoever shows it. The
// faces of the cards, "−3", "+6", "★", are signs in every language and
// stay literal. The German catalog uses the terms of Verflixxt!, the
// game's German edition.
//
// # Turns and chance
//
// The generator is drawn in the order of RULINGS 1.3. The first roll is
// made by New and announced by Prompt; every later roll is made at the end
// of Apply and announced by a public event. New returns no events.
//
// # Rules decisions
//
//   - Start is treated like a card for guards: a guard stepped back onto
//     Start (variant 2) may move again while a figure stands on Start.
//     Start is never collected and never recycled.
//   - Without variant 3, cards behind every figure stay on the course;
//     under variant 2 a figure may step back onto one and win it.
//   - Variant 2 adds its choices to the normal ones on a 1; moving forward
//     stays allowed. Staying is not a move: nothing is recycled.
//   - The end checks run before recycling: once a move ends the game,
//     nothing is recycled. Guards on a card that leaves the course unscored
//     (its second recycling) leave play with it.
//   - Cards awarded when variant 4 or 5 ends the game leave the course
//     together with the figures standing on them; View shows those figures
//     neither on the course nor at home.
//   - Variant 5 between equal minus cards (A−8 and B−8, …) takes the one
//     nearer Start. The card under the last figure counts if unguarded, and
//     the penalty applies also when that figure is still on Start.
//   - Ruling 9's empty list of moves cannot arise: the seat to move always
//     has a figure off Finish, and a figure can always move forward, so
//     the engine has no pass. Decode refuses states that break this.
//   - Scores while the game runs are the totals of the cards taken so far
//     under the fortune rule, ranked like final scores.
//
// # Saved form
//
// MarshalBinary writes JSON with a version field, "v":1, and cards by id.
// Decode refuses other versions, unknown fields and any state that breaks
// an invariant Apply relies on (every card at most once, all figures
// accounted for, a seat to move with a figure out and a roll of 1–6 while
// the game runs), so a stored game can never make the engine panic.
//
// # AI
//
// Game.AI estimates every seat's final score from the cards it holds and
// a share of the cards its figures stand on, and judges each of its moves
// by the next seat's best reply to every roll. In simulated play it beats
// random players and the timeout fallback of RULINGS 1.4 by a wide margin.
package thatslife

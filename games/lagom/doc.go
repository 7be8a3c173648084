// Package lagom is the rules engine of Lagom, registered as "lagom". It
// follows RULINGS.md section 5; this comment records the decisions that
// section leaves open.
//
// # Rounds and actions
//
// A round has two waits, each a simultaneous step in which every seat
// still in the game acts in private and at its own pace:
//
//	select  done | extra | cash.C.S, then pick.N
//	play    play.SIDE | discard | cash.C.S, then pass.N
//
// N is a card id, SIDE 0–3 (left, top, right, bottom), and cash.C.S
// liquidates the investment on symbol S of tableau card C. A seat is done
// with a step once it has picked, or played or discarded and passed; the
// reveal, passing, scoring and the next round's spend, growth and draw run
// inside the Apply that completes a step.
//
// # Rules decisions
//
//   - The extra draw may be bought with investments: it is offered when
//     purse and investments together reach 5 coins, and cashes in the
//     largest investments first for the shortfall. A side whose coin cost
//     needs investments is offered the same way; explicit liquidation
//     buttons in the play step appear only when some side needs them.
//   - At most 18 liquidation buttons are listed (oldest investments
//     first), so that a decision never exceeds Discord's 25 choices.
//   - Lose Health needs the health to pay it: health may reach 0 within a
//     round but never goes below.
//   - A seat with an empty hand at the pick (no cards left anywhere) skips
//     the pick and the play; a seat with no card after playing passes
//     nothing, and its right neighbour receives nothing.
//   - A card picked, passed or received stays known to the seat that held
//     it; View shows the last card passed and received until the next
//     passes are delivered.
//   - Scores while the game runs are the fulfilment so far, ranked like
//     final scores.
//   - A seat that goes out keeps its tableau and fulfilment; its
//     investments stop growing.
//
// # Card set
//
// The 90 cards in cards.go are original and were laid out to RULINGS 5.1
// by search under the constraints that TestCardSetConstraints checks, then
// tuned by simulation (go test -run TestSimulation -sim 500). The content
// version, a hash of the table, is saved with every game; Decode refuses
// a set it does not know, and a changed table must be added to cardSets
// rather than edited in place.
//
// # Saved form
//
// MarshalBinary writes JSON with "v":1 and the content version. Decode
// refuses other versions, unknown fields and states that break an
// invariant Apply relies on: every card in exactly one place, phases that
// fit the step, investments only on active Wealth symbols.
//
// # AI
//
// The balanced AI values each side by the fulfilment it should bring over
// the rounds its health still buys: Relationships by their growing score,
// Purpose by the Purpose already in play, Leisure by its points and the
// health it adds, Wealth and coins by their use until the last round,
// Lose Relationship by the future of the Relationship it ends. It picks
// the card with the best payable side, plays that side or discards for a
// better reward, buys the extra draw when coins allow, and passes its
// least valuable card. The single-minded strategies count their symbol
// first and use the same values only to break ties.
package lagom

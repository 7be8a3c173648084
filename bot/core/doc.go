// Package core is lifebot without Discord: lobbies, moves, AI and forced
// moves, commits, turn clocks, and what each change must show to whom. The
// Discord adapter (package bot) turns interactions into calls of Service
// and implements Discord and Responder; tests of rules on a table need no
// Discord at all.
//
// A click goes one way: Service.Click takes the game's lock, loads the
// record, checks the seat and the channel, applies the decision and every
// forced or AI move after it, commits (one write, see storage), and
// publishes a snapshot of the game. The lock is then released; nothing
// under it waits on the network.
//
// Delivery works from snapshots, never under a game's lock. Each place a
// game shows itself is a lane: the board in the channel, the channel's
// pings, and one lane per player's DMs. One goroutine at a time works a
// lane, always from the newest snapshot, so pending boards coalesce and an
// older board never lands over a newer one. Failures worth another try
// (5xx, time-outs, 429 with its retry_after) are tried again with backoff;
// a newer change cuts a wait short. What reached Discord is kept in the
// record as a ledger (ledger.go); whatever lags the table is made good by
// the next interaction on the game and by the periodic sweep (sweep.go).
//
// Decisions the rulebooks leave to the bot:
//   - A move that was saved is never reported as refused: when its answer
//     cannot be shown, the player is told the move was made.
//   - Each player of a game with hidden hands has one living DM, edited in
//     place. A new decision brought about by someone else pings them with
//     a short new DM, and the previous ping is deleted; a living DM sent
//     anew (the first, or one the player deleted) notifies by itself and
//     is not pinged again. Their own click needs no ping.
//   - Games with hidden hands ping in DMs; the channel pings only players
//     whose DMs are closed (telling them to use Show my hand) and carries
//     the reminders.
//   - Each player may choose how they are told (/notify, prefs.go), kept
//     with the player in the store and read when each ping is decided, so
//     every process honours a change at once. Pings may go always by DM
//     (in a game without hidden hands the DM then carries what happened
//     since their move) or always in the channel. Quiet hours, read in the
//     player's time zone, hold a ping, and the reminders, until they end;
//     the game's stored due time wakes the sweep then. The turn clock runs
//     on through them: a reminder waits only when the morning still comes
//     before the last reminder would, so the last one always goes. A
//     daily digest replaces pings; it lists the games waiting for the
//     player, is sent by the process whose write moves the player's due
//     time on to the next day, and is skipped on a day nothing waits; the
//     last reminder still goes. A muted game tells its player nothing.
//   - The channel takes at most one message per move beside the board's
//     edit: the ping, which carries the reminders due, what happened since
//     a player's last move, and the one-time notice that a player's DMs
//     are closed; the previous ping is deleted once it is out.
//   - A game plays in a thread of its own, made from its lobby message
//     when it starts, unless the server or its host says otherwise: the
//     channel keeps one line per game pointing at the thread, and the
//     board is the thread's first message. A channel where the bot may
//     not make threads is told why once (a host who chose a thread, each
//     time), and its games play there without asking again for
//     threadRetry.
//   - A game in a channel keeps its board where its lobby was: it is
//     neither posted again below the chatter nor pinned. Clicks, links,
//     DMs and the ledger all name that one message, which a new post
//     would leave behind mid-click, and a pin needs Manage Messages and
//     posts a notice of its own. Each ping, the bot's newest message in
//     the channel while the game runs, links to the board.
//   - Closed DMs are tried again after Config.DMRetry, and whenever the
//     player uses Show my hand.
//   - A reminder does not redraw a board that is already up to date.
//   - A player's private view keeps their seat's last recentLines notes.
//   - A lobby cancelled by its host keeps its message, struck through, so
//     the channel's history still reads.
//   - Each decision a person faces has its own deadline on the table's
//     turn clock (clock.go), stored with the game. Reminders go at half
//     time and when a tenth of the clock is left (at least an hour, at
//     most a quarter of it), each once. At the deadline the AI finishes
//     that player's turn, every decision of it, or, if the host chose so,
//     takes their seat for the rest of the game.
//   - An absence (/away) pauses a player's clocks in the games they play
//     when they announce it, each table within a cap of its own; a
//     decision begun during the pause starts its clock when it ends.
//   - Absences and returns move no piece, so the board shows them late:
//     QuietFor after the first of a burst, all in one edit, or at once
//     with the next move or click on the board. Where processes share the
//     store it shows them at once: the game's lease, kept while the board
//     waits, would hold up the moves the other processes take.
//   - A seat's buttons stay good while every choice they offer is still
//     there as worded; choices that only came in addition (another
//     player's move opened them) appear on the next drawing and ping
//     nobody.
//   - In a game whose seats have boards of their own (games.Inspector),
//     the board carries a menu anyone may use to look at one privately,
//     during the game and after, and the closing announcement carries
//     each finished board, in the order of the ranks.
//   - A finished game's end comes in as few messages as it needs: the
//     closing announcement, which pings everyone with the outcome and
//     begins the story the game tells, so that the notification says the
//     game is over and leads to the story's top; the rest of the story;
//     then the replay.
//   - A player who resigns, or whom the host replaces, leaves their seat
//     to the AI, which plays it at once if it is its turn; the results
//     name every holder of a seat and the move they left at, and such a
//     game counts as one with an AI seat. The last person resigning ends
//     the game, abandoned: a result the AI reached alone would be nobody's.
//     For the same reason the host cannot replace the last person.
//   - A seat opened to a new player goes to the first person not already
//     at the table who takes it; one person plays one seat. They get the
//     seat's private view and notes from then on, and the one who left
//     loses them: their living DM says they left. The player who was
//     replaced is not at the table any more, so they may take the seat
//     back themselves while nobody has: coming back is what the host
//     hoped for, and the results name them twice, with the AI between.
//   - The Rematch button is on the closing announcement, the message the
//     players are pinged to. Anyone who played the game may click it; a
//     stranger is pointed to the rematch lobby's Join button instead. A
//     rematch keeps the game, its options and its AI seats; the last
//     game's players are listed as invited until they join.
//   - A finished game's replay follows its story: the public board at
//     the start and after each decision that changed who is to act, at
//     most maxReplayFrames of them.
//   - The board, a /log answer and the replay carry a History button
//     (steps.go): whoever may read the game's log steps privately through
//     its public boards, one decision at a time, rebuilt from the seed and
//     the log and drawn outside any lock, so a running game is never held.
package core

// Package core is lifebot without Discord: lobbies, moves, AI and forced
// moves, commits, reminders, and what each change must show to whom. The
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
//   - Closed DMs are tried again after Config.DMRetry, and whenever the
//     player uses Show my hand.
//   - A reminder does not redraw a board that is already up to date.
//   - A player's private view keeps their seat's last recentLines notes.
//   - A lobby cancelled by its host keeps its message, struck through, so
//     the channel's history still reads.
//   - When the AI stands in for a player who stayed away, it finishes that
//     player's turn, every decision of it, rather than one decision per
//     reminder period.
//   - A seat's buttons stay good while every choice they offer is still
//     there as worded; choices that only came in addition (another
//     player's move opened them) appear on the next drawing and ping
//     nobody.
//   - In a game whose seats have boards of their own (games.Inspector),
//     the board carries a menu anyone may use to look at one privately,
//     during the game and after, and each finished board is posted after
//     the story, in the order of the ranks.
//   - A finished game's replay follows its closing announcement: the
//     public board at the start and after each decision that changed who
//     is to act, at most maxReplayFrames of them.
package core

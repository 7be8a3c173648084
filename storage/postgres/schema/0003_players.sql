-- What the bot keeps about one person beyond any game (storage.Player):
-- their own bytes, a version for compare-and-swap, and when the sweep
-- next has work for them.
CREATE TABLE players (
	id      text COLLATE "C" PRIMARY KEY,
	version bigint NOT NULL,
	due_ns  bigint,
	data    bytea  NOT NULL
);

CREATE INDEX players_due ON players (due_ns) WHERE due_ns IS NOT NULL;

-- Closed records are numbered in the order the writes that closed them
-- committed (storage.Record.Closed), so every process reads a server's
-- results in one order, and from any point on. Games closed before this
-- step are numbered by when they were last written, then by id.
ALTER TABLE games ADD COLUMN closed_seq bigint;

UPDATE games g SET closed_seq = n.rn
FROM (
	SELECT id, row_number() OVER (ORDER BY updated_ns, octet_length(id), id) AS rn
	FROM games WHERE status IN (2, 3)
) n
WHERE g.id = n.id;

CREATE UNIQUE INDEX games_closed_seq ON games (closed_seq);
CREATE INDEX games_closed ON games (guild, closed_seq) WHERE closed_seq IS NOT NULL;

-- Short-lived marks (storage.Store.Mark): who holds a key, and until when.
CREATE TABLE marks (
	key      text COLLATE "C" PRIMARY KEY,
	holder   text   NOT NULL,
	until_ns bigint NOT NULL
);

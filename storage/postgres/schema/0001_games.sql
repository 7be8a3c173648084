-- One row per game: the metadata the bot indexes and its opaque bytes,
-- the same record that the bbolt store keeps (storage.Record).
CREATE TABLE games (
	-- Ids compare as bytes, like the bbolt store's keys.
	id         text COLLATE "C" PRIMARY KEY,
	game       text     NOT NULL,
	guild      text     NOT NULL, -- '' outside a server
	channel    text     NOT NULL,
	users      text[]   NOT NULL,
	status     smallint NOT NULL, -- 0 lobby, 1 playing, 2 over, 3 cancelled
	version    bigint   NOT NULL,
	-- Times are Unix nanoseconds, so a record comes back exactly as it
	-- was stored, as from bbolt; timestamptz keeps only microseconds.
	updated_ns bigint   NOT NULL,
	due_ns     bigint,            -- NULL: nothing scheduled
	data       bytea    NOT NULL
);

-- Ids handed out by Create, formatted in base 36 as the bbolt store does.
CREATE SEQUENCE games_id_seq AS bigint;

-- What the bot asks for. Open games (status 0 and 1) are few beside the
-- finished ones, so their indexes stay small, and any of them lists every
-- open game; a player's and a server's whole history are asked for too.
CREATE INDEX games_open_guild ON games (guild) WHERE status IN (0, 1);
CREATE INDEX games_open_channel ON games (channel) WHERE status IN (0, 1);
CREATE INDEX games_open_users ON games USING gin (users) WHERE status IN (0, 1);
CREATE INDEX games_guild ON games (guild);
CREATE INDEX games_users ON games USING gin (users);
CREATE INDEX games_due ON games (due_ns) WHERE due_ns IS NOT NULL;

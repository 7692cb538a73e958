-- The games read model, for listing: one row per game, kept in the same transaction as every
-- append to its stream. The stream (game_events) is the only source of truth for play.
-- `version` is the seq of the game's last event (0 before the game starts); `awaiting_seat` is
-- the seat whose decision is awaited (NULL when none: open, finished or abandoned games).
-- 'abandoned' is an open game that every player left before it started (it never has events).
CREATE TABLE games (
    id            uuid        PRIMARY KEY,
    status        text        NOT NULL DEFAULT 'open',
    options       jsonb       NOT NULL,
    created_by    uuid        NOT NULL REFERENCES accounts (id),
    version       bigint      NOT NULL DEFAULT 0,
    awaiting_seat smallint,
    winners       smallint[],
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT games_status_check CHECK (status IN ('open', 'active', 'finished', 'abandoned')),
    CONSTRAINT games_version_check CHECK (version >= 0),
    CONSTRAINT games_awaiting_seat_check CHECK (awaiting_seat BETWEEN 0 AND 4)
);

-- Keyset pagination of listings: ORDER BY updated_at DESC, id DESC.
CREATE INDEX games_updated_at_idx ON games (updated_at DESC, id DESC);
CREATE INDEX games_status_updated_at_idx ON games (status, updated_at DESC, id DESC);

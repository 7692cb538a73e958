-- The event streams: one per game, keyed (game_id, seq), seq contiguous from 1. A lost race to
-- append is a unique violation on game_events_pkey (SQLSTATE 23505).
--
-- `payload` is `json` (not `jsonb`) so that PostgreSQL keeps the exact bytes the server wrote:
-- `hash = SHA-256(prev_hash || payload bytes)`, with prev_hash = 32 zero bytes for seq 1 and the
-- previous event's hash after that. `seat` is the acting seat (NULL for system events such as
-- the start of the game).
CREATE TABLE game_events (
    game_id       uuid        NOT NULL REFERENCES games (id),
    seq           bigint      NOT NULL,
    event_type    text        NOT NULL,
    event_version integer     NOT NULL,
    payload       json        NOT NULL,
    seat          smallint,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    prev_hash     bytea       NOT NULL,
    hash          bytea       NOT NULL,
    CONSTRAINT game_events_pkey PRIMARY KEY (game_id, seq),
    CONSTRAINT game_events_seq_check CHECK (seq >= 1),
    CONSTRAINT game_events_seat_check CHECK (seat BETWEEN 0 AND 4),
    CONSTRAINT game_events_prev_hash_check CHECK (octet_length(prev_hash) = 32),
    CONSTRAINT game_events_hash_check CHECK (octet_length(hash) = 32)
);

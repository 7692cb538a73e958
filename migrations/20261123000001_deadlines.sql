-- Service rules §9.4–9.5: what must happen in a game without its players, and when.
-- `due_kind` 'clock': the awaited decision times out at `due_at` (shown to players as its
-- deadline); 'bot': a bot plays the awaited seat (resigned or abandoned) as soon as it can.
-- Both NULL when nothing is due. Set with every append; read by the deadline worker through
-- the partial index (idle cost: one index probe per poll, whatever the number of games).
ALTER TABLE games
    ADD COLUMN due_at   timestamptz,
    ADD COLUMN due_kind text,
    ADD CONSTRAINT games_due_kind_check CHECK (due_kind IN ('clock', 'bot')),
    ADD CONSTRAINT games_due_check CHECK ((due_at IS NULL) = (due_kind IS NULL));

CREATE INDEX games_due_at_idx ON games (due_at) WHERE due_at IS NOT NULL;

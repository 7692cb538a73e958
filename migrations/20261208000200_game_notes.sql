-- Private notes: one text per game and seated player, read and written by that player alone.
-- Not game events, never in a record, view or export. Keyed by `game_id` first, so that on
-- Citus it lives with its game.
CREATE TABLE game_notes (
    game_id    uuid        NOT NULL REFERENCES games (id),
    account_id uuid        NOT NULL REFERENCES accounts (id),
    text       text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT game_notes_pkey PRIMARY KEY (game_id, account_id),
    CONSTRAINT game_notes_text_check CHECK (char_length(text) <= 4000)
);

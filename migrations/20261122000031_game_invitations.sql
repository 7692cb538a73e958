-- Invitations to a game (issue 12 §4). A code invitation stores only the SHA-256 of its code
-- (256 random bits, base64url); a username invitation names its invitee and has no code (the
-- invitee joins as themselves). `seat` reserves a seat for the invitee (rematches rotate the
-- seats). Keyed by `game_id` first, so it is co-located with `games` under Citus.
CREATE TABLE game_invitations (
    game_id    uuid        NOT NULL REFERENCES games (id),
    id         uuid        NOT NULL,
    code_hash  bytea,
    inviter_id uuid        NOT NULL REFERENCES accounts (id),
    invitee_id uuid        REFERENCES accounts (id),
    seat       smallint,
    uses_left  integer     NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT game_invitations_pkey PRIMARY KEY (game_id, id),
    CONSTRAINT game_invitations_code_key UNIQUE (game_id, code_hash),
    CONSTRAINT game_invitations_code_or_invitee CHECK ((code_hash IS NULL) <> (invitee_id IS NULL)),
    CONSTRAINT game_invitations_code_hash_len CHECK (octet_length(code_hash) = 32),
    CONSTRAINT game_invitations_uses_left_check CHECK (uses_left >= 0),
    CONSTRAINT game_invitations_seat_check CHECK (seat BETWEEN 0 AND 4)
);

-- `GET /v1/me/invitations`.
CREATE INDEX game_invitations_invitee_idx ON game_invitations (invitee_id)
    WHERE invitee_id IS NOT NULL;

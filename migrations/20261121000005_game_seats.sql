-- Who sits where. Seats are contiguous from 0 while a game is open (a leaving player's seat is
-- taken by the players after it) and fixed once the game has started.
CREATE TABLE game_seats (
    game_id    uuid        NOT NULL REFERENCES games (id),
    seat       smallint    NOT NULL,
    account_id uuid        NOT NULL REFERENCES accounts (id),
    joined_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT game_seats_pkey PRIMARY KEY (game_id, seat),
    CONSTRAINT game_seats_account_key UNIQUE (game_id, account_id),
    CONSTRAINT game_seats_seat_check CHECK (seat BETWEEN 0 AND 4)
);

-- "My games" listings.
CREATE INDEX game_seats_account_id_idx ON game_seats (account_id);

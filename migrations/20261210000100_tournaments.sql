-- Tournaments (service rules §9.11): Swiss and round-robin competitions played over days, for
-- tables of 2 to 5. A few writes per round, never per action: reference tables on Citus
-- (src/eventstore/distribute.rs). Standings are never stored: they are computed from the
-- tournament games' recorded results each time they are read.

-- A tournament: its settings, its state and its current round (0 before the first).
-- `options` are the options every one of its games gets (a whole `GameOptions`); `rounds` is
-- null for a round-robin until it starts (then fixed by the number of players).
CREATE TABLE tournaments (
    id            uuid        NOT NULL,
    name          text        NOT NULL,
    format        text        NOT NULL,
    table_size    smallint    NOT NULL,
    rounds        smallint,
    options       jsonb       NOT NULL,
    rated         boolean     NOT NULL,
    bots_allowed  boolean     NOT NULL,
    min_players   smallint    NOT NULL,
    max_players   smallint    NOT NULL,
    starts_at     timestamptz,
    creator_id    uuid        NOT NULL REFERENCES accounts (id),
    status        text        NOT NULL DEFAULT 'open',
    round         smallint    NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    started_at    timestamptz,
    ended_at      timestamptz,
    CONSTRAINT tournaments_pkey PRIMARY KEY (id),
    CONSTRAINT tournaments_format_check CHECK (format IN ('swiss', 'round_robin')),
    CONSTRAINT tournaments_table_size_check CHECK (table_size BETWEEN 2 AND 5
                                                  AND (format = 'swiss' OR table_size = 2)),
    CONSTRAINT tournaments_players_check CHECK (min_players >= 2 AND min_players <= max_players),
    CONSTRAINT tournaments_status_check CHECK (
        status IN ('open', 'running', 'finished', 'cancelled')),
    CONSTRAINT tournaments_round_check CHECK (round >= 0 AND (rounds IS NULL OR round <= rounds)),
    CONSTRAINT tournaments_started_check CHECK ((status = 'open' OR status = 'cancelled')
                                                OR (started_at IS NOT NULL AND rounds IS NOT NULL))
);
-- The list, by status, newest first (keyset pages); the worker's scan of those to start or go on.
CREATE INDEX tournaments_status_idx ON tournaments (status, created_at DESC, id DESC);

-- Who registered, in registration order (`registered_at`, then the account id), and who withdrew.
CREATE TABLE tournament_players (
    tournament_id uuid        NOT NULL REFERENCES tournaments (id),
    account_id    uuid        NOT NULL REFERENCES accounts (id),
    registered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    withdrawn_at  timestamptz,
    CONSTRAINT tournament_players_pkey PRIMARY KEY (tournament_id, account_id)
);
-- A player's tournaments (a profile's list).
CREATE INDEX tournament_players_account_idx ON tournament_players (account_id);

-- A round's tables: the players in seat order and the game made for them, whose id is chosen
-- when the round is paired, so that making the game again finds it made.
CREATE TABLE tournament_tables (
    tournament_id uuid     NOT NULL REFERENCES tournaments (id),
    round         smallint NOT NULL,
    table_no      smallint NOT NULL,
    game_id       uuid     NOT NULL,
    seats         uuid[]   NOT NULL,
    CONSTRAINT tournament_tables_pkey PRIMARY KEY (tournament_id, round, table_no),
    CONSTRAINT tournament_tables_game_key UNIQUE (game_id),
    CONSTRAINT tournament_tables_seats_check CHECK (cardinality(seats) BETWEEN 2 AND 5)
);

-- A round's byes: a player left without a table, scored as a win (service rules §9.11).
CREATE TABLE tournament_byes (
    tournament_id uuid     NOT NULL REFERENCES tournaments (id),
    round         smallint NOT NULL,
    account_id    uuid     NOT NULL REFERENCES accounts (id),
    CONSTRAINT tournament_byes_pkey PRIMARY KEY (tournament_id, round, account_id)
);

-- New notification kinds: `tournament_round` (a round began: the player's game, or a bye) and
-- `tournament_ended` (the last round ended: the player's rank and points).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'your_turn', 'game_started', 'game_ended', 'invited', 'timed_out', 'reminder', 'vacation',
    'chat', 'seek_matched', 'challenge', 'challenge_declined', 'tournament_round',
    'tournament_ended'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_kinds_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_kinds_check CHECK (
    (cardinality(kinds) > 0 OR channel = 'web_push')
    AND kinds <@ ARRAY['your_turn', 'game_started', 'game_ended', 'invited', 'timed_out',
                       'reminder', 'vacation', 'chat', 'seek_matched', 'challenge',
                       'challenge_declined', 'tournament_round', 'tournament_ended']);

-- A place to come back to: when a game finished, whether it is rated, the built-in bots'
-- rated profiles, ratings and their history, and table chat with mutes, reports and silence.
-- Placements on Citus are in src/store/distribute.rs (LAYOUT).

-- When the game ended: set by `lords_append` with the status (below), and for games that
-- ended before this migration, the time their `game_ended` event was recorded. `rated` is
-- chosen at creation (service rules §9.7); `ratings_applied_at` is set in the transaction that
-- applies a rated game's ratings, so that a game is rated exactly once.
ALTER TABLE games
    ADD COLUMN finished_at        timestamptz,
    ADD COLUMN rated              boolean NOT NULL DEFAULT false,
    ADD COLUMN ratings_applied_at timestamptz;

UPDATE games g
SET finished_at = e.recorded_at
FROM game_events e
WHERE e.game_id = g.id AND e.event_type = 'game_ended' AND g.status = 'finished';

CREATE INDEX games_finished_at_idx ON games (finished_at DESC, id DESC)
    WHERE finished_at IS NOT NULL;
-- The rating worker's queue: rated games that ended and are not rated yet, oldest first.
CREATE INDEX games_unrated_idx ON games (finished_at, id)
    WHERE rated AND ratings_applied_at IS NULL AND finished_at IS NOT NULL;

-- The built-in bots' rated profiles: one account per bot level, named after it, that nobody
-- can sign in to (its password hash is no hash). A person who already had one of these names
-- keeps their account under the name followed by the start of its id. `chat_silenced_until`
-- is set by an operator (`lords moderation silence`): until then the account cannot chat.
ALTER TABLE accounts
    ADD COLUMN builtin_bot         text,
    ADD COLUMN chat_silenced_until timestamptz,
    ADD CONSTRAINT accounts_builtin_bot_check CHECK (builtin_bot IN ('random', 'greedy', 'mcts')),
    ADD CONSTRAINT accounts_builtin_bot_key UNIQUE (builtin_bot);

UPDATE accounts
SET username = username || '-' || left(id::text, 8)
WHERE lower(username) IN ('random', 'greedy', 'mcts');

INSERT INTO accounts (id, username, password_hash, builtin_bot)
VALUES ('00000000-0000-7000-8000-00000000b071', 'random', '!', 'random'),
       ('00000000-0000-7000-8000-00000000b072', 'greedy', '!', 'greedy'),
       ('00000000-0000-7000-8000-00000000b073', 'mcts', '!', 'mcts');

-- An account's current rating (Weng–Lin Bradley–Terry full-pair, service rules §9.7), one row
-- per account that has played a rated game; an account without a row has the starting rating.
-- `rating` is the displayed rating, round(1500 + 60·(mu − 3·sigma)).
CREATE TABLE player_ratings (
    account_id uuid             NOT NULL REFERENCES accounts (id),
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL,
    rating     integer          NOT NULL,
    games      integer          NOT NULL,
    updated_at timestamptz      NOT NULL,
    CONSTRAINT player_ratings_pkey PRIMARY KEY (account_id),
    CONSTRAINT player_ratings_sigma_check CHECK (sigma > 0),
    CONSTRAINT player_ratings_games_check CHECK (games >= 0)
);
-- The leaderboard: non-provisional ratings, highest first.
CREATE INDEX player_ratings_board_idx ON player_ratings (rating DESC, account_id)
    WHERE games >= 10;

-- One entry per rated game an account played: its rating before and after.
CREATE TABLE rating_history (
    account_id    uuid             NOT NULL REFERENCES accounts (id),
    game_id       uuid             NOT NULL,
    seat          smallint         NOT NULL,
    finished_at   timestamptz      NOT NULL,
    mu_before     double precision NOT NULL,
    sigma_before  double precision NOT NULL,
    rating_before integer          NOT NULL,
    mu            double precision NOT NULL,
    sigma         double precision NOT NULL,
    rating        integer          NOT NULL,
    CONSTRAINT rating_history_pkey PRIMARY KEY (account_id, game_id)
);
CREATE INDEX rating_history_finished_idx ON rating_history (account_id, finished_at, game_id);

-- A rated game's rating changes, seat by seat, kept with the game (the archive reads them with
-- the game). `account_id` is the seat's account, or the bot level's account for a bot's seat.
CREATE TABLE game_ratings (
    game_id       uuid             NOT NULL REFERENCES games (id),
    seat          smallint         NOT NULL,
    account_id    uuid             NOT NULL REFERENCES accounts (id),
    place         smallint         NOT NULL,
    mu_before     double precision NOT NULL,
    sigma_before  double precision NOT NULL,
    rating_before integer          NOT NULL,
    mu            double precision NOT NULL,
    sigma         double precision NOT NULL,
    rating        integer          NOT NULL,
    CONSTRAINT game_ratings_pkey PRIMARY KEY (game_id, seat),
    CONSTRAINT game_ratings_seat_check CHECK (seat BETWEEN 0 AND 4),
    CONSTRAINT game_ratings_place_check CHECK (place BETWEEN 1 AND 5)
);

-- Table chat: lines said at a game's table, kept with the game. They are not game events.
CREATE TABLE chat_lines (
    game_id    uuid        NOT NULL REFERENCES games (id),
    id         bigserial   NOT NULL,
    account_id uuid        NOT NULL REFERENCES accounts (id),
    seat       smallint    NOT NULL,
    text       text        NOT NULL,
    sent_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT chat_lines_pkey PRIMARY KEY (game_id, id),
    CONSTRAINT chat_lines_seat_check CHECK (seat BETWEEN 0 AND 4),
    CONSTRAINT chat_lines_text_check CHECK (char_length(text) BETWEEN 1 AND 500)
);

-- Whom an account muted: their lines are never shown or sent to it.
CREATE TABLE chat_mutes (
    account_id uuid        NOT NULL REFERENCES accounts (id),
    muted_id   uuid        NOT NULL REFERENCES accounts (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT chat_mutes_pkey PRIMARY KEY (account_id, muted_id),
    CONSTRAINT chat_mutes_self_check CHECK (account_id <> muted_id)
);

-- Lines reported to the operator, one report per line and reporter.
CREATE TABLE chat_reports (
    game_id     uuid        NOT NULL REFERENCES games (id),
    line_id     bigint      NOT NULL,
    reporter_id uuid        NOT NULL REFERENCES accounts (id),
    reason      text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT chat_reports_pkey PRIMARY KEY (game_id, line_id, reporter_id),
    CONSTRAINT chat_reports_line_fkey FOREIGN KEY (game_id, line_id)
        REFERENCES chat_lines (game_id, id),
    CONSTRAINT chat_reports_reason_check CHECK (char_length(reason) BETWEEN 1 AND 500)
);
CREATE INDEX chat_reports_created_idx ON chat_reports (created_at DESC);

-- Chat's rate (10 lines a minute per account): the account's last lines' times, locked and
-- pruned by each line, on the account's shard (as `invitation_budgets`).
CREATE TABLE chat_budgets (
    account_id uuid          NOT NULL REFERENCES accounts (id),
    sent_at    timestamptz[] NOT NULL,
    CONSTRAINT chat_budgets_pkey PRIMARY KEY (account_id)
);

-- Matchmaking (service rules §9.10): seeks, open requests to play that pair with others, and
-- challenges, requests to play addressed to named accounts. Both are rare writes (a few per
-- player a day, never per action): reference tables on Citus (src/eventstore/distribute.rs).

-- A seek: options (a whole `GameOptions`, defaults filled in) and whether the game is rated,
-- whom it admits (ratings, bot accounts), and how it ended. `pool` names the options and
-- `rated` as one text: seeks pair only within one pool. It is open while `ended_at` is null,
-- `expires_at` is ahead, its owner is not deleted and has not started a vacation since it
-- was made (`accounts.vacation_last_started_at`).
CREATE TABLE seeks (
    id          uuid        NOT NULL,
    account_id  uuid        NOT NULL REFERENCES accounts (id),
    pool        text        NOT NULL,
    options     jsonb       NOT NULL,
    rated       boolean     NOT NULL,
    bots        boolean     NOT NULL,
    rating_min  integer,
    rating_max  integer,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    ended_at    timestamptz,
    end_reason  text,
    game_id     uuid,
    CONSTRAINT seeks_pkey PRIMARY KEY (id),
    CONSTRAINT seeks_range_check CHECK (rating_min IS NULL OR rating_max IS NULL
                                        OR rating_min <= rating_max),
    CONSTRAINT seeks_end_check CHECK (
        (ended_at IS NULL AND end_reason IS NULL AND game_id IS NULL)
        OR (end_reason = 'matched' AND ended_at IS NOT NULL AND game_id IS NOT NULL)
        OR (end_reason = 'cancelled' AND ended_at IS NOT NULL AND game_id IS NULL))
);
-- Pairing reads a pool's open seeks, oldest first; the list reads every pool's.
CREATE INDEX seeks_pool_open_idx ON seeks (pool, created_at, id) WHERE ended_at IS NULL;
CREATE INDEX seeks_open_idx ON seeks (created_at, id) WHERE ended_at IS NULL;
CREATE INDEX seeks_account_open_idx ON seeks (account_id) WHERE ended_at IS NULL;

-- When the account last started a vacation, kept after it ends: a seek made before it is
-- dropped for good (service rules §9.10).
ALTER TABLE accounts ADD COLUMN vacation_last_started_at timestamptz;

-- A challenge: its challenger, the game it asks for, its state, and the game it became.
CREATE TABLE challenges (
    id            uuid        NOT NULL,
    challenger_id uuid        NOT NULL REFERENCES accounts (id),
    options       jsonb       NOT NULL,
    rated         boolean     NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    state         text        NOT NULL DEFAULT 'open',
    ended_at      timestamptz,
    game_id       uuid,
    CONSTRAINT challenges_pkey PRIMARY KEY (id),
    CONSTRAINT challenges_state_check CHECK (
        state IN ('open', 'accepted', 'declined', 'cancelled')),
    CONSTRAINT challenges_end_check CHECK ((state = 'open') = (ended_at IS NULL)
                                           AND (state = 'accepted') = (game_id IS NOT NULL))
);
CREATE INDEX challenges_challenger_idx ON challenges (challenger_id, created_at);

-- Whom a challenge asks, and what each answered.
CREATE TABLE challenge_invitees (
    challenge_id uuid        NOT NULL REFERENCES challenges (id),
    account_id   uuid        NOT NULL REFERENCES accounts (id),
    position     smallint    NOT NULL,
    answer       text,
    reason       text,
    answered_at  timestamptz,
    CONSTRAINT challenge_invitees_pkey PRIMARY KEY (challenge_id, account_id),
    CONSTRAINT challenge_invitees_answer_check CHECK (answer IN ('accepted', 'declined')),
    CONSTRAINT challenge_invitees_reason_check CHECK (
        reason IS NULL OR (answer = 'declined' AND reason IN (
            'generic', 'later', 'too_fast', 'too_slow', 'rated', 'casual', 'not_bots')))
);
CREATE INDEX challenge_invitees_account_idx ON challenge_invitees (account_id);

-- New notification kinds: `seek_matched` (a seek paired: the game), `challenge` (a challenge
-- to the account) and `challenge_declined` (an invitee declined the account's challenge).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'your_turn', 'game_started', 'game_ended', 'invited', 'timed_out', 'reminder', 'vacation',
    'chat', 'seek_matched', 'challenge', 'challenge_declined'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_kinds_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_kinds_check CHECK (
    (cardinality(kinds) > 0 OR channel = 'web_push')
    AND kinds <@ ARRAY['your_turn', 'game_started', 'game_ended', 'invited', 'timed_out',
                       'reminder', 'vacation', 'chat', 'seek_matched', 'challenge',
                       'challenge_declined']);
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
    'verify_email', 'password_reset', 'your_turn', 'reminder', 'invited', 'game_over', 'chat',
    'digest', 'seek_matched', 'challenge', 'challenge_declined'));

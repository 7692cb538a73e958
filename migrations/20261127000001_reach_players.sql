-- Reaching players away from the table: an account's address and language, its vacation, the
-- new notification kinds, and the mail queue. Later migrations of the same work refine the
-- tables each part owns.

-- The address mail goes to, its verification, and the language of the mails (accounts is a
-- reference table on Citus: these change rarely, by the account's own requests). An address
-- belongs to at most one account, whatever its case.
ALTER TABLE accounts
    ADD COLUMN email          text,
    ADD COLUMN email_verified boolean NOT NULL DEFAULT false,
    ADD COLUMN language       text    NOT NULL DEFAULT 'en',
    ADD CONSTRAINT accounts_language_check CHECK (language IN ('en', 'fr')),
    ADD CONSTRAINT accounts_email_check CHECK (
        email IS NULL OR (length(email) BETWEEN 3 AND 254 AND email !~ '[[:cntrl:][:space:]]')
    ),
    ADD CONSTRAINT accounts_email_verified_check CHECK (email IS NOT NULL OR NOT email_verified);
CREATE UNIQUE INDEX accounts_email_lower_key ON accounts (lower(email)) WHERE email IS NOT NULL;

-- Vacation (service rules §9): whole days banked as of `vacation_banked_at` (20 to start, one
-- more per 7 days after it, at most 30), and the vacation under way, if any.
ALTER TABLE accounts
    ADD COLUMN vacation_days_banked smallint    NOT NULL DEFAULT 20,
    ADD COLUMN vacation_banked_at   timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN vacation_started_at  timestamptz,
    ADD COLUMN vacation_until       timestamptz,
    ADD CONSTRAINT accounts_vacation_days_check CHECK (vacation_days_banked BETWEEN 0 AND 30),
    ADD CONSTRAINT accounts_vacation_check CHECK (
        (vacation_started_at IS NULL) = (vacation_until IS NULL)
        AND (vacation_until IS NULL OR vacation_until > vacation_started_at)
    );

-- New notification kinds: `reminder` (a clocked decision's time is running out), `vacation`
-- (an opponent went away: their clocks stop) and `chat` (a line at the table).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'your_turn', 'game_started', 'game_ended', 'invited', 'timed_out', 'reminder', 'vacation',
    'chat'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_kinds_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_kinds_check CHECK (
    (cardinality(kinds) > 0 OR channel = 'web_push')
    AND kinds <@ ARRAY['your_turn', 'game_started', 'game_ended', 'invited', 'timed_out',
                       'reminder', 'vacation', 'chat']);

-- The mail queue: one row per mail to send, written in the transaction that decides it (an
-- address set, a reset asked for, a notification fanned out, a digest due); rendered in the
-- account's language and sent by the mail worker, which claims due rows with a lease
-- (`FOR UPDATE SKIP LOCKED`), retries with backoff, and records the result. `id` is the
-- Message-ID's local part. Per account, with its notifications.
CREATE TABLE mail_outbox (
    account_id   uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id           uuid        NOT NULL,
    kind         text        NOT NULL,
    game_id      uuid,
    to_address   text        NOT NULL,
    payload      jsonb       NOT NULL,
    state        text        NOT NULL DEFAULT 'pending',
    attempts     integer     NOT NULL DEFAULT 0,
    run_at       timestamptz NOT NULL DEFAULT now(),
    lease_token  uuid,
    leased_until timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    PRIMARY KEY (account_id, id),
    CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
        'verify_email', 'password_reset', 'your_turn', 'reminder', 'invited', 'game_over', 'chat',
        'digest')),
    CONSTRAINT mail_outbox_state_check CHECK (state IN ('pending', 'sent', 'failed', 'dropped')),
    CONSTRAINT mail_outbox_lease_check CHECK ((lease_token IS NULL) = (leased_until IS NULL))
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (run_at) WHERE state = 'pending';

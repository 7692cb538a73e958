-- The notification outbox (issue 13 §1): one row per notification to an account, written in the
-- transaction of the events that cause it, so a rolled-back action leaves none and a committed
-- one cannot lose its notifications. Ids are per account and strictly increasing: each writer
-- bumps the account's row in `notification_counters` (INSERT ... ON CONFLICT DO UPDATE ...
-- RETURNING), which holds that row locked until commit. A second writer for the same account
-- waits there, so ids are handed out, and become visible, in commit order: a reader that has
-- seen id n never later finds a smaller id appearing (no gaps for SSE resumption). Writers for
-- different accounts never wait on each other; there is no global sequence or lock.
-- A separate narrow table, not a column on `accounts`: the counter is updated on every
-- notification, and a narrow row keeps that churn off the accounts table.
CREATE TABLE notification_counters (
    account_id uuid   PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    last_id    bigint NOT NULL,
    CONSTRAINT notification_counters_last_id_check CHECK (last_id > 0)
);

-- `game_id` has no foreign key (the schema stays distributable by game with Citus; this table
-- is keyed by account). `invited` and `timed_out` are not produced yet (invitations, deadlines).
-- `dispatched_at` is for a delivery worker (webhooks, Web Push): it claims undispatched rows with
-- `FOR UPDATE SKIP LOCKED` through the partial index, queues their deliveries and sets it, in
-- one transaction.
CREATE TABLE notifications (
    account_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id            bigint      NOT NULL,
    kind          text        NOT NULL,
    game_id       uuid,
    payload       jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    dispatched_at timestamptz,
    PRIMARY KEY (account_id, id),
    CONSTRAINT notifications_kind_check
        CHECK (kind IN ('your_turn', 'game_started', 'game_ended', 'invited', 'timed_out'))
);
CREATE INDEX notifications_undispatched_idx ON notifications (created_at)
    WHERE dispatched_at IS NULL;

-- Short-lived, single-use tickets that let a browser's EventSource (which cannot send
-- `Authorization`) open a stream: `?ticket=`. Stored as SHA-256 only; redeemed by deleting the
-- row, so any server process can redeem a ticket exactly once.
CREATE TABLE stream_tickets (
    ticket_hash bytea       PRIMARY KEY,
    account_id  uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    CONSTRAINT stream_tickets_ticket_hash_len CHECK (octet_length(ticket_hash) = 32)
);
CREATE INDEX stream_tickets_expires_at_idx ON stream_tickets (expires_at);

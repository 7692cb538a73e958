-- The game's outbox: what an append tells the seated accounts, written in the append's own
-- statement (or transaction) beside its events. On Citus it is co-located with the game, so an
-- action's transaction touches the game's shard group only and commits on one worker, with no
-- two-phase commit. After the commit the fan-out worker copies each row to its account's
-- notifications (one transaction per account: the counter, the notification, its webhook and
-- Web Push deliveries) and then deletes the rows, in a transaction that holds them locked
-- (`FOR UPDATE SKIP LOCKED`) from its claim to its end.
-- `account_id` is resolved from the seat when the append writes the row. The payload is final
-- (a `your_turn` carries the deadline the append decided).
CREATE TABLE game_outbox (
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    bigint      NOT NULL,
    ord        smallint    NOT NULL,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       text        NOT NULL,
    payload    jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, version, ord)
);
-- For the worker's sweep: rows its wake-up missed (a server killed between an append's commit
-- and its fan-out), oldest first.
CREATE INDEX game_outbox_created_at_idx ON game_outbox (created_at);

-- A notification copied from the outbox names its row: a fan-out done again after a crash
-- finds it written and writes nothing (exactly once; ids stay gapless). Notifications written
-- directly (an invitation's) leave them null.
ALTER TABLE notifications ADD COLUMN game_version bigint, ADD COLUMN ord smallint;
CREATE UNIQUE INDEX notifications_source_key ON notifications (account_id, game_id, game_version, ord)
    WHERE game_version IS NOT NULL;

-- A counter row may now be created at 0 and bumped in the same transaction.
ALTER TABLE notification_counters DROP CONSTRAINT notification_counters_last_id_check;
ALTER TABLE notification_counters ADD CONSTRAINT notification_counters_last_id_check
    CHECK (last_id >= 0);

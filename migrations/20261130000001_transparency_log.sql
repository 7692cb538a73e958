-- The transparency log of finished games (docs/audit.md): one leaf per finished game, appended
-- by the sequencer in order, and the signed tree heads. Both live on the coordinator on Citus
-- (node-local, not distributed): the sequencer is one writer at a time under an advisory lock,
-- and proofs read the leaves in order.
--
-- `games.salt` (32 random bytes, written at creation) hides the head hash a receipt commits to,
-- and is revealed with the finished game's record; games created before it have none.
-- `games.log_index` is the game's leaf, set in the transaction that appends it.
ALTER TABLE games
    ADD COLUMN salt      bytea,
    ADD COLUMN log_index bigint,
    ADD CONSTRAINT games_salt_len CHECK (salt IS NULL OR octet_length(salt) = 32);

-- The sequencer's queue: finished games not yet in the log, oldest first.
CREATE INDEX games_unlogged_idx ON games (finished_at, id)
    WHERE finished_at IS NOT NULL AND log_index IS NULL;

CREATE TABLE transparency_log (
    leaf_index bigint      PRIMARY KEY,
    game_id    uuid        NOT NULL,
    version    bigint      NOT NULL,
    head_hash  bytea       NOT NULL,
    leaf_hash  bytea       NOT NULL,
    logged_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT transparency_log_game_key UNIQUE (game_id),
    CONSTRAINT transparency_log_index_check CHECK (leaf_index >= 0),
    CONSTRAINT transparency_log_head_len CHECK (octet_length(head_hash) = 32),
    CONSTRAINT transparency_log_leaf_len CHECK (octet_length(leaf_hash) = 32)
);

-- Every signed tree head, newest last: a new one whenever the tree grows, and at least hourly.
CREATE TABLE transparency_heads (
    tree_size    bigint NOT NULL,
    timestamp_ms bigint NOT NULL,
    root_hash    bytea  NOT NULL,
    signature    bytea  NOT NULL,
    PRIMARY KEY (tree_size, timestamp_ms),
    CONSTRAINT transparency_heads_root_len CHECK (octet_length(root_hash) = 32),
    CONSTRAINT transparency_heads_signature_len CHECK (octet_length(signature) = 64)
);
CREATE INDEX transparency_heads_latest_idx ON transparency_heads (timestamp_ms DESC);

-- Actions submitted with an idempotency key: the hash of the request and the events it appended
-- (seqs first_seq..=version), written in the transaction that appended them. A repeat with the
-- same request gets the original result; a different request under the same key is refused.
CREATE TABLE idempotency_keys (
    game_id      uuid        NOT NULL REFERENCES games (id),
    account_id   uuid        NOT NULL REFERENCES accounts (id),
    key          text        NOT NULL,
    request_hash text        NOT NULL,
    seat         smallint    NOT NULL,
    first_seq    bigint      NOT NULL,
    version      bigint      NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT idempotency_keys_pkey PRIMARY KEY (game_id, account_id, key),
    CONSTRAINT idempotency_keys_range_check CHECK (1 <= first_seq AND first_seq <= version)
);

-- Webhooks (issue 13 §3): endpoints an account registers, and one delivery job per
-- (endpoint, notification), queued by the delivery worker when it dispatches the outbox.
-- `secret` is the raw HMAC key (the client got it once as `whsec_<base64>`); the server must
-- keep it to sign. `failing_since`: the first failed attempt since the last success; an
-- endpoint failing for too long gets `disabled_at` (shown to its owner in the list).
CREATE TABLE webhook_endpoints (
    id            uuid        PRIMARY KEY,
    account_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url           text        NOT NULL,
    secret        bytea       NOT NULL,
    kinds         text[]      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    failing_since timestamptz,
    disabled_at   timestamptz,
    CONSTRAINT webhook_endpoints_kinds_check CHECK (
        cardinality(kinds) > 0
        AND kinds <@ ARRAY['your_turn', 'game_started', 'game_ended', 'invited', 'timed_out']
    ),
    CONSTRAINT webhook_endpoints_secret_len CHECK (octet_length(secret) = 32)
);
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id, created_at);

-- A delivery is a job: `pending` until a 2xx (`delivered`) or until it has been retried for
-- the configured time (`failed`). Only the oldest pending delivery of an endpoint is attempted
-- (in order per endpoint); the worker claims it by locking its endpoint row
-- (`FOR NO KEY UPDATE ... SKIP LOCKED`) for the attempt and its bookkeeping, one transaction.
-- `message_id` is the Standard Webhooks `webhook-id`, the same on every attempt; `body` the
-- exact bytes signed and sent.
CREATE TABLE webhook_deliveries (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id      uuid        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    message_id       text        NOT NULL,
    kind             text        NOT NULL,
    body             text        NOT NULL,
    state            text        NOT NULL DEFAULT 'pending',
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    first_attempt_at timestamptz,
    finished_at      timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT webhook_deliveries_state_check CHECK (state IN ('pending', 'delivered', 'failed')),
    CONSTRAINT webhook_deliveries_message_key UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, id)
    WHERE state = 'pending';
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
    WHERE state = 'pending';
CREATE INDEX webhook_deliveries_recent_idx ON webhook_deliveries (endpoint_id, id DESC);

-- Every attempt and its result, for `GET /v1/me/webhooks/{id}/deliveries`.
CREATE TABLE webhook_attempts (
    delivery_id  bigint      NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt      integer     NOT NULL,
    attempted_at timestamptz NOT NULL,
    duration_ms  integer     NOT NULL,
    status_code  integer,
    error        text,
    PRIMARY KEY (delivery_id, attempt)
);

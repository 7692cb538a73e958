-- Streams end with their authority. A stream ticket remembers the session (refresh-token
-- family) and the access token it was issued under, so the stream it opens ends when that
-- session is revoked or that token expires; tickets issued before this migration have neither
-- and are bound to no session. Issuing counts an account's live tickets (the per-account cap).
ALTER TABLE stream_tickets
    ADD COLUMN family_id        uuid,
    ADD COLUMN token_expires_at timestamptz;
CREATE INDEX stream_tickets_account_idx ON stream_tickets (account_id, expires_at);

-- One lease per open SSE stream, whichever server process holds it: the per-account cap on
-- concurrent streams counts the leases still fresh. A stream renews its lease on its periodic
-- re-check and deletes it when it ends; the lease of a process killed without a goodbye stops
-- counting once `lease_until` passes.
CREATE TABLE open_streams (
    account_id  uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id          uuid        NOT NULL,
    lease_until timestamptz NOT NULL,
    opened_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, id)
);

-- Access tokens (JWTs) name their session (`sid`, the refresh-token family) and are checked
-- without the database; a revoked session's tokens must still stop at once. Every revocation
-- of a first-party session writes a row here, in its own transaction, kept until the last
-- access token the session could have been issued has expired (`until`); each server process
-- loads the live rows at start and hears new ones on `session_revoked` (`store::revocations`).
CREATE TABLE revoked_sessions (
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    session_id uuid        NOT NULL,
    until      timestamptz NOT NULL,
    PRIMARY KEY (account_id, session_id)
);
CREATE INDEX revoked_sessions_until_idx ON revoked_sessions (until);

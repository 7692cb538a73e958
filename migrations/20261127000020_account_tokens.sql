-- Single-use tokens an account's own requests mail out: the link that verifies an address
-- (24 h) and the link that sets a new password (1 h). Only the token's SHA-256 is kept; the raw
-- token travels once, in the queued mail's payload. `email` is the address the token was sent
-- to: a verification proves that address only. Using a token sets `used_at` (in the same
-- statement that checks it is unused and unexpired), so exactly one request gets through.
CREATE TABLE account_tokens (
    token_hash bytea       PRIMARY KEY,
    purpose    text        NOT NULL,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email      text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    CONSTRAINT account_tokens_token_hash_len CHECK (octet_length(token_hash) = 32),
    CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify_email', 'password_reset')),
    CONSTRAINT account_tokens_expiry_check CHECK (expires_at > created_at)
);
-- Whether an unverified claim on an address is still live (its latest verification token), and
-- retiring an account's other reset tokens once one is used.
CREATE INDEX account_tokens_account_idx ON account_tokens (account_id, purpose, expires_at);

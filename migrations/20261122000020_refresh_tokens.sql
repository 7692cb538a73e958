-- Refresh tokens (sessions): opaque tokens stored only as their SHA-256 hash. Each login starts
-- a family; each refresh retires the presented token and adds its successor to the family.
-- Presenting a retired token revokes the whole family (theft detection, RFC 9700 §4.14.2).
CREATE TABLE refresh_tokens (
    id          uuid        PRIMARY KEY,
    account_id  uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    family_id   uuid        NOT NULL,
    token_hash  bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    -- Set when the token was exchanged for its successor (`replaced_by`).
    retired_at  timestamptz,
    replaced_by uuid,
    -- Set by logout, password change or reuse detection.
    revoked_at  timestamptz,
    CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash),
    CONSTRAINT refresh_tokens_token_hash_len CHECK (octet_length(token_hash) = 32)
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_account_idx ON refresh_tokens (account_id);

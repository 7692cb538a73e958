-- Third-party clients without passwords: personal access tokens and OAuth access tokens
-- (opaque, kept only as their SHA-256), OAuth authorization codes, OAuth sessions as refresh
-- families that name their client, and bot accounts. Placements on Citus are in
-- src/store/distribute.rs (LAYOUT).

-- A bearer token that is not a first-party JWT: a personal access token (`personal`, shown once
-- at creation, `lords_pat_…`) or an OAuth access token (`oauth`, `lords_oat_…`, issued by the
-- token endpoint for the refresh family `family_id`). Looked up by hash on every request that
-- sends one, so distributed on the hash. `scopes` are the scopes it holds; `last_used_at` is
-- advanced at most once a minute.
CREATE TABLE api_tokens (
    token_hash   bytea       PRIMARY KEY,
    id           uuid        NOT NULL,
    account_id   uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind         text        NOT NULL,
    name         text        NOT NULL,
    scopes       text[]      NOT NULL,
    family_id    uuid,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz,
    last_used_at timestamptz,
    CONSTRAINT api_tokens_token_hash_len CHECK (octet_length(token_hash) = 32),
    CONSTRAINT api_tokens_kind_check CHECK (kind IN ('personal', 'oauth')),
    CONSTRAINT api_tokens_family_check CHECK ((kind = 'oauth') = (family_id IS NOT NULL))
);
CREATE INDEX api_tokens_account_idx ON api_tokens (account_id, kind);
CREATE INDEX api_tokens_id_idx ON api_tokens (id);
CREATE INDEX api_tokens_family_idx ON api_tokens (family_id) WHERE family_id IS NOT NULL;

-- An OAuth session is a refresh family whose rows name the client, the scopes granted and the
-- redirect URI approved; first-party sessions (password sign-in) leave them null, and each kind
-- of refresh refuses the other's tokens.
ALTER TABLE refresh_tokens
    ADD COLUMN client_id    text,
    ADD COLUMN scopes       text[],
    ADD COLUMN redirect_uri text,
    ADD CONSTRAINT refresh_tokens_client_check CHECK ((client_id IS NULL) = (scopes IS NULL));

-- An authorization code (60 s, single use), bound to the client, the redirect URI and the PKCE
-- challenge (S256). Exchanging it sets `used_at` and the family it started; presenting it
-- again revokes that family (RFC 6749 §4.1.2). Looked up by hash only.
CREATE TABLE oauth_codes (
    code_hash      bytea       PRIMARY KEY,
    account_id     uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    client_id      text        NOT NULL,
    redirect_uri   text        NOT NULL,
    code_challenge text        NOT NULL,
    scopes         text[]      NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz,
    family_id      uuid,
    CONSTRAINT oauth_codes_code_hash_len CHECK (octet_length(code_hash) = 32)
);
CREATE INDEX oauth_codes_expires_idx ON oauth_codes (expires_at);

-- A bot account (rules: bot accounts): plays through the API with personal tokens holding
-- `bot:play`, never signs in with a password. Set once, for good, on an account that never sat
-- at a game.
ALTER TABLE accounts ADD COLUMN bot_account boolean NOT NULL DEFAULT false;

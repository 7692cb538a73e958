-- What each account wants to be told, and how (`GET`/`PUT /v1/me/notification-settings`), with
-- the mail worker's bookkeeping for that account: how far its notifications were turned into
-- mail (`mail_cursor`), when its next digest is due, and whether its address is failing. One
-- row per account, created with the defaults the first time it is needed; per account on
-- Citus, with its notifications and its mail_outbox, so that turning notifications into mail
-- is one shard's transaction.
CREATE TABLE notification_settings (
    account_id            uuid        NOT NULL PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    -- {"your_turn": {"email": "immediately", "push": true}, ...}: every kind, checked by the API.
    kinds                 jsonb       NOT NULL DEFAULT '{
        "your_turn": {"email": "immediately", "push": true},
        "reminder":  {"email": "immediately", "push": true},
        "invited":   {"email": "immediately", "push": true},
        "game_over": {"email": "off", "push": false},
        "chat":      {"email": "off", "push": false}}',
    digest_hour           smallint    NOT NULL DEFAULT 8,
    time_zone             text        NOT NULL DEFAULT 'UTC',
    -- The last notification id of the account already turned into mail (or passed over).
    mail_cursor           bigint      NOT NULL DEFAULT 0,
    -- When the next digest is due; NULL when no kind is set to `digest`.
    next_digest_at        timestamptz,
    -- The first failed attempt since the last mail that went through.
    mail_failing_from     timestamptz,
    -- Shown to the account: set when a mail is given up (from `mail_failing_from`), cleared by
    -- the next success.
    email_failing_since   timestamptz,
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notification_settings_digest_hour_check CHECK (digest_hour BETWEEN 0 AND 23)
);
CREATE INDEX notification_settings_digest_idx ON notification_settings (next_digest_at)
    WHERE next_digest_at IS NOT NULL;

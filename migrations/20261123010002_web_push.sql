-- Web Push (issue 13 §4): a browser's push subscription is one more kind of endpoint of the
-- delivery pipeline (`channel = 'web_push'`): the same dispatch, claims, retries and record as
-- webhooks; only the sending differs (RFC 8291 encryption to `push_p256dh`/`push_auth`, VAPID).
-- For a subscription `url` is the push service's endpoint and `secret` is unused.
ALTER TABLE webhook_endpoints
    ADD COLUMN channel     text  NOT NULL DEFAULT 'webhook',
    ADD COLUMN push_p256dh bytea,
    ADD COLUMN push_auth   bytea,
    ADD CONSTRAINT webhook_endpoints_channel_check CHECK (channel IN ('webhook', 'web_push')),
    ADD CONSTRAINT webhook_endpoints_push_keys CHECK (
        (channel = 'web_push') = (push_p256dh IS NOT NULL AND push_auth IS NOT NULL)
        AND (push_p256dh IS NULL OR octet_length(push_p256dh) = 65)
        AND (push_auth IS NULL OR octet_length(push_auth) = 16)
    );
CREATE UNIQUE INDEX webhook_endpoints_push_subscription_key ON webhook_endpoints (account_id, url)
    WHERE channel = 'web_push';

-- Keys the server generates once and every server process shares (the VAPID key pair, when
-- LORDS_VAPID_PRIVATE_KEY is not set): the first process to start inserts, the rest read.
CREATE TABLE server_keys (
    name       text        PRIMARY KEY,
    value      bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Deliveries are claimed with a lease instead of a row lock held through the attempt: a short
-- transaction stamps the endpoint with `lease_token` and `leased_until` (the attempt's timeout
-- and a margin), the HTTP attempt runs holding no database connection, and a second short
-- transaction records the result only if the endpoint still carries that token (then clears
-- it). A lease that runs out (its process was killed) makes the endpoint's head delivery
-- claimable again: at least once, in order per endpoint, one attempt per endpoint at a time.
-- `claimed_at` is the endpoint's last claim: the worker serves the account whose last claim
-- is the oldest first (round robin between accounts).
ALTER TABLE webhook_endpoints
    ADD COLUMN lease_token  uuid,
    ADD COLUMN leased_until timestamptz,
    ADD COLUMN claimed_at   timestamptz,
    ADD CONSTRAINT webhook_endpoints_lease_check
        CHECK ((lease_token IS NULL) = (leased_until IS NULL));
CREATE INDEX webhook_endpoints_leased_idx ON webhook_endpoints (account_id, leased_until)
    WHERE leased_until IS NOT NULL;

-- What an attempt's owner is told is only its `result`: `http_status` (with `status_code`),
-- `timeout` or `network_error`. The network stack's error text told apart "connection refused",
-- "connection closed" and the like, which made the record a port scanner: it is dropped.
ALTER TABLE webhook_attempts ADD COLUMN result text;
UPDATE webhook_attempts SET result = CASE
    WHEN status_code IS NOT NULL THEN 'http_status'
    WHEN error LIKE 'timed out%' THEN 'timeout'
    ELSE 'network_error'
END;
ALTER TABLE webhook_attempts
    ALTER COLUMN result SET NOT NULL,
    ADD CONSTRAINT webhook_attempts_result_check CHECK (
        result IN ('http_status', 'timeout', 'network_error')
        AND (result = 'http_status') = (status_code IS NOT NULL)
    ),
    DROP COLUMN error;

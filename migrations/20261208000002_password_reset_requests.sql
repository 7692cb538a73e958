-- Password-reset requests, queued as asked (POST /v1/auth/password-reset): one row for any
-- address, known or not, so the request does the same work either way and its timing does not
-- tell whether an account has the address. The reset worker finds out, issues the link and
-- queues the mail when one has, and deletes the row either way. On Citus: distributed on id,
-- alone (`store::distribute::LAYOUT`).
CREATE TABLE password_reset_requests (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    requested_at timestamptz NOT NULL DEFAULT now()
);

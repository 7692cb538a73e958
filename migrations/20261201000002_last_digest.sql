-- When the account's last digest was queued: a digest is at most one a day (a local calendar
-- day of the account's time zone), even when the account changes its digest hour or its time
-- zone after that day's digest went out. On Citus the column follows the distributed table.
ALTER TABLE notification_settings ADD COLUMN last_digest_at timestamptz;

-- The deadline an action's answer gave (service rules §9.4), so that a repeat of the request
-- answers exactly the same, also once the game has moved on. NULL without a clock.
ALTER TABLE idempotency_keys ADD COLUMN deadline timestamptz;

-- The first-game guide's hints, per account (`GET /v1/me`'s `hints`, `PUT /v1/me/hints`):
-- `{"off": bool, "dismissed": [hint ids], "games": [game ids]}`; `null` until the account
-- first saves one (then the default: hints on, none dismissed, no guide game). On Citus
-- `accounts` is distributed by account: the column goes with its row.
ALTER TABLE accounts ADD COLUMN hints jsonb;

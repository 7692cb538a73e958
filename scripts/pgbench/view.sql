-- A view's SQL with the whole stream: Store::read_game (src/eventstore/reads.rs, READ_GAME: a call of
-- lords_read_game) for a game this process keeps no replay of ($3 = 0: every event comes in the
-- statement's arrays), statement for statement. What a view or legal actions cost without kept
-- replays. (GET /v1/games/{id}?at= reads the stream with Store::load instead.) The read is one call
-- of lords_read_game, outside any transaction (its snapshot is consistent): the games row, whether
-- the caller's account exists, the seats with usernames, the stream's head, the hash of the event
-- at the kept replay's version, the events after it, and the idempotency key's row (none here: the
-- key is NULL).
-- Variables: -D nclients=<clients> -D ngames=<games populated> -D naccounts=<accounts populated>.
-- Ids are those of `lords load populate` (games 00000000-0000-4000-8000-<n>, accounts
-- 00000000-0001-4000-8000-<n>); each client reads its own share of the games. Where the server
-- binds a uuid parameter, this script computes it from :g or :a (a few string operations more
-- per statement than the server asks of PostgreSQL).
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
\set a (:g * 7) % :naccounts
SELECT * FROM lords_read_game(('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid, 0, NULL::text);

-- An action's SQL with the whole stream, without an Idempotency-Key (the load tool sends
-- none): Store::submit → try_submit → append_tx (src/store/events.rs) as it was before the
-- server kept replays (today it reads the head, then the stream only for a game it has no
-- replay of; action-head.sql is the usual case), statement for statement, in one transaction. An action appends 3.8 events of ~60 bytes on average in
-- random 2-player games; this appends 4 real payloads.
-- The append is append_tx's two statements: the games row is updated (and locked) first, then
-- the events go in as one multi-row INSERT … VALUES inside a CTE whose outer SELECT sends the
-- notification. Differences, all in PostgreSQL's favour or neutral: the server computes the next
-- seq and the hash chain in Rust and checks the expected version in the UPDATE; here the UPDATE
-- adds to the version and returns the old head (\gset) for the INSERT's seqs, and the hashes
-- are a constant. Each client appends only to its own games, so no race is lost.
-- Variables: -D nclients=<clients> -D ngames=<games populated> -D naccounts=<accounts populated>
-- and the four payloads (parameters, as the server sends them; pgbench would take the colons of
-- JSON literals for variables):
--   -D 'p1={"type":"recruited","seat":0,"slot":1,"face_up":false,"card":48}'
--   -D 'p2={"type":"recruit_dealt","slot":1,"face_up":false,"card":16}'
--   -D 'p3={"type":"recruit_revealed","slot":2,"card":35}'
--   -D 'p4={"type":"turn_started","turn":1,"seat":1}'
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
\set a (:g * 7) % :naccounts
BEGIN;
SELECT s.seat FROM games g LEFT JOIN game_seats s ON s.game_id = g.id AND s.account_id = ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid WHERE g.id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid;
SELECT seq, event_type, event_version, payload::text AS payload, seat, recorded_at, prev_hash, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid AND seq > 0 ORDER BY seq LIMIT NULL::bigint;
UPDATE games SET version = version + 4, status = 'active', awaiting_seat = 1, winners = NULL, updated_at = now() WHERE id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid RETURNING version - 4 AS head \gset
WITH appended AS (INSERT INTO game_events (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) VALUES (('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, :head + 1, 'recruited', 1, :p1::json, 0::smallint, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea), (('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, :head + 2, 'recruit_dealt', 1, :p2::json, 0::smallint, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea), (('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, :head + 3, 'recruit_revealed', 1, :p3::json, 0::smallint, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea), (('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, :head + 4, 'turn_started', 1, :p4::json, 0::smallint, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea) RETURNING seq) SELECT pg_notify('game_events', ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid::text || ':' || (:head + 4)) FROM appended LIMIT 1;
COMMIT;

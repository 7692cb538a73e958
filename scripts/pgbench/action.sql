-- An action's SQL with the whole stream, without an Idempotency-Key (the load tool sends
-- none): Store::submit → try_submit → append_tx (src/store/events.rs) as it was before the
-- server kept replays (today it reads the head, then the stream only for a game it has no
-- replay of; action-head.sql is the usual case), statement for statement, in one transaction. An action appends 3.8 events of ~60 bytes on average in
-- random 2-player games; this appends 4 real payloads.
-- Differences, all in PostgreSQL's favour or neutral: the server computes the next seq and the
-- hash chain from the stream it read, here the INSERT finds the last event itself (one index
-- probe, same statement) and reuses its hash; the UPDATE adds to the version instead of
-- checking the expected one. Each client appends only to its own games, so no race is lost.
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
INSERT INTO game_events (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) SELECT last.game_id, last.seq + e.i, e.kind, 1, e.payload::json, 0::smallint, last.hash, last.hash FROM (SELECT game_id, seq, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid ORDER BY seq DESC LIMIT 1) AS last, UNNEST(ARRAY[1, 2, 3, 4]::bigint[], ARRAY['recruited', 'recruit_dealt', 'recruit_revealed', 'turn_started']::text[], ARRAY[:p1, :p2, :p3, :p4]::text[]) AS e(i, kind, payload);
UPDATE games SET version = version + 4, status = 'active', awaiting_seat = 1, winners = NULL, updated_at = now() WHERE id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid RETURNING pg_notify('game_events', ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0')) || ':' || :g);
COMMIT;

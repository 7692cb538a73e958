-- What POST /v1/games/{id}/actions sends PostgreSQL when the server's kept replay of the game
-- is current (the acting client's legal-actions request just brought it to the head):
-- Store::submit → try_submit → replay_head + append_tx, statement for statement: the stream's
-- head instead of the stream. Otherwise as action.sql (same differences, same variables).
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
\set a (:g * 7) % :naccounts
BEGIN;
SELECT s.seat FROM games g LEFT JOIN game_seats s ON s.game_id = g.id AND s.account_id = ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid WHERE g.id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid;
SELECT seq, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid ORDER BY seq DESC LIMIT 1;
INSERT INTO game_events (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) SELECT last.game_id, last.seq + e.i, e.kind, 1, e.payload::json, 0::smallint, last.hash, last.hash FROM (SELECT game_id, seq, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid ORDER BY seq DESC LIMIT 1) AS last, UNNEST(ARRAY[1, 2, 3, 4]::bigint[], ARRAY['recruited', 'recruit_dealt', 'recruit_revealed', 'turn_started']::text[], ARRAY[:p1, :p2, :p3, :p4]::text[]) AS e(i, kind, payload);
UPDATE games SET version = version + 4, status = 'active', awaiting_seat = 1, winners = NULL, updated_at = now() WHERE id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid RETURNING pg_notify('game_events', ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0')) || ':' || :g);
COMMIT;

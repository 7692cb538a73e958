-- What GET /v1/games/{id} (current version) and GET .../legal-actions send PostgreSQL when the
-- server's kept replay of the game is current: Store::current → replay_head
-- (src/store/events.rs), statement for statement: the stream's head instead of the stream.
-- (When events were appended since, the events after the kept replay follow the head; when the
-- process has no replay of the game, the whole stream does: view.sql.)
-- Variables: -D nclients=<clients> -D ngames=<games populated>.
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY;
SELECT id, status, options, created_by, version, awaiting_seat, winners, created_at, updated_at FROM games WHERE id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid;
SELECT s.game_id, s.seat, s.account_id, a.username FROM game_seats s JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ANY(ARRAY[('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid]) ORDER BY s.game_id, s.seat;
SELECT seq, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid ORDER BY seq DESC LIMIT 1;
COMMIT;

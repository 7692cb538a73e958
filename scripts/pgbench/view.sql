-- A view's SQL with the whole stream: Store::load (src/store/events.rs), statement for
-- statement: what GET /v1/games/{id}?at= sends, and what a view or legal actions cost before
-- the server kept replays (for a game this process has no replay of, Store::current reads the
-- head then this same stream; view-head.sql is the usual case). Games are those of
-- `lords load populate` (ids 00000000-0000-4000-8000-<n>); each client reads its own share.
-- Variables: -D nclients=<clients> -D ngames=<games populated>.
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY;
SELECT id, status, options, created_by, version, awaiting_seat, winners, created_at, updated_at FROM games WHERE id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid;
SELECT s.game_id, s.seat, s.account_id, a.username FROM game_seats s JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ANY(ARRAY[('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid]) ORDER BY s.game_id, s.seat;
SELECT seq, event_type, event_version, payload::text AS payload, seat, recorded_at, prev_hash, hash FROM game_events WHERE game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid AND seq > 0 ORDER BY seq LIMIT NULL::bigint;
COMMIT;

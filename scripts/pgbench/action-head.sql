-- What POST /v1/games/{id}/actions sends PostgreSQL when the server's kept replay of the game
-- is current (the acting client's legal-actions request just brought it to the head):
-- Store::submit → submit_on_kept (src/play/actions.rs), statement for statement: one
-- statement, the append, with no read before it and no BEGIN or COMMIT (the statement checks
-- what a read would have).
-- Each client appends to one game of its own, as `lords load --scenario actions` plays one game
-- per client, and keeps its version as the server keeps its replay: the first transaction of a
-- client reads the game's head once (-D version=-1 on the command line), every later one knows
-- it (its own last append, whose hashes are this script's constant).
-- Then the append: one call of lords_append (its last migration, sent
-- by append_in in src/eventstore/append.rs outside any transaction, so it commits on its own):
--  1. UPDATE games … WHERE version = expected, and the stream's last event has the hash the
--     server's replay ends with, and the caller's account holds the acting seat and exists:
--     the read model and the next deadline, locking the row (a lost race, or a failed check,
--     updates nothing, and then nothing below is written).
--  2. The events, one insert each. An action appends 3.8 events of ~60 bytes on average in
--     random 2-player games; this appends 4 real payloads, the hashes a constant (the server
--     chains them).
--  3. The game's outbox row of the `your_turn`, its deadline added (the fan-out worker copies it
--     to the account's notifications after the commit: not here); no idempotency key's row
--     (the key is NULL).
--  4. The game's NOTIFY.
-- No Idempotency-Key (the load tool sends none). Each client appends only to its own games, so
-- no race is lost. Payloads are parameters, as the server sends them (pgbench would take the
-- colons of JSON literals for variables):
--   -D 'p1={"type":"recruited","seat":0,"slot":1,"face_up":false,"card":48}'
--   -D 'p2={"type":"recruit_dealt","slot":1,"face_up":false,"card":16}'
--   -D 'p3={"type":"recruit_revealed","slot":2,"card":35}'
--   -D 'p4={"type":"turn_started","turn":1,"seat":1}'
--   -D 'p5={"version":100,"seat":1,"decision":"turn"}'
-- Variables: -D nclients=<clients> -D ngames=<games populated> -D naccounts=<accounts populated>.
-- Ids are those of `lords load populate` (games 00000000-0000-4000-8000-<n>, accounts
-- 00000000-0001-4000-8000-<n>); each client appends to game number client_id. Where the server
-- binds a uuid parameter, this script computes it from :g or :a (a few string operations more
-- per statement than the server asks of PostgreSQL), and where it binds an array, this script
-- builds it with ARRAY[…].
\set g :client_id
\set a (:g * 7) % :naccounts
\if :version < 0
SELECT g.version, encode(h.hash, 'hex') AS hash FROM games g CROSS JOIN LATERAL (SELECT e.hash FROM game_events e WHERE e.game_id = g.id ORDER BY e.seq DESC LIMIT 1) h WHERE g.id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid \gset
\set first :version
\endif
\if :version = :first
SELECT moved, deadline, bot_due FROM lords_append(('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, '{1}'::smallint[], '{your_turn}'::text[], ARRAY[:p5]::text[], :version + 4, 'active', 1::smallint, NULL::smallint[], :version, false, 'clock', 259200::float8, 1, 0::smallint, ARRAY[:version + 1, :version + 2, :version + 3, :version + 4]::bigint[], ARRAY['recruited', 'recruit_dealt', 'recruit_revealed', 'turn_started']::text[], ARRAY[:p1, :p2, :p3, :p4]::text[], ARRAY['\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea]::bytea[], ARRAY['\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea]::bytea[], ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid, NULL::text, NULL::text, 'game_events', ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid::text || ':' || (:version + 4), decode(:hash, 'hex'), NULL::jsonb, NULL::timestamptz);
\else
SELECT moved, deadline, bot_due FROM lords_append(('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid, '{1}'::smallint[], '{your_turn}'::text[], ARRAY[:p5]::text[], :version + 4, 'active', 1::smallint, NULL::smallint[], :version, false, 'clock', 259200::float8, 1, 0::smallint, ARRAY[:version + 1, :version + 2, :version + 3, :version + 4]::bigint[], ARRAY['recruited', 'recruit_dealt', 'recruit_revealed', 'turn_started']::text[], ARRAY[:p1, :p2, :p3, :p4]::text[], ARRAY['\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea]::bytea[], ARRAY['\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea]::bytea[], ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid, NULL::text, NULL::text, 'game_events', ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid::text || ':' || (:version + 4), '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, NULL::jsonb, NULL::timestamptz);
\endif
-- The fan-out of the action's outbox row, as the fan-out worker sends it on one PostgreSQL
-- (src/notify/fanout/claims.rs fan_out_many, for this one game): one statement claims the game's outbox
-- rows (its oldest locked SKIP LOCKED, then the rest), deletes them and numbers them into their
-- accounts' notifications (counter bumped, row inserted, endpoints looked at, one wake-up per
-- account), in a transaction of its own.
BEGIN;
WITH head AS ( SELECT h.game_id FROM unnest(ARRAY[('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid]) AS g(id) CROSS JOIN LATERAL ( SELECT o.game_id FROM game_outbox o WHERE o.game_id = g.id AND (o.version, o.ord) = ( SELECT x.version, x.ord FROM game_outbox x WHERE x.game_id = g.id ORDER BY x.version, x.ord LIMIT 1) FOR UPDATE SKIP LOCKED) h ), claimed AS ( SELECT o.game_id, o.version, o.ord FROM game_outbox o WHERE o.game_id IN (SELECT game_id FROM head) ORDER BY o.game_id, o.version, o.ord LIMIT 500 FOR UPDATE ), taken AS ( DELETE FROM game_outbox d USING claimed c WHERE d.game_id = c.game_id AND d.version = c.version AND d.ord = c.ord RETURNING d.game_id, d.version, d.ord, d.account_id, d.kind, d.payload, d.created_at ), items AS ( SELECT t.* FROM taken t WHERE NOT EXISTS ( SELECT 1 FROM notifications x WHERE x.account_id = t.account_id AND x.game_id = t.game_id AND x.game_version = t.version AND x.ord = t.ord) ), bumped AS ( INSERT INTO notification_counters AS c (account_id, last_id) SELECT account_id, count(*) FROM items GROUP BY account_id ORDER BY account_id ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id RETURNING account_id, last_id ), written AS ( INSERT INTO notifications (account_id, id, kind, game_id, payload, game_version, ord, dispatched_at, created_at) SELECT i.account_id, b.last_id - count(*) OVER w + row_number() OVER (w ORDER BY i.created_at, i.game_id, i.version, i.ord), i.kind, i.game_id, i.payload, i.version, i.ord, now(), i.created_at FROM items i JOIN bumped b USING (account_id) WINDOW w AS (PARTITION BY i.account_id) RETURNING account_id, id, kind, game_id, payload, created_at ), ended AS ( UPDATE account_game_counts c SET unfinished_games = greatest(c.unfinished_games - e.games, 0), bot_games = greatest(c.bot_games - e.bots, 0) FROM (SELECT i.account_id, count(*)::int AS games, (count(*) FILTER (WHERE EXISTS ( SELECT 1 FROM game_seats s WHERE s.game_id = i.game_id AND s.bot IS NOT NULL)))::int AS bots FROM items i WHERE i.kind = 'game_ended' GROUP BY i.account_id) e WHERE c.account_id = e.account_id ), wanted AS ( SELECT w.account_id, w.id, EXISTS ( SELECT 1 FROM webhook_endpoints e WHERE e.account_id = w.account_id AND e.disabled_at IS NULL AND w.kind = ANY (e.kinds)) AS wanted FROM written w ), woken AS ( SELECT account_id, max(id) AS last, bool_or(wanted) AS deliveries FROM wanted GROUP BY account_id ) SELECT w.account_id, w.id, w.kind, w.game_id, w.payload, w.created_at, x.wanted, (SELECT count(pg_notify('notifications', k.account_id::text || ':' || k.last || CASE WHEN k.deliveries THEN ':' || 'deliveries' ELSE '' END)) FROM woken k), (SELECT count(*) FROM taken) FROM written w JOIN wanted x USING (account_id, id) ORDER BY w.account_id, w.id;
COMMIT;
\set version :version + 4

-- What GET /v1/games/{id} (current version) and GET .../legal-actions send PostgreSQL:
-- Store::read_game (src/store/reads.rs, READ_GAME), statement for statement, when the server's
-- kept replay of the game is current (the usual case).
-- The read is one statement, outside any transaction (its snapshot is consistent): the games
-- row, whether the caller's account exists, the seats with usernames, the stream's head, the hash
-- of the event at the kept replay's version, the events after it, and the idempotency key's row
-- (none here: the key is NULL).
-- The kept replay's version ($3) is given here as one beyond every stream: the tail is empty as
-- when the replay is current, and the hash probe at $3 finds nothing (the server's finds one
-- row: one heap fetch more than here, in PostgreSQL's favour).
-- Variables: -D nclients=<clients> -D ngames=<games populated> -D naccounts=<accounts populated>.
-- Ids are those of `lords load populate` (games 00000000-0000-4000-8000-<n>, accounts
-- 00000000-0001-4000-8000-<n>); each client reads its own share of the games. Where the server
-- binds a uuid parameter, this script computes it from :g or :a (a few string operations more
-- per statement than the server asks of PostgreSQL).
\set g :client_id + :nclients * random(0, :ngames / :nclients - 1)
\set a (:g * 7) % :naccounts
SELECT g.id, g.status, g.options, g.created_by, g.version, g.awaiting_seat, g.winners, g.visibility, g.rematch_of, g.rematched_by, g.created_at, g.updated_at, g.due_at, g.due_kind, EXISTS (SELECT 1 FROM accounts c WHERE c.id = ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid AND c.deleted_at IS NULL) AS caller_exists, st.seat_numbers, st.seat_accounts, st.seat_usernames, st.seat_bots, h.seq AS head_seq, h.hash AS head_hash, (SELECT k.hash FROM game_events k WHERE k.game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid AND k.seq = 1000000000) AS known_hash, ev.new_types, ev.new_versions, ev.new_payloads, ik.request_hash AS key_request_hash, ik.seat AS key_seat, ik.first_seq AS key_first_seq, ik.version AS key_version, ik.deadline AS key_deadline FROM games g CROSS JOIN LATERAL (SELECT array_agg(s.seat ORDER BY s.seat) AS seat_numbers, array_agg(s.account_id ORDER BY s.seat) AS seat_accounts, array_agg(a.username ORDER BY s.seat) AS seat_usernames, array_agg(s.bot ORDER BY s.seat) AS seat_bots FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid) st LEFT JOIN LATERAL (SELECT e.seq, e.hash FROM game_events e WHERE e.game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid ORDER BY e.seq DESC LIMIT 1) h ON true CROSS JOIN LATERAL (SELECT array_agg(e.event_type ORDER BY e.seq) AS new_types, array_agg(e.event_version ORDER BY e.seq) AS new_versions, array_agg(e.payload::text ORDER BY e.seq) AS new_payloads FROM game_events e WHERE e.game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid AND e.seq > 1000000000) ev LEFT JOIN LATERAL (SELECT k.request_hash, k.seat, k.first_seq, k.version, k.deadline FROM idempotency_keys k WHERE k.game_id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid AND k.account_id = ('00000000-0001-4000-8000-' || lpad(:a::text, 12, '0'))::uuid AND k.key = NULL::text) ik ON true WHERE g.id = ('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid;

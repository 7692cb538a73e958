-- A finished game's result in the `games` read model, so that every listing can say who came
-- where with which score: `result` is `{"scores": [points by seat], "ranking": [seats, first
-- place first]}` (the engine's `Game::scores` and `Game::ranking` at the end), `null` until the
-- game is finished.
ALTER TABLE games ADD COLUMN result jsonb;

-- The games finished before this column: their result from their `game_ended` event (RULES §7:
-- the scores by seat and the winners) and their resignations (service rules §9.3: a resigned or
-- abandoned seat is ranked after every other), ordered as `Game::ranking` orders: winners first,
-- then the unresigned seats, then the resigned ones, each group by score (highest first), ties
-- by seat. The results are computed first (a materialized CTE), then written: on a database
-- already distributed, Citus refuses an UPDATE whose SET calls a STABLE function on a column.
WITH r AS MATERIALIZED (
    SELECT e.game_id, jsonb_build_object(
        'scores', e.payload::jsonb -> 'scores',
        'ranking', (
            SELECT jsonb_agg(s.seat ORDER BY
                       NOT ((e.payload::jsonb -> 'winners') @> to_jsonb(s.seat)),
                       s.seat = ANY (coalesce(q.resigned, '{}')),
                       (e.payload::jsonb -> 'scores' ->> s.seat)::int DESC,
                       s.seat)
            FROM generate_series(0, jsonb_array_length(e.payload::jsonb -> 'scores') - 1)
                 AS s (seat))) AS result
    FROM game_events e
    LEFT JOIN (SELECT game_id, array_agg((payload::jsonb ->> 'seat')::int) AS resigned
               FROM game_events
               WHERE event_type IN ('seat_resigned', 'seat_abandoned')
               GROUP BY game_id) q ON q.game_id = e.game_id
    WHERE e.event_type = 'game_ended')
UPDATE games g
SET result = r.result
FROM r
WHERE r.game_id = g.id AND g.status = 'finished';

-- `lords_append` (migrations/20261126000002_game_functions.sql) with one more parameter,
-- `p_result`, the `result` column the append brings (`null` until the game is finished);
-- everything else as it was. `lords migrate --distribute` distributes the new function by name,
-- as it did the old one.
DROP FUNCTION lords_append(
    uuid, smallint[], text[], text[], bigint, text, smallint, smallint[], bigint, boolean, text,
    double precision, integer, smallint, bigint[], text[], text[], bytea[], bytea[], uuid, text,
    text, text, text, bytea);

CREATE FUNCTION lords_append(
    p_game uuid,
    p_seats smallint[], p_kinds text[], p_payloads text[],
    p_version bigint, p_status text, p_awaiting smallint, p_winners smallint[],
    p_expected bigint, p_keep_deadline boolean, p_due text, p_due_seconds double precision,
    p_event_version integer, p_seat smallint,
    p_seqs bigint[], p_event_types text[], p_event_payloads text[], p_prevs bytea[],
    p_hashes bytea[],
    p_account uuid, p_key text, p_request_hash text,
    p_channel text, p_channel_payload text,
    p_head_hash bytea, p_result jsonb,
    OUT moved boolean, OUT deadline timestamptz, OUT bot_due boolean)
LANGUAGE plpgsql AS $$
DECLARE
    seat_numbers smallint[];
    seat_accounts uuid[];
    seat_bots boolean[];
    awaited integer;
    head bytea;
    account_live boolean;
    fraction text;
    deadline_text text;
BEGIN
    moved := false;
    SELECT array_agg(s.seat ORDER BY s.seat), array_agg(s.account_id ORDER BY s.seat),
           array_agg(s.bot IS NOT NULL ORDER BY s.seat)
    INTO seat_numbers, seat_accounts, seat_bots
    FROM game_seats s WHERE s.game_id = p_game;
    IF p_expected > 0 THEN
        SELECT h.hash INTO head FROM game_events h
        WHERE h.game_id = p_game AND h.seq = p_expected;
        IF head IS DISTINCT FROM p_head_hash THEN
            RETURN;
        END IF;
    END IF;
    IF p_account IS NOT NULL THEN
        SELECT c.deleted_at IS NULL INTO account_live FROM accounts c WHERE c.id = p_account;
        IF p_seat IS NULL OR account_live IS NOT TRUE
           OR seat_accounts[array_position(seat_numbers, p_seat)] IS DISTINCT FROM p_account THEN
            RETURN;
        END IF;
    END IF;
    IF p_key IS NOT NULL THEN
        PERFORM FROM idempotency_keys k
        WHERE k.game_id = p_game AND k.account_id = p_account AND k.key = p_key;
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;
    awaited := array_position(seat_numbers, p_awaiting);

    UPDATE games SET version = p_version, status = p_status, awaiting_seat = p_awaiting,
                     winners = p_winners, result = p_result, updated_at = now(),
                     due_at = (ARRAY[now(), due_at, now() + make_interval(secs => p_due_seconds)])[
                              CASE WHEN p_due IS NULL THEN NULL
                                   WHEN p_due = 'bot' OR coalesce(seat_bots[awaited], false) THEN 1
                                   WHEN p_due = 'unclocked' THEN NULL
                                   WHEN p_keep_deadline AND due_kind = 'clock' THEN 2
                                   ELSE 3 END],
                     due_kind = CASE WHEN p_due IS NULL THEN NULL
                                     WHEN p_due = 'bot' OR coalesce(seat_bots[awaited], false)
                                          THEN 'bot'
                                     WHEN p_due = 'unclocked' THEN NULL
                                     ELSE 'clock' END
    WHERE id = p_game AND version = p_expected
    RETURNING CASE WHEN due_kind = 'clock' THEN due_at END, due_kind = 'bot'
    INTO deadline, bot_due;
    moved := FOUND;
    IF NOT moved THEN
        RETURN;
    END IF;

    FOR i IN 1 .. coalesce(array_length(p_seqs, 1), 0) LOOP
        INSERT INTO game_events
            (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash)
        VALUES (p_game, p_seqs[i], p_event_types[i], p_event_version, p_event_payloads[i]::json,
                p_seat, p_prevs[i], p_hashes[i]);
    END LOOP;

    IF p_key IS NOT NULL THEN
        INSERT INTO idempotency_keys
            (game_id, account_id, key, request_hash, seat, first_seq, version, deadline)
        VALUES (p_game, p_account, p_key, p_request_hash, p_seat, p_expected + 1, p_version,
                lords_append.deadline);
    END IF;

    IF coalesce(array_length(p_seats, 1), 0) > 0 THEN
        fraction := to_char(deadline AT TIME ZONE 'UTC', 'US');
        deadline_text := to_char(deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS')
                         || CASE WHEN fraction = '000000' THEN ''
                                 WHEN fraction LIKE '%000' THEN '.' || left(fraction, 3)
                                 ELSE '.' || fraction END
                         || 'Z';
        FOR i IN 1 .. array_length(p_seats, 1) LOOP
            CONTINUE WHEN seat_accounts[array_position(seat_numbers, p_seats[i])] IS NULL;
            INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload)
            VALUES (p_game, p_version, i, seat_accounts[array_position(seat_numbers, p_seats[i])],
                    p_kinds[i],
                    CASE WHEN p_kinds[i] = 'your_turn'
                         THEN p_payloads[i]::jsonb || jsonb_build_object('deadline', deadline_text)
                         ELSE p_payloads[i]::jsonb END);
        END LOOP;
    END IF;

    IF p_channel IS NOT NULL THEN
        PERFORM pg_notify(p_channel, p_channel_payload);
    END IF;
END
$$;

-- `lords_read_game` (the same migration) returns the `result` column with the rest of the
-- `games` row; everything else as it was.
DROP FUNCTION lords_read_game(uuid, uuid, bigint, text);

CREATE FUNCTION lords_read_game(p_game uuid, p_account uuid, p_after bigint, p_key text)
RETURNS TABLE (
    id uuid, status text, options jsonb, created_by uuid, version bigint,
    awaiting_seat smallint, winners smallint[], visibility text, rematch_of uuid,
    rematched_by uuid, created_at timestamptz, updated_at timestamptz, due_at timestamptz,
    due_kind text, result jsonb,
    caller_exists boolean,
    seat_numbers smallint[], seat_accounts uuid[], seat_usernames text[], seat_bots text[],
    head_seq bigint, head_hash bytea, known_hash bytea,
    new_types text[], new_versions integer[], new_payloads text[],
    key_request_hash text, key_seat smallint, key_first_seq bigint, key_version bigint,
    key_deadline timestamptz)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
    known_ids uuid[];
    known_names text[];
    account uuid;
BEGIN
    SELECT g.id, g.status, g.options, g.created_by, g.version, g.awaiting_seat, g.winners,
           g.visibility, g.rematch_of, g.rematched_by, g.created_at, g.updated_at, g.due_at,
           g.due_kind, g.result
    INTO id, status, options, created_by, version, awaiting_seat, winners, visibility,
         rematch_of, rematched_by, created_at, updated_at, due_at, due_kind, result
    FROM games g WHERE g.id = p_game;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT array_agg(s.seat ORDER BY s.seat), array_agg(s.account_id ORDER BY s.seat),
           array_agg(s.bot ORDER BY s.seat)
    INTO seat_numbers, seat_accounts, seat_bots
    FROM game_seats s WHERE s.game_id = p_game;
    -- The seated accounts and the caller, in one read.
    SELECT array_agg(a.id), array_agg(a.username),
           coalesce(bool_or(a.id = p_account AND a.deleted_at IS NULL), false)
    INTO known_ids, known_names, caller_exists
    FROM accounts a WHERE a.id = ANY (coalesce(seat_accounts, '{}') || p_account);
    IF seat_accounts IS NOT NULL THEN
        seat_usernames := '{}';
        FOREACH account IN ARRAY seat_accounts LOOP
            seat_usernames := seat_usernames || known_names[array_position(known_ids, account)];
        END LOOP;
    END IF;

    SELECT e.seq, e.hash INTO head_seq, head_hash
    FROM game_events e WHERE e.game_id = p_game ORDER BY e.seq DESC LIMIT 1;
    SELECT k.hash INTO known_hash FROM game_events k WHERE k.game_id = p_game AND k.seq = p_after;
    IF p_after < coalesce(head_seq, 0) THEN
        SELECT array_agg(e.event_type ORDER BY e.seq), array_agg(e.event_version ORDER BY e.seq),
               array_agg(e.payload::text ORDER BY e.seq)
        INTO new_types, new_versions, new_payloads
        FROM game_events e WHERE e.game_id = p_game AND e.seq > p_after;
    END IF;

    IF p_key IS NOT NULL THEN
        SELECT k.request_hash, k.seat, k.first_seq, k.version, k.deadline
        INTO key_request_hash, key_seat, key_first_seq, key_version, key_deadline
        FROM idempotency_keys k
        WHERE k.game_id = p_game AND k.account_id = p_account AND k.key = p_key;
    END IF;
    RETURN NEXT;
END
$$;

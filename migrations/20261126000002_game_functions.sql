-- The two calls of every action, as database functions: so that each is one statement on plain
-- PostgreSQL, and on Citus one call that the coordinator hands whole to the game's worker
-- (`create_distributed_function`, distributed by the game, the first argument, and co-located
-- with `games`, by `lords migrate --distribute`). On the worker each statement inside reads or
-- writes one table by the game's id (Citus's fast path), planned once and kept.

-- An append (src/store/append.rs): the read model's update with its checks, the events, the
-- idempotency key and the game's outbox rows, all or nothing, and all in the game's rows. One
-- function, so that an action is one statement on plain PostgreSQL, and on Citus one call that
-- the coordinator hands whole to the game's worker (`create_distributed_function`, distributed
-- by `p_game` and co-located with `games`, by `lords migrate --distribute`): the worker runs
-- it as a local transaction, with no two-phase commit and no statement planned twice.
--
-- 1. The checks, each a read of one table by the game's id (Citus's fast path: on the worker,
--    planned once and kept): the game's seats, the stream's event at `p_expected` has hash
--    `p_head_hash` (which chains every payload: the caller's replay is this stream's),
--    `p_account` still holds `p_seat` and is not deleted, and the key is not stored yet (a
--    repeat is answered from the stored key, not refused by its unique index). A check that
--    fails writes nothing: `moved = false`.
-- 2. The read model moves, only if the game is still at `p_expected`. That locks the game's
--    row, so a racing append waits for it and then finds the version moved on: a lost race is
--    `moved = false` too, and nothing is written. The checks are read before the lock, as the
--    subqueries of one statement would be; the event they read never changes, and every
--    append moves the version. The deadline is picked out of an array, not written as a
--    `CASE` of `now()`s, which Citus refuses. A bot's awaited seat is due at once
--    (`due_kind` 'bot', whatever the clock).
-- 3. The events, chained by the caller, one insert each.
-- 4. The key's row, when there is one.
-- 5. The outbox's rows, one per notification to a seated account, a `your_turn` given the
--    deadline decided in 2, in the format the API writes times in (RFC 3339 in UTC with `Z`,
--    and 0, 3 or 6 digits of fraction, as few as it needs: chrono's serde format). The fan-out
--    worker numbers them into each account's notifications after the commit.
-- 6. The game's NOTIFY, when `p_channel` is given: on plain PostgreSQL, where the servers
--    listen. On Citus they listen on the coordinator, which sends it itself.
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
    p_head_hash bytea,
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
                     winners = p_winners, updated_at = now(),
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

-- Everything a read of a game needs (src/store/reads.rs, `Store::read_game`), as one row: the
-- `games` row, whether the caller's account exists and is not deleted (the bearer token is only
-- checked for its signature before), the seats with their usernames, the stream's head, the hash
-- of the event at `p_after` (the version of the caller's kept replay, to prove the replay is
-- this stream's), the events after `p_after` (none when the replay is current) and, for an
-- action, the idempotency key `p_key`'s row. No row: no such game. `STABLE`, so that every
-- statement in it reads the one snapshot of the call: the row is consistent, with no
-- transaction.
CREATE FUNCTION lords_read_game(p_game uuid, p_account uuid, p_after bigint, p_key text)
RETURNS TABLE (
    id uuid, status text, options jsonb, created_by uuid, version bigint,
    awaiting_seat smallint, winners smallint[], visibility text, rematch_of uuid,
    rematched_by uuid, created_at timestamptz, updated_at timestamptz, due_at timestamptz,
    due_kind text,
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
           g.due_kind
    INTO id, status, options, created_by, version, awaiting_seat, winners, visibility,
         rematch_of, rematched_by, created_at, updated_at, due_at, due_kind
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

-- An append (src/store/append.rs): the read model's update with its checks, the events, the
-- idempotency key and the game's outbox rows, all or nothing, and all in the game's rows. One
-- function, so that an action is one statement on plain PostgreSQL, and on Citus one call that
-- the coordinator hands whole to the game's worker (`create_distributed_function`, distributed
-- by `p_game` and co-located with `games`, by `lords migrate --distribute`): the worker runs
-- it as a local transaction, with no two-phase commit and no statement planned twice.
--
-- 1. The read model moves first, only if the game is at `p_expected`, the stream's last event
--    is still `p_head_hash` (which chains every payload: the caller's replay is this stream's),
--    `p_account` still holds `p_seat` and is not deleted, and the key is not stored yet (a
--    repeat is answered from the stored key, not refused by its unique index). It locks the
--    game's row, so a racing append waits for it and then finds the version moved on: a lost
--    race, like a failed check, is `moved = false`, and nothing at all is written. The deadline
--    is picked out of an array, not written as a `CASE` of `now()`s, which Citus refuses.
--    A bot's awaited seat is due at once (`due_kind` 'bot', whatever the clock).
-- 2. The events, chained by the caller, one insert each (each a single-shard insert on Citus).
-- 3. The key's row, when there is one.
-- 4. The outbox's rows, one per notification to a seated account, a `your_turn` given the
--    deadline decided in 1, in the format the API writes times in (RFC 3339 in UTC with `Z`,
--    and 0, 3 or 6 digits of fraction, as few as it needs: chrono's serde format). The fan-out
--    worker numbers them into each account's notifications after the commit.
-- 5. The game's NOTIFY, when `p_channel` is given: on plain PostgreSQL, where the servers
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
    bot_awaited boolean;
    fraction text;
    deadline_text text;
BEGIN
    bot_awaited := EXISTS (SELECT 1 FROM game_seats s
                           WHERE s.game_id = p_game AND s.seat = p_awaiting AND s.bot IS NOT NULL);
    UPDATE games SET version = p_version, status = p_status, awaiting_seat = p_awaiting,
                     winners = p_winners, updated_at = now(),
                     due_at = (ARRAY[now(), due_at, now() + make_interval(secs => p_due_seconds)])[
                              CASE WHEN p_due IS NULL THEN NULL
                                   WHEN p_due = 'bot' OR bot_awaited THEN 1
                                   WHEN p_due = 'unclocked' THEN NULL
                                   WHEN p_keep_deadline AND due_kind = 'clock' THEN 2
                                   ELSE 3 END],
                     due_kind = CASE WHEN p_due IS NULL THEN NULL
                                     WHEN p_due = 'bot' OR bot_awaited THEN 'bot'
                                     WHEN p_due = 'unclocked' THEN NULL
                                     ELSE 'clock' END
    WHERE id = p_game AND version = p_expected
      AND (p_expected = 0 OR EXISTS (
           SELECT 1 FROM game_events h
           WHERE h.game_id = p_game AND h.seq = p_expected AND h.hash = p_head_hash))
      AND (p_account IS NULL OR (
           EXISTS (SELECT 1 FROM game_seats s
                   WHERE s.game_id = p_game AND s.seat = p_seat AND s.account_id = p_account)
           AND EXISTS (SELECT 1 FROM accounts c WHERE c.id = p_account AND c.deleted_at IS NULL)))
      AND (p_key IS NULL OR NOT EXISTS (
           SELECT 1 FROM idempotency_keys k
           WHERE k.game_id = p_game AND k.account_id = p_account AND k.key = p_key))
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
        INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload)
        SELECT s.game_id, p_version, i.ord, s.account_id, i.kind,
               CASE WHEN i.kind = 'your_turn'
                    THEN i.payload::jsonb || jsonb_build_object('deadline', deadline_text)
                    ELSE i.payload::jsonb END
        FROM game_seats s
        JOIN unnest(p_seats, p_kinds, p_payloads) WITH ORDINALITY AS i(seat, kind, payload, ord)
             ON s.seat = i.seat
        WHERE s.game_id = p_game AND s.account_id IS NOT NULL;
    END IF;

    IF p_channel IS NOT NULL THEN
        PERFORM pg_notify(p_channel, p_channel_payload);
    END IF;
END
$$;

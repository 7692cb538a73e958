-- `lords_append` (migrations/20261127000030_vacation_clock.sql) also sets `games.finished_at`
-- when the game's status becomes `finished`, in the transaction that appends its end. Same
-- signature, so the function keeps its distribution on Citus. Everything else as it was.
-- (Citus wants no now() inside a CASE in distributed DML: the CASE picks an array element.)
CREATE OR REPLACE FUNCTION lords_append(
    p_game uuid,
    p_seats smallint[], p_kinds text[], p_payloads text[],
    p_version bigint, p_status text, p_awaiting smallint, p_winners smallint[],
    p_expected bigint, p_keep_deadline boolean, p_due text, p_due_seconds double precision,
    p_event_version integer, p_seat smallint,
    p_seqs bigint[], p_event_types text[], p_event_payloads text[], p_prevs bytea[],
    p_hashes bytea[],
    p_account uuid, p_key text, p_request_hash text,
    p_channel text, p_channel_payload text,
    p_head_hash bytea, p_result jsonb, p_clock_from timestamptz,
    OUT moved boolean, OUT deadline timestamptz, OUT bot_due boolean, OUT remind timestamptz)
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
    fresh timestamptz;
    lead interval;
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
    -- A fresh clock starts now, or when the awaited seat's vacation ends (service rules §9.6);
    -- its reminder comes 12 hours before the deadline, or at 90% of the limit when that is
    -- sooner (a short clock).
    fresh := greatest(now(), p_clock_from) + make_interval(secs => p_due_seconds);
    lead := least(interval '12 hours', make_interval(secs => p_due_seconds / 10));

    UPDATE games SET version = p_version, status = p_status, awaiting_seat = p_awaiting,
                     winners = p_winners, result = p_result, updated_at = now(),
                     finished_at = (ARRAY[finished_at, now()])[
                              CASE WHEN p_status = 'finished' AND finished_at IS NULL THEN 2
                                   ELSE 1 END],
                     remind_at = (ARRAY[NULL, remind_at, fresh - lead])[
                              CASE WHEN p_due IS NULL THEN 1
                                   WHEN p_due = 'bot' OR coalesce(seat_bots[awaited], false) THEN 1
                                   WHEN p_due = 'unclocked' THEN 1
                                   WHEN p_keep_deadline AND due_kind = 'clock' THEN 2
                                   ELSE 3 END],
                     due_at = (ARRAY[now(), due_at, fresh])[
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
    RETURNING CASE WHEN due_kind = 'clock' THEN due_at END, due_kind = 'bot', remind_at
    INTO deadline, bot_due, remind;
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

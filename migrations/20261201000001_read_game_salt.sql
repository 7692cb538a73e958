-- `lords_read_game` (migrations/20261129002001_read_game_bot_accounts.sql) also returns the
-- game's salt (`games.salt`, migrations/20261130000001_transparency_log.sql), so that a view
-- shown to a seated player carries its signed receipt with no other read. The salt never leaves
-- the server before the game ends. Everything else as it was; a new column changes the
-- function's result type, so it is dropped and created again (`lords migrate --distribute`
-- distributes it by name, as it did the old one).
DROP FUNCTION lords_read_game(uuid, uuid, bigint, text);

CREATE FUNCTION lords_read_game(p_game uuid, p_account uuid, p_after bigint, p_key text)
RETURNS TABLE (
    id uuid, status text, options jsonb, created_by uuid, version bigint,
    awaiting_seat smallint, winners smallint[], visibility text, rematch_of uuid,
    rematched_by uuid, created_at timestamptz, updated_at timestamptz, due_at timestamptz,
    due_kind text, result jsonb, rated boolean, salt bytea,
    caller_exists boolean,
    seat_numbers smallint[], seat_accounts uuid[], seat_usernames text[], seat_bots text[],
    seat_bot_accounts boolean[],
    head_seq bigint, head_hash bytea, known_hash bytea,
    new_types text[], new_versions integer[], new_payloads text[],
    key_request_hash text, key_seat smallint, key_first_seq bigint, key_version bigint,
    key_deadline timestamptz)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
    known_ids uuid[];
    known_names text[];
    known_bots boolean[];
    account uuid;
BEGIN
    SELECT g.id, g.status, g.options, g.created_by, g.version, g.awaiting_seat, g.winners,
           g.visibility, g.rematch_of, g.rematched_by, g.created_at, g.updated_at, g.due_at,
           g.due_kind, g.result, g.rated, g.salt
    INTO id, status, options, created_by, version, awaiting_seat, winners, visibility,
         rematch_of, rematched_by, created_at, updated_at, due_at, due_kind, result, rated, salt
    FROM games g WHERE g.id = p_game;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT array_agg(s.seat ORDER BY s.seat), array_agg(s.account_id ORDER BY s.seat),
           array_agg(s.bot ORDER BY s.seat)
    INTO seat_numbers, seat_accounts, seat_bots
    FROM game_seats s WHERE s.game_id = p_game;
    -- The seated accounts and the caller, in one read.
    SELECT array_agg(a.id), array_agg(a.username), array_agg(a.bot_account),
           coalesce(bool_or(a.id = p_account AND a.deleted_at IS NULL), false)
    INTO known_ids, known_names, known_bots, caller_exists
    FROM accounts a WHERE a.id = ANY (coalesce(seat_accounts, '{}') || p_account);
    IF seat_accounts IS NOT NULL THEN
        seat_usernames := '{}';
        seat_bot_accounts := '{}';
        FOREACH account IN ARRAY seat_accounts LOOP
            seat_usernames := seat_usernames || known_names[array_position(known_ids, account)];
            seat_bot_accounts := seat_bot_accounts
                || coalesce(known_bots[array_position(known_ids, account)], false);
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

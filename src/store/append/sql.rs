//! The SQL of an append: the read model's update with its checks, the events, the outbox and
//! the key as data-modifying CTEs of one statement, and the update alone for Citus.

/// The parts of [`APPEND`], as macros so that `concat!` can put them together. This first one is
/// the read model's update with its checks, which is also, alone, the first statement of an
/// append on Citus ([`APPEND_MOVE`]).
///
/// Parameters: `$1` the game, `$2`–`$4` the notifications' seats, kinds and payloads, `$5` their
/// channel; `$6`–`$13` the read model (`$10` the expected version, `$12`/`$13` the clock's kind
/// and seconds for the awaited decision); `$14`–`$20` the events; `$21`–`$23` the account, the
/// key and its request's hash; `$24`/`$25` the game's channel and payload; `$26` the hash the
/// stream must end with.
macro_rules! moved_update {
    () => {
        "\
    UPDATE games SET version = $6, status = $7, awaiting_seat = $8, winners = $9, \
                     updated_at = now(), \
                     due_at = (ARRAY[now(), due_at, now() + make_interval(secs => $13)])[ \
                              CASE WHEN $12::text IS NULL THEN NULL \
                                   WHEN $12 = 'bot' OR EXISTS ( \
                                        SELECT 1 FROM game_seats s \
                                        WHERE s.game_id = $1 AND s.seat = $8 \
                                          AND s.bot IS NOT NULL) THEN 1 \
                                   WHEN $12 = 'unclocked' THEN NULL \
                                   WHEN $11 AND due_kind = 'clock' THEN 2 \
                                   ELSE 3 END], \
                     due_kind = CASE WHEN $12::text IS NULL THEN NULL \
                                     WHEN $12 = 'bot' OR EXISTS ( \
                                          SELECT 1 FROM game_seats s \
                                          WHERE s.game_id = $1 AND s.seat = $8 \
                                            AND s.bot IS NOT NULL) THEN 'bot' \
                                     WHEN $12 = 'unclocked' THEN NULL \
                                     ELSE 'clock' END \
    WHERE id = $1 AND version = $10 \
      AND ($10 = 0 OR EXISTS ( \
           SELECT 1 FROM game_events h WHERE h.game_id = $1 AND h.seq = $10 AND h.hash = $26)) \
      AND ($21::uuid IS NULL OR ( \
           EXISTS (SELECT 1 FROM game_seats s \
                   WHERE s.game_id = $1 AND s.seat = $15 AND s.account_id = $21) \
           AND EXISTS (SELECT 1 FROM accounts c WHERE c.id = $21 AND c.deleted_at IS NULL))) \
      AND ($22::text IS NULL OR NOT EXISTS ( \
           SELECT 1 FROM idempotency_keys k \
           WHERE k.game_id = $1 AND k.account_id = $21 AND k.key = $22)) \
    RETURNING CASE WHEN due_kind = 'clock' THEN due_at END AS deadline, \
              due_kind = 'bot' AS bot_due"
    };
}

/// [`moved_update`] as the first CTE of [`APPEND`].
macro_rules! moved_cte {
    () => {
        concat!("moved AS (", moved_update!(), ")")
    };
}

/// The events, from arrays, chained by the caller; only if `moved` updated the game.
macro_rules! appended_cte {
    () => {
        "\
appended AS ( \
    INSERT INTO game_events \
        (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) \
    SELECT $1, e.seq, e.kind, $14, e.payload::json, $15, e.prev, e.hash \
    FROM moved, unnest($16::bigint[], $17::text[], $18::text[], $19::bytea[], $20::bytea[]) \
         AS e(seq, kind, payload, prev, hash) \
    RETURNING seq \
)"
    };
}

/// The notifications, numbered per account, a `your_turn` given `moved`'s deadline in the
/// format the API writes times in (RFC 3339 in UTC with `Z`, and 0, 3 or 6 digits of fraction,
/// as few as it needs: chrono's serde format).
macro_rules! outbox_ctes {
    () => {
        "\
input AS ( \
    SELECT s.account_id, i.kind, i.payload, i.ord \
    FROM unnest($2::smallint[], $3::text[], $4::text[]) WITH ORDINALITY \
         AS i(seat, kind, payload, ord) \
    JOIN game_seats s ON s.game_id = $1 AND s.seat = i.seat AND s.account_id IS NOT NULL \
), bumped AS ( \
    INSERT INTO notification_counters AS c (account_id, last_id) \
    SELECT account_id, count(*) FROM input WHERE EXISTS (SELECT 1 FROM moved) \
    GROUP BY account_id ORDER BY account_id \
    ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id \
    RETURNING account_id, last_id \
), written AS ( \
    INSERT INTO notifications (account_id, id, kind, game_id, payload) \
    SELECT i.account_id, b.last_id - count(*) OVER w + row_number() OVER (w ORDER BY i.ord), \
           i.kind, $1, \
           CASE WHEN i.kind = 'your_turn' \
                THEN i.payload::jsonb || jsonb_build_object('deadline', \
                     to_char(m.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24\":\"MI\":\"SS') \
                     || CASE WHEN f.us = '000000' THEN '' \
                             WHEN f.us LIKE '%000' THEN '.' || left(f.us, 3) \
                             ELSE '.' || f.us END \
                     || 'Z') \
                ELSE i.payload::jsonb END \
    FROM input i JOIN bumped b USING (account_id) \
    CROSS JOIN moved m CROSS JOIN LATERAL (SELECT to_char(m.deadline AT TIME ZONE 'UTC', 'US') AS us) f \
    WINDOW w AS (PARTITION BY i.account_id) \
    RETURNING account_id, id \
)"
    };
}

/// The idempotency key's row, when there is one.
macro_rules! keyed_cte {
    () => {
        "\
keyed AS ( \
    INSERT INTO idempotency_keys \
        (game_id, account_id, key, request_hash, seat, first_seq, version, deadline) \
    SELECT $1, $21, $22, $23, $15, $10 + 1, $6, m.deadline FROM moved m \
    WHERE $22::text IS NOT NULL \
)"
    };
}

/// The statement of [`super::append_in`] on one PostgreSQL.
pub(super) const APPEND: &str = concat!(
    "WITH ",
    moved_cte!(),
    ", ",
    appended_cte!(),
    ", ",
    outbox_ctes!(),
    ", ",
    keyed_cte!(),
    " SELECT m.deadline, m.bot_due, pg_notify($24, $25), \
            (SELECT count(pg_notify($5, w.account_id::text || ':' || w.id)) FROM written w) \
     FROM moved m"
);

/// On Citus, the first of [`super::append_in`]'s statements ([`super::routed::append_routed`]): the read model's
/// update alone, with [`APPEND`]'s parameters (those it does not use are bound all the same).
pub(super) const APPEND_MOVE: &str = moved_update!();

//! The SQL of an append: the read model's update with its checks, the events, the outbox and
//! the key as data-modifying CTEs of one statement, and the update alone for Citus.

/// The parts of [`APPEND`], as macros so that `concat!` can put them together. This first one is
/// the read model's update with its checks, which is also, alone, the first statement of an
/// append on Citus ([`APPEND_MOVE`]).
///
/// Parameters: `$1` the game, `$2`–`$4` the notifications' seats, kinds and payloads;
/// `$5`–`$12` the read model (`$9` the expected version, `$11`/`$12` the clock's kind and
/// seconds for the awaited decision); `$13`–`$19` the events; `$20`–`$22` the account, the key
/// and its request's hash; `$23`/`$24` the game's channel and payload; `$25` the hash the stream
/// must end with.
macro_rules! moved_update {
    () => {
        "\
    UPDATE games SET version = $5, status = $6, awaiting_seat = $7, winners = $8, \
                     updated_at = now(), \
                     due_at = (ARRAY[now(), due_at, now() + make_interval(secs => $12)])[ \
                              CASE WHEN $11::text IS NULL THEN NULL \
                                   WHEN $11 = 'bot' OR EXISTS ( \
                                        SELECT 1 FROM game_seats s \
                                        WHERE s.game_id = $1 AND s.seat = $7 \
                                          AND s.bot IS NOT NULL) THEN 1 \
                                   WHEN $11 = 'unclocked' THEN NULL \
                                   WHEN $10 AND due_kind = 'clock' THEN 2 \
                                   ELSE 3 END], \
                     due_kind = CASE WHEN $11::text IS NULL THEN NULL \
                                     WHEN $11 = 'bot' OR EXISTS ( \
                                          SELECT 1 FROM game_seats s \
                                          WHERE s.game_id = $1 AND s.seat = $7 \
                                            AND s.bot IS NOT NULL) THEN 'bot' \
                                     WHEN $11 = 'unclocked' THEN NULL \
                                     ELSE 'clock' END \
    WHERE id = $1 AND version = $9 \
      AND ($9 = 0 OR EXISTS ( \
           SELECT 1 FROM game_events h WHERE h.game_id = $1 AND h.seq = $9 AND h.hash = $25)) \
      AND ($20::uuid IS NULL OR ( \
           EXISTS (SELECT 1 FROM game_seats s \
                   WHERE s.game_id = $1 AND s.seat = $14 AND s.account_id = $20) \
           AND EXISTS (SELECT 1 FROM accounts c WHERE c.id = $20 AND c.deleted_at IS NULL))) \
      AND ($21::text IS NULL OR NOT EXISTS ( \
           SELECT 1 FROM idempotency_keys k \
           WHERE k.game_id = $1 AND k.account_id = $20 AND k.key = $21)) \
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
    SELECT $1, e.seq, e.kind, $13, e.payload::json, $14, e.prev, e.hash \
    FROM moved, unnest($15::bigint[], $16::text[], $17::text[], $18::bytea[], $19::bytea[]) \
         AS e(seq, kind, payload, prev, hash) \
    RETURNING seq \
)"
    };
}

/// The outbox's rows, one per notification to a seated account, a `your_turn` given the
/// deadline `moved` decided, in the format the API writes times in (RFC 3339 in UTC with `Z`, and
/// 0, 3 or 6 digits of fraction, as few as it needs: chrono's serde format). They live with the
/// game; the fan-out worker numbers them into each account's notifications after the commit.
macro_rules! outbox_cte {
    () => {
        "\
outboxed AS ( \
    INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload) \
    SELECT $1, $5, i.ord, s.account_id, i.kind, \
           CASE WHEN i.kind = 'your_turn' \
                THEN i.payload::jsonb || jsonb_build_object('deadline', \
                     to_char(m.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24\":\"MI\":\"SS') \
                     || CASE WHEN f.us = '000000' THEN '' \
                             WHEN f.us LIKE '%000' THEN '.' || left(f.us, 3) \
                             ELSE '.' || f.us END \
                     || 'Z') \
                ELSE i.payload::jsonb END \
    FROM moved m \
    CROSS JOIN LATERAL (SELECT to_char(m.deadline AT TIME ZONE 'UTC', 'US') AS us) f \
    CROSS JOIN unnest($2::smallint[], $3::text[], $4::text[]) WITH ORDINALITY \
         AS i(seat, kind, payload, ord) \
    JOIN game_seats s ON s.game_id = $1 AND s.seat = i.seat AND s.account_id IS NOT NULL \
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
    SELECT $1, $20, $21, $22, $14, $9 + 1, $5, m.deadline FROM moved m \
    WHERE $21::text IS NOT NULL \
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
    outbox_cte!(),
    ", ",
    keyed_cte!(),
    " SELECT m.deadline, m.bot_due, pg_notify($23, $24) FROM moved m"
);

/// On Citus, the first of [`super::append_in`]'s statements ([`super::routed::append_routed`]): the read model's
/// update alone, with [`APPEND`]'s parameters (those it does not use are bound all the same).
pub(super) const APPEND_MOVE: &str = moved_update!();

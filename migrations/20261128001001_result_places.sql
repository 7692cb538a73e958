-- Each finished game's `result` gains `places`: every seat's place in the final ranking, by seat,
-- from 1, seats the ranking places equally sharing a place and the next one skipped (1, 1, 3),
-- as the engine's `Game::places` gives it (service rules §9.7). New games get it with the append
-- that ends them; the games finished before this migration get it here, from their
-- `game_ended` event (the scores by seat and the winners) and their resignations: seats alike
-- in winning, in having resigned or been abandoned, and in score share a place. As in
-- 20261126100001_game_result.sql, the results are computed first (a materialized CTE), then
-- written, for Citus.
WITH r AS MATERIALIZED (
    SELECT g.id AS game_id, g.result || jsonb_build_object('places', (
               SELECT jsonb_agg(p.place ORDER BY p.seat)
               FROM (SELECT s.seat,
                            rank() OVER (ORDER BY
                                NOT ((e.payload::jsonb -> 'winners') @> to_jsonb(s.seat)),
                                s.seat = ANY (coalesce(q.resigned, '{}')),
                                (e.payload::jsonb -> 'scores' ->> s.seat)::int DESC) AS place
                     FROM generate_series(0, jsonb_array_length(e.payload::jsonb -> 'scores') - 1)
                          AS s (seat)) p)) AS result
    FROM games g
    JOIN game_events e ON e.game_id = g.id AND e.event_type = 'game_ended'
    LEFT JOIN (SELECT game_id, array_agg((payload::jsonb ->> 'seat')::int) AS resigned
               FROM game_events
               WHERE event_type IN ('seat_resigned', 'seat_abandoned')
               GROUP BY game_id) q ON q.game_id = g.id
    WHERE g.status = 'finished' AND g.result IS NOT NULL AND NOT g.result ? 'places')
UPDATE games g
SET result = r.result
FROM r
WHERE r.game_id = g.id;

-- How many games each account sits in, kept as the games change, so that the caps on game
-- creation and joins (open games, games with bots, a bot account's unfinished games) read one
-- account's row instead of counting its seats over every game (on Citus: every shard).
--
-- - open_games: seats in games not started yet (status 'open');
-- - unfinished_games: seats in games not over (open or active);
-- - bot_games: of those, seats in games where a bot holds a seat.
--
-- A seat taken counts at once, in the transaction that takes it; a game's start uncounts its
-- open seats in the transaction of the deal; a game's end uncounts its seats when its
-- `game_ended` notification is written to each player (the fan-out, moments after the last
-- action): an action's transaction stays on the game's shard. Distributed by account.
CREATE TABLE account_game_counts (
    account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    open_games integer NOT NULL DEFAULT 0,
    unfinished_games integer NOT NULL DEFAULT 0,
    bot_games integer NOT NULL DEFAULT 0
);

-- The counts as they are. A finished game whose `game_ended` is still in its outbox counts as
-- unfinished: the fan-out uncounts it.
INSERT INTO account_game_counts (account_id, open_games, unfinished_games, bot_games)
SELECT s.account_id,
       count(*) FILTER (WHERE g.status = 'open'),
       count(*),
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM game_seats b
                                      WHERE b.game_id = g.id AND b.bot IS NOT NULL))
FROM game_seats s
JOIN games g ON g.id = s.game_id
WHERE s.account_id IS NOT NULL
  AND (g.status IN ('open', 'active')
       OR EXISTS (SELECT 1 FROM game_outbox o
                  WHERE o.game_id = g.id AND o.account_id = s.account_id
                    AND o.kind = 'game_ended'))
GROUP BY s.account_id;

-- Issue 12 §3: seats played by a built-in bot. A seat is held by an account or by a bot (its
-- level), never both; bots hold no account, so they are never notified, listed as "mine" or
-- awaited "by me".
ALTER TABLE game_seats
    ALTER COLUMN account_id DROP NOT NULL,
    ADD COLUMN bot text,
    ADD CONSTRAINT game_seats_bot_check CHECK (bot IN ('random', 'greedy', 'mcts')),
    ADD CONSTRAINT game_seats_holder_check CHECK ((account_id IS NULL) <> (bot IS NULL));

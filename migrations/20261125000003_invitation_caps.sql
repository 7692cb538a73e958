-- Invitations that cannot be used to flood, and reserved seats that stay kept.
--
-- `declined_at`: the invitee declined (`POST /v1/me/invitations/{id}/decline`); the invitation
-- is then used up (`uses_left` 0), so the seat it reserved is free again, and it stays for the
-- record.
ALTER TABLE game_invitations ADD COLUMN declined_at timestamptz;

-- The pending username invitations of a game are counted (and found again for an invitee
-- invited twice) under the game's row lock.
CREATE INDEX game_invitations_pending_idx ON game_invitations (game_id, invitee_id)
    WHERE invitee_id IS NOT NULL AND uses_left > 0;

-- When each account created its latest invitations: at most the hourly cap of them, oldest
-- first, in one row per account that an invitation locks (so concurrent invitations of one
-- account, from any server process, queue up and cannot all pass the cap). Distributed on
-- `account_id` under Citus, like the notifications.
CREATE TABLE invitation_budgets (
    account_id uuid          NOT NULL REFERENCES accounts (id),
    sent_at    timestamptz[] NOT NULL,
    CONSTRAINT invitation_budgets_pkey PRIMARY KEY (account_id)
);

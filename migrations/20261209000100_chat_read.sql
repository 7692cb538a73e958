-- How far each seated player has read the table's chat: the last line id read through
-- `GET /v1/games/{id}/chat` or sent on the player's game stream. `/v1/me/stream`'s `state`
-- counts the lines of others after it as unread. On the seat's row, so placed with the game.
ALTER TABLE game_seats ADD COLUMN chat_read bigint NOT NULL DEFAULT 0;

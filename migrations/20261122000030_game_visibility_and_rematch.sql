-- Private games and rematches (issue 12 §4). `visibility`: a private game is listed and shown
-- only to its seated players; joining it needs an invitation. `rematch_of` names the finished
-- game a rematch was created from, `rematched_by` the rematch of this game (at most one: the
-- link is set under the old game's row lock, which makes a second request return the same
-- game). No foreign keys between games rows: with Citus `games` is distributed by `id`, and a
-- key between two rows of it would not include the distribution column of both.
ALTER TABLE games
    ADD COLUMN visibility   text NOT NULL DEFAULT 'public',
    ADD COLUMN rematch_of   uuid,
    ADD COLUMN rematched_by uuid,
    ADD CONSTRAINT games_visibility_check CHECK (visibility IN ('public', 'private'));

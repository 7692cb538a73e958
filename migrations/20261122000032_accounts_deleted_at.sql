-- Account deletion (issue 12 §5): the row stays (seats and games name it) with an anonymous
-- username, an empty password hash (no PHC string: no password verifies) and `deleted_at` set;
-- bearer tokens of a deleted account are refused.
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;

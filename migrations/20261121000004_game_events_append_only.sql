-- The streams are append-only in the database itself: any UPDATE, DELETE or TRUNCATE of
-- game_events is rejected, whoever runs it (statement-level, so even one touching no row).
CREATE FUNCTION game_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'game streams are never changed; append a new event instead';
END;
$$;

CREATE TRIGGER game_events_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON game_events
    FOR EACH STATEMENT EXECUTE FUNCTION game_events_append_only();

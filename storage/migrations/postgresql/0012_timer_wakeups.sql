-- PostgreSQL twin of ../0012_timer_wakeups.sql: same number, same tables, columns and indexes.
-- Issue 21: a statement that adds timers, moves their due time or holds or releases them for a pause
-- notifies the channel tigris_timers with its schema's name, once per transaction (PostgreSQL folds equal
-- notifications): every process's timer loop that LISTENs there reads the table again at once instead of
-- waiting for its next poll. Claims (claimed_until) do not notify: a claim never makes a timer sooner.
CREATE FUNCTION tigris_notify_timers() RETURNS trigger LANGUAGE plpgsql AS
'BEGIN PERFORM pg_notify(''tigris_timers'', current_schema()); RETURN NULL; END';
-- (OR REPLACE also keeps storage.schema's statement splitter, which reads SQLite's CREATE TRIGGER ... END,
-- from waiting for an END that a PostgreSQL trigger does not have.)
CREATE OR REPLACE TRIGGER timers_notify AFTER INSERT OR UPDATE OF due_at, held_since ON timers
    FOR EACH STATEMENT EXECUTE FUNCTION tigris_notify_timers();

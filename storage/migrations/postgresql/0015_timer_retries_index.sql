-- PostgreSQL twin of ../0015_timer_retries_index.sql: same number, same tables, columns and indexes.
-- Issue 17: retries of failed timers fire in a lane of their own; only the rows being retried are in it.
CREATE INDEX timers_retrying ON timers (due_at, id)
    WHERE attempts > 0 AND set_aside_at IS NULL AND held_since IS NULL;

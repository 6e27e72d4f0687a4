-- Issue 17: retries of failed timers fire in a lane of their own, so that they never take the slots of the
-- timers due for the first time; the loop asks when the next retry is due on every pass, so it is an index
-- search. Only the rows being retried are in it (a few: a success or a reschedule resets attempts to 0).
CREATE INDEX timers_retrying ON timers (due_at, id)
    WHERE attempts > 0 AND set_aside_at IS NULL AND held_since IS NULL;
